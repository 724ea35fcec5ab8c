#!/usr/bin/env python3
"""Validates the native measurement harness on kernels with known timing.

Measures, on this host, the synthetic cases of ../shared/data/bhive/README.md
(measured there on a Cascade Lake host) in both forms, and prints the host
measurement beside the README's value and LoopUArch's prediction for the
host's model (-mcpu=native) and for cascadelake. Cases whose timing is the
same on every modern x86-64 core (dependent add and imul chains, unrolled;
the imul chain also as a loop) must agree with the README within 3% on any
host; the others depend on the core.

Usage: utils/measure-validate.py [--tool build/...] [--repeat 3]
"""
import argparse
import csv
import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")

# (name, hex, README unrolled, README loop, same on every core?)
CASES = [
    ("add rax, rbx (dependent)", "4801d8", 1.000, 1.000, True),
    ("4 x dependent imul r64", "480fafc0" * 4, 11.994, 11.999, True),
    ("4 independent imul r64 (p1)", "480fafd8480fafc8480fafd0480faff0",
     4.00, 4.00, False),
    ("8 independent adds", "4883c0014883c3014883c1014883c201"
     "4883c6014883c7014983c0014983c101", 2.47, 2.249, False),
    ("4 x xor r32, r32", "31c031db31c931d2", 1.000, 1.250, False),
    ("2 x 3-component lea chain", "488d440001488d440001", 6.00, 6.00,
     False),
    ("4 loads", "488b06488b5e08488b4e10488b5618", 2.00, 2.000, False),
    ("4 stores", "488907488947084889471048894718", 4.00, 4.00, False),
    ("pointer chase mov rax, [rax]", "488b00", 4.00, 4.00, False),
    ("3 x pshufd (p5)", "660f70ca00660f70da00660f70e200", 3.00, 3.00, False),
    ("2 x dependent vfmadd231pd", "c4e2f5b8c2c4e2f5b8c2", 8.00, 8.00,
     False),
    ("2 x dependent divsd", "f20f5ec1f20f5ec1", 28.0, 28.0, False),
]


def loop_form(hexstr):
    """block; dec r15; jnz block (BHive's loop form, as the README measured
    it)."""
    body = bytes.fromhex(hexstr) + bytes([0x49, 0xFF, 0xCF])  # dec r15
    disp = -(len(body) + 6)
    return (body + bytes([0x0F, 0x85]) +
            (disp & 0xFFFFFFFF).to_bytes(4, "little")).hex()


def run(tool, mcpu, hexes, form, measure):
    data = "\n".join(hexes) + "\n"
    args = [tool, "-mcpu=" + mcpu, "--batch", "/dev/stdin", "--as=" + form,
            "--harness-context"]
    if measure:
        args.append("--measure")
    out = subprocess.run(args, input=data, capture_output=True, text=True)
    if out.returncode:
        sys.exit(out.stderr)
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default=TOOL)
    args = ap.parse_args()
    host = subprocess.run([args.tool, "--describe-cpu"], capture_output=True,
                          text=True).stdout.splitlines()[:1]
    print("host:", host[0] if host else "?")
    failures = 0
    for form in ("unrolled", "loop"):
        hexes = [c[1] if form == "unrolled" else loop_form(c[1])
                 for c in CASES]
        meas = run(args.tool, "native", hexes, form, True)
        clx = run(args.tool, "cascadelake", hexes, form, False)
        print(f"\n{form} form (cycles per block iteration)")
        print(f"  {'kernel':32} {'host':>8} {'README':>8} {'pred.host':>9} "
              f"{'pred.clx':>9}  note")
        for c, m, p in zip(CASES, meas, clx):
            name, _, ru, rl, universal = c
            ref = ru if form == "unrolled" else rl
            got = m["measured_cycles"]
            note = ""
            if not got:
                note = m["measure_status"]
            elif universal and (form == "unrolled" or ref >= 4):
                # (A one-cycle loop body is not universal: some cores need
                # two cycles per taken branch of a tiny loop.)
                err = abs(float(got) / ref - 1)
                note = "OK (universal, %.1f%%)" % (100 * err)
                if err > 0.03:
                    note = "FAIL (universal, %.1f%%)" % (100 * err)
                    failures += 1
            print(f"  {name:32} {got or '-':>8} {ref:8.3f} "
                  f"{m['cycles_per_iteration']:>9} "
                  f"{p['cycles_per_iteration']:>9}  {note}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
