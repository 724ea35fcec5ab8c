# Zen 4 under the harness: integer divides with a memory operand wait for
# older stores' addresses (rule MemoryDesc::DivideLoadWaitsForStoreAddresses;
# issue 15, bhdev-1884 and bhdev-1904). Every register = 0x40000800, every
# loaded qword too, so each quotient below is 1 and each remainder 0 unless
# noted. Loop form. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/divide-load.s
	.text
L_div_q1:
movq %rcx, %rax
xorl %edx, %edx
divq %rbx
decq %r15
jne L_div_q1
L_div_q1_mem:
movq %rcx, %rax
xorl %edx, %edx
divq 8(%rbx)
decq %r15
jne L_div_q1_mem
L_div_q1_chain:
xorl %edx, %edx
divq %rbx
leaq -1(%rcx,%rax), %rax
decq %r15
jne L_div_q1_chain
L_div_q30:
movq %rcx, %rax
xorl %edx, %edx
movl $3, %esi
divq %rsi
decq %r15
jne L_div_q30
L_div_q54:
movq %rcx, %rax
movl $0x400000, %edx
divq %rbx
decq %r15
jne L_div_q54
L_div_q0:
movl $5, %eax
xorl %edx, %edx
divq %rbx
decq %r15
jne L_div_q0
L_bhdev1884:
movq 32(%rdx), %rax
xorl %edx, %edx
divq 8(%r12)
movq %r13, %rax
movq %rbx, (%rcx,%rdx,8)
addq (%r12), %rax
leaq 16(%r12), %rdx
movq %rdx, (%rax)
decq %r15
jne L_bhdev1884
L_divm_late:
movq 64(%rcx), %rax
xorl %edx, %edx
divq 8(%rbx)
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_divm_late
L_divm_fixed:
movq 64(%rcx), %rax
xorl %edx, %edx
divq 8(%rbx)
movq %rbx, (%rcx)
decq %r15
jne L_divm_fixed
L_divm_late_farstore:
movq 64(%rcx), %rax
xorl %edx, %edx
divq 8(%rbx)
movq %rbx, 256(%rcx,%rdx,8)
decq %r15
jne L_divm_late_farstore
L_divr_late_loadafter:
movq 64(%rcx), %rax
xorl %edx, %edx
movq 8(%rbx), %rsi
divq %rsi
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_divr_late_loadafter
L_divm_late_dividendreg:
movq %rcx, %rax
xorl %edx, %edx
divq 8(%rbx)
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_divm_late_dividendreg
L_imulm_late:
movq 64(%rcx), %rax
xorl %edx, %edx
imulq 8(%rbx), %rdx
imulq %rdx, %rdx
imulq %rdx, %rdx
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_imulm_late
L_divm_latedata:
movq %rcx, %rax
xorl %edx, %edx
divq 8(%rbx)
movq %rdx, 64(%rcx)
decq %r15
jne L_divm_latedata
L_divm_lateaddr_reg:
movq %rcx, %rax
xorl %edx, %edx
divq 8(%rbx)
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_divm_lateaddr_reg
L_divm32_late:
movl %ecx, %eax
xorl %edx, %edx
divl 8(%rbx)
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_divm32_late
L_idivm_late:
movq %rcx, %rax
xorl %edx, %edx
idivq 8(%rbx)
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_idivm_late
L_mulm_late:
movq %rcx, %rax
mulq 8(%rbx)
andl $0, %edx
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_mulm_late
L_mulr_late_load:
movq %rcx, %rax
movq 8(%rbx), %rsi
mulq %rsi
andl $0, %edx
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_mulr_late_load
L_divr_late_load:
movq %rcx, %rax
xorl %edx, %edx
movq 8(%rbx), %rsi
divq %rsi
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_divr_late_load
L_A_full:
movq 32(%rdx), %rax
xorl %edx, %edx
divq 8(%r12)
movq %r13, %rax
movq %rbx, (%rcx,%rdx,8)
addq (%r12), %rax
leaq 16(%r12), %rdx
movq %rdx, (%rax)
decq %r15
jne L_A_full
L_B_nostore2:
movq 32(%rdx), %rax
xorl %edx, %edx
divq 8(%r12)
movq %r13, %rax
movq %rbx, (%rcx,%rdx,8)
addq (%r12), %rax
leaq 16(%r12), %rdx
decq %r15
jne L_B_nostore2
L_C_nodiv:
movq 32(%rdx), %rax
xorl %edx, %edx
movq %r13, %rax
movq %rbx, (%rcx,%rdx,8)
addq (%r12), %rax
leaq 16(%r12), %rdx
movq %rdx, (%rax)
decq %r15
jne L_C_nodiv
L_D_imul:
movq 32(%rdx), %rax
xorl %edx, %edx
imulq %rdx, %rdx
imulq %rdx, %rdx
imulq %rdx, %rdx
movq %r13, %rax
movq %rbx, (%rcx,%rdx,8)
addq (%r12), %rax
leaq 16(%r12), %rdx
movq %rdx, (%rax)
decq %r15
jne L_D_imul
L_E_noalias:
movq 32(%rdx), %rax
xorl %edx, %edx
divq 8(%r12)
movq %r13, %rax
movq %rbx, (%rcx,%rdx,8)
addq 64(%r12), %rax
leaq 16(%r12), %rdx
movq %rdx, (%rax)
decq %r15
jne L_E_noalias
L_F_store2_fixed:
movq 32(%rdx), %rax
xorl %edx, %edx
divq 8(%r12)
movq %r13, %rax
movq %rbx, (%rcx,%rdx,8)
addq (%r12), %rax
leaq 16(%r12), %rdx
movq %rdx, 128(%r12)
decq %r15
jne L_F_store2_fixed
L_G_nostore1:
movq 32(%rdx), %rax
xorl %edx, %edx
divq 8(%r12)
movq %r13, %rax
addq (%r12), %rax
leaq 16(%r12), %rdx
movq %rdx, (%rax)
decq %r15
jne L_G_nostore1
L_wait_div:
movq 64(%rcx), %rax
xorl %edx, %edx
divq %rbx
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_wait_div
L_wait_div_nostore:
movq 64(%rcx), %rax
xorl %edx, %edx
divq %rbx
movq %rbx, (%rcx)
decq %r15
jne L_wait_div_nostore
L_wait_imul3:
movq 64(%rcx), %rdx
imulq %rdx, %rdx
imulq %rdx, %rdx
imulq %rdx, %rdx
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_wait_imul3
L_wait_imul3_other:
movq 64(%rcx), %rdx
imulq %rdx, %rdx
imulq %rdx, %rdx
imulq %rdx, %rdx
andl $0, %edx
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_wait_imul3_other
L_wait_load:
movq 64(%rcx), %rdx
andl $0, %edx
movq %rbx, (%rcx,%rdx,8)
decq %r15
jne L_wait_load
