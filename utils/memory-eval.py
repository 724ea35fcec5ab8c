#!/usr/bin/env python3
"""Memory evaluation: predictions beyond L1 against native timings.

Streaming kernels (utils/memory-kernels.c: copy, scale, add, triad, daxpy,
dot, sum, 2-D 5-point and 3-D 7-point stencils, a strided and a gather walk)
at working sets in L1, L2, L3 and DRAM, and the PolyBench/C 4.2.1 kernels
(../shared/bench/polybench-c-4.2.1) at MEDIUM and LARGE sizes.

Prediction (per kernel, in core cycles): the sum over the kernel's innermost
loops of iterations x cycles per iteration, from the clang plugin's remarks
(YAML). Iterations: SCEV's count per run of the loop's nest. For PolyBench
a sampled run of the measured binary (the program counter every 50 us
between the kernel's timer start and stop) says which loops run: a loop
behind runtime alias checks has a vector and a scalar version and which
one runs is decided at run time (floyd-warshall always takes the scalar
one); loops are matched to the binary's by their instruction sequence.
PolyBench is built with -fno-unroll-loops (a fully unrolled inner loop
leaves its work in a loop that is not innermost, which the plugin does not
analyse). Cycles:
  * memory: MemoryCycles, Cape's maximum at the level that applies; where
            the core bounds it and the plugin simulated entries of SCEV's
            short trip count (<= 64, chains restarting each entry),
            TripCountCycles (entries overlap: doitgen's 60-iteration chain);
  * ecm:    MemoryECM, the ECM-style sum at that level;
  * l1:     Cycles, the uop flow simulation with every access an L1 hit;
  * mca:    llvm-mca-22's cycles per iteration of the same loop bodies.
Loops without an iteration count contribute nothing (counted).

Measurement: the kernel built with the same flags (without the plugin,
which does not change code), pinned with taskset; streaming kernels time
kernel() calls (median of 9 batches), PolyBench its kernel with
-DPOLYBENCH_TIME -DPOLYBENCH_NO_FLUSH_CACHE (the arrays stay where their
initialisation left them, as the model assumes), the fastest of --runs
runs. Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID: a shared
machine's other processes do not count, their cache pollution does; the
PolyBench timer is replaced for that), and become cycles with the core
clock a dependent add chain measures the same way (one cycle per add on
every x86-64 core).

Usage:
  python3 utils/memory-eval.py                      # everything, ~30 min
  python3 utils/memory-eval.py --suite stream --levels L1,L2
  python3 utils/memory-eval.py --report             # summary of the CSV
  python3 utils/memory-eval.py --report --errors    # and every case's error
  python3 utils/memory-eval.py --rescore            # re-predict, keep timings
Writes eval/memory/<mcpu>-running.json too: which loops the sampled runs
found running (--rescore reuses it; it samples again, niced and untimed,
for a case without a record or whose loops changed).
Writes eval/memory/<mcpu>-loops.csv (host identity in the header lines).
"""
import argparse
import csv
import datetime
import glob
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from luarch_stats import kendall_tau

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")
PLUGIN = os.path.join(ROOT, "build", "lib", "Passes", "LoopUArch.so")
POLYBENCH = os.path.normpath(os.path.join(ROOT, "..", "shared", "bench",
                                          "polybench-c-4.2.1"))
KERNELS_C = os.path.join(HERE, "memory-kernels.c")
# Compiles run niced (the machine is shared); timed runs do not.
CLANG = "clang-22"
NICE = ["nice", "-n", "19"]
MCA = "llvm-mca-22"

STREAM_KERNELS = ["copy", "scale", "add", "triad", "daxpy", "dot", "sum",
                  "stencil5", "stencil7", "strided", "gather"]
# Working sets well inside each level of the host (32 KiB L1, 1 MiB L2,
# 32 MiB L3 on the Zen 4 host; the L3 of a shared VM holds less, so 4 MiB).
STREAM_LEVELS = {"L1": 16 << 10, "L2": 256 << 10, "L3": 4 << 20,
                 "DRAM": 256 << 20}
