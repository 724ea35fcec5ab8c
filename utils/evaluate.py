#!/usr/bin/env python3
"""Score LoopUArch (and llvm-mca) against measured basic-block throughputs.

Reads a measured corpus in the format of ../shared/data/bhive/measured-clx.csv
(see that folder's README), predicts cycles per iteration for every block in
both measured forms, and prints MAPE, median error, Kendall's tau and the
share of blocks within 10% for each tool, plus a per-block CSV.

Forms (as the corpus defines them):
  unrolled  the block repeated back to back (loop-uarch-report --as=unrolled)
  loop      top: block; dec <loop_reg>; jnz top   (the dec/jnz is appended
            here, as machine code, and analysed with --as=loop)

llvm-mca: by default the corpus' own llvm-mca-22 columns are scored; with
--run-llvm-mca the blocks are re-run through llvm-mca-22 (one process, one
LLVM-MCA region per block) and those predictions are scored instead.

Usage:
  utils/evaluate.py [--corpus FILE] [--mcpu cascadelake] [--forms loop,unrolled]
                    [--run-llvm-mca] [--csv out.csv] [--exclude-flags div,x87]

Reproduces the accuracy figures quoted in docs/evaluation.md.
"""
import argparse
import csv
import io
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from luarch_stats import kendall_tau

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_CORPUS = os.path.join(ROOT, "..", "shared", "data", "bhive",
                              "measured-clx.csv")
DEFAULT_TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                            "loop-uarch-report")

REGS = {"r8": 8, "r9": 9, "r10": 10, "r11": 11, "r12": 12, "r13": 13,
        "r14": 14, "r15": 15}


def loop_form(hex_block, loop_reg):
    """hex of `block; dec loop_reg; jnz block` (rel8 if it fits)."""
    reg = REGS[loop_reg]
    dec = bytes([0x49 if reg >= 8 else 0x48, 0xFF, 0xC8 | (reg & 7)])
    body = bytes.fromhex(hex_block) + dec
    disp = -(len(body) + 2)
    if disp >= -128:
        jnz = bytes([0x75, disp & 0xFF])
    else:
        disp = -(len(body) + 6)
        jnz = bytes([0x0F, 0x85]) + (disp & 0xFFFFFFFF).to_bytes(4, "little")
    return (body + jnz).hex()




def scores(pred, meas):
    pairs = [(p, m) for p, m in zip(pred, meas) if p is not None and m > 0]
    errs = [abs(p - m) / m for p, m in pairs]
    if not errs:
        return None
    return {
        "n": len(errs),
        "mape": 100 * statistics.mean(errs),
        "median": 100 * statistics.median(errs),
        "tau": kendall_tau([p for p, _ in pairs], [m for _, m in pairs]),
        "within10": 100 * sum(e <= 0.10 for e in errs) / len(errs),
    }


def progress(done, total, start, label):
    if not sys.stderr.isatty():
        return
    frac = done / total if total else 1
    bar = "#" * int(30 * frac)
    eta = (time.time() - start) / frac * (1 - frac) if frac > 0 else 0
    sys.stderr.write("\r%-10s [%-30s] %d/%d  eta %.0fs " % (label, bar, done,
                                                            total, eta))
    if done == total:
        sys.stderr.write("\n")


def run_loop_uarch(tool, mcpu, hexes, form, extra, run_iters=None):
    """Batch-predicts; returns (predictions, seconds). run_iters: per block,
    the iterations of one timed run of the loop form (the batch CSV's
    run_iterations column), or None."""
    with tempfile.TemporaryDirectory() as tmp:
        inp = os.path.join(tmp, "in.csv")
        out = os.path.join(tmp, "out.csv")
        with open(inp, "w") as f:
            if run_iters and any(run_iters):
                f.write("hex,run_iterations\n")
                f.write("".join("%s,%s\n" % (h, n)
                                for h, n in zip(hexes, run_iters)))
            else:
                f.write("".join(h + "\n" for h in hexes))
        start = time.time()
        subprocess.run([tool, "-mcpu=" + mcpu, "--batch", inp, "--as=" + form,
                        "-o", out] + extra, check=True)
        secs = time.time() - start
        preds, bounds = [], []
        with open(out) as f:
            rows = list(csv.reader(f))[1:]
        for row in rows:
            try:
                preds.append(float(row[1]))
            except (ValueError, IndexError):
                preds.append(None)
            bounds.append(row[2] if len(row) > 2 else "")
    return preds, bounds, secs


