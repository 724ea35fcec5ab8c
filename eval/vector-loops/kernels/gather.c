// Indexed loads and stores (gathers and scatters with AVX2/AVX-512),
// strided accesses. Part of LoopUArch's vectorized-loop corpus.
void gather_f32(long n, float *restrict out, const float *restrict a,
                const int *restrict idx) {
  for (long i = 0; i < n; ++i)
    out[i] = a[idx[i]];
}

void gather_f64(long n, double *restrict out, const double *restrict a,
                const int *restrict idx) {
  for (long i = 0; i < n; ++i)
    out[i] = a[idx[i]];
}

void gather_f64_i64(long n, double *restrict out, const double *restrict a,
                    const long *restrict idx) {
  for (long i = 0; i < n; ++i)
    out[i] = a[idx[i]];
}

double gather_spmv_row(long n, const double *restrict val,
                       const int *restrict col, const double *restrict x) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += val[i] * x[col[i]];
  return s;
}

float gather_spmv_row_f(long n, const float *restrict val,
                        const int *restrict col, const float *restrict x) {
  float s = 0;
  for (long i = 0; i < n; ++i)
    s += val[i] * x[col[i]];
  return s;
}

void gather_axpy_i32(long n, int *restrict y, const int *restrict a,
                     const int *restrict idx, int k) {
  for (long i = 0; i < n; ++i)
    y[i] += k * a[idx[i]];
}

void scatter_f32(long n, float *restrict out, const float *restrict a,
                 const int *restrict idx) {
  for (long i = 0; i < n; ++i)
    out[idx[i]] = a[i];
}

void scatter_f64(long n, double *restrict out, const double *restrict a,
                 const int *restrict idx) {
  for (long i = 0; i < n; ++i)
    out[idx[i]] = 2.0 * a[i];
}

void strided_load2(long n, float *restrict out, const float *restrict a) {
  for (long i = 0; i < n; ++i)
    out[i] = a[2 * i];
}

void strided_load3(long n, float *restrict out, const float *restrict a) {
  for (long i = 0; i < n; ++i)
    out[i] = a[3 * i] + a[3 * i + 1] + a[3 * i + 2];
}

void strided_load8(long n, double *restrict out, const double *restrict a) {
  for (long i = 0; i < n; ++i)
    out[i] = a[8 * i];
}

void strided_store2(long n, float *restrict out, const float *restrict a) {
  for (long i = 0; i < n; ++i)
    out[2 * i] = a[i];
}

void lookup_u8(long n, unsigned char *restrict out,
               const unsigned char *restrict in,
               const unsigned char *restrict table) {
  for (long i = 0; i < n; ++i)
    out[i] = table[in[i]];
}

void gather_permute(long n, float *restrict out, const float *restrict a,
                    const unsigned short *restrict perm) {
  for (long i = 0; i < n; ++i)
    out[i] = a[perm[i]] * 0.5f;
}
