"""Reads loop-uarch-report text reports on stdin and checks that no
kernel's simulated cycles per iteration lie below its static bound (a lower
bound of the same model). Prints one line per kernel and a summary; exits 1
on a violation or when no kernel was seen."""
import re
import sys

LINE = re.compile(r"Cycles per iteration: ([0-9.]+)  \[simulated; static bound ([0-9.]+)\]")
kernel, seen, bad = "?", 0, 0
for line in sys.stdin:
    if line.startswith("Kernel: "):
        kernel = line.split()[1]
    m = LINE.search(line)
    if not m:
        continue
    sim, bound = float(m.group(1)), float(m.group(2))
    seen += 1
    ok = sim >= bound - 0.005
    bad += not ok
    print("%s %s: simulated %.2f, static bound %.2f" %
          ("ok" if ok else "BELOW", kernel, sim, bound))
print("kernels %d, below the static bound %d" % (seen, bad))
sys.exit(1 if bad or not seen else 0)
