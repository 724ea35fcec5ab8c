# An unsigned 32-bit division by a loop-invariant divisor (ebx) per
# element, summed.
.L:
xorl %edx, %edx
movl %esi, %eax
divl %ebx
addl %eax, %r8d
decq %rcx
jnz .L
