// The TLB's reach is counted in the pages an access touches between two
// uses of its page, from SCEV page by page (docs/memory.md, "Page walks"):
// a column walk touches a page per row although its working set counts a
// line per row. Zen 4 on the measured host keeps a cyclic walk's
// translations up to 2,048 pages and misses every new page from 4,096
// (utils/page-walk.c); a walk adds 54 / 6 = 9 cycles.
// REQUIRES: plugin
// RUN: %clang -O2 -fno-unroll-loops -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s

#define COLS 1200
double A[1400][COLS], B[1000][COLS];
double S[COLS];

// covariance LARGE's inner loop: two column walks, rows 9,600 bytes
// apart, 2 x 1,400 pages until the j loop comes back to them: (2,800 -
// 2,048) / 2,048 = 37% of the new pages walk, 2 x 0.367 x 9 = 6.61 cycles
// on top of the L2's 4.06 (two lines at 32 bytes/cycle).
void walk1400(int i) {
  for (int j = 0; j < COLS; ++j) {
    double s = 0;
    for (int k = 0; k < 1400; ++k)
      s += A[k][i] * A[k][j];
    S[j] = s;
  }
}
// CHECK: memory-page-walks.c:[[@LINE-5]]:{{.*}}data in L2 (working set 13449600 B, SCEV): 10.6{{[0-9]}} cycles/iteration {{.*}}, memory-bound (TLB (page walks))

// 2 x 1,000 pages: within the reach, no walks. The j loop sweeps all of
// B (9.2 MiB, just beyond the L3's usable 9.03 MiB: 99% of its lines still
// there, servedShare): each line's first use of 8 comes from L3,
// unprefetched (docs/memory.md, "Column walks over arrays beyond L3"):
// 1/8 x 52 cycles / 15 misses in flight = 0.43 on top of the L2's 4.06.
void walk1000(int i) {
  for (int j = 0; j < COLS; ++j) {
    double s = 0;
    for (int k = 0; k < 1000; ++k)
      s += B[k][i] * B[k][j];
    S[j] = s;
  }
}
// CHECK: memory-page-walks.c:[[@LINE-5]]:{{.*}}data in L2 (working set 9609600 B, SCEV): 4.50 cycles/iteration {{.*}}, memory-bound (L2 bandwidth)

// X is walked in order and through idx: the access SCEV cannot follow
// counts the whole array, which the affine one already counts (X once,
// 512 KiB, and idx 256 KiB; before, X counted twice: 1,310,720 B).
#define N 65536
double X[N];
double gatherSum(const int *idx) {
  double s = 0;
  for (long i = 0; i < N; ++i)
    s += X[i] * X[idx[i]];
  return s;
}
// CHECK: memory-page-walks.c:[[@LINE-4]]:{{.*}}(working set 786432 B, SCEV)

// A strided walk, one load per 4,160 bytes over 512 KiB: SCEV counts its
// pages exactly (128) - no walks, where the estimate from bytes without a
// cap (a page per line: 8,192 pages) charged walks to every such stream.
#define SN (512 * 1024 / 8)
double T[SN];
double strided(void) {
  double t = 0;
  for (long o = 0; o < 520; o += 8)
    for (long i = o; i < SN; i += 520)
      t += T[i];
  return t;
}
// CHECK: memory-page-walks.c:[[@LINE-4]]:{{.*}}bottleneck: loop-carried dependency; data in L2 (working set 524160 B, SCEV): 3.00 cycles/iteration (ECM sum {{[0-9.]+}}); 8190 iterations per run
