// A scalar remainder after a vector loop starts where the vector loop
// stopped (X & -VF, which SCEV sees as VF * (X /u VF) or, with the mask
// hoisted, not at all): with a constant count X, X mod VF iterations per
// entry; with a count that varies with the enclosing loop (a triangle),
// VF/2 on average per entry (docs/memory.md), and its iterations per run
// of the nest summed over the rows (memory-nest-remainder.c). Before, the
// remainder counted from 0: the whole loop's iterations again (28800 in
// the triangle).
// Znver4, -fno-unroll-loops: VF 8, interleave 1.
// REQUIRES: plugin
// RUN: %clang -O2 -march=znver4 -fno-unroll-loops -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=znver4 -c %s -o %t.o 2>&1 | FileCheck %s

double T[240][240], R[100][1100];

// 240 rows of 1..240 elements: the vector body at the middle row (120
// elements, 15 vectors) 240 x 15 = 3600 times (the rows' floor(X / 8) sum
// to 3510: the vector loop's count is averaged, not summed); the remainder
// 4 per entry on average (X mod 8 = 1..7; rows of a multiple of 8 do not
// enter it), X mod 8 summing to 28 over each of the 30 periods of 8 rows:
// 840 in all (debt21; before, 4 per entry x 240 rows = 960).
void triangle(double b) {
  for (int i = 0; i < 240; i++)
    for (int j = 0; j <= i; j++)
      T[i][j] *= b;
}
// CHECK: memory-remainder-trips.c:[[@LINE-3]]:{{.*}}vector body{{.*}}; 3600 iterations per run of the nest
// CHECK: memory-remainder-trips.c:[[@LINE-4]]:{{.*}}scalar remainder{{.*}}for 4 iterations/entry{{.*}}; 840 iterations per run of the nest

// 1100 = 137 x 8 + 4: 100 x 137 vector iterations, 100 x 4 remainder ones.
void rectangle(double b) {
  for (int i = 0; i < 100; i++)
    for (int j = 0; j < 1100; j++)
      R[i][j] *= b;
}
// CHECK: memory-remainder-trips.c:[[@LINE-3]]:{{.*}}vector body{{.*}}; 13700 iterations per run of the nest
// CHECK: memory-remainder-trips.c:[[@LINE-4]]:{{.*}}scalar remainder{{.*}}; 400 iterations per run of the nest
