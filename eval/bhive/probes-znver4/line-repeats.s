# Zen 4 under the harness: several loads (not through rsp) to each line a
# moving stream enters. Not modelled (README.md says why); the lines' fills
# are MemoryDesc::LineFillPorts. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/line-repeats.s
	.text
L_ldrdi1_s64:
addq $64, %rdi
movq 0(%rdi), %rax
decq %r15
jne L_ldrdi1_s64
L_ldrdi2_s64:
addq $64, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
decq %r15
jne L_ldrdi2_s64
L_ldrdi3_s64:
addq $64, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
decq %r15
jne L_ldrdi3_s64
L_ldrdi4_s64:
addq $64, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
decq %r15
jne L_ldrdi4_s64
L_ldrdi5_s64:
addq $64, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
movq 32(%rdi), %rax
decq %r15
jne L_ldrdi5_s64
L_ldrdi6_s64:
addq $64, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
movq 32(%rdi), %rax
movq 40(%rdi), %rax
decq %r15
jne L_ldrdi6_s64
L_ldrdi8_s64:
addq $64, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
movq 32(%rdi), %rax
movq 40(%rdi), %rax
movq 48(%rdi), %rax
movq 56(%rdi), %rax
decq %r15
jne L_ldrdi8_s64
L_strdi2_s64:
addq $64, %rdi
movq %rax, 0(%rdi)
movq %rax, 8(%rdi)
decq %r15
jne L_strdi2_s64
L_strdi4_s64:
addq $64, %rdi
movq %rax, 0(%rdi)
movq %rax, 8(%rdi)
movq %rax, 16(%rdi)
movq %rax, 24(%rdi)
decq %r15
jne L_strdi4_s64
L_strdi8_s64:
addq $64, %rdi
movq %rax, 0(%rdi)
movq %rax, 8(%rdi)
movq %rax, 16(%rdi)
movq %rax, 24(%rdi)
movq %rax, 32(%rdi)
movq %rax, 40(%rdi)
movq %rax, 48(%rdi)
movq %rax, 56(%rdi)
decq %r15
jne L_strdi8_s64
L_ldrdi4_s128:
addq $128, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
decq %r15
jne L_ldrdi4_s128
L_ldrdi8_2lines_s128:
addq $128, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
movq 64(%rdi), %rax
movq 72(%rdi), %rax
movq 80(%rdi), %rax
movq 88(%rdi), %rax
decq %r15
jne L_ldrdi8_2lines_s128
L_ldrdi4_same_s64:
addq $64, %rdi
movq (%rdi), %rax
movq (%rdi), %rax
movq (%rdi), %rax
movq (%rdi), %rax
decq %r15
jne L_ldrdi4_same_s64
L_ldrdi4_chain_s64:
addq $64, %rdi
movq (%rdi), %rax
addq 8(%rdi), %rax
addq 16(%rdi), %rax
addq 24(%rdi), %rax
decq %r15
jne L_ldrdi4_chain_s64
L_ldrdi4_s64_imul:
addq $64, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
decq %r15
jne L_ldrdi4_s64_imul
