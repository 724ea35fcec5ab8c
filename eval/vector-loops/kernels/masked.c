// Conditional bodies (masked loads/stores or blends), predicated tails and
// compress/expand patterns. Part of LoopUArch's vectorized-loop corpus.
void mask_cond_store(long n, float *restrict b, const float *restrict a) {
  for (long i = 0; i < n; ++i)
    if (a[i] > 0)
      b[i] = a[i];
}

void mask_cond_update(long n, double *restrict b, const double *restrict a) {
  for (long i = 0; i < n; ++i)
    if (a[i] > b[i])
      b[i] = a[i] * 2.0;
}

void mask_cond_load(long n, float *restrict out, const float *restrict a,
                    const int *restrict flag) {
  for (long i = 0; i < n; ++i)
    out[i] = flag[i] ? a[i] : 0.0f;
}

void mask_select(long n, float *restrict out, const float *restrict a,
                 const float *restrict b) {
  for (long i = 0; i < n; ++i)
    out[i] = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
}

void mask_clamp_i32(long n, int *restrict out, const int *restrict a, int lo,
                    int hi) {
  for (long i = 0; i < n; ++i)
    out[i] = a[i] < lo ? lo : a[i] > hi ? hi : a[i];
}

void mask_tail_pred(long n, float *restrict y, const float *restrict x) {
#pragma clang loop vectorize(enable) vectorize_predicate(enable)
  for (long i = 0; i < n; ++i)
    y[i] = 2.0f * x[i] + 1.0f;
}

void mask_tail_pred_d(long n, double *restrict y, const double *restrict x) {
#pragma clang loop vectorize(enable) vectorize_predicate(enable)
  for (long i = 0; i < n; ++i)
    y[i] += x[i] * x[i];
}

long compress_pos(long n, float *restrict out, const float *restrict a) {
  long k = 0;
  for (long i = 0; i < n; ++i)
    if (a[i] > 0)
      out[k++] = a[i];
  return k;
}

void expand_pos(long n, float *restrict out, const float *restrict a,
                const int *restrict mask) {
  long k = 0;
  for (long i = 0; i < n; ++i)
    if (mask[i])
      out[i] = a[k++];
}

void mask_relu_u8(long n, signed char *restrict out,
                  const signed char *restrict a) {
  for (long i = 0; i < n; ++i)
    out[i] = a[i] > 0 ? a[i] : 0;
}

void mask_cond_accum(long n, double *restrict acc, const double *restrict a,
                     const int *restrict flag) {
  for (long i = 0; i < n; ++i)
    if (flag[i] > 0)
      acc[i] += a[i];
}
