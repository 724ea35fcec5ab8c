#!/usr/bin/env python3
"""Stress test of the native harness: random real blocks cannot hurt it.

Samples N distinct blocks from ../shared/data/bhive/sources (any content:
calls, system instructions, faulting accesses, x87 ...), runs them through
`loop-uarch-report --batch --measure` in one process, and checks that the
tool exits normally with one output line per block, each block measured or
refused with a reason. Prints the counts per outcome.

Usage: utils/measure-stress.py [--blocks 2000] [--seed 7] [--as unrolled|loop]
"""
import argparse
import collections
import csv
import glob
import io
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")
SOURCES = os.path.join(ROOT, "..", "shared", "data", "bhive", "sources")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--blocks", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--as", dest="form", default="unrolled")
    ap.add_argument("--tool", default=TOOL)
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    seen = set()
    for path in sorted(glob.glob(os.path.join(SOURCES, "*.csv"))):
        with open(path) as f:
            for row in csv.reader(f):
                if row and re.fullmatch(r"[0-9a-fA-F]+", row[0] or ""):
                    seen.add(row[0].lower())
    blocks = random.Random(args.seed).sample(sorted(seen), args.blocks)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("\n".join(blocks) + "\n")
        path = f.name
    t0 = time.time()
    out = subprocess.run([args.tool, "-mcpu=native", "--static", "--batch",
                          path, "--as=" + args.form, "--measure",
                          "--measure-repetitions=9"],
                         capture_output=True, text=True, timeout=args.timeout)
    secs = time.time() - t0
    os.unlink(path)
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    outcomes = collections.Counter()
    for r in rows:
        st = r["measure_status"]
        if st == "ok":
            outcomes["measured"] += 1
        elif st == "contended":
            outcomes["measured (core shared throughout)"] += 1
        else:
            # The reason without the instruction text.
            reason = re.sub(r"'[^']*'", "'...'", st)
            outcomes["refused: " + reason[:90]] += 1
    print("%d blocks (%s form), tool exit status %d, %d output lines, %.0f s"
          % (len(blocks), args.form, out.returncode, len(rows), secs))
    for k, v in outcomes.most_common():
        print("  %6d  %s" % (v, k))
    ok = out.returncode == 0 and len(rows) == len(blocks)
    print("PASS" if ok else "FAIL: " + out.stderr[-2000:])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
