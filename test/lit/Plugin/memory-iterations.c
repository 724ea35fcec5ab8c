// The plugin's memory prediction re-simulates the loop with its loads at
// the latency of the level serving them for a fixed number of iterations
// and measures the second half (lib/Report/MemoryPrediction.cpp):
// -uarch-memory-iterations, 500 in the plugin (compile time), 1,000 in the
// tool. Both give this loop the same figures; 8 iterations are too few
// (the first loads' latency is still in the measured half: 14.62).
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-memory-iterations=1000 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-memory-iterations=8 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FEW

#define N 2048
double A[N][N];

// A column walk: every load a new line, 2,048 lines (128 KiB) per run, in
// Zen 4's 1 MiB L2. Unrolled by 4, the sum is a chain of 4 addsd per
// iteration at 3 cycles each (Zen 4's FP add latency): 12 cycles, which
// the independent L2 loads (14 cycles, overlapping) do not lengthen.
double column(int j) {
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += A[i][j];
  return s;
}
// CHECK: memory-iterations.c:[[@LINE-4]]:{{.*}}: 12.00 cycles/iteration{{.*}}; data in L2 (working set 131072 B, SCEV): 12.00 cycles/iteration (ECM sum {{[0-9.]+}});
// FEW: memory-iterations.c:[[@LINE-5]]:{{.*}}: 12.00 cycles/iteration{{.*}}; data in L2 (working set 131072 B, SCEV): {{1[3-9]\.[0-9][0-9]}} cycles/iteration (ECM sum
