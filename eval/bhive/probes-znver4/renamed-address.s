# Zen 4 under the harness: a renamed load whose address is late (issue 15,
# bhdev-0738 and bhdev-1144, where the simulation fell below the static
# bound). Every register = 0x40000800 (rdi = rsi = rdx = rbx = rbp), loop
# form. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/renamed-address.s
	.text
L_chase:
movq 8(%rdx), %rdx
decq %r15
jne L_chase
L_ren_self_rdi:
movq %rdx, 8(%rdi)
movq 8(%rdx), %rdx
decq %r15
jne L_ren_self_rdi
L_ren_self_rdx:
movq %rdx, 8(%rdx)
movq 8(%rdx), %rdx
decq %r15
jne L_ren_self_rdx
L_ren_other:
movq %rax, 8(%rdi)
movq 8(%rdx), %rdx
decq %r15
jne L_ren_other
L_ren_imul:
imulq $1, %rdx, %rdx
movq %rax, 8(%rdi)
movq 8(%rdx), %rax
decq %r15
jne L_ren_imul
L_bhdev0738:
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
jne L_bhdev0738
L_blocked_only:
movq (%rdi), %rcx
movl %eax, (%rsi)
decq %r15
jne L_blocked_only
L_blocked_then_renamed:
movq (%rdi), %rcx
movl (%rcx), %eax
movl %eax, (%rsi)
decq %r15
jne L_blocked_then_renamed
L_blocked_then_renamed_add:
movq (%rdi), %rcx
movl (%rcx), %eax
addl $0, %eax
movl %eax, (%rsi)
decq %r15
jne L_blocked_then_renamed_add
L_blocked_then_load:
movq (%rdi), %rcx
movl 64(%rcx), %edx
movl %eax, (%rsi)
decq %r15
jne L_blocked_then_load
L_bhdev1144:
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
jne L_bhdev1144
