# The same vectorized sum interleaved six ways (the advice followed).
.L:
vaddpd 0(%rdi), %ymm0, %ymm0
vaddpd 32(%rdi), %ymm1, %ymm1
vaddpd 64(%rdi), %ymm2, %ymm2
vaddpd 96(%rdi), %ymm3, %ymm3
vaddpd 128(%rdi), %ymm4, %ymm4
vaddpd 160(%rdi), %ymm5, %ymm5
vaddpd 192(%rdi), %ymm0, %ymm0
vaddpd 224(%rdi), %ymm1, %ymm1
vaddpd 256(%rdi), %ymm2, %ymm2
vaddpd 288(%rdi), %ymm3, %ymm3
vaddpd 320(%rdi), %ymm4, %ymm4
vaddpd 352(%rdi), %ymm5, %ymm5
decq %rcx
jnz .L
