# A store, then a load 4096 bytes away whose value the next store
# writes: a false 4K match would chain the iterations.
.L:
movq %rax, (%rdi)
movq 4096(%rdi), %rax
decq %rcx
jnz .L
