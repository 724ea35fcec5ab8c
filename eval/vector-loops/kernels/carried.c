// Loop-carried dependencies through memory and registers: recurrences,
// prefix sums, a[i+k] = f(a[i]) at several distances (the vectorizer can
// vectorize distance >= VF, and may use masked forms for the rest).
// Part of LoopUArch's vectorized-loop corpus.
void carry_next1(long n, float *a, const float *restrict b) {
  for (long i = 0; i < n - 1; ++i)
    a[i + 1] = a[i] * 0.5f + b[i];
}

void carry_dist4(long n, float *a, const float *restrict b) {
  for (long i = 0; i < n - 4; ++i)
    a[i + 4] = a[i] * 0.5f + b[i];
}

void carry_dist8(long n, double *a, const double *restrict b) {
  for (long i = 0; i < n - 8; ++i)
    a[i + 8] = a[i] + b[i];
}

void carry_dist16_i32(long n, int *a) {
  for (long i = 0; i < n - 16; ++i)
    a[i + 16] = a[i] + 1;
}

void carry_prefix_sum(long n, float *a) {
  for (long i = 1; i < n; ++i)
    a[i] += a[i - 1];
}

void carry_prefix_sum_i32(long n, int *restrict out, const int *restrict in) {
  int s = 0;
  for (long i = 0; i < n; ++i) {
    s += in[i];
    out[i] = s;
  }
}

void carry_iir(long n, float *restrict y, const float *restrict x, float a) {
  float prev = 0;
  for (long i = 0; i < n; ++i) {
    prev = a * prev + x[i];
    y[i] = prev;
  }
}

double carry_horner(long n, const double *c, double x) {
  double p = 0;
  for (long i = 0; i < n; ++i)
    p = p * x + c[i];
  return p;
}

void carry_tridiag(long n, double *restrict x, const double *restrict a,
                   const double *restrict b) {
  for (long i = 1; i < n; ++i)
    x[i] = b[i] - a[i] * x[i - 1];
}

void carry_dist2_masked(long n, int *a, const int *restrict c) {
  for (long i = 0; i < n - 2; ++i)
    if (c[i])
      a[i + 2] = a[i] * 3;
}

void carry_inplace_scale(long n, float *a, long k) {
  // The distance k is unknown: a runtime dependence check guards the vector
  // loop.
  for (long i = 0; i < n - k; ++i)
    a[i + k] = a[i] * 2.0f;
}
