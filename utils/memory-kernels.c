// Streaming kernels for the memory evaluation (utils/memory-eval.py).
//
// Build one kernel at one working set:
//   clang-22 -O2 -march=native -DKERNEL_triad -DWS_BYTES=4194304 \
//            memory-kernels.c -o triad -lm
// (the stencils take their edge instead: -DDIM=512 for 2 x 512^2 doubles).
// and run it: it prints the core clock (a dependent add chain timed with
// the thread's CPU-time clock) and the CPU seconds per call of kernel()
// (median of 9 batches, each at least 20 ms, after warm-up calls). The sizes are
// compile-time constants so that SCEV sees the trip counts in the plugin.
//
// Kernels (double precision): copy a=b, scale a=s*b, add a=b+c, triad
// a=b+s*c, daxpy y+=s*x, dot s+=x*y, sum s+=x, stencil5 (2-D 5-point),
// stencil7 (3-D 7-point), strided (one double per 4160-byte step, every
// line of the array once per call), gather (s += x[idx[i]], idx a random
// permutation).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef WS_BYTES
#define WS_BYTES (4 << 20)
#endif

/// The thread's CPU time: time the scheduler gives another process on a
/// shared machine does not count (its cache pollution still does).
static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec + 1e-9 * T.tv_nsec;
}

volatile double Sink;

// The arrays have external linkage so that no store to them is dead.

#if defined(KERNEL_copy) || defined(KERNEL_scale) || defined(KERNEL_daxpy) || \
    defined(KERNEL_dot)
#define N (WS_BYTES / 16 / 64 * 64)
double a[N], b[N];
#elif defined(KERNEL_add) || defined(KERNEL_triad)
#define N (WS_BYTES / 24 / 64 * 64)
double a[N], b[N], c[N];
#elif defined(KERNEL_sum)
#define N (WS_BYTES / 8 / 64 * 64)
double a[N];
#elif defined(KERNEL_stencil5)
#define N2 DIM
double A[N2 * N2], B[N2 * N2];
#elif defined(KERNEL_stencil7)
#define N3 DIM
double A[N3 * N3 * N3], B[N3 * N3 * N3];
#elif defined(KERNEL_strided)
#define STRIDE 520 // doubles: 4160 bytes, beyond a page
#define N (WS_BYTES / 8 / STRIDE * STRIDE)
double a[N];
#elif defined(KERNEL_gather)
#define N (WS_BYTES / 12 / 64 * 64)
double a[N];
int idx[N];
#else
#error "define KERNEL_<name>"
#endif

// KERNEL-BEGIN (utils/memory-eval.py predicts the loops between the markers)
__attribute__((noinline)) void kernel(double s) {
#if defined(KERNEL_copy)
  for (long i = 0; i < N; ++i)
    a[i] = b[i];
#elif defined(KERNEL_scale)
  for (long i = 0; i < N; ++i)
    a[i] = s * b[i];
#elif defined(KERNEL_add)
  for (long i = 0; i < N; ++i)
    a[i] = b[i] + c[i];
#elif defined(KERNEL_triad)
  for (long i = 0; i < N; ++i)
    a[i] = b[i] + s * c[i];
#elif defined(KERNEL_daxpy)
  for (long i = 0; i < N; ++i)
    a[i] += s * b[i];
#elif defined(KERNEL_dot)
  double t = 0;
  for (long i = 0; i < N; ++i)
    t += a[i] * b[i];
  Sink = t;
#elif defined(KERNEL_sum)
  double t = 0;
  for (long i = 0; i < N; ++i)
    t += a[i];
  Sink = t;
#elif defined(KERNEL_stencil5)
  for (long i = 1; i < N2 - 1; ++i)
    for (long j = 1; j < N2 - 1; ++j)
      B[i * N2 + j] = s * (A[i * N2 + j] + A[(i - 1) * N2 + j] +
                           A[(i + 1) * N2 + j] + A[i * N2 + j - 1] +
                           A[i * N2 + j + 1]);
#elif defined(KERNEL_stencil7)
  for (long i = 1; i < N3 - 1; ++i)
    for (long j = 1; j < N3 - 1; ++j)
      for (long k = 1; k < N3 - 1; ++k)
        B[(i * N3 + j) * N3 + k] =
            s * (A[(i * N3 + j) * N3 + k] + A[((i - 1) * N3 + j) * N3 + k] +
                 A[((i + 1) * N3 + j) * N3 + k] +
                 A[(i * N3 + j - 1) * N3 + k] +
                 A[(i * N3 + j + 1) * N3 + k] +
                 A[(i * N3 + j) * N3 + k - 1] + A[(i * N3 + j) * N3 + k + 1]);
#elif defined(KERNEL_strided)
  double t = 0;
  for (long o = 0; o < STRIDE; o += 8)
    for (long i = o; i < N; i += STRIDE)
      t += a[i];
  Sink = t;
#elif defined(KERNEL_gather)
  double t = 0;
  for (long i = 0; i < N; ++i)
    t += a[idx[i]];
  Sink = t;
#endif
}
// KERNEL-END

