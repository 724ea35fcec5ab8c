// Under ThinLTO the vectorizer runs at link time: the pre-link compile
// leaves the loop alone (no vectorizer, so no tuning), and the tuner acts
// when lld loads the plugin. lld-22 parses -mllvm before it loads
// --load-pass-plugin libraries: the plugin's options go through
// LOOPUARCH_OPTIONS.
// REQUIRES: plugin, lld, x86_64-linux
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -flto=thin -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass=uarch -c %s -o %t/tuned.o 2>&1 | count 0
// RUN: %clang -flto=thin -O2 -march=znver4 -gline-tables-only -c %s -o %t/plain.o
// RUN: cmp %t/tuned.o %t/plain.o
// RUN: env LOOPUARCH_OPTIONS=-uarch-tune-loops %clang -flto=thin -fuse-ld=lld -O2 -march=znver4 -shared %t/plain.o -o %t/lib.so -Wl,--load-pass-plugin=%plugin -Wl,-mllvm,-pass-remarks=uarch 2>&1 | FileCheck %s

void strided(double *restrict c, const double *restrict a, double s) {
  for (long j = 0; j < 256; j++)
    c[j] += s * a[j * 100];
}

// CHECK: thinlto.c:14:3: {{(scalar|vectorized)[^:]*}}: predicted {{[0-9.]+}} cycles/element; clang's choice vectorized x8, interleaved x4
