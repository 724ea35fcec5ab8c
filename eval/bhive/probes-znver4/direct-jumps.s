# The loops of direct-jumps.c for the model (measured by that program; the
# harness of --measure refuses branches inside a block). Figures in
# README.md (direct-jumps.c). The jmp-to-next-instruction and taken-jcc
# bodies of the program are left out: a label inside a body would start
# a kernel here.
#   loop-uarch-report -mcpu=znver4 --no-sensitivity direct-jumps.s
	.text
L_br2_jnz:
	testq %rax, %rax
	je L_exit
	decq %r15
	jnz L_br2_jnz
L_br2_jmp:
	testq %rax, %rax
	je L_exit
	decq %r15
	jz L_exit
	jmp L_br2_jmp
L_br3_jnz:
	testq %rax, %rax
	je L_exit
	cmpq $7, %rbx
	je L_exit
	decq %r15
	jnz L_br3_jnz
L_br3_jmp:
	testq %rax, %rax
	je L_exit
	cmpq $7, %rbx
	je L_exit
	decq %r15
	jz L_exit
	jmp L_br3_jmp
L_br4_jnz:
	testq %rax, %rax
	je L_exit
	cmpq $7, %rbx
	je L_exit
	testq %rax, %rax
	je L_exit
	decq %r15
	jnz L_br4_jnz
L_br4_jmp:
	testq %rax, %rax
	je L_exit
	cmpq $7, %rbx
	je L_exit
	testq %rax, %rax
	je L_exit
	decq %r15
	jz L_exit
	jmp L_br4_jmp
L_br1_jmp:
	decq %r15
	jz L_exit
	jmp L_br1_jmp
L_a5_jnz:
	addq $1, %rcx
	addq $1, %rdx
	addq $1, %rsi
	addq $1, %r8
	addq $1, %r9
	decq %r15
	jnz L_a5_jnz
L_a5_jmp:
	addq $1, %rcx
	addq $1, %rdx
	addq $1, %rsi
	addq $1, %r8
	addq $1, %r9
	decq %r15
	jz L_exit
	jmp L_a5_jmp
L_a6_jnz:
	addq $1, %rcx
	addq $1, %rdx
	addq $1, %rsi
	addq $1, %r8
	addq $1, %r9
	addq $1, %r10
	decq %r15
	jnz L_a6_jnz
L_a6_jmp:
	addq $1, %rcx
	addq $1, %rdx
	addq $1, %rsi
	addq $1, %r8
	addq $1, %r9
	addq $1, %r10
	decq %r15
	jz L_exit
	jmp L_a6_jmp
L_a7_jnz:
	addq $1, %rcx
	addq $1, %rdx
	addq $1, %rsi
	addq $1, %r8
	addq $1, %r9
	addq $1, %r10
	addq $1, %r11
	decq %r15
	jnz L_a7_jnz
L_a7_jmp:
	addq $1, %rcx
	addq $1, %rdx
	addq $1, %rsi
	addq $1, %r8
	addq $1, %r9
	addq $1, %r10
	addq $1, %r11
	decq %r15
	jz L_exit
	jmp L_a7_jmp
L_exit:
	ret
