// Cost only when asked: loading the plugin adds its one pass to the
// codegen pipeline and no analysis (a required analysis would be computed
// for every function of every compile). With remarks on, the pipeline is
// the same: the pass computes its cycle info itself.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -c %s -o /dev/null -mllvm -debug-pass=Structure 2> %t/plain
// RUN: %clang -O2 -c %s -o /dev/null -mllvm -debug-pass=Structure -fpass-plugin=%plugin 2> %t/plugin
// RUN: %clang -O2 -c %s -o /dev/null -mllvm -debug-pass=Structure -fpass-plugin=%plugin -Rpass=uarch 2> %t/remarks
// RUN: grep -c "LoopUArch: cycles per iteration" %t/plugin | FileCheck %s --check-prefix=ONE
// ONE: 1
// Without our pass' own two entries, the listings are identical.
// RUN: grep -v "LoopUArch: cycles per iteration" %t/plugin | sed -e 's/ -loop-uarch / /' > %t/plugin-stripped
// RUN: diff %t/plain %t/plugin-stripped
// RUN: grep -v "remark:\|^ *[0-9]* | \|^ *| \|warning generated" %t/remarks > %t/remarks-listing
// RUN: diff %t/plugin %t/remarks-listing

void scale(float *restrict a, const float *restrict b, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = 2.0f * b[i];
}
