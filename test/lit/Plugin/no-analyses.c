// Cost only when asked: loading the plugin adds its two passes to the
// codegen pipeline and no analysis (a required analysis would be computed
// for every function of every compile): the machine pass, and the trip
// counts before LSR, which require only what LSR requires and sit in LSR's
// loop pass manager. With remarks on, the pipeline is the same: the
// machine pass computes its cycle info itself.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -c %s -o /dev/null -mllvm -debug-pass=Structure 2> %t/plain
// RUN: %clang -O2 -c %s -o /dev/null -mllvm -debug-pass=Structure -fpass-plugin=%plugin 2> %t/plugin
// RUN: %clang -O2 -c %s -o /dev/null -mllvm -debug-pass=Structure -fpass-plugin=%plugin -Rpass=uarch 2> %t/remarks
// RUN: grep -c "LoopUArch: cycles per iteration" %t/plugin | FileCheck %s --check-prefix=ONE
// RUN: grep -c "LoopUArch: trip counts before LSR" %t/plugin | FileCheck %s --check-prefix=ONE
// ONE: 1
// Without our passes' own entries (a line and an argument each), the
// listings are identical.
// RUN: grep -v "LoopUArch: cycles per iteration\|LoopUArch: trip counts before LSR" %t/plugin | sed -e 's/ -loop-uarch / /; s/ -loop-uarch-trip-counts / /' > %t/plugin-stripped
// RUN: diff %t/plain %t/plugin-stripped
// RUN: grep -v "remark:\|^ *[0-9]* | \|^ *| \|warning generated" %t/remarks > %t/remarks-listing
// RUN: diff %t/plugin %t/remarks-listing

void scale(float *restrict a, const float *restrict b, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = 2.0f * b[i];
}
