// The candidate compilations run in a private context: none of their
// remarks or diagnostics reach the user. With every remark enabled, the
// vectorizer's and unroller's remarks are exactly those of a build without
// the tuner (the tuner keeps clang's choice here: -uarch-tune-min-gain),
// once per loop, not once per candidate; the same in the YAML record.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -mllvm -uarch-tune-min-gain=1000 -fno-caret-diagnostics -Rpass=.* -Rpass-missed=.* -Rpass-analysis=.* -fsave-optimization-record -foptimization-record-file=%t/tuned.yaml -c %s -o %t/tuned.o 2> %t/tuned.txt
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fno-caret-diagnostics -Rpass=.* -Rpass-missed=.* -Rpass-analysis=.* -fsave-optimization-record -foptimization-record-file=%t/plain.yaml -c %s -o %t/plain.o 2> %t/plain.txt
// RUN: grep -v uarch %t/tuned.txt > %t/tuned-others.txt
// RUN: diff %t/plain.txt %t/tuned-others.txt
// RUN: grep -c "remark: vectorized loop" %t/plain.txt | FileCheck %s --check-prefix=ONCE
// RUN: grep -c "Name: *Vectorized" %t/tuned.yaml | FileCheck %s --check-prefix=ONCE
// RUN: FileCheck %s < %t/tuned.txt

void strided(double *restrict c, const double *restrict a, double s) {
  for (long j = 0; j < 256; j++)
    c[j] += s * a[j * 100];
}

// ONCE: {{^1$}}
// CHECK: nested.c:17:3: remark: clang's choice kept
// CHECK: nested.c:17:3: remark: candidates (trip count constant 256
