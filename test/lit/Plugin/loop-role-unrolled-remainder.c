// The vectorizer's scalar remainder is also its fallback when the runtime
// alias check fails; at -O3 for plain x86-64 it lacks
// llvm.loop.unroll.runtime.disable and the unroller unrolls it x2. Two
// scalar source iterations per iteration are no vector loop: the remark
// says scalar remainder, 2 elements/iteration (it said "vector epilogue").
// REQUIRES: plugin
// RUN: %clang -O3 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylake -Rpass='uarch|loop-vectorize|loop-unroll' -c %s -o /dev/null 2>&1 | FileCheck %s

void daxpy(long n, double a, double *x, double *y) {
  for (long i = 0; i < n; i++)
    y[i] += a * x[i];
}

// CHECK: loop-role-unrolled-remainder.c:[[#L:]]:3: remark: vectorized loop (vectorization width: 2, interleaved count: 2)
// CHECK: loop-role-unrolled-remainder.c:[[#L]]:3: remark: unrolled loop by a factor of 2 with run-time trip count
// CHECK: loop-role-unrolled-remainder.c:[[#L]]:3: remark: loop: scalar remainder (2 elements/iteration)
// CHECK: loop-role-unrolled-remainder.c:[[#L]]:{{[0-9]+}}: remark: loop: vector body (VF 2, interleave 2: 4 elements/iteration)
// CHECK-NOT: vector epilogue
