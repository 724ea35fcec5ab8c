// The same loop gets the same answer from the plugin, from clang's assembly,
// from its object file and from its IR (.ll with use-list order, .bc): the
// tool finds loops as the plugin does, as the innermost cycles of the
// control-flow graph, blocks in layout order.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -c %s -o %t/x.o 2> %t/remarks
// RUN: %clang -O2 -S %s -o %t/x.s
// RUN: %clang -O2 -S -emit-llvm -Xclang -emit-llvm-uselists %s -o %t/x.ll
// RUN: %clang -O2 -c -emit-llvm %s -o %t/x.bc
// RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity %t/x.s > %t/s.txt
// RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity %t/x.o > %t/o.txt
// RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity %t/x.ll > %t/ll.txt
// RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity %t/x.bc > %t/bc.txt
// RUN: echo "== asm" > %t/sep-s; echo "== obj" > %t/sep-o; echo "== ll" > %t/sep-ll; echo "== bc" > %t/sep-bc
// RUN: cat %t/remarks %t/sep-s %t/s.txt %t/sep-o %t/o.txt %t/sep-ll %t/ll.txt %t/sep-bc %t/bc.txt | FileCheck %s

// A 64-bit divide: x86 codegen bypasses slow divides with a 32-bit divl
// when both operands fit, so the body is a diamond per element (unrolled by
// two), laid out with its header in the middle: the backward branches in
// the assembly are not the loop's back edge. One loop, not two overlapping
// ones.
long divsum(const long *a, long d, long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i] / d;
  return s;
}

// A vector body and its scalar remainder, whose latch test branch folding
// merged with the vector loop's exit test: the remainder is entered at two
// blocks (an irreducible cycle, no natural loop), a loop all the same.
void axpy(double *restrict y, const double *restrict x, double a, long n) {
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

// CHECK: same-loop.c:[[#DIV:]]:3: remark: loop: scalar loop (2 elements/iteration): [[DIV1:[0-9]+\.[0-9]+]] cycles/iteration
// CHECK: same-loop.c:[[#DIV+9]]:3: remark: loop: vector body [1 of 2 here, [[VEC:.LBB1_[0-9]+]]] {{.*}}: [[AXPY1:[0-9]+\.[0-9]+]] cycles/iteration
// CHECK: same-loop.c:[[#DIV+9]]:3: remark: loop: scalar remainder [2 of 2 here, [[REM:.LBB1_[0-9]+]]] {{.*}}: [[AXPY2:[0-9]+\.[0-9]+]] cycles/iteration

// CHECK-LABEL: == asm
// CHECK: Kernel: divsum:.LBB0_{{[0-9]+}}
// CHECK: Cycles per iteration: [[DIV1]] [simulated
// CHECK-NOT: Kernel: divsum
// CHECK: Kernel: axpy:[[VEC]]
// CHECK: Cycles per iteration: [[AXPY1]] [simulated
// CHECK: Kernel: axpy:[[REM]]
// CHECK: Cycles per iteration: [[AXPY2]] [simulated

// CHECK-LABEL: == obj
// CHECK: Kernel: divsum:
// CHECK: Cycles per iteration: [[DIV1]] [simulated
// CHECK-NOT: Kernel: divsum
// CHECK: Kernel: axpy:
// CHECK: Cycles per iteration: [[AXPY1]] [simulated
// CHECK: Kernel: axpy:
// CHECK: Cycles per iteration: [[AXPY2]] [simulated

// CHECK-LABEL: == ll
// CHECK: Kernel: divsum:
// CHECK: Cycles per iteration: [[DIV1]] [simulated
// CHECK-NOT: Kernel: divsum
// CHECK: Kernel: axpy:
// CHECK: Cycles per iteration: [[AXPY1]] [simulated
// CHECK: Kernel: axpy:
// CHECK: Cycles per iteration: [[AXPY2]] [simulated

// CHECK-LABEL: == bc
// CHECK: Kernel: divsum:
// CHECK: Cycles per iteration: [[DIV1]] [simulated
// CHECK-NOT: Kernel: divsum
// CHECK: Kernel: axpy:
// CHECK: Cycles per iteration: [[AXPY1]] [simulated
// CHECK: Kernel: axpy:
// CHECK: Cycles per iteration: [[AXPY2]] [simulated
