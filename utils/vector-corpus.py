#!/usr/bin/env python3
"""The measured corpus of compiled, vectorized loops (issue 13).

Three steps, each reproducible on its own:

  build    compiles PolyBench/C 4.2.1 (../shared/bench/polybench-c-4.2.1,
           all 30 kernels, MINI and SMALL datasets, double and float) and
           the kernels in eval/vector-loops/kernels/*.c with clang-22 at -O2
           and -O3 for the ISA levels below, extracts every innermost
           machine loop with LoopUArch's own extraction (the .ll through
           loop-uarch-report, i.e. codegen with the plugin's machine pass),
           turns each loop into its measured form and keeps distinct ones:
           eval/vector-loops/loops.s (every loop, labelled by its id) and
           eval/vector-loops/loops.csv (where each comes from).
  measure  measures every loop natively on this host (loop-uarch-report
           --measure, re-entered loop form, data in L1) and writes
           eval/vector-loops/<mcpu>.csv with the host's CPUID identity.
  score    predicts every loop with LoopUArch (-mcpu = the host file's
           model) and llvm-mca-22, and scores both against every host file
           present (MAPE, median error, Kendall tau, within 10%; overall, per
           ISA level, per vector width and per kind of loop); --csv writes
           one row per loop and host.

The measured form of a loop: its body without the back-edge branch (and
without a register compare right before it, whose flags only that branch
read), then `dec r; jnz top` on the highest of r15..r8 the body does not use.
It has the same number of macro-fused compare-and-branch operations as the
compiled loop; predictions and llvm-mca see exactly the measured code.

Usage (from the project root, after scripts/setup.sh):
  utils/vector-corpus.py build            # ~10 min on 2 cores
  utils/vector-corpus.py measure          # ~30 min; not niced: it times
  utils/vector-corpus.py score [--csv out.csv] [--hosts znver4]
  utils/vector-corpus.py score --tool ../wt/NAME/build/tools/loop-uarch-report/loop-uarch-report
                                          # another build's predictions
"""
import argparse
import collections
import csv
import datetime
import hashlib
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from luarch_stats import kendall_tau

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")
CORPUS = os.path.join(ROOT, "eval", "vector-loops")
KERNELS = os.path.join(CORPUS, "kernels")
POLYBENCH = os.path.join(ROOT, "..", "shared", "bench", "polybench-c-4.2.1")
CLANG = "clang-22"
LLVM_MCA = "llvm-mca-22"

# ISA levels: (name, clang flags). x86-64-v2 is SSE4.2, v3 AVX2, v4 and
# znver4 AVX-512 (256-bit preferred unless told otherwise).
ISAS = [
    ("sse4.2", ["-march=x86-64-v2"]),
    ("avx2", ["-march=x86-64-v3"]),
    ("avx512", ["-march=x86-64-v4"]),
    ("avx512-zmm", ["-march=x86-64-v4", "-mprefer-vector-width=512"]),
    ("znver4", ["-march=znver4"]),
    ("znver4-zmm", ["-march=znver4", "-mprefer-vector-width=512"]),
]
OPTS = [["-O2"], ["-O3"]]
# Own kernels are also compiled with reassociation allowed.
FAST = [[], ["-ffast-math"]]

# The measurement: entries of N and N/2 iterations, N chosen so that the
# data an entry touches stays within L1D (32 KiB on the hosts so far).
FOOTPRINT_BYTES = 24 * 1024
L1_BYTES = 32 * 1024
MIN_TRIPS, MAX_TRIPS = 32, 256
# Register number r starts every entry at 0x40000800 + r * REGISTER_STEP:
# pointers in different registers address different data (as the model
# assumes without --harness-context), 1 MiB apart. The low 12 bits stay
# equal: with other offsets Zen 4 sometimes (per process) makes a load wait
# for an older store to another array whose address matches in bits 0-11
# (docs/measurement.md).
REGISTER_STEP = 0x100000

# A loop whose measurement touched more pages than this (256 KiB; Zen 4's
# L1 DTLB holds 72) did not run from L1: status not-l1, left out of scores
# (e.g. scatters whose harness-valued indices spread over many pages).
MAX_PAGES = 64

GPR64 = ["rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi"] + \
    ["r%d" % i for i in range(8, 16)]