def measure_on_host(tool, hexes, form, label, chunk=100):
    """Measures the blocks natively (loop-uarch-report --batch --measure),
    in chunks for the progress bar; None where a block was refused."""
    out_vals, reasons = [], []
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(0, len(hexes), chunk):
            progress(i, len(hexes), start, label)
            inp = os.path.join(tmp, "in.csv")
            with open(inp, "w") as f:
                f.write("".join(h + "\n" for h in hexes[i:i + chunk]))
            res = subprocess.run([tool, "-mcpu=native", "--static", "--batch",
                                  inp, "--as=" + form, "--measure"],
                                 capture_output=True, text=True, check=True)
            for row in list(csv.DictReader(io.StringIO(res.stdout))):
                ok = row["measure_status"] == "ok"
                out_vals.append(float(row["measured_cycles"]) if ok else None)
                reasons.append(row["measure_status"])
    progress(len(hexes), len(hexes), start, label)
    return out_vals, reasons, time.time() - start


def host_identity():
    """CPUID identity (as /proc/cpuinfo shows it) and the date."""
    keys = {}
    try:
        for line in open("/proc/cpuinfo"):
            k, _, v = line.partition(":")
            k = k.strip()
            if k in ("vendor_id", "cpu family", "model", "stepping",
                     "model name", "microcode") and k not in keys:
                keys[k] = v.strip()
    except OSError:
        pass
    out = ["%s: %s" % (k, keys[k]) for k in ("vendor_id", "cpu family",
           "model", "stepping", "model name", "microcode") if k in keys]
    out.append("date: " + time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    return out


def load_truth_csv(path):
    """{(id, form): measured} from an earlier --csv file; blocks that were
    refused there (empty or negative 'measured') are left out."""
    truth = {}
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]  # host identity
        for row in csv.DictReader(lines):
            try:
                value = float(row["measured"])
            except (KeyError, ValueError):
                continue
            if value > 0:
                truth[(row["id"], row["form"])] = value
    if not truth:
        sys.exit("evaluate.py: %s has no measured values (expected the CSV of "
                 "an earlier --measure --truth host --csv run)" % path)
    return truth


def run_llvm_mca(mcpu, asm_blocks, iterations=100):
    """One llvm-mca-22 process with one region per block (JSON output)."""
    import json
    lines = []
    for i, asm in enumerate(asm_blocks):
        lines.append("# LLVM-MCA-BEGIN b%d" % i)
        lines.extend(asm)
        lines.append("# LLVM-MCA-END b%d" % i)
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write(".intel_syntax noprefix\n" + "\n".join(lines) + "\n")
        path = f.name
    start = time.time()
    res = subprocess.run(["llvm-mca-22", "-mcpu=" + mcpu,
                          "-iterations=%d" % iterations, "-json",
                          "-skip-unsupported-instructions=any", path],
                         capture_output=True, text=True)
    secs = time.time() - start
    os.unlink(path)
    preds = [None] * len(asm_blocks)
    try:
        data = json.loads(res.stdout)
        for region in data.get("CodeRegions", []):
            name = region.get("Name", "")
            cycles = region.get("SummaryView", {}).get("TotalCycles")
            if name.startswith("b") and cycles is not None:
                preds[int(name[1:])] = cycles / iterations
    except ValueError:
        sys.stderr.write("llvm-mca-22 output was not JSON:\n" +
                         res.stderr[:2000])
    return preds, secs


