// -mllvm -uarch-time-report: at exit, the pass's time per stage, the whole
// pass and what it spends per function outside the loops and in clang's
// handling of the remarks it emits (remark printing), and the steps of
// the analyses it ran (docs/plugin.md "Cost"). Times vary from run to run:
// only the fields are checked, and the counts that do not vary. Two loops
// in two functions (a third function has no loop); the second loop repeats
// the first, so the analysis cache serves it and one analysis runs.
// REQUIRES: plugin
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-time-report -c %s -o /dev/null 2>&1 | FileCheck %s
// Without remarks the pass does nothing, and reports nothing.
// RUN: %clang -O2 -fpass-plugin=%plugin -mllvm -uarch-mcpu=znver4 -mllvm -uarch-time-report -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// CHECK: uarch: 2 loops, kernel {{[0-9.]+}} ms, memory (SCEV) {{[0-9.]+}} ms, analysis {{[0-9.]+}} ms, identity {{[0-9.]+}} ms, remarks {{[0-9.]+}} ms; 1 analyses simulated {{[1-9][0-9]*}} steady-state and 0 trip-count iterations
// CHECK-NEXT: uarch: pass {{[0-9.]+}} ms, of which per function {{[0-9.]+}} ms, remark printing {{[0-9.]+}} ms
// CHECK-NEXT: uarch: analysis steps: decode {{[0-9.]+}} ms, static {{[0-9.]+}} ms, simulation {{[0-9.]+}} ms, trip count {{[0-9.]+}} ms, sensitivity {{[0-9.]+}} ms, memory {{[0-9.]+}} ms
// Both loops counted before LSR (n unknown), their counts taken from there.
// CHECK-NEXT: uarch: trip counts before LSR: 2 loops in 2 nests, {{[0-9.]+}} ms; the memory step took 2 loops' counts from them, asked SCEV after LSR for 0, found 0 uncountable from the IR
// QUIET-NOT: uarch:

void scale(float *restrict a, const float *restrict b, long n) {
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; ++i)
    a[i] = 2.0f * b[i];
}

void scale_again(float *restrict a, const float *restrict b, long n) {
#pragma clang loop unroll(disable) vectorize(disable)
  for (long i = 0; i < n; ++i)
    a[i] = 2.0f * b[i];
}

float first(const float *a) { return a[0]; }
