# Twelve elements summed into one accumulator: a 12-add chain (12 x the
# add latency per iteration).
.L:
vaddsd 0(%rdi), %xmm0, %xmm0
vaddsd 8(%rdi), %xmm0, %xmm0
vaddsd 16(%rdi), %xmm0, %xmm0
vaddsd 24(%rdi), %xmm0, %xmm0
vaddsd 32(%rdi), %xmm0, %xmm0
vaddsd 40(%rdi), %xmm0, %xmm0
vaddsd 48(%rdi), %xmm0, %xmm0
vaddsd 56(%rdi), %xmm0, %xmm0
vaddsd 64(%rdi), %xmm0, %xmm0
vaddsd 72(%rdi), %xmm0, %xmm0
vaddsd 80(%rdi), %xmm0, %xmm0
vaddsd 88(%rdi), %xmm0, %xmm0
decq %rcx
jnz .L