# Instruction kinds for --breakdown, matched on the corpus' Intel-syntax
# text (one block can be in several).
KINDS = [
    ("memory destination (RMW)",
     re.compile(r"^(add|sub|and|or|xor|inc|dec|neg|not|shl|shr|sar|adc|sbb)"
                r"\s+\w+ ptr \[")),
    ("indexed addressing",
     re.compile(r"\[[^]]*\b\d\*[a-z]|\[[a-z0-9]+ \+ [a-z][a-z0-9]*[]\s]")),
    ("64-bit immediate", re.compile(r"^movabs ")),
    ("push/pop", re.compile(r"^(push|pop) ")),
    ("explicit rsp", re.compile(r"^(?!push|pop).*\brsp\b")),
    ("8/16-bit register",
     re.compile(r"\b([abcd][lh]|[abcd]x|[sd]il?|[sb]pl?|r\d+[bw])\b")),
    ("setcc/cmovcc", re.compile(r"^(set|cmov)")),
    ("locked/serialising", re.compile(r"^(lock |xchg|mfence|lfence|cpuid)")),
    ("divide", re.compile(r"^i?div")),
    ("vector (xmm/ymm)", re.compile(r"\b[xy]mm\d+")),
    ("x87", re.compile(r"^f")),
]


def block_kinds(row):
    instrs = [i.strip() for i in row["asm_intel"].split(";")]
    kinds = [name for name, rx in KINDS if any(rx.search(i) for i in instrs)]
    return kinds or ["none of these"]


def print_breakdown(rows, results, bounds):
    """Per form: each category's n, its share of the MAPE (sum of its
    blocks' absolute errors / all blocks) and bias (signed), mean error."""
    for form, (_s, _m, _t, _mt, preds, _mca, meas) in results.items():
        idx = [i for i, (p, m) in enumerate(zip(preds, meas))
               if p is not None and m > 0]
        if not idx:
            continue
        total = len(idx)
        err = {i: (preds[i] - meas[i]) / meas[i] for i in idx}
        groups = [("bound: " + (bounds[form][i] or "?"), i) for i in idx]
        groups += [("kind: " + k, i) for i in idx for k in block_kinds(rows[i])]
        groups += [("flags: " + (rows[i]["flags"] or "none"), i) for i in idx]
        agg = {}
        for key, i in groups:
            a = agg.setdefault(key, [0, 0.0, 0.0])
            a[0] += 1
            a[1] += abs(err[i])
            a[2] += err[i]
        print("\nWhere the %s error lives (share of the %.2f%% MAPE; bias = "
              "signed share; mean = the category's own MAPE)" %
              (form, 100 * sum(abs(e) for e in err.values()) / total))
        print("  %-52s %5s %7s %7s %7s" % ("category", "n", "share", "bias",
                                            "mean"))
        for prefix in ("bound: ", "kind: ", "flags: "):
            items = sorted(((k, a) for k, a in agg.items()
                            if k.startswith(prefix)), key=lambda x: -x[1][1])
            for key, (n, abs_sum, signed) in items:
                print("  %-52s %5d %6.2f%% %+6.2f%% %6.1f%%" %
                      (key[:52], n, 100 * abs_sum / total,
                       100 * signed / total, 100 * abs_sum / n))


