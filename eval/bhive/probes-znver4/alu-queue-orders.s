# Zen 4: every order of a one-cycle chain (c: add r10, 8 heads it, each
# next c a lea of the previous one, the last a cmp) and independent adds
# (x: add r, 1, each its own one-cycle chain), 3-6 ALU uops + the harness'
# fused dec/jnz: which order the ALU queues in turn see, with the
# scheduler full ("zen7" helper, issue 15). Kernel L_<pattern> spells the
# order, e.g. L_cxcx = add r10; add r11; cmp r10; add r12. Loop form,
# harness context. Figures in README.md (alu-queue-orders.s). Measure:
#   flock /tmp/luarch-measure.lock taskset -c 1 loop-uarch-report \
#     -mcpu=native --measure --no-sensitivity --harness-context \
#     eval/bhive/probes-znver4/alu-queue-orders.s
	.text
L_xcc:
addq $1, %r11
addq $8, %r10
cmpq %r10, %rbx
decq %r15
jne L_xcc
L_cxc:
addq $8, %r10
addq $1, %r11
cmpq %r10, %rbx
decq %r15
jne L_cxc
L_ccx:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
decq %r15
jne L_ccx
L_xxcc:
addq $1, %r11
addq $1, %r12
addq $8, %r10
cmpq %r10, %rbx
decq %r15
jne L_xxcc
L_xcxc:
addq $1, %r11
addq $8, %r10
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_xcxc
L_xccx:
addq $1, %r11
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_xccx
L_cxxc:
addq $8, %r10
addq $1, %r11
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_cxxc
L_cxcx:
addq $8, %r10
addq $1, %r11
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_cxcx
L_ccxx:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_ccxx
L_xxxcc:
addq $1, %r11
addq $1, %r12
addq $1, %r13
addq $8, %r10
cmpq %r10, %rbx
decq %r15
jne L_xxxcc
L_xxcxc:
addq $1, %r11
addq $1, %r12
addq $8, %r10
addq $1, %r13
cmpq %r10, %rbx
decq %r15
jne L_xxcxc
L_xxccx:
addq $1, %r11
addq $1, %r12
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r13
decq %r15
jne L_xxccx
L_xcxxc:
addq $1, %r11
addq $8, %r10
addq $1, %r12
addq $1, %r13
cmpq %r10, %rbx
decq %r15
jne L_xcxxc
L_xcxcx:
addq $1, %r11
addq $8, %r10
addq $1, %r12
cmpq %r10, %rbx
addq $1, %r13
decq %r15
jne L_xcxcx
L_xccxx:
addq $1, %r11
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r12
addq $1, %r13
decq %r15
jne L_xccxx
L_cxxxc:
addq $8, %r10
addq $1, %r11
addq $1, %r12
addq $1, %r13
cmpq %r10, %rbx
decq %r15
jne L_cxxxc
L_cxxcx:
addq $8, %r10
addq $1, %r11
addq $1, %r12
cmpq %r10, %rbx
addq $1, %r13
decq %r15
jne L_cxxcx
L_cxcxx:
addq $8, %r10
addq $1, %r11
cmpq %r10, %rbx
addq $1, %r12
addq $1, %r13
decq %r15
jne L_cxcxx
L_ccxxx:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
addq $1, %r13
decq %r15
jne L_ccxxx
L_xccc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xccc
L_cxcc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_cxcc
L_ccxc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
decq %r15
jne L_ccxc
L_cccx:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_cccx
L_xxccc:
addq $1, %r11
addq $1, %r12
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xxccc
L_xcxcc:
addq $1, %r11
addq $8, %r10
addq $1, %r12
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xcxcc
L_xccxc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r12
cmpq %rax, %rbx
decq %r15
jne L_xccxc
L_xcccx:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r12
decq %r15
jne L_xcccx
L_cxxcc:
addq $8, %r10
addq $1, %r11
addq $1, %r12
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_cxxcc
L_cxcxc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
addq $1, %r12
cmpq %rax, %rbx
decq %r15
jne L_cxcxc
L_cxccx:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r12
decq %r15
jne L_cxccx
L_ccxxc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
addq $1, %r12
cmpq %rax, %rbx
decq %r15
jne L_ccxxc
L_ccxcx:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
addq $1, %r12
decq %r15
jne L_ccxcx
L_cccxx:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_cccxx
L_xxxccc:
addq $1, %r11
addq $1, %r12
addq $1, %r13
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xxxccc
L_xxcxcc:
addq $1, %r11
addq $1, %r12
addq $8, %r10
addq $1, %r13
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xxcxcc
L_xxccxc:
addq $1, %r11
addq $1, %r12
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r13
cmpq %rax, %rbx
decq %r15
jne L_xxccxc
L_xxcccx:
addq $1, %r11
addq $1, %r12
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r13
decq %r15
jne L_xxcccx
L_xcxxcc:
addq $1, %r11
addq $8, %r10
addq $1, %r12
addq $1, %r13
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xcxxcc
L_xcxcxc:
addq $1, %r11
addq $8, %r10
addq $1, %r12
leaq -8(%r10), %rax
addq $1, %r13
cmpq %rax, %rbx
decq %r15
jne L_xcxcxc
L_xcxccx:
addq $1, %r11
addq $8, %r10
addq $1, %r12
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r13
decq %r15
jne L_xcxccx
L_xccxxc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r12
addq $1, %r13
cmpq %rax, %rbx
decq %r15
jne L_xccxxc
L_xccxcx:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r12
cmpq %rax, %rbx
addq $1, %r13
decq %r15
jne L_xccxcx
L_xcccxx:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r12
addq $1, %r13
decq %r15
jne L_xcccxx
L_cxxxcc:
addq $8, %r10
addq $1, %r11
addq $1, %r12
addq $1, %r13
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_cxxxcc
L_cxxcxc:
addq $8, %r10
addq $1, %r11
addq $1, %r12
leaq -8(%r10), %rax
addq $1, %r13
cmpq %rax, %rbx
decq %r15
jne L_cxxcxc
L_cxxccx:
addq $8, %r10
addq $1, %r11
addq $1, %r12
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r13
decq %r15
jne L_cxxccx
L_cxcxxc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
addq $1, %r12
addq $1, %r13
cmpq %rax, %rbx
decq %r15
jne L_cxcxxc
L_cxcxcx:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
addq $1, %r12
cmpq %rax, %rbx
addq $1, %r13
decq %r15
jne L_cxcxcx
L_cxccxx:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r12
addq $1, %r13
decq %r15
jne L_cxccxx
L_ccxxxc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
addq $1, %r12
addq $1, %r13
cmpq %rax, %rbx
decq %r15
jne L_ccxxxc
L_ccxxcx:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
addq $1, %r12
cmpq %rax, %rbx
addq $1, %r13
decq %r15
jne L_ccxxcx
L_ccxcxx:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
addq $1, %r12
addq $1, %r13
decq %r15
jne L_ccxcxx
L_cccxxx:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
addq $1, %r12
addq $1, %r13
decq %r15
jne L_cccxxx
L_xcccc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_xcccc
L_cxccc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_cxccc
L_ccxcc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_ccxcc
L_cccxc:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
addq $1, %r11
cmpq %rcx, %rbx
decq %r15
jne L_cccxc
L_ccccx:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r11
decq %r15
jne L_ccccx
L_xxcccc:
addq $1, %r11
addq $1, %r12
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_xxcccc
L_xcxccc:
addq $1, %r11
addq $8, %r10
addq $1, %r12
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_xcxccc
L_xccxcc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r12
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_xccxcc
L_xcccxc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
addq $1, %r12
cmpq %rcx, %rbx
decq %r15
jne L_xcccxc
L_xccccx:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r12
decq %r15
jne L_xccccx
L_cxxccc:
addq $8, %r10
addq $1, %r11
addq $1, %r12
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_cxxccc
L_cxcxcc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
addq $1, %r12
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_cxcxcc
L_cxccxc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
addq $1, %r12
cmpq %rcx, %rbx
decq %r15
jne L_cxccxc
L_cxcccx:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r12
decq %r15
jne L_cxcccx
L_ccxxcc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
addq $1, %r12
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_ccxxcc
L_ccxcxc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
leaq 1(%rax), %rcx
addq $1, %r12
cmpq %rcx, %rbx
decq %r15
jne L_ccxcxc
L_ccxccx:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r12
decq %r15
jne L_ccxccx
L_cccxxc:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
addq $1, %r11
addq $1, %r12
cmpq %rcx, %rbx
decq %r15
jne L_cccxxc
L_cccxcx:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
addq $1, %r11
cmpq %rcx, %rbx
addq $1, %r12
decq %r15
jne L_cccxcx
L_ccccxx:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_ccccxx
L_xccccc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
decq %r15
jne L_xccccc
L_cxcccc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
decq %r15
jne L_cxcccc
L_ccxccc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
decq %r15
jne L_ccxccc
L_cccxcc:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
addq $1, %r11
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
decq %r15
jne L_cccxcc
L_ccccxc:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
addq $1, %r11
cmpq %rdx, %rbx
decq %r15
jne L_ccccxc
L_cccccx:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
addq $1, %r11
decq %r15
jne L_cccccx
L_cccc:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
cmpq %rcx, %rbx
decq %r15
jne L_cccc
L_ccccc:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
cmpq %rdx, %rbx
decq %r15
jne L_ccccc
L_cccccc:
addq $8, %r10
leaq -8(%r10), %rax
leaq 1(%rax), %rcx
leaq 1(%rcx), %rdx
leaq 1(%rdx), %rsi
cmpq %rsi, %rbx
decq %r15
jne L_cccccc
L_ccc:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_ccc
