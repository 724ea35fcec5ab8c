#!/usr/bin/env python3
"""Scores the Zen 4 model on the ALU-queue probes of eval/bhive/probes-znver4
(one-cycle-loops.s, alu-queue-turns.s, early-exit-branches.s,
alu-queue-long-runs.s, sqlite-loops.s, direct-jumps.s and the straight-line
copies of the README), against the figures measured on the EPYC 9004 host that the
README gives with their dates: each probe at the steady state and over
2,000 iterations, how many are within 0.05 cycles of the measurement, and
the MAPE. A probe whose two figures differ is one whose simulation drifts.

Usage: utils/znver4-alu-probes.py [extra loop-uarch-report options]
       (TOOL=path overrides the worktree's build)
"""
import subprocess, sys, re, os, concurrent.futures as cf
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.environ.get("TOOL", os.path.join(
    ROOT, "build", "tools", "loop-uarch-report", "loop-uarch-report"))
P = os.path.join(ROOT, "eval", "bhive", "probes-znver4") + "/"
LOOPS = {
 "alu-queue-turns.s": dict(L_1add=1.00, L_2add=1.00, L_6add=1.75, L_7add=2.00, L_4add_unfused=1.50, L_chain2=1.00,
    L_chain3_add=1.75, L_chain3_shl=2.00, L_chain3_cmov=1.75, L_chain4=2.00, L_chain5=1.50),
 "one-cycle-loops.s": dict(L_1008_reg=1.00, L_1008_mem=1.00, L_3alu_chain=1.00, L_4alu_chain=1.25, L_5alu=1.50,
    L_two_chains=1.00, L_1400_reg=1.00),
 "early-exit-branches.s": dict(L_exit_br3=1.66, L_exit_br4=2.00, L_exit_br3_2alu=1.50, L_exit_br2_4alu=1.50,
    L_exit_br3_3add=1.50, L_exit_br3_shl=1.50, L_exit_br2_2alu=1.00, L_exit_br3_cmpmem=1.50, L_exit_br3_loaded=1.50,
    L_exit_br4_2add=2.00, L_exit_br2_5alu=1.64, L_six_add=1.75, L_exit_br2_6add=1.87),
}
EXTRA_LOOPS = {
 "alu-queue-long-runs.s": dict(L_c2_a2=1.68, L_c2_a3=1.50, L_c2_a4=1.75, L_c3_a1=1.74, L_c3_a2=1.50, L_c3_a3=2.00,
   L_c3_a4=2.00, L_c4_a0=2.00, L_c4_a1=2.00, L_c4_a2=1.99, L_c4_a3=2.00, L_c5_a0=1.50, L_c5_a1=2.00, L_c5_a2=2.00,
   L_c6_a0=1.75, L_c6_a1=2.00, L_a2_c3=1.50, L_a1_c4=1.50, L_c3_shl_add=1.50, L_c4_shl=1.50, L_c4_cmov=2.00),
 "sqlite-loops.s": dict(L_sqlite_complete=1.00, L_sqlite_complete_straight=1.50, L_sqlite_matchename=1.00),
 "direct-jumps.s": dict(L_br2_jnz=1.00, L_br2_jmp=1.00, L_br3_jnz=1.50, L_br3_jmp=1.50, L_br4_jnz=2.00,
   L_br4_jmp=2.00, L_br1_jmp=1.00, L_a5_jnz=1.50, L_a5_jmp=1.50, L_a6_jnz=1.75, L_a6_jmp=1.75, L_a7_jnz=2.00,
   L_a7_jmp=2.00),
}
UNROLLED = {
 "4983c208498d42f84839c3": 1.50, "4983c208498d42f84839c34983c701": 1.01, "48984801c14939cf": 1.50,
 "4883c5014983c5014939ee": 1.00, "4883c0014883c3014883c101": 1.00, "4883c0014883c3014883c1014883c201": 1.00,
 "4983c208498d42f84839c349d1e3": 1.01, "4983c208498d42f84839c34d0f44dc": 1.00, "4983c208498d42f84839c34d6bdc03": 1.00,
 "4983c208498d42f8488d48014839cb": 1.00, "4983c208498d42f8488d4801488d51014839d3": 2.01,
 "4983c208498d42f84839c349d1e349d1e4": 1.75, "4983c208498d42f84839c34d0fabee": 2.00,
 "4983c208498d42f8488d48014839cb4d0fabee": 2.00,
}
def run(args):
    out = subprocess.run([TOOL, "-mcpu=znver4", "--no-sensitivity", "--harness-context"] + args,
                         capture_output=True, text=True).stdout
    res = {}; k = None
    for line in out.splitlines():
        m = re.match(r"Kernel: (\S+)", line)
        if m: k = m.group(1)
        m = re.match(r"Cycles per iteration: ([\d.]+)", line)
        if m: res[k] = float(m.group(1))
    return res
extra = sys.argv[1:]
with cf.ThreadPoolExecutor(4) as ex:
    futs = []
    for f, ks in list(LOOPS.items()) + list(EXTRA_LOOPS.items()):
        for it in ([], ["--iterations=2000"]):
            futs.append((("loop", f, tuple(it)), ex.submit(run, extra + it + [f if f.startswith("/") else P + f])))
    for h in UNROLLED:
        for it in ([], ["--iterations=2000"]):
            futs.append((("unr", h, tuple(it)), ex.submit(run, extra + it + ["--as=unrolled", "--hex=" + h])))
    R = {key: fu.result() for key, fu in futs}
ok = okl = n = 0; sae = sael = 0
rows = []
for f, ks in list(LOOPS.items()) + list(EXTRA_LOOPS.items()):
    a = R[("loop", f, ())]; b = R[("loop", f, ("--iterations=2000",))]
    for k, meas in ks.items():
        rows.append((k, meas, a.get(k), b.get(k)))
for h, meas in UNROLLED.items():
    a = R[("unr", h, ())]; b = R[("unr", h, ("--iterations=2000",))]
    rows.append(("u:" + h[:26], meas, list(a.values())[0], list(b.values())[0]))
for k, meas, a, b in rows:
    n += 1
    w = abs(a - meas) <= 0.05; wl = abs(b - meas) <= 0.05
    ok += w; okl += wl; sae += abs(a-meas)/meas; sael += abs(b-meas)/meas
    print(f"{k:30s} meas {meas:5.2f}  steady {a:5.2f}{' ' if w else '*'}  long {b:5.2f}{' ' if wl else '*'}")
print(f"within 0.05: steady {ok}/{n}, long {okl}/{n}; MAPE steady {100*sae/n:.2f}% long {100*sael/n:.2f}%")
