# Zen 4: how uops take turns in the four ALU queues (issue 15, the "zen4t"
# helper). Loops of independent one-cycle add chains with the fused
# dec/jnz (ALU0/ALU3 only), the add/lea/cmp chain of one-cycle-loops.s
# with one more uop of each ALU class, and a branch that does not fuse.
# Loop form, harness context. Figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --no-sensitivity --harness-context \
#            eval/bhive/probes-znver4/alu-queue-turns.s
	.text
L_1add:
addq $1, %rax
decq %r15
jne L_1add
L_2add:
addq $1, %rax
addq $1, %rbx
decq %r15
jne L_2add
L_6add:
addq $1, %rax
addq $1, %rbx
addq $1, %rcx
addq $1, %rdx
addq $1, %rsi
addq $1, %rdi
decq %r15
jne L_6add
L_7add:
addq $1, %rax
addq $1, %rbx
addq $1, %rcx
addq $1, %rdx
addq $1, %rsi
addq $1, %rdi
addq $1, %rbp
decq %r15
jne L_7add
L_4add_unfused:
addq $1, %rax
addq $1, %rbx
addq $1, %rcx
addq $1, %rdx
decq %r15
nop
jne L_4add_unfused
L_chain2:
addq $8, %r10
leaq -8(%r10), %rax
decq %r15
jne L_chain2
L_chain3_add:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_chain3_add
L_chain3_shl:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r11
decq %r15
jne L_chain3_shl
L_chain3_cmov:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
cmovzq %r12, %r11
decq %r15
jne L_chain3_cmov
L_chain4:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_chain4
L_chain5:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
decq %r15
jne L_chain5
