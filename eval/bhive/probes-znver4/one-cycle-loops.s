# Zen 4: loops of eval/bhive/znver4.csv measured at 1.00 cycle per
# iteration that the model put at 1.5 (bhdev-1008, 0725, 1063, 1722, 1400)
# before BackEndDesc::ALUPortsShareReadyUops, their register-only forms, and
# the raw body that drifted in long simulations. Loop form, harness
# context. Figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/one-cycle-loops.s
	.text
L_1008_reg:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_1008_reg
L_1008_mem:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, 8(%rsp)
decq %r15
jne L_1008_mem
L_3alu_chain:
addq $8, %r10
addq $1, %rax
addq $1, %rbx
decq %r15
jne L_3alu_chain
L_4alu_chain:
addq $8, %r10
addq $1, %rax
addq $1, %rbx
addq $1, %rcx
decq %r15
jne L_4alu_chain
L_5alu:
addq $8, %r10
addq $1, %rax
addq $1, %rbx
addq $1, %rcx
addq $1, %rdx
decq %r15
jne L_5alu
L_two_chains:
addq $1, %rbp
addq $1, %r13
cmpq %rbp, %r14
decq %r15
jne L_two_chains
L_1400_reg:
cltq
addq %rax, %rcx
cmpq %rcx, %r15
decq %r15
jne L_1400_reg