# Reassociation lets dot and sum vectorise, as a user would ask for;
# -fno-builtin: copy must stay a loop, not become memcpy; no unrolling, as
# for PolyBench (below).
STREAM_FLAGS = ["-O2", "-fno-unroll-loops", "-fno-builtin", "-fno-math-errno",
                "-fassociative-math", "-fno-signed-zeros",
                "-fno-trapping-math"]
# No unrolling: a fully unrolled inner loop leaves the work in a loop that
# is not innermost (PolyBench's vectorised loops behind runtime alias checks
# are), which the plugin does not analyse.
POLY_FLAGS = ["-O2", "-fno-unroll-loops"]


def run(cmd, timeout=None, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                          **kw)


def host_identity():
    out = run([TOOL, "-mcpu=native", "--describe-cpu"]).stdout
    m = re.search(r"\[(.*)\]", out.splitlines()[0]) if out else None
    return m.group(1) if m else "unknown host"


# --- Prediction ------------------------------------------------------------

def parse_yaml_remarks(path):
    """The LoopThroughput and LoopDetails remarks, in order: a list of
    dicts with the remark's name, location and arguments (strings kept in
    order under 'text')."""
    remarks, cur = [], None
    with open(path) as f:
        text = f.read()
    # Long file names wrap a DebugLoc over two lines.
    text = re.sub(r"(DebugLoc:\s+\{[^}\n]*)\n\s+", r"\1 ", text)
    if True:
        for line in text.splitlines(True):
            if line.startswith("--- !"):
                cur = {"kind": line[5:].strip(), "args": {}, "text": []}
                remarks.append(cur)
                continue
            if cur is None:
                continue
            m = re.match(r"Name:\s+(\S+)", line)
            if m:
                cur["name"] = m.group(1)
            m = re.match(r"DebugLoc:\s+\{ File: '?([^',]+)'?,\s*Line: (\d+),"
                         r"\s*Column: (\d+)", line)
            if m:
                cur["file"], cur["line"] = m.group(1), int(m.group(2))
                cur["col"] = int(m.group(3))
            m = re.match(r"\s+- (\w+):\s+(.*)$", line)
            if m:
                key, val = m.group(1), m.group(2).strip()
                if val.startswith("'") and val.endswith("'"):
                    val = val[1:-1].replace("''", "'")
                if key == "String":
                    cur["text"].append(val)
                else:
                    cur["args"][key] = val
    return [r for r in remarks if r.get("name") in ("LoopThroughput",
                                                    "LoopDetails")]


def loop_bodies(details):
    """Instruction texts of a LoopDetails remark (-uarch-verbose)."""
    # Each instruction follows a "\n  " string piece.
    body, text = [], details["text"]
    for i, piece in enumerate(text[:-1]):
        if piece == '"\\n  "':
            body.append(text[i + 1].strip('"'))
    return body


def mca_cycles(body, mcpu, tmp):
    """llvm-mca-22's cycles per iteration of a loop body (1000 iterations)."""
    if not body:
        return None
    path = os.path.join(tmp, "mca.s")
    with open(path, "w") as f:
        f.write("\n".join(body) + "\n")
    r = run(NICE + [MCA, "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=" + mcpu,
             "-iterations=1000", path])
    m = re.search(r"Total Cycles:\s+(\d+)", r.stdout)
    return int(m.group(1)) / 1000 if m else None