def print_worst(rows, results, bounds, n):
    for form, (_s, _m, _t, _mt, preds, _mca, meas) in results.items():
        idx = [i for i, (p, m) in enumerate(zip(preds, meas))
               if p is not None and m > 0]
        idx.sort(key=lambda i: -abs(preds[i] - meas[i]) / meas[i])
        print("\nWorst %d blocks, %s form (error, measured, predicted, "
              "bound, flags, code)" % (n, form))
        for i in idx[:n]:
            r = rows[i]
            print("  %+7.1f%% %8.2f %8.2f  %-10s %-18.18s %-11s %s" %
                  (100 * (preds[i] - meas[i]) / meas[i], meas[i], preds[i],
                   r["id"], bounds[form][i], r["flags"],
                   r["asm_intel"][:90]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--tool", default=DEFAULT_TOOL)
    ap.add_argument("--mcpu", default="cascadelake")
    ap.add_argument("--forms", default="unrolled,loop")
    ap.add_argument("--run-llvm-mca", action="store_true")
    ap.add_argument("--static", action="store_true",
                    help="score LoopUArch's static bounds instead of the "
                         "simulation")
    ap.add_argument("--no-harness-context", action="store_true",
                    help="do not tell LoopUArch that the corpus was measured "
                         "with every register (and loaded value) equal to "
                         "0x40000800, as the corpus README says")
    ap.add_argument("--exclude-flags", default="",
                    help="skip blocks with any of these flags (e.g. div,x87)")
    ap.add_argument("--csv", help="write per-block results here")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--measure", action="store_true",
                    help="also measure every block on this host (x86-64 "
                         "Linux) and compare with the corpus' measurements")
    ap.add_argument("--truth", choices=["corpus", "host"], default="corpus",
                    help="score the predictions against the corpus' "
                         "measurements or this host's (needs --measure; use "
                         "--mcpu native and --run-llvm-mca)")
    ap.add_argument("--truth-csv",
                    help="score against the host measurements saved by an "
                         "earlier '--measure --truth host --csv F' run "
                         "(column 'measured' per id and form) instead of "
                         "measuring again; for rescoring a model change")
    ap.add_argument("--breakdown", action="store_true",
                    help="where the error lives: each category's share of "
                         "the MAPE (its blocks' summed error over all "
                         "blocks) and signed bias, by LoopUArch's bound "
                         "class and by instruction kind")
    ap.add_argument("--worst", type=int, default=0, metavar="N",
                    help="list the N blocks with the largest error per form")
    ap.add_argument("--by-app", action="store_true",
                    help="also score each source application separately "
                         "(a check that no application carries the score)")
    args = ap.parse_args()

    with open(args.corpus) as f:
        rows = list(csv.DictReader(f))
    excl = set(x for x in args.exclude_flags.split(",") if x)
    if excl:
        rows = [r for r in rows
                if not excl & set(r["flags"].replace("+", " ").split())]
    if args.limit:
        rows = rows[:args.limit]
    extra = ["--static"] if args.static else []
    if not args.no_harness_context:
        # The corpus' measurement method (README): all GPRs 0x40000800, and
        # memory filled so that loaded pointers stay in the mapped area.
        extra.append("--harness-context")

    saved_truth = load_truth_csv(args.truth_csv) if args.truth_csv else None
    if saved_truth is not None and args.measure:
        ap.error("--truth-csv and --measure exclude each other")
    results = {}
    all_bounds = {}
    host_measured = {}
    for form in args.forms.split(","):
        meas_col = "measured_" + form
        mca_col = "llvm_mca_pred" + ("_loop" if form == "loop" else "")
        hexes = [r["hex"] if form == "unrolled" else
                 loop_form(r["hex"], r["loop_reg"]) for r in rows]
        # Blocks the corpus could not measure in this form have no value.
        meas = [float(r[meas_col]) if r[meas_col] else -1.0 for r in rows]
        if args.measure:
            host, reasons, hsecs = measure_on_host(args.tool, hexes, form,
                                                   "measure " + form)
            pairs = [(h, m) for h, m in zip(host, meas)
                     if h is not None and m > 0]
            within5 = sum(abs(h / m - 1) <= 0.05 for h, m in pairs)
            contended = sum(r == "contended" for r in reasons)
            refused = sum(h is None for h in host) - contended
            host_measured[form] = (host, within5, len(pairs), refused, hsecs,
                                   contended)
            if args.truth == "host":
                meas = [h if h is not None else -1.0 for h in host]
        elif saved_truth is not None:
            meas = [saved_truth.get((r["id"], form), -1.0) for r in rows]
        start = time.time()
        progress(0, 1, start, form)
        # The corpus' loop form runs loop_iters_a iterations per timed run,
        # each from the same registers (its README): the pages one run walks
        # decide whether the DTLB holds them all (AddressContext's
        # RunIterations). Only for the corpus' own measurements.
        run_iters = None
        if (form == "loop" and not args.no_harness_context
                and args.truth == "corpus" and saved_truth is None):
            run_iters = [r.get("loop_iters_a") or "" for r in rows]
        preds, bounds, secs = run_loop_uarch(args.tool, args.mcpu, hexes, form,
                                             extra, run_iters)
        progress(1, 1, start, form)
        if args.run_llvm_mca:
            asm = [[s.strip() for s in r["asm_intel"].split(";")]
                   for r in rows]
            if form == "loop":
                for a, r in zip(asm, rows):
                    a.insert(0, "1:")
                    a.extend(["dec " + r["loop_reg"], "jnz 1b"])
            mca, mca_secs = run_llvm_mca(args.mcpu, asm)
        else:
            mca = [float(r[mca_col]) if r[mca_col] else None for r in rows]
            mca_secs = None
        results[form] = (scores(preds, meas), scores(mca, meas), secs,
                         mca_secs, preds, mca, meas)
        all_bounds[form] = bounds

    print("Corpus: %s (%d blocks%s), -mcpu=%s, LoopUArch %s" %
          (os.path.relpath(args.corpus), len(rows),
           ", excluding " + ",".join(sorted(excl)) if excl else "", args.mcpu,
           "static bounds" if args.static else "simulation"))
    print("%-9s %-10s %5s %8s %8s %7s %9s %9s" %
          ("form", "tool", "n", "MAPE", "median", "tau", "within10",
           "seconds"))
    for form, (ours, mca, secs, mca_secs, *_rest) in results.items():
        for name, s, t in (("LoopUArch", ours, secs),
                           ("llvm-mca", mca, mca_secs)):
            if s is None:
                continue
            print("%-9s %-10s %5d %7.2f%% %7.2f%% %7.3f %8.1f%% %9s" %
                  (form, name, s["n"], s["mape"], s["median"], s["tau"],
                   s["within10"], "%.2f" % t if t is not None else "-"))
    if saved_truth is not None:
        print("(scores are against the measurements saved in %s)" %
              args.truth_csv)
    if host_measured:
        print("\nThis host's measurements (loop-uarch-report --measure) against "
              "the corpus' (%s):" % os.path.basename(args.corpus))
        for form, (host, w5, n, refused, hsecs,
                   contended) in host_measured.items():
            print("  %-9s %d of %d blocks within 5%% (%.1f%%), %d refused, "
                  "%d left out (core shared throughout), %.0f s" %
                  (form, w5, n, 100.0 * w5 / max(1, n), refused, contended,
                   hsecs))
        if args.truth == "host":
            print("  (scores above are against this host's measurements)")
    if args.by_app:
        apps = sorted(set(r["app"] for r in rows))
        print("\nPer application (LoopUArch / llvm-mca: MAPE, tau)")
        print("%-16s %-9s %5s %18s %18s" % ("app", "form", "n", "LoopUArch",
                                           "llvm-mca"))
        for app in apps:
            idx = [i for i, r in enumerate(rows) if r["app"] == app]
            for form, (_, _, _, _, preds, mca, meas) in results.items():
                o = scores([preds[i] for i in idx], [meas[i] for i in idx])
                m = scores([mca[i] for i in idx], [meas[i] for i in idx])
                if not o:
                    continue
                fmt = lambda x: ("%6.2f%% %6.3f" % (x["mape"], x["tau"])
                                 if x else "-")
                print("%-16s %-9s %5d %18s %18s" % (app, form, o["n"], fmt(o),
                                                     fmt(m)))
    if args.breakdown:
        print_breakdown(rows, results, all_bounds)
    if args.worst:
        print_worst(rows, results, all_bounds, args.worst)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            if args.measure and args.truth == "host":
                # A measured file names the host it was measured on.
                for line in host_identity():
                    f.write("# " + line + "\n")
                f.write("# command: python3 utils/evaluate.py %s\n"
                        % " ".join(sys.argv[1:]))
            w = csv.writer(f)
            w.writerow(["id", "form", "hex", "measured", "loop_uarch",
                        "llvm_mca", "flags"])
            for form, (*_s, preds, mca, meas) in results.items():
                for r, p, m, y in zip(rows, preds, mca, meas):
                    w.writerow([r["id"], form, r["hex"], y,
                                "" if p is None else "%.4f" % p,
                                "" if m is None else "%.4f" % m, r["flags"]])


if __name__ == "__main__":
    main()
