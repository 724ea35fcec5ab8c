# A 2-byte store reloaded as 4 bytes, carried into the next iteration:
# forwarding fails (seen with --harness-context, which makes addresses
# concrete).
.L:
movw %ax, (%rdi)
movl (%rdi), %eax
decq %rcx
jnz .L
