// DRAM bandwidth by the number of concurrent read streams: does one core
// sustain less from DRAM when a loop reads many streams at once (a stencil's
// rows, a many-array loop) than when it reads one? docs/memory.md, "Streams
// and DRAM bandwidth". Usage:
//   clang-22 -O2 -mavx2 -o /tmp/stream-count utils/stream-count.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/stream-count
// N = 1, 2, 3, 4, 6, 8, 12, 16 read streams, each in its own 64 MiB region
// (twice the L3: every line from DRAM), plus one written stream (64 MiB,
// read for ownership and written back): W[i] = A_0[i] + ... + A_{N-1}[i],
// one 64-byte line of every stream per step, in address order. Bytes per
// core cycle counted as STREAM counts them (bytes loaded + bytes stored),
// and the same per line of the loop's streams (N + 1 lines per step).
// Best of three passes per N, after a warm-up pass that faults the pages in.
// Second table, 'rows': the N streams are N neighbouring rows of one array
// (rows of 4,096 doubles, 32 KiB apart, as utils/memory-kernels.c's DRAM
// stencil5), W[i][j] = A[i][j] + ... + A[i+N-1][j] row after row: each row
// is read N times, once from DRAM and N - 1 times from L2 (a stencil's
// reuse), so the DRAM traffic is that of a copy for every N. Third table,
// 'rows-L2': the same sums over 16 rows (512 KiB) into 4 output rows, both
// cycled so that every line stays in L2: what the rows cost without DRAM.
// Fourth table, 'rows-L3': as 'rows' over 128 rows (4 MiB) into 64 output
// rows (2 MiB), cycled: the front row from L3 (8 MiB usable on the
// host), the others re-read from L2.
#define _GNU_SOURCE
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "microbench.h"

enum { MaxStreams = 16 };
static const size_t RegionBytes = (size_t)64 << 20;

// One line of every stream per step: two 256-bit loads per line.
__attribute__((noinline)) static void sumStreams(double *const *A, int N,
                                                 double *W, size_t Doubles) {
  for (size_t I = 0; I < Doubles; I += 8) {
    __m256d Lo = _mm256_load_pd(A[0] + I), Hi = _mm256_load_pd(A[0] + I + 4);
    for (int J = 1; J < N; ++J) {
      Lo = _mm256_add_pd(Lo, _mm256_load_pd(A[J] + I));
      Hi = _mm256_add_pd(Hi, _mm256_load_pd(A[J] + I + 4));
    }
    _mm256_store_pd(W + I, Lo);
    _mm256_store_pd(W + I + 4, Hi);
  }
}

