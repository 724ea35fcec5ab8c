#!/usr/bin/env python3
"""Mutation fuzzing of loop-uarch-report on real compiler output.

Compiles seed C files (PolyBench/C 4.2.1 from ../shared/bench and
fuzz/seeds/*.c) with clang-22 at -O2/-O3 into assembly (and objects),
mutates them (line deletion, duplication, swap and move; token
replacement with directives, registers, numbers and huge expressions;
inserted directives and region markers; splices from other seeds; byte
flips; truncation), runs loop-uarch-report on each mutant with a timeout,
and classifies the outcome:

  ok        exit 0 with a sane report
  error     exit 1 with an "error:" message
  crash     a signal, "LLVM ERROR", "PLEASE submit a bug report", a
            sanitizer report, or an exit status other than 0/1
  hang      more than --timeout seconds of CPU time (default 10; a CPU
            limit, so that other load on the machine does not count)
  nonsense  exit 0 but a report with a non-finite, negative or zero cycle
            count, cycles far above any plausible bound, or JSON that does
            not parse
  unclear   exit 1 without an "error:" message

Findings are written to --out (default utils/out/fuzz-mutate), one
directory per class, with the command and the tool's stderr; summary.json
holds the counts per class and per mutation. --minimize FILE shrinks one
finding (line by line) while it keeps its class.

Usage:
  utils/fuzz-mutate.py [--count 8000] [--seed 1] [--jobs 1] [--timeout 10]
                       [--tool build/.../loop-uarch-report] [--out DIR]
                       [--objects 0.1]
  utils/fuzz-mutate.py --minimize utils/out/fuzz-mutate/crash/abc.s

See docs/robustness.md for the method and the figures.
"""
import argparse
import collections
import glob
import hashlib
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")
POLYBENCH = os.path.join(ROOT, "..", "shared", "bench", "polybench-c-4.2.1")
OWN_SEEDS = os.path.join(ROOT, "fuzz", "seeds")
CLANG = "clang-22"

CPUS = ["sandybridge", "haswell", "broadwell", "skylake", "skylake-avx512",
        "cascadelake", "icelake-client", "icelake-server", "tigerlake",
        "rocketlake", "alderlake", "sapphirerapids", "znver1", "znver2",
        "znver3", "znver4"]

# --- Dictionaries for token replacement -----------------------------------

GPRS = ["rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp"] + \
    ["r%d" % i for i in range(8, 16)]
REGISTERS = (
    ["%" + r for r in GPRS] +
    ["%eax", "%ebx", "%ecx", "%esp", "%r8d", "%r15d", "%ax", "%r9w", "%al",
     "%ah", "%bh", "%sil", "%r12b", "%spl", "%rip", "%eip", "%riz", "%eiz"] +
    ["%%xmm%d" % i for i in (0, 1, 7, 8, 15, 16, 31)] +
    ["%%ymm%d" % i for i in (0, 3, 15, 16, 31)] +
    ["%%zmm%d" % i for i in (0, 5, 31)] +
    ["%k0", "%k1", "%k7", "%st", "%st(0)", "%st(7)", "%mm0", "%mm7",
     "%cs", "%ds", "%es", "%fs", "%gs", "%ss", "%cr0", "%cr8", "%dr7",
     "%bnd0", "%tmm0", "%r16", "%r31", "%xmm32", "%fpsw"])
NUMBERS = [
    "0", "1", "-1", "2", "3", "7", "8", "15", "16", "31", "32", "63", "64",
    "127", "128", "255", "256", "-128", "-129", "32767", "32768", "65535",
    "65536", "2147483647", "2147483648", "-2147483648", "4294967295",
    "4294967296", "9223372036854775807", "-9223372036854775808",
    "18446744073709551615", "18446744073709551616",
    "340282366920938463463374607431768211456", "0x7fffffffffffffff",
    "0xffffffffffffffff", "0x80000000", "0b1011", "017", "08", "1e10",
    "3.14", "1e309", "-0", "0x", "1b", "1f", "2f", "."]
