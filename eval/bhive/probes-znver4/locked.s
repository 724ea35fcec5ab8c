# Zen 4: locked read-modify-write instructions in a loop.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/locked.s
	.text
L_lock_same:
lock addl $1, (%rdi)
decq %r15
jne L_lock_same
L_lock_two:
lock addl $1, (%rdi)
lock addl $1, 64(%rdi)
decq %r15
jne L_lock_two
L_lock_q:
lock addq $1, 8(%rdi)
decq %r15
jne L_lock_q
L_lock_load:
lock addl $1, (%rdi)
movq 8(%rbx), %rax
movq (%rbp), %rcx
decq %r15
jne L_lock_load
L_lock_chain:
lock addl $1, (%rax)
movq 8(%rbx), %rax
decq %r15
jne L_lock_chain
L_lock_alu:
lock addl $1, (%rdi)
addq $1, %rcx
addq $1, %rcx
addq $1, %rcx
addq $1, %rcx
addq $1, %rcx
addq $1, %rcx
addq $1, %rcx
addq $1, %rcx
decq %r15
jne L_lock_alu
L_lock_xadd:
lock xaddl %ecx, (%rdi)
decq %r15
jne L_lock_xadd
L_add_mem:
addl $1, (%rdi)
decq %r15
jne L_add_mem
L_bhdev0362:
lock addl $1, (%rax)
movq 8(%rbx), %rax
leaq (%rax,%r14,8), %rbp
movq (%rbp), %rdi
testq %rdi, %rdi
decq %r15
jne L_bhdev0362
L_bhdev1398:
lock addq $1, 104(%r12)
movq (%rbx), %rdi
movq 8(%rsp), %rax
movq %r14, %rsi
decq %r15
jne L_bhdev1398
