# A raw body (no branch): two one-cycle add chains and a cmp fed by one.
	addq $1, %rbp
	addq $1, %r13
	cmpq %rbp, %r14