SYMBOLS = [".L", ".LBB0_1", ".Ltmp0", "main", "foo@PLT", "foo@GOTPCREL",
           "bar+8", ".Lfunc_end0-.Lfunc_begin0", "x", "_start", "1b", "1f",
           "$", ".", "..", ".text", "%rip", "@", "\\@", "\\n"]
MNEMONICS = [
    "addq", "addl", "subq", "imulq", "idivq", "divl", "divq", "mulq",
    "movq", "movl", "movabsq", "leaq", "leal", "xorl", "cmpq", "testq",
    "jne", "je", "jmp", "jb", "jle", "loop", "call", "ret", "push", "pop",
    "pushq", "popq", "nop", "nopw", "ud2", "int3", "hlt", "cpuid", "rdtsc",
    "rdrand", "lfence", "mfence", "pause", "xchgq", "cmpxchgq", "lock",
    "rep", "movsb", "stosq", "vaddps", "vfmadd231pd", "vdivpd", "vsqrtsd",
    "vgatherdps", "vpgatherqq", "vpermt2d", "vpternlogd", "kmovw",
    "vzeroupper", "vcvtsi2sd", "cvttsd2si", "fld", "fstp", "fdiv", "fsqrt",
    "bsf", "lzcnt", "popcnt", "pdep", "adcq", "sbbq", "rolq", "shldq",
    "bswapq", "cmovgq", "setne", "prefetcht0", "clflush", "syscall",
    "enter", "leave", "vmovdqu64", "vpcompressd", "tdpbssd", "wrmsr"]
DIRECTIVES = [
    ".code16", ".code16gcc", ".code32", ".code64", ".rept 3", ".rept 100000",
    ".rept 1000000000", ".endr", ".irp r, a, b", ".irpc c, 0123",
    ".macro m a", ".endm", ".exitm", ".purgem m", ".set x, 5",
    ".set x, x+1", ".equ y, .", ".equiv z, 3", "x = 1", ".fill 1000000, 8, 0",
    ".fill 100000000000, 8, 0", ".zero 100000000", ".skip 99999999999",
    ".space 4", ".org 0x100", ".org 0x100000000", ".p2align 4", ".p2align 31",
    ".p2align 64", ".balign 4096", ".align 3", ".byte 0x64, 0x67, 0x90",
    ".byte 300", ".short 1", ".long -1", ".quad 18446744073709551616",
    ".octa 1", ".ascii \"x\"", ".asciz \"\\x41\"", ".string \"abc",
    ".incbin \"/dev/zero\"", ".include \"/dev/null\"", ".section .data",
    ".section .text.x,\"ax\",@progbits", ".text", ".data", ".bss",
    ".pushsection .rodata", ".popsection", ".previous", ".subsection 1",
    ".type f,@function", ".size f, .-f", ".globl f", ".weak f",
    ".hidden f", ".local f", ".comm c, 8, 8", ".lcomm l, 8", ".file 1 \"a.c\"",
    ".loc 1 2 3", ".loc 99 1 1", ".cfi_startproc", ".cfi_endproc",
    ".cfi_def_cfa_offset 16", ".cfi_offset %rbp, -16", ".cfi_escape 0x2e, 0",
    ".cfi_restore_state", ".cv_fpo_proc f 0", ".cv_fpo_endproc",
    ".cv_fpo_data f", ".cv_file 1 \"a.c\"", ".cv_loc 0 1 1 0",
    ".cv_func_id 0", ".seh_proc f", ".seh_endproc", ".seh_pushreg %rbp",
    ".seh_stackalloc 8", ".intel_syntax noprefix", ".intel_syntax prefix",
    ".att_syntax", ".arch x86-64", ".nops 16", ".nops 100000000, 15",
    ".if 1", ".if 0", ".else", ".endif", ".ifdef f", ".err", ".error \"e\"",
    ".warning \"w\"", ".print \"p\"", ".reloc 0, R_X86_64_NONE, f",
    ".symver f, f@V1", ".ident \"x\"", ".sleb128 -1", ".uleb128 1",
    ".bundle_align_mode 5", ".bundle_lock", ".bundle_unlock", ".addrsig",
    ".addrsig_sym f", ".float 1.5", ".double 1e309", ".inst 0",
    ".altmacro", ".noaltmacro", ".end", ".abort", ".weakref a, b",
    ".tbss t, 8", ".zerofill __DATA,__bss,z,8", ".def f", ".scl 2",
    ".endef", ".secrel32 f", ".safeseh f", ".linker_option \"a\"",
    ".lto_discard", ".base64 \"AAAA\"", ".dc.l 1", ".ds.b 4", ".dcb.b 2, 0",
    ".prefalign 16", ".gnu_attribute 4, 1", ".cfi_sections .debug_frame",
    ".tlsdesccall f", ".psize 1", ".offset 4", ".struct 0", ".def", ".endm"]
