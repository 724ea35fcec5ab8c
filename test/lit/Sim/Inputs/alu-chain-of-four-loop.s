# add/lea/lea/cmp, a chain of four one-cycle uops, and the fused dec/jnz
# (L_chain4 of eval/bhive/probes-znver4/alu-queue-turns.s).
	.text
loop:
	addq $8, %r10
	leaq -8(%r10), %rax
	leaq 1(%rax), %rcx
	cmpq %rcx, %rbx
	decq %r15
	jne loop
