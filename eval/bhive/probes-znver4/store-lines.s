# Zen 4 store commit: two stores per cycle only within one 64-byte line
# (cited in lib/Model/Descriptions/Znver4.cpp,
# MemoryDesc::SecondStoreSameLineOnly; pinned by
# test/lit/Sim/zen4-store-lines.test). Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure eval/bhive/probes-znver4/store-lines.s
	.text
L_st2_rsp_far:
movl %edx, 640(%rsp)
movq %rax, 800(%rsp)
decq %r15
jne L_st2_rsp_far
L_st2_rdi_far:
movl %edx, 640(%rdi)
movq %rax, 800(%rdi)
decq %r15
jne L_st2_rdi_far
L_st2_rdi_sameline:
movq %rdx, 0(%rdi)
movq %rax, 8(%rdi)
decq %r15
jne L_st2_rdi_sameline
L_st4_rdi_sameline:
movq %rdx, 0(%rdi)
movq %rax, 8(%rdi)
movq %rdx, 16(%rdi)
movq %rax, 24(%rdi)
decq %r15
jne L_st4_rdi_sameline
L_st4_rdi_4lines:
movq %rdx, 0(%rdi)
movq %rax, 64(%rdi)
movq %rdx, 128(%rdi)
movq %rax, 192(%rdi)
decq %r15
jne L_st4_rdi_4lines
L_st2_moving:
addq $64, %rdi
movq %rdx, 0(%rdi)
movq %rax, 8(%rdi)
decq %r15
jne L_st2_moving
L_st4_moving_4lines:
addq $256, %rdi
movq %rdx, 0(%rdi)
movq %rax, 64(%rdi)
movq %rdx, 128(%rdi)
movq %rax, 192(%rdi)
decq %r15
jne L_st4_moving_4lines
L_st1:
movq %rax, 640(%rdi)
decq %r15
jne L_st1
L_st3_far:
movq %rax, 640(%rdi)
movq %rax, 1280(%rdi)
movq %rax, 1920(%rdi)
decq %r15
jne L_st3_far