MARKERS = ["# LLVM-MCA-BEGIN", "# LLVM-MCA-END", "# LLVM-MCA-BEGIN k",
           "# LLVM-MCA-END k", "# OSACA-BEGIN", "# OSACA-END",
           "movl $111, %ebx\n.byte 0x64, 0x67, 0x90",
           "movl $222, %ebx\n.byte 0x64, 0x67, 0x90",
           "movl $111, %ebx", ".byte 0x64, 0x67"]


def huge_expression(rng):
    kind = rng.choice(["sum", "parens", "unary", "mixed"])
    n = rng.choice([10, 999, 1001, 5000, 50000])
    if kind == "sum":
        return "+".join(["1"] * n)
    if kind == "parens":
        d = rng.choice([50, 101, 1000, 20000])
        return "(" * d + "1" + ")" * d
    if kind == "unary":
        return "-" * n + "1"
    return "*".join(rng.choice(["x", "2", ".", "(1<<63)", "-1"])
                    for _ in range(n))


def replacement(rng):
    pool = rng.choice(["register", "number", "symbol", "mnemonic",
                       "directive", "expression", "junk"])
    if pool == "register":
        return rng.choice(REGISTERS)
    if pool == "number":
        n = rng.choice(NUMBERS)
        return rng.choice(["$" + n, n, n + "(%rip)", "-" + n + "(%rsp)"])
    if pool == "symbol":
        return rng.choice(SYMBOLS)
    if pool == "mnemonic":
        return rng.choice(MNEMONICS)
    if pool == "directive":
        return rng.choice(DIRECTIVES)
    if pool == "expression":
        return rng.choice(["$", ""]) + huge_expression(rng)
    return rng.choice(["", ",", "(", ")", "%", "$", "\"", "#", ";", "\\",
                       "{", "}", "{%k1}{z}", "{sae}", "{1to16}", ":", "*",
                       "\x00", "\xff", "\t" * 100, "a" * 5000])


TOKEN = re.compile(r"[^\s,()]+")


