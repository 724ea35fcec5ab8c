// A loop whose vector body clang unrolls away (a constant trip count of
// 124: VF 8 x 4 runs 3 times, then fully unrolled) leaves only remainder and
// runtime-check fallback loops, and straight-line code the model scores by
// a static bound only. The tuner does not trust that comparison: such a
// candidate never wins, and clang's choice (unrolled away too) is scored
// without its remainder loops, the case most favourable to it, so it is
// kept here (PolyBench atax at SMALL on Zen 4: the candidates chosen
// against it before ran 8-13% slower).
// REQUIRES: plugin
// RUN: %clang -O3 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass=uarch -Rpass-missed=uarch -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -march=znver4 -gline-tables-only -Xclang -disable-llvm-optzns -S -emit-llvm %s -o %t.ll
// RUN: %loop-uarch-report -mcpu=znver4 --tune --tune-opt-level=3 %t.ll | FileCheck %s --check-prefix=TABLE

void kernel(int m, double A[116][124], double x[124], double y[124],
            double tmp[116]) {
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < 124; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

// CHECK: unrolled-away.c:[[@LINE-5]]:5: remark: clang's choice kept{{.*}} [-Rpass-missed=uarch]
// CHECK-NOT: remark: {{(scalar|vectorized)[^:]*}}: predicted
// TABLE: default {{.*}}| around {{[0-9.]+}} | its main loop was fully unrolled: scored without its remainder loops (the most favourable case)
// TABLE: 4x1 {{.*}}| unsure: its main loop was fully unrolled: straight-line code is scored by a static bound only
// TABLE: decision: clang's choice kept
