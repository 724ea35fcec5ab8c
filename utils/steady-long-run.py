#!/usr/bin/env python3
"""How far the steady-state detector's answers are from the long-run rate.

The simulator stops as soon as its steady-state test is satisfied
(docs/simulator.md "Steady state"). A stopping rule that stops earlier is
only as good as its distance to what the same simulator says after many
iterations. This script predicts every block of a BHive-format corpus (the
forms of utils/evaluate.py, with --harness-context) three times:

  base       the reference tool, stopping at its steady state;
  candidate  the tool under test (--tool; the reference if not given);
  long run   the reference tool, --iterations=N (default 4000) without the
             steady-state test (the rate is the least-squares slope after
             the warm-up).

It prints, per form, the share of blocks whose base (and candidate)
prediction differs from the long-run rate by more than 1%, and for the
blocks whose prediction the candidate moves by more than 1%: their mean
distance to the long run before and after, and how many got closer or
further (by more than half a per cent). A rule that stops earlier without
moving blocks away from the long run is a speed gain; one whose moved
blocks end further away is a loss of accuracy, whatever the measured
scores say.

Usage:
  utils/steady-long-run.py --base-tool OLD --tool NEW [--mcpu znver4]
                           [--forms loop,unrolled] [--iterations 4000]
                           [--list N]

Reproduces the "Tried and dropped" figures of docs/simulator.md "Steady
state" (2026-11-24, sixth session).
"""
import argparse
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import evaluate  # noqa: E402  (loop_form, the corpus and the default tool)


def predict(tool, mcpu, hexes, form, extra):
    """cycles per iteration per block (None where the tool gave none),
    with the harness context, as utils/evaluate.py predicts."""
    preds, _bounds, _secs = evaluate.run_loop_uarch(
        tool, mcpu, hexes, form, ["--harness-context"] + extra)
    return preds


def rel(a, b):
    return abs(a - b) / b


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=evaluate.DEFAULT_CORPUS)
    ap.add_argument("--base-tool", default=evaluate.DEFAULT_TOOL)
    ap.add_argument("--tool", default=None,
                    help="the candidate (default: the base tool)")
    ap.add_argument("--mcpu", default="cascadelake")
    ap.add_argument("--forms", default="unrolled,loop")
    ap.add_argument("--iterations", type=int, default=4000)
    ap.add_argument("--list", type=int, default=0, metavar="N",
                    help="list the N moved blocks furthest from the long run")
    args = ap.parse_args()
    tool = args.tool or args.base_tool

    with open(args.corpus) as f:
        rows = list(csv.DictReader(f))
    print("corpus %s (%d blocks), -mcpu=%s, long run %d iterations" %
          (args.corpus, len(rows), args.mcpu, args.iterations))
    print("%-9s %5s %14s %14s %6s %20s %7s %7s" %
          ("form", "n", "base>1%long", "cand>1%long", "moved",
           "moved: base->cand", "closer", "further"))
    for form in args.forms.split(","):
        hexes = [r["hex"] if form == "unrolled" else
                 evaluate.loop_form(r["hex"], r["loop_reg"]) for r in rows]
        base = predict(args.base_tool, args.mcpu, hexes, form, [])
        cand = (base if tool == args.base_tool else
                predict(tool, args.mcpu, hexes, form, []))
        long = predict(args.base_tool, args.mcpu, hexes, form,
                       ["--iterations=%d" % args.iterations])
        n = off_base = off_cand = 0
        moved = []
        for r, b, c, l in zip(rows, base, cand, long):
            if not b or not c or not l:
                continue
            n += 1
            off_base += rel(b, l) > 0.01
            off_cand += rel(c, l) > 0.01
            if rel(c, b) > 0.01:
                moved.append((r["id"], b, c, l))
        db = sum(rel(b, l) for _, b, _, l in moved) / max(1, len(moved))
        dc = sum(rel(c, l) for _, _, c, l in moved) / max(1, len(moved))
        closer = sum(rel(b, l) > rel(c, l) + 0.005 for _, b, c, l in moved)
        further = sum(rel(c, l) > rel(b, l) + 0.005 for _, b, c, l in moved)
        print("%-9s %5d %13.1f%% %13.1f%% %6d %9.2f%% -> %5.2f%% %7d %7d" %
              (form, n, 100.0 * off_base / max(1, n),
               100.0 * off_cand / max(1, n), len(moved), 100 * db, 100 * dc,
               closer, further))
        moved.sort(key=lambda m: -rel(m[2], m[3]))
        for i, b, c, l in moved[:args.list]:
            print("  %s %s: base %.4f candidate %.4f long run %.4f" %
                  (i, form, b, c, l))


if __name__ == "__main__":
    main()
