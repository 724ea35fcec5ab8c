// Page walks of a cyclic walk one line per page: what a new page costs when
// the walk spans more pages than the L2 TLB keeps, by the number of pages
// (the page-table entries a walk reads lie in L1, L2, L3 or DRAM as their
// number grows: 8 bytes per page). docs/memory.md, "Page walks". Usage:
//   clang-22 -O2 -fno-unroll-loops -o /tmp/page-walk utils/page-walk.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/page-walk
// Loads 4,160 bytes apart (a page and a line: every load a new page and a
// new line), P pages per pass, independent (four accumulators). Two data
// patterns: 'same' reads the same P lines every pass (the data stays in the
// level that holds P lines); 'moving' moves one line further each pass (as
// utils/memory-kernels.c's strided kernel: every line of P x 4,160 bytes
// once per 65 passes, the data from the level that holds them); 'gather'
// moves as 'moving' with eight-lane AVX-512 gathers; 'store' stores to the
// same lines each pass. Each with 4
// KiB pages and with transparent 2 MiB pages (madvise; no TLB misses up
// to 3,072 x 2 MiB): cycles per load, the difference is the walks'.
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <immintrin.h>

#include "microbench.h"

enum { Step = 4160 / 8 }; // doubles between loads

__attribute__((noinline)) static double pass(const double *A, long Pages) {
  double S0 = 0, S1 = 0, S2 = 0, S3 = 0;
  long K = 0;
  for (; K + 4 <= Pages; K += 4) {
    S0 += A[K * Step];
    S1 += A[(K + 1) * Step];
    S2 += A[(K + 2) * Step];
    S3 += A[(K + 3) * Step];
  }
  for (; K < Pages; ++K)
    S0 += A[K * Step];
  return S0 + S1 + S2 + S3;
}

// The same walk as AVX-512 gathers (eight lanes a page and a line apart,
// as the vectorizer makes of a strided loop: utils/memory-kernels.c's
// strided kernel).
__attribute__((noinline, target("avx512f"))) static double
gatherPass(const double *A, long Pages) {
  __m512i Lanes = _mm512_set_epi64(7 * Step, 6 * Step, 5 * Step, 4 * Step,
                                   3 * Step, 2 * Step, Step, 0);
  __m512i Advance = _mm512_set1_epi64(8 * Step);
  __m512d S = _mm512_setzero_pd();
  for (long K = 0; K + 8 <= Pages; K += 8) {
    S = _mm512_add_pd(S, _mm512_i64gather_pd(Lanes, A, 8));
    Lanes = _mm512_add_epi64(Lanes, Advance);
  }
  return _mm512_reduce_add_pd(S);
}

// The walk storing instead of loading (one double per page and line).
__attribute__((noinline)) static double storePass(double *A, long Pages) {
  for (long K = 0; K < Pages; ++K)
    A[K * Step] = (double)K;
  return A[0];
}

int main(void) {
  double Hz = coreHz();
  printf("# core clock %.3f GHz (add chain, thread CPU time)\n", Hz * 1e-9);
  printf("# pages data kind cycles_per_load (min of 3) huge_page_kib\n");
  static const long PagesList[] = {1024,  2048,  2560,  3072,  4096,
                                   8192,  16384, 32768, 65536, 131072};
  // Kinds: 0 same, 1 moving, 2 gather (moving), 3 store (same lines).
  for (unsigned PI = 0; PI < sizeof PagesList / sizeof *PagesList; ++PI)
    for (int Kind = 0; Kind < 4; ++Kind)
      for (int Huge = 0; Huge < 2; ++Huge) {
        long Pages = PagesList[PI];
        size_t Bytes = (size_t)Pages * 4160 + (8L << 20);
        char *Raw = mmap(NULL, Bytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (Raw == MAP_FAILED)
          return 1;
        char *Base = (char *)(((uintptr_t)Raw + (2u << 20) - 1) &
                              ~(uintptr_t)((2u << 20) - 1));
        size_t Used = Bytes - (4L << 20);
        madvise(Base, Used, Huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
        memset(Base, 1, Used);
        double *A = (double *)Base;
        int Moving = Kind == 1 || Kind == 2;
        // About 8M loads per repetition.
        long Passes = 8000000 / Pages + 1;
        double Best = 1e30;
        volatile double Sink = 0;
        for (int Rep = 0; Rep < 3; ++Rep) {
          double T0 = now();
          for (long P = 0; P < Passes; ++P)
          {
            double *At = A + (Moving ? (P % 65) * 8 : 0);
            Sink += Kind == 2   ? gatherPass(At, Pages)
                    : Kind == 3 ? storePass(At, Pages)
                                : pass(At, Pages);
          }
          double C = (now() - T0) * Hz / (double)(Passes * Pages);
          if (C < Best)
            Best = C;
        }
        static const char *KindName[] = {"same", "moving", "gather",
                                         "store"};
        printf("%ld %s %s %.2f %ld\n", Pages, KindName[Kind],
               Huge ? "2M" : "4K", Best, anonHugeKiB());
        fflush(stdout);
        munmap(Raw, Bytes);
      }
  return 0;
}
