# A dependent imul chain (3 cycles per iteration on every modelled core).
.L:
imulq %rbx, %rax
decq %r15
jne .L
