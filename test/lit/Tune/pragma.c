// Loops with a user transformation pragma are left exactly as the user
// asked: a missed remark says why, and with every loop of the file under a
// pragma the object is byte-identical to one built without the tuner.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass-missed=uarch -c %s -o %t/tuned.o 2>&1 | FileCheck %s
// RUN: %clang -O2 -march=znver4 -gline-tables-only -c %s -o %t/plain.o
// RUN: cmp %t/tuned.o %t/plain.o

void width(double *restrict c, const double *restrict a, double s) {
#pragma clang loop vectorize_width(4)
  for (long j = 0; j < 256; j++)
    c[j] += s * a[j * 100];
}
// CHECK: pragma.c:[[@LINE-3]]:3: remark: loop not tuned: the loop carries 'llvm.loop.vectorize.width' (a pragma or an earlier decision is respected) [-Rpass-missed=uarch]

void unroll(float *restrict c, const float *restrict a, long n) {
#pragma unroll 2
  for (long j = 0; j < n; j++)
    c[j] = a[j] * a[j];
}
// CHECK: pragma.c:[[@LINE-3]]:3: remark: loop not tuned: the loop carries 'llvm.loop.unroll.count'

void novector(float *restrict c, const float *restrict a, long n) {
#pragma clang loop vectorize(disable)
  for (long j = 0; j < n; j++)
    c[j] = a[j] + 1.0f;
}
// CHECK: pragma.c:[[@LINE-3]]:3: remark: loop not tuned: the loop carries 'llvm.loop.vectorize.{{width|enable}}'
