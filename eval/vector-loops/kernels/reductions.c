// Reductions: with strict FP semantics the vectorizer may not reassociate
// (compile with and without -ffast-math; the pragmas ask for reassociation
// or interleaving explicitly). Part of LoopUArch's vectorized-loop corpus.
float red_sum_f(long n, const float *a) {
  float s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

double red_sum_d(long n, const double *a) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

float red_sum_f_pragma(long n, const float *a) {
  float s = 0;
#pragma clang loop vectorize(enable) interleave_count(4)
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

double red_sum_d_reassoc(long n, const double *a) {
#pragma clang fp reassociate(on)
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

float red_sum_f_nointerleave(long n, const float *a) {
  float s = 0;
#pragma clang loop vectorize(enable) interleave(disable)
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

double red_prod_d(long n, const double *a) {
  double p = 1;
  for (long i = 0; i < n; ++i)
    p *= a[i];
  return p;
}

int red_sum_i32(long n, const int *a) {
  int s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

long red_sum_i64(long n, const long *a) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

int red_sum_u8(long n, const unsigned char *a) {
  int s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

int red_sum_i16(long n, const short *a) {
  int s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

float red_max_f(long n, const float *a) {
  float m = -1e30f;
  for (long i = 0; i < n; ++i)
    m = a[i] > m ? a[i] : m;
  return m;
}

int red_min_i32(long n, const int *a) {
  int m = 0x7fffffff;
  for (long i = 0; i < n; ++i)
    m = a[i] < m ? a[i] : m;
  return m;
}

long red_count_if(long n, const float *a, float t) {
  long c = 0;
  for (long i = 0; i < n; ++i)
    c += a[i] > t;
  return c;
}

int red_xor_i32(long n, const int *a) {
  int x = 0;
  for (long i = 0; i < n; ++i)
    x ^= a[i];
  return x;
}

double red_sumsq_diff(long n, const double *a, const double *b) {
  double s = 0;
  for (long i = 0; i < n; ++i) {
    double d = a[i] - b[i];
    s += d * d;
  }
  return s;
}

float red_dot_i8(long n, const signed char *a, const signed char *b) {
  int s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i] * b[i];
  return (float)s;
}

double red_mean_var(long n, const float *a, double *var) {
  double s = 0, q = 0;
  for (long i = 0; i < n; ++i) {
    s += a[i];
    q += (double)a[i] * a[i];
  }
  *var = q;
  return s;
}
