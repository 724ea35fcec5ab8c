// An irreducible cycle (a goto into a loop's middle) is no IR loop: the
// IR loop of its header's block is the enclosing one, whose count of 64
// the cycle took for its own before review18 ("for 64 iterations/entry",
// its working set counted over them). The enclosing loop keeps its count.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-verify-cycles -mllvm -uarch-verify-trip-shortcut -c %s -o /dev/null 2>&1 | FileCheck %s

void irreducible(float *restrict a, float *restrict b, int n) {
  for (int i = 0; i < 256; i += 4) {
    int j = 0;
    if (n & 1)
      goto M;
  L:
    a[j] += 1;
  M:
    j++;
    if (j < n && b[j] != 0)
      goto L;
  }
}
// CHECK: trip-count-irreducible.c:[[@LINE-4]]:{{.*}} cycles/iteration
// CHECK-NOT: iterations/entry
// CHECK-SAME: memory level unknown: the loop is irreducible (entered at several blocks): no IR loop to count
// CHECK-NOT: remark:

// A reducible loop at the same place keeps its own count.
void reducible(float *restrict a, float *restrict b, int n) {
#pragma clang loop vectorize(disable) unroll(disable)
  for (int i = 0; i < 256; i += 4) {
#pragma clang loop vectorize(disable) unroll(disable)
    for (int j = 0; j < 37; j++)
      a[j] += b[i + j];
  }
}
// CHECK: trip-count-irreducible.c:[[@LINE-4]]:{{.*}}; for 37 iterations/entry (SCEV)
