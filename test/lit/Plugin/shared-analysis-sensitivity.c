// Loops equal up to their registers share one analysis (RegisterRenaming),
// but the sensitivity sweep's verdict names the loop-carried registers:
// with -uarch-sensitivity each loop must name its own. Before the fix g's
// and h's remarks said "through rax" (f's accumulator) and
// -uarch-verify-shared-analyses reported the difference.
// REQUIRES: plugin
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-sensitivity -mllvm -uarch-verify-shared-analyses -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -mllvm -uarch-sensitivity -mllvm -uarch-verify-shared-analyses -c %s -o /dev/null 2>&1 | FileCheck %s

// The same chain, s = s * a[i] + 3, in rax (returned), rcx (stored) and r8
// (the fifth argument's register).
unsigned long f(const unsigned long *a, long n, unsigned long s) {
  for (long i = 0; i < n; ++i)
    s = s * a[i] + 3;
  return s;
}
void g(const unsigned long *a, long n, unsigned long *out, unsigned long s) {
  for (long i = 0; i < n; ++i)
    s = s * a[i] + 3;
  *out = s;
}
void h(const unsigned long *a, long n, unsigned long *out, unsigned long s,
       unsigned long t) {
  for (long i = 0; i < n; ++i)
    t = t * a[i] + 3;
  out[0] = s;
  out[1] = t;
}

// CHECK-NOT: a shared analysis differs
// CHECK: shared-analysis-sensitivity.c:[[#F:]]:3: remark: loop: scalar loop {{.*}}loop-carried dependency through rax (
// CHECK: shared-analysis-sensitivity.c:[[#F]]:3: remark: loop: scalar remainder {{.*}}loop-carried dependency through rax (
// CHECK-NOT: a shared analysis differs
// CHECK: shared-analysis-sensitivity.c:[[#F+5]]:3: remark: loop: scalar loop {{.*}}loop-carried dependency through rcx (
// CHECK: shared-analysis-sensitivity.c:[[#F+5]]:3: remark: loop: scalar remainder {{.*}}loop-carried dependency through rcx (
// CHECK-NOT: a shared analysis differs
// CHECK: shared-analysis-sensitivity.c:[[#F+11]]:3: remark: loop: scalar loop {{.*}}loop-carried dependency through r8 (
// CHECK: shared-analysis-sensitivity.c:[[#F+11]]:3: remark: loop: scalar remainder {{.*}}loop-carried dependency through r8 (
// CHECK-NOT: a shared analysis differs
