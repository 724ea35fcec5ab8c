# Zen 4 under the harness: pops of a moving stack mixed with stores to a
# fixed address (bhdev-0715: 3 stores + 5 pops, 3.39 measured). Measured
# figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/pops-stores.s
	.text
L_pop5:
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
decq %r15
jne L_pop5
L_st3_pop5:
movl %ebx, (%rsi)
movl %r11d, (%r12)
movl %r14d, (%r8)
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
decq %r15
jne L_st3_pop5
L_st3fix_pop5:
movl %ebx, (%rsi)
movl %r11d, (%rsi)
movl %r14d, (%rsi)
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
decq %r15
jne L_st3fix_pop5
L_st6_pop5:
movl %ebx, (%rsi)
movl %ebx, (%rsi)
movl %ebx, (%rsi)
movl %ebx, (%rsi)
movl %ebx, (%rsi)
movl %ebx, (%rsi)
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
decq %r15
jne L_st6_pop5
L_st3_ld5rdi:
movl %ebx, (%rsi)
movl %ebx, (%rsi)
movl %ebx, (%rsi)
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
movq 32(%rdi), %rax
decq %r15
jne L_st3_ld5rdi
L_st3_pop5_back:
movl %ebx, (%rsi)
movl %ebx, (%rsi)
movl %ebx, (%rsi)
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
subq $40, %rsp
decq %r15
jne L_st3_pop5_back
L_ld3_pop5:
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
decq %r15
jne L_ld3_pop5
L_pop5_back:
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
subq $40, %rsp
decq %r15
jne L_pop5_back
