#!/usr/bin/env python3
"""Compile-time cost of the LoopUArch clang plugin on the SQLite amalgamation.

Compiles sqlite3.c (fetched by utils/plugin-sqlite.sh into the cache dir) at
-O2 without the plugin, with the plugin loaded but no remark asked for, and
with -Rpass=uarch (the full analysis of every innermost loop), interleaving
the configurations to spread machine noise, and prints the median CPU time
(and wall time) of each and the overhead against the plain compile.

Usage: utils/plugin-compile-time.py [--runs 5] [--cache /tmp/loop-uarch-sqlite]
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cache", default="/tmp/loop-uarch-sqlite")
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--extra", default="",
                    help="extra plugin flags, e.g. '-mllvm -uarch-static'")
    args = ap.parse_args()
    src = os.path.join(args.cache, "package", "deps", "sqlite3", "sqlite3.c")
    if not os.path.exists(src):
        subprocess.run([os.path.join(ROOT, "utils", "plugin-sqlite.sh"),
                        args.cache], check=False, stdout=subprocess.DEVNULL)
    if not os.path.exists(src):
        sys.exit("no sqlite3.c; run utils/plugin-sqlite.sh first")
    base = [args.clang, "-O2", "-c", src, "-o", os.devnull]
    configs = {
        "plain": base,
        "plugin, no remarks": base + ["-fpass-plugin=" + PLUGIN],
        "plugin, -Rpass=uarch": base + ["-fpass-plugin=" + PLUGIN,
                                        "-Rpass=uarch"] + args.extra.split(),
    }
    # CPU time (user + system) of the compiler process: wall time on a
    # shared VM varies by several percent from run to run.
    times = {k: [] for k in configs}
    walls = {k: [] for k in configs}
    for r in range(args.runs):
        for name, cmd in configs.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            walls[name].append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times[name].append(after.ru_utime - before.ru_utime +
                               after.ru_stime - before.ru_stime)
        sys.stderr.write("\rrun %d/%d" % (r + 1, args.runs))
    sys.stderr.write("\n")
    # LLVM's own pass timers: the plugin pass' wall time inside the
    # compile, insensitive to how busy the machine is overall.
    shares = []
    for r in range(args.runs):
        res = subprocess.run(configs["plugin, -Rpass=uarch"] +
                             ["-ftime-report"], capture_output=True,
                             text=True)
        ours = [l for l in res.stderr.splitlines() if "LoopUArch:" in l]
        totals = [l for l in res.stderr.splitlines()
                  if "Total Execution Time:" in l]
        if ours and totals:
            pass_wall = float(ours[0].split()[9])
            total = max(float(t.split()[3]) for t in totals)
            shares.append((pass_wall, total))
    plain = statistics.median(times["plain"])
    wplain = statistics.median(walls["plain"])
    print("sqlite3.c -O2, median of %d interleaved runs (CPU time; wall)"
          % args.runs)
    for name, ts in times.items():
        m = statistics.median(ts)
        w = statistics.median(walls[name])
        print("  %-22s %7.2f s %+6.1f%%   wall %7.2f s %+6.1f%%   (CPU: %s)" %
              (name, m, 100 * (m / plain - 1), w, 100 * (w / wplain - 1),
               ", ".join("%.2f" % t for t in ts)))
    if shares:
        pw = statistics.median(p for p, _ in shares)
        tot = statistics.median(t for _, t in shares)
        print("  -ftime-report: LoopUArch pass %.2f s of %.2f s compile "
              "(%.1f%%), median of %d" % (pw, tot, 100 * pw / tot,
                                          len(shares)))


if __name__ == "__main__":
    main()
