# bhdev-1008's loop, register form: an add chain feeding lea and cmp, plus
# the fused dec/jnz: four ALU uops per iteration on Zen 4's four ALUs.
	.text
loop:
	addq $8, %r10
	leaq -8(%r10), %rax
	cmpq %rax, %rbx
	decq %r15
	jne loop