def predict(src, flags, defines, line_range, mcpu, tmp):
    """The kernel's loops as the plugin predicts them."""
    yaml = os.path.join(tmp, "remarks.yaml")
    cmd = NICE + [CLANG] + flags + ["-march=" + mcpu, "-g"] + defines + [
        "-fpass-plugin=" + PLUGIN, "-mllvm", "-uarch-mcpu=" + mcpu,
        "-mllvm", "-uarch-verbose", "-Rpass-analysis=uarch",
        "-fsave-optimization-record", "-foptimization-record-file=" + yaml,
        "-c", src, "-o", os.path.join(tmp, "x.o")]
    r = run(cmd)
    if r.returncode:
        raise RuntimeError(r.stderr[-2000:])
    remarks = parse_yaml_remarks(yaml)
    loops = []
    for i, rem in enumerate(remarks):
        if rem["name"] != "LoopThroughput":
            continue
        if not (line_range[0] <= rem.get("line", 0) <= line_range[1]):
            continue
        details = remarks[i + 1] if i + 1 < len(remarks) and \
            remarks[i + 1]["name"] == "LoopDetails" else None
        a = rem["args"]
        loops.append({
            "line": rem["line"],
            "cycles": float(a["Cycles"]),
            "memory": float(a["MemoryCycles"]) if "MemoryCycles" in a
            else None,
            "ecm": float(a["MemoryECM"]) if "MemoryECM" in a else None,
            "level": a.get("MemoryLevel", ""),
            "verdict": a.get("MemoryVerdict", ""),
            "ws": float(a["WorkingSet"]) if "WorkingSet" in a else None,
            "iterations": float(a["Iterations"]) if "Iterations" in a
            else None,
            # The plugin's simulation of entries of SCEV's trip count
            # (<= 64) with chains restarting each entry.
            "trip": float(a["TripCountCycles"]) if "TripCountCycles" in a
            else None,
            "body": loop_bodies(details) if details else [],
            "mca": mca_cycles(loop_bodies(details), mcpu, tmp)
            if details else None,
        })
    return loops


def totals(loops, sampled):
    """Predicted cycles per kernel run, and which level dominates. Each
    loop's iterations are SCEV's count per run of its nest (the kernel runs
    each nest once). Sampled: only the loops the sampled run found running
    count (a loop never sampled while another version of it was did not
    run)."""
    known = []
    for l in loops:
        if sampled and not l.get("running", True):
            continue
        if l["iterations"] is not None:
            l["n"] = l["iterations"]
            known.append(l)
    loops[:] = [l for l in loops if not sampled or l.get("running", True)]
    t = {"memory": 0.0, "ecm": 0.0, "l1": 0.0, "mca": 0.0}
    for l in known:
        n = l["n"]
        mem = l["memory"] if l["memory"] is not None else l["cycles"]
        ecm = l["ecm"] if l["ecm"] is not None else mem
        # A short loop entered again and again (doitgen's 60-iteration
        # FMA chain, restarting at each entry) overlaps its entries: the
        # plugin's per-entry simulation, where the core bounds the loop
        # at its level (a memory node above the core keeps its figure).
        # The L1-only column stays the steady state.
        if l.get("trip") is not None and mem <= l["cycles"] + 1e-9:
            mem = l["trip"]
        t["memory"] += n * mem
        t["ecm"] += n * ecm
        t["l1"] += n * l["cycles"]
        t["mca"] += n * (l["mca"] if l["mca"] is not None else l["cycles"])
    dom = max(known, key=lambda l: l["n"] * (l["memory"] or l["cycles"]),
              default=None)
    return t, dom, len(known), len(loops)


def binary_loops(binary):
    """Innermost loops of an executable: (start, end, mnemonics), from
    llvm-objdump-22 (a branch back to an earlier address is a loop; a loop
    containing another is not innermost)."""
    out = run(NICE + ["llvm-objdump-22", "-d", "--no-show-raw-insn",
                      binary]).stdout
    insns = []
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            insns.append((int(m.group(1), 16), m.group(2), m.group(3)))
    ranges = {}
    for addr, mnem, ops in insns:
        if mnem.startswith("j"):
            t = re.match(r"0x([0-9a-f]+)", ops.strip())
            if t and int(t.group(1), 16) <= addr:
                tgt = int(t.group(1), 16)
                ranges[tgt] = max(ranges.get(tgt, addr), addr)
    loops = []
    for start, end in ranges.items():
        if any(s2 >= start and e2 <= end and (s2, e2) != (start, end)
               for s2, e2 in ranges.items()):
            continue
        loops.append((start, end, [m for a, m, _ in insns
                                   if start <= a <= end]))
    return sorted(loops)


