.code32
	xorl	%edi, %edi
	.p2align	4