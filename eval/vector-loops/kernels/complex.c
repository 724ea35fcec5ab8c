// Complex arithmetic on interleaved (re, im) data.
// Part of LoopUArch's vectorized-loop corpus.
#include <complex.h>

void cplx_mul(long n, float _Complex *restrict c,
              const float _Complex *restrict a,
              const float _Complex *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] * b[i];
}

void cplx_mul_d(long n, double _Complex *restrict c,
                const double _Complex *restrict a,
                const double _Complex *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] * b[i];
}

void cplx_axpy(long n, float _Complex a, const float _Complex *restrict x,
               float _Complex *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

float _Complex cplx_dot(long n, const float _Complex *x,
                        const float _Complex *y) {
  float re = 0, im = 0;
  for (long i = 0; i < n; ++i) {
    float xr = crealf(x[i]), xi = cimagf(x[i]);
    float yr = crealf(y[i]), yi = cimagf(y[i]);
    re += xr * yr - xi * yi;
    im += xr * yi + xi * yr;
  }
  return re + im * I;
}

void cplx_mul_split(long n, float *restrict cr, float *restrict ci,
                    const float *restrict ar, const float *restrict ai,
                    const float *restrict br, const float *restrict bi) {
  for (long i = 0; i < n; ++i) {
    cr[i] = ar[i] * br[i] - ai[i] * bi[i];
    ci[i] = ar[i] * bi[i] + ai[i] * br[i];
  }
}

void cplx_abs2(long n, double *restrict out, const double _Complex *restrict z) {
  for (long i = 0; i < n; ++i)
    out[i] = creal(z[i]) * creal(z[i]) + cimag(z[i]) * cimag(z[i]);
}

void cplx_conj_scale(long n, float *restrict z, float s) {
  for (long i = 0; i < n; ++i) {
    z[2 * i] *= s;
    z[2 * i + 1] *= -s;
  }
}
