// Iterations per run of a nest whose innermost count is not linear in the
// outer induction variables: the sum over the nest, by Simpson's rule over
// the outer loop's first, middle and last iteration (docs/memory.md,
// "Iterations per run"). The product of each loop's count at its
// enclosing loops' middle iteration, used before, is that sum only for
// linear counts: it undercounted PolyBench nussinov's k loop by 25 %.
// REQUIRES: plugin
// RUN: %clang -O2 -march=znver4 -fno-vectorize -fno-unroll-loops -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s

int T[120][120];
double A[100][100], B[100][100], C[100][50];

#define max_score(a, b) ((a) >= (b) ? (a) : (b))

// PolyBench nussinov's innermost loop, i+1 < k+1 <= j < 120: C(120, 3) =
// 280840 iterations. The i loop (x = 119 - i) at x = 0, 59, 119 sums
// 0, 59 x 29 = 1711 and 119 x 59 = 7021 k iterations over j (linear in j:
// its count at the middle j, times the j loop's count); Simpson:
// 120 x (0 + 4 x 1711 + 7021) / 6 = 277300 (the product: 120 x 59 x 29 =
// 205320).
void nussinov(void) {
  for (int i = 119; i >= 0; i--)
    for (int j = i + 1; j < 120; j++)
      for (int k = i + 1; k < j; k++)
        T[i][j] = max_score(T[i][j], T[i][k] + T[k + 1][j]);
}
// CHECK: memory-nest-iterations.c:[[@LINE-3]]:{{.*}}; 277300 iterations per run of the nest

// PolyBench symm's k < i loop under a rectangle: 50 x (0 + ... + 99) =
// 247500. At i = 0 SCEV's count (i - 1, zero-extended) is 2^32 - 1: the
// loop is not entered there, 0 iterations. i = 0, 49, 99 sum 0, 50 x 49 =
// 2450 and 50 x 99 = 4950; Simpson: 100 x (0 + 9800 + 4950) / 6 = 245833
// (the product: 100 x 50 x 49 = 245000).
void symm(void) {
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 50; j++) {
      double S = 0;
      for (int k = 0; k < i; k++)
        S += A[k][j] * B[i][k];
      C[i][j] = S;
    }
}
// CHECK: memory-nest-iterations.c:[[@LINE-5]]:{{.*}}; 245833 iterations per run of the nest
