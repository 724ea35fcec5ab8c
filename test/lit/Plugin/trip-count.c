// A loop whose trip count per entry SCEV knows (16) gets the per-entry
// prediction beside the steady state: the same figures as
// `loop-uarch-report --trip-count=16` on the same loop
// (test/lit/Sim/trip-count.test; measured on the Zen 4 host: 1.10 cycles
// per inner iteration for the whole nest, eval/trip-count/znver4.csv).
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-mcpu=znver4 -fsave-optimization-record -foptimization-record-file=%t.yaml -c %s -o %t.o
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
// The per-entry runs stop at -uarch-max-trip-count (a compile-time
// experiment; docs/plugin.md): 16 iterations per entry are above 15.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-max-trip-count=15 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-max-trip-count=16 -c %s -o %t.o 2>&1 | FileCheck %s

void reduce_rows(double (*restrict a)[16], const double *restrict b,
                 double *restrict out, int rows) {
  for (int i = 0; i < rows; ++i) {
    double s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < 16; ++j)
      s += a[i][j] * b[j];
    out[i] = s;
  }
}
// CHECK: trip-count.c:[[@LINE-5]]:{{.*}}: 3.00 cycles/iteration, {{.*}}; for 16 iterations/entry (SCEV): 16.00 cycles/entry, 1.00 cycles/iteration (chains restarting each entry)
// YAML: - TripCount: '16'
// YAML: - CyclesPerEntry: '16.00'
// YAML: - TripCountCycles: '1.00'
// LIMIT: trip-count.c:[[@LINE-9]]:{{.*}}: 3.00 cycles/iteration, {{.*}}; bottleneck:
// LIMIT-NOT: iterations/entry

// An unknown trip count: no per-entry figure.
void scale(double *restrict a, const double *restrict b, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = 3.0 * b[i];
}
// CHECK: trip-count.c:[[@LINE-3]]:{{.*}} cycles/iteration
// CHECK-NOT: iterations/entry
