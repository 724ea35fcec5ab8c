# The inner loop of reduce_rows (eval/trip-count/kernels.c, TRIPS=16),
# clang-22 -O2: for i: { s = 0; for j < 16: s += a[i][j] * b[j]; out[i] = s; }
	xorl	%eax, %eax
.LBB0_1:
	xorpd	%xmm0, %xmm0
	xorl	%ecx, %ecx
.LBB0_2:
	movsd	(%rdi,%rcx,8), %xmm1
	mulsd	(%rsi,%rcx,8), %xmm1
	addsd	%xmm1, %xmm0
	incq	%rcx
	cmpq	$16, %rcx
	jne	.LBB0_2
	movsd	%xmm0, (%rdx,%rax,8)
	incq	%rax
	addq	$128, %rdi
	cmpq	$64, %rax
	jne	.LBB0_1
