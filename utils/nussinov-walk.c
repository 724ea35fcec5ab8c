// Nussinov's inner loop (PolyBench medley/nussinov, the k loop:
// table[i][j] = max(table[i][j], table[i][k] + table[k+1][j])), timed
// natively in three forms, to tell its core cost from its column walk's
// (docs/memory.md, "Iterations per run of a nest"; eval/memory/
// znver4-nussinov.txt). Usage:
//   clang-22 -O2 -fno-unroll-loops -march=native -o /tmp/nussinov-walk
//   utils/nussinov-walk.c flock /tmp/luarch-measure.lock taskset -c 1
//   /tmp/nussinov-walk
// Prints, per N (500 = MEDIUM, 2500 = LARGE) and variant, core cycles per
// k iteration (C(N, 3) of them; the best of 3 runs, 1 for N > 1000):
//   0: PolyBench's loop (table[i][j] stored every iteration);
//   1: the column table[k+1][j] read from a transposed copy (a row walk);
//   2: the column walk with the maximum kept in a register.
#define _GNU_SOURCE
#include "microbench.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define max_score(a, b) ((a) >= (b) ? (a) : (b))
// variant 0: the k loop as PolyBench writes it (table[i][j] stored each
// iteration)
__attribute__((noinline)) static void v0(int n, int *T) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      for (int k = i + 1; k < j; k++)
        T[(long)i * n + j] = max_score(
            T[(long)i * n + j], T[(long)i * n + k] + T[(long)(k + 1) * n + j]);
}
// variant 1: the same with the column read from a transposed copy (a row walk)
__attribute__((noinline)) static void v1(int n, int *T, const int *TT) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      for (int k = i + 1; k < j; k++)
        T[(long)i * n + j] = max_score(
            T[(long)i * n + j], T[(long)i * n + k] + TT[(long)j * n + k + 1]);
}
// variant 2: column walk, the maximum kept in a register (no store per
// iteration)
__attribute__((noinline)) static void v2(int n, int *T) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      int m = T[(long)i * n + j];
      const int *restrict r = T + (long)i * n;
      for (int k = i + 1; k < j; k++) {
        int s = r[k] + T[(long)(k + 1) * n + j];
        m = max_score(m, s);
      }
      T[(long)i * n + j] = m;
    }
}
int main(int argc, char **argv) {
  double hz = coreHz();
  printf("# core clock %.3f GHz\n", hz / 1e9);
  int ns[] = {500, 1000, 2500};
  for (int a = 0; a < 3; ++a) {
    int n = ns[a];
    if (argc > 1 && atoi(argv[1]) && n != atoi(argv[1]))
      continue;
    int *T = malloc(sizeof(int) * n * n), *TT = malloc(sizeof(int) * n * n);
    double it = (double)n * (n - 1) * (n - 2) / 6;
    for (int v = 0; v < 3; ++v) {
      double best = 1e30;
      for (int r = 0; r < (n > 1000 ? 1 : 3); ++r) {
        for (long x = 0; x < (long)n * n; ++x) {
          T[x] = (x * 7) % 13;
          TT[x] = T[(x % n) * n + x / n];
        }
        double t = now();
        if (v == 0)
          v0(n, T);
        else if (v == 1)
          v1(n, T, TT);
        else
          v2(n, T);
        t = now() - t;
        if (t < best)
          best = t;
      }
      printf("n=%d variant=%d cycles_per_k_iteration=%.2f\n", n, v,
             best * hz / it);
      fflush(stdout);
    }
    free(T);
    free(TT);
  }
}
