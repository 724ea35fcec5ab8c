# Four independent divisions by one divisor (xmm1): the divider sets
# the pace.
.L:
vdivsd %xmm1, %xmm4, %xmm0
vdivsd %xmm1, %xmm5, %xmm2
vdivsd %xmm1, %xmm6, %xmm3
vdivsd %xmm1, %xmm7, %xmm8
decq %rcx
jnz .L
