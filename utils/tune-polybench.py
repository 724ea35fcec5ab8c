#!/usr/bin/env python3
"""PolyBench/C 4.2.1 with and without LoopUArch's loop tuner (issue 14).

Builds all 30 kernels with clang-22 -O3 -march=native, once plainly and once
with the plugin and -mllvm -uarch-tune-loops, checks that the array dumps
(-DPOLYBENCH_DUMP_ARRAYS, printed with %a so that every bit counts) are
identical, then runs both builds pinned
(taskset -c CPU), interleaved, --runs times each, timing the kernel with
PolyBench's cycle-accurate timer (rdtsc, -DPOLYBENCH_CYCLE_ACCURATE_TIMER).
Per kernel it prints the fastest run of each build (interference only adds
time), the noise (the larger of the two builds' median-over-fastest
excess), the speedup and the loops
whose decision changed (in the timed kernel function); then the geometric
mean speedup over all kernels and over the changed ones, and the kernels
slower by more than 2 % beyond their noise.

--oracle measures, for every loop of the kernel function the tuner
evaluated, every feasible candidate forced alone (-uarch-tune-force, the
tuner's own metadata), then all per-loop bests together: the oracle's
speedup, and the share of its gain the model captured
(log speedup_model / log speedup_oracle). Every measured candidate goes to
WORK/oracle-DATASET.txt with its predicted cycles per element.

Every build uses -gline-tables-only (the remarks need locations; line
tables do not change code generation).

Usage:
  utils/tune-polybench.py [--dataset SMALL,MEDIUM] [--runs 21] [--cpu 1]
                          [--kernels gemm,2mm] [--oracle] [--check-only]
                          [--work DIR]
                          [--extra "-mllvm -uarch-tune-min-gain=5"]
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN = os.path.join(ROOT, "build", "lib", "Passes", "LoopUArch.so")
POLYBENCH = os.path.realpath(os.path.join(ROOT, "..", "shared", "bench",
                                          "polybench-c-4.2.1"))
REMARK = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): remark: "
                    r"(?P<msg>.*) \[-Rpass(?P<kind>(-missed|-analysis)?)=uarch\]$")


def kernels(selected):
    found = []
    for dirpath, _, files in os.walk(POLYBENCH):
        if "utilities" in dirpath:
            continue
        for f in files:
            if f.endswith(".c"):
                found.append((f[:-2], os.path.join(dirpath, f)))
    found.sort()
    if selected:
        want = set(selected.split(","))
        found = [k for k in found if k[0] in want]
    return found


def kernel_lines(src):
    """Line range of the kernel_* function (PolyBench's timed region)."""
    lines = open(src).read().split("\n")
    start = next(i for i, l in enumerate(lines) if re.match(r"void kernel_", l))
    end = next(i for i in range(start, len(lines)) if lines[i] == "}")
    return start + 1, end + 1


def compile_cmd(clang, src, exe, dataset, defines, extra):
    util = os.path.join(POLYBENCH, "utilities")
    return ([clang, "-O3", "-march=native", "-gline-tables-only",
             "-I", util, "-I", os.path.dirname(src),
             "-D%s_DATASET" % dataset, "-DPOLYBENCH_TIME",
             "-DPOLYBENCH_CYCLE_ACCURATE_TIMER"] + defines + extra +
            [src, os.path.join(util, "polybench.c"), "-lm", "-o", exe])


def exact_dump_copy(src, work):
    """A copy of the kernel whose array dump prints every bit (%a instead
    of PolyBench's %0.2lf, which would hide reordered FP arithmetic)."""
    name = os.path.splitext(os.path.basename(src))[0]
    d = os.path.join(work, "exact-dump", name)
    os.makedirs(d, exist_ok=True)
    for f in (name + ".c", name + ".h"):
        text = open(os.path.join(os.path.dirname(src), f)).read()
        text = re.sub(r'(define DATA_PRINTF_MODIFIER )"%0\.2l?f "',
                      r'\1"%a "', text)
        with open(os.path.join(d, f), "w") as out:
            out.write(text)
    return os.path.join(d, name + ".c")


def build(args, src, exe, dataset, extra, dump=False):
    defines = []
    if dump:
        defines = ["-DPOLYBENCH_DUMP_ARRAYS"]
        src = exact_dump_copy(src, args.work)
    cmd = compile_cmd(args.clang, src, exe, dataset, defines, extra)
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("build failed: %s\n%s" % (" ".join(cmd), res.stderr[-3000:]))
    return res.stderr


def remarks(stderr, src):
    out = []
    for line in stderr.splitlines():
        m = REMARK.match(line)
        if m and os.path.basename(m.group("file")) == os.path.basename(src):
            out.append((int(m.group("line")), int(m.group("col")),
                        m.group("kind"), m.group("msg")))
    return out


def run_once(exe, cpu):
    res = subprocess.run(["taskset", "-c", str(cpu), exe],
                         capture_output=True, text=True, timeout=600)
    if res.returncode != 0:
        raise RuntimeError("%s exited with %d" % (exe, res.returncode))
    return float(res.stdout.strip().split()[-1])


def dump_of(exe):
    return subprocess.run([exe], capture_output=True, text=True,
                          timeout=600).stderr


def center(xs):
    """The estimate of a build's time: the fastest run. On a shared machine
    interference only ever adds time, so the minimum of interleaved runs is
    the steadiest estimate of the undisturbed kernel (the median moves with
    the neighbours' load)."""
    return min(xs)


def spread(xs):
    """Noise of a build: how far the median run is above the fastest."""
    return (statistics.median(xs) - min(xs)) / min(xs)


def measure(exes, runs, cpu):
    """Interleaved runs: {exe: [cycles...]}."""
    times = {e: [] for e in exes}
    for _ in range(runs):
        for e in exes:
            times[e].append(run_once(e, cpu))
    return times


def tuned_flags(extra):
    return ["-fpass-plugin=" + PLUGIN, "-mllvm", "-uarch-tune-loops",
            "-Rpass=uarch", "-Rpass-analysis=uarch"] + extra


def candidates_of(msg):
    """Feasible candidates of a TuneCandidates analysis remark."""
    body = msg.split("):", 1)[1] if "):" in msg else msg
    out = []
    for item in body.split(";"):
        item = item.strip()
        m = re.match(r"(default|u\d+|\d+x\d+)( \[[^\]]*\])?: ([0-9.]+) "
                     r"cycles/element", item)
        if m and "unsure" not in item:
            out.append((m.group(1), float(m.group(3))))
    return out


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else 1.0


def bench_dataset(args, dataset, work):
    rows = []
    oracle_rows = []
    for name, src in kernels(args.kernels):
        lo, hi = kernel_lines(src)
        plain = os.path.join(work, "%s-%s-plain" % (name, dataset))
        tuned = os.path.join(work, "%s-%s-tuned" % (name, dataset))
        build(args, src, plain, dataset, [])
        stderr = build(args, src, tuned, dataset, tuned_flags(args.extra))
        rems = remarks(stderr, src)
        changed = ["%d:%d %s (%s%%)" % (l, c, msg.split(":")[0],
                                      re.search(r"\(([0-9.]+)% fewer", msg)
                                      .group(1))
                   for l, c, kind, msg in rems
                   if kind == "" and ": predicted" in msg and lo <= l <= hi]
        # Outputs: the array dumps must be identical.
        build(args, src, plain + "-dump", dataset, [], dump=True)
        build(args, src, tuned + "-dump", dataset, tuned_flags(args.extra),
              dump=True)
        same = dump_of(plain + "-dump") == dump_of(tuned + "-dump")
        if args.check_only:
            print("%-15s %-6s output %s  %s" % (
                name, dataset, "same" if same else "DIFFERENT",
                "; ".join(changed) if changed else "-"), flush=True)
            rows.append(dict(kernel=name, plain=1, tuned=1, speedup=1.0,
                             noise=0, changed=changed, same=same))
            continue
        t = measure([plain, tuned], args.runs, args.cpu)
        mp, mt = center(t[plain]), center(t[tuned])
        noise = max(spread(t[plain]), spread(t[tuned]))
        row = dict(kernel=name, plain=mp, tuned=mt, speedup=mp / mt,
                   noise=noise, changed=changed, same=same)
        rows.append(row)
        print("%-15s %-6s plain %12.0f  tuned %12.0f  speedup %.3f  noise "
              "%4.1f%%  output %s  %s" %
              (name, dataset, mp, mt, mp / mt, 100 * noise,
               "same" if same else "DIFFERENT",
               "; ".join(changed) if changed else "-"), flush=True)
        if args.oracle:
            oracle_rows.append(oracle(args, name, src, dataset, work, rems,
                                      lo, hi, plain, mp))
    return rows, oracle_rows


def oracle(args, name, src, dataset, work, rems, lo, hi, plain, plain_med):
    """Every candidate of every tuned kernel loop, forced alone, measured."""
    best = {}
    tables = [(l, c, msg) for l, c, kind, msg in rems
              if kind == "-analysis" and msg.startswith("candidates") and
              lo <= l <= hi]
    log = []
    for line, col, msg in tables:
        cands = candidates_of(msg)
        exes = []
        for cand, _ in cands:
            exe = os.path.join(work, "%s-%s-o%d_%d_%s" %
                               (name, dataset, line, col, cand))
            build(args, src, exe, dataset,
                  ["-fpass-plugin=" + PLUGIN, "-mllvm",
                   "-uarch-tune-force=%d:%d=%s" % (line, col, cand)])
            exes.append((cand, exe))
        t = measure([plain] + [e for _, e in exes], args.oracle_runs, args.cpu)
        base = center(t[plain])
        meas = {cand: center(t[e]) / base for cand, e in exes}
        pick = min(meas, key=meas.get)
        with open(os.path.join(work, "oracle-%s.txt" % dataset), "a") as f:
            pred = dict(cands)
            for cand in sorted(meas, key=meas.get):
                f.write("%s %d:%d %-8s measured %.3f of plain, predicted "
                        "%.2f cycles/element\n" %
                        (name, line, col, cand, meas[cand], pred[cand]))
        best["%d:%d" % (line, col)] = pick
        log.append("%d:%d best %s (%.3f of plain), default %.3f" %
                   (line, col, pick, meas[pick], meas.get("default", 1.0)))
    if not best:
        return dict(kernel=name, oracle=1.0, log=[])
    exe = os.path.join(work, "%s-%s-oracle" % (name, dataset))
    build(args, src, exe, dataset,
          ["-fpass-plugin=" + PLUGIN, "-mllvm",
           "-uarch-tune-force=" + ",".join("%s=%s" % kv
                                           for kv in best.items())])
    t = measure([plain, exe], args.runs, args.cpu)
    sp = center(t[plain]) / center(t[exe])
    print("  oracle %-15s speedup %.3f  (%s)" % (name, sp, "; ".join(log)),
          flush=True)
    return dict(kernel=name, oracle=sp, log=log)


def summary(rows, oracle_rows, dataset):
    sp = [r["speedup"] for r in rows]
    ch = [r["speedup"] for r in rows if r["changed"]]
    slower = [r for r in rows if r["speedup"] < 1 - 0.02 - r["noise"]]
    bad = [r["kernel"] for r in rows if not r["same"]]
    print("%s: geomean speedup %.3f over %d kernels; %.3f over the %d "
          "kernels with changed decisions" %
          (dataset, geomean(sp), len(sp), geomean(ch), len(ch)))
    print("%s: slower by more than 2%% beyond noise: %s" %
          (dataset, ", ".join("%s (%.3f, noise %.1f%%)" %
                              (r["kernel"], r["speedup"], 100 * r["noise"])
                              for r in slower) or "none"))
    print("%s: outputs differ: %s" % (dataset, ", ".join(bad) or "none"))
    if oracle_rows:
        by = {r["kernel"]: r["speedup"] for r in rows}
        og = geomean([o["oracle"] for o in oracle_rows])
        mg = geomean([by[o["kernel"]] for o in oracle_rows])
        share = math.log(mg) / math.log(og) if og > 1 else float("nan")
        print("%s: oracle geomean %.3f, model %.3f: the model captures "
              "%.0f%% of the oracle's gain" % (dataset, og, mg, 100 * share))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--dataset", default="SMALL")
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--oracle-runs", type=int, default=9)
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--kernels", default="")
    ap.add_argument("--oracle", action="store_true")
    ap.add_argument("--check-only", action="store_true",
                    help="build and compare the outputs, time nothing")
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--work", default="/tmp/loop-uarch-tune-polybench")
    ap.add_argument("--extra", default="",
                    help="more flags for the tuned build")
    args = ap.parse_args()
    args.extra = args.extra.split()
    os.makedirs(args.work, exist_ok=True)
    print("host: %s; load %s; %s" % (
        next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo")
              if l.startswith("model name")), "?"),
        open("/proc/loadavg").read().split()[0],
        time.strftime("%Y-%m-%d %H:%M")))
    for dataset in args.dataset.split(","):
        rows, oracle_rows = bench_dataset(args, dataset, args.work)
        summary(rows, oracle_rows, dataset)


if __name__ == "__main__":
    main()
