# Zen 4 under the harness: loops of eval/bhive/znver4.csv measured at 12-15
# cycles (bhdev-0704, 1829) against 1.7-3 predicted, and their parts.
# Every register = 0x40000800; the harness maps every page onto 4 shared
# physical pages. Loop form. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/loaded-base-walk.s
	.text
L_0704:
movq (%r15), %rax
movl 24(%rsp), %edi
addq 56(%rsp), %r14
addq 32(%rsp), %rbp
addl 40(%rsp), %r12d
addl %ebx, 8(%rsp)
addl %edi, (%rax,%r11,4)
incq %r11
decq %r10
jne L_0704
L_walk_rmw:
addl %edi, (%rax,%r11,4)
incq %r11
decq %r15
jne L_walk_rmw
L_walk_store:
movl %edi, (%rax,%r11,4)
incq %r11
decq %r15
jne L_walk_store
L_walk_rmw_r15load:
movq (%r14), %rax
addl %edi, (%rax,%r11,4)
incq %r11
decq %r15
jne L_walk_rmw_r15load
L_0704_nowalk:
movq (%r15), %rax
movl 24(%rsp), %edi
addq 56(%rsp), %r14
addq 32(%rsp), %rbp
addl 40(%rsp), %r12d
addl %ebx, 8(%rsp)
addl %edi, (%rax)
decq %r10
jne L_0704_nowalk
L_wl_store:
movq (%r14), %rax
movl %edi, (%rax,%r11,4)
incq %r11
decq %r15
jne L_wl_store
L_wl_loadop:
movq (%r14), %rax
addl (%rax,%r11,4), %edi
incq %r11
decq %r15
jne L_wl_loadop
L_wl_rmw_fixed:
movq (%r14), %rax
addl %edi, 64(%rax)
decq %r15
jne L_wl_rmw_fixed
L_wl_rmw_s8:
movq (%r14), %rax
addl %edi, (%rax,%r11,8)
incq %r11
decq %r15
jne L_wl_rmw_s8
L_wl_rmw_s64:
movq (%r14), %rax
addl %edi, (%rax)
addq $64, %r14
decq %r15
jne L_wl_rmw_s64
L_imul_rmw_walk:
imulq $1, %rbx, %rax
addl %edi, (%rax,%r11,4)
incq %r11
decq %r15
jne L_imul_rmw_walk
L_wl_rmw_q:
movq (%r14), %rax
addq %rdi, (%rax,%r11,8)
incq %r11
decq %r15
jne L_wl_rmw_q
L_wl_rmw_unrelated_load:
movq (%r14), %rsi
addl %edi, (%rax,%r11,4)
incq %r11
decq %r15
jne L_wl_rmw_unrelated_load
L_same_phys_16k:
movq %rax, (%rdi)
movq 16384(%rdi), %rax
decq %r15
jne L_same_phys_16k
L_other_phys_4k:
movq %rax, (%rdi)
movq 4096(%rdi), %rax
decq %r15
jne L_other_phys_4k
L_same_phys_16k_add:
addq $1, (%rdi)
movq 16384(%rdi), %rax
decq %r15
jne L_same_phys_16k_add
L_same_phys_16k_chain:
movq %rax, (%rdi)
movq 16384(%rdi), %rax
addq $1, %rax
decq %r15
jne L_same_phys_16k_chain
L_same_phys_16k_nochain:
movq %rbx, (%rdi)
movq 16384(%rdi), %rax
decq %r15
jne L_same_phys_16k_nochain
L_bhdev1829:
movslq %edx, %r14
leal -3(%r9), %r11d
movq (%rdi,%r14,8), %r10
addq $1, (%r10)
cmpl $-1, %r11d
movq %r10, 8(%rbp)
decq %r15
jne L_bhdev1829
