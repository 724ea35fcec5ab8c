// A scalar remainder runs X mod VF iterations in a row of X elements, and
// is not entered where X is a multiple of VF: its iterations per run of the
// nest are the sum of X mod VF over the rows, not its per-entry average
// times every row (debt21; PolyBench syrk's remainder said 2,400 where
// 1,800 run). With X affine in the row, X mod VF repeats every VF rows,
// and the sum is taken exactly (Nest::remainderSum).
// Znver4, -fno-unroll-loops: VF 8, interleave 1 (memory-remainder-trips.c),
// but for the 20 short rows.
// REQUIRES: plugin
// RUN: %clang -O2 -march=znver4 -fno-unroll-loops -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s
// The same on SCEV after LSR (no record from before it):
// RUN: %clang -O2 -march=znver4 -fno-unroll-loops -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-verify-trip-shortcut -c %s -o %t.o 2>&1 | FileCheck %s

double E[300][600], F[300][600], S[20][20];

// Rows of X = 2i + 2 elements, i < 300: X mod 8 = 2, 4, 6, 0 in turn, so
// 75 x (2 + 4 + 6) = 900 iterations in 225 entries (the rows of 2, 4 and
// 6 elements skip the vector loop and run whole, X mod 8 all the same).
// Before: 4 per entry (VF/2, the average over entries) x 300 rows = 1200.
void even(double b) {
  for (int i = 0; i < 300; i++)
    for (int j = 0; j < 2 * i + 2; j++)
      E[i][j] *= b;
}
// CHECK: memory-nest-remainder.c:[[@LINE-3]]:{{.*}}vector body
// CHECK: memory-nest-remainder.c:[[@LINE-4]]:{{.*}}scalar remainder{{.*}}for 4 iterations/entry{{.*}}; 900 iterations per run of the nest

// The same rows 10 times: 10 x 900 = 9000. Before: Simpson's rule over the
// rows' counts at the first, middle and last row (2, 4, 4: the middle
// row's average) gave 10 x 300 x 11/3 = 11000.
void repeated(double b) {
  for (int k = 0; k < 10; k++)
    for (int i = 0; i < 300; i++)
      for (int j = 0; j < 2 * i + 2; j++)
        F[i][j] *= b;
}
// CHECK: memory-nest-remainder.c:[[@LINE-3]]:{{.*}}vector body
// CHECK: memory-nest-remainder.c:[[@LINE-4]]:{{.*}}scalar remainder{{.*}}; 9000 iterations per run of the nest

// Rows of X = 1..20 elements, which the vectorizer takes 4 at a time
// (VF 4): X mod 4 = 1, 2, 3, 0 five times, 30 iterations in 15 entries.
// Before: 2 per entry x 20 = 40.
void small(double b) {
  for (int i = 0; i < 20; i++)
    for (int j = 0; j <= i; j++)
      S[i][j] *= b;
}
// CHECK: memory-nest-remainder.c:[[@LINE-3]]:{{.*}}vector body
// CHECK: memory-nest-remainder.c:[[@LINE-4]]:{{.*}}scalar remainder{{.*}}for 2 iterations/entry{{.*}}; 30 iterations per run of the nest
