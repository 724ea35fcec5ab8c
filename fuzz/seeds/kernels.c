/* Seed kernels for utils/fuzz-mutate.py and the libFuzzer corpora: loops
   whose compiled forms cover reductions, divides, gathers, strided and
   indirect accesses, byte loops, calls and branches inside loops. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

double dot(const double *a, const double *b, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

float sum_squares(const float *a, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * a[i];
  return s;
}

void saxpy(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

long divide_all(const long *a, long d, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] / d + a[i] % 7;
  return s;
}

double gather(const double *t, const int *idx, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += t[idx[i]];
  return s;
}

void stencil(double *restrict out, const double *restrict in, int n) {
  for (int i = 1; i < n - 1; ++i)
    out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

size_t count_byte(const unsigned char *s, size_t n, unsigned char c) {
  size_t k = 0;
  for (size_t i = 0; i < n; ++i)
    k += s[i] == c;
  return k;
}

uint32_t crc_like(const uint8_t *p, size_t n) {
  uint32_t h = 0xffffffffu;
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    for (int b = 0; b < 8; ++b)
      h = (h >> 1) ^ (0xedb88320u & -(h & 1));
  }
  return ~h;
}

struct node { struct node *next; long v; };
long chase(const struct node *p) {
  long s = 0;
  while (p) {
    s += p->v;
    p = p->next;
  }
  return s;
}

void matmul(double *restrict c, const double *restrict a,
            const double *restrict b, int n) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        c[i * n + j] += a[i * n + k] * b[k * n + j];
}

int branchy(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (a[i] > 0)
      s += a[i];
    else if (a[i] < -100)
      s -= 3;
    else
      s ^= a[i];
  }
  return s;
}

extern void sink(int);
void calls(int n) {
  for (int i = 0; i < n; ++i)
    sink(i);
}

void copy_rows(char *dst, const char *src, int rows, int len) {
  for (int r = 0; r < rows; ++r)
    memcpy(dst + r * len, src + r * len, (size_t)len);
}

double horner(const double *c, int n, double x) {
  double y = 0;
  for (int i = n - 1; i >= 0; --i)
    y = y * x + c[i];
  return y;
}

void histogram(unsigned *h, const unsigned char *p, int n) {
  for (int i = 0; i < n; ++i)
    h[p[i]]++;
}

long long prefix_sum(long long *a, int n) {
  for (int i = 1; i < n; ++i)
    a[i] += a[i - 1];
  return a[n - 1];
}
