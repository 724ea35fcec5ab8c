// The vectorizer's scalar remainder after a vector epilogue, as branch
// folding leaves it at -O3 -march=znver4 (PolyBench syrk, syr2k): the
// epilogue's exit test `j == (i + 1) & -4` and the remainder's latch test
// compare the same registers, so they become one block, entered from the
// epilogue, and the remainder's cycle {body, test} is entered at two blocks
// (ASM below): an irreducible cycle whose header's IR block is the
// epilogue's middle block, in the enclosing loop. It is the remainder's IR
// loop all the same (its blocks and the merged test; the cycle holds the
// whole loop), so it takes that loop's count. Before, no count.
//
// Hand-derived: the row is i + 1 = X = 1..1200 elements long; the main
// loop does X & -32, the epilogue 4 at a time, the remainder X mod 4, and
// its IR loop is entered only when X mod 4 != 0 (X < 4 goes straight to
// it, with X iterations). X mod 4 = 1, 2, 3 for 300 rows each: 1,800
// iterations in 900 entries, 2 per entry, which is also the memory step's
// rule for a remainder in a triangular nest ((VF - 1) / 2 rounded up).
// Iterations per run of the nest: those 1,800 (debt21; before, 2 per entry
// x 1,200 rows = 2,400). The epilogue (VF 4) runs floor((X mod 32) / 4)
// times a row: 4 x (0 + 1 + ... + 7) = 112 over each of the 37 periods
// X = 1..1184, and 28 over X = 1185..1200 (residues 1..16): 4,172 (before,
// 4 x 1,200 = 4,800).
// REQUIRES: plugin
// RUN: %clang -O3 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -c %s -o /dev/null 2>&1 | FileCheck %s
// The pass's cycles are MachineCycleInfo's:
// RUN: %clang -O3 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-verify-cycles -c %s -o /dev/null 2>&1 | FileCheck %s
// SCEV after LSR (-uarch-verify-trip-shortcut reads no record from before
// it) counts the same IR loop too, but 16 per entry, as it does for the
// reducible remainder of such a loop (without the unroll pragma, the
// second copy's): the start it takes is the main loop's X & -32, not the
// epilogue's X & -4 (left alone: the plugin counts before LSR).
// RUN: %clang -O3 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-verify-trip-shortcut -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: %clang -O3 -march=znver4 -S %s -o - | FileCheck %s --check-prefix=ASM

void scale(double (*restrict C)[1200], double beta) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < 1200; i++)
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
}
// CHECK: trip-count-irreducible-remainder.c:[[@LINE-3]]:{{.*}} vector body [1 of 3 here
// CHECK: trip-count-irreducible-remainder.c:[[@LINE-4]]:{{.*}} [2 of 3 here{{.*}}; 4172 iterations per run of the nest
// CHECK: trip-count-irreducible-remainder.c:[[@LINE-5]]:{{.*}} scalar remainder [3 of 3 here{{.*}}; for 2 iterations/entry (SCEV): 2.00 cycles/entry{{.*}}; 1800 iterations per run of the nest
// CHECK-NOT: remark:
// AFTER: trip-count-irreducible-remainder.c:[[@LINE-7]]:{{.*}} scalar remainder [3 of 3 here{{.*}}; for 16 iterations/entry (SCEV)
// The epilogue jumps to the merged test; the remainder's body falls into it.
// ASM: vmulpd (%{{[a-z0-9]+}},%{{[a-z0-9]+}},8), %ymm
// ASM: jmp [[TEST:.LBB0_[0-9]+]]
// ASM: [[BODY:.LBB0_[0-9]+]]:
// ASM-NEXT: vmulsd
// ASM-NEXT: vmovsd
// ASM-NEXT: incq
// ASM-NEXT: [[TEST]]:
// ASM-NEXT: cmpq
// ASM-NEXT: jne [[BODY]]
