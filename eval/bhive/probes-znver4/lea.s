# Zen 4: the latency of a three-component LEA (base + index + displacement)
# on each of its paths. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure eval/bhive/probes-znver4/lea.s
	.text
L_bid_base:
leaq -1(%rax,%rdx), %rax
decq %r15
jne L_bid_base
L_bid_index:
leaq -1(%rdx,%rax), %rax
decq %r15
jne L_bid_index
L_bid_base2:
leaq -1(%rax,%rdx), %rax
leaq -1(%rax,%rdx), %rax
decq %r15
jne L_bid_base2
L_bis_base:
leaq -1(%rax,%rdx,4), %rax
decq %r15
jne L_bis_base
L_bis_index:
leaq -1(%rdx,%rax,4), %rax
decq %r15
jne L_bis_index
L_bi_base:
leaq (%rax,%rdx), %rax
decq %r15
jne L_bi_base
L_bi_scale_base:
leaq (%rax,%rdx,2), %rax
decq %r15
jne L_bi_scale_base
L_bd_base:
leaq 8(%rax), %rax
decq %r15
jne L_bd_base
L_bid32_base:
leal -1(%rax,%rdx), %eax
decq %r15
jne L_bid32_base
L_bhdev0094:
movq 8(%r13), %rdx
testq %rax, %rax
leaq -1(%rbp,%rdx), %rbp
decq %r15
jne L_bhdev0094
L_bid_indep4:
leaq -1(%rax,%rdx), %rbx
leaq -1(%rax,%rdx), %rcx
leaq -1(%rax,%rdx), %rsi
leaq -1(%rax,%rdx), %rdi
decq %r15
jne L_bid_indep4