def gpr_names(reg):
    """Every spelling of a 64-bit GPR's parts (AT&T, without %)."""
    if reg.startswith("r") and reg[1:].isdigit():
        return {reg, reg + "d", reg + "w", reg + "b"}
    base = reg[1:]  # ax, cx, sp, si...
    names = {reg, "e" + base, base}
    if base in ("ax", "bx", "cx", "dx"):
        names |= {base[0] + "l", base[0] + "h"}
    else:
        names.add(base + "l")
    return names


NAME_TO_GPR = {n: r for r in GPR64 for n in gpr_names(r)}
REG_RE = re.compile(r"%([a-z][a-z0-9]*)")
MEM_RE = re.compile(r"(-?(?:0x[0-9a-f]+|\d+))?\((%[a-z0-9]+)?(?:,(%[a-z0-9]+)"
                    r"(?:,(\d))?)?\)")
BRANCH_RE = re.compile(r"^(j[a-z]+|loop[a-z]*|call[a-z]*|ret[a-z]*)\b")


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


# --- build -----------------------------------------------------------------

def own_sources():
    return sorted(os.path.join(KERNELS, f) for f in os.listdir(KERNELS)
                  if f.endswith(".c"))


def polybench_sources():
    out = []
    for dirpath, _, files in os.walk(POLYBENCH):
        if "utilities" in dirpath:
            continue
        out += [os.path.join(dirpath, f) for f in files if f.endswith(".c")]
    return sorted(out)


def configs():
    """(source, isa, flags) for every compilation."""
    jobs = []
    for src in own_sources():
        for isa, iflags in ISAS:
            for o in OPTS:
                for fast in FAST:
                    jobs.append((src, isa, o + iflags + fast))
    util = os.path.join(POLYBENCH, "utilities")
    for src in polybench_sources():
        for isa, iflags in ISAS:
            for o in OPTS:
                for ds in ("MINI_DATASET", "SMALL_DATASET"):
                    for dt in ("DATA_TYPE_IS_DOUBLE", "DATA_TYPE_IS_FLOAT"):
                        jobs.append((src, isa, o + iflags + [
                            "-D" + ds, "-D" + dt, "-I", util,
                            "-I", os.path.dirname(src)]))
    return jobs


def compile_and_extract(job, tool):
    """Loops of one compilation, as the tool's JSON kernels."""
    src, isa, flags = job
    with tempfile.TemporaryDirectory() as tmp:
        ll = os.path.join(tmp, "k.ll")
        r = sh(["nice", "-n", "19", CLANG, "-g", "-S", "-emit-llvm", "-o", ll,
                src] + flags)
        if r.returncode:
            return job, None, r.stderr[:500]
        r = sh(["nice", "-n", "19", tool, "-mcpu=znver4", "--static",
                "--json", ll])
        if r.returncode:
            return job, [], r.stderr[:500]
        return job, json.loads(r.stdout)["kernels"], ""


def source_name(src):
    """eval/vector-loops/kernels/x.c, or polybench-c-4.2.1/<path>."""
    rel = os.path.relpath(src, POLYBENCH)
    if not rel.startswith(".."):
        return "polybench-c-4.2.1/" + rel
    return os.path.relpath(src, ROOT)


def record_flags(flags):
    """The compile flags as recorded (include directories left out)."""
    out, skip = [], False
    for f in flags:
        if skip:
            skip = False
        elif f == "-I":
            skip = True
        else:
            out.append(f)
    return " ".join(out)


def function_ranges(src):
    """[(first line, name)] of the C functions of a file (top-level
    definitions), to name PolyBench loops that were inlined into main."""
    ranges = []
    for i, line in enumerate(open(src, errors="replace"), 1):
        m = re.match(r"^(?:static\s+)?(?:void|int|double|float|long)\s+"
                     r"(\w+)\s*\(", line)
        if m:
            ranges.append((i, m.group(1)))
    return ranges


def function_at(ranges, line):
    name = ""
    for first, n in ranges:
        if first <= line:
            name = n
    return name


