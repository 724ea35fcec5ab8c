#!/usr/bin/env python3
"""Throughput benchmark: LoopUArch vs llvm-mca-22 on the same basic blocks.

Samples distinct blocks from BHive CSVs (../shared/data/bhive/sources by
default), then times, as whole processes on the same host:
  * loop-uarch-report --batch --static      (static analysis only)
  * loop-uarch-report --batch               (the simulation, the default)
  * llvm-mca-22 on one file with one LLVM-MCA-BEGIN/END region per block
and prints blocks per second and the ratios. The blocks are disassembled to
assembly for llvm-mca beforehand (not timed).

Usage: utils/bench.py [--blocks N] [--seed S] [--mcpu cascadelake]
                      [--repeat R] [--stat median|min] [--sources DIR]
                      [--tool PATH]

Each figure is the median (or, with --stat min, the minimum) of R runs, in
wall-clock and in CPU time (user+sys of the process): on a host shared with
other work, CPU time and minimums are the less disturbed figures.
"""
import argparse
import csv
import glob
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")


def sample_blocks(src_dir, n, seed):
    seen = set()
    for path in sorted(glob.glob(os.path.join(src_dir, "*.csv"))):
        with open(path) as f:
            for row in csv.reader(f):
                if row and row[0] and all(c in "0123456789abcdefABCDEF"
                                          for c in row[0]):
                    seen.add(row[0].lower())
    blocks = sorted(seen)
    random.Random(seed).shuffle(blocks)
    return blocks[:n]


def disassemble(blocks):
    """AT&T assembly of each block with llvm-mc-22 (None if it fails)."""
    out = []
    for hexs in blocks:
        data = " ".join("0x" + hexs[i:i + 2] for i in range(0, len(hexs), 2))
        res = subprocess.run(["llvm-mc-22", "--disassemble",
                              "-triple=x86_64"], input=data,
                             capture_output=True, text=True)
        lines = [l.strip() for l in res.stdout.splitlines()
                 if l.strip() and not l.strip().startswith(".")]
        out.append(lines if res.returncode == 0 and lines else None)
    return out


def timed(cmd, repeat, stat):
    """Wall-clock and CPU (user+sys) seconds of \p cmd: the median or the
    minimum of \p repeat runs (the minimum is the least disturbed run on a
    shared host)."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime +
                    after.ru_stime - before.ru_stime)
    pick = min if stat == "min" else statistics.median
    return pick(walls), pick(cpus)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sources", default=os.path.join(
        ROOT, "..", "shared", "data", "bhive", "sources"))
    ap.add_argument("--blocks", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mcpu", default="cascadelake")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tool", default=TOOL)
    ap.add_argument("--stat", choices=("median", "min"), default="median",
                    help="how the repeated runs are summarised")
    args = ap.parse_args()

    blocks = sample_blocks(args.sources, args.blocks, args.seed)
    asm = disassemble(blocks)
    keep = [(b, a) for b, a in zip(blocks, asm) if a]
    blocks = [b for b, _ in keep]
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = os.path.join(tmp, "blocks.csv")
        with open(csv_path, "w") as f:
            f.write("".join(b + "\n" for b in blocks))
        s_path = os.path.join(tmp, "blocks.s")
        with open(s_path, "w") as f:
            for i, (_, lines) in enumerate(keep):
                f.write("# LLVM-MCA-BEGIN b%d\n%s\n# LLVM-MCA-END b%d\n" %
                        (i, "\n".join(lines), i))
        out = os.path.join(tmp, "out")
        t_static = timed([args.tool, "-mcpu=" + args.mcpu, "--batch",
                          csv_path, "--static", "-o", out], args.repeat,
                         args.stat)
        t_sim = timed([args.tool, "-mcpu=" + args.mcpu, "--batch", csv_path,
                       "-o", out], args.repeat, args.stat)
        t_mca = timed(["llvm-mca-22", "-mcpu=" + args.mcpu,
                       "-iterations=100", "-o", out, s_path], args.repeat,
                      args.stat)
    n = len(blocks)
    print("%d distinct BHive blocks (seed %d), -mcpu=%s, %s of %d runs"
          % (n, args.seed, args.mcpu, args.stat, args.repeat))
    print("  %-48s %7s %9s %13s %8s" % ("", "wall", "blocks/s", "per block",
                                         "CPU"))
    for name, (t, cpu) in (("LoopUArch static (--batch --static)", t_static),
                           ("LoopUArch simulation (--batch)", t_sim),
                           ("llvm-mca-22 (one process, one region per block)",
                            t_mca)):
        print("  %-48s %6.2fs %9.0f %10.3f ms %7.2fs" %
              (name, t, n / t, 1000 * t / n, cpu))
    print("  static is %.1fx faster than llvm-mca; simulation is %.1fx faster"
          " (wall clock)" % (t_mca[0] / t_static[0], t_mca[0] / t_sim[0]))
    print("  static is %.1fx faster than llvm-mca; simulation is %.1fx faster"
          " (CPU time)" % (t_mca[1] / t_static[1], t_mca[1] / t_sim[1]))


if __name__ == "__main__":
    main()
