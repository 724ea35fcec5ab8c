# Loops closed by `dec/jz` + a direct `jmp` back (direct-jumps.s and
# sqlite-loops.s of eval/bhive/probes-znver4, measured by direct-jumps.c
# and sqlite-loops.c on an EPYC 9004 host).
	.text
# Three never-taken fused branches + the jmp: measured 1.50.
L_br3_jmp:
	testq %rax, %rax
	je L_exit
	cmpq $7, %rbx
	je L_exit
	decq %r15
	jz L_exit
	jmp L_br3_jmp
# Six adds + dec/jz + jmp: measured 1.75.
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
# sqlite3MatchEName's span loop: measured 1.00.
L_sqlite_matchename:
	movzbl -1(%rax), %r11d
	testl %r11d, %r11d
	je L_exit
	cmpl $46, %r11d
	je L_exit
	incq %rdi
	incq %rax
	jmp L_sqlite_matchename
L_exit:
	ret
