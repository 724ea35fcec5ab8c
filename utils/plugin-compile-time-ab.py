#!/usr/bin/env python3
"""Paired A/B of two builds of the LoopUArch plugin: which one costs less?

utils/plugin-compile-time.py measures one plugin against plain clang; two of
its runs made minutes apart do not compare on a host whose speed drifts (this
project's KVM guest drifted by up to 17 % between phases). This script
alternates the two plugins, pinned to one CPU, in a random order within each
pair, with -Rpass=uarch and -ftime-report, and reports per pair:

  - each plugin's share of its own compile: the LoopUArch* pass timers'
    user+system over the same run's "Clang time report" total (the run's
    own clock, so drift cancels), and over the pass execution report's
    total (the middle and back end only, as the fifteenth session's paired
    figures were taken);
  - the differences new - old of the LoopUArch passes and of every other
    pass or analysis whose median difference is >= --min-ms (what the plugin
    makes others do, e.g. IVUsers, which finds SCEVs the trip counts built);

as medians with distribution-free intervals (order statistics), and in how
many pairs the new plugin was cheaper.

Usage: utils/plugin-compile-time-ab.py --old OLD.so --new NEW.so
           [--pairs 7] [--cpu 1] [--sets sqlite] [--json F]
Hold the measurement lock on a shared machine (docs/plugin.md).
"""
import argparse
import importlib.util
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "plugin_compile_time", os.path.join(HERE, "plugin-compile-time.py"))
pct = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pct)


def pass_report_total(report):
    """The user+system total of the pass execution report (what the
    LoopUArch passes' timers are a part of)."""
    totals = [v[0] for (s, n), v in report.items()
              if n == "Total" and s.startswith("Pass execution")]
    return sum(totals) if totals else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", required=True, help="the baseline plugin")
    ap.add_argument("--new", required=True, help="the plugin to compare")
    ap.add_argument("--pairs", type=int, default=7)
    ap.add_argument("--cpu", type=int, default=os.cpu_count() - 1)
    ap.add_argument("--sets", default="sqlite")
    ap.add_argument("--flags", default="-Rpass=uarch",
                    help="remark flags of both configurations")
    ap.add_argument("--min-ms", type=float, default=3.0,
                    help="list other passes whose median difference is at "
                         "least this (default 3 ms)")
    ap.add_argument("--cache", default="/tmp/loop-uarch-sqlite")
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write the per-pair figures here")
    args = ap.parse_args()
    plugins = {}
    for name in ("old", "new"):
        path = os.path.abspath(getattr(args, name))
        if not os.path.exists(path):
            sys.exit("no such plugin: " + path)
        plugins[name] = path
    if args.pairs < 1:
        sys.exit("--pairs must be at least 1")
    random.seed(args.seed)
    host = pct.host_identity()
    print(pct.host_line(host, args.cpu))
    print("old: %s\nnew: %s" % (plugins["old"], plugins["new"]))
    raw = {"host": host, "date": time.strftime("%Y-%m-%d %H:%M:%S"),
           "plugins": plugins, "flags": args.flags, "sets": {}}
    for set_name in args.sets.split(","):
        if set_name not in pct.SETS:
            sys.exit("unknown set %s (one of %s)" % (set_name,
                                                      ", ".join(pct.SETS)))
        cmds = pct.SETS[set_name](args)
        runs = {"old": [], "new": []}
        for i in range(args.pairs):
            order = ["old", "new"]
            random.shuffle(order)
            for p in order:
                extra = ["-fpass-plugin=" + plugins[p]] + args.flags.split()
                runs[p].append(pct.time_report_run(cmds, args.cpu, extra))
            sys.stderr.write("\r%s: pair %d/%d" % (set_name, i + 1, args.pairs))
        sys.stderr.write("\n")
        share = {p: [100 * pct.ours(r) / pct.compile_total(r) for r in runs[p]]
                 for p in runs}
        pass_share = {p: [100 * pct.ours(r) / pass_report_total(r)
                          for r in runs[p]] for p in runs}
        ours_ms = {p: [1e3 * pct.ours(r) for r in runs[p]] for p in runs}
        diff = [n - o for o, n in zip(ours_ms["old"], ours_ms["new"])]
        cheaper = sum(1 for d in diff if d < 0)
        print("\n%s, %d pairs (%s), medians [interval]:" %
              (set_name, args.pairs, args.flags))
        for p in ("old", "new"):
            m, lo, hi, level = pct.median_ci(share[p])
            mm, mlo, mhi, _ = pct.median_ci(ours_ms[p])
            print("  %s: LoopUArch passes %.1f ms [%.1f, %.1f], %.2f %% "
                  "[%.2f, %.2f] of clang's total, %.2f %% of the pass "
                  "report's (%.1f %% interval)"
                  % (p, mm, mlo, mhi, m, lo, hi,
                     statistics.median(pass_share[p]), 100 * level))
        d, dlo, dhi, level = pct.median_ci(diff)
        print("  new - old, LoopUArch passes: %+.1f ms [%+.1f, %+.1f] "
              "(%.1f %% interval); new cheaper in %d of %d pairs" %
              (d, dlo, dhi, 100 * level, cheaper, args.pairs))
        # Every other pass or analysis: the median of its paired
        # differences.
        keys = set().union(*runs["old"], *runs["new"])
        others = []
        for k in keys:
            if not pct.is_other_pass(k):
                continue
            ds = [1e3 * (n.get(k, (0, 0))[0] - o.get(k, (0, 0))[0])
                  for o, n in zip(runs["old"], runs["new"])]
            md = statistics.median(ds)
            if abs(md) >= args.min_ms:
                others.append((md, k, pct.median_ci(ds)))
        others.sort()
        print("  other passes, new - old (median of the pairs' differences, "
              ">= %.1f ms):" % args.min_ms)
        for md, k, (m, lo, hi, _) in others:
            print("    %+8.1f ms [%+.1f, %+.1f]  %s [%s]" % (md, lo, hi, k[1],
                                                           k[0]))
        if not others:
            print("    (none)")
        raw["sets"][set_name] = {"share_pct": share,
                                 "pass_report_share_pct": pass_share,
                                 "loopuarch_ms": ours_ms,
                                 "others_ms": [(md, "|".join(k))
                                               for md, k, _ in others]}
    pct.finish(raw, args.json)


if __name__ == "__main__":
    main()
