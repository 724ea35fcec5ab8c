// The same agreement at -O3 for Zen 4 (AVX-512), on a gather loop: a vector
// body with a 512-bit gather, a vector epilogue and a scalar remainder. The
// IR inputs are compiled at clang -O3's code generator level.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O3 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -Rpass=uarch -c %s -o %t/x.o 2> %t/remarks
// RUN: %clang -O3 -march=znver4 -S %s -o %t/x.s
// RUN: %clang -O3 -march=znver4 -S -emit-llvm -Xclang -emit-llvm-uselists %s -o %t/x.ll
// RUN: %clang -O3 -march=znver4 -c -emit-llvm %s -o %t/x.bc
// RUN: %loop-uarch-report -mcpu=znver4 --no-sensitivity %t/x.s > %t/s.txt
// RUN: %loop-uarch-report -mcpu=znver4 --no-sensitivity %t/x.o > %t/o.txt
// RUN: %loop-uarch-report -mcpu=znver4 --no-sensitivity --codegen-opt-level=3 %t/x.ll > %t/ll.txt
// RUN: %loop-uarch-report -mcpu=znver4 --no-sensitivity --codegen-opt-level=3 %t/x.bc > %t/bc.txt
// RUN: echo "== asm" > %t/sep-s; echo "== obj" > %t/sep-o; echo "== ll" > %t/sep-ll; echo "== bc" > %t/sep-bc
// RUN: cat %t/remarks %t/sep-s %t/s.txt %t/sep-o %t/o.txt %t/sep-ll %t/ll.txt %t/sep-bc %t/bc.txt | FileCheck %s

void gather(double *restrict a, const double *restrict b,
            const int *restrict idx, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = b[idx[i]];
}

// CHECK: remark: loop: vector body [1 of 3 here, {{.*}}: [[BODY:[0-9]+\.[0-9]+]] cycles/iteration{{.*}} on znver4
// CHECK: remark: loop: vector epilogue [2 of 3 here, {{.*}}: [[EPI:[0-9]+\.[0-9]+]] cycles/iteration
// CHECK: remark: loop: scalar remainder [3 of 3 here, {{.*}}: [[REM:[0-9]+\.[0-9]+]] cycles/iteration
// The body's gathers are all there: 512-bit vgatherdpd.
// RUN: grep -c vgatherdpd %t/x.s | FileCheck %s --check-prefix=GATHERS
// GATHERS: {{[1-9]}}

// CHECK-LABEL: == asm
// CHECK: Cycles per iteration: [[BODY]] [simulated
// CHECK: Cycles per iteration: [[EPI]] [simulated
// CHECK: Cycles per iteration: [[REM]] [simulated
// CHECK-LABEL: == obj
// CHECK: Cycles per iteration: [[BODY]] [simulated
// CHECK: Cycles per iteration: [[EPI]] [simulated
// CHECK: Cycles per iteration: [[REM]] [simulated
// CHECK-LABEL: == ll
// CHECK: Cycles per iteration: [[BODY]] [simulated
// CHECK: Cycles per iteration: [[EPI]] [simulated
// CHECK: Cycles per iteration: [[REM]] [simulated
// CHECK-LABEL: == bc
// CHECK: Cycles per iteration: [[BODY]] [simulated
// CHECK: Cycles per iteration: [[EPI]] [simulated
// CHECK: Cycles per iteration: [[REM]] [simulated
// CHECK-NOT: Cycles per iteration
