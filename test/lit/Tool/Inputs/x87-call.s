# x87 instructions without a uops.info row on Skylake (approximate for one
# reason, with different variants tried) and a call.
.L:
fxch %st(1)
fxch %st(2)
fldcw (%rdi)
callq foo
addq $1, %rax
decq %rcx
jnz .L
