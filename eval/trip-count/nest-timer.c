// Times the loop nests of kernels.c natively: cycles per inner iteration =
// core cycles of a call / (ROWS * TRIPS), the median of many samples. The
// TSC is converted to core cycles against a chain of dependent adds (one
// cycle each), timed the same way. Run pinned: taskset -c 1 ./nest-timer.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#ifndef TRIPS
#define TRIPS 16
#endif
#define ROWS 32
#define CALLS 64
#define SAMPLES 301

void reduce_rows(double (*restrict a)[TRIPS], const double *restrict b,
                 double *restrict out);
void dot_rows_int(int (*restrict a)[TRIPS], const int *restrict b,
                  int *restrict out);
void smooth_rows(double (*restrict a)[TRIPS + 2],
                 double (*restrict o)[TRIPS]);

static double A[ROWS][TRIPS + 2] __attribute__((aligned(64)));
static double B[TRIPS] __attribute__((aligned(64)));
static double Out[ROWS][TRIPS] __attribute__((aligned(64)));
static int IA[ROWS][TRIPS] __attribute__((aligned(64)));
static int IB[TRIPS] __attribute__((aligned(64)));
static int IOut[ROWS] __attribute__((aligned(64)));

static uint64_t ticks(void) {
  _mm_lfence();
  uint64_t T = __rdtsc();
  _mm_lfence();
  return T;
}

static int cmp(const void *X, const void *Y) {
  double A = *(const double *)X, B = *(const double *)Y;
  return A < B ? -1 : A > B;
}

// 1000 dependent adds, Reps times: 1000 * Reps core cycles.
static void chain(long Reps) {
  long X = 0, Y = 1;
  for (long R = 0; R < Reps; ++R)
    __asm__ volatile(".rept 1000\n\taddq %1, %0\n\t.endr" : "+r"(X) : "r"(Y));
}

static double median(double *V, int N) {
  qsort(V, N, sizeof(double), cmp);
  return V[N / 2];
}

static double ticksPerCycle(void) {
  double S[SAMPLES];
  for (int I = 0; I < SAMPLES; ++I) {
    uint64_t T0 = ticks();
    chain(20);
    S[I] = (double)(ticks() - T0) / 20000.0;
  }
  return median(S, SAMPLES);
}

#define TIME(CALL)                                                             \
  do {                                                                         \
    double S[SAMPLES];                                                         \
    for (int W = 0; W < 100; ++W)                                              \
      CALL;                                                                    \
    for (int I = 0; I < SAMPLES; ++I) {                                        \
      uint64_t T0 = ticks();                                                   \
      for (int C = 0; C < CALLS; ++C)                                          \
        CALL;                                                                  \
      S[I] = (double)(ticks() - T0) / TPC / CALLS / (ROWS * TRIPS);            \
    }                                                                          \
    printf("%s,%d,%.3f\n", #CALL, TRIPS, median(S, SAMPLES));                  \
  } while (0)

int main(void) {
  for (int I = 0; I < ROWS; ++I)
    for (int J = 0; J < TRIPS + 2; ++J)
      A[I][J] = 1.0 + 1e-3 * (I + J);
  for (int J = 0; J < TRIPS; ++J)
    B[J] = 1.0 - 1e-3 * J, IB[J] = J;
  for (int I = 0; I < ROWS; ++I)
    for (int J = 0; J < TRIPS; ++J)
      IA[I][J] = I + J;
  double TPC = ticksPerCycle();
  fprintf(stderr, "TSC ticks per core cycle: %.4f\n", TPC);
  TIME(reduce_rows((double(*)[TRIPS])A, B, Out[0]));
  TIME(dot_rows_int(IA, IB, IOut));
  TIME(smooth_rows(A, Out));
  return 0;
}
