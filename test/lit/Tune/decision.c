// The tuner overrides clang where the model predicts a clear gain and says
// so: the decision is standard loop metadata at the vectorizer's start
// (llvm.loop.vectorize.width, llvm.loop.interleave.count), a note that
// survives into the optimised IR, a -Rpass=uarch remark, the candidate
// table under -Rpass-analysis=uarch, and the same in the YAML record.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -Rpass=uarch -Rpass-missed=uarch -Rpass-analysis=uarch -S -emit-llvm %s -o %t/tuned.ll 2> %t/remarks.txt
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks.txt
// RUN: FileCheck %s --check-prefix=IR < %t/tuned.ll
// RUN: %clang -O2 -march=znver4 -fpass-plugin=%plugin -mllvm -uarch-tune-loops -S -o /dev/null %s -mllvm -print-before=loop-vectorize -mllvm -print-module-scope 2>&1 | FileCheck %s --check-prefix=HINTS
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -fsave-optimization-record -foptimization-record-file=%t/record.yaml -c %s -o %t/tuned.o
// RUN: FileCheck %s --check-prefix=YAML < %t/record.yaml
//
// A prohibitive -uarch-tune-min-gain keeps clang's choice, with the reason.
// RUN: %clang -O2 -march=znver4 -gline-tables-only -fpass-plugin=%plugin -mllvm -uarch-tune-loops -mllvm -uarch-tune-min-gain=1000 -Rpass=uarch -Rpass-missed=uarch -c %s -o %t/kept.o 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: %clang -O2 -march=znver4 -gline-tables-only -c %s -o %t/plain.o
// RUN: cmp %t/kept.o %t/plain.o

// Stride 100 doubles: clang vectorizes with gathers (x8, interleaved x4);
// on Zen 4 a vgatherqpd costs far more than eight scalar loads, so the
// model prefers code that loads element by element.
void strided(double *restrict c, const double *restrict a, double s) {
  for (long j = 0; j < 256; j++)
    c[j] += s * a[j * 100];
}

// REMARK: decision.c:[[@LINE-4]]:3: remark: {{(scalar|vectorized)[^:]*}}: predicted {{[0-9]+\.[0-9][0-9]}} cycles/element; clang's choice vectorized x8, interleaved x4: {{[0-9]+\.[0-9][0-9]}} ({{[0-9.]+}}% fewer cycles; trip count constant 256; znver4) [-Rpass=uarch]
// REMARK: decision.c:[[@LINE-5]]:3: remark: candidates (trip count constant 256, znver4): default [vectorized x8, interleaved x4]: {{[0-9.]+}} cycles/element; u1: {{[0-9.]+}} cycles/element; 2x1: {{.*}}; 8x8: {{.*}}; 1x2: {{.*}}; u8: {{[0-9.]+}} cycles/element; [-Rpass-analysis=uarch]

// IR: !{!"luarch.tune.decision", !"{{u[0-9]|[0-9]x[0-9]}}"}

// HINTS: IR Dump Before LoopVectorizePass on strided
// HINTS: !{!"luarch.tune.decision", !"[[C:[^"]+]]"}
// HINTS: !{!"llvm.loop.vectorize.width", i32 {{[0-9]+}}}
// HINTS: !{!"llvm.loop.interleave.count", i32 {{[0-9]+}}}

// YAML: --- !Passed
// YAML-NEXT: Pass: uarch
// YAML-NEXT: Name: Tuned
// YAML: Function: strided
// YAML: - CyclesPerElement: '{{[0-9]+\.[0-9][0-9]}}'
// YAML: - ClangChoice: vectorized x8, interleaved x4
// YAML: - Gain: '{{[0-9.]+}}'
// YAML: - TripCount: constant 256
// YAML: - CPU: znver4
// YAML: - VF: '{{[0-9]+}}'
// YAML-NEXT: - IC: '{{[0-9]+}}'
// YAML-NEXT: - Unroll: '{{[0-9]+}}'
// YAML: --- !Analysis
// YAML-NEXT: Pass: uarch
// YAML-NEXT: Name: TuneCandidates

// KEPT: remark: clang's choice kept (vectorized x8, interleaved x4: {{[0-9.]+}} cycles/element): the best candidate, {{.*}}, is {{[0-9.]+}}% better, below -uarch-tune-min-gain=1000.00 [-Rpass-missed=uarch]
