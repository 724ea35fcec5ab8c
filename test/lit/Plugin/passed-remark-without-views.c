// With -Rpass=uarch alone the simulator runs without its views (cycle
// accounting, port statistics: SimOptions::Views), which only the analysis
// remark reads; the passed remarks must be the same as when the analysis
// remark is asked for too (views on). Loops bound by ports, a recurrence, a
// divider, a store and the front end.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o /dev/null 2>&1 | grep 'remark: loop' > %t.passed
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -Rpass-analysis=uarch -mllvm -uarch-mcpu=znver4 -c %s -o /dev/null 2>&1 | grep 'remark: loop' > %t.both
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -c %s -o /dev/null 2>&1 | grep 'remark: loop' > %t.passed-skl
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -Rpass-analysis=uarch -mllvm -uarch-mcpu=skylake -c %s -o /dev/null 2>&1 | grep 'remark: loop' > %t.both-skl
// RUN: diff %t.passed %t.both
// RUN: diff %t.passed-skl %t.both-skl
// RUN: FileCheck %s < %t.passed
// RUN: FileCheck %s < %t.passed-skl

// CHECK-COUNT-5: remark: loop: {{.*}} cycles/iteration

void saxpy(float *restrict y, const float *restrict x, float a, long n) {
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

double chain(const double *p, long n) {
  double s = 1.0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; ++i)
    s = s * p[i] + 1.0;
  return s;
}

unsigned long divide(const unsigned long *p, unsigned long d, long n) {
  unsigned long s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; ++i)
    s += p[i] / d;
  return s;
}

void fill(int *p, int v, long n) {
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; ++i)
    p[i] = v + (int)i;
}

long walk(const long *next, long i, long n) {
  long c = 0;
  while (i >= 0 && c < n) {
    i = next[i];
    ++c;
  }
  return c;
}
