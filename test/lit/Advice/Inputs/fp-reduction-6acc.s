# The same twelve elements over six accumulators (the advice followed):
# six 2-add chains.
.L:
vaddsd 0(%rdi), %xmm0, %xmm0
vaddsd 8(%rdi), %xmm1, %xmm1
vaddsd 16(%rdi), %xmm2, %xmm2
vaddsd 24(%rdi), %xmm3, %xmm3
vaddsd 32(%rdi), %xmm4, %xmm4
vaddsd 40(%rdi), %xmm5, %xmm5
vaddsd 48(%rdi), %xmm0, %xmm0
vaddsd 56(%rdi), %xmm1, %xmm1
vaddsd 64(%rdi), %xmm2, %xmm2
vaddsd 72(%rdi), %xmm3, %xmm3
vaddsd 80(%rdi), %xmm4, %xmm4
vaddsd 88(%rdi), %xmm5, %xmm5
decq %rcx
jnz .L
