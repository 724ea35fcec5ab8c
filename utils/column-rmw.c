// Column walks as PolyBench's symm and syr2k LARGE run them: symm's inner
// loop reads, modifies and writes one column and reads another (rows 9,600
// bytes apart), syr2k's reads two columns (rows 8,000 bytes apart) beside a
// row it reads, modifies and writes; each also without the store. The loop
// around moves the columns by one element, so each line serves 8 sweeps.
// Timed with 250-1,200 rows per sweep, over 64 columns cycled (every line
// in L2 after the first pass) and over all of PolyBench's columns (every
// pass sweeps the whole arrays, beyond L2 and the host's usable L3: each
// line's first use comes from DRAM). docs/memory.md, "Column walks over
// arrays beyond L3". Usage:
//   clang-22 -O2 -fno-unroll-loops -march=native -o /tmp/column-rmw \
//       utils/column-rmw.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/column-rmw
// Prints core cycles per inner iteration (best of 5), with 4 KiB pages and
// with transparent 2 MiB pages (and how many KiB of huge pages applied).
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "microbench.h"

// Columns per pass: 64 (8 lines of every row, cycled: every line in L2
// after the first pass) or all of PolyBench's 1,200 (every pass sweeps the
// whole array, beyond L2 and the host's usable 8 MiB of L3: each line's
// first use in a pass comes from there).
static long Cols = 64;

// symm: C[k][j] += alpha * B[i][j] * A[i][k]; t += B[k][j] * A[i][k].
__attribute__((noinline)) static double symm(double *C, const double *B,
                                             const double *A, long RowElems,
                                             long Rows, int Store) {
  double Total = 0;
  for (long J = 0; J < Cols; ++J) {
    double T = 0, Bij = B[Rows * RowElems + J];
    if (Store)
      for (long K = 0; K < Rows; ++K) {
        C[K * RowElems + J] += 1.5 * Bij * A[K];
        T += B[K * RowElems + J] * A[K];
      }
    else
      for (long K = 0; K < Rows; ++K)
        T += B[K * RowElems + J] * A[K] + C[K * RowElems + J] * Bij;
    Total += T;
  }
  return Total;
}

// syr2k: C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k]
// over j; k moves the columns by one element.
__attribute__((noinline)) static double syr2k(double *Row, const double *A,
                                              const double *B, long RowElems,
                                              long Rows, int Store) {
  double Total = 0;
  for (long K = 0; K < Cols; ++K) {
    double Bik = 0.5 + K, Aik = 1.5 + K;
    if (Store)
      for (long J = 0; J < Rows; ++J)
        Row[J] +=
            A[J * RowElems + K] * 1.5 * Bik + B[J * RowElems + K] * 1.5 * Aik;
    else {
      double T = 0;
      for (long J = 0; J < Rows; ++J)
        T += Row[J] * (A[J * RowElems + K] * 1.5 * Bik +
                       B[J * RowElems + K] * 1.5 * Aik);
      Total += T;
    }
  }
  return Total;
}

static char *arena(size_t Bytes, int Huge, char **Raw) {
  *Raw = mmap(NULL, Bytes + (4L << 20), PROT_READ | PROT_WRITE,
              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (*Raw == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  char *Base = (char *)(((uintptr_t)*Raw + (2u << 20) - 1) &
                        ~(uintptr_t)((2u << 20) - 1));
  madvise(Base, Bytes, Huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
  memset(Base, 0, Bytes);
  return Base;
}

int main(void) {
  double Hz = coreHz();
  printf("# core clock %.3f GHz (add chain, thread CPU time)\n", Hz * 1e-9);
  printf("# kernel store stride_bytes rows columns walk_pages kind "
         "cycles_per_iteration (best of 5) huge_page_kib\n");
  static const long RowsList[] = {250, 500, 750, 1000, 1200};
  for (int Wide = 0; Wide < 2; ++Wide)
    for (int Huge = 0; Huge < 2; ++Huge)
      for (int Kernel = 0; Kernel < 2; ++Kernel)
        for (int Store = 1; Store >= 0; --Store)
          for (unsigned RI = 0; RI < sizeof RowsList / sizeof *RowsList; ++RI) {
            long Stride = Kernel ? 8000 : 9600, Rows = RowsList[RI];
            Cols = Wide ? Stride / 8 : 64;
            long RowElems = Stride / 8;
            size_t Arr = (size_t)(Rows + 1) * Stride;
            char *Raw;
            char *Base = arena(3 * Arr + 65536, Huge, &Raw);
            double *X = (double *)Base, *Y = (double *)(Base + Arr),
                   *Z = (double *)(Base + 2 * Arr);
            for (size_t I = 0; I < Arr / 8; ++I)
              X[I] = Y[I] = 1.0 / (I + 1), Z[I] = 0.5;
            long Passes = 20000000 / (Rows * Cols) + 1;
            double Best = 1e30;
            volatile double Sink = 0;
            for (int Rep = 0; Rep < 5; ++Rep) {
              double T0 = now();
              for (long P = 0; P < Passes; ++P)
                Sink += Kernel ? syr2k(Z, X, Y, RowElems, Rows, Store)
                               : symm(X, Y, Z, RowElems, Rows, Store);
              double C = (now() - T0) * Hz / (double)(Passes * Rows * Cols);
              if (C < Best)
                Best = C;
            }
            printf("%s %s %ld %ld %ld %ld %s %.2f %ld\n",
                   Kernel ? "syr2k" : "symm", Store ? "store" : "load", Stride,
                   Rows, Cols, 2 * Rows, Huge ? "2M" : "4K", Best,
                   anonHugeKiB());
            fflush(stdout);
            munmap(Raw, 3 * Arr + 65536 + (4L << 20));
          }
  return 0;
}