static double *region(void) {
  void *P = mmap(0, RegionBytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  // 4 KiB pages as the evaluation's kernels get them by default are not
  // guaranteed; ask for none of the transparent huge pages so the walk
  // cost is the same for every N (one new page per 64 lines per stream).
  madvise(P, RegionBytes, MADV_NOHUGEPAGE);
  memset(P, 1, RegionBytes);
  return P;
}

enum { RowDoubles = 4096 };

// Output row \p I of the rows table: the sum of rows I .. I + N - 1.
__attribute__((noinline)) static void sumRows(const double *A, int N,
                                              double *W, size_t Rows) {
  const double *Row[MaxStreams];
  for (size_t I = 0; I + N <= Rows; ++I) {
    for (int K = 0; K < N; ++K)
      Row[K] = A + (I + K) * RowDoubles;
    sumStreams((double *const *)Row, N, W + I * RowDoubles, RowDoubles);
  }
}

// The rows table's sums with every row in L2: rows (I + K) mod 16 into
// output row I mod 4, for \p Outs output rows.
__attribute__((noinline)) static void sumRowsL2(const double *A, int N,
                                                double *W, size_t Outs) {
  const double *Row[MaxStreams];
  for (size_t I = 0; I < Outs; ++I) {
    for (int K = 0; K < N; ++K)
      Row[K] = A + ((I + K) % 16) * RowDoubles;
    sumStreams((double *const *)Row, N, W + (I % 4) * RowDoubles,
               RowDoubles);
  }
}

// The rows table's sums over 128 rows into 64 output rows, cycled.
__attribute__((noinline)) static void sumRowsL3(const double *A, int N,
                                                double *W, size_t Outs) {
  const double *Row[MaxStreams];
  for (size_t I = 0; I < Outs; ++I) {
    for (int K = 0; K < N; ++K)
      Row[K] = A + ((I + K) % 128) * RowDoubles;
    sumStreams((double *const *)Row, N, W + (I % 64) * RowDoubles,
               RowDoubles);
  }
}

int main(void) {
  double Hz = coreHz();
  printf("# core clock %.3f GHz (add chain)\n", Hz * 1e-9);
  printf("# streams (read + 1 written), region 64 MiB each, 4 KiB pages\n");
  printf("# N  cycles/step  bytes/cycle  cycles/line  (best of 3)\n");
  double *A[MaxStreams];
  for (int J = 0; J < MaxStreams; ++J)
    A[J] = region();
  double *W = region();
  size_t Doubles = RegionBytes / sizeof(double);
  static const int Counts[] = {1, 2, 3, 4, 6, 8, 12, 16};
  for (unsigned C = 0; C < sizeof Counts / sizeof *Counts; ++C) {
    int N = Counts[C];
    sumStreams(A, N, W, Doubles); // warm-up
    double Best = 1e30;
    for (int Rep = 0; Rep < 3; ++Rep) {
      double T0 = now();
      sumStreams(A, N, W, Doubles);
      double T = now() - T0;
      if (T < Best)
        Best = T;
    }
    double Steps = Doubles / 8.0, Cycles = Best * Hz;
    double Bytes = (double)(N + 1) * RegionBytes;
    printf("%3d  %10.2f  %10.2f  %10.2f\n", N, Cycles / Steps,
           Bytes / Cycles, Cycles / Steps / (N + 1));
    fflush(stdout);
  }
  printf("# rows: N rows 32 KiB apart in one 64 MiB array, each row read N "
         "times\n");
  printf("# N  cycles/line-out  copy-bytes/cycle  (best of 3)\n");
  size_t Rows = RegionBytes / (RowDoubles * sizeof(double));
  for (unsigned C = 0; C < sizeof Counts / sizeof *Counts; ++C) {
    int N = Counts[C];
    sumRows(A[0], N, W, Rows); // warm-up
    double Best = 1e30;
    for (int Rep = 0; Rep < 3; ++Rep) {
      double T0 = now();
      sumRows(A[0], N, W, Rows);
      double T = now() - T0;
      if (T < Best)
        Best = T;
    }
    double Lines = (double)(Rows + 1 - N) * RowDoubles / 8, Cycles = Best * Hz;
    printf("%3d  %10.2f  %10.2f\n", N, Cycles / Lines, 128.0 * Lines / Cycles);
    fflush(stdout);
  }
  printf("# rows-L2: N of 16 rows (512 KiB) into 4 output rows, all in L2\n");
  printf("# N  cycles/line-out  (best of 3)\n");
  for (unsigned C = 0; C < sizeof Counts / sizeof *Counts; ++C) {
    int N = Counts[C];
    size_t Outs = 2048;
    sumRowsL2(A[0], N, W, Outs); // warm-up
    double Best = 1e30;
    for (int Rep = 0; Rep < 3; ++Rep) {
      double T0 = now();
      sumRowsL2(A[0], N, W, Outs);
      double T = now() - T0;
      if (T < Best)
        Best = T;
    }
    double Lines = (double)Outs * RowDoubles / 8;
    printf("%3d  %10.2f\n", N, Best * Hz / Lines);
    fflush(stdout);
  }
  printf("# rows-L3: N of 128 rows (4 MiB) into 64 output rows, in L3\n");
  printf("# N  cycles/line-out  (best of 3)\n");
  for (unsigned C = 0; C < sizeof Counts / sizeof *Counts; ++C) {
    int N = Counts[C];
    size_t Outs = 1024;
    sumRowsL3(A[0], N, W, Outs); // warm-up
    double Best = 1e30;
    for (int Rep = 0; Rep < 3; ++Rep) {
      double T0 = now();
      sumRowsL3(A[0], N, W, Outs);
      double T = now() - T0;
      if (T < Best)
        Best = T;
    }
    double Lines = (double)Outs * RowDoubles / 8;
    printf("%3d  %10.2f\n", N, Best * Hz / Lines);
    fflush(stdout);
  }
  volatile double Sink = W[12345];
  (void)Sink;
  return 0;
}
