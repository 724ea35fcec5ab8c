#!/usr/bin/env python3
"""How well does a measurement agree with itself? The ceiling for any model's
Kendall's tau and MAPE against that measurement.

Two measuring passes of the same blocks on the same host differ by noise; a
perfect model (the blocks' true throughputs) meets the same noise against
either pass, so the tau between the two passes is about what a perfect model
could reach against one measurement (docs/evaluation.md, "How far tau can
go"). Two inputs:

  * the BHive development corpus (default, ../shared/data/bhive/measured-clx.csv),
    whose README says every block was measured in two passes: columns
    <form>_pass1, <form>_pass2 and measured_<form> (their mean);
  * two host files written by `utils/evaluate.py --measure --truth host --csv F`
    (columns id, form, measured): --first A.csv --second B.csv.

Per form it prints the number of blocks with both passes, tau-b between the
passes, tau-b of the first pass against the corpus' value (only for the
corpus: its value is the passes' mean, so this is an upper bound for a model
that shares the first pass' noise), the mean relative difference between the
passes (|p1 - p2| / p2), and the share of blocks whose passes agree within 1 %.
"""

import argparse
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from luarch_stats import kendall_tau  # noqa: E402
from evaluate import load_truth_csv  # noqa: E402

DEFAULT_CORPUS = os.path.join(HERE, "..", "..", "shared", "data", "bhive",
                              "measured-clx.csv")
FORMS = ("unrolled", "loop")


def fail(message):
    sys.exit("measurement-repeatability.py: " + message)


def read_rows(path):
    if not os.path.isfile(path):
        fail("no measurement file at " + path)
    with open(path, newline="") as f:
        return list(csv.DictReader(line for line in f
                                   if not line.startswith("#")))


def number(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if value > 0 else None


def corpus_passes(path):
    """form -> list of (pass1, pass2, corpus value) from a corpus with passes."""
    rows = read_rows(path)
    if rows and "unrolled_pass1" not in rows[0]:
        fail(path + " has no <form>_pass1/<form>_pass2 columns; give two host "
             "files with --first/--second instead")
    passes = {}
    for form in FORMS:
        triples = []
        for row in rows:
            p1 = number(row.get(form + "_pass1"))
            p2 = number(row.get(form + "_pass2"))
            value = number(row.get("measured_" + form))
            if p1 and p2 and value:
                triples.append((p1, p2, value))
        passes[form] = triples
    return passes


def host_passes(first, second):
    """form -> list of (pass1, pass2, None) from two host files (read as
    evaluate.py --truth-csv reads them)."""
    for path in (first, second):
        if not os.path.isfile(path):
            fail("no measurement file at " + path)
    a, b = load_truth_csv(first), load_truth_csv(second)
    passes = {}
    for form in FORMS:
        keys = sorted(k for k in a if k[1] == form and k in b)
        passes[form] = [(a[k], b[k], None) for k in keys]
    return passes


def summarise(form, triples):
    if len(triples) < 2:
        return "%-9s %5d  (too few blocks with both passes)" % (form, len(triples))
    p1 = [t[0] for t in triples]
    p2 = [t[1] for t in triples]
    tau_passes = kendall_tau(p1, p2)
    if triples[0][2] is not None:
        tau_value = "%.3f" % kendall_tau(p1, [t[2] for t in triples])
    else:
        tau_value = "-"
    diffs = [abs(a - b) / b for a, b in zip(p1, p2)]
    mean_diff = 100.0 * sum(diffs) / len(diffs)
    within1 = 100.0 * sum(1 for d in diffs if d <= 0.01) / len(diffs)
    return "%-9s %5d  %6.3f  %6s  %6.2f%%  %6.1f%%" % (
        form, len(triples), tau_passes, tau_value, mean_diff, within1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=DEFAULT_CORPUS,
                        help="a corpus with two passes per block (default: "
                             "the BHive development corpus)")
    parser.add_argument("--first", help="first host measurement (evaluate.py --csv)")
    parser.add_argument("--second", help="second host measurement of the same blocks")
    args = parser.parse_args()
    if bool(args.first) != bool(args.second):
        fail("--first and --second go together")
    if args.first:
        passes = host_passes(args.first, args.second)
        source = "%s against %s" % (args.first, args.second)
    else:
        passes = corpus_passes(args.corpus)
        source = os.path.normpath(args.corpus)
    print("Repeatability of %s" % source)
    print("%-9s %5s  %6s  %6s  %7s  %7s" % ("form", "n", "tau12", "tau1v",
                                            "|p1-p2|", "within1"))
    for form in FORMS:
        print(summarise(form, passes[form]))


if __name__ == "__main__":
    main()
