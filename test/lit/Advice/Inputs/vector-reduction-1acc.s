# A vectorized sum with one vector accumulator: twelve dependent
# vaddpd per iteration.
.L:
vaddpd 0(%rdi), %ymm0, %ymm0
vaddpd 32(%rdi), %ymm0, %ymm0
vaddpd 64(%rdi), %ymm0, %ymm0
vaddpd 96(%rdi), %ymm0, %ymm0
vaddpd 128(%rdi), %ymm0, %ymm0
vaddpd 160(%rdi), %ymm0, %ymm0
vaddpd 192(%rdi), %ymm0, %ymm0
vaddpd 224(%rdi), %ymm0, %ymm0
vaddpd 256(%rdi), %ymm0, %ymm0
vaddpd 288(%rdi), %ymm0, %ymm0
vaddpd 320(%rdi), %ymm0, %ymm0
vaddpd 352(%rdi), %ymm0, %ymm0
decq %rcx
jnz .L
