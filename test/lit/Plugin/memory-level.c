// The plugin's remark names the memory level a loop's data lives in, from
// SCEV: the working set of the loop nest and where each access's lines are
// reused (docs/memory.md). Skylake: 32 KiB L1, 256 KiB L2, 8 MiB L3.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylake -fsave-optimization-record -foptimization-record-file=%t.yaml -c %s -o %t.o
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml

#define N (4 * 1024 * 1024)
double a[N], b[N];

// 2 x 32 MiB: DRAM's bandwidth sets the pace, not the core.
void scale(void) {
  for (long i = 0; i < N; ++i)
    a[i] = 3.0 * b[i];
}
// CHECK: memory-level.c:[[@LINE-3]]:{{.*}} bottleneck: memory-bound (DRAM bandwidth); data in DRAM (working set 67108864 B, SCEV): {{[0-9.]+}} cycles/iteration (ECM sum {{[0-9.]+}}), memory-bound (DRAM bandwidth)

#define M 600
double A[M][M], B[M][M];

// 2 x 2.7 MiB (B is written in rows and columns 1-598): the new row of A and the row of B come from L3; the rows
// above and below were read one and two iterations of i ago (3 rows of A
// and one of B, 19 KiB: more than half of L1, within half of L2).
void stencil(void) {
  for (int i = 1; i < M - 1; ++i)
    for (int j = 1; j < M - 1; ++j)
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
// CHECK: memory-level.c:[[@LINE-3]]:{{.*}}; data in L3 (working set 5750400 B, SCEV): {{[0-9.]+}} cycles/iteration (ECM sum {{[0-9.]+}}), memory-bound (L3 bandwidth)

#define K 256
double x[K], y[K];

// 4 KiB: everything stays in L1, the core limits.
void small(void) {
  for (int i = 0; i < K; ++i)
    x[i] = 3.0 * y[i];
}
// CHECK: memory-level.c:[[@LINE-3]]:{{.*}}; data in L1d (working set 4096 B, SCEV): {{[0-9.]+}} cycles/iteration (ECM sum {{[0-9.]+}}){{;|$}}
// CHECK-NOT: memory-bound

// YAML:      Name: LoopThroughput
// YAML:        - MemoryLevel: DRAM
// YAML-NEXT:   - String: ' (working set '
// YAML-NEXT:   - WorkingSet: '67108864'
// YAML:        - MemoryCycles:
// YAML:        - MemoryVerdict: 'memory-bound (DRAM bandwidth)'
// YAML:        - Iterations: '524288'

// The count is reloaded each iteration (an int store may change d->n): SCEV
// knows no count, only that the int induction variable cannot pass
// 2^31 - 1. That is the type's range, not a working set of 8 GiB in DRAM.
struct Table { int n; int *v; };
void clearTable(struct Table *d) {
  for (int i = 0; i < d->n; i++)
    d->v[i] = 0;
}
// CHECK: memory-level.c:[[@LINE-3]]:{{.*}}; memory level unknown: the loop's trip count is unknown to SCEV
// CHECK-NOT: 2147483647 iterations
