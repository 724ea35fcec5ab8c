// Shuffles and permutes: reversed loops, interleaved data (complex numbers,
// RGB), transposes. Part of LoopUArch's vectorized-loop corpus.
void shuf_reverse_f32(long n, float *restrict out, const float *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = in[n - 1 - i];
}

void shuf_reverse_i8(long n, char *restrict out, const char *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = in[n - 1 - i];
}

void shuf_reverse_f64_inplace_add(long n, double *restrict a,
                                  const double *restrict b) {
  for (long i = 0; i < n; ++i)
    a[i] += b[n - 1 - i];
}

void shuf_deinterleave(long n, float *restrict re, float *restrict im,
                       const float *restrict z) {
  for (long i = 0; i < n; ++i) {
    re[i] = z[2 * i];
    im[i] = z[2 * i + 1];
  }
}

void shuf_interleave(long n, float *restrict z, const float *restrict re,
                     const float *restrict im) {
  for (long i = 0; i < n; ++i) {
    z[2 * i] = re[i];
    z[2 * i + 1] = im[i];
  }
}

void shuf_rgb_gray(long n, unsigned char *restrict g,
                   const unsigned char *restrict rgb) {
  for (long i = 0; i < n; ++i)
    g[i] = (unsigned char)((77 * rgb[3 * i] + 150 * rgb[3 * i + 1] +
                            29 * rgb[3 * i + 2]) >> 8);
}

void shuf_swap_pairs(long n, double *restrict out, const double *restrict in) {
  for (long i = 0; i < n; ++i) {
    out[2 * i] = in[2 * i + 1];
    out[2 * i + 1] = in[2 * i];
  }
}

void shuf_transpose8(float out[8][64], const float in[64][8]) {
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 64; ++j)
      out[i][j] = in[j][i];
}

void shuf_bswap32(long n, unsigned *restrict out, const unsigned *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = __builtin_bswap32(in[i]);
}

void shuf_aos_sum(long n, float *restrict out, const float *restrict xyzw) {
  for (long i = 0; i < n; ++i)
    out[i] = xyzw[4 * i] + xyzw[4 * i + 1] + xyzw[4 * i + 2] +
             xyzw[4 * i + 3];
}
