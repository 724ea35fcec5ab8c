// A trip count wider than 64 bits is no count: an __int128 induction
// variable running 2^64 + 5 times. Its exact count is a 128-bit SCEV
// constant, whose low 64 bits were read as the count before review17
// ("for 5 iterations/entry"; an assertion in LLVM's APInt::getZExtValue
// with assertions on). A 128-bit variable with a count that fits is
// counted as before (7).
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -disable-lsr -c %s -o /dev/null 2>&1 | FileCheck %s

void huge(double *restrict a) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (__int128 i = 0; i < (((__int128)1) << 64) + 5; ++i)
    a[(long)i & 1023] += 1.0;
}
// CHECK: trip-count-int128.c:[[@LINE-3]]:{{.*}} cycles/iteration
// CHECK-NOT: iterations/entry
// CHECK-SAME: memory level unknown: the loop's trip count is unknown to SCEV

void small(double *restrict a, __int128 n) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (__int128 i = ((__int128)1) << 64; i < n && i < (((__int128)1) << 64) + 7; ++i)
    a[(long)i & 1023] += 1.0;
}
// CHECK: trip-count-int128.c:[[@LINE-3]]:{{.*}}; for 7 iterations/entry (SCEV)
