# Zen 4 under the harness: each line a moving stream enters misses in L1
# (the harness maps its fresh pages onto a few physical pages; the L1 finds
# lines by linear address) and fills from L2. Cited in
# lib/Model/Descriptions/Znver4.cpp, MemoryDesc::LineFillPorts; pinned by
# test/lit/Sim/zen4-line-fills.test. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure eval/bhive/probes-znver4/new-lines.s
	.text
L_pop_s64:
popq %rbx
addq $56, %rsp
decq %r15
jne L_pop_s64
L_ldrsp_s64:
movq (%rsp), %rbx
addq $64, %rsp
decq %r15
jne L_ldrsp_s64
L_ldrdi_s64:
movq (%rdi), %rbx
addq $64, %rdi
decq %r15
jne L_ldrdi_s64
L_push_s64:
pushq %rbx
subq $56, %rsp
decq %r15
jne L_push_s64
L_strdi_s64:
movq %rbx, (%rdi)
addq $64, %rdi
decq %r15
jne L_strdi_s64
L_strdi_dn_s64:
movq %rbx, (%rdi)
subq $64, %rdi
decq %r15
jne L_strdi_dn_s64
L_pop_s128:
popq %rbx
addq $120, %rsp
decq %r15
jne L_pop_s128
L_ldrsp_s128:
movq (%rsp), %rbx
addq $128, %rsp
decq %r15
jne L_ldrsp_s128
L_ldrdi_s128:
movq (%rdi), %rbx
addq $128, %rdi
decq %r15
jne L_ldrdi_s128
L_push_s128:
pushq %rbx
subq $120, %rsp
decq %r15
jne L_push_s128
L_strdi_s128:
movq %rbx, (%rdi)
addq $128, %rdi
decq %r15
jne L_strdi_s128
L_strdi_dn_s128:
movq %rbx, (%rdi)
subq $128, %rdi
decq %r15
jne L_strdi_dn_s128
L_pop_s1024:
popq %rbx
addq $1016, %rsp
decq %r15
jne L_pop_s1024
L_ldrsp_s1024:
movq (%rsp), %rbx
addq $1024, %rsp
decq %r15
jne L_ldrsp_s1024
L_ldrdi_s1024:
movq (%rdi), %rbx
addq $1024, %rdi
decq %r15
jne L_ldrdi_s1024
L_push_s1024:
pushq %rbx
subq $1016, %rsp
decq %r15
jne L_push_s1024
L_strdi_s1024:
movq %rbx, (%rdi)
addq $1024, %rdi
decq %r15
jne L_strdi_s1024
L_strdi_dn_s1024:
movq %rbx, (%rdi)
subq $1024, %rdi
decq %r15
jne L_strdi_dn_s1024
L_ldrdi_s64_x2:
movq (%rdi), %rbx
movq 64(%rdi), %rbx
addq $128, %rdi
decq %r15
jne L_ldrdi_s64_x2
L_ldrdi_s64_x4:
movq (%rdi), %rbx
movq 64(%rdi), %rbx
movq 128(%rdi), %rbx
movq 192(%rdi), %rbx
addq $256, %rdi
decq %r15
jne L_ldrdi_s64_x4
L_pop6_stay:
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
popq %rsi
subq $48, %rsp
decq %r15
jne L_pop6_stay
L_addrsp8_pop6:
addq $8, %rsp
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
popq %rsi
decq %r15
jne L_addrsp8_pop6
L_pop6:
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
popq %rsi
decq %r15
jne L_pop6
L_pop12:
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
popq %rsi
popq %rbx
popq %rbp
popq %r12
popq %r13
popq %r14
popq %rsi
decq %r15
jne L_pop12
L_mov6_rsp_add:
movq 0(%rsp), %rbx
movq 8(%rsp), %rbp
movq 16(%rsp), %r12
movq 24(%rsp), %r13
movq 32(%rsp), %r14
movq 40(%rsp), %rsi
addq $48, %rsp
decq %r15
jne L_mov6_rsp_add
L_mov6_rdi_add:
movq 0(%rdi), %rbx
movq 8(%rdi), %rbp
movq 16(%rdi), %r12
movq 24(%rdi), %r13
movq 32(%rdi), %r14
movq 40(%rdi), %rsi
addq $48, %rdi
decq %r15
jne L_mov6_rdi_add
L_mov6_rdi_stay:
movq 0(%rdi), %rbx
movq 8(%rdi), %rbp
movq 16(%rdi), %r12
movq 24(%rdi), %r13
movq 32(%rdi), %r14
movq 40(%rdi), %rsi
decq %r15
jne L_mov6_rdi_stay
L_push6_stay:
pushq %rbx
pushq %rbp
pushq %r12
pushq %r13
pushq %r14
pushq %rsi
addq $48, %rsp
decq %r15
jne L_push6_stay
L_push6:
pushq %rbx
pushq %rbp
pushq %r12
pushq %r13
pushq %r14
pushq %rsi
decq %r15
jne L_push6
