# A Horner step s = s * c + x[i] as a multiply and an add: both
# latencies on the chain.
.L:
vmulsd %xmm1, %xmm0, %xmm0
vaddsd (%rdi), %xmm0, %xmm0
decq %rcx
jnz .L
