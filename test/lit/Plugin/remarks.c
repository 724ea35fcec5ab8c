// The clang plugin: one remark per innermost loop after codegen, with the
// numbers loop-uarch-report gives for the same loop's assembly.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -Rpass-missed=uarch -mllvm -uarch-mcpu=skylake -c %s -o %t.o 2> %t.remarks
// RUN: FileCheck %s < %t.remarks
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass-analysis=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-verbose -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DETAILS
//
// The same loops through the tool, from clang's assembly of this file: the
// numbers must agree, loop for loop.
// RUN: %clang -O2 -S %s -o %t.s
// RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity %t.s > %t.tool
// RUN: cat %t.remarks %t.tool | FileCheck %s --check-prefix=AGREE

extern void consume(double);

// A reduction: the FP add chain sets the pace (unrolled by 4, remainder).
double dot(const double *a, const double *b, long n) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

// Nested loops: only the inner one is analysed.
void scale(float *restrict m, long rows, long cols, float f) {
  for (long r = 0; r < rows; ++r)
#pragma clang loop vectorize(disable) unroll(disable)
    for (long c = 0; c < cols; ++c)
      m[r * cols + c] *= f;
}

// A call in the loop: a missed remark, never an error.
void calls(double *a, long n) {
  for (long i = 0; i < n; ++i)
    consume(a[i]);
}

// Four dependent 4-cycle adds per iteration on Skylake: 16 cycles, 4 per element.
// CHECK: remarks.c:19:3: remark: loop: scalar loop [1 of 2 here, [[DOTLOOP:.LBB0_[0-9]+]]] (4 elements/iteration): 16.00 cycles/iteration, 4.000 cycles/element (simulated; static bound {{[0-9.]+}}, loop-carried dependency) on skylake; bottleneck: loop-carried dependency
// CHECK: remarks.c:19:3: remark: loop: scalar remainder [2 of 2 here, [[DOTREM:.LBB0_[0-9]+]]] (1 element/iteration): 4.00 cycles/iteration, 4.000 cycles/element
// CHECK: remarks.c:28:5: remark: loop: scalar loop [1 of [[#SCALES:]] here, [[SCALE1:.LBB1_[0-9]+]]] (1 element/iteration): [[#]].[[#]] cycles/iteration, [[#]].[[#]] cycles/element (simulated; static bound
// CHECK-NOT: remarks.c:26:
// CHECK: remarks.c:34:3: remark: loop not analysed: the loop contains a call [-Rpass-missed=uarch]

// DETAILS: remarks.c:19:3: remark: bounds: {{.*}}loop-carried dependency
// DETAILS: mulsd {{.*}}uops.info: MULSD
// DETAILS: remarks.c:28:5: remark: bounds:

// The vectorised dot loop and its remainder, then the inner scale loop.
// AGREE: remarks.c:19:3: remark: loop: scalar loop [1 of 2 here, [[DOTLOOP:.LBB0_[0-9]+]]] (4 elements/iteration): [[DOT1:[0-9]+\.[0-9][0-9]]] cycles/iteration
// AGREE: remarks.c:19:3: remark: loop: scalar remainder [2 of 2 here, [[DOTREM:.LBB0_[0-9]+]]] (1 element/iteration): [[DOT2:[0-9]+\.[0-9][0-9]]] cycles/iteration
// AGREE: remarks.c:28:5: remark: loop: scalar loop [1 of {{[0-9]}} here, [[SCALE1:.LBB1_[0-9]+]]] (1 element/iteration): [[SCALE:[0-9]+\.[0-9][0-9]]] cycles/iteration
// The remarks name the headers' labels in clang's assembly.
// AGREE: Kernel: dot:[[DOTLOOP]]
// AGREE: Cycles per iteration: [[DOT1]] [simulated
// AGREE: Kernel: dot:[[DOTREM]]
// AGREE: Cycles per iteration: [[DOT2]] [simulated
// AGREE: Kernel: scale:[[SCALE1]]
// AGREE: Cycles per iteration: [[SCALE]] [simulated
