# Dependencies through memory when addresses provably match: same
# registers, constant-stride updates folded in.
# RUN: split-file %s %t
# RUN: %loop-uarch-report -mcpu=skylake %t/same-iteration.s | FileCheck %s --check-prefix=SAME
# RUN: %loop-uarch-report -mcpu=skylake %t/rmw.s | FileCheck %s --check-prefix=RMW
# RUN: %loop-uarch-report -mcpu=skylake %t/stride.s | FileCheck %s --check-prefix=STRIDE
# RUN: %loop-uarch-report -mcpu=skylake %t/no-dep.s | FileCheck %s --check-prefix=NODEP

# addsd (4) -> store -> load (store forwarding 5) -> addsd: 9 cycles.
# SAME: Cycles per iteration: 9.00
# SAME: 9.00 xmm0: 3 instructions (binding)

# A read-modify-write of a loop-invariant address: forwarding 5 + add 1.
# RMW: Cycles per iteration: 6.00
# RMW: 6.00 memory written by addq %rax, (%rbx): 1 instruction (binding)

# The load reads what the previous iteration stored at 8(%rdi), rdi += 8.
# STRIDE: Cycles per iteration: 6.00
# STRIDE: 6.00 memory written by movq %rax, 8(%rdi): 3 instructions (binding)

# Same registers, but the addresses never meet: no memory recurrence.
# NODEP-NOT: memory written by

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
#--- no-dep.s
.L4:
movq (%rdi), %rax
addq $1, %rax
movq %rax, 16(%rdi)
addq $8, %rdi
dec %rcx
jnz .L4
