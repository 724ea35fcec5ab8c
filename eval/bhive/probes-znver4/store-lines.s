# Zen 4 store commit: two stores per cycle only within one aligned 32-byte
# chunk (cited in lib/Model/Descriptions/Znver4.cpp,
# MemoryDesc::StoreCommitPairBytes; pinned by
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
L_asc_0_8:
movq %rax, 0(%rdi)
movq %rax, 8(%rdi)
decq %r15
jne L_asc_0_8
L_desc_8_0:
movq %rax, 8(%rdi)
movq %rax, 0(%rdi)
decq %r15
jne L_desc_8_0
L_asc_0_16:
movq %rax, 0(%rdi)
movq %rax, 16(%rdi)
decq %r15
jne L_asc_0_16
L_asc_0_32:
movq %rax, 0(%rdi)
movq %rax, 32(%rdi)
decq %r15
jne L_asc_0_32
L_asc_0_56:
movq %rax, 0(%rdi)
movq %rax, 56(%rdi)
decq %r15
jne L_asc_0_56
L_desc_40_32:
movq %rax, 40(%rdi)
movq %rax, 32(%rdi)
decq %r15
jne L_desc_40_32
L_desc_56_24:
movq %rax, 56(%rdi)
movq %rax, 24(%rdi)
decq %r15
jne L_desc_56_24
L_same_0_0:
movq %rax, 0(%rdi)
movq %rax, 0(%rdi)
decq %r15
jne L_same_0_0
L_asc4:
movq %rax, 0(%rdi)
movq %rax, 8(%rdi)
movq %rax, 16(%rdi)
movq %rax, 24(%rdi)
decq %r15
jne L_asc4
L_desc4:
movq %rax, 24(%rdi)
movq %rax, 16(%rdi)
movq %rax, 8(%rdi)
movq %rax, 0(%rdi)
decq %r15
jne L_desc4
L_asc_32_40:
movq %rax, 32(%rdi)
movq %rax, 40(%rdi)
decq %r15
jne L_asc_32_40
L_rsp_desc_8_0:
movq %rax, 8(%rsp)
movq %rax, 0(%rsp)
decq %r15
jne L_rsp_desc_8_0
L_rsp_asc_0_8:
movq %rax, 0(%rsp)
movq %rax, 8(%rsp)
decq %r15
jne L_rsp_asc_0_8
L_asc_0_8_again:
movq %rax, 0(%rdi)
movq %rax, 8(%rdi)
decq %r15
jne L_asc_0_8_again
L_asc_0_8_rdx:
movq %rdx, 0(%rdi)
movq %rax, 8(%rdi)
decq %r15
jne L_asc_0_8_rdx
L_asc_16_24:
movq %rax, 16(%rdi)
movq %rax, 24(%rdi)
decq %r15
jne L_asc_16_24
L_asc_24_32:
movq %rax, 24(%rdi)
movq %rax, 32(%rdi)
decq %r15
jne L_asc_24_32
L_asc_48_56:
movq %rax, 48(%rdi)
movq %rax, 56(%rdi)
decq %r15
jne L_asc_48_56
L_asc_8_16:
movq %rax, 8(%rdi)
movq %rax, 16(%rdi)
decq %r15
jne L_asc_8_16
L_desc_32_24:
movq %rax, 32(%rdi)
movq %rax, 24(%rdi)
decq %r15
jne L_desc_32_24
L_asc_0_24:
movq %rax, 0(%rdi)
movq %rax, 24(%rdi)
decq %r15
jne L_asc_0_24