/// Core cycles per second: 100 dependent adds (one cycle each) per trip.
static double coreHz(void) {
  double Best = 0;
  for (int R = 0; R < 5; ++R) {
    long Trips = 2000000;
    double T0 = now();
    __asm__ volatile("1:\n\t"
                     ".rept 100\n\t"
                     "add %%rbx, %%rax\n\t"
                     ".endr\n\t"
                     "dec %0\n\t"
                     "jnz 1b"
                     : "+r"(Trips)
                     :
                     : "rax", "rbx", "cc");
    double Hz = 2e8 / (now() - T0);
    if (Hz > Best)
      Best = Hz;
  }
  return Best;
}

static int cmp(const void *X, const void *Y) {
  double A = *(const double *)X, B = *(const double *)Y;
  return (A > B) - (A < B);
}

int main(void) {
#if defined(KERNEL_stencil5) || defined(KERNEL_stencil7)
  for (size_t I = 0; I < sizeof(A) / sizeof(A[0]); ++I)
    A[I] = B[I] = 1.0;
#else
  for (long I = 0; I < N; ++I)
    a[I] = 1.0;
#endif
#if defined(KERNEL_copy) || defined(KERNEL_scale) || defined(KERNEL_daxpy) || \
    defined(KERNEL_dot) || defined(KERNEL_add) || defined(KERNEL_triad)
  for (long I = 0; I < N; ++I)
    b[I] = 2.0;
#endif
#if defined(KERNEL_add) || defined(KERNEL_triad)
  for (long I = 0; I < N; ++I)
    c[I] = 3.0;
#endif
#if defined(KERNEL_gather)
  srand(20261124);
  for (long I = 0; I < N; ++I)
    idx[I] = (int)I;
  for (long I = N - 1; I > 0; --I) { // Fisher-Yates
    long J = (long)(((double)rand() / ((double)RAND_MAX + 1)) * (I + 1));
    int T = idx[I];
    idx[I] = idx[J];
    idx[J] = T;
  }
#endif
  double Hz = coreHz();
  // Calls per batch: at least 20 ms.
  long Calls = 1;
  for (;;) {
    double T0 = now();
    for (long C = 0; C < Calls; ++C)
      kernel(0.5);
    if (now() - T0 > 0.02)
      break;
    Calls *= 2;
  }
  double PerCall[9];
  for (int R = 0; R < 9; ++R) {
    double T0 = now();
    for (long C = 0; C < Calls; ++C)
      kernel(0.5);
    PerCall[R] = (now() - T0) / Calls;
  }
  qsort(PerCall, 9, sizeof(double), cmp);
  printf("core_hz %.6e seconds_per_call %.6e min %.6e max %.6e calls %ld\n",
         Hz, PerCall[4], PerCall[0], PerCall[8], Calls);
  return 0;
}