def norm(mnemonic):
    """Mnemonics as both printers agree on them: the plugin sees EVEX forms
    (vmovdqu64) that a later pass compresses to VEX (vmovdqu)."""
    return re.sub(r"(32|64)$", "", mnemonic) if mnemonic.startswith("v") \
        else mnemonic


def mark_running(loops, binary, samples):
    """Sets each predicted loop's 'running' (and 'samples') from the sampled
    run: the binary loop with the same instruction sequence, in order."""
    counts = {}
    if os.path.exists(samples):
        for line in open(samples):
            a = int(line, 16)
            counts[a] = counts.get(a, 0) + 1
    total = sum(counts.values())
    bins = binary_loops(binary)
    used = set()
    for l in loops:
        l["running"], l["samples"] = True, None
        body = [norm(t.split()[0]) for t in l.get("body", []) if t.strip()]
        for i, (start, end, mnems) in enumerate(bins):
            if i in used or len(mnems) != len(body) or sum(
                    norm(a) == b for a, b in zip(mnems, body)) < 0.75 * len(
                        body):
                continue
            used.add(i)
            n = sum(c for a, c in counts.items() if start <= a <= end)
            l["samples"] = n
            # Below half a percent of the kernel's samples: not running.
            l["running"] = total == 0 or n >= max(1, 0.005 * total)
            break


# --- Measurement -----------------------------------------------------------

def build(src, flags, defines, mcpu, out, extra=()):
    r = run(NICE + [CLANG] + flags + ["-march=" + mcpu] + defines + [src] +
            list(extra) + ["-o", out, "-lm"])
    if r.returncode:
        raise RuntimeError(r.stderr[-2000:])


def core_hz(calib):
    r = run(["taskset", "-c", "1", calib])
    return float(re.search(r"core_hz (\S+)", r.stdout).group(1))


def measure_stream(binary):
    r = run(["taskset", "-c", "1", binary], timeout=600)
    m = re.search(r"core_hz (\S+) seconds_per_call (\S+) min (\S+) max (\S+)",
                  r.stdout)
    hz, sec, lo, hi = (float(m.group(i)) for i in range(1, 5))
    return sec * hz, (hi - lo) / sec if sec else 0, hz


def measure_polybench(binary, calib, runs, timeout):
    times = []
    for _ in range(runs):
        r = run(["taskset", "-c", "1", binary], timeout=timeout)
        times.append(float(r.stdout.strip().splitlines()[-1]))
    hz = core_hz(calib)
    best = min(times)
    spread = (max(times) - best) / best if best else 0
    return best * hz, spread, hz


# --- Cases -----------------------------------------------------------------

def marker_lines(path, begin, end):
    lines = open(path).read().splitlines()
    b = next(i for i, l in enumerate(lines, 1) if begin in l)
    e = next(i for i, l in enumerate(lines, 1) if end in l and i > b)
    return b, e


def stream_cases(levels):
    for k in STREAM_KERNELS:
        for level in levels:
            ws = STREAM_LEVELS[level]
            d = ["-DKERNEL_" + k, "-DWS_BYTES=%d" % ws]
            if k == "stencil5":
                d.append("-DDIM=%d" % round(math.sqrt(ws / 16)))
            if k == "stencil7":
                d.append("-DDIM=%d" % round((ws / 16) ** (1 / 3)))
            yield {"suite": "stream", "kernel": k, "size": level, "defines": d}


