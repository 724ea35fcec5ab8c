# A dot product as clang -O2 -march=znver4 unrolls it: FMAs in the 132 form
# whose addend (the middle AT&T operand) carries the sum.
.L:
vmovsd (%rdi), %xmm1
vfmadd132sd (%rsi), %xmm0, %xmm1
vmovsd 8(%rdi), %xmm0
vfmadd132sd 8(%rsi), %xmm1, %xmm0
decq %rcx
jnz .L
