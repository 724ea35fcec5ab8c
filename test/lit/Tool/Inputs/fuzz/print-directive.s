.L:
	.print	"p"
	addq	%rax, %rbx
	jne	.L
