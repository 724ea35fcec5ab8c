#!/usr/bin/env python3
"""Draws an independent set of BHive blocks: blocks of ../shared/data/bhive/sources/
that are NOT in the development corpus (measured-clx.csv), chosen the way that
corpus was chosen (its README: a fixed seed, equal quotas per source application,
2-40 instructions, no control flow and no privileged or VM-exiting
instructions).

Every model rule so far was developed and checked on the development corpus
(ids bhdev-*); this set (ids bhind-*) was not looked at while doing so, so
scores on it are out of sample. The output has the development corpus'
columns that utils/evaluate.py reads, with empty measurement columns: measure
it on a host with

  python3 utils/bhive-independent.py -o /tmp/bhive-independent.csv
  python3 utils/evaluate.py --corpus /tmp/bhive-independent.csv --measure \\
      --truth host --mcpu native --run-llvm-mca --csv eval/bhive/<cpu>-independent.csv

and rescore a later model with `--truth-csv eval/bhive/<cpu>-independent.csv`
(same --corpus). The draw is deterministic (seed, sorted inputs), so the file
need not be committed: the committed measurements carry each block's hex.
"""

import argparse
import csv
import glob
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BHIVE = os.path.join(ROOT, "..", "shared", "data", "bhive")

# Mnemonics that end a block or leave it (the corpus has no control flow).
CONTROL_FLOW = re.compile(
    r"^(j[a-z]+|call|ret[a-z]*|loop[a-z]*|iret[a-z]*|syscall|sysret|sysenter|"
    r"sysexit|int|int1|int3|into|ud0|ud1|ud2|hlt)$")
# Privileged, I/O or VM-exiting instructions (the harness runs in user mode
# in a KVM guest; cpuid/rdtsc/xgetbv exit to the hypervisor and would time it).
PRIVILEGED = re.compile(
    r"^(in|out|ins[bwd]?|outs[bwd]?|cli|sti|clts|lgdt|lidt|lldt|ltr|lmsw|"
    r"invlpg|invd|wbinvd|wrmsr|rdmsr|rdpmc|rdtsc|rdtscp|cpuid|xgetbv|xsetbv|"
    r"swapgs|vmcall|vmlaunch|vmresume|vmxoff|monitor|mwait|rdrand|rdseed|"
    r"xsave[a-z0-9]*|xrstor[a-z0-9]*|fxsave[a-z0-9]*|fxrstor[a-z0-9]*|"
    r"lsl|lar|verr|verw|sgdt|sidt|sldt|str|smsw|pushf[a-z]*|popf[a-z]*|"
    r"cli|getsec|encls|enclu|tpause|umwait|umonitor)$")
# The loop form's counter: the highest of r15..r8 the block does not use.
LOOP_REGS = ["r15", "r14", "r13", "r12", "r11", "r10", "r9", "r8"]


def app_of(path):
    """The source application (OpenBLAS kernels count as one, as in the
    development corpus' quotas)."""
    name = os.path.basename(path)[:-len(".csv")]
    return "openblas" if name.startswith("openblas-") else name


def disassemble(hex_block, llvm_mc):
    """Intel-syntax instructions, or None if any byte does not decode."""
    data = " ".join("0x" + hex_block[i:i + 2]
                    for i in range(0, len(hex_block), 2))
    res = subprocess.run([llvm_mc, "--disassemble", "-triple=x86_64",
                          "-output-asm-variant=1"], input=data + "\n",
                         capture_output=True, text=True)
    if res.returncode != 0 or "warning" in res.stderr or "error" in res.stderr:
        return None
    lines = [l.strip() for l in res.stdout.splitlines()]
    return [re.sub(r"\s+", " ", l) for l in lines
            if l and not l.startswith(".") and not l.startswith("#")]


def mnemonic(instr):
    words = instr.split()
    while words and words[0] in ("lock", "rep", "repe", "repne", "repz",
                                 "repnz", "data16", "notrack"):
        words = words[1:]
    return words[0] if words else ""


def unused_loop_reg(asm):
    text = " ".join(asm)
    for reg in LOOP_REGS:
        if not re.search(r"\b%s[dwb]?\b" % reg, text):
            return reg
    return None


def flags_of(asm):
    mn = [mnemonic(i) for i in asm]
    flags = []
    if any(m.startswith("f") and m not in ("fence",) for m in mn):
        flags.append("x87")
    if any(m in ("div", "idiv") for m in mn):
        flags.append("div")
    return "+".join(flags)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--per-app", type=int, default=100,
                    help="blocks per source application (default 100)")
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--llvm-mc", default="llvm-mc-22")
    ap.add_argument("--bhive", default=BHIVE,
                    help="the BHive data folder (sources/ and the development "
                         "corpus measured-clx.csv)")
    args = ap.parse_args()

    dev_corpus = os.path.join(args.bhive, "measured-clx.csv")
    if not os.path.isfile(dev_corpus):
        sys.exit("bhive-independent.py: no development corpus at %s" %
                 dev_corpus)
    with open(dev_corpus) as f:
        dev = {r["hex"].lower() for r in csv.DictReader(f)}
    blocks = {}
    for path in sorted(glob.glob(os.path.join(args.bhive, "sources", "*.csv"))):
        app = app_of(path)
        with open(path) as f:
            for row in csv.reader(f):
                if not row or not re.fullmatch(r"[0-9a-fA-F]+", row[0]):
                    continue
                h = row[0].lower()
                if h not in dev:
                    blocks.setdefault(app, {})[h] = os.path.basename(path)[:-4]
    if not blocks:
        sys.exit("bhive-independent.py: no blocks under %s/sources" %
                 args.bhive)

    rng = random.Random(args.seed)
    out = []
    for app in sorted(blocks):
        candidates = sorted(blocks[app])
        rng.shuffle(candidates)
        taken = 0
        for h in candidates:
            if taken == args.per_app:
                break
            # Cheap length filter before disassembling: 2-40 instructions
            # are at least 2 and at most 40 * 15 bytes.
            if len(h) < 4 or len(h) > 1200:
                continue
            asm = disassemble(h, args.llvm_mc)
            if asm is None or not 2 <= len(asm) <= 40:
                continue
            mns = [mnemonic(i) for i in asm]
            if any(CONTROL_FLOW.match(m) or PRIVILEGED.match(m) for m in mns):
                continue
            reg = unused_loop_reg(asm)
            if reg is None:
                continue
            taken += 1
            out.append({"source": blocks[app][h], "hex": h,
                        "n_instr": len(asm), "app": app, "loop_reg": reg,
                        "flags": flags_of(asm), "asm_intel": "; ".join(asm)})
        if taken < args.per_app:
            print("bhive-independent.py: %s has only %d eligible blocks" %
                  (app, taken), file=sys.stderr)

    cols = ["id", "source", "hex", "n_instr", "measured_unrolled",
            "measured_loop", "llvm_mca_pred", "llvm_mca_pred_loop", "app",
            "loop_reg", "flags", "orig_hex", "asm_intel"]
    with open(args.output, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for i, r in enumerate(out, 1):
            r.update({"id": "bhind-%04d" % i, "measured_unrolled": "",
                      "measured_loop": "", "llvm_mca_pred": "",
                      "llvm_mca_pred_loop": "", "orig_hex": r["hex"]})
            w.writerow(r)
    print("bhive-independent.py: %d blocks from %d applications -> %s" %
          (len(out), len(blocks), args.output), file=sys.stderr)


if __name__ == "__main__":
    main()
