# The llvm-mca-style timeline: a dependent imul chain (latency 3) and the
# fused dec/jnz. Issue at cycle 1 (the queue fills in cycle 0), dispatch
# 5 cycles after issue at the earliest on Skylake (uiCA's issue-to-dispatch
# delay), i.e. from cycle 6, 3 cycles per imul; iteration 1 is delivered a
# cycle later (the taken branch ends the uop cache's delivery cycle) and
# its imul waits for the first one's result (cycle 9).
# RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity --timeline --timeline-iterations=2 %s | FileCheck %s

# CHECK: Cycles per iteration: 3.00
# CHECK: Timeline (first 2 iterations; D issued, = waiting, e executing, E done, - waiting to retire, R retired)
# CHECK: [0,0] D====eeeR imulq %rbx, %rax
# CHECK-NEXT: [0,1] D====eE-R decq %r15
# CHECK-NEXT: [0,2] D-------R jne .L
# CHECK-NEXT: [1,0] D======eeeR imulq %rbx, %rax
.L:
imulq %rbx, %rax
decq %r15
jne .L
