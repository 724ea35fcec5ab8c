// Loops whose trip count SCEV cannot tell, recognised from the IR without
// asking it (countIsHopeless, docs/plugin.md "Cost"): the same remarks as
// when SCEV is asked. -uarch-verify-trip-shortcut asks SCEV as well and
// warns where it counts a loop the check called uncountable: nowhere here.
// REQUIRES: plugin
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2> %t.fast
// RUN: FileCheck %s < %t.fast
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-verify-trip-shortcut -c %s -o %t.o 2> %t.checked
// RUN: FileCheck %s --check-prefix=CHECKED < %t.checked
// RUN: diff %t.fast %t.checked
// The IR half: a compare of two sums SCEV proves equal, which InstCombine
// would have folded (here the IR optimizations are off). The check does
// not see it: SCEV counts one iteration, the check none.
// RUN: %clang -O2 -c -x ir %S/Inputs/trip-count-shortcut-gap.ll -Xclang -disable-llvm-optzns -Wno-override-module -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-verify-trip-shortcut -o %t.o 2>&1 | FileCheck %s --check-prefix=GAP

struct node {
  struct node *next;
  long value;
};

// A list walk: the header phi's value from the latch is a load.
long list_sum(const struct node *p) {
  long s = 0;
  for (; p; p = p->next)
    s += p->value;
  return s;
}
// CHECK: trip-count-shortcut.c:[[@LINE-4]]:{{.*}} cycles/iteration{{.*}}memory level unknown: the loop's trip count is unknown to SCEV

// A search whose exit compares loaded data, from a constant start: SCEV is
// asked (it might evaluate the loop by brute force) and cannot count it
// either.
long find(const long *a, long key) {
  long i = 0;
  while (a[i] != key)
    ++i;
  return i;
}
// CHECK: trip-count-shortcut.c:[[@LINE-4]]:{{.*}} cycles/iteration{{.*}}memory level unknown: the loop's trip count is unknown to SCEV

// A search from a start the caller gives: the index is a header phi, but
// only behind the load SCEV cannot see through (the check's second rule).
long find_from(const long *a, long i, long key) {
  while (a[i] != key)
    ++i;
  return i;
}
// CHECK: trip-count-shortcut.c:[[@LINE-4]]:{{.*}} cycles/iteration{{.*}}memory level unknown: the loop's trip count is unknown to SCEV

// Countable: 16 iterations per entry.
void rows(double (*restrict a)[16], double *restrict out, int n) {
  for (int i = 0; i < n; ++i) {
    double s = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < 16; ++j)
      s += a[i][j];
    out[i] = s;
  }
}
// CHECK: trip-count-shortcut.c:[[@LINE-5]]:{{.*}}; for 16 iterations/entry (SCEV):

// CHECKED-NOT: SCEV counts
// Both IRs are checked, each warning once: the recording pass's before
// LSR and the machine pass's (the same message twice before review17).
// GAP: LoopUArch: SCEV counts 1 iteration of the loop at loop in gap before LSR, which the IR check called uncountable
// GAP-NEXT: LoopUArch: SCEV counts 1 iteration of the loop at loop in gap on the machine pass's IR, which the IR check called uncountable
// GAP-NOT: LoopUArch: SCEV counts
// GAP: remark: {{.*}}memory level unknown: the loop's trip count is unknown to SCEV
