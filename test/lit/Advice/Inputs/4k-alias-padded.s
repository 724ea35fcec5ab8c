# The same with the load 64 bytes further (the advice followed).
.L:
movq %rax, (%rdi)
movq 4160(%rdi), %rax
decq %rcx
jnz .L
