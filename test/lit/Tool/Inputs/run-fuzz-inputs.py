"""Runs loop-uarch-report on every input kept by the fuzzers
(test/lit/Tool/Inputs/fuzz: minimised crashers, hangs and nonsense
reports, docs/robustness.md) with the options that found them and a few
more, and fails on a crash, a sanitizer report, an exit status other than
0 or 1, a failure without an "error:" message, or JSON that does not
parse. Usage: run-fuzz-inputs.py TOOL DIR"""
import json
import os
import subprocess
import sys

tool, folder = sys.argv[1], sys.argv[2]
OPTION_SETS = [["-mcpu=skylake", "--no-sensitivity"],
               ["-mcpu=znver4", "--format=json"],
               ["-mcpu=broadwell", "--format=text", "--show-decoding",
                "--unroll=1000", "--timeline"]]
CRASH = ("PLEASE submit a bug report", "LLVM ERROR", "Sanitizer",
         "runtime error:", "Stack dump")
failures = 0
names = sorted(os.listdir(folder))
for name in names:
    path = os.path.join(folder, name)
    for opts in OPTION_SETS:
        p = subprocess.run([tool] + opts + [path], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120)
        err = p.stderr.decode("utf-8", "replace")
        why = None
        if any(m in err for m in CRASH) or p.returncode not in (0, 1):
            why = "crash (exit %d)" % p.returncode
        elif p.returncode == 1 and "error:" not in err:
            why = "failure without a message"
        elif p.returncode == 0 and "--format=json" in opts:
            try:
                json.loads(p.stdout)
            except ValueError as e:
                why = "JSON does not parse: %s" % e
        if why:
            failures += 1
            print("FAIL %s %s: %s\n%s" % (name, " ".join(opts), why,
                                          err[-2000:]))
print("%d inputs, %d runs, %d failures" % (len(names),
                                           len(names) * len(OPTION_SETS),
                                           failures))
sys.exit(1 if failures else 0)
