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

Beside the end-to-end medians, whose intervals on a shared VM are too wide
to resolve 2 %, a decomposition into parts each measured tightly: the
fixed cost of loading the plugin (interleaved pairs of a tiny TU without
and with -fpass-plugin, --load-runs of them), LoopUArch's pass timer
without and with -Rpass=uarch (clang prints the remarks inside the pass),
the other passes whose time changes beyond the rounds' drift, clang's own
cost of -Rpass; their sums as shares of the plain compile (docs/plugin.md
"Measuring the cost" says what each part cannot see). The headline share is
taken per time-report round: each round also compiles the set plainly
without -ftime-report, and the load and pass timers of that round are
divided by it, so that the host's drift between phases cancels; the median
of the rounds with its interval. --runs 0 prints the decomposition alone.

Usage: utils/plugin-compile-time.py [--runs 15] [--cpu 1] [--sets sqlite]
                                    [--load-runs 40] [--time-report-runs 3]
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


def generated_headers():
    """A directory with the headers CMake generates (luarch/Config/
    Version.h, from its .in with placeholder values: the C++ set compiles
    LoopUArch's own sources without a build directory); removed at exit."""
    import atexit
    import shutil
    import tempfile
    d = tempfile.mkdtemp(prefix="loop-uarch-ct-")
    atexit.register(shutil.rmtree, d, True)
    rel = os.path.join("luarch", "Config", "Version.h")
    with open(os.path.join(ROOT, "include", rel + ".in")) as f:
        text = re.sub(r"@[A-Za-z_]+@", "0", f.read())
    os.makedirs(os.path.dirname(os.path.join(d, rel)))
    with open(os.path.join(d, rel), "w") as f:
        f.write(text)
    return d


def cxx_units(args):
    llvm_inc = subprocess.run(["llvm-config-22", "--includedir"],
                              capture_output=True, text=True).stdout.strip()
    generated = generated_headers()
    return [[args.clang.replace("clang", "clang++"), "-O2", "-std=c++17",
             "-fno-rtti", "-fno-exceptions", "-I" + os.path.join(ROOT, "include"),
             "-I" + generated, "-isystem", llvm_inc, "-c",
             os.path.join(ROOT, f), "-o", os.devnull]
            for f in CXX_SOURCES]


SETS = {"sqlite": sqlite_units, "polybench": polybench_units, "cxx": cxx_units}


