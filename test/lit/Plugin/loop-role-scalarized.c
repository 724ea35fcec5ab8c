// A vectorized loop whose lanes were all scalarized (a scatter on AVX2,
// which has none): no vector types remain, yet the vectorizer's loops are
// a vector body and epilogue doing VF x interleave source iterations, and
// the scalar remainder does one.
// REQUIRES: plugin
// RUN: %clang -O3 -march=haswell -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-mcpu=haswell -Rpass='uarch|loop-vectorize' -c %s -o /dev/null 2>&1 | FileCheck %s

void scatter(double *restrict a, const double *restrict b,
             const int *restrict idx, long n) {
  for (long i = 0; i < n; ++i)
    a[idx[i]] = b[i];
}

// CHECK: loop-role-scalarized.c:[[#L:]]:3: remark: vectorized loop (vectorization width: [[#VF:]], interleaved count: [[#IC:]])
// CHECK: loop-role-scalarized.c:[[#L]]:3: remark: loop: vector body [1 of 3 here, .LBB0_{{[0-9]+}}] ([[#mul(VF,IC)]] elements/iteration)
// CHECK: loop-role-scalarized.c:[[#L]]:3: remark: loop: vector epilogue [2 of 3 here, .LBB0_{{[0-9]+}}] ([[#]] elements/iteration)
// CHECK: loop-role-scalarized.c:[[#L]]:3: remark: loop: scalar remainder [3 of 3 here, .LBB0_{{[0-9]+}}] (1 element/iteration)
