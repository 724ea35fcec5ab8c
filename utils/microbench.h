// Shared by the microbenchmarks in utils/ (column-walk.c, page-walk.c,
// stream-count.c, nussinov-walk.c, line-split.c, column-rmw.c): thread CPU
// time, the core clock measured as a dependent add chain, and how much of
// the process transparent huge pages back. Header-only so that each stays
// one clang command:
//   clang-22 -O2 -o /tmp/x utils/x.c
#ifndef LUARCH_UTILS_MICROBENCH_H
#define LUARCH_UTILS_MICROBENCH_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec + 1e-9 * T.tv_nsec;
}

// Core cycles per second: a dependent add chain, one cycle per add.
static double coreHz(void) {
  double Best = 0;
  for (int Rep = 0; Rep < 5; ++Rep) {
    uint64_t X = 0, N = 200000000;
    double T0 = now();
    for (uint64_t I = 0; I < N; I += 8)
      __asm__ volatile("add $1,%0\n add $1,%0\n add $1,%0\n add $1,%0\n"
                       "add $1,%0\n add $1,%0\n add $1,%0\n add $1,%0"
                       : "+r"(X));
    double Hz = N / (now() - T0);
    if (Hz > Best)
      Best = Hz;
  }
  return Best;
}

// KiB of the process backed by transparent huge pages (-1 if unknown).
static long anonHugeKiB(void) {
  FILE *F = fopen("/proc/self/smaps_rollup", "r");
  char Line[256];
  long KiB = -1;
  while (F && fgets(Line, sizeof Line, F))
    if (sscanf(Line, "AnonHugePages: %ld", &KiB) == 1)
      break;
  if (F)
    fclose(F);
  return KiB;
}

#endif
