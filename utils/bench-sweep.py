#!/usr/bin/env python3
"""Cost of the default sensitivity sweep as a function of loop size.

Builds loops of N instructions from real code (consecutive BHive blocks of
../shared/data/bhive/measured-clx.csv, disassembled by loop-uarch-report
itself via --hex, closed by `dec %rcx; jnz`), runs the default analysis
(simulation + full sweep) on each, and prints the sweep's own time (as the
report states it) and the whole-process time, median of --repeat runs.

Usage: utils/bench-sweep.py [--mcpu cascadelake] [--sizes 10,25,50,...]
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")
CORPUS = os.path.join(ROOT, "..", "shared", "data", "bhive",
                      "measured-clx.csv")


def block_text(tool, mcpu, hexstr):
    """AT&T text of one block's instructions (from --show-decoding)."""
    out = subprocess.run([tool, "-mcpu=" + mcpu, "--static", "--as=unrolled",
                          "--hex", hexstr, "--json"],
                         capture_output=True, text=True)
    if out.returncode:
        return []
    import json
    k = json.loads(out.stdout)["kernels"][0]
    return [i["text"] for i in k["instructions"]
            if not i["text"].startswith(("j", "call", "ret"))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mcpu", default="cascadelake")
    ap.add_argument("--sizes", default="10,25,50,100,200,500,1000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tool", default=TOOL)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    pool = []
    with open(CORPUS) as f:
        for row in csv.DictReader(f):
            pool += block_text(args.tool, args.mcpu, row["hex"])
            if len(pool) >= max(sizes):
                break
    print(f"-mcpu={args.mcpu}, default sweep (factor 1.15, unlimited, "
          f"slowdown, sets), median of {args.repeat}")
    print(f"{'instructions':>12} {'simulations':>11} {'sweep ms':>9} "
          f"{'process ms':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            body = pool[:n - 2] + ["decq %rcx", "jnz .L"]
            path = os.path.join(tmp, f"loop{n}.s")
            with open(path, "w") as f:
                f.write(".L:\n" + "\n".join(body) + "\n")
            sweep, wall, sims = [], [], 0
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                out = subprocess.run([args.tool, "-mcpu=" + args.mcpu, path],
                                     capture_output=True, text=True)
                wall.append(1000 * (time.perf_counter() - t0))
                m = re.search(r"\((\d+) simulations, ([\d.]+) ms\)",
                              out.stdout)
                if not m:
                    raise SystemExit(f"no sweep in output for n={n}:\n"
                                     + out.stdout + out.stderr)
                sims = int(m.group(1))
                sweep.append(float(m.group(2)))
            print(f"{n:>12} {sims:>11} {statistics.median(sweep):>9.1f} "
                  f"{statistics.median(wall):>10.1f}")


if __name__ == "__main__":
    main()
