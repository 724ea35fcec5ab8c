# The same round trip with the load as wide as the store (the advice
# followed).
.L:
movl %eax, (%rdi)
movl (%rdi), %eax
decq %rcx
jnz .L
