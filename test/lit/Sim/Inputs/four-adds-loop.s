# Four independent one-cycle add chains and the fused dec/jnz (ALU0/ALU3
# only): five ALU uops on four ALUs (L_4alu_chain of
# eval/bhive/probes-znver4/one-cycle-loops.s).
	.text
loop:
	addq $8, %r10
	addq $1, %rax
	addq $1, %rbx
	addq $1, %rcx
	decq %r15
	jne loop
