#!/usr/bin/env python3
"""How often would "report the static bound, skip the simulation" be wrong?

For a rule "the largest static bound is of kind K and at least M times the
next one", counts the loops it selects and how many of them the simulation
predicts above the static bound (by more than 0.5%), with the largest such
difference. docs/plugin.md ("Cost and robustness (SQLite)", seventh
session) quotes its output; the rule was not implemented.

Inputs:
  --remarks FILE  clang's stderr of a compile with -fpass-plugin=LoopUArch.so
                  -Rpass=uarch -Rpass-analysis=uarch (each loop's remark
                  gives the prediction and static bound, the analysis remark
                  every bound)
  --bhive         the BHive corpus' blocks in loop form (block; dec; jnz, as
                  utils/evaluate.py builds it), assembled into one object and
                  analysed by loop-uarch-report --json (--mcpu)

Usage:
  utils/static-shortcut.py --remarks sqlite-remarks.txt
  utils/static-shortcut.py --bhive --mcpu znver4
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from evaluate import DEFAULT_CORPUS, DEFAULT_TOOL, loop_form  # noqa: E402

RULES = [("loop-carried dependency", 1.25), ("loop-carried dependency", 3),
         ("loop-carried dependency", 5), ("ports", 1.25), ("ports", 2),
         ("front end", 1.1), ("divider", 1.5)]


def from_remarks(path):
    """(simulated cycles, static bound, bounds largest first) per loop."""
    loops, cur = [], None
    loop_re = re.compile(r"remark: loop: .*?: ([\d.]+) cycles/iteration.*?"
                         r"\(simulated; static bound ([\d.]+),")
    for line in open(path, errors="replace"):
        m = loop_re.search(line)
        if m:
            cur = [float(m.group(1)), float(m.group(2)), None]
            loops.append(cur)
            continue
        m = re.search(r"remark: bounds: (.*?) uops:", line)
        if m and cur is not None and cur[2] is None:
            bounds = []
            for part in m.group(1).split(";"):
                part = part.strip()
                if part:
                    kind, value = part.rsplit(" ", 1)
                    bounds.append((kind, float(value)))
            cur[2] = sorted(bounds, key=lambda b: -b[1])
    return [tuple(l) for l in loops if l[2]]


def from_bhive(args):
    rows = list(csv.DictReader(open(args.corpus)))
    with tempfile.TemporaryDirectory() as tmp:
        asm = os.path.join(tmp, "blocks.s")
        with open(asm, "w") as f:
            f.write(".text\n")
            for r in rows:
                name = "f_" + re.sub(r"\W", "_", r["id"])
                body = bytes.fromhex(loop_form(r["hex"], r["loop_reg"]))
                f.write(f".globl {name}\n.p2align 6\n{name}:\n.byte "
                        + ",".join(str(b) for b in body) + "\nret\n")
        obj = os.path.join(tmp, "blocks.o")
        subprocess.run([args.clang, "-c", asm, "-o", obj], check=True)
        out = subprocess.run([args.tool, obj, "--mcpu=" + args.mcpu, "--json"],
                             check=True, capture_output=True, text=True)
    loops = []
    for k in json.loads(out.stdout)["kernels"]:
        p = k["prediction"]
        if p.get("method") != "simulation" or not k["bounds"]:
            continue
        bounds = sorted(((b["kind"], b["cycles"]) for b in k["bounds"]),
                        key=lambda b: -b[1])
        loops.append((p["cycles_per_iteration"], p["static_bound"], bounds))
    return loops


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--remarks")
    ap.add_argument("--bhive", action="store_true")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--tool", default=DEFAULT_TOOL)
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--mcpu", default="znver4")
    args = ap.parse_args()
    if bool(args.remarks) == args.bhive:
        ap.error("give one of --remarks FILE and --bhive")
    loops = from_remarks(args.remarks) if args.remarks else from_bhive(args)
    equal = sum(abs(s - st) <= 0.005 * s for s, st, _ in loops)
    print(f"{len(loops)} simulated loops; simulation within 0.5% of the "
          f"static bound: {equal}")
    print("| top bound, margin over the next | loops | changed > 0.5% | "
          "largest change |")
    print("|---|---|---|---|")
    for kind, margin in RULES:
        picked = [(s, st) for s, st, b in loops if b[0][0] == kind and
                  (len(b) < 2 or b[1][1] <= 0 or b[0][1] >= margin * b[1][1])]
        errors = sorted((s - st) / s for s, st in picked if s > 0) or [0]
        print(f"| {kind}, >= {margin}x | {len(picked)} | "
              f"{sum(e > 0.005 for e in errors)} | {errors[-1] * 100:.1f}% |")


if __name__ == "__main__":
    main()
