#!/usr/bin/env python3
"""Validates the harness' loop forms on streaming vector kernels.

Measures vector load/store stream loops of known throughput on this host in
the classic loop form (one run of 20,000 iterations: the loop walks through
hundreds of fresh pages, all mapped onto 4 shared physical pages) and in the
re-entered form (--measure-entry-trips: entries of N and N/2 iterations
from the register values, a physical page per touched page, registers r
at value + r * step), and prints both beside the expected value.

Expected values are reciprocal throughputs measured by uops.info for the
host's core (Zen 4 rows quoted below; the `expect` column is per loop
iteration, including the harness' dec/jnz); on another core, read them as
the Zen 4 reference only.

Usage: utils/measure-vector-validate.py [--tool build/...] [--trips 64]
"""
import argparse
import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")


def loads(n, reg, width):
    return ["vmovups %d(%%rdi,%%rax), %%%s%d" % (i * width, reg, i)
            for i in range(n)] + ["addq $%d, %%rax" % (n * width)]


# (name, body, expected cycles per iteration on Zen 4, why)
CASES = [
    ("1 ymm load", loads(1, "ymm", 32), 1.0,
     "a taken branch per cycle at most (measured: two-instruction loops "
     "take 1.00 on Zen 4)"),
    ("2 ymm loads", loads(2, "ymm", 32), 1.0,
     "VMOVUPS (YMM, M256) 0.50 [uops.info zen4]: two 256-bit loads per "
     "cycle"),
    ("4 ymm loads", loads(4, "ymm", 32), 2.0, "4 x 0.50"),
    ("6 ymm loads", loads(6, "ymm", 32), 3.0, "6 x 0.50"),
    ("2 zmm loads", loads(2, "zmm", 64), 2.0,
     "VMOVUPS (ZMM, M512) 1.00 [uops.info zen4]: one 512-bit load per cycle"),
    ("4 zmm loads", loads(4, "zmm", 64), 4.0, "4 x 1.00"),
    ("1 ymm store", ["vmovups %ymm0, (%rdi,%rax)", "addq $32, %rax"], 1.0,
     "VMOVUPS (M256, YMM) 1.00 [uops.info zen4, loop]: one vector store "
     "per cycle"),
    ("2 ymm stores", ["vmovups %ymm0, (%rdi,%rax)",
                      "vmovups %ymm1, 32(%rdi,%rax)", "addq $64, %rax"], 2.0,
     "2 x 1.00"),
    ("1 zmm store", ["vmovups %zmm0, (%rdi,%rax)", "addq $64, %rax"], 2.0,
     "VMOVUPS (M512, ZMM) 2.00 [uops.info zen4, loop]"),
    ("ymm copy", ["vmovups (%rsi,%rax), %ymm0", "vmovups %ymm0, (%rdi,%rax)",
                  "addq $32, %rax"], 1.0, "bound by the store"),
    ("zmm copy", ["vmovups (%rsi,%rax), %zmm0", "vmovups %zmm0, (%rdi,%rax)",
                  "addq $64, %rax"], 2.0, "bound by the 512-bit store"),
    ("8 x vaddps ymm, m256", ["vaddps %d(%%rdi,%%rax), %%ymm%d, %%ymm%d" %
                              (32 * i, i, i) for i in range(8)] +
     ["addq $256, %rax"], 4.0,
     "eight 256-bit loads at two per cycle (accumulator chains: 3 cycles)"),
    ("6 GPR loads", ["movq %d(%%rdi,%%rax), %%r%d" % (8 * i, 8 + i)
                         for i in range(6)] + ["addq $48, %rax"], 2.0,
     "three loads per cycle (six loads)"),
]


def run(tool, body, extra):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("top:\n" + "\n".join(body) + "\ndecq %r15\njne top\n")
        path = f.name
    out = subprocess.run([tool, "-mcpu=native", "--static", "--json",
                          "--measure", path] + extra,
                         capture_output=True, text=True)
    os.unlink(path)
    if out.returncode:
        return None
    k = json.loads(out.stdout)["kernels"][0]
    m = k.get("measurement", {})
    return m.get("cycles_per_iteration")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default=TOOL)
    ap.add_argument("--trips", type=int, default=64)
    ap.add_argument("--step", type=int, default=0x100000)
    args = ap.parse_args()
    print("%-22s %7s %9s %11s  %s" % ("kernel", "expect", "one run",
                                      "re-entered", "expected because"))
    for name, body, expect, why in CASES:
        classic = run(args.tool, body, [])
        reentered = run(args.tool, body, [
            "--measure-entry-trips=%d" % args.trips,
            "--measure-register-step=%d" % args.step])
        f = lambda v: "%.2f" % v if v is not None else "-"
        print("%-22s %7.2f %9s %11s  %s" % (name, expect, f(classic),
                                            f(reentered), why))


if __name__ == "__main__":
    main()
