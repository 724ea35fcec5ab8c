// Column walks: the inner loop of PolyBench's covariance/symm/cholesky
// (s += A[k][i] * A[k][j] over k, rows `Stride` bytes apart), timed
// natively, to find what a walk one row apart costs beyond its cache level
// (docs/memory.md, "Column walks"). Usage:
//   clang-22 -O2 -fno-unroll-loops -o /tmp/column-walk utils/column-walk.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/column-walk
// Prints, per row stride, rows per walk and page kind (4 KiB pages, or
// transparent 2 MiB pages via madvise), core cycles per inner iteration,
// and the huge pages the process held (AnonHugePages: whether THP applied).
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "microbench.h"

// One pass: every column j in [0, Cols) walked against column I.
__attribute__((noinline)) static double pass(const double *A, long RowElems,
                                             long Rows, long Cols, long I,
                                             int Two) {
  double Total = 0;
  for (long J = 0; J < Cols; ++J) {
    double S = 0;
    if (Two)
      for (long K = 0; K < Rows; ++K)
        S += A[K * RowElems + I] * A[K * RowElems + J];
    else
      for (long K = 0; K < Rows; ++K)
        S += A[K * RowElems + J];
    Total += S;
  }
  return Total;
}

int main(int argc, char **argv) {
  double Hz = coreHz();
  printf("# core clock %.3f GHz (add chain, thread CPU time)\n", Hz * 1e-9);
  printf("# stride_bytes rows columns pages kind cycles_per_iteration "
         "(min of 5) huge_page_kib\n");
  static const long Strides[] = {9600, 10000, 16000};
  static const long RowsList[] = {32, 64, 128, 256, 512, 1024, 1400, 2000,
                                  2500};
  size_t Bytes = 16000L * 2600 + (4L << 20);
  for (int Huge = 0; Huge < 2; ++Huge)
    for (int Two = 1; Two >= 0; --Two)
      for (unsigned SI = 0; SI < 3; ++SI)
        for (unsigned RI = 0; RI < sizeof RowsList / sizeof *RowsList; ++RI) {
          long Stride = Strides[SI], Rows = RowsList[RI];
          char *Raw = mmap(NULL, Bytes, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
          if (Raw == MAP_FAILED)
            return 1;
          char *Base = (char *)(((uintptr_t)Raw + (2u << 20) - 1) &
                                ~(uintptr_t)((2u << 20) - 1));
          madvise(Base, Bytes - (4L << 20),
                  Huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
          memset(Base, 0, Bytes - (4L << 20));
          double *A = (double *)Base;
          for (long K = 0; K < Rows * Stride / 8; ++K)
            A[K] = 1.0 / (K + 1);
          long RowElems = Stride / 8, Cols = 64;
          // Enough passes for ~20M inner iterations.
          long Passes = 20000000 / (Rows * Cols) + 1;
          double Best = 1e30;
          volatile double Sink = 0;
          for (int Rep = 0; Rep < 5; ++Rep) {
            double T0 = now();
            for (long P = 0; P < Passes; ++P)
              Sink += pass(A, RowElems, Rows, Cols, 600, Two);
            double C = (now() - T0) * Hz / (double)(Passes * Rows * Cols);
            if (C < Best)
              Best = C;
          }
          printf("%ld %ld %s %ld %s %.2f %ld\n", Stride, Rows,
                 Two ? "two" : "one", Rows * Stride / 4096,
                 Huge ? "2M" : "4K", Best, anonHugeKiB());
          fflush(stdout);
          munmap(Raw, Bytes);
        }
  return 0;
}
