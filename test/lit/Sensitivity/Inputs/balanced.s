# A balanced block (Gus digest, feature 23): 4 independent loads and 4
# independent FP adds: front end (8 uops / 4), loads (4 on p23) and FP
# (4 on p01) all need 2 cycles.
        vmovsd (%rdi), %xmm0
        vaddpd %ymm8, %ymm9, %ymm4
        vmovsd 8(%rdi), %xmm1
        vaddpd %ymm8, %ymm9, %ymm5
        vmovsd 16(%rdi), %xmm2
        vaddpd %ymm8, %ymm9, %ymm6
        vmovsd 24(%rdi), %xmm3
        vaddpd %ymm8, %ymm9, %ymm7
