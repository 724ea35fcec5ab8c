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
# Loads after a lock add (rule MemoryDesc::LockedStoreForwardBlockLatency):
# which overlap of the load with the locked store costs 24 cycles.
L_ll_same:
lock addl $1, (%rdi)
movq (%rdi), %rcx
decq %r15
jne L_ll_same
L_ll_line:
lock addl $1, (%rdi)
movq 8(%rdi), %rcx
decq %r15
jne L_ll_line
L_ll_other:
lock addl $1, (%rdi)
movq 128(%rdi), %rcx
decq %r15
jne L_ll_other
L_ll_same2:
lock addl $1, (%rdi)
movq (%rdi), %rcx
movq (%rdi), %rdx
decq %r15
jne L_ll_same2
L_ll_other2:
lock addl $1, (%rdi)
movq 128(%rdi), %rcx
movq 256(%rdi), %rdx
decq %r15
jne L_ll_other2
L_lq_same:
lock addq $1, (%rdi)
movq (%rdi), %rcx
decq %r15
jne L_lq_same
L_ld_same32:
lock addl $1, (%rdi)
movl (%rdi), %ecx
decq %r15
jne L_ld_same32
L_add_partial:
addl $1, (%rdi)
movq (%rdi), %rcx
decq %r15
jne L_add_partial
L_st_partial:
movl %eax, (%rdi)
movq (%rdi), %rcx
decq %r15
jne L_st_partial
L_lock_partial_hi:
lock addl $1, 4(%rdi)
movq (%rdi), %rcx
decq %r15
jne L_lock_partial_hi
