// The trip counts come from before LSR (PreLSRTripCounts, docs/plugin.md
// "Trip counts before LSR"). A loop unrolled by 4 with a count n unknown at
// compile time has a remainder loop that runs n & 3 times per entry, 1 to
// 3: it is entered only past the check n & 3 != 0. Before LSR that check's
// block dominates the remainder, and SCEV's count n & 3 - 1 has the
// maximum 2 (3 iterations, the count taken). CodeGenPrepare then lets the
// path for n < 4 jump to the remainder past the check, so on the IR the
// machine pass sees the count -1 + zext(trunc n to i2) may wrap (maximum
// 2^64 - 1): no count. The unrolled loop's n / 4 is unknown either way.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-time-report -c %s -o %t.o 2>&1 | FileCheck %s
// The fallback: without LSR (as at -O0, or for loops made after it) the
// pass does not run, and the machine pass asks SCEV on its own IR, as
// before: the remainder is not counted.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-time-report -mllvm -disable-lsr -c %s -o %t.nolsr.o 2>&1 | FileCheck %s --check-prefix=NOLSR
// Counting changes no code: the objects are the same as without remarks.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -c %s -o %t.plain.o
// RUN: cmp %t.o %t.plain.o

void scale(double *restrict a, const double *restrict b, long n) {
#pragma clang loop vectorize(disable) unroll_count(4)
  for (long i = 0; i < n; ++i)
    a[i] = 3.0 * b[i];
}
// CHECK: trip-count-before-lsr.c:[[@LINE-3]]:{{.*}}scalar loop [1 of 2 here{{.*}}memory level unknown: the loop's trip count is unknown to SCEV
// CHECK: trip-count-before-lsr.c:[[@LINE-4]]:{{.*}}scalar remainder [2 of 2 here{{.*}}; for 3 iterations/entry (SCEV): {{.*}}; 3 iterations per run of the nest
// CHECK: uarch: trip counts before LSR: 2 loops in 2 nests, {{[0-9.]+}} ms; the memory step took 2 loops' counts from them, asked SCEV after LSR for 0, found 0 uncountable from the IR
// NOLSR: trip-count-before-lsr.c:[[@LINE-6]]:{{.*}}scalar loop [1 of 2 here{{.*}}memory level unknown: the loop's trip count is unknown to SCEV
// NOLSR: trip-count-before-lsr.c:[[@LINE-7]]:{{.*}}scalar remainder [2 of 2 here{{.*}}memory level unknown: the loop's trip count is unknown to SCEV
// NOLSR: uarch: trip counts before LSR: 0 loops in 0 nests, {{[0-9.]+}} ms; the memory step took 0 loops' counts from them, asked SCEV after LSR for 2, found 0 uncountable from the IR
