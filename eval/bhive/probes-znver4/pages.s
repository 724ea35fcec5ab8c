# Zen 4 under the harness: accesses that enter a new 4 KiB page (a stream
# moving by a large stride). Cited in lib/Model/Descriptions/Znver4.cpp,
# MemoryDesc::NewPageAccessFillCycles; pinned by
# test/lit/Sim/zen4-new-pages.test. Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/pages.s
	.text
# A. A stack moving up 1,608 bytes per iteration (bhdev-1054's add rsp, 1560 +
# 6 pops): a new page every 2.5 iterations.
L_add_pop1_s1608:
addq $1600, %rsp
popq %rbx
decq %r15
jne L_add_pop1_s1608
L_add_pop2_s1608:
addq $1592, %rsp
popq %rbx
popq %rbx
decq %r15
jne L_add_pop2_s1608
L_add_pop3_s1608:
addq $1584, %rsp
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add_pop3_s1608
L_add_pop4_s1608:
addq $1576, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add_pop4_s1608
L_add_pop6_s1608:
addq $1560, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add_pop6_s1608
L_ldrsp6_s1608:
addq $1608, %rsp
movq 0(%rsp), %rax
movq 8(%rsp), %rax
movq 16(%rsp), %rax
movq 24(%rsp), %rax
movq 32(%rsp), %rax
movq 40(%rsp), %rax
decq %r15
jne L_ldrsp6_s1608
L_ldrdi1_s1608:
addq $1608, %rdi
movq (%rdi), %rax
decq %r15
jne L_ldrdi1_s1608
L_ldrdi6_s1608:
addq $1608, %rdi
movq 0(%rdi), %rax
movq 8(%rdi), %rax
movq 16(%rdi), %rax
movq 24(%rdi), %rax
movq 32(%rdi), %rax
movq 40(%rdi), %rax
decq %r15
jne L_ldrdi6_s1608
L_add1160_pop6:
addq $1160, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add1160_pop6
L_add952_pop6:
addq $952, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
decq %r15
jne L_add952_pop6
L_push6_sub1336:
pushq %rbx
pushq %rbx
pushq %rbx
pushq %rbx
pushq %rbx
pushq %rbx
subq $1336, %rsp
decq %r15
jne L_push6_sub1336
# B. The same pops over a bounded set of pages (rsp and-masked into a region
# of 64 to 4,096 pages at 0x40000000), and one load per page.
L_pop6_s1608_64p:
addq $1560, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
andq $0x4003ffff, %rsp
decq %r15
jne L_pop6_s1608_64p
L_pop6_s1608_256p:
addq $1560, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
andq $0x400fffff, %rsp
decq %r15
jne L_pop6_s1608_256p
L_pop6_s1608_1024p:
addq $1560, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
andq $0x403fffff, %rsp
decq %r15
jne L_pop6_s1608_1024p
L_pop6_s1608_2048p:
addq $1560, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
andq $0x407fffff, %rsp
decq %r15
jne L_pop6_s1608_2048p
L_pop6_s1608_4096p:
addq $1560, %rsp
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
popq %rbx
andq $0x40ffffff, %rsp
decq %r15
jne L_pop6_s1608_4096p
L_ld1_s4160_64p:
addq $4160, %rbx
andq $0x3ffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s4160_64p
L_ld1_s4160_1024p:
addq $4160, %rbx
andq $0x3fffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s4160_1024p
L_ld1_s4160_4096p:
addq $4160, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s4160_4096p
# C. Loads through rdi + rbx, rbx stepping by a stride (and-masked to 16 MiB).
L_ld1_s1088:
addq $1088, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s1088
L_ld1_s1600:
addq $1600, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s1600
L_ld2_s4160:
addq $4160, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 8(%rdi,%rbx), %rax
decq %r15
jne L_ld2_s4160
L_ld4_s4160:
addq $4160, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 8(%rdi,%rbx), %rax
movq 16(%rdi,%rbx), %rax
movq 24(%rdi,%rbx), %rax
decq %r15
jne L_ld4_s4160
L_ld6_s4160:
addq $4160, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 8(%rdi,%rbx), %rax
movq 16(%rdi,%rbx), %rax
movq 24(%rdi,%rbx), %rax
movq 32(%rdi,%rbx), %rax
movq 40(%rdi,%rbx), %rax
decq %r15
jne L_ld6_s4160
L_ld6_s128:
addq $128, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 8(%rdi,%rbx), %rax
movq 16(%rdi,%rbx), %rax
movq 24(%rdi,%rbx), %rax
movq 32(%rdi,%rbx), %rax
movq 40(%rdi,%rbx), %rax
decq %r15
jne L_ld6_s128
L_ld6_s1088:
addq $1088, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 8(%rdi,%rbx), %rax
movq 16(%rdi,%rbx), %rax
movq 24(%rdi,%rbx), %rax
movq 32(%rdi,%rbx), %rax
movq 40(%rdi,%rbx), %rax
decq %r15
jne L_ld6_s1088
L_ld6_s1600:
addq $1600, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 8(%rdi,%rbx), %rax
movq 16(%rdi,%rbx), %rax
movq 24(%rdi,%rbx), %rax
movq 32(%rdi,%rbx), %rax
movq 40(%rdi,%rbx), %rax
decq %r15
jne L_ld6_s1600
# D. Stride 4,096: every access in the same L1 set.
L_ld1_s4096_16p:
addq $4096, %rbx
andq $0xffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s4096_16p
L_ld1_s4096_64p:
addq $4096, %rbx
andq $0x3ffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s4096_64p
L_ld1_s4096:
addq $4096, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
decq %r15
jne L_ld1_s4096
L_ld6_s4096:
addq $4096, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 8(%rdi,%rbx), %rax
movq 16(%rdi,%rbx), %rax
movq 24(%rdi,%rbx), %rax
movq 32(%rdi,%rbx), %rax
movq 40(%rdi,%rbx), %rax
decq %r15
jne L_ld6_s4096
L_st1_s4096:
addq $4096, %rbx
andq $0xffffff, %rbx
movq %rax, 0(%rdi,%rbx)
decq %r15
jne L_st1_s4096
L_ld4lines_s4096:
addq $4096, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 64(%rdi,%rbx), %rax
movq 128(%rdi,%rbx), %rax
movq 192(%rdi,%rbx), %rax
decq %r15
jne L_ld4lines_s4096
L_ld2pages_s8192:
addq $8192, %rbx
andq $0xffffff, %rbx
movq 0(%rdi,%rbx), %rax
movq 4096(%rdi,%rbx), %rax
decq %r15
jne L_ld2pages_s8192
L_ld1_s4096_imul10:
addq $4096, %rbx
andq $0xffffff, %rbx
movq (%rdi,%rbx), %rax
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
decq %r15
jne L_ld1_s4096_imul10
L_imul10:
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
imulq %rcx, %rcx
decq %r15
jne L_imul10
