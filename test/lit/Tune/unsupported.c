// A non-x86 target, or an x86 CPU LoopUArch has no model for, is skipped
// with a missed remark and the code clang would emit.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang --target=aarch64-linux-gnu -O2 -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass-missed=uarch -c %s -o %t/arm.o 2>&1 | FileCheck %s --check-prefix=ARM
// RUN: %clang --target=aarch64-linux-gnu -O2 -c %s -o %t/arm-plain.o
// RUN: cmp %t/arm.o %t/arm-plain.o
// RUN: %clang -O2 -march=x86-64 -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass-missed=uarch -c %s -o %t/generic.o 2>&1 | FileCheck %s --check-prefix=GENERIC
// RUN: %clang -O2 -march=x86-64 -c %s -o %t/generic-plain.o
// RUN: cmp %t/generic.o %t/generic-plain.o
// RUN: %clang -O2 -march=znver4 -fpass-plugin=%plugin -mllvm -uarch-tune-loops -mllvm -uarch-mcpu=pentium99 -Rpass-missed=uarch -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=BADCPU

void strided(double *restrict c, const double *restrict a, double s) {
  for (long j = 0; j < 256; j++)
    c[j] += s * a[j * 100];
}

// ARM: remark: loop not tuned: LoopUArch models x86-64 only (target 'aarch64-unknown-linux-gnu') [-Rpass-missed=uarch]
// GENERIC: remark: loop not tuned: no LoopUArch model for target-cpu 'x86-64' (use -march=<cpu> or -mllvm -uarch-mcpu=<cpu>) [-Rpass-missed=uarch]
// BADCPU: remark: loop not tuned: no LoopUArch model for CPU 'pentium99'
