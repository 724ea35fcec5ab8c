# Generated from realft4.c by: clang-22 -O2 -march=sandybridge -mno-avx
#   -fno-unroll-loops -fno-slp-vectorize -fno-vectorize -S
	.file	"realft4.c"
	.section	.rodata.cst16,"aM",@progbits,16
	.p2align	4, 0x0                          # -- Begin function realft4_loop
.LCPI0_0:
	.quad	0x8000000000000000              # double -0
	.quad	0x8000000000000000              # double -0
	.text
	.globl	realft4_loop
	.p2align	4
	.type	realft4_loop,@function
realft4_loop:                           # @realft4_loop
	.cfi_startproc
# %bb.0:
	cmpq	$8, %rsi
	jb	.LBB0_3
# %bb.1:
	leaq	(%rdi,%rsi,8), %rax
	shrq	$2, %rsi
	movapd	.LCPI0_0(%rip), %xmm2           # xmm2 = [-0.0E+0,-0.0E+0]
	movapd	%xmm1, %xmm3
	xorpd	%xmm2, %xmm3
	movapd	%xmm5, %xmm6
	xorpd	%xmm2, %xmm6
	xorpd	%xmm4, %xmm2
	decq	%rsi
	addq	$32, %rdi
	.p2align	4
.LBB0_2:                                # =>This Inner Loop Header: Depth=1
	movsd	-8(%rdi), %xmm7                 # xmm7 = mem[0],zero
	movsd	(%rdi), %xmm8                   # xmm8 = mem[0],zero
	movsd	-8(%rax), %xmm11                # xmm11 = mem[0],zero
	movsd	(%rax), %xmm12                  # xmm12 = mem[0],zero
	movapd	%xmm7, %xmm10
	addsd	%xmm11, %xmm10
	mulsd	%xmm0, %xmm10
	movapd	%xmm8, %xmm9
	subsd	%xmm12, %xmm9
	mulsd	%xmm0, %xmm9
	addsd	%xmm12, %xmm8
	mulsd	%xmm3, %xmm8
	subsd	%xmm11, %xmm7
	mulsd	%xmm1, %xmm7
	movapd	%xmm4, %xmm11
	mulsd	%xmm8, %xmm11
	addsd	%xmm10, %xmm11
	movapd	%xmm6, %xmm12
	mulsd	%xmm7, %xmm12
	addsd	%xmm11, %xmm12
	movsd	%xmm12, -8(%rdi)
	movapd	%xmm4, %xmm11
	mulsd	%xmm7, %xmm11
	movapd	%xmm11, %xmm12
	addsd	%xmm9, %xmm12
	movapd	%xmm5, %xmm13
	mulsd	%xmm8, %xmm13
	addsd	%xmm13, %xmm12
	movsd	%xmm12, (%rdi)
	mulsd	%xmm2, %xmm8
	addsd	%xmm10, %xmm8
	mulsd	%xmm5, %xmm7
	addsd	%xmm8, %xmm7
	movsd	%xmm7, -8(%rax)
	subsd	%xmm9, %xmm11
	addsd	%xmm13, %xmm11
	movsd	%xmm11, (%rax)
	addq	$-16, %rax
	addq	$16, %rdi
	decq	%rsi
	jne	.LBB0_2
.LBB0_3:
	retq
.Lfunc_end0:
	.size	realft4_loop, .Lfunc_end0-realft4_loop
	.cfi_endproc
                                        # -- End function
	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
