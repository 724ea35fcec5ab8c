# Dependencies through memory when addresses provably match: same
# registers, constant-stride updates folded in.
# RUN: split-file %s %t
# RUN: %loop-uarch-report -mcpu=skylake %t/same-iteration.s | FileCheck %s --check-prefix=SAME
# RUN: %loop-uarch-report -mcpu=skylake %t/rmw.s | FileCheck %s --check-prefix=RMW
# RUN: %loop-uarch-report -mcpu=skylake %t/stride.s | FileCheck %s --check-prefix=STRIDE
# RUN: %loop-uarch-report -mcpu=skylake %t/distance2.s | FileCheck %s --check-prefix=DIST2
# RUN: %loop-uarch-report -mcpu=skylake %t/no-dep.s | FileCheck %s --check-prefix=NODEP
# RUN: %loop-uarch-report -mcpu=skylake %t/partial.s | FileCheck %s --check-prefix=PARTIAL

# addsd (4) -> store -> load -> addsd: the forwarded value reaches the
# vector load no sooner than its load-to-use latency (5; forwarding alone
# is 4): 9 cycles.
# SAME: Cycles per iteration: 9.00
# SAME: 9.00 xmm0: 3 instructions (binding)

# A read-modify-write of a loop-invariant address: forwarding 4 + add 1.
# RMW: Cycles per iteration: 5.00
# RMW: 5.00 memory written by addq %rax, (%rbx): 1 instruction (binding)

# The load reads what the previous iteration stored at 8(%rdi), rdi += 8.
# Forwarding 4 + add 1.
# STRIDE: Cycles per iteration: 5.00
# STRIDE: 5.00 memory written by movq %rax, 8(%rdi): 3 instructions (binding)

# The load reads what was stored two iterations earlier (16(%rdi), rdi +=
# 8): 5 cycles of latency per two iterations.
# DIST2: Cycles per iteration: 2.50
# DIST2: loop-carried dependency    2.50   3 instructions, 5.00 cycles per 2 iterations through memory written by movq %rax, 16(%rdi)

# Same registers, but the addresses never meet (the store is behind the
# loads): no memory recurrence.
# NODEP-NOT: memory written by

# A 64-bit load of what a 32-bit store wrote in the previous iteration:
# forwarding fails, the load waits for the store to commit (Skylake's 16
# cycles) and its own load latency; then the add: 17 cycles.
# PARTIAL: Cycles per iteration: 17.00
# PARTIAL: loop-carried dependency   17.00   3 instructions, 17.00 cycles per iteration through memory written by movl %eax, 8(%rdi)

#--- same-iteration.s
.L1:
movsd %xmm0, (%rdi)
movsd (%rdi), %xmm1
addsd %xmm1, %xmm0
dec %rcx
jnz .L1
#--- rmw.s
.L2:
addq %rax, (%rbx)
dec %rcx
jnz .L2
#--- stride.s
.L3:
movq (%rdi), %rax
addq $1, %rax
movq %rax, 8(%rdi)
addq $8, %rdi
dec %rcx
jnz .L3
#--- distance2.s
.L4:
movq (%rdi), %rax
addq $1, %rax
movq %rax, 16(%rdi)
addq $8, %rdi
dec %rcx
jnz .L4
#--- no-dep.s
.L5:
movq (%rdi), %rax
addq $1, %rax
movq %rax, -8(%rdi)
addq $8, %rdi
dec %rcx
jnz .L5
#--- partial.s
.L6:
movq (%rdi), %rax
addl $1, %eax
movl %eax, 8(%rdi)
addq $8, %rdi
dec %rcx
jnz .L6
