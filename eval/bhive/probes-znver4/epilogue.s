# Zen 4 under the harness: stack epilogues (add rsp + pops) and several
# accesses per newly entered line. Cited in lib/Model/Descriptions/Znver4.cpp,
# MemoryDesc::MovingStackLoadPasses; pinned by
# test/lit/Sim/zen4-moving-stack.test. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/epilogue.s
	.text
L_pop1_s64:
popq %rbx
addq $56, %rsp
decq %r15
jne L_pop1_s64
L_pop2_s64:
popq %rbx
popq %rbx
addq $48, %rsp
decq %r15
jne L_pop2_s64
L_pop3_s64:
popq %rbx
popq %rbx
popq %rbx
addq $40, %rsp
decq %r15
jne L_pop3_s64
L_pop4_s64:
popq %rbx
popq %rbx
popq %rbx
popq %rbx
addq $32, %rsp
decq %r15
jne L_pop4_s64
L_pop8_s64:
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_pop8_s64
L_ldrdi2_s64:
movq 0(%rdi), %rbx
movq 8(%rdi), %rbx
addq $64, %rdi
decq %r15
jne L_ldrdi2_s64
L_ldrsp2_s64:
movq 0(%rsp), %rbx
movq 8(%rsp), %rbx
addq $64, %rsp
decq %r15
jne L_ldrsp2_s64
L_strdi2_s64:
movq %rbx, 0(%rdi)
movq %rbx, 8(%rdi)
addq $64, %rdi
decq %r15
jne L_strdi2_s64
L_ldrdi4_s64:
movq 0(%rdi), %rbx
movq 8(%rdi), %rbx
movq 16(%rdi), %rbx
movq 24(%rdi), %rbx
addq $64, %rdi
decq %r15
jne L_ldrdi4_s64
L_ldrsp4_s64:
movq 0(%rsp), %rbx
movq 8(%rsp), %rbx
movq 16(%rsp), %rbx
movq 24(%rsp), %rbx
addq $64, %rsp
decq %r15
jne L_ldrsp4_s64
L_strdi4_s64:
movq %rbx, 0(%rdi)
movq %rbx, 8(%rdi)
movq %rbx, 16(%rdi)
movq %rbx, 24(%rdi)
addq $64, %rdi
decq %r15
jne L_strdi4_s64
L_ldrdi8_s64:
movq 0(%rdi), %rbx
movq 8(%rdi), %rbx
movq 16(%rdi), %rbx
movq 24(%rdi), %rbx
movq 32(%rdi), %rbx
movq 40(%rdi), %rbx
movq 48(%rdi), %rbx
movq 56(%rdi), %rbx
addq $64, %rdi
decq %r15
jne L_ldrdi8_s64
L_ldrsp8_s64:
movq 0(%rsp), %rbx
movq 8(%rsp), %rbx
movq 16(%rsp), %rbx
movq 24(%rsp), %rbx
movq 32(%rsp), %rbx
movq 40(%rsp), %rbx
movq 48(%rsp), %rbx
movq 56(%rsp), %rbx
addq $64, %rsp
decq %r15
jne L_ldrsp8_s64
L_strdi8_s64:
movq %rbx, 0(%rdi)
movq %rbx, 8(%rdi)
movq %rbx, 16(%rdi)
movq %rbx, 24(%rdi)
movq %rbx, 32(%rdi)
movq %rbx, 40(%rdi)
movq %rbx, 48(%rdi)
movq %rbx, 56(%rdi)
addq $64, %rdi
decq %r15
jne L_strdi8_s64
L_pop6_only:
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_pop6_only
L_add24_pop6:
addq $24, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add24_pop6
L_add8_pop6:
addq $8, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add8_pop6
L_add1560_pop6:
addq $1560, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add1560_pop6
L_add24_pop6_back:
addq $24, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
subq $72, %rsp
decq %r15
jne L_add24_pop6_back
L_add24_mov6_back:
addq $24, %rsp
movq 0(%rsp), %rbx
movq 8(%rsp), %rbx
movq 16(%rsp), %rbx
movq 24(%rsp), %rbx
movq 32(%rsp), %rbx
movq 40(%rsp), %rbx
subq $24, %rsp
decq %r15
jne L_add24_mov6_back
