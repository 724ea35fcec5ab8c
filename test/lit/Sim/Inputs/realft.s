# Generated from realft.c by: clang-22 -O2 -march=sandybridge -mno-avx
#   -fno-unroll-loops -fno-slp-vectorize -fno-vectorize -S
	.file	"realft.c"
	.section	.rodata.cst16,"aM",@progbits,16
	.p2align	4, 0x0                          # -- Begin function realft_loop
.LCPI0_0:
	.quad	0x8000000000000000              # double -0
	.quad	0x8000000000000000              # double -0
	.text
	.globl	realft_loop
	.p2align	4
	.type	realft_loop,@function
realft_loop:                            # @realft_loop
	.cfi_startproc
# %bb.0:
	cmpq	$8, %rsi
	jb	.LBB0_3
# %bb.1:
	leaq	(%rdi,%rsi,8), %rax
	shrq	$2, %rsi
	movapd	.LCPI0_0(%rip), %xmm6           # xmm6 = [-0.0E+0,-0.0E+0]
	movapd	%xmm1, %xmm7
	xorpd	%xmm6, %xmm7
	xorpd	%xmm3, %xmm6
	decq	%rsi
	addq	$32, %rdi
	movapd	%xmm4, %xmm8
	.p2align	4
.LBB0_2:                                # =>This Inner Loop Header: Depth=1
	movsd	-8(%rdi), %xmm9                 # xmm9 = mem[0],zero
	movsd	(%rdi), %xmm10                  # xmm10 = mem[0],zero
	movsd	-8(%rax), %xmm13                # xmm13 = mem[0],zero
	movsd	(%rax), %xmm14                  # xmm14 = mem[0],zero
	movapd	%xmm9, %xmm11
	addsd	%xmm13, %xmm11
	mulsd	%xmm0, %xmm11
	movapd	%xmm10, %xmm12
	subsd	%xmm14, %xmm12
	mulsd	%xmm0, %xmm12
	addsd	%xmm14, %xmm10
	mulsd	%xmm7, %xmm10
	subsd	%xmm13, %xmm9
	mulsd	%xmm1, %xmm9
	movapd	%xmm4, %xmm13
	mulsd	%xmm10, %xmm13
	movapd	%xmm13, %xmm14
	addsd	%xmm11, %xmm14
	movapd	%xmm5, %xmm15
	mulsd	%xmm9, %xmm15
	subsd	%xmm15, %xmm14
	movsd	%xmm14, -8(%rdi)
	mulsd	%xmm4, %xmm9
	movapd	%xmm9, %xmm14
	addsd	%xmm12, %xmm14
	mulsd	%xmm5, %xmm10
	addsd	%xmm10, %xmm14
	movsd	%xmm14, (%rdi)
	subsd	%xmm13, %xmm11
	addsd	%xmm15, %xmm11
	movsd	%xmm11, -8(%rax)
	subsd	%xmm12, %xmm9
	addsd	%xmm10, %xmm9
	movsd	%xmm9, (%rax)
	movapd	%xmm5, %xmm9
	mulsd	%xmm6, %xmm9
	mulsd	%xmm2, %xmm8
	addsd	%xmm9, %xmm8
	addsd	%xmm4, %xmm8
	mulsd	%xmm3, %xmm4
	movapd	%xmm5, %xmm9
	mulsd	%xmm2, %xmm9
	addsd	%xmm4, %xmm9
	addsd	%xmm9, %xmm5
	addq	$-16, %rax
	addq	$16, %rdi
	movapd	%xmm8, %xmm4
	decq	%rsi
	jne	.LBB0_2
.LBB0_3:
	retq
.Lfunc_end0:
	.size	realft_loop, .Lfunc_end0-realft_loop
	.cfi_endproc
                                        # -- End function
	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
