# A Horner step as a 132-form FMA: the carried value (xmm0) is a
# multiplicand, so the chain cannot be split over accumulators.
.L:
vfmadd132sd (%rsi), %xmm2, %xmm0
decq %rcx
jnz .L
