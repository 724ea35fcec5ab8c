#!/usr/bin/env python3
"""Paired A/B of two loop-uarch-report binaries on the same --batch input.

Two builds of the tool timed minutes apart do not compare on a host whose
speed drifts (docs/plugin.md). This script alternates the two, in a random
order within each pair, each run pinned to one CPU, and reports the CPU time
(user+system of the process) of each and the paired differences new - old
as medians with distribution-free intervals (plugin-compile-time.py's), and
in how many pairs the new binary was cheaper. It first checks that the two
write byte-identical outputs, so a speed-up cannot come from doing less.

Usage: utils/tool-time-ab.py --old OLD --new NEW --batch BLOCKS.csv
           [--mcpu cascadelake,znver4] [--pairs 15] [--cpu 1] [--json F]
Hold the measurement lock on a shared machine (docs/plugin.md).
"""
import argparse
import importlib.util
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "plugin_compile_time", os.path.join(HERE, "plugin-compile-time.py"))
pct = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pct)


def cpu_seconds(cmd, cpu):
    """User+system seconds of one pinned run (the children's rusage)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(["taskset", "-c", str(cpu)] + cmd, check=True,
                   stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime +
            after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--batch", required=True, help="blocks, one hex per line")
    ap.add_argument("--mcpu", default="cascadelake,znver4")
    ap.add_argument("--pairs", type=int, default=15)
    ap.add_argument("--cpu", type=int, default=os.cpu_count() - 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write the per-pair figures here")
    args = ap.parse_args()
    tools = {}
    for name in ("old", "new"):
        path = os.path.abspath(getattr(args, name))
        if not os.access(path, os.X_OK):
            sys.exit("not an executable: " + path)
        tools[name] = path
    if not os.path.isfile(args.batch):
        sys.exit("no such file: " + args.batch)
    if args.pairs < 1:
        sys.exit("--pairs must be at least 1")
    random.seed(args.seed)
    host = pct.host_identity()
    print(pct.host_line(host, args.cpu))
    print("old: %s\nnew: %s" % (tools["old"], tools["new"]))
    raw = {"host": host, "date": time.strftime("%Y-%m-%d %H:%M:%S"),
           "tools": tools, "batch": os.path.abspath(args.batch), "mcpu": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for mcpu in args.mcpu.split(","):
            cmd = {p: [tools[p], "-mcpu=" + mcpu, "--batch", args.batch,
                       "-j", "1", "-o", os.path.join(tmp, p + ".csv")]
                   for p in tools}
            for p in tools:
                subprocess.run(cmd[p], check=True, stdout=subprocess.DEVNULL)
            with open(os.path.join(tmp, "old.csv"), "rb") as a, \
                    open(os.path.join(tmp, "new.csv"), "rb") as b:
                if a.read() != b.read():
                    sys.exit("%s: the two tools' outputs differ" % mcpu)
            runs = {"old": [], "new": []}
            for i in range(args.pairs):
                order = ["old", "new"]
                random.shuffle(order)
                for p in order:
                    runs[p].append(1e3 * cpu_seconds(cmd[p], args.cpu))
            diff = [n - o for o, n in zip(runs["old"], runs["new"])]
            print("\n%s, %d pairs, CPU ms (user+sys), medians [interval]:" %
                  (mcpu, args.pairs))
            for p in ("old", "new"):
                m, lo, hi, level = pct.median_ci(runs[p])
                print("  %s: %.1f [%.1f, %.1f]" % (p, m, lo, hi))
            d, lo, hi, level = pct.median_ci(diff)
            print("  new - old: %+.1f ms [%+.1f, %+.1f] (%.1f %% interval), "
                  "%+.1f %%; new cheaper in %d of %d pairs"
                  % (d, lo, hi, 100 * level,
                     100 * d / pct.median_ci(runs["old"])[0],
                     sum(1 for x in diff if x < 0), args.pairs))
            raw["mcpu"][mcpu] = runs
    pct.finish(raw, args.json)


if __name__ == "__main__":
    main()
