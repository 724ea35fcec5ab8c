# Zen 4 under the harness: bhdev-1242 (6.6 cycles as a loop, model 2.0)
# and its parts: a renamed store/reload pair with a store between them.
# Every register = 0x40000800. Loop form. Figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/renamed-pair-store-between.s
	.text
L_1242:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, (%rax)
movq 40(%rbx), %rax
cmpq 48(%rbx), %rax
movzbl 2(%r8), %edx
decq %r15
jne L_1242
L_1242_nobyte:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
cmpq 48(%rbx), %rax
movzbl 2(%r8), %edx
decq %r15
jne L_1242_nobyte
L_1242_bytefixed:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 256(%rbx)
movq 40(%rbx), %rax
cmpq 48(%rbx), %rax
movzbl 2(%r8), %edx
decq %r15
jne L_1242_bytefixed
L_1242_byte_far:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 4096(%rax)
movq 40(%rbx), %rax
cmpq 48(%rbx), %rax
movzbl 2(%r8), %edx
decq %r15
jne L_1242_byte_far
L_inc_walk_byte:
incq %rax
movb %dl, 4096(%rax)
decq %r15
jne L_inc_walk_byte
L_ren_walk_byte:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
movb %dl, 4096(%rax)
decq %r15
jne L_ren_walk_byte
L_ren_walk_qword:
leaq 8(%rax), %rcx
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
movq %rdx, 4096(%rax)
decq %r15
jne L_ren_walk_qword
L_ren_fixed_byte:
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
movb %dl, 4096(%rax)
decq %r15
jne L_ren_fixed_byte
L_ren_walk_byte_noload:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
movb %dl, 4096(%rax)
movzbl 2(%r8), %edx
decq %r15
jne L_ren_walk_byte_noload
L_ren_walk_byte_cmp:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
movb %dl, 4096(%rax)
cmpq 48(%rbx), %rax
decq %r15
jne L_ren_walk_byte_cmp
L_ren_walk_byte_cmp_far:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
movb %dl, 4096(%rax)
cmpq 256(%rbx), %rax
decq %r15
jne L_ren_walk_byte_cmp_far
L_ren_walk_byte_load:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
movb %dl, 4096(%rax)
movq 48(%rbx), %rsi
decq %r15
jne L_ren_walk_byte_load
L_inc_walk_byte_load:
incq %rax
movb %dl, 4096(%rax)
movq 48(%rbx), %rsi
decq %r15
jne L_inc_walk_byte_load
L_order_A:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 4096(%rax)
movq 40(%rbx), %rax
decq %r15
jne L_order_A
L_order_A_cmp:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 4096(%rax)
movq 40(%rbx), %rax
cmpq 48(%rbx), %rax
decq %r15
jne L_order_A_cmp
L_order_A_movzx:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 4096(%rax)
movq 40(%rbx), %rax
movzbl 2(%r8), %edx
decq %r15
jne L_order_A_movzx
L_order_A_fixed:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 4096(%rbx)
movq 40(%rbx), %rax
cmpq 48(%rbx), %rax
movzbl 2(%r8), %edx
decq %r15
jne L_order_A_fixed
L_order_A_qword:
leaq 8(%rax), %rcx
movq %rcx, 40(%rbx)
movq %rdx, 4096(%rax)
movq 40(%rbx), %rax
cmpq 48(%rbx), %rax
movzbl 2(%r8), %edx
decq %r15
jne L_order_A_qword
L_between_walk_indep:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
incq %rsi
movb %dl, 4096(%rsi)
movq 40(%rbx), %rax
decq %r15
jne L_between_walk_indep
L_between_dep_fixed:
leaq 0(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 4096(%rax)
movq 40(%rbx), %rax
decq %r15
jne L_between_dep_fixed
L_between_dep_qword_fixed:
leaq 0(%rax), %rcx
movq %rcx, 40(%rbx)
movq %rdx, 4096(%rax)
movq 40(%rbx), %rax
decq %r15
jne L_between_dep_qword_fixed
L_between_walk_indep_q:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
addq $8, %rsi
movq %rdx, 4096(%rsi)
movq 40(%rbx), %rax
decq %r15
jne L_between_walk_indep_q
L_between_rcx_addr:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movb %dl, 4096(%rcx)
movq 40(%rbx), %rax
decq %r15
jne L_between_rcx_addr
L_between_wrap_q:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
addl $8, %r9d
andl $1016, %r9d
movq %rdx, 4096(%rbx,%r9)
movq 40(%rbx), %rax
decq %r15
jne L_between_wrap_q
L_between_wrap_q_before:
leaq 1(%rax), %rcx
addl $8, %r9d
andl $1016, %r9d
movq %rdx, 4096(%rbx,%r9)
movq %rcx, 40(%rbx)
movq 40(%rbx), %rax
decq %r15
jne L_between_wrap_q_before
L_between_two_fixed:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
movq %rdx, 4096(%rbx)
movq %rdx, 4160(%rbx)
movq 40(%rbx), %rax
decq %r15
jne L_between_two_fixed
L_between_alternating:
leaq 1(%rax), %rcx
movq %rcx, 40(%rbx)
xorl $64, %r9d
movq %rdx, 4096(%rbx,%r9)
movq 40(%rbx), %rax
decq %r15
jne L_between_alternating
