# The same quotient as a multiply by the divisor's precomputed inverse
# (in r9) and a shift: the advice followed.
.L:
movl %esi, %eax
imulq %r9, %rax
shrq $35, %rax
addl %eax, %r8d
decq %rcx
jnz .L
