// A floating-point reduction without reassociation stays in order: a forced
// width or interleave count would let the vectorizer reorder it (loop hints
// allow reordering) and change the results, so the tuner offers only
// scalar candidates for such loops, found with or without LCSSA form.
// REQUIRES: plugin
// RUN: %clang -O3 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass-analysis=uarch -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -march=znver4 -gline-tables-only -ffast-math -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass-analysis=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAST

double dot(const double *a, const double *b, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

// symm's shape: the reduction beside a store, inside a loop nest.
void symm(long m, long n, double C[m][n], const double A[m][m],
          const double B[m][n]) {
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++) {
      double t = 0;
      for (long k = 0; k < i; k++) {
        C[k][j] += B[i][j] * A[i][k];
        t += B[k][j] * A[i][k];
      }
      C[i][j] = C[i][j] + t;
    }
}

// CHECK: reduction.c:11:3: remark: candidates (trip count unknown, assumed 100, znver4; no vector or interleaved candidates: the loop has a floating-point reduction kept in order; reordering it would change the results): default [{{[^]]*}}]: {{[^;]*}}; u1: {{[^;]*}}; u2: {{[^;]*}}; u4: {{[^;]*}}; u8: {{[^;]*}}; [-Rpass-analysis=uarch]
// CHECK: reduction.c:22:7: remark: candidates ({{.*}}; no vector or interleaved candidates: the loop has a floating-point reduction kept in order
// With -ffast-math the reduction may be reassociated: vector candidates.
// FAST: reduction.c:11:3: remark: candidates (trip count unknown, assumed 100, znver4): default {{.*}}; 2x1: {{.*}}