# PolyBench's timer on the thread's CPU time (polybench.c's own is
# renamed away when it is compiled), and a sampler of the kernel's program
# counter: with LUARCH_SAMPLES set, a 50-microsecond timer records where the
# kernel runs (between timer start and stop) and the addresses are written
# to that file, one per line.
TIMER_C = r"""
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <ucontext.h>
static double T0, T1;
static double cpu(void) {
  struct timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec + 1e-9 * T.tv_nsec;
}
#define MAX_SAMPLES (1 << 22)
static unsigned long *Samples;
static volatile long NSamples;
static timer_t Timer;
static void onSample(int Sig, siginfo_t *SI, void *Ctx) {
  ucontext_t *U = (ucontext_t *)Ctx;
  if (NSamples < MAX_SAMPLES)
    Samples[NSamples++] = U->uc_mcontext.gregs[REG_RIP];
}
void polybench_timer_start(void) {
  if (getenv("LUARCH_SAMPLES")) {
    Samples = malloc(sizeof(unsigned long) * MAX_SAMPLES);
    struct sigaction SA = {0};
    SA.sa_sigaction = onSample;
    SA.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGPROF, &SA, 0);
    struct sigevent EV = {0};
    EV.sigev_notify = SIGEV_SIGNAL;
    EV.sigev_signo = SIGPROF;
    timer_create(CLOCK_MONOTONIC, &EV, &Timer);
    struct itimerspec IT = {{0, 50000}, {0, 50000}};
    timer_settime(Timer, 0, &IT, 0);
  }
  T0 = cpu();
}
void polybench_timer_stop(void) {
  T1 = cpu();
  if (Samples) {
    struct itimerspec Off = {{0, 0}, {0, 0}};
    timer_settime(Timer, 0, &Off, 0);
    FILE *F = fopen(getenv("LUARCH_SAMPLES"), "w");
    for (long I = 0; I < NSamples; ++I)
      fprintf(F, "%lx\n", Samples[I]);
    fclose(F);
  }
}
void polybench_timer_print(void) { printf("%0.9f\n", T1 - T0); }
"""
TIMER_RENAMES = ["-Dpolybench_timer_%s=polybench_wallclock_%s" % (n, n)
                 for n in ("start", "stop", "print")]


def polybench_cases(sizes):
    lst = os.path.join(POLYBENCH, "utilities", "benchmark_list")
    for rel in open(lst).read().split():
        src = os.path.normpath(os.path.join(POLYBENCH, rel))
        name = os.path.basename(src)[:-2]
        for size in sizes:
            yield {"suite": "polybench", "kernel": name, "size": size,
                   "src": src,
                   "defines": ["-D%s_DATASET" % size, "-DPOLYBENCH_TIME",
                               "-DPOLYBENCH_NO_FLUSH_CACHE",
                               "-I" + os.path.join(POLYBENCH, "utilities"),
                               "-I" + os.path.dirname(src)]}


FIELDS = ["suite", "kernel", "size", "level", "working_set", "loops",
          "loops_predicted", "measured_cycles", "spread", "core_ghz",
          "memory_cycles", "ecm_cycles", "l1_cycles", "mca_cycles",
          "verdict"]


def case_key(case):
    return "%s/%s/%s" % (case["suite"], case["kernel"], case["size"])


def sample_running(loops, binary, tmp, timeout, taskset):
    """Marks which of \p loops run, from one sampled run of \p binary
    (untimed: niced when only rescoring, so that it disturbs no timing)."""
    samples = os.path.join(tmp, "samples.txt")
    if os.path.exists(samples):
        os.remove(samples)
    cmd = (["taskset", "-c", "1"] if taskset else NICE) + [binary]
    run(cmd, timeout=timeout, env=dict(os.environ, LUARCH_SAMPLES=samples))
    mark_running(loops, binary, samples)


def running_record(loops):
    """What the sampled run found, per predicted loop in remark order: its
    line, its first mnemonics (to check the match when re-predicting) and
    whether it ran."""
    return [{"line": l["line"], "head": mnemonics(l)[:8],
             "running": bool(l.get("running", True)),
             "samples": l.get("samples")} for l in loops]


def mnemonics(loop):
    return [norm(t.split()[0]) for t in loop.get("body", []) if t.strip()]


def apply_running(loops, record):
    """Sets 'running' from a stored record; False when the loops no longer
    match it (the code changed: sample again)."""
    if len(record) != len(loops):
        return False
    for l, r in zip(loops, record):
        if l["line"] != r["line"] or mnemonics(l)[:8] != r["head"]:
            return False
    for l, r in zip(loops, record):
        l["running"], l["samples"] = r["running"], r.get("samples")
    return True


