# Zen 4 shifts and rotates by CL: the latency of each path (cited in
# lib/Model/Descriptions/Znver4.cpp, LatencyRulesDesc::ShiftRotateByCL;
# pinned by test/lit/Sim/zen-shift-by-cl.test). Measured figures (cycles per
# iteration, loop form, dec/jnz included) in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure eval/bhive/probes-znver4/shift-by-cl.s
	.text
L_chain_cl0:
shl %cl, %rax
shl %cl, %rax
shl %cl, %rax
shl %cl, %rax
decq %r15
jne L_chain_cl0
L_chain_cl5:
movl $5, %ecx
shl %cl, %rax
shl %cl, %rax
shl %cl, %rax
shl %cl, %rax
decq %r15
jne L_chain_cl5
L_flags_cl0:
shl %cl, %rax
shl %cl, %rbx
shl %cl, %rdx
shl %cl, %rsi
decq %r15
jne L_flags_cl0
L_flags_cl5:
movl $5, %ecx
shl %cl, %rax
shl %cl, %rbx
shl %cl, %rdx
shl %cl, %rsi
decq %r15
jne L_flags_cl5
L_flagsin_cl5:
movl $5, %ecx
addq $1, %rdi
shl %cl, %rax
adcq $0, %rdi
decq %r15
jne L_flagsin_cl5
L_cnt_chain:
shl %cl, %rax
movl %eax, %ecx
decq %r15
jne L_cnt_chain
L_rol_cl5:
movl $5, %ecx
rol %cl, %rax
rol %cl, %rax
rol %cl, %rax
rol %cl, %rax
decq %r15
jne L_rol_cl5
L_rol_ind_cl5:
movl $5, %ecx
rol %cl, %rax
rol %cl, %rbx
rol %cl, %rdx
rol %cl, %rsi
decq %r15
jne L_rol_ind_cl5
L_shld_cl5:
movl $5, %ecx
shld %cl, %rbx, %rax
shld %cl, %rbx, %rax
shld %cl, %rbx, %rax
shld %cl, %rbx, %rax
decq %r15
jne L_shld_cl5
L_shld_ind_cl5:
movl $5, %ecx
shld %cl, %rbx, %rax
shld %cl, %rbx, %rdx
shld %cl, %rbx, %rsi
shld %cl, %rbx, %rdi
decq %r15
jne L_shld_ind_cl5
