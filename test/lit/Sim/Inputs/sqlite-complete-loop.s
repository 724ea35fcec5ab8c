# sqlite3_complete's comment-skip loop (sqlite3.c, clang-22 -O2
# -march=znver4), its blocks in layout order as the plugin analyses it:
# three fused branch uops per iteration on ALU0/ALU3, two other ALU uops,
# a byte load (L_sqlite_complete_straight of
# eval/bhive/probes-znver4/sqlite-loops.s; measured 1.50 by sqlite-loops.c).
	.text
loop:
	cmpb $47, (%rdi)
	je done
	incq %rdi
	movzbl -1(%rdi), %r8d
	cmpl $42, %r8d
	je done
	testl %r8d, %r8d
	jne loop
done:
	ret