def kind_of(src, func):
    """The kind of loop, for the per-kind scores."""
    rel = os.path.relpath(src, POLYBENCH)
    if not rel.startswith(".."):
        if func.startswith("init") or func.startswith("print"):
            return "polybench-init"
        return "polybench-" + rel.split(os.sep)[0]
    prefix = func.split("_")[0]
    return {
        "blas1": "blas", "blas2": "blas", "stencil": "stencil",
        "red": "reduction", "gather": "gather-scatter",
        "scatter": "gather-scatter", "strided": "strided", "lookup":
        "gather-scatter", "mask": "masked", "compress": "masked",
        "expand": "masked", "div": "divide-sqrt", "sqrt": "divide-sqrt",
        "rsqrt": "divide-sqrt", "norm2d": "divide-sqrt", "mod":
        "divide-sqrt", "normalize": "divide-sqrt", "cvt": "conversion",
        "shuf": "shuffle", "int": "integer", "cplx": "complex", "carry":
        "loop-carried",
    }.get(prefix, "other")


def width_class(lines):
    text = "\n".join(lines)
    if "%zmm" in text:
        return "512"
    if "%ymm" in text:
        return "256"
    for l in lines:
        mn = l.split()[0] if l.split() else ""
        if "%xmm" in l and not re.search(r"(ss|sd|si2s[sd]|s[sd]2si)$", mn) \
                and not mn.startswith(("vmovd", "movd", "vmovq", "movq",
                                       "vcvtsi", "cvtsi")):
            return "128"
    return "scalar"


def measured_form(instrs):
    """(body lines, counter, dropped) for the measured form, or (None,
    reason)."""
    lines = [i["text"] for i in instrs]
    if not lines or not BRANCH_RE.match(lines[-1]):
        return None, "the loop does not end in a branch"
    body = lines[:-1]
    for l in body:
        if BRANCH_RE.match(l):
            return None, "branch inside the loop"
    dropped = ""
    if body and re.match(r"^(cmp|test)[bwlq]?\s", body[-1]) and \
            "(" not in body[-1]:
        dropped = body[-1]
        body = body[:-1]
    if not body:
        return None, "nothing but loop control"
    used = set()
    for l in body:
        for name in REG_RE.findall(l):
            if name in NAME_TO_GPR:
                used.add(NAME_TO_GPR[name])
    counter = next((r for r in reversed(GPR64[8:]) if r not in used), None)
    if counter is None:
        return None, "uses r8-r15, no free counter"
    return (body, counter, dropped), ""


def constant_increments(body):
    """{reg: bytes per iteration} for add/sub/inc/dec/lea of a 64-bit
    register by a constant; 'reg' for registers advanced by a register."""
    inc = collections.defaultdict(int)
    for l in body:
        m = re.match(r"^(add|sub)q\s+\$(-?(?:0x[0-9a-f]+|\d+)),\s*%(\w+)$", l)
        if m:
            v = int(m.group(2), 0)
            inc[m.group(3)] += v if m.group(1) == "add" else -v
            continue
        m = re.match(r"^(inc|dec)q\s+%(\w+)$", l)
        if m:
            inc[m.group(2)] += 1 if m.group(1) == "inc" else -1
            continue
        m = re.match(r"^leaq\s+(-?(?:0x[0-9a-f]+|\d+))\(%(\w+)\),\s*%(\w+)$",
                     l)
        if m and m.group(2) == m.group(3):
            inc[m.group(3)] += int(m.group(1), 0)
            continue
        m = re.match(r"^(add|sub)q\s+%(\w+),\s*%(\w+)$", l)
        if m:
            inc[m.group(3)] = "reg"
    return inc


def access_bytes(line):
    for w, b in (("zmm", 64), ("ymm", 32), ("xmm", 16)):
        if "%" + w in line:
            return b
    return 8


