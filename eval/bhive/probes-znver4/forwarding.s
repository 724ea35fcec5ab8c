# Zen 4 under the harness: store-to-load forwarding latency by width,
# offset and consumer. Loads through another register than the store
# (rsi = rdi = the harness value), so memory renaming does not apply.
# Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/forwarding.s
	.text
L_q_q:
movq %rax, (%rdi)
movq (%rsi), %rax
decq %r15
jne L_q_q
L_q_q_add:
movq %rax, (%rdi)
movq (%rsi), %rax
addq $1, %rax
decq %r15
jne L_q_q_add
L_q_q_add2:
movq %rax, (%rdi)
movq (%rsi), %rax
addq $1, %rax
addq $1, %rax
decq %r15
jne L_q_q_add2
L_d_d:
movl %eax, (%rdi)
movl (%rsi), %eax
decq %r15
jne L_d_d
L_d_d_add:
movl %eax, (%rdi)
movl (%rsi), %eax
addl $1, %eax
decq %r15
jne L_d_d_add
L_q_d0:
movq %rax, (%rdi)
movl (%rsi), %eax
decq %r15
jne L_q_d0
L_q_d4:
movq %rax, (%rdi)
movl 4(%rsi), %eax
decq %r15
jne L_q_d4
L_q_d4_add:
movq %rax, (%rdi)
movl 4(%rsi), %eax
addl $1, %eax
decq %r15
jne L_q_d4_add
L_w_movzx:
movw %ax, (%rdi)
movzwl (%rsi), %eax
decq %r15
jne L_w_movzx
L_w_movzx_add:
movw %ax, (%rdi)
movzwl (%rsi), %eax
addl $1, %eax
decq %r15
jne L_w_movzx_add
L_b_movzx:
movb %al, (%rdi)
movzbl (%rsi), %eax
decq %r15
jne L_b_movzx
L_q_loadop:
movq %rax, (%rdi)
movq $1, %rax
addq (%rsi), %rax
decq %r15
jne L_q_loadop
L_rmw_b:
orb $1, (%rdi)
decq %r15
jne L_rmw_b
L_rmw_w:
addw $1, (%rdi)
decq %r15
jne L_rmw_w
L_rmw_b2:
orb $1, (%rdi)
orb $1, (%rsi)
decq %r15
jne L_rmw_b2
L_rmw_q2:
addq $1, (%rdi)
addq $1, (%rsi)
decq %r15
jne L_rmw_q2
L_rmw_d2:
addl $1, (%rdi)
addl $1, (%rsi)
decq %r15
jne L_rmw_d2
L_q_q_lea:
movq %rax, (%rdi)
movq (%rsi), %rax
leaq 1(%rax), %rax
decq %r15
jne L_q_q_lea
L_q_q_imul:
movq %rax, (%rdi)
movq (%rsi), %rax
imulq %rax, %rax
decq %r15
jne L_q_q_imul
L_q_q_addst:
movq (%rsi), %rax
addq $1, %rax
movq %rax, (%rdi)
decq %r15
jne L_q_q_addst