def mutate_lines(lines, rng, seeds, applied):
    """One line-level mutation; appends its name to applied."""
    op = rng.choice(["delete", "duplicate", "swap", "move", "replace_token",
                     "replace_token", "replace_token", "insert_directive",
                     "insert_marker", "splice", "huge_expression",
                     "duplicate_block"])
    applied.append(op)
    if not lines:
        lines.append("nop")
    i = rng.randrange(len(lines))
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, lines[i])
    elif op == "duplicate_block":
        j = min(len(lines), i + rng.randint(1, 20))
        lines[i:i] = lines[i:j] * rng.choice([2, 10, 100])
    elif op == "swap":
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "move":
        line = lines.pop(i)
        lines.insert(rng.randrange(len(lines) + 1), line)
    elif op == "replace_token":
        toks = list(TOKEN.finditer(lines[i]))
        if toks:
            m = rng.choice(toks)
            lines[i] = lines[i][:m.start()] + replacement(rng) + \
                lines[i][m.end():]
        else:
            lines[i] = replacement(rng)
    elif op == "insert_directive":
        lines.insert(i, rng.choice(DIRECTIVES))
    elif op == "insert_marker":
        lines.insert(i, rng.choice(MARKERS))
    elif op == "splice":
        other = rng.choice(seeds)["lines"]
        j = rng.randrange(len(other))
        lines[i:i] = other[j:j + rng.randint(1, 30)]
    elif op == "huge_expression":
        toks = [m for m in TOKEN.finditer(lines[i])
                if re.fullmatch(r"\$?-?\d+", m.group())]
        expr = huge_expression(rng)
        if toks:
            m = rng.choice(toks)
            prefix = "$" if m.group().startswith("$") else ""
            lines[i] = lines[i][:m.start()] + prefix + expr + \
                lines[i][m.end():]
        else:
            lines.insert(i, rng.choice([".quad ", ".set q, ", "movq $"]) +
                         expr + (", %rax" if rng.random() < 0.3 else ""))
    return lines


def mutate_bytes(data, rng, applied):
    op = rng.choice(["byte_flip", "truncate", "byte_flip", "zero_run",
                     "insert_bytes"])
    applied.append(op)
    data = bytearray(data)
    if not data:
        return bytes(data)
    if op == "byte_flip":
        for _ in range(rng.choice([1, 1, 2, 4, 16])):
            k = rng.randrange(len(data))
            data[k] ^= 1 << rng.randrange(8) if rng.random() < 0.7 \
                else rng.randrange(1, 256)
    elif op == "truncate":
        del data[rng.randrange(len(data)):]
    elif op == "zero_run":
        k = rng.randrange(len(data))
        n = rng.choice([4, 8, 64])
        data[k:k + n] = (b"\xff" if rng.random() < 0.5 else b"\x00") * \
            len(data[k:k + n])
    elif op == "insert_bytes":
        k = rng.randrange(len(data) + 1)
        data[k:k] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(data)


def mutate_asm(seed, rng, seeds):
    applied = []
    lines = list(seed["lines"])
    for _ in range(1 + min(5, int(rng.expovariate(0.8)))):
        lines = mutate_lines(lines, rng, seeds, applied)
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")
    if rng.random() < 0.12:
        data = mutate_bytes(data, rng, applied)
    return data, applied


def mutate_object(data, rng):
    applied = []
    for _ in range(1 + min(3, int(rng.expovariate(1.0)))):
        data = mutate_bytes(data, rng, applied)
    return data, applied


def tool_options(rng):
    """Options for one run: a CPU, a format, and now and then others.
    (--what-if and --iterations are left out: their known misreports are
    tracked elsewhere, issue 16.)"""
    opts = ["-mcpu=" + rng.choice(CPUS)]
    fmt = rng.choices(["text", "json", "html"], [5, 4, 1])[0]
    opts.append("--format=" + fmt)
    if rng.random() < 0.75:
        opts.append("--no-sensitivity")
    for opt, p in (("--timeline", 0.1), ("--show-decoding", 0.1),
                   ("--harness-context", 0.1), ("--static", 0.05),
                   ("--port-assignment=equal", 0.05)):
        if rng.random() < p:
            opts.append(opt)
    if rng.random() < 0.05:
        opts.append("--unroll=%d" % rng.choice([2, 8, 1000]))
    return opts, fmt


# --- Running and classifying ------------------------------------------------

CRASH_MARKERS = ("PLEASE submit a bug report", "LLVM ERROR", "Stack dump",
                 "AddressSanitizer", "UndefinedBehaviorSanitizer",
                 "runtime error:", "LeakSanitizer", "Assertion", "terminate called")
CYCLES_TEXT = re.compile(r"Cycles per iteration: (\S+)")


def numbers_nonsense(cycles, instructions, static_bound=None):
    """Why a predicted cycle count is not credible, or None."""
    if cycles is None:
        return "no cycle count"
    if not math.isfinite(cycles):
        return "non-finite cycles %r" % cycles
    if cycles < 0:
        return "negative cycles %g" % cycles
    if cycles == 0 and instructions > 0:
        return "zero cycles for %d instructions" % instructions
    # Far above the static bound: the simulation went wrong. (I/O and
    # other microcoded instructions legitimately take thousands of cycles,
    # insl about 11,500 on Ice Lake per uops.info; the static bound says so.)
    if static_bound is not None:
        if static_bound > 0 and cycles > 100 * static_bound + 100:
            return "%g cycles, static bound %g" % (cycles, static_bound)
        return None
    if cycles > 20000 * max(1, instructions):
        return "%g cycles for %d instructions" % (cycles, instructions)
    return None


def check_report(out, fmt):
    """Returns a reason when a successful run's report is nonsense."""
    if fmt == "json":
        try:
            doc = json.loads(out)
        except ValueError as e:
            return "JSON does not parse: %s" % e
        for k in doc.get("kernels", []):
            for w in k.get("warnings", []):
                if "not a finite number" in w:
                    return w
            pred = k["prediction"]
            why = numbers_nonsense(pred.get("cycles_per_iteration"),
                                   k["kernel"]["instructions"],
                                   pred.get("static_bound"))
            if why:
                return "%s: %s" % (k["kernel"]["name"], why)
        return None
    if fmt == "text":
        for m in CYCLES_TEXT.finditer(out):
            try:
                v = float(m.group(1))
            except ValueError:
                return "cycles %r" % m.group(1)
            if not math.isfinite(v) or v < 0:
                return "cycles %r" % m.group(1)
        return None
    if "<html" not in out or "</html>" not in out:
        return "HTML page incomplete"
    return None


def classify(proc, elapsed, timeout, fmt):
    if proc is None:
        return "hang", "no answer after %g s of wall time" % elapsed
    if proc.returncode == -signal.SIGXCPU:
        return "hang", "more than %g s of CPU time" % timeout
    err = proc.stderr.decode("utf-8", "replace")
    out = proc.stdout.decode("utf-8", "replace")
    for m in CRASH_MARKERS:
        if m in err:
            return "crash", crash_signature(err)
    if proc.returncode < 0:
        return "crash", "signal %d" % -proc.returncode
    if proc.returncode not in (0, 1):
        return "crash", "exit status %d" % proc.returncode
    if proc.returncode == 1:
        return ("error", None) if "error" in err else \
            ("unclear", err.strip()[:200])
    why = check_report(out, fmt)
    return ("nonsense", why) if why else ("ok", None)


def crash_signature(err):
    """A short identity of a crash: the message and the first frames."""
    lines = err.splitlines()
    msg = next((l for l in lines if "LLVM ERROR" in l or "runtime error" in l
                or "Sanitizer" in l), "")
    frames = []
    for l in lines:
        m = re.search(r"#\d+ 0x[0-9a-f]+ (?:in )?(\S+)", l)
        if m and not m.group(1).startswith(("llvm::sys::", "SignalHandler",
                                            "(/", "__")):
            frames.append(re.sub(r"\(.*", "", m.group(1)))
        if len(frames) == 3:
            break
    return (msg.strip() + " | " + " < ".join(frames)).strip(" |")


def error_kind(stderr):
    """The first error message with locations, names and numbers blanked."""
    for line in stderr.decode("utf-8", "replace").splitlines():
        if "error:" in line:
            msg = line.split("error:", 1)[1].strip()
            msg = re.sub(r"'[^']*'|\"[^\"]*\"", "'_'", msg)
            return re.sub(r"\b(0x)?[0-9a-f]*\d[0-9a-f]*\b", "N", msg)[:100]
    return "?"


def run_tool(tool, path, opts, timeout):
    """Runs the tool at the lowest priority with a CPU-time limit of
    \p timeout seconds (SIGXCPU); a wall-clock limit 30 times longer is the
    backstop for a tool that waits without computing."""
    cmd = [tool] + opts + [path]
    cpu = int(math.ceil(timeout))

    def limits():
        os.nice(19)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=30 * timeout,
                              preexec_fn=limits)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start, cmd
    return proc, time.monotonic() - start, cmd


# --- Seeds ------------------------------------------------------------------

def build_seeds(cache):
    """Compiles the seed C files once into cache/: .s and .o files."""
    os.makedirs(cache, exist_ok=True)
    sources = []
    for rel in open(os.path.join(POLYBENCH, "utilities",
                                 "benchmark_list")).read().split():
        sources.append(os.path.normpath(os.path.join(POLYBENCH, rel)))
    sources += sorted(glob.glob(os.path.join(OWN_SEEDS, "*.c")))
    flags = [("O2", ["-O2"]), ("O3", ["-O3"]),
             ("O3-avx2", ["-O3", "-march=x86-64-v3"])]
    asm, objs = [], []
    for src in sources:
        name = os.path.splitext(os.path.basename(src))[0]
        own = src.startswith(OWN_SEEDS)
        for tag, fl in flags if own else flags[:2]:
            for ext, mode in ((".s", "-S"), (".o", "-c")):
                out = os.path.join(cache, "%s-%s%s" % (name, tag, ext))
                if not os.path.exists(out):
                    subprocess.run([CLANG, mode, "-o", out, src, "-I",
                                    os.path.join(POLYBENCH, "utilities")] +
                                   fl, check=True)
                (asm if ext == ".s" else objs).append(out)
    return asm, objs


# --- Minimizing ---------------------------------------------------------------

def minimize(path, tool, timeout):
    meta = json.load(open(path + ".json"))
    opts, fmt, want = meta["options"], meta["format"], meta["class"]
    data = open(path, "rb").read()
    lines = data.split(b"\n")
    tmp = tempfile.mkdtemp(prefix="fuzz-min-")
    probe = os.path.join(tmp, "m" + os.path.splitext(path)[1])

    def keeps(candidate):
        open(probe, "wb").write(b"\n".join(candidate))
        proc, elapsed, _ = run_tool(tool, probe, opts, timeout)
        cls, why = classify(proc, elapsed, timeout, fmt)
        return cls == want and (want != "crash" or
                                why == meta.get("reason"))

    chunk = max(1, len(lines) // 2)
    while chunk >= 1:
        i, changed = 0, False
        while i < len(lines):
            cand = lines[:i] + lines[i + chunk:]
            if cand and keeps(cand):
                lines, changed = cand, True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    out = os.path.splitext(path)[0] + ".min" + os.path.splitext(path)[1]
    open(out, "wb").write(b"\n".join(lines))
    shutil.rmtree(tmp)
    print("%s: %d lines -> %s" % (path, len(lines), out))


# --- Main ---------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default=TOOL)
    ap.add_argument("--count", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--objects", type=float, default=0.1,
                    help="share of mutants that are object files")
    ap.add_argument("--out", default=os.path.join(HERE, "out", "fuzz-mutate"))
    ap.add_argument("--minimize", metavar="FILE")
    args = ap.parse_args()
    if args.minimize:
        minimize(args.minimize, args.tool, args.timeout)
        return

    asm_paths, obj_paths = build_seeds(os.path.join(args.out, "seeds"))
    seeds = []
    for p in asm_paths:
        text = open(p, "rb").read().decode("utf-8", "surrogateescape")
        seeds.append({"path": p, "lines": text.split("\n")})
    objects = [open(p, "rb").read() for p in obj_paths]
    rng = random.Random(args.seed)
    work = os.path.join(args.out, "work")
    os.makedirs(work, exist_ok=True)

    counts = collections.Counter()
    by_mutation = collections.defaultdict(collections.Counter)
    signatures = collections.defaultdict(lambda: collections.Counter())
    kinds = collections.Counter()
    errors = collections.Counter()
    start = time.monotonic()
    slowest = 0.0
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)

    import concurrent.futures as cf

    def one(k, data, ext, opts, fmt):
        path = os.path.join(work, "in%d%s" % (k % max(1, args.jobs * 2), ext))
        open(path, "wb").write(data)
        proc, elapsed, cmd = run_tool(args.tool, path, opts, args.timeout)
        cls, why = classify(proc, elapsed, args.timeout, fmt)
        return cls, why, elapsed, cmd, proc

    # An interrupted run (Ctrl-C, SIGTERM) still writes its summary.
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(130))
    interrupted = False
    try:
        with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            pending = {}
            k = 0
            while k < args.count or pending:
                while k < args.count and len(pending) < 2 * args.jobs:
                    if rng.random() < args.objects:
                        data, applied = mutate_object(rng.choice(objects), rng)
                        ext, kind = ".o", "object"
                    else:
                        data, applied = mutate_asm(rng.choice(seeds), rng, seeds)
                        ext, kind = ".s", "asm"
                    opts, fmt = tool_options(rng)
                    f = pool.submit(one, k, data, ext, opts, fmt)
                    pending[f] = (data, applied, ext, kind, opts, fmt)
                    k += 1
                done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                for f in done:
                    data, applied, ext, kind, opts, fmt = pending.pop(f)
                    cls, why, elapsed, cmd, proc = f.result()
                    slowest = max(slowest, elapsed)
                    counts[cls] += 1
                    kinds[kind] += 1
                    for m in set(applied):
                        by_mutation[m][cls] += 1
                    if cls == "error":
                        errors[error_kind(proc.stderr)] += 1
                    if cls in ("crash", "hang", "nonsense", "unclear"):
                        signatures[cls][why or ""] += 1
                        h = hashlib.sha1(data).hexdigest()[:12]
                        d = os.path.join(args.out, cls)
                        os.makedirs(d, exist_ok=True)
                        open(os.path.join(d, h + ext), "wb").write(data)
                        json.dump({"class": cls, "reason": why, "options": opts,
                                   "format": fmt, "mutations": applied,
                                   "seconds": round(elapsed, 2),
                                   "stderr": proc.stderr.decode(
                                       "utf-8", "replace")[-3000:]
                                   if proc else ""},
                                  open(os.path.join(d, h + ext + ".json"), "w"),
                                  indent=1)
                    n = sum(counts.values())
                    if n % 250 == 0:
                        print("%6d  %s  (%.0f s)" % (
                            n, " ".join("%s=%d" % kv for kv in
                                        sorted(counts.items())),
                            time.monotonic() - start), flush=True)

    except (KeyboardInterrupt, SystemExit):
        interrupted = True
    summary = {
        "tool": args.tool, "inputs": sum(counts.values()),
        "interrupted": interrupted,
        "kinds": dict(kinds), "seed": args.seed, "timeout": args.timeout,
        "seconds": round(time.monotonic() - start),
        "tool_cpu_seconds": round(
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime +
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_stime -
            cpu_before.ru_utime - cpu_before.ru_stime),
        "slowest_run_seconds": round(slowest, 2),
        "classes": dict(counts),
        "by_mutation": {m: dict(c) for m, c in sorted(by_mutation.items())},
        "findings": {cls: dict(c) for cls, c in signatures.items()},
        "error_messages": dict(errors.most_common(60)),
    }
    json.dump(summary, open(os.path.join(args.out, "summary.json"), "w"),
              indent=1)
    print(json.dumps({k: summary[k] for k in
                      ("inputs", "kinds", "seconds", "tool_cpu_seconds",
                       "slowest_run_seconds",
                       "classes")}, indent=1))
    for cls, c in summary["findings"].items():
        print("%s:" % cls)
        for why, n in sorted(c.items(), key=lambda kv: -kv[1])[:20]:
            print("  %5d  %s" % (n, why[:160]))


if __name__ == "__main__":
    main()
