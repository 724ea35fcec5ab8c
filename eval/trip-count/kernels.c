// Short inner loops inside an outer loop (issue 13, "trip counts"): the
// inner loop's dependency chain restarts at every entry (s = 0), so the
// out-of-order core overlaps consecutive entries. The inner loops are kept
// as loops (no full unrolling) so that they are what the plugin sees.
#ifndef TRIPS
#define TRIPS 16
#endif
#define ROWS 32

// Reduction: out[i] = sum_j a[i][j] * b[j].
void reduce_rows(double (*restrict a)[TRIPS], const double *restrict b,
                 double *restrict out) {
  for (int i = 0; i < ROWS; ++i) {
    double s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < TRIPS; ++j)
      s += a[i][j] * b[j];
    out[i] = s;
  }
}

// Integer dot product (the same shape, a 1-cycle add chain).
void dot_rows_int(int (*restrict a)[TRIPS], const int *restrict b,
                  int *restrict out) {
  for (int i = 0; i < ROWS; ++i) {
    int s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < TRIPS; ++j)
      s += a[i][j] * b[j];
    out[i] = s;
  }
}

// 3-point stencil along a row with a carried running value.
void smooth_rows(double (*restrict a)[TRIPS + 2], double (*restrict o)[TRIPS]) {
  for (int i = 0; i < ROWS; ++i) {
    double p = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < TRIPS; ++j) {
      p = 0.5 * p + (a[i][j] + a[i][j + 1] + a[i][j + 2]);
      o[i][j] = p;
    }
  }
}