def run_timed(cmd, cpu):
    """(user seconds, wall seconds, system seconds) of one compile, pinned
    to cpu."""
    t0 = time.perf_counter()
    p = subprocess.Popen(["taskset", "-c", str(cpu)] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        sys.exit("failed: " + " ".join(cmd))
    return ru.ru_utime, wall, ru.ru_stime


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


def time_report_run(cmds, cpu, extra):
    """One -ftime-report run of the set: {(section, pass): (user+system,
    wall)} summed over its commands."""
    total = {}
    for cmd in cmds:
        r = subprocess.run(["taskset", "-c", str(cpu)] + cmd + extra +
                           ["-ftime-report"], capture_output=True, text=True)
        for k, (cpu_s, wall) in parse_time_report(r.stderr).items():
            c, w = total.get(k, (0.0, 0.0))
            total[k] = (c + cpu_s, w + wall)
    return total


def medians(per_run):
    """Median over runs of each (section, pass)."""
    keys = set().union(*per_run)
    return {k: (statistics.median(r.get(k, (0, 0))[0] for r in per_run),
                statistics.median(r.get(k, (0, 0))[1] for r in per_run))
            for k in keys}


def time_reports(cmds, cpu, runs, extra):
    """Medians over runs of each (section, pass) summed over the set."""
    return medians([time_report_run(cmds, cpu, extra) for _ in range(runs)])


def ours(report):
    """LoopUArch's passes' user+system seconds in one time report (the
    machine pass and the IR pass of -uarch-tune-loops)."""
    return sum(v[0] for (s, n), v in report.items() if n.startswith("LoopUArch"))


def is_other_pass(key):
    """Whether a time report's (section, name) is a pass or analysis other
    than ours (clang's own sections are sums of them and of ours;
    instruction selection's and register allocation's timers are parts of
    their passes)."""
    section, name = key
    return name != "Total" and not name.startswith("LoopUArch") and \
        section.startswith(("Pass execution", "Analysis execution"))


# The passes of the loop pass manager that the plugin's "trip counts before
# LSR" pass joins (PreLSRTripCounts.cpp): they run on the same loops right
# after it and ask the same ScalarEvolution, whose backedge-taken counts and
# expressions that pass builds first. Their time in the remarks configuration
# against the flag configuration of the same round is the part of that pass's
# timer they no longer spend.
SHARED_SCEV_PASSES = ("Canonicalize Freeze Instructions in Loops",
                      "Induction Variable Users", "Loop Strength Reduction",
                      "Scalar Evolution Analysis")


def shared_scev_passes(report):
    """The SHARED_SCEV_PASSES' user+system seconds in one time report."""
    return sum(v[0] for (s, n), v in report.items()
               if n in SHARED_SCEV_PASSES and
               s.startswith(("Pass execution", "Analysis execution")))


def host_line(host, cpu):
    """The first line of a report: the host, its load and the clang."""
    return ("host: %s (%s, family %s, model %s), %d CPUs, load %.2f %.2f "
            "%.2f at start; %s; compiles pinned to CPU %d" %
            (host.get("model name", "?"), host.get("vendor_id", "?"),
             host.get("cpu family", "?"), host.get("model", "?"),
             host["nproc"], *host["load"], host["clang"], cpu))


def finish(raw, json_path):
    """The last line of a report (the load at the end) and the raw JSON."""
    print("\nload at end: %.2f %.2f %.2f" % os.getloadavg())
    if json_path:
        with open(json_path, "w") as f:
            json.dump(raw, f, indent=1)


def compile_total(report):
    """The compile's total user+system seconds in one time report."""
    totals = [v[0] for (s, n), v in report.items()
              if n == "Total" and s.startswith("Clang time report")]
    return totals[0] if totals else None


TINY_TU = ("int sum(const int *a, int n) {\n"
           "  int s = 0;\n"
           "  for (int i = 0; i < n; ++i)\n"
           "    s += a[i];\n"
           "  return s;\n"
           "}\n")


def load_cost(args):
    """The fixed cost of loading the plugin (dlopen, registering its
    passes and options, adding its pass to the pipeline): a tiny TU with
    one loop compiled without and with -fpass-plugin (no remark flag),
    interleaved in a random order, --load-runs pairs. Returns the per-pair
    differences loaded - plain of user+system and of wall time, in ms."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "tiny.c")
        with open(src, "w") as f:
            f.write(TINY_TU)
        cmd = [args.clang, "-O2", "-c", src, "-o", os.devnull]
        cpu_d, wall_d = [], []
        for _ in range(args.load_runs):
            t = {}
            order = ["plain", "loaded"]
            random.shuffle(order)
            for c in order:
                u, w, sy = run_timed(cmd + CONFIGS[c], args.cpu)
                t[c] = (u + sy, w)
            cpu_d.append(1e3 * (t["loaded"][0] - t["plain"][0]))
            wall_d.append(1e3 * (t["loaded"][1] - t["plain"][1]))
    return cpu_d, wall_d


def decompose(set_name, cmds, args, e2e_plain):
    """The plugin's cost as parts each measured tightly (docs/plugin.md
    "Measuring the cost"): loading it, its pass without remark flags, its
    pass with -Rpass=uarch (clang's printing of the remarks included: the
    pass emits them synchronously), and the other passes whose time
    changes; the sum as a share of the plain compile. Returns a dict."""
    n = len(cmds)
    cpu_d, wall_d = load_cost(args)
    lc, lcl, lch, level = median_ci(cpu_d)
    lw, lwl, lwh, _ = median_ci(wall_d)
    # Time reports of the four configurations, interleaved per round, and
    # in each round a plain compile without -ftime-report: the share's
    # denominator comes from the same minutes as its pass timer (the host's
    # speed drifts by up to ~17 % between phases of a run), and without the
    # timers' own overhead, which slows the plain compile by 5-20 % here.
    reports = {c: [] for c in CONFIGS}
    round_plain_cpu = []
    for r in range(args.time_report_runs):
        order = list(CONFIGS) + ["plain without timers"]
        random.shuffle(order)
        for c in order:
            if c in CONFIGS:
                reports[c].append(time_report_run(cmds, args.cpu, CONFIGS[c]))
                continue
            cpu_s = 0.0
            for cmd in cmds:
                u, _, sy = run_timed(cmd, args.cpu)
                cpu_s += u + sy
            round_plain_cpu.append(cpu_s)
        sys.stderr.write("\r%s: time-report round %d/%d" %
                         (set_name, r + 1, args.time_report_runs))
    sys.stderr.write("\n")
    loaded_pass = [1e3 * ours(r) for r in reports["loaded"]]
    remarks_pass = [1e3 * ours(r) for r in reports["remarks"]]
    plain_total = [compile_total(r) for r in reports["plain"]]
    med = {c: medians(reports[c]) for c in CONFIGS}

    def speed_ratio(config, base):
        # How much slower the machine ran config's rounds than base's: the
        # median ratio over the passes of 50 ms or more. On a shared VM the
        # whole compile drifts by several percent between runs; a pass is
        # changed by the plugin when it moves beyond that drift.
        ratios = [med[config][k][0] / a for k, (a, _) in med[base].items()
                  if is_other_pass(k) and a >= 0.05 and k in med[config]]
        return statistics.median(ratios) if ratios else 1.0

    def others(config, base):
        # Passes whose median changes by >= 5 ms and 5 % beyond the drift.
        out = []
        scale = speed_ratio(config, base)
        for k in set(med[config]) | set(med[base]):
            if not is_other_pass(k):
                continue
            a = scale * med[base].get(k, (0.0, 0.0))[0]
            b = med[config].get(k, (0.0, 0.0))[0]
            if abs(b - a) >= max(0.005, 0.05 * a):
                out.append((1e3 * (b - a), k))
        return sorted(out, reverse=True)

    other_plain = others("remarks", "plain")
    other_flag = others("remarks", "flag")
    flag_only = others("flag", "plain")
    lp = median_ci(loaded_pass)
    rp = median_ci(remarks_pass)
    # The plain compile's CPU time: the end-to-end median when measured,
    # else the time reports' total (which leaves out process start-up).
    if e2e_plain:
        base_ms, base_what = 1e3 * statistics.median(e2e_plain), \
            "median user+system CPU of the plain end-to-end runs"
    else:
        base_ms, base_what = 1e3 * statistics.median(plain_total), \
            "median -ftime-report total of the plain runs"
    load_ms = n * lc
    quiet_sum = load_ms + lp[0]
    loud_sum = load_ms + rp[0] + sum(d for d, _ in other_flag)
    # The headline: per round, the plugin's cost (load + pass timers) over
    # that round's plain compile; the median of the rounds with its
    # interval. Rounds pair a numerator and a denominator measured minutes
    # apart at most, so a drift of the host between rounds cancels.
    round_share = [100 * (load_ms + p) / (1e3 * b)
                   for p, b in zip(remarks_pass, round_plain_cpu)]
    round_quiet = [100 * (load_ms + p) / (1e3 * b)
                   for p, b in zip(loaded_pass, round_plain_cpu)]
    # The same with the change of the passes that share the pre-LSR pass's
    # SCEV (remarks minus flag, both of the same round): what the compile
    # spends in that loop pass manager, ours included, more than without
    # the plugin.
    shared_delta = [1e3 * (shared_scev_passes(a) - shared_scev_passes(b))
                    for a, b in zip(reports["remarks"], reports["flag"])]
    round_net = [100 * (load_ms + p + d) / (1e3 * b) for p, d, b in
                 zip(remarks_pass, shared_delta, round_plain_cpu)]
    rs, rsl, rsh, rlevel = median_ci(round_share)
    sd = median_ci(shared_delta)
    ns, nsl, nsh, _ = median_ci(round_net)
    qs, qsl, qsh, _ = median_ci(round_quiet)
    print("  decomposition (%s; %d tiny-TU pairs, %d time-report rounds):" %
          (set_name, args.load_runs, args.time_report_runs))
    print("    load the plugin       %7.1f ms per compile [%.1f, %.1f] CPU, "
          "wall %.1f [%.1f, %.1f] (%.1f %% interval), x %d compile%s" %
          (lc, lcl, lch, lw, lwl, lwh, 100 * level, n, "" if n == 1 else "s"))
    print("    pass, no remark flag  %7.1f ms [%.1f, %.1f] (pass timer)" % lp[:3])
    print("    pass, -Rpass=uarch    %7.1f ms [%.1f, %.1f] (pass timer; clang "
          "prints the remarks inside it)" % rp[:3])
    print("    other passes changed, remarks vs flag: %+.1f ms %s (rounds' "
          "speed ratio %.3f, taken out)" %
          (sum(d for d, _ in other_flag),
           ", ".join("%s %+.1f" % (k[1], d) for d, k in other_flag[:6]) or "(none)",
           speed_ratio("remarks", "flag")))
    print("    clang's own -Rpass cost, flag vs plain (not the plugin's): "
          "%+.1f ms %s" % (sum(d for d, _ in flag_only),
                           ", ".join("%s %+.1f" % (k[1], d)
                                     for d, k in flag_only[:6]) or "(none)"))
    print("    plain compile %.1f ms (%s)" % (base_ms, base_what))
    print("    plugin loaded, no remark flag: %.1f ms = %.2f %%" %
          (quiet_sum, 100 * quiet_sum / base_ms))
    tight = load_ms + rp[0]
    print("    plugin with -Rpass=uarch:      %.1f ms = %.2f %% (load + pass); "
          "with the other passes' changes %.1f ms = %.2f %% (those are "
          "differences of whole passes between a few rounds: noisier)" %
          (tight, 100 * tight / base_ms, loud_sum, 100 * loud_sum / base_ms))
    print("    per round, over the same round's plain compile (%d rounds, "
          "plain %.1f s median): -Rpass=uarch load + pass %.2f %% [%.2f, "
          "%.2f]; no remark flag %.3f %% [%.3f, %.3f] (%.1f %% interval)" %
          (len(round_share), statistics.median(round_plain_cpu), rs, rsl, rsh,
           qs, qsl, qsh, 100 * rlevel))
    print("    passes sharing the pre-LSR pass's SCEV (%s), remarks - flag of "
          "the same round: %+.1f ms [%+.1f, %+.1f]; per round, load + pass + "
          "that change: %.2f %% [%.2f, %.2f]" %
          (", ".join(SHARED_SCEV_PASSES), sd[0], sd[1], sd[2], ns, nsl, nsh))
    return med, {"load_cpu_ms": cpu_d, "load_wall_ms": wall_d,
            "loaded_pass_ms": loaded_pass, "remarks_pass_ms": remarks_pass,
            "other_passes_vs_flag_ms": [(d, "|".join(k)) for d, k in other_flag],
            "other_passes_vs_plain_ms": [(d, "|".join(k)) for d, k in other_plain],
            "flag_vs_plain_ms": [(d, "|".join(k)) for d, k in flag_only],
            "plain_ms": base_ms, "quiet_ms": quiet_sum, "remarks_ms": loud_sum,
            "quiet_share": quiet_sum / base_ms, "remarks_share": loud_sum / base_ms,
            "remarks_load_and_pass_share": tight / base_ms,
            "round_plain_cpu_s": round_plain_cpu,
            "round_remarks_share_pct": round_share,
            "round_quiet_share_pct": round_quiet,
            "round_shared_scev_delta_ms": shared_delta,
            "round_remarks_net_share_pct": round_net}


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
                    help="interleaved end-to-end rounds per set (default 15; "
                         "0: the decomposition only)")
    ap.add_argument("--time-report-runs", type=int, default=3,
                    help="interleaved -ftime-report rounds of the four "
                         "configurations (default 3)")
    ap.add_argument("--load-runs", type=int, default=40,
                    help="pairs of tiny-TU compiles, without and with the "
                         "plugin, for its loading cost (default 40)")
    ap.add_argument("--sets", default="sqlite,polybench,cxx")
    ap.add_argument("--cpu", type=int, default=os.cpu_count() - 1,
                    help="CPU to pin the compiles to (taskset)")
    ap.add_argument("--cache", default="/tmp/loop-uarch-sqlite")
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--json", help="write the raw times here")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plugin", default=PLUGIN,
                    help="the plugin to measure (default: this tree's "
                         "build/lib/Passes/LoopUArch.so; e.g. a ThinLTO "
                         "build's, as scripts/setup.sh builds it)")
    args = ap.parse_args()
    if not os.path.exists(args.plugin):
        sys.exit("build the plugin first: " + args.plugin)
    plugin = os.path.abspath(args.plugin)
    for flags in CONFIGS.values():
        flags[:] = ["-fpass-plugin=" + plugin if f.startswith("-fpass-plugin=")
                    else f for f in flags]
    random.seed(args.seed)
    host = host_identity()
    print(host_line(host, args.cpu))
    print("plugin: %s" % plugin)
    raw = {"host": host, "date": time.strftime("%Y-%m-%d %H:%M:%S"),
           "plugin": plugin, "sets": {}}
    for set_name in args.sets.split(","):
        cmds = SETS[set_name](args)
        user = {c: [] for c in CONFIGS}
        wall = {c: [] for c in CONFIGS}
        system = {c: [] for c in CONFIGS}
        for r in range(args.runs):
            order = list(CONFIGS)
            random.shuffle(order)
            for c in order:
                u = w = sy = 0.0
                for cmd in cmds:
                    du, dw, ds = run_timed(cmd + CONFIGS[c], args.cpu)
                    u += du
                    w += dw
                    sy += ds
                user[c].append(u)
                wall[c].append(w)
                system[c].append(sy)
            sys.stderr.write("\r%s: round %d/%d" % (set_name, r + 1, args.runs))
        if args.runs:
            sys.stderr.write("\n")
        raw["sets"][set_name] = {"units": len(cmds), "user": user, "wall": wall,
                                 "system": system}
        print("\n%s (%d translation unit%s, -O2), %d interleaved rounds; "
              "medians [95%% interval]:" % (set_name, len(cmds),
                                            "" if len(cmds) == 1 else "s",
                                            args.runs))
        for c in CONFIGS if args.runs else []:
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

        # The decomposition, beside the end-to-end figures: parts that can
        # each be measured tightly on a noisy machine.
        plain_cpu = [u + sy for u, sy in zip(user["plain"], system["plain"])]
        med, parts = decompose(set_name, cmds, args, plain_cpu)
        raw["sets"][set_name]["decomposition"] = parts

        # Where the time goes: every pass whose time changes.
        changes = []
        for k in set(med["plain"]) | set(med["remarks"]):
            if k[1] == "Total":
                continue
            a = med["plain"].get(k, (0.0, 0.0))[0]
            b = med["remarks"].get(k, (0.0, 0.0))[0]
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
        total = compile_total(med["remarks"])
        if total:
            print("  LoopUArch pass: %.3f s of %.3f s compile (%.2f %%, pass timer)" %
                  (ours(med["remarks"]), total,
                   100 * ours(med["remarks"]) / total))
        loops, stages = uarch_stage_times(cmds, args.cpu)
        if loops:
            print("  -uarch-time-report: %d loops; ms in all (per loop):" % loops)
            for name, ms in stages.items():
                print("    %-22s %9.1f  (%.3f)" % (name, ms, ms / loops))
        raw["sets"][set_name]["time_report"] = {
            c: {"%s|%s" % k: v for k, v in med[c].items()} for c in CONFIGS}
        raw["sets"][set_name]["uarch_stages"] = {"loops": loops,
                                                 "ms": stages}
    finish(raw, args.json)


if __name__ == "__main__":
    main()
