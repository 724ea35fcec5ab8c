// BLAS level-2 loops (matrix-vector): row- and column-oriented inner loops.
// Part of LoopUArch's vectorized-loop corpus (utils/vector-corpus.py).
#define M 64
#define N 96

void blas2_dgemv_rows(const double A[M][N], const double *restrict x,
                      double *restrict y) {
  for (int i = 0; i < M; ++i) {
    double s = 0;
    for (int j = 0; j < N; ++j)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

void blas2_sgemv_cols(const float A[N][M], const float *restrict x,
                      float *restrict y) {
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < M; ++i)
      y[i] += A[j][i] * x[j];
}

void blas2_dger(double A[M][N], const double *restrict x,
                const double *restrict y, double alpha) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      A[i][j] += alpha * x[i] * y[j];
}

void blas2_sgemv_n(int m, int n, const float *restrict A, int lda,
                   const float *restrict x, float *restrict y) {
  for (int i = 0; i < m; ++i) {
    float s = 0;
    for (int j = 0; j < n; ++j)
      s += A[i * lda + j] * x[j];
    y[i] = s;
  }
}

void blas2_dtrmv_upper(const double A[N][N], double *restrict x,
                       double *restrict y) {
  for (int i = 0; i < N; ++i) {
    double s = 0;
    for (int j = i; j < N; ++j)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

void blas2_dsymv_half(const double A[N][N], const double *restrict x,
                      double *restrict y) {
  for (int i = 0; i < N; ++i) {
    double t = 0;
    for (int j = 0; j < i; ++j) {
      y[j] += A[i][j] * x[i];
      t += A[i][j] * x[j];
    }
    y[i] += t;
  }
}

void blas2_sgemm_tile(const float A[16][16], const float B[16][16],
                      float C[16][16]) {
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k)
      for (int j = 0; j < 16; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

void blas2_dgemm_kernel(int n, const double *restrict a,
                        const double *restrict b, double *restrict c) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) {
      double aik = a[i * n + k];
      for (int j = 0; j < n; ++j)
        c[i * n + j] += aik * b[k * n + j];
    }
}
