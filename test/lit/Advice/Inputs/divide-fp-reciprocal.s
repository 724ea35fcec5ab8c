# The same four quotients as products with the reciprocal (in xmm1,
# computed before the loop): the advice followed.
.L:
vmulsd %xmm1, %xmm4, %xmm0
vmulsd %xmm1, %xmm5, %xmm2
vmulsd %xmm1, %xmm6, %xmm3
vmulsd %xmm1, %xmm7, %xmm8
decq %rcx
jnz .L
