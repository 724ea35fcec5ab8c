#!/usr/bin/env python3
"""Scores the Zen 4 model on the ALU-queue probes of eval/bhive/probes-znver4
(one-cycle-loops.s, alu-queue-turns.s, early-exit-branches.s,
alu-queue-long-runs.s, sqlite-loops.s, direct-jumps.s, alu-queue-orders.s,
alu-queue-imul.s, alu-queue-restricted-orders.s and the straight-line
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
 "alu-queue-orders.s": dict(L_xcc=1.00, L_cxc=1.00, L_ccx=1.00, L_xxcc=2.00, L_xcxc=1.25, L_xccx=1.75, L_cxxc=1.25, L_cxcx=1.38, L_ccxx=1.68,
    L_xxxcc=1.50, L_xxcxc=1.79, L_xxccx=1.50, L_xcxxc=1.50, L_xcxcx=1.50, L_xccxx=1.50, L_cxxxc=1.50, L_cxxcx=1.50,
    L_cxcxx=1.50, L_ccxxx=1.50, L_xccc=2.00, L_cxcc=1.50, L_ccxc=1.75, L_cccx=1.75, L_xxccc=1.50, L_xcxcc=1.50,
    L_xccxc=1.94, L_xcccx=1.50, L_cxxcc=1.50, L_cxcxc=1.81, L_cxccx=1.50, L_ccxxc=1.50, L_ccxcx=2.00, L_cccxx=1.50,
    L_xxxccc=1.87, L_xxcxcc=1.80, L_xxccxc=1.75, L_xxcccx=2.00, L_xcxxcc=1.75, L_xcxcxc=2.00, L_xcxccx=1.75,
    L_xccxxc=2.00, L_xccxcx=1.75, L_xcccxx=1.88, L_cxxxcc=1.75, L_cxxcxc=1.75, L_cxxccx=1.75, L_cxcxxc=1.75,
    L_cxcxcx=1.75, L_cxccxx=1.75, L_ccxxxc=1.75, L_ccxxcx=1.75, L_ccxcxx=1.75, L_cccxxx=2.00, L_xcccc=1.50,
    L_cxccc=1.50, L_ccxcc=2.00, L_cccxc=2.12, L_ccccx=2.00, L_xxcccc=1.87, L_xcxccc=1.88, L_xccxcc=1.99,
    L_xcccxc=1.94, L_xccccx=2.00, L_cxxccc=2.00, L_cxcxcc=2.25, L_cxccxc=2.26, L_cxcccx=2.00, L_ccxxcc=1.75,
    L_ccxcxc=1.75, L_ccxccx=2.25, L_cccxxc=2.24, L_cccxcx=1.75, L_ccccxx=2.00, L_xccccc=2.00, L_cxcccc=2.61,
    L_ccxccc=2.24, L_cccxcc=1.75, L_ccccxc=1.75, L_cccccx=2.00, L_cccc=2.00, L_ccccc=1.50, L_cccccc=1.75, L_ccc=1.00),
 "alu-queue-imul.s": dict(L_c3_m=1.75, L_m_c3=2.00, L_c4_m=2.17, L_c3_m_x=1.81, L_c3_x_m=1.90, L_x3_m=1.66, L_x4_m=1.75, L_c2_m=1.00, L_c3_mm=2.00, L_c2_x_m=1.66, L_c5_m=2.13),
 "alu-queue-restricted-orders.s": dict(L_cccss=1.99, L_cccsx=1.50, L_cccvx=1.50, L_cccxs=1.50, L_cccxv=1.50, L_ccscs=2.00, L_ccscx=1.50,
    L_ccssc=2.00, L_ccsxc=1.50, L_ccsxx=1.50, L_ccvcx=1.50, L_ccvxc=1.50, L_ccxcs=1.50, L_ccxcv=2.00,
    L_ccxsc=1.50, L_ccxsx=1.50, L_ccxvc=1.50, L_ccxxs=1.50, L_csccs=2.00, L_csccx=1.50, L_cscsc=2.00,
    L_cscxc=1.80, L_cscxx=1.50, L_csscc=2.00, L_csxcc=1.50, L_csxcx=1.50, L_csxxc=1.50, L_cvccx=2.00,
    L_cvcxc=1.50, L_cvxcc=2.00, L_cxccs=2.00, L_cxccv=2.00, L_cxcsc=1.77, L_cxcsx=1.50, L_cxcvc=1.50,
    L_cxcxs=1.81, L_cxscc=1.77, L_cxscx=1.50, L_cxsxc=1.50, L_cxvcc=1.50, L_cxxcs=1.50, L_cxxsc=1.50,
    L_scccs=2.00, L_scccx=1.50, L_sccsc=2.00, L_sccxc=1.50, L_sccxx=1.50, L_scscc=2.00, L_scxcc=1.50,
    L_scxcx=1.50, L_scxxc=1.50, L_ssccc=2.00, L_sxccc=1.50, L_sxccx=1.50, L_sxcxc=2.00, L_sxxcc=1.50,
    L_vcccx=1.84, L_vccxc=2.00, L_vcxcc=1.50, L_vxccc=1.50, L_xcccs=1.67, L_xcccv=1.50, L_xccsc=1.50,
    L_xccsx=1.50, L_xccvc=1.50, L_xccxs=1.50, L_xcscc=1.50, L_xcscx=1.50, L_xcsxc=1.50, L_xcvcc=1.50,
    L_xcxcs=2.00, L_xcxsc=1.50, L_xsccc=1.50, L_xsccx=1.50, L_xscxc=1.78, L_xsxcc=1.50, L_xvccc=2.00,
    L_xxccs=1.50, L_xxcsc=1.50, L_xxscc=1.50),
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
 # alu-queue-imul.s, README.md: straight-line copies with imul r, r, 3 (ALU1)
 "4d6bdc034983c208498d42f84839c3": 1.00, "4983c208498d42f84839c34d6bdc034d6bcc03": 2.01,
 "4983c2084c39d34d6bdc03": 1.00, "4983c208498d42f8488d48014839cb4d6bdc03": 1.99,
 "4983c208498d42f84839c34d6bdc034983c101": 1.75, "4983c3014983c4014983c5014d6bce03": 1.00,
 "4983c208498d42f84839c34983c1014d6bdc03": 2.00,
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