def polybench_binary(case, mcpu, tmp, flags):
    """The measured PolyBench binary: the CPU-time timer and sampler
    linked in, not position-independent (sampled addresses are objdump's)."""
    binary = os.path.join(tmp, "bench")
    objs = []
    timer = os.path.join(tmp, "timer.c")
    with open(timer, "w") as f:
        f.write(TIMER_C)
    for i, (c, d) in enumerate([
            (os.path.join(POLYBENCH, "utilities", "polybench.c"),
             case["defines"] + TIMER_RENAMES), (timer, [])]):
        o = os.path.join(tmp, "pb%d.o" % i)
        r = run(NICE + [CLANG] + flags + ["-march=" + mcpu] + d +
                ["-c", c, "-o", o])
        if r.returncode:
            raise RuntimeError(r.stderr[-2000:])
        objs.append(o)
    build(case["src"], flags + ["-g"], case["defines"], mcpu, binary,
          extra=objs + ["-no-pie"])
    return binary


def prediction_columns(loops, sampled):
    t, dom, known, total = totals(loops, sampled=sampled)
    ws = max((l["ws"] or 0 for l in loops), default=0)
    return {"level": dom["level"] if dom else "",
            "working_set": int(ws), "loops": total, "loops_predicted": known,
            "memory_cycles": "%.0f" % t["memory"],
            "ecm_cycles": "%.0f" % t["ecm"], "l1_cycles": "%.0f" % t["l1"],
            "mca_cycles": "%.0f" % t["mca"],
            "verdict": dom["verdict"] if dom else ""}


def rescore(case, row, mcpu, tmp, timeout, running_cache):
    """The row with its predictions rebuilt by the current plugin; the
    measured columns kept. PolyBench's running loops come from the stored
    record of the sampled run (eval/memory/<mcpu>-running.json), or from a
    new niced sampled run when there is none or the loops changed."""
    if case["suite"] == "stream":
        rng = marker_lines(KERNELS_C, "KERNEL-BEGIN", "KERNEL-END")
        loops = predict(KERNELS_C, STREAM_FLAGS, case["defines"], rng, mcpu,
                        tmp)
        sampled = False
    else:
        rng = marker_lines(case["src"], "#pragma scop", "#pragma endscop")
        loops = predict(case["src"], POLY_FLAGS, case["defines"], rng, mcpu,
                        tmp)
        rec = running_cache.get(case_key(case))
        if rec is None or not apply_running(loops, rec):
            binary = polybench_binary(case, mcpu, tmp, POLY_FLAGS)
            sample_running(loops, binary, tmp, timeout, taskset=False)
            running_cache[case_key(case)] = running_record(loops)
        sampled = True
    out = dict(row)
    out.update(prediction_columns(loops, sampled))
    return out


def evaluate(case, mcpu, tmp, calib, runs, timeout, running_cache=None):
    if case["suite"] == "stream":
        src, flags = KERNELS_C, STREAM_FLAGS
        rng = marker_lines(src, "KERNEL-BEGIN", "KERNEL-END")
    else:
        src, flags = case["src"], POLY_FLAGS
        rng = marker_lines(src, "#pragma scop", "#pragma endscop")
    binary = os.path.join(tmp, "bench")
    if case["suite"] == "stream":
        loops = predict(src, flags, case["defines"], rng, mcpu, tmp)
        build(src, flags, case["defines"], mcpu, binary)
        cycles, spread, hz = measure_stream(binary)
    else:
        binary = polybench_binary(case, mcpu, tmp, flags)
        loops = predict(src, flags, case["defines"], rng, mcpu, tmp)
        # Which loops run: a sampled run (a loop behind runtime alias checks
        # has a vector and a scalar version; which one runs is decided at
        # run time, e.g. always the scalar one in floyd-warshall).
        sample_running(loops, binary, tmp, timeout, taskset=True)
        if running_cache is not None:
            running_cache[case_key(case)] = running_record(loops)
        cycles, spread, hz = measure_polybench(binary, calib, runs, timeout)
    row = {"suite": case["suite"], "kernel": case["kernel"],
           "size": case["size"], "measured_cycles": "%.0f" % cycles,
           "spread": "%.3f" % spread, "core_ghz": "%.3f" % (hz / 1e9)}
    row.update(prediction_columns(loops, case["suite"] != "stream"))
    return row


