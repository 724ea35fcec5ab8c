// -uarch-tune-force applies a candidate to the loop at LINE:COL as the
// tuner would, with nothing compiled (the oracle of
// utils/tune-polybench.py): the vectorizer does exactly that.
// REQUIRES: plugin
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-force=9:3=4x2,14:3=u4 '-Rpass=uarch|loop-vectorize' -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-force=9:3=u4 -Rpass=loop-unroll -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNROLL

void axpy(float *restrict y, const float *restrict x, float a, long n) {
  for (long i = 0; i < n; i++)
    y[i] += a * x[i];
}

void copy(float *restrict y, const float *restrict x, long n) {
  for (long i = 0; i < n; i++)
    y[i] = x[i] * x[i];
}

// CHECK: force.c:9:3: remark: forced by -uarch-tune-force: vectorized x4, interleaved x2 [-Rpass=uarch]
// CHECK: force.c:9:3: remark: vectorized loop (vectorization width: 4, interleaved count: 2) [-Rpass=loop-vectorize]
// CHECK: force.c:14:3: remark: forced by -uarch-tune-force: scalar, unrolled x4 [-Rpass=uarch]
// CHECK-NOT: force.c:14:3: remark: vectorized loop
// UNROLL: force.c:9:3: remark: unrolled loop by a factor of 4 with run-time trip count [-Rpass=loop-unroll]
