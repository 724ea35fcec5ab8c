// Without -uarch-tune-loops the tuner does nothing: objects and IR are
// byte-identical to a build without the plugin, at -O2 and -O3; at -O0
// (no vectorizer) the option changes nothing either.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -march=znver4 -fpass-plugin=%plugin -c %s -o %t/plugin2.o
// RUN: %clang -O2 -march=znver4 -c %s -o %t/plain2.o
// RUN: cmp %t/plugin2.o %t/plain2.o
// RUN: %clang -O3 -march=znver4 -fpass-plugin=%plugin -S -emit-llvm %s -o %t/plugin3.ll
// RUN: %clang -O3 -march=znver4 -S -emit-llvm %s -o %t/plain3.ll
// RUN: cmp %t/plugin3.ll %t/plain3.ll
// RUN: %clang -O0 -march=znver4 -fpass-plugin=%plugin -mllvm -uarch-tune-loops -c %s -o %t/plugin0.o
// RUN: %clang -O0 -march=znver4 -c %s -o %t/plain0.o
// RUN: cmp %t/plugin0.o %t/plain0.o
// RUN: %clang -O2 -march=znver4 -fpass-plugin=%plugin -mllvm -uarch-tune-loops -c %s -o %t/quiet.o 2>&1 | count 0

void strided(double *restrict c, const double *restrict a, double s) {
  for (long j = 0; j < 256; j++)
    c[j] += s * a[j * 100];
}