# --- Scores ----------------------------------------------------------------



def scores(rows):
    out = {}
    meas = [float(r["measured_cycles"]) for r in rows]
    for key in ("memory", "ecm", "l1", "mca"):
        pred = [float(r[key + "_cycles"]) for r in rows]
        ape = [abs(p - m) / m for p, m in zip(pred, meas) if m > 0]
        out[key] = (100 * statistics.mean(ape) if ape else float("nan"),
                    kendall_tau(pred, meas) if len(rows) > 1
                    else float("nan"))
    return out


def report(rows):
    usable = [r for r in rows if int(r["loops_predicted"]) > 0 and
              float(r["memory_cycles"]) > 0 and
              int(r["loops_predicted"]) == int(r["loops"])]
    print("%d cases, %d with every kernel loop predicted" %
          (len(rows), len(usable)))
    groups = [("all", usable)]
    for suite in ("stream", "polybench"):
        groups.append((suite, [r for r in usable if r["suite"] == suite]))
    for level in ("L1d", "L2", "L3", "DRAM"):
        groups.append(("data in " + level,
                       [r for r in usable if r["level"] == level]))
    print("| cases | n | memory MAPE | tau | ECM MAPE | tau | L1-only MAPE "
          "| tau | llvm-mca MAPE | tau |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, rs in groups:
        if not rs:
            continue
        s = scores(rs)
        print("| %s | %d | %s |" % (name, len(rs), " | ".join(
            "%.1f%% | %.3f" % s[k] for k in ("memory", "ecm", "l1", "mca"))))


def errors(rows):
    """Per case, worst first: the memory prediction's signed error, the
    L1-only one, the level and verdict of the dominant loop."""
    out = []
    for r in rows:
        m, p = float(r["measured_cycles"]), float(r["memory_cycles"])
        if m <= 0 or p <= 0:
            continue
        out.append((p / m - 1, float(r["l1_cycles"]) / m - 1, r))
    out.sort(key=lambda x: -abs(x[0]))
    print("| case | level | working set | memory | L1-only | verdict |")
    print("|---|---|---|---|---|---|")
    for e, e1, r in out:
        print("| %s %s %s | %s | %.1f MiB | %+.1f%% | %+.1f%% | %s |" % (
            r["suite"], r["kernel"], r["size"], r["level"],
            int(r["working_set"]) / 2**20, 100 * e, 100 * e1, r["verdict"]))


def read_csv(path):
    header = [l for l in open(path) if l.startswith("#")]
    rows = [r for r in csv.DictReader(
        l for l in open(path) if not l.startswith("#"))]
    return header, rows


def write_csv(path, header, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        f.writelines(header)
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)


def git_head():
    r = run(["git", "-C", ROOT, "describe", "--always", "--dirty"])
    return r.stdout.strip() or "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mcpu", default="znver4")
    ap.add_argument("--suite", default="stream,polybench")
    ap.add_argument("--levels", default="L1,L2,L3,DRAM")
    ap.add_argument("--sizes", default="MEDIUM,LARGE")
    ap.add_argument("--kernels", default="", help="only these (comma list)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--out", default="")
    ap.add_argument("--report", action="store_true",
                    help="only summarise an existing CSV")
    ap.add_argument("--errors", action="store_true",
                    help="with --report: every case's error, worst first")
    ap.add_argument("--rescore", action="store_true",
                    help="re-predict the CSV's cases with the current "
                    "plugin, keep the measured columns (minutes, no timing)")
    args = ap.parse_args()
    out = args.out or os.path.join(ROOT, "eval", "memory",
                                   args.mcpu + "-loops.csv")
    running_path = re.sub(r"-loops\.csv$", "", out) + "-running.json"
    if args.report:
        header, rows = read_csv(out)
        report(rows)
        if args.errors:
            errors(rows)
        return
    running_cache = {}
    if os.path.exists(running_path):
        with open(running_path) as f:
            running_cache = json.load(f)
    if args.rescore:
        header, rows = read_csv(out)
        by_key = {}
        for c in list(stream_cases(list(STREAM_LEVELS))) + list(
                polybench_cases(["MINI", "SMALL", "MEDIUM", "LARGE",
                                 "EXTRALARGE"])):
            by_key[case_key(c)] = c
        only = set(args.kernels.split(",")) if args.kernels else None
        tmp = tempfile.mkdtemp(prefix="luarch-memeval-")
        new_rows = []
        for r in rows:
            c = by_key.get(case_key(r))
            if c is None or (only and r["kernel"] not in only):
                new_rows.append(r)
                continue
            try:
                r2 = rescore(c, r, args.mcpu, tmp, args.timeout, running_cache)
            except (RuntimeError, subprocess.TimeoutExpired, AttributeError,
                    ValueError, IndexError) as e:
                print("%s: not rescored (%s)" % (case_key(c), str(e)[:200]),
                      file=sys.stderr)
                r2 = r
            new_rows.append(r2)
            print("%-32s measured %12s  memory %12s (was %12s)  %s %s" % (
                case_key(c), r2["measured_cycles"], r2["memory_cycles"],
                r["memory_cycles"], r2["level"], r2["verdict"]),
                file=sys.stderr, flush=True)
        shutil.rmtree(tmp, ignore_errors=True)
        header = [h for h in header if not h.startswith("# predictions:")]
        header.append("# predictions: rescored %s with %s (python3 "
                      "utils/memory-eval.py --rescore); measured columns "
                      "as measured\n" % (
                          datetime.datetime.now(datetime.timezone.utc)
                          .strftime("%Y-%m-%dT%H:%M:%SZ"), git_head()))
        write_csv(out, header, new_rows)
        with open(running_path, "w") as f:
            json.dump(running_cache, f, indent=1, sort_keys=True)
            f.write("\n")
        report(new_rows)
        return
    suites = args.suite.split(",")
    cases = []
    if "stream" in suites:
        cases += list(stream_cases(args.levels.split(",")))
    if "polybench" in suites:
        cases += list(polybench_cases(args.sizes.split(",")))
    if args.kernels:
        only = set(args.kernels.split(","))
        cases = [c for c in cases if c["kernel"] in only]
    tmp = tempfile.mkdtemp(prefix="luarch-memeval-")
    calib = os.path.join(tmp, "calib")
    build(KERNELS_C, STREAM_FLAGS, ["-DKERNEL_sum", "-DWS_BYTES=4096"],
          args.mcpu, calib)
    rows = []
    started = datetime.datetime.now(datetime.timezone.utc)
    for c in cases:
        try:
            row = evaluate(c, args.mcpu, tmp, calib, args.runs, args.timeout,
                           running_cache)
        except (RuntimeError, subprocess.TimeoutExpired, AttributeError,
                ValueError, IndexError) as e:
            print("%s %s %s: skipped (%s)" % (c["suite"], c["kernel"],
                                              c["size"], str(e)[:200]),
                  file=sys.stderr)
            continue
        rows.append(row)
        print("%-9s %-14s %-6s %-4s measured %12s  memory %12s  l1 %12s  "
              "mca %12s  %s" % (row["suite"], row["kernel"], row["size"],
                                row["level"], row["measured_cycles"],
                                row["memory_cycles"], row["l1_cycles"],
                                row["mca_cycles"], row["verdict"]),
              file=sys.stderr, flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    header = [
        "# host: %s\n" % host_identity(),
        "# date: %s to %s\n" % (
            started.strftime("%Y-%m-%dT%H:%M:%SZ"),
            datetime.datetime.now(datetime.timezone.utc).strftime(
                "%Y-%m-%dT%H:%M:%SZ")),
        "# command: python3 utils/memory-eval.py %s\n" % " ".join(
            sys.argv[1:]),
        "# cycles per kernel run (measured: core cycles from the thread's "
        "CPU time x the add-chain clock); see docs/memory.md\n"]
    write_csv(out, header, rows)
    with open(running_path, "w") as f:
        json.dump(running_cache, f, indent=1, sort_keys=True)
        f.write("\n")
    report(rows)


if __name__ == "__main__":
    main()
