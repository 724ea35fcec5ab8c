// Which loop a remark is about: the vectorizer's vector body, its vector
// epilogue, the scalar remainder, or a scalar (possibly unrolled) loop, with
// the source iterations one machine iteration does. The vectorizer's and the
// unroller's own remarks (same compile) give the factors to compare with.
// REQUIRES: plugin
// RUN: %clang -O3 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylake -Rpass='uarch|loop-vectorize|loop-unroll' -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -Rpass='uarch|loop-vectorize|loop-unroll' -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CHECK,ZEN4
// The YAML record carries the same facts as arguments.
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylake -fsave-optimization-record -foptimization-record-file=%t.yaml -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml

// Pinned by the pragma: VF 4, interleave 2, 8 floats per iteration.
void pinned(float *restrict a, const float *restrict b, int n) {
#pragma clang loop vectorize_width(4) interleave_count(2)
  for (int i = 0; i < n; ++i)
    a[i] += b[i] * 2.0f;
}

// Left to the cost model: on Zen 4 a main vector loop and a narrower vector
// epilogue; the factors are those the vectorizer reports.
void axpy(double *restrict y, const double *restrict x, double a, long n) {
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

// Not vectorized (pragma): the unroller's factor, then its remainder.
void stencil(double *restrict b, const double *restrict a, long n) {
#pragma clang loop vectorize(disable) unroll_count(4)
  for (long i = 0; i < n; ++i)
    b[i] = a[i] + a[i + 1];
}

// Fields of one struct are not unrolled copies: one source iteration.
struct Point { double x, y; };
void fields(const struct Point *p, double *restrict sx, double *restrict sy,
            long n) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (long i = 0; i < n; ++i) {
    *sx += p[i].x;
    *sy += p[i].y;
  }
}

// A linked list: no induction at all, one node per iteration.
struct Node { struct Node *next; long v; };
long walk(const struct Node *p) {
  long s = 0;
  for (; p; p = p->next)
    s += p->v;
  return s;
}

// The optimizer's remarks come first (the IR pipeline runs before codegen),
// in source order: they name each loop's line and factors.
// CHECK: loop-role.c:[[#PIN:]]:3: remark: vectorized loop (vectorization width: 4, interleaved count: 2)
// CHECK: loop-role.c:[[#AXPY:]]:3: remark: vectorized loop (vectorization width: [[#VF:]], interleaved count: [[#IC:]])
// CHECK: loop-role.c:[[#STENCIL:]]:3: remark: unrolled loop by a factor of 4
//
// CHECK: loop-role.c:[[#PIN]]:3: remark: loop: vector body{{( \[[0-9]+ of [0-9]+ here, .LBB[0-9_]+\])?}} (VF 4, interleave 2: 8 elements/iteration): {{[0-9.]+}} cycles/iteration
// CHECK: loop-role.c:[[#PIN]]:3: remark: loop: scalar remainder{{( \[[0-9]+ of [0-9]+ here, .LBB[0-9_]+\])?}} (1 element/iteration): {{[0-9.]+}} cycles/iteration
// CHECK: loop-role.c:[[#AXPY]]:3: remark: loop: vector body{{( \[[0-9]+ of [0-9]+ here, .LBB[0-9_]+\])?}} (VF [[#VF]], interleave [[#IC]]: [[#mul(VF,IC)]] elements/iteration)
// ZEN4: loop-role.c:[[#AXPY]]:3: remark: loop: vector epilogue{{( \[[0-9]+ of [0-9]+ here, .LBB[0-9_]+\])?}} (VF [[EVF:[0-9]+]], interleave 1: [[EVF]] elements/iteration)
// CHECK: loop-role.c:[[#STENCIL]]:3: remark: loop: scalar loop{{( \[[0-9]+ of [0-9]+ here, .LBB[0-9_]+\])?}} (4 elements/iteration)
// CHECK: loop-role.c:[[#STENCIL]]:3: remark: loop: scalar remainder{{( \[[0-9]+ of [0-9]+ here, .LBB[0-9_]+\])?}} (1 element/iteration)
// CHECK: loop-role.c:[[#STENCIL+9]]:3: remark: loop: scalar loop (1 element/iteration)
// CHECK: loop-role.c:[[#STENCIL+19]]:3: remark: loop: scalar loop (1 element/iteration)

// YAML: Name: LoopThroughput
// YAML: Function: pinned
// YAML: - LoopKind: vector body
// YAML: - VectorWidth: '4'
// YAML: - Interleave: '2'
// YAML: - ElementsPerIteration: '8'
// YAML: Name: LoopThroughput
// YAML: Function: pinned
// YAML: - LoopKind: scalar remainder
// YAML: - ElementsPerIteration: '1'
