/* Numerical Recipes realft, the inner loop of the inverse real FFT, without
   the twiddle recurrence: Palomares' realft_4_de (statements 13-15 of
   realft2_4_de removed, so no dependency crosses iterations). */
void realft4_loop(double *data, unsigned long n, double c1, double c2,
                 double wpr, double wpi, double wr, double wi) {
  unsigned long np3 = n + 3;
  for (unsigned long i = 2; i <= (n >> 2); i++) {
    unsigned long i1 = i + i - 1, i2 = 1 + i1, i3 = np3 - i2, i4 = 1 + i3;
    double h1r = c1 * (data[i1] + data[i3]);
    double h1i = c1 * (data[i2] - data[i4]);
    double h2r = -c2 * (data[i2] + data[i4]);
    double h2i = c2 * (data[i1] - data[i3]);
    data[i1] = h1r + wr * h2r - wi * h2i;
    data[i2] = h1i + wr * h2i + wi * h2r;
    data[i3] = h1r - wr * h2r + wi * h2i;
    data[i4] = -h1i + wr * h2i + wi * h2r;
  }
}
