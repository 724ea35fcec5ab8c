// Conversions: int <-> float, float <-> double, widening and narrowing
// integer conversions. Part of LoopUArch's vectorized-loop corpus.
void cvt_i32_f32(long n, float *restrict out, const int *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (float)in[i];
}

void cvt_f32_i32(long n, int *restrict out, const float *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (int)in[i];
}

void cvt_f32_f64(long n, double *restrict out, const float *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (double)in[i];
}

void cvt_f64_f32(long n, float *restrict out, const double *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (float)in[i];
}

void cvt_i64_f64(long n, double *restrict out, const long *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (double)in[i];
}

void cvt_f64_i64(long n, long *restrict out, const double *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (long)in[i];
}

void cvt_u8_f32(long n, float *restrict out, const unsigned char *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = in[i] * (1.0f / 255.0f);
}

void cvt_f32_u8_sat(long n, unsigned char *restrict out,
                    const float *restrict in) {
  for (long i = 0; i < n; ++i) {
    float v = in[i] * 255.0f;
    v = v < 0 ? 0 : v > 255 ? 255 : v;
    out[i] = (unsigned char)v;
  }
}

void cvt_i32_i8(long n, signed char *restrict out, const int *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (signed char)in[i];
}

void cvt_i8_i32(long n, int *restrict out, const signed char *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = in[i];
}

void cvt_u16_u32(long n, unsigned *restrict out,
                 const unsigned short *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = in[i] * 3u;
}

void cvt_i64_i32(long n, int *restrict out, const long *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (int)(in[i] >> 3);
}

void cvt_i16_f32_scale(long n, float *restrict out, const short *restrict in,
                       float scale) {
  for (long i = 0; i < n; ++i)
    out[i] = in[i] * scale;
}

void cvt_f32_i16(long n, short *restrict out, const float *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = (short)(in[i] * 16.0f);
}

void cvt_u32_f64(long n, double *restrict out, const unsigned *restrict in) {
  for (long i = 0; i < n; ++i)
    out[i] = in[i];
}
