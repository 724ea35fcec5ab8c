// Without an optimization record a remark is built as one string
// (RemarkText.h); with one, as keyed arguments. clang prints the same
// message either way: the remarks of loops that use every clause (a vector
// body and its remainder at one location, elements per iteration, a short
// trip count per entry, the memory clause with its working set and
// iterations, a memory note) are byte-identical with and without a record,
// and so are the analysis remarks with the verbose listing.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O3 -march=skylake -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -Rpass-analysis=uarch -Rpass-missed=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-verbose -c %s -o %t/flat.o 2> %t/flat.txt
// RUN: %clang -O3 -march=skylake -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -Rpass-analysis=uarch -Rpass-missed=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-verbose -fsave-optimization-record -foptimization-record-file=%t/record.yaml -c %s -o %t/keyed.o 2> %t/keyed.txt
// RUN: diff %t/flat.txt %t/keyed.txt
// RUN: FileCheck %s < %t/flat.txt
// RUN: FileCheck %s --check-prefix=YAML < %t/record.yaml

#define N (4 * 1024 * 1024)
double a[N], b[N];

void scale(void) {
  for (long i = 0; i < N; ++i)
    a[i] = 3.0 * b[i];
}
// CHECK: remark-text.c:[[@LINE-3]]:{{.*}} loop: vector body (VF 4, interleave {{[0-9]+}}: {{[0-9]+}} elements/iteration): {{[0-9]+\.[0-9][0-9]}} cycles/iteration, {{[0-9]+\.[0-9][0-9][0-9]}} cycles/element {{.*}}; data in DRAM (working set 67108864 B, SCEV): {{.*}} iterations per run of the nest {{.*}}[LoopUArch

int rows(const int (*m)[12], int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
#pragma clang loop unroll(disable) vectorize(disable)
    for (int j = 0; j < 12; ++j)
      s += m[i][j] * j;
  return s;
}
// CHECK: remark-text.c:[[@LINE-4]]:{{.*}} loop: scalar loop {{.*}}; for 12 iterations/entry (SCEV): {{[0-9.]+}} cycles/entry, {{[0-9.]+}} cycles/iteration (chains restarting each entry)

long search(const long *p, long key) {
  long i = 0;
  while (p[i] != key)
    ++i;
  return i;
}
// CHECK: remark-text.c:[[@LINE-4]]:{{.*}} loop: scalar loop {{.*}}; memory level unknown: {{.+}} instructions)

// YAML: Name: LoopThroughput
// YAML: - LoopKind: vector body
// YAML: - WorkingSet: '67108864'
// YAML: - Iterations:
