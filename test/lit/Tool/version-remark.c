// The plugin's main remark carries LoopUArch's version: in the text and as
// the LoopUArchVersion argument of the optimisation record.
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass=uarch -mllvm -uarch-mcpu=skylake -fsave-optimization-record -foptimization-record-file=%t/record.yaml -c %s -o %t/a.o 2> %t/remarks.txt
// RUN: FileCheck %s -DVER=%luarch_version --check-prefix=TEXT < %t/remarks.txt
// RUN: FileCheck %s -DVER=%luarch_version --check-prefix=YAML < %t/record.yaml

long sum(const long *a, long n) {
  long s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i];
  return s;
}

// TEXT: remark: loop: {{.*}} [LoopUArch [[VER]]]
// YAML: Name: LoopThroughput
// YAML: - LoopUArchVersion: {{'?}}[[VER]]{{'?}}{{$}}
