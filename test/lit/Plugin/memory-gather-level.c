// A vectorised column walk reads A[j..j+7][k] with a gather, whose machine
// memory operand names no IR pointer. The IR's masked gather does: its
// vector of addresses, lane by lane as SCEVs (A + 8 k + 8000 (j + lane)),
// gives the access's reuse - the next k reads the same lines, after one
// pass over j: 1200 lines of A and 9.6 KB of C, 86 KB, within half of the
// 1 MiB L2 - so the gather's 8 lines per iteration come from L2, not from
// where the 9.6 MB working set lives (DRAM beyond the usable 8 MiB L3 on
// the Zen 4 host; docs/memory.md). Before, a gather took the working
// set's level: "data in DRAM".
// REQUIRES: plugin
// RUN: %clang -O2 -march=znver4 -fno-unroll-loops -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s

double A[1200][1000], C[1200];

void column_sums(void) {
  for (int k = 0; k < 1000; k++)
    for (int j = 0; j < 1200; j++)
      C[j] += A[j][k];
}
// CHECK: memory-gather-level.c:[[@LINE-3]]:{{.*}}vector body (VF 8{{.*}}bottleneck: memory-bound (L2 bandwidth); data in L2 (working set 9609600 B, SCEV)
