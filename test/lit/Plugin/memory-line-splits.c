// Loads that split a line cost the L1 a second access for each 32-byte
// piece that crosses (Zen 4, measured: utils/line-split.c). Which pieces
// cross comes from SCEV: the access's offset from its array, taken to
// start on a line, and its strides (docs/memory.md, "Loads that split a
// line"), not from the instruction's displacement, whose base register
// may itself be off a line.
// REQUIRES: plugin
// RUN: %clang -O2 -fno-unroll-loops -march=znver4 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s

#define N 32
double A[N * N], B[N * N];

// utils/memory-kernels.c's 5-point stencil at 32 x 32 (16 KiB, in L1):
// 4-wide vectors from j = 1, 8 bytes into a line. The three rows' loads
// sit at 8 and 40 bytes into their lines in turn (half of them split), the
// left neighbour's at 0 and 32 (none), the right one's at 16 and 48 (half):
// five 32-byte loads and 2 x 32 bytes of second accesses per iteration,
// 224 bytes at 64 bytes/cycle = 3.50 cycles. By the displacements alone
// (the base register is A + 520) only the neighbours' loads looked
// misaligned: 2.88.
void stencil5(double s) {
  for (long i = 1; i < N - 1; ++i)
    for (long j = 1; j < N - 1; ++j)
      B[i * N + j] = s * (A[i * N + j] + A[(i - 1) * N + j] +
                          A[(i + 1) * N + j] + A[i * N + j - 1] +
                          A[i * N + j + 1]);
}
// CHECK: memory-line-splits.c:[[@LINE-5]]:{{.*}}vector body{{.*}}data in L1d (working set {{[0-9]+}} B, SCEV): 3.50 cycles/iteration {{.*}}, memory-bound (L1 bandwidth)

// Two rows from j = 0 into a third: every access on a 32-byte boundary,
// nothing splits: 64 bytes loaded (1 cycle) and 32 stored (1 cycle),
// mixed at the L1's copy bandwidth, 1.33 cycles.
void rows(void) {
  for (long i = 1; i < N; ++i)
    for (long j = 0; j < N - 4; ++j)
      B[i * N + j] = A[i * N + j] + A[(i - 1) * N + j];
}
// CHECK: memory-line-splits.c:[[@LINE-3]]:{{.*}}vector body{{.*}}data in L1d (working set {{[0-9]+}} B, SCEV): 1.33 cycles/iteration
