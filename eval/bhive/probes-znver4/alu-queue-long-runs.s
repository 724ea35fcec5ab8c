# Zen 4: chains of one-cycle ALU uops + independent adds + the fused
# dec/jnz, loops slower than one iteration per cycle, so that the
# scheduler fills (the regime the harness' 20,000-iteration runs measure
# and long simulations reach; issue 15, the "zen5" helper). Loop form,
# harness context. Figures in README.md (alu-queue-long-runs.s).
# Measure: flock /tmp/luarch-measure.lock taskset -c 1 loop-uarch-report \
#            -mcpu=native --measure --no-sensitivity --harness-context \
#            eval/bhive/probes-znver4/alu-queue-long-runs.s
	.text
L_c2_a2:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_c2_a2
L_c2_a3:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
addq $1, %r13
decq %r15
jne L_c2_a3
L_c2_a4:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
addq $1, %r13
addq $1, %r14
decq %r15
jne L_c2_a4
L_c3_a1:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_c3_a1
L_c3_a2:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_c3_a2
L_c3_a3:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
addq $1, %r12
addq $1, %r13
decq %r15
jne L_c3_a3
L_c3_a4:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
addq $1, %r12
addq $1, %r13
addq $1, %r14
decq %r15
jne L_c3_a4
L_c4_a0:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_c4_a0
L_c4_a1:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r11
decq %r15
jne L_c4_a1
L_c4_a2:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_c4_a2
L_c4_a3:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r11
addq $1, %r12
addq $1, %r13
decq %r15
jne L_c4_a3
L_c5_a0:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
decq %r15
jne L_c5_a0
L_c5_a1:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
addq $1, %r11
decq %r15
jne L_c5_a1
L_c5_a2:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_c5_a2
L_c6_a0:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
leaq 1(%rdx), %rsi
cmpq %rsi, %rbx
decq %r15
jne L_c6_a0
L_c6_a1:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
leaq 1(%rdx), %rsi
cmpq %rsi, %rbx
addq $1, %r11
decq %r15
jne L_c6_a1
L_a2_c3:
addq $1, %r11
addq $1, %r12
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_a2_c3
L_a1_c4:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_a1_c4
L_c3_shl_add:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r11
addq $1, %r12
decq %r15
jne L_c3_shl_add
L_c4_shl:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
shlq $1, %r11
decq %r15
jne L_c4_shl
L_c4_cmov:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
cmovzq %r12, %r11
decq %r15
jne L_c4_cmov
