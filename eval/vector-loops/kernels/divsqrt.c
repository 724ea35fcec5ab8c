// Divides and square roots (the divider), and divisions by constants.
// Part of LoopUArch's vectorized-loop corpus.
#include <math.h>

void div_f32(long n, float *restrict c, const float *restrict a,
             const float *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] / b[i];
}

void div_f64(long n, double *restrict c, const double *restrict a,
             const double *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] / b[i];
}

void div_recip_f32(long n, float *restrict c, const float *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = 1.0f / a[i];
}

void sqrt_f32(long n, float *restrict c, const float *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = sqrtf(a[i]);
}

void sqrt_f64(long n, double *restrict c, const double *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = sqrt(a[i]);
}

void rsqrt_f32(long n, float *restrict c, const float *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = 1.0f / sqrtf(a[i]);
}

void norm2d_f64(long n, double *restrict r, const double *restrict x,
                const double *restrict y) {
  for (long i = 0; i < n; ++i)
    r[i] = sqrt(x[i] * x[i] + y[i] * y[i]);
}

void div_const_i32(long n, int *restrict c, const int *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] / 7;
}

void div_const_u16(long n, unsigned short *restrict c,
                   const unsigned short *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] / 10;
}

void div_var_i32(long n, int *restrict c, const int *restrict a,
                 const int *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] / (b[i] | 1);
}

void mod_var_u64(long n, unsigned long *restrict c,
                 const unsigned long *restrict a, unsigned long m) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] % (m | 1);
}

double div_chain_f64(long n, double x, const double *a) {
  for (long i = 0; i < n; ++i)
    x = x / a[i] + 1.0;
  return x;
}

void normalize_f32(long n, float *restrict v, float len) {
  for (long i = 0; i < n; ++i)
    v[i] /= len;
}
