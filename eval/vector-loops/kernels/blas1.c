// BLAS level-1 loops, single and double precision.
// Part of LoopUArch's vectorized-loop corpus (utils/vector-corpus.py): each
// function holds one loop as a compiler sees it in real code.
#include <math.h>
#include <stddef.h>

void blas1_saxpy(long n, float a, const float *restrict x, float *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

void blas1_daxpy(long n, double a, const double *restrict x,
                 double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

void blas1_daxpy_int(int n, double a, const double *restrict x,
                     double *restrict y) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void blas1_daxpby(long n, double a, const double *restrict x, double b,
                  double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + b * y[i];
}

float blas1_sdot(long n, const float *x, const float *y) {
  float s = 0;
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

double blas1_ddot(long n, const double *x, const double *y) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

void blas1_sscal(long n, float a, float *x) {
  for (long i = 0; i < n; ++i)
    x[i] *= a;
}

void blas1_dscal(long n, double a, double *x) {
  for (long i = 0; i < n; ++i)
    x[i] *= a;
}

void blas1_dcopy(long n, const double *restrict x, double *restrict y) {
  for (long i = 0; i < n; ++i)
    y[i] = x[i];
}

void blas1_sswap(long n, float *restrict x, float *restrict y) {
  for (long i = 0; i < n; ++i) {
    float t = x[i];
    x[i] = y[i];
    y[i] = t;
  }
}

double blas1_dasum(long n, const double *x) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += fabs(x[i]);
  return s;
}

float blas1_snrm2(long n, const float *x) {
  float s = 0;
  for (long i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

double blas1_dmax(long n, const double *x) {
  double m = x[0];
  for (long i = 1; i < n; ++i)
    m = x[i] > m ? x[i] : m;
  return m;
}

long blas1_idamax(long n, const double *x) {
  long best = 0;
  double m = fabs(x[0]);
  for (long i = 1; i < n; ++i)
    if (fabs(x[i]) > m) {
      m = fabs(x[i]);
      best = i;
    }
  return best;
}

void blas1_drot(long n, double *restrict x, double *restrict y, double c,
                double s) {
  for (long i = 0; i < n; ++i) {
    double t = c * x[i] + s * y[i];
    y[i] = c * y[i] - s * x[i];
    x[i] = t;
  }
}

void blas1_waxpy3(long n, float a, const float *restrict x,
                  const float *restrict y, const float *restrict z,
                  float *restrict w) {
  for (long i = 0; i < n; ++i)
    w[i] = a * x[i] + y[i] * z[i];
}

void blas1_saxpy_alias(long n, float a, const float *x, float *y) {
  // No restrict: the vectorizer adds a runtime overlap check.
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

void blas1_sfill(long n, float *x, float v) {
  for (long i = 0; i < n; ++i)
    x[i] = v + (float)i;
}