def footprint(body, trips):
    """Bytes an entry of `trips` iterations touches, roughly: per stream
    (base, index, scale), the lines it covers - its advance times the trips
    when it moves less than a line per iteration, else the lines one
    iteration touches times the trips - plus its displacement span; streams
    advanced by a register count one line per access per iteration."""
    inc = constant_increments(body)
    streams = collections.defaultdict(list)
    for l in body:
        for m in MEM_RE.finditer(l):
            disp = int(m.group(1), 0) if m.group(1) else 0
            base = (m.group(2) or "")[1:]
            index = (m.group(3) or "")[1:]
            scale = int(m.group(4) or 1)
            streams[(base, index, scale)].append((disp, access_bytes(l)))
    total = 0
    register_stride = False
    for (base, index, scale), acc in streams.items():
        ib, ii = inc.get(base, 0), inc.get(index, 0)
        span = max(d + w for d, w in acc) - min(d for d, _ in acc)
        lines = len(set(x // 64 for d, w in acc
                        for x in range(d, d + w, 64)))
        if ib == "reg" or ii == "reg":
            register_stride = True
            total += trips * 64 * lines
            continue
        adv = abs(ib + ii * scale)
        if adv < 64:
            total += trips * adv + span
        else:
            total += trips * 64 * max(1, min(lines, (adv + 63) // 64))
    return total, register_stride


def entry_trips(body):
    trips = MAX_TRIPS
    while trips > MIN_TRIPS and footprint(body, trips)[0] > FOOTPRINT_BYTES:
        trips //= 2
    return trips


# PolyBench's scalar loops come in many near-identical variants (every
# dataset, type and ISA level unrolls them differently); of those only the
# ones of one reference build are kept, so that the corpus stays mostly
# vectorized code.
POLYBENCH_SCALAR_REFERENCE = ["-O3", "-march=znver4", "-DSMALL_DATASET",
                              "-DDATA_TYPE_IS_DOUBLE"]


def keep_loop(src, flags, body):
    if width_class(body) != "scalar" or not source_name(src).startswith(
            "polybench"):
        return True
    return all(f in flags for f in POLYBENCH_SCALAR_REFERENCE) and \
        "-mprefer-vector-width=512" not in flags


def reannotate(out):
    """Recomputes the entry trips and footprints of loops.csv from loops.s
    (after a change of the footprint rule; no recompilation)."""
    loops = read_loops(out)
    for l in loops.values():
        l["body"] = l["asm"][:-2]  # without the harness' dec/jne
        l["counter"] = l["asm"][-2].split("%")[-1]
        l["entry_trips"] = entry_trips(l["body"])
        fp, regstride = footprint(l["body"], l["entry_trips"])
        l["footprint"], l["register_stride"] = fp, int(regstride)
    write_loops(loops, out)
    print("%d loops reannotated" % len(loops))


def cmd_build(args):
    if args.reannotate:
        return reannotate(args.out)
    jobs = configs()
    if args.limit:
        jobs = jobs[:args.limit]
    print("%d compilations" % len(jobs), file=sys.stderr)
    loops = collections.OrderedDict()
    stats = collections.Counter()
    ranges = {}
    start = time.time()
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for n, (job, kernels, err) in enumerate(
                ex.map(lambda j: compile_and_extract(j, args.tool), jobs), 1):
            if n % 50 == 0:
                print("  %d/%d compilations, %d distinct loops, %.0f s" %
                      (n, len(jobs), len(loops), time.time() - start),
                      file=sys.stderr)
            src, isa, flags = job
            if kernels is None:
                stats["compile errors"] += 1
                print("compile error: %s %s: %s" % (src, flags, err),
                      file=sys.stderr)
                continue
            if src not in ranges:
                ranges[src] = function_ranges(src)
            for k in kernels:
                stats["loops extracted"] += 1
                form, why = measured_form(k["instructions"])
                if form is None:
                    stats["left out: " + why] += 1
                    continue
                body, counter, dropped = form
                if not keep_loop(src, flags, body):
                    stats["left out: scalar PolyBench loop outside the "
                          "reference build"] += 1
                    continue
                key = "\n".join(body)
                lid = hashlib.sha1(key.encode()).hexdigest()[:10]
                if lid in loops:
                    loops[lid]["configs"] += 1
                    continue
                func = k["kernel"]["name"].split(":")[0]
                line = k["kernel"]["line"]
                if "polybench" in src:
                    func = function_at(ranges[src], line) or func
                fp_trips = entry_trips(body)
                fp, regstride = footprint(body, fp_trips)
                loops[lid] = {
                    "id": lid,
                    "source": source_name(src),
                    "function": func,
                    "line": line,
                    "isa": isa,
                    "flags": record_flags(flags),
                    "width": width_class(body),
                    "kind": kind_of(src, func),
                    "instructions": len(body) + 2,
                    "entry_trips": fp_trips,
                    "footprint": fp,
                    "register_stride": int(regstride),
                    "dropped": dropped,
                    "counter": counter,
                    "configs": 1,
                    "body": body,
                }
    write_loops(loops, args.out)
    print("%d compilations, %d loops extracted, %d distinct loops kept "
          "(%.0f s)" % (len(jobs), stats["loops extracted"], len(loops),
                        time.time() - start))
    for k, v in sorted(stats.items()):
        print("  %s: %d" % (k, v))
    widths = collections.Counter(l["width"] for l in loops.values())
    print("  by vector width: " + ", ".join(
        "%s %d" % (w, widths[w]) for w in ("scalar", "128", "256", "512")))


def write_loops(loops, out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "loops.s"), "w") as f:
        f.write("# The loops of eval/vector-loops/loops.csv in their measured "
                "form (utils/vector-corpus.py build).\n"
                "# Generated; symbolic operands of the compiled code are "
                "zero (as the plugin's kernels have them).\n\t.text\n")
        for l in loops.values():
            f.write("L_%s:\n" % l["id"])
            for b in l["body"]:
                f.write("\t%s\n" % b)
            f.write("\tdecq\t%%%s\n\tjne\tL_%s\n" % (l["counter"], l["id"]))
    fields = ["id", "source", "function", "line", "isa", "flags", "width",
              "kind", "instructions", "entry_trips", "footprint",
              "register_stride", "dropped", "configs"]
    with open(os.path.join(out, "loops.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for l in loops.values():
            w.writerow(l)


# --- reading the corpus -----------------------------------------------------

def read_loops(corpus):
    with open(os.path.join(corpus, "loops.csv")) as f:
        meta = collections.OrderedDict((r["id"], r) for r in
                                       csv.DictReader(f))
    bodies = {}
    cur = None
    for line in open(os.path.join(corpus, "loops.s")):
        m = re.match(r"^L_(\w+):$", line.strip())
        if m:
            cur = m.group(1)
            bodies[cur] = []
        elif cur and line.startswith("\t") and not line.startswith("\t."):
            bodies[cur].append(line.strip())
    for lid, r in meta.items():
        r["asm"] = bodies.get(lid, [])
    return meta


def loops_file(loops, path):
    with open(path, "w") as f:
        f.write("\t.text\n")
        for l in loops:
            f.write("L_%s:\n" % l["id"])
            for b in l["asm"]:
                f.write("\t%s\n" % b.replace("\t", " "))


def host_files(corpus):
    out = {}
    for f in sorted(os.listdir(corpus)):
        if f.endswith(".csv") and f != "loops.csv":
            out[f[:-4]] = os.path.join(corpus, f)
    return out


def read_host(path):
    header = []
    rows = {}
    with open(path) as f:
        lines = f.readlines()
    body = [l for l in lines if not l.startswith("#")]
    header = [l[1:].strip() for l in lines if l.startswith("#")]
    for r in csv.DictReader(io.StringIO("".join(body))):
        rows[r["id"]] = r
    return header, rows


# --- measure ------------------------------------------------------------------

def host_identity():
    info = {}
    try:
        for line in open("/proc/cpuinfo"):
            if ":" not in line:
                if info:
                    break
                continue
            k, v = [x.strip() for x in line.split(":", 1)]
            if k in ("vendor_id", "cpu family", "model", "stepping",
                     "model name", "microcode") and k not in info:
                info[k] = v
    except OSError:
        pass
    return info


def measure_group(tool, loops, trips, reps):
    """{id: (cycles, status, detail)} for loops measured with `trips`."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "g.s")
        loops_file(loops, path)
        r = sh([tool, "-mcpu=native", "--static", "--json", "--measure",
                "--measure-repetitions=%d" % reps,
                "--measure-entry-trips=%d" % trips,
                "--measure-register-step=%d" % REGISTER_STEP, path])
        if r.returncode:
            return {l["id"]: (None, "tool error: " + r.stderr[:200], "")
                    for l in loops}
        out = {}
        for k in json.loads(r.stdout)["kernels"]:
            lid = k["kernel"]["name"][2:]
            m = k.get("measurement") or {}
            pages = m.get("pages_mapped", 0)
            if "cycles_per_iteration" in m:
                status = "contended" if m.get("contended") else "ok"
                if pages > MAX_PAGES:
                    status = "not-l1"
                out[lid] = (m["cycles_per_iteration"], status, pages)
            else:
                out[lid] = (None, m.get("detail", m.get("error", "?")), pages)
        return out


def cmd_measure(args):
    loops = read_loops(args.corpus)
    todo = list(loops.values())
    if args.limit:
        todo = todo[:args.limit]
    mcpu = args.mcpu
    if not mcpu:
        r = sh([args.tool, "-mcpu=native", "--describe-cpu"])
        m = re.search(r"^(\w[\w-]*): ", r.stdout, re.M)
        mcpu = m.group(1) if m else "unknown"
    out_path = args.out or os.path.join(args.corpus, mcpu + ".csv")
    done = {}
    if args.resume and os.path.exists(out_path):
        _, done = read_host(out_path)
    todo = [l for l in todo if l["id"] not in done]
    groups = collections.defaultdict(list)
    for l in todo:
        groups[int(l["entry_trips"])].append(l)
    results = {k: (float(v["measured"]) if v["measured"] else None,
                   v["status"], int(v.get("pages") or 0))
               for k, v in done.items()}
    start = time.time()
    n = 0
    for trips, group in sorted(groups.items()):
        for i in range(0, len(group), args.chunk):
            chunk = group[i:i + args.chunk]
            results.update(measure_group(args.tool, chunk, trips,
                                         args.repetitions))
            n += len(chunk)
            print("  %d/%d loops measured, %.0f s" %
                  (n, len(todo), time.time() - start), file=sys.stderr)
            write_host(out_path, mcpu, loops, results, args)
    write_host(out_path, mcpu, loops, results, args)
    ok = sum(1 for v in results.values() if v[1] == "ok")
    print("%s: %d loops, %d measured ok, %d contended, %d not measured "
          "(%.0f s)" % (os.path.relpath(out_path, ROOT), len(results), ok,
                        sum(1 for v in results.values()
                            if v[1] == "contended"),
                        sum(1 for v in results.values() if v[0] is None),
                        time.time() - start))


def write_host(path, mcpu, loops, results, args):
    ident = host_identity()
    clang = sh([CLANG, "--version"]).stdout.splitlines()[0]
    commit = sh(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout
    with open(path, "w", newline="") as f:
        f.write("# Vectorized-loop corpus measured on this host "
                "(utils/vector-corpus.py measure)\n")
        f.write("# model: -mcpu=%s (loop-uarch-report -mcpu=native)\n" % mcpu)
        for k in ("vendor_id", "cpu family", "model", "stepping",
                  "model name", "microcode"):
            f.write("# %s: %s\n" % (k, ident.get(k, "?")))
        f.write("# date: %s\n" % datetime.date.today().isoformat())
        f.write("# status: ok, contended (the core was shared throughout), "
                "not-l1 (touched more than %d pages), or why the loop was "
                "not measured\n" % MAX_PAGES)
        f.write("# compiler: %s\n" % clang)
        f.write("# loop-uarch-report: git %s\n" % commit.strip())
        f.write("# command: utils/vector-corpus.py measure (per entry-trip "
                "group: loop-uarch-report -mcpu=native --static --json "
                "--measure --measure-repetitions=%d "
                "--measure-entry-trips=<entry_trips> "
                "--measure-register-step=%d loops.s)\n" %
                (args.repetitions, REGISTER_STEP))
        w = csv.writer(f)
        w.writerow(["id", "measured", "status", "pages"])
        for lid in loops:
            if lid in results:
                c, status, pages = results[lid]
                w.writerow([lid, "" if c is None else "%.4f" % c, status,
                             pages])


# --- score --------------------------------------------------------------------

def predict_loop_uarch(tool, mcpu, loops, extra):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "all.s")
        loops_file(loops, path)
        r = sh([tool, "-mcpu=" + mcpu, "--json", "--no-sensitivity", path] +
               extra)
        if r.returncode:
            sys.exit("loop-uarch-report failed: " + r.stderr[:2000])
        preds = {}
        for k in json.loads(r.stdout)["kernels"]:
            preds[k["kernel"]["name"][2:]] = \
                k["prediction"]["cycles_per_iteration"]
        return preds


def predict_llvm_mca(mcpu, loops, iterations=100):
    lines = []
    for l in loops:
        lines.append("# LLVM-MCA-BEGIN %s" % l["id"])
        lines.extend(l["asm"])
        lines.append("# LLVM-MCA-END %s" % l["id"])
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    r = sh([LLVM_MCA, "-mcpu=" + mcpu, "-iterations=%d" % iterations,
            "-json", "-skip-unsupported-instructions=any", path])
    os.unlink(path)
    preds = {}
    try:
        for region in json.loads(r.stdout).get("CodeRegions", []):
            cycles = region.get("SummaryView", {}).get("TotalCycles")
            if cycles is not None:
                preds[region["Name"]] = cycles / iterations
    except ValueError:
        sys.stderr.write("llvm-mca-22 output was not JSON:\n" +
                         r.stderr[:2000])
    return preds




def scores(pairs):
    pairs = [(p, m) for p, m in pairs if p is not None and m]
    if not pairs:
        return None
    errs = [abs(p - m) / m for p, m in pairs]
    return {"n": len(errs), "mape": 100 * statistics.mean(errs),
            "median": 100 * statistics.median(errs),
            "tau": kendall_tau([p for p, _ in pairs], [m for _, m in pairs]),
            "within10": 100 * sum(e <= 0.10 for e in errs) / len(errs)}


def fmt(s):
    if not s:
        return "%5s %8s %8s %6s %7s" % ("-", "-", "-", "-", "-")
    return "%5d %7.2f%% %7.2f%% %6.3f %6.1f%%" % (
        s["n"], s["mape"], s["median"], s["tau"], s["within10"])


DIVIDE_RE = re.compile(r"^(v?(div|sqrt)\w*|i?div[bwlq]?)\s")


def has_divide(loop):
    """Whether a loop uses the divider (divides, square roots)."""
    return any(DIVIDE_RE.match(a) for a in loop["asm"])


def shown_path(path):
    """\p path relative to the checkout when inside it, else absolute."""
    return (os.path.relpath(path, ROOT)
            if path.startswith(os.path.join(ROOT, "")) else path)


def cmd_score(args):
    loops = read_loops(args.corpus)
    hosts = host_files(args.corpus)
    if args.hosts:
        hosts = {h: p for h, p in hosts.items() if h in args.hosts.split(",")}
    if not hosts:
        sys.exit("no host measurements in %s (run 'measure' first)" %
                 args.corpus)
    csv_rows = []
    for mcpu, path in hosts.items():
        header, meas = read_host(path)
        ok = [l for lid, l in loops.items() if lid in meas and
              meas[lid]["status"] == "ok" and meas[lid]["measured"]]
        truth = {l["id"]: float(meas[l["id"]]["measured"]) for l in ok}
        # Loops whose data could not stay in L1 however short the entries.
        too_big = [l for l in ok if int(l["footprint"]) > L1_BYTES]
        ok = [l for l in ok if int(l["footprint"]) <= L1_BYTES]
        statuses = collections.Counter(
            meas[lid]["status"] if lid in meas else "not in the host file"
            for lid in loops)
        ours = predict_loop_uarch(args.tool, args.model or mcpu, ok,
                                  ["--static"] if args.static else [])
        mca = {} if args.no_mca else predict_llvm_mca(args.model or mcpu, ok)
        print("Host file %s (%s)" % (os.path.relpath(path, ROOT),
                                     "; ".join(h for h in header
                                               if h.startswith(
                                                   ("model name", "cpu family",
                                                    "model:", "date")))))
        print("%d of the %d loops scored: measured ok, data within L1 "
              "(left out: %d with an estimated footprint over %d KiB; %s)" %
              (len(ok), len(loops), len(too_big), L1_BYTES // 1024,
               ", ".join("%s %d" % (k if len(k) < 40 else k[:40] + "...", v)
                         for k, v in sorted(statuses.items())
                         if k != "ok")))
        print("LoopUArch -mcpu=%s (%s; %s), llvm-mca-22 -mcpu=%s" %
              (args.model or mcpu,
               "static bounds" if args.static else "simulation",
               shown_path(args.tool), args.model or mcpu))
        print("%-32s %-10s %5s %8s %8s %6s %7s" % (
            "subset", "tool", "n", "MAPE", "median", "tau", "within10"))

        def table(label, subset):
            for name, p in (("LoopUArch", ours), ("llvm-mca", mca)):
                if name == "llvm-mca" and args.no_mca:
                    continue
                s = scores([(p.get(l["id"]), truth[l["id"]]) for l in subset])
                print("%-32s %-10s %s" % (label, name, fmt(s)))
        table("all", ok)
        table("without divides", [l for l in ok if not has_divide(l)])
        table("with divides", [l for l in ok if has_divide(l)])
        for key, title in (("isa", "ISA"), ("width", "width"),
                           ("kind", "kind")):
            values = sorted(set(l[key] for l in ok))
            for v in values:
                table("%s %s" % (title, v), [l for l in ok if l[key] == v])
        if args.top:
            print("\nLargest LoopUArch errors:")
            ranked = sorted(ok, key=lambda l: -abs(
                (ours.get(l["id"]) or 0) / truth[l["id"]] - 1))
            for l in ranked[:args.top]:
                p = ours.get(l["id"])
                print("  %s %-28s %-12s %-6s meas %7.2f  ours %7.2f  mca "
                      "%7s  %s:%s" % (
                          l["id"], l["function"][:28], l["isa"], l["width"],
                          truth[l["id"]], p or -1,
                          "%.2f" % mca[l["id"]] if l["id"] in mca else "-",
                          l["source"].split("/")[-1], l["line"]))
        for l in ok:
            csv_rows.append([
                mcpu, l["id"], l["source"], l["function"], l["line"],
                l["isa"], l["flags"], l["width"], l["kind"],
                l["instructions"], "%.4f" % truth[l["id"]],
                "%.4f" % ours[l["id"]] if l["id"] in ours else "",
                "%.4f" % mca[l["id"]] if l["id"] in mca else ""])
        print()
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["host", "id", "source", "function", "line", "isa",
                        "flags", "width", "kind", "instructions",
                        "measured", "loop_uarch", "llvm_mca"])
            w.writerows(csv_rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    # --tool and --corpus go before or after the step ("score --tool X",
    # as utils/evaluate.py takes it): the steps' copies default to
    # SUPPRESS, so that an option given before the step is not reset.
    tool_help = ("the loop-uarch-report binary (default: this checkout's, "
                 "%s); a branch's scores need its own build" %
                 os.path.relpath(TOOL, ROOT))
    corpus_help = "the corpus folder (default: eval/vector-loops)"
    ap.add_argument("--tool", default=TOOL, help=tool_help)
    ap.add_argument("--corpus", default=CORPUS, help=corpus_help)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--tool", default=argparse.SUPPRESS, help=tool_help)
    common.add_argument("--corpus", default=argparse.SUPPRESS,
                        help=corpus_help)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", parents=[common])
    b.add_argument("--jobs", type=int, default=2)
    b.add_argument("--limit", type=int, default=0)
    b.add_argument("--out", default=CORPUS)
    b.add_argument("--reannotate", action="store_true",
                   help="only recompute entry trips and footprints")
    m = sub.add_parser("measure", parents=[common])
    m.add_argument("--mcpu", help="name of the host file (default: the "
                   "model -mcpu=native picks)")
    m.add_argument("--out")
    m.add_argument("--limit", type=int, default=0)
    m.add_argument("--chunk", type=int, default=20)
    m.add_argument("--repetitions", type=int, default=31)
    m.add_argument("--resume", action="store_true",
                   help="keep the loops already in the host file")
    s = sub.add_parser("score", parents=[common])
    s.add_argument("--hosts", help="comma-separated host files (default all)")
    s.add_argument("--model", help="LoopUArch/llvm-mca -mcpu (default: the "
                   "host file's name)")
    s.add_argument("--static", action="store_true")
    s.add_argument("--no-mca", action="store_true")
    s.add_argument("--top", type=int, default=0,
                   help="list the loops with the largest errors")
    s.add_argument("--csv")
    args = ap.parse_args()
    args.tool = os.path.abspath(args.tool)
    if not (os.path.isfile(args.tool) and os.access(args.tool, os.X_OK)):
        sys.exit("--tool: %s is not an executable file (build it with "
                 "'ninja -C build', or pass another build's "
                 "tools/loop-uarch-report/loop-uarch-report)" % args.tool)
    {"build": cmd_build, "measure": cmd_measure, "score": cmd_score}[
        args.cmd](args)


if __name__ == "__main__":
    main()
