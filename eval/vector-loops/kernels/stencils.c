// Stencil loops: 1-D and 2-D, Jacobi (out of place) and Gauss-Seidel (in
// place, loop-carried). Part of LoopUArch's vectorized-loop corpus.
#define W 128

void stencil_1d3(long n, const float *restrict a, float *restrict b) {
  for (long i = 1; i < n - 1; ++i)
    b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
}

void stencil_1d5(long n, const double *restrict a, double *restrict b) {
  for (long i = 2; i < n - 2; ++i)
    b[i] = (a[i - 2] + a[i - 1] + a[i] + a[i + 1] + a[i + 2]) * 0.2;
}

void stencil_jacobi2d(double b[W][W], const double a[W][W]) {
  for (int i = 1; i < W - 1; ++i)
    for (int j = 1; j < W - 1; ++j)
      b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i - 1][j] +
                       a[i + 1][j]);
}

void stencil_jacobi2d_f(float b[W][W], const float a[W][W]) {
  for (int i = 1; i < W - 1; ++i)
    for (int j = 1; j < W - 1; ++j)
      b[i][j] = 0.2f * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i - 1][j] +
                        a[i + 1][j]);
}

void stencil_seidel_row(double a[W][W]) {
  for (int i = 1; i < W - 1; ++i)
    for (int j = 1; j < W - 1; ++j)
      a[i][j] = (a[i - 1][j] + a[i][j - 1] + a[i][j] + a[i][j + 1] +
                 a[i + 1][j]) / 5.0;
}

void stencil_heat1d(long n, float *restrict next, const float *restrict cur,
                    float k) {
  for (long i = 1; i < n - 1; ++i)
    next[i] = cur[i] + k * (cur[i - 1] - 2.0f * cur[i] + cur[i + 1]);
}

void stencil_laplace_i16(long n, const short *restrict a, short *restrict b) {
  for (long i = 1; i < n - 1; ++i)
    b[i] = (short)(a[i - 1] + a[i + 1] - 2 * a[i]);
}

void stencil_blur_u8(long n, const unsigned char *restrict a,
                     unsigned char *restrict b) {
  for (long i = 1; i < n - 1; ++i)
    b[i] = (unsigned char)((a[i - 1] + 2 * a[i] + a[i + 1] + 2) >> 2);
}

void stencil_fdtd_row(long n, float *restrict ey, const float *restrict hz) {
  for (long j = 1; j < n; ++j)
    ey[j] = ey[j] - 0.5f * (hz[j] - hz[j - 1]);
}
