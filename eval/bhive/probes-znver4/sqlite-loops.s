# The loops of sqlite-loops.c for the model (measured by that program; the
# harness of --measure refuses branches inside a block). Figures in
# README.md (sqlite-loops.c).
#   loop-uarch-report -mcpu=znver4 --no-sensitivity sqlite-loops.s
	.text
# sqlite3_complete's comment skip, the path 'a' bytes take (the '/' test
# runs only after a '*').
L_sqlite_complete:
	incq %rdi
	movzbl -1(%rdi), %r8d
	cmpl $42, %r8d
	je L_exit
	testl %r8d, %r8d
	jne L_sqlite_complete
# The same loop's blocks in layout order, as the plugin analyses it.
L_sqlite_complete_straight:
	cmpb $47, (%rdi)
	je L_exit
	incq %rdi
	movzbl -1(%rdi), %r8d
	cmpl $42, %r8d
	je L_exit
	testl %r8d, %r8d
	jne L_sqlite_complete_straight
# sqlite3MatchEName's span loop.
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
