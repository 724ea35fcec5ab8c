// A loop whose bound is an unknown int has no trip count: SCEV's constant
// maximum for its vector body is the range of `int` divided by the
// elements a vector iteration takes, (2^31 - 1) / 32 = 67,108,863 with
// AVX2's 8 floats interleaved by 4, which is no count anyone wrote (Nest::trips: maxima of
// 2^21 iterations and more are called unknown). Until 2026-11-25 the remark
// took it for the count: "data in DRAM (working set 17179869184 B)" and a
// memory-bound headline for a loop that may run 10 iterations.
// A real constant maximum below 2^21 is still a count (`min(n, 1000)`),
// but not the range of an 8- or 16-bit bound (127, 255, 32,767, 65,535).
// REQUIRES: plugin
// RUN: %clang -O2 -mavx2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s

void scale(float *restrict a, const float *restrict b, int n) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0f + b[i];
}
// CHECK: trip-count-type-range.c:[[@LINE-3]]:{{.*}}vector body{{.*}}memory level unknown: the loop's trip count is unknown to SCEV
// CHECK-NOT: DRAM
// CHECK: trip-count-type-range.c:[[@LINE-5]]:{{.*}}scalar remainder{{.*}}memory level unknown: the loop's trip count is unknown to SCEV

void capped(float *restrict a, const float *restrict b, int n) {
  for (int i = 0; i < n && i < 1000; i++)
    a[i] = a[i] * 2.0f + b[i];
}
// 1000 elements at 32 a vector iteration (VF 8, interleave 4): at most 31
// vector iterations, 31 x 32 x 4 bytes x 2 arrays = 7,936 bytes.
// CHECK: trip-count-type-range.c:[[@LINE-5]]:{{.*}}vector body{{.*}}; data in L1d (working set 7936 B, SCEV){{.*}}; 31 iterations per run of the nest

// A bound of type unsigned char: SCEV's maximum is 255 iterations, the
// type's range (counted before 2026-11-25: "255 iterations per run").
void bytes(double *restrict a, const double *restrict b, unsigned char n) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0 + b[i];
}
// CHECK: trip-count-type-range.c:[[@LINE-3]]:{{.*}}memory level unknown: the loop's trip count is unknown to SCEV

// An inclusive bound of type short: at most 32,768 iterations, the type's
// range plus one (counted before review17: a 524,288-byte working set "in
// L2" for a loop that may run once, while `i < n` said unknown).
void shorts(double *restrict a, const double *restrict b, short n) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (int i = 0; i <= n; i++)
    a[i] = a[i] * 2.0 + b[i];
}
// CHECK: trip-count-type-range.c:[[@LINE-3]]:{{.*}}memory level unknown: the loop's trip count is unknown to SCEV

// The same bounds in vector loops: SCEV's maximum is the type's range
// divided by the elements a vector iteration takes (AVX2, doubles by 4
// interleaved by 4: 255 / 16 = 15 iterations; floats by 8 interleaved by
// 4: 65,535 / 32 = 2,047 and 32,768 / 32 = 1,024), which review18 found
// counted (2,047 iterations: a 524,032-byte working set "in L2").
void vbytes(double *restrict a, const double *restrict b, unsigned char n) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0 + b[i];
}
// CHECK: trip-count-type-range.c:[[@LINE-3]]:{{.*}}vector body{{.*}}memory level unknown: the loop's trip count is unknown to SCEV

void vushorts(float *restrict a, const float *restrict b, unsigned short n) {
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0f + b[i];
}
// CHECK: trip-count-type-range.c:[[@LINE-3]]:{{.*}}vector body{{.*}}memory level unknown: the loop's trip count is unknown to SCEV
// CHECK-NOT: L2

void vshorts(float *restrict a, const float *restrict b, short n) {
  for (int i = 0; i <= n; i++)
    a[i] = a[i] * 2.0f + b[i];
}
// CHECK: trip-count-type-range.c:[[@LINE-3]]:{{.*}}vector body{{.*}}memory level unknown: the loop's trip count is unknown to SCEV
// CHECK-NOT: L2

// A step of 4 in a scalar loop: at most ceil(255 / 4) = 64 iterations,
// the type's range again.
void stride4(double *restrict a, const double *restrict b, unsigned char n) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (int i = 0; i < n; i += 4)
    a[i] = a[i] * 2.0 + b[i];
}
// CHECK: trip-count-type-range.c:[[@LINE-3]]:{{.*}}memory level unknown: the loop's trip count is unknown to SCEV
