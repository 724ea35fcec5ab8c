#!/usr/bin/env python3
"""Compile-time cost of the loop tuner (-mllvm -uarch-tune-loops).

Compiles a C file (default: the SQLite amalgamation fetched by
utils/plugin-sqlite.sh) with clang-22 -O2 -march=native, plainly and with the
plugin and -uarch-tune-loops, interleaved, pinned to one CPU, and prints
the median user+system CPU time and wall time of each and the overhead,
then the tuner's own pass time from -ftime-report (LoopUArchTuneLoops) and
its time report (-uarch-tune-time-report: compilations, IR instructions
compiled, processor time by stage).

Usage: utils/tune-compile-time.py [--runs 5] [--level -O2] [--cpu 1]
                                  [--src sqlite3.c] [--extra "-mllvm ..."]
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN = os.path.join(ROOT, "build", "lib", "Passes", "LoopUArch.so")


def run(cmd, cpu):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    res = subprocess.run(["taskset", "-c", str(cpu)] + cmd,
                         capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), res.stderr[-2000:]))
    cpu_s = (after.ru_utime - before.ru_utime +
             after.ru_stime - before.ru_stime)
    return cpu_s, wall, res.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--level", default="-O2")
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--src", default="/tmp/loop-uarch-sqlite/package/deps/"
                    "sqlite3/sqlite3.c")
    ap.add_argument("--extra", default="", help="more tuner flags")
    args = ap.parse_args()
    if not os.path.exists(args.src):
        subprocess.run([os.path.join(ROOT, "utils", "plugin-sqlite.sh")],
                       stdout=subprocess.DEVNULL, check=False)
    if not os.path.exists(args.src):
        sys.exit("no %s; run utils/plugin-sqlite.sh first" % args.src)
    base = [args.clang, args.level, "-march=native", "-c", args.src,
            "-o", os.devnull]
    tuned = base + ["-fpass-plugin=" + PLUGIN, "-mllvm",
                    "-uarch-tune-loops"] + args.extra.split()
    configs = {"plain": base, "tuned": tuned}
    cpu = {k: [] for k in configs}
    wall = {k: [] for k in configs}
    for r in range(args.runs):
        for name, cmd in configs.items():
            c, w, _ = run(cmd, args.cpu)
            cpu[name].append(c)
            wall[name].append(w)
        sys.stderr.write("\rrun %d/%d" % (r + 1, args.runs))
    sys.stderr.write("\n")
    print("%s %s -march=native, median of %d interleaved runs pinned to CPU "
          "%d (load %s)" % (os.path.basename(args.src), args.level, args.runs,
                            args.cpu, open("/proc/loadavg").read().split()[0]))
    p_cpu, p_wall = statistics.median(cpu["plain"]), statistics.median(wall["plain"])
    for name in configs:
        c, w = statistics.median(cpu[name]), statistics.median(wall[name])
        print("  %-6s CPU %7.2f s %+6.1f%%   wall %7.2f s %+6.1f%%   (CPU: %s)"
              % (name, c, 100 * (c / p_cpu - 1), w, 100 * (w / p_wall - 1),
                 ", ".join("%.2f" % x for x in cpu[name])))
    _, _, err = run(tuned + ["-ftime-report", "-mllvm",
                             "-uarch-tune-time-report"], args.cpu)
    print("  -ftime-report (user, system, user+system, wall; share of the "
          "pass execution timers):")
    for line in err.splitlines():
        if "LoopUArchTuneLoops" in line or line.startswith("uarch-tune:"):
            print("    " + line.strip())


if __name__ == "__main__":
    main()
