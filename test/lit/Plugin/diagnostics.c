// The plugin never fails silently: what it cannot analyse gets a warning
// once per compilation (through LLVM's diagnostic handler, so clang prints
// it as a warning) and a missed remark per loop; the compile succeeds.
// REQUIRES: plugin
//
// A target LoopUArch does not model (Debian's clang-22 has the AArch64 and
// i386 back ends).
// RUN: %clang --target=aarch64-linux-gnu -O2 -fpass-plugin=%plugin -Rpass=uarch -Rpass-missed=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AARCH64
// RUN: %clang -m32 -O2 -fpass-plugin=%plugin -Rpass=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=I386
// AARCH64-COUNT-1: warning: LoopUArch: the target is aarch64-unknown-linux-gnu; LoopUArch models x86-64 only: no loop is analysed [-Wbackend-plugin]
// AARCH64: diagnostics.c:[[#LOOP1:]]:3: remark: loop not analysed: the target is aarch64-unknown-linux-gnu; LoopUArch models x86-64 only [-Rpass-missed=uarch]
// AARCH64: diagnostics.c:[[#LOOP2:]]:3: remark: loop not analysed: the target is aarch64-unknown-linux-gnu
// AARCH64-NOT: warning:
// I386: warning: LoopUArch: the target is i386-pc-linux-gnu; LoopUArch models x86-64 only: no loop is analysed
//
// -O0: nothing is optimised, so nothing is predicted; said once.
// RUN: %clang -O0 -fpass-plugin=%plugin -Rpass=uarch -Rpass-missed=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=O0
// O0-COUNT-1: warning: LoopUArch: no loop is analysed at -O0: LoopUArch predicts optimised code (-O1 or higher) [-Wbackend-plugin]
// O0: remark: loop not analysed: the function is not optimised (-O0 or optnone); LoopUArch predicts optimised code [-Rpass-missed=uarch]
// O0-NOT: warning:
//
// A misspelt -uarch-mcpu: one warning listing the models, a missed remark
// per loop.
// RUN: %clang -O2 -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylak -Rpass=uarch -Rpass-missed=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT-COUNT-1: warning: LoopUArch: -uarch-mcpu=skylak: no LoopUArch model for CPU 'skylak'; supported: {{.*}}skylake{{.*}}; no loop is analysed [-Wbackend-plugin]
// BADOPT: remark: loop not analysed: no LoopUArch model for CPU 'skylak'
// BADOPT-NOT: warning:
//
// A core without a model: a warning, then the host's model, said in each
// remark.
// RUN: %clang -O2 -march=btver2 -fpass-plugin=%plugin -Rpass=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOMODEL
// NOMODEL-COUNT-1: warning: LoopUArch: no model for target-cpu 'btver2' (-mtune/-march); predicting with {{[a-z0-9-]+}}
// NOMODEL: remark: loop: {{.*}}; target-cpu 'btver2' has no model; using the host's, {{[a-z0-9-]+}} [LoopUArch {{[0-9.]+}}] [-Rpass=uarch]
// NOMODEL-NOT: warning:
//
// -mtune before -march, as clang's scheduling: tune-cpu chooses the model;
// an unmodelled tune-cpu falls back to the modelled target-cpu.
// RUN: %clang -O2 -march=x86-64-v3 -mtune=icelake-server -fpass-plugin=%plugin -Rpass=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUNE
// TUNE-NOT: warning:
// TUNE: remark: loop: {{.*}} on icelake-server; bottleneck: {{[^;]*}}; memory level unknown: the loop's trip count is unknown to SCEV ({{.*}}) [LoopUArch {{[0-9.]+}}] [-Rpass=uarch]
// RUN: %clang -O2 -march=skylake -mtune=btver2 -fpass-plugin=%plugin -Rpass=uarch -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TUNEFALLBACK
// TUNEFALLBACK: warning: LoopUArch: no model for tune-cpu 'btver2' (-mtune/-march); predicting with skylake
// TUNEFALLBACK: remark: loop: {{.*}} on skylake; {{.*}}; tune-cpu 'btver2' has no model; using target-cpu 'skylake' [LoopUArch {{[0-9.]+}}] [-Rpass=uarch]
//
// Without uarch remarks nothing is said, whatever the target or options.
// RUN: %clang --target=aarch64-linux-gnu -O2 -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylak -c %s -o /dev/null 2>&1 | count 0

long sum(const long *a, long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i] * 3;
  return s;
}

void twice(double *a, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = a[i] * a[i] + 1.0;
}
