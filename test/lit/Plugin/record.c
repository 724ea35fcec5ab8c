// Optimization records carry the numbers as structured arguments; the
// plugin never changes the generated code; without -Rpass it stays silent.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -fpass-plugin=%plugin -mllvm -uarch-mcpu=cascadelake -fsave-optimization-record -foptimization-record-file=%t/record.yaml -c %s -o %t/with.o
// RUN: FileCheck %s --check-prefix=YAML < %t/record.yaml
// RUN: %clang -O2 -fsave-optimization-record -foptimization-record-file=%t/plain.yaml -c %s -o %t/without.o
// RUN: cmp %t/with.o %t/without.o
// RUN: %clang -O3 -march=cascadelake -fpass-plugin=%plugin -Rpass=uarch -c %s -o %t/with3.o 2> %t/o3.txt
// RUN: %clang -O3 -march=cascadelake -c %s -o %t/without3.o
// RUN: cmp %t/with3.o %t/without3.o
// RUN: FileCheck %s --check-prefix=O3 < %t/o3.txt
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-sensitivity -c %s -o %t/sens.o 2>&1 | FileCheck %s --check-prefix=SENS
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-static -c %s -o %t/static.o 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass-missed=uarch -mllvm -uarch-mcpu=pentium99 -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=BADCPU
// RUN: %clang -O2 -fpass-plugin=%plugin -c %s -o %t/quiet.o 2>&1 | count 0

void triad(double *restrict a, const double *restrict b,
           const double *restrict c, double s, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

// YAML: Pass: uarch
// YAML-NEXT: Name: LoopThroughput
// YAML: Function: triad
// YAML-NEXT: Args:
// YAML-NEXT: - String: 'loop: '
// YAML-NEXT: - LoopKind: vector body
// YAML: - VectorWidth: '2'
// YAML: - Interleave: '2'
// YAML: - ElementsPerIteration: '4'
// YAML: - Cycles: '{{[0-9]+\.[0-9][0-9]}}'
// YAML: - StaticBound: '{{[0-9]+\.[0-9][0-9]}}'
// YAML: - Bound: {{.+}}
// YAML: - CPU: cascadelake
// YAML: - Bottleneck: {{.+}}
// YAML: Pass: uarch
// YAML-NEXT: Name: LoopDetails

// SENS: remark: loop: {{.*}} on skylake; bottleneck: {{.*}}; top sensitivity: {{.+}}
// STATIC: remark: loop: vector body {{.*}}: {{[0-9.]+}} cycles/iteration, {{[0-9.]+}} cycles/element (static bound {{[0-9.]+}},

// An unknown CPU is a missed remark, never a failed build.
// BADCPU: remark: loop not analysed: no LoopUArch model for CPU 'pentium99'

// -march=cascadelake sets the function's target-cpu: its model is used.
// O3: remark: loop: {{.*}} on cascadelake;
