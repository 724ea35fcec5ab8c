// loop-uarch-report --tune on IR that has not been optimised yet prints
// every innermost loop's candidate table, compiling nothing to an output.
// REQUIRES: plugin
// RUN: %clang -O2 -march=znver4 -gline-tables-only -Xclang -disable-llvm-optzns -S -emit-llvm %s -o %t.ll
// RUN: %loop-uarch-report -mcpu=znver4 --tune %t.ll | FileCheck %s
// Optimised IR: the vectorizer has been there.
// RUN: %clang -O2 -march=znver4 -S -emit-llvm %s -o %t.opt.ll
// RUN: %loop-uarch-report -mcpu=znver4 --tune %t.opt.ll | FileCheck %s --check-prefix=OPT
// RUN: not %loop-uarch-report -mcpu=znver4 --tune %s 2>&1 | FileCheck %s --check-prefix=NOTIR
// RUN: %clang -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: not %loop-uarch-report -mcpu=znver4 --tune %t.O0.ll 2>&1 | FileCheck %s --check-prefix=OPTNONE

void strided(double *restrict c, const double *restrict a, double s) {
  for (long j = 0; j < 256; j++)
    c[j] += s * a[j * 100];
}

// CHECK: Loop tuning candidates for {{.*}}tool.c.tmp.ll (-O2, model znver4)
// CHECK: Loop {{.*}}tool.c:14:3 (strided)
// CHECK-NEXT: trip count: constant 256; model: znver4; {{[0-9]+}} compilations of the function
// CHECK-NEXT: candidate code
// CHECK-NEXT: default   vectorized x8, interleaved x4 {{ *[0-9.]+ +[0-9.]+}}  vector body: {{[0-9.]+}} x{{32|64|128}},
// CHECK-NEXT: u1        scalar, not unrolled
// CHECK: decision: clang's choice kept: report only

// OPT: not tuned: the loop carries 'llvm.loop.isvectorized'
// NOTIR: error: --tune needs LLVM IR (.ll or .bc)
// OPTNONE: error: every function is optnone (-O0 IR)
