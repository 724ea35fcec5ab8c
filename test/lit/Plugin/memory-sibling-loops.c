// Two sibling loops walking the same column of an array touch the same
// lines: the working set is the array once (512 x 512 doubles, 2 MiB), not
// once per loop. SCEV gives the two accesses recurrences of different loops
// ({G + 8 j + 4096 i}<first i loop>, <second i loop>); the footprint compares
// them at the first iteration of the loops inside the one measured
// (docs/memory.md). Before, they counted twice: 2621440 B.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -c %s -o %t.o 2>&1 | FileCheck %s

#define R 512
#define C 512
double G[R][C];

void columns(void) {
  for (int j = 0; j < C; ++j) {
    double s = 0;
    for (int i = 0; i < R; ++i)
      s += G[i][j];
// CHECK: memory-sibling-loops.c:[[@LINE-2]]:{{.*}}; data in L2 (working set 2097152 B, SCEV)
    for (int i = 0; i < R; ++i)
      G[i][j] *= s;
// CHECK: memory-sibling-loops.c:[[@LINE-2]]:{{.*}}; data in L2 (working set 2097152 B, SCEV)
  }
}
