#!/usr/bin/env python3
"""Compile-time cost of the LoopUArch clang plugin, measured for a user.

Compiles sets of real translation units with clang-22 in three
configurations, interleaved in a random order each round and pinned to one
CPU (taskset):

  plain      clang -O2 -c
  loaded     + -fpass-plugin=LoopUArch.so             (no remark asked for)
  remarks    + -fpass-plugin=LoopUArch.so -Rpass=uarch (every loop analysed)
  flag       + -Rpass=uarch, no plugin (clang's own cost of asking for
             remarks: source-location tracking)

Sets: sqlite3.c (the SQLite amalgamation from the npm package
better-sqlite3, fetched by utils/plugin-sqlite.sh), the 30 PolyBench/C 4.2.1
kernels (../shared/bench/polybench-c-4.2.1, compiled one after the other,
timed as one), and four of LoopUArch's own C++ sources (LLVM-header heavy).

For each set and configuration: the median user-CPU time and wall time of
the compiler with a distribution-free 95 % confidence interval (order
statistics of the binomial); the overhead against plain as the median of the
per-round ratios (rounds are interleaved, so each ratio compares runs made
moments apart), with its own order-statistic interval. Then, from
-ftime-report (plain vs remarks, medians of --time-report-runs runs), every
pass and analysis whose time changes, the LoopUArch pass' share, and from
-mllvm -uarch-time-report the analysis time per loop.

Usage: utils/plugin-compile-time.py [--runs 15] [--cpu 1] [--sets sqlite]
                                    [--json results.json]
Run it on a quiet machine (uptime); it prints the host and the load.
"""
import argparse
import glob
import json
import math
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLUGIN = os.path.join(ROOT, "build", "lib", "Passes", "LoopUArch.so")
POLYBENCH = os.path.realpath(os.path.join(ROOT, "..", "shared", "bench",
                                          "polybench-c-4.2.1"))
CXX_SOURCES = ["lib/Kernel/RegionExtraction.cpp", "lib/Passes/LoopRole.cpp",
               "lib/Model/UopDecoder.cpp", "lib/Report/TextReport.cpp"]
CONFIGS = {
    "plain": [],
    "loaded": ["-fpass-plugin=" + PLUGIN],
    "remarks": ["-fpass-plugin=" + PLUGIN, "-Rpass=uarch"],
    # -Rpass=uarch without the plugin: what clang itself spends when any
    # remark is asked for (it then tracks source locations, as for
    # -gline-tables-only): remarks vs this is the plugin's own cost.
    "flag": ["-Rpass=uarch"],
}


def sqlite_units(args):
    src = os.path.join(args.cache, "package", "deps", "sqlite3", "sqlite3.c")
    if not os.path.exists(src):
        subprocess.run([os.path.join(ROOT, "utils", "plugin-sqlite.sh"),
                        args.cache], check=False, stdout=subprocess.DEVNULL)
    if not os.path.exists(src):
        sys.exit("no sqlite3.c; run utils/plugin-sqlite.sh first")
    return [[args.clang, "-O2", "-c", src, "-o", os.devnull]]


def polybench_units(args):
    files = sorted(f for f in glob.glob(os.path.join(POLYBENCH, "*", "**", "*.c"),
                                        recursive=True)
                   if "utilities" not in f)
    if not files:
        sys.exit("no PolyBench sources under " + POLYBENCH)
    return [[args.clang, "-O2", "-c", "-I" + os.path.join(POLYBENCH, "utilities"),
             "-I" + os.path.dirname(f), "-DPOLYBENCH_USE_C99_PROTO", f,
             "-o", os.devnull] for f in files]


def cxx_units(args):
    llvm_inc = subprocess.run(["llvm-config-22", "--includedir"],
                              capture_output=True, text=True).stdout.strip()
    return [[args.clang.replace("clang", "clang++"), "-O2", "-std=c++17",
             "-fno-rtti", "-fno-exceptions", "-I" + os.path.join(ROOT, "include"),
             "-isystem", llvm_inc, "-c", os.path.join(ROOT, f), "-o", os.devnull]
            for f in CXX_SOURCES]


SETS = {"sqlite": sqlite_units, "polybench": polybench_units, "cxx": cxx_units}


