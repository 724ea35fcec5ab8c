#!/usr/bin/env python3
"""The sensitivity sweep's cost on large kernels, and what bounding it costs.

Two experiments (docs/simulator.md, "The sweep's cost"):

  timing     Builds loops of N instructions (BHive blocks from
             ../shared/data/bhive/measured-clx.csv concatenated with a fixed
             seed, closed by dec/jnz) and times loop-uarch-report on each:
             --no-sensitivity, the default (bounded) sweep, and optionally
             --sensitivity-exhaustive (every resource alone, to its steady
             state, no budget: the sweep as it was before the bounds).
             Prints wall and CPU seconds (children's user+sys) per run.

  agreement  Runs the default sweep and --sensitivity-exhaustive on random
             BHive blocks (as loops) and counts how often they name the same
             top sensitivity row (the first evaluated row with role
             bottleneck, else the balanced set, else none), and the same
             verdict line for line.

Timings depend on the host and its load: say which host ran them.

  utils/sensitivity-cost.py timing --sizes 1000,5000,20000,25000,100000
  utils/sensitivity-cost.py agreement --blocks 200
"""
import argparse
import csv
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                            "loop-uarch-report")
DEFAULT_BLOCKS = os.path.join(ROOT, "..", "shared", "data", "bhive",
                              "measured-clx.csv")


def blocks(path):
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if r.get("asm_intel")]


def loop_source(instrs):
    body = "".join("  " + i + "\n" for i in instrs)
    return (".intel_syntax noprefix\n.text\n.globl f\nf:\n.Ltop:\n" + body +
            "  dec r15\n  jnz .Ltop\n  ret\n")


def large_loop(rows, n, seed):
    """A loop of n instructions, its dec/jnz included."""
    rng = random.Random(seed)
    out = []
    while len(out) < n - 2:
        out += [i.strip() for i in rng.choice(rows)["asm_intel"].split(";")]
    return loop_source(out[:n - 2])


def run(cmd, timeout):
    """(wall seconds, CPU seconds of the child, stdout) or None on timeout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr))
    return wall, cpu, p.stdout


def timing(args, rows):
    modes = [("--no-sensitivity", ["--no-sensitivity"]), ("default", [])]
    if args.exhaustive:
        modes.append(("--sensitivity-exhaustive", ["--sensitivity-exhaustive"]))
    print("| instructions | mode | wall s | CPU s | sweep simulations | "
          "not evaluated |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            src = os.path.join(tmp, "k%d.s" % n)
            with open(src, "w") as f:
                f.write(large_loop(rows, n, args.seed))
            for name, extra in modes:
                cmd = [args.tool, "-mcpu=" + args.mcpu, "--json"] + \
                      args.extra + extra + [src]
                r = run(cmd, args.timeout)
                if r is None:
                    print("| %d | %s | > %d | | | |" % (n, name, args.timeout))
                    continue
                wall, cpu, out = r
                k = json.loads(out)["kernels"][0]
                s = k.get("sensitivity", {})
                print("| %d | %s | %.1f | %.1f | %s | %s |" %
                      (n, name, wall, cpu, s.get("simulations", ""),
                       len(s.get("not_evaluated", [])) if s else ""))
                sys.stdout.flush()


def top_row(kernel):
    s = kernel.get("sensitivity")
    if not s:
        return None
    for r in s["resources"]:
        if r["role"] == "bottleneck":
            return r["resource"]
    if s["set"]:
        return "set{" + ",".join(s["set"]) + "}"
    return "none"


def agreement(args, rows):
    rng = random.Random(args.seed)
    sample = rng.sample(rows, min(args.blocks, len(rows)))
    same = same_verdict = 0
    differ, verdict_differ = [], []
    wall = {"default": 0.0, "exhaustive": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        for i, row in enumerate(sample):
            src = os.path.join(tmp, "b%d.s" % i)
            with open(src, "w") as f:
                f.write(loop_source([x.strip() for x in
                                     row["asm_intel"].split(";")]))
            tops, verdicts = {}, {}
            for name, extra in (("default", []),
                                ("exhaustive", ["--sensitivity-exhaustive"])):
                cmd = [args.tool, "-mcpu=" + args.mcpu, "--json",
                       "--no-memory"] + args.extra + extra + [src]
                r = run(cmd, args.timeout)
                if r is None:
                    sys.exit("timeout: " + " ".join(cmd))
                wall[name] += r[1]
                k = json.loads(r[2])["kernels"][0]
                tops[name] = top_row(k)
                verdicts[name] = k.get("sensitivity", {}).get("verdict")
            if verdicts["default"] == verdicts["exhaustive"]:
                same_verdict += 1
            else:
                verdict_differ.append((row["id"], verdicts["default"],
                                       verdicts["exhaustive"]))
            if tops["default"] == tops["exhaustive"]:
                same += 1
            else:
                differ.append((row["id"], tops["default"], tops["exhaustive"]))
    print("%d of %d blocks: same top sensitivity row (-mcpu=%s)" %
          (same, len(sample), args.mcpu))
    print("%d of %d blocks: the same verdict, line for line" %
          (same_verdict, len(sample)))
    print("CPU seconds: default %.1f, exhaustive %.1f" %
          (wall["default"], wall["exhaustive"]))
    for d in differ:
        print("  top row differs, %s: default %s, exhaustive %s" % d)
    for d in verdict_differ:
        print("  verdict differs, %s:\n    default    %s\n    exhaustive %s" % d)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("experiment", choices=["timing", "agreement"])
    ap.add_argument("--tool", default=DEFAULT_TOOL)
    ap.add_argument("--blocks-csv", default=DEFAULT_BLOCKS)
    ap.add_argument("--mcpu", default="znver4")
    ap.add_argument("--sizes", default="1000,5000,20000,25000,100000",
                    type=lambda s: [int(x) for x in s.split(",")])
    ap.add_argument("--blocks", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--exhaustive", action="store_true",
                    help="timing: also time --sensitivity-exhaustive")
    ap.add_argument("--extra", action="append", default=[],
                    help="an extra option for every run (repeatable), "
                         "e.g. --extra=--no-memory")
    args = ap.parse_args()
    rows = blocks(args.blocks_csv)
    (timing if args.experiment == "timing" else agreement)(args, rows)


if __name__ == "__main__":
    main()
