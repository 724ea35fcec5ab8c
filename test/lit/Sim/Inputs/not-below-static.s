# Kernels of sim-not-below-static.test.
	.text
bhdev0738:
movq (%rdx), %r9
movq 8(%rdx), %r10
leaq 16(%rsp), %rdi
movq 16(%rdx), %rax
movq 24(%rdx), %rdx
movq %rdi, 8(%rsp)
movq %r9, 16(%rsp)
movq %r10, 24(%rsp)
movq %rax, 32(%rsp)
movq %rdx, 40(%rsp)
decq %r15
jne bhdev0738
bhdev1144:
movq (%rdi), %rcx
movq 8(%rdi), %r8
movq 40(%rdi), %r9
movl (%rcx), %eax
addl (%r8), %eax
addq $4, %rcx
movl %eax, -4(%rcx)
shrl %eax
cmpq %rcx, %r9
movl %eax, (%rsi)
decq %r15
jne bhdev1144
renamed_self:
movq %rdx, 8(%rdi)
movq 8(%rdx), %rdx
decq %r15
jne renamed_self
blocked_then_renamed:
movq (%rdi), %rcx
movl (%rcx), %eax
movl %eax, (%rsi)
decq %r15
jne blocked_then_renamed
renamed_rmw:
addq %rdi, 8(%rax)
movq 8(%rax), %rax
decq %r15
jne renamed_rmw
locked_then_load:
lock addl $1, (%rdi)
movq 8(%rbx), %rcx
movq (%rbp), %rdx
decq %r15
jne locked_then_load
partial_overlap:
movl %edi, 8(%rax)
movq 8(%rax), %rdi
decq %r15
jne partial_overlap
blocked_via_store_address:
movq (%rsp), %rax
movl 12(%rsp), %ecx
movl %ecx, (%rax)
decq %r15
jne blocked_via_store_address
bhind0203:
movdqa 64(%rax), %xmm8
pminub 80(%rax), %xmm8
pminub 96(%rax), %xmm8
pminub 112(%rax), %xmm8
pcmpeqb %xmm11, %xmm8
pmovmskb %xmm8, %edx
testl %edx, %edx
decq %r15
jne bhind0203
