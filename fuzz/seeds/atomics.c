/* Seed kernels with locked, string and bit-manipulation instructions. */
#include <stdint.h>

void atomic_adds(long *counter, int n) {
  for (int i = 0; i < n; ++i)
    __atomic_fetch_add(counter, 1, __ATOMIC_SEQ_CST);
}

int popcounts(const uint64_t *a, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += __builtin_popcountll(a[i]) + __builtin_ctzll(a[i] | 1);
  return s;
}

uint64_t rotations(uint64_t x, int n) {
  for (int i = 0; i < n; ++i)
    x = (x << 13 | x >> 51) * 0x9e3779b97f4a7c15ull;
  return x;
}

void zero_fill(char *p, long n) {
  for (long i = 0; i < n; ++i)
    p[i] = 0;
}

double sqrt_sum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += __builtin_sqrt(a[i]);
  return s;
}

int64_t mul_high(const int64_t *a, int n) {
  __int128 s = 0;
  for (int i = 0; i < n; ++i)
    s += (__int128)a[i] * a[i];
  return (int64_t)(s >> 64);
}
