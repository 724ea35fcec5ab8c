# The same step contracted into one FMA (the advice followed).
.L:
vfmadd213sd (%rdi), %xmm1, %xmm0
decq %rcx
jnz .L
