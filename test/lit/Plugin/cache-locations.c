// Loops of the same text share one analysis (the pass's analysis cache:
// the time report counts one), but each remark names its own loop's line,
// and -uarch-verbose lists the same instructions for both: nothing of the
// first loop's places shows at the second.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -Rpass-analysis=uarch -mllvm -uarch-verbose -mllvm -uarch-mcpu=znver4 -mllvm -uarch-time-report -c %s -o /dev/null 2>&1 | FileCheck %s

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

// CHECK: cache-locations.c:[[#FIRST:]]:3: remark: loop: {{.*}}: [[CYC:[0-9]+\.[0-9]+]] cycles/iteration
// CHECK: cache-locations.c:[[#FIRST]]:3: remark: bounds:
// CHECK-NEXT: [[I1:[a-z]+ .*]]  [
// CHECK: cache-locations.c:[[#FIRST+6]]:3: remark: loop: {{.*}}: [[CYC]] cycles/iteration
// CHECK: cache-locations.c:[[#FIRST+6]]:3: remark: bounds:
// CHECK-NEXT: [[I1]]  [
// CHECK: uarch: 2 loops, {{.*}}; 1 analyses simulated
