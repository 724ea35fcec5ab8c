# Integer code: on Zen 4 uops.info has no port data for these (AMD integer
# rows), so each one is "approximate" for the same reason.
.L:
movq (%rdi), %rax
addq %rax, %rbx
addq %rax, %rdx
addq $8, %rdi
decq %rcx
jnz .L