def run_timed(cmd, cpu):
    """(user seconds, wall seconds) of one compile, pinned to cpu."""
    t0 = time.perf_counter()
    p = subprocess.Popen(["taskset", "-c", str(cpu)] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        sys.exit("failed: " + " ".join(cmd))
    return ru.ru_utime, wall


def median_ci(xs, level=0.95):
    """Median and a distribution-free interval: order statistics x(k),
    x(n+1-k) with P(Binomial(n, 1/2) < k) <= (1 - level) / 2."""
    xs = sorted(xs)
    n = len(xs)
    med = statistics.median(xs)
    cdf, k = 0.0, 0
    while True:
        p = math.comb(n, k) / 2 ** n
        if cdf + p > (1 - level) / 2:
            break
        cdf += p
        k += 1
    if k == 0:
        return med, xs[0], xs[-1], 1 - 2 / 2 ** n  # too few runs: the range
    return med, xs[k - 1], xs[n - k], 1 - 2 * cdf


def parse_time_report(text):
    """{(section, pass): (user+system, wall)} from clang's -ftime-report."""
    out, section, seen = {}, None, {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("===---") and i + 1 < len(lines) and \
                not lines[i + 1].startswith("===") and \
                not lines[i + 1].strip().startswith("Total"):
            name = lines[i + 1].strip()
            if name:
                seen[name] = seen.get(name, 0) + 1
                section = name if seen[name] == 1 else "%s #%d" % (name, seen[name])
            continue
        m = re.match(r"\s+((?:[0-9.]+ \(\s*[0-9.]+%\)\s+)+)(.+?)\s*$", line)
        if not m or section is None:
            continue
        nums = re.findall(r"([0-9.]+) \(\s*[0-9.]+%\)", m.group(1))
        # Columns: User [System] User+System Wall
        out[(section, m.group(2))] = (float(nums[-2]), float(nums[-1]))
    return out


def time_reports(cmds, cpu, runs, extra):
    """Medians over runs of each (section, pass) summed over the set."""
    per_run = []
    for _ in range(runs):
        total = {}
        for cmd in cmds:
            r = subprocess.run(["taskset", "-c", str(cpu)] + cmd + extra +
                               ["-ftime-report"], capture_output=True, text=True)
            for k, (cpu_s, wall) in parse_time_report(r.stderr).items():
                c, w = total.get(k, (0.0, 0.0))
                total[k] = (c + cpu_s, w + wall)
        per_run.append(total)
    keys = set().union(*per_run)
    return {k: (statistics.median(r.get(k, (0, 0))[0] for r in per_run),
                statistics.median(r.get(k, (0, 0))[1] for r in per_run))
            for k in keys}


def uarch_stage_times(cmds, cpu):
    """Sums of the -uarch-time-report figures over the set's commands: every
    "<name> <value> ms" field of its lines (kernel, memory (SCEV), analysis,
    identity, remarks, pass, per function, and the analysis steps decode,
    static, simulation, trip count, sensitivity, memory), and the loops."""
    stages, loops = {}, 0
    for cmd in cmds:
        r = subprocess.run(["taskset", "-c", str(cpu)] + cmd +
                           CONFIGS["remarks"] + ["-mllvm", "-uarch-time-report"],
                           capture_output=True, text=True)
        for line in r.stderr.splitlines():
            if not line.startswith("uarch: "):
                continue
            m = re.match(r"uarch: (\d+) loops", line)
            if m:
                loops += int(m.group(1))
            prefix = "step " if line.startswith("uarch: analysis steps:") else ""
            for name, value in re.findall(r"([A-Za-z][A-Za-z ()]*?) ([0-9.]+) ms",
                                          line.split(":", 1)[1]):
                name = prefix + re.sub(r"^(analysis steps: |of which )", "",
                                       name.strip(" ,;"))
                stages[name] = stages.get(name, 0.0) + float(value)
    return loops, stages


def host_identity():
    info = {"machine": platform.machine(), "kernel": platform.release(),
            "nproc": os.cpu_count(), "load": os.getloadavg()}
    try:
        with open("/proc/cpuinfo") as f:
            text = f.read()
        for key in ("vendor_id", "cpu family", "model", "model name"):
            m = re.search(r"^%s\s*:\s*(.+)$" % key, text, re.M)
            if m:
                info[key] = m.group(1).strip()
    except OSError:
        pass
    info["clang"] = subprocess.run(["clang-22", "--version"], capture_output=True,
                                   text=True).stdout.splitlines()[0]
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=15,
                    help="interleaved rounds per set (default 15)")
    ap.add_argument("--time-report-runs", type=int, default=3)
    ap.add_argument("--sets", default="sqlite,polybench,cxx")
    ap.add_argument("--cpu", type=int, default=os.cpu_count() - 1,
                    help="CPU to pin the compiles to (taskset)")
    ap.add_argument("--cache", default="/tmp/loop-uarch-sqlite")
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--json", help="write the raw times here")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not os.path.exists(PLUGIN):
        sys.exit("build the plugin first: " + PLUGIN)
    random.seed(args.seed)
    host = host_identity()
    print("host: %s (%s, family %s, model %s), %d CPUs, load %.2f %.2f %.2f "
          "at start; %s; compiles pinned to CPU %d" %
          (host.get("model name", "?"), host.get("vendor_id", "?"),
           host.get("cpu family", "?"), host.get("model", "?"), host["nproc"],
           *host["load"], host["clang"], args.cpu))
    raw = {"host": host, "date": time.strftime("%Y-%m-%d %H:%M:%S"), "sets": {}}
    for set_name in args.sets.split(","):
        cmds = SETS[set_name](args)
        user = {c: [] for c in CONFIGS}
        wall = {c: [] for c in CONFIGS}
        for r in range(args.runs):
            order = list(CONFIGS)
            random.shuffle(order)
            for c in order:
                u = w = 0.0
                for cmd in cmds:
                    du, dw = run_timed(cmd + CONFIGS[c], args.cpu)
                    u += du
                    w += dw
                user[c].append(u)
                wall[c].append(w)
            sys.stderr.write("\r%s: round %d/%d" % (set_name, r + 1, args.runs))
        sys.stderr.write("\n")
        raw["sets"][set_name] = {"units": len(cmds), "user": user, "wall": wall}
        print("\n%s (%d translation unit%s, -O2), %d interleaved rounds; "
              "medians [95%% interval]:" % (set_name, len(cmds),
                                            "" if len(cmds) == 1 else "s",
                                            args.runs))
        for c in CONFIGS:
            mu, lu, hu, _ = median_ci(user[c])
            mw, lw, hw, _ = median_ci(wall[c])
            line = "  %-8s user %8.3f s [%.3f, %.3f]   wall %8.3f s [%.3f, %.3f]" % (
                c, mu, lu, hu, mw, lw, hw)
            bases = {"loaded": ["plain"], "remarks": ["plain", "flag"],
                     "flag": ["plain"]}.get(c, [])
            for base in bases:
                ratios_u = [100 * (a / b - 1) for a, b in zip(user[c], user[base])]
                ratios_w = [100 * (a / b - 1) for a, b in zip(wall[c], wall[base])]
                ru, rul, ruh, level = median_ci(ratios_u)
                rw, rwl, rwh, _ = median_ci(ratios_w)
                line += "\n           vs %-5s: user %+.2f %% [%+.2f, %+.2f], wall " \
                        "%+.2f %% [%+.2f, %+.2f] (%.1f %% interval)" % (
                            base, ru, rul, ruh, rw, rwl, rwh, 100 * level)
            print(line)

        # Where the time goes: every pass whose time changes.
        plain_tr = time_reports(cmds, args.cpu, args.time_report_runs, [])
        rem_tr = time_reports(cmds, args.cpu, args.time_report_runs,
                              CONFIGS["remarks"])
        changes = []
        for k in set(plain_tr) | set(rem_tr):
            if k[1] == "Total":
                continue
            a = plain_tr.get(k, (0.0, 0.0))[0]
            b = rem_tr.get(k, (0.0, 0.0))[0]
            if abs(b - a) >= max(0.005, 0.05 * a):
                changes.append((b - a, k, a, b))
        changes.sort(reverse=True)
        print("  -ftime-report (user+system, median of %d), passes whose time "
              "changes by >= 5 ms and 5 %%, plain -> remarks:" %
              args.time_report_runs)
        for d, (section, name), a, b in changes[:25]:
            print("    %+8.3f s  %8.3f -> %8.3f  %s [%s]" % (d, a, b, name, section))
        if not changes:
            print("    (none)")
        ours = sum(v[0] for (s, n), v in rem_tr.items() if n.startswith("LoopUArch"))
        totals = [v[0] for (s, n), v in rem_tr.items()
                  if n == "Total" and s.startswith("Clang time report")]
        if totals:
            print("  LoopUArch pass: %.3f s of %.3f s compile (%.2f %%, pass timer)" %
                  (ours, totals[0], 100 * ours / totals[0]))
        loops, stages = uarch_stage_times(cmds, args.cpu)
        if loops:
            print("  -uarch-time-report: %d loops; ms in all (per loop):" % loops)
            for name, ms in stages.items():
                print("    %-22s %9.1f  (%.3f)" % (name, ms, ms / loops))
        raw["sets"][set_name]["time_report"] = {
            "plain": {"%s|%s" % k: v for k, v in plain_tr.items()},
            "remarks": {"%s|%s" % k: v for k, v in rem_tr.items()}}
        raw["sets"][set_name]["uarch_stages"] = {"loops": loops,
                                                 "ms": stages}
    print("\nload at end: %.2f %.2f %.2f" % os.getloadavg())
    if args.json:
        with open(args.json, "w") as f:
            json.dump(raw, f, indent=1)


if __name__ == "__main__":
    main()
