#!/usr/bin/env python3
"""Regenerates docs/models.md from the built-in machine descriptions.

Every number in docs/models.md comes from `loop-uarch-report --describe-cpu`
(i.e. from lib/Model/Descriptions/*.cpp, where each value carries its
source), so the document cannot drift from the code. The bibliography below
expands the citation keys used in the descriptions.

Usage: utils/models-doc.py [--tool build/tools/loop-uarch-report/...] > docs/models.md
"""
import argparse
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TOOL = os.path.join(ROOT, "build", "tools", "loop-uarch-report",
                    "loop-uarch-report")

HEADER = """# Machine models

One description per microarchitecture, in `lib/Model/Descriptions/` (one
file per core family), named by LLVM `-mcpu` names; aliases resolve to the
same description. Every number is a `Sourced<T>`: value plus citation. This
page is generated from the code by `utils/models-doc.py`; print one model
with `loop-uarch-report -mcpu=NAME --describe-cpu`.

Instruction data (ports, uops, latencies) comes from the uops.info table
named per model (`utils/uops-info-to-tables.py` generates
`lib/Model/Tables/*.inc` from `../shared/data/uops-info/*.csv`); instructions
a table lacks fall back to LLVM's scheduling model for that CPU and are
flagged `~` in reports. Sandy Bridge has no uops.info table: all of its
instructions come from LLVM's SandyBridge scheduling model.

## Known approximations

* `icelake-server` uses uops.info's Ice Lake *client* table (no server
  measurements exist there): 512-bit FMAs are modelled on port 0 only,
  while server parts have a second 512-bit FMA on port 5.
* `sapphirerapids` (alias `emeraldrapids`) uses the Golden Cove client
  table, where AVX-512 is fused off: AVX-512 instructions fall back to
  LLVM's scheduling model (flagged). It differs from `alderlake` only by
  the loop stream detector (absent, as measured on an Emerald Rapids host).
* One latency per instruction: Zen 3/4's base + index + displacement LEA
  takes 2 cycles through the base register and 1 through the index
  (measured on Zen 4); the model uses 1 (index recurrences such as
  `lea rcx, [rbx+rcx*8+8]` are the more common in the corpus, and the
  corpus score was better so).
* Zen 4 memory renaming is modelled for same-name (or, in loops,
  same-address) 32/64-bit GPR store-reload pairs; a same-address
  store-reload pair still measures one per cycle on the host, which the
  model does not reproduce (it gives the AGU bound, 0.67).
* Golden Cove's scheduler is modelled as one pool (math + memory
  schedulers, [C&C-GLC]).
* Sandy Bridge's buffer sizes are Palomares' *measured effective* sizes
  (thesis Table 7.6), as UFS uses them; official sizes are in the source
  strings.

## Bibliography (citation keys)

| Key | Source |
|---|---|
| IntelOpt | Intel 64 and IA-32 Architectures Optimization Reference Manual, order 248966-046 (2023) |
| AMDOpt17h / AMDOpt19h / AMDOptZen4 | AMD Software Optimization Guide for AMD Family 17h (pub. 55723), 19h (56665), Zen 4 (57647) |
| Agner | A. Fog, "The microarchitecture of Intel, AMD and VIA CPUs" |
| WikiChip | WikiChip microarchitecture pages (Skylake, Sunny Cove, Zen ...) |
| C&C-GLC | Chips and Cheese, "Popping the Hood on Golden Cove", 2021-12-02 |
| HostEMR | `loop-uarch-report --measure` on an Emerald Rapids KVM guest (Intel family 6 model 207), 2026-11-23; see docs/measurement.md |
| Agner-Zen2 | A. Fog, forum post "Surprising new feature in AMD Ryzen 3000" (agner.org/forum, 2019): memory-operand mirroring |
| measured on an EPYC 9004 host | `loop-uarch-report --measure` on an AMD EPYC 9004 (family 25 model 17, Zen 4) KVM guest, 2026-11-23; see docs/measurement.md |
| uops.info | A. Abel, J. Reineke, "uops.info: Characterizing Latency, Throughput, and Port Usage of Instructions on Intel Microarchitectures", ASPLOS 2019; tables in `../shared/data/uops-info` |
| uiCA | A. Abel, J. Reineke, "uiCA: Accurate Throughput Prediction of Basic Blocks on Recent Intel Microarchitectures", ICS 2022 |
| uiCA-cfg | uiCA's per-core parameters (`microArchConfigs.py` in github.com/andreas-abel/uiCA), read for the facts they record; no code taken (AGPL) |
| uiCA-sim | uiCA's simulator (`uiCA.py` in github.com/andreas-abel/uiCA), read for the behaviour it models; no code taken (AGPL) |
| SO-fastload | Stack Overflow, "Is there a penalty when base+offset is in a different page than the base?" (answer by P. Cordes, with Haswell and Skylake measurements): the 4-cycle load-use latency of [reg + 0..2047] needs the base register to come from a load |
| SO-segbase | Stack Overflow, "Are IA-32 segment descriptors that do not cover the full 4GiB linear address space slower?" (answer by P. Cordes): a non-zero segment base adds a cycle to the load-use latency on Skylake-class cores (read in a mirror of the answer) |
| SO-uica-binding | Stack Overflow, "x86_64 Haswell instruction scheduled on already used port instead of unused one" (answer quoting uiCA's `addNewUops`, read in a mirror, mcmap.net): uiCA binds an issue group's uops from the per-port counts it records at the start of the cycle (`portUsageAtStartOfCycle`) |
| SO-movfree | Stack Overflow, "Can x86's MOV really be \"free\"? Why can't I reproduce this at all?" (answer by P. Cordes): which cores eliminate register moves; Intel's move elimination does not apply to a register copied onto itself (recalled; read in a mirror of the answer) |
| SO-fpassist | Stack Overflow, "Performance penalty: denormalized numbers versus branch mis-predictions" (question 60969892, answer by P. Cordes): an FP microcode assist flushes the out-of-order pipeline like an exception and takes over 160 cycles on Sandy Bridge-family cores |
| SO-x87nan | Public reports of x87 arithmetic on NaN: spooky-possum.org "Floating Point and x86 Assembly" (Pentium M: about 50x slower with a NaN); Go commit 0157c72d (2012, Core i7 620M, 386 port using x87: complex128 division with a NaN 50 -> 802 ns, amd64/SSE none) |
| IntelPMU | Intel performance-monitoring event lists as shipped in Linux `tools/perf/pmu-events/arch/x86/*` (Sandy Bridge: FP_ASSIST.X87_INPUT "Number of X87 assists due to input value", FP_ASSIST.ANY umask 0x1e) |
| IntelSDM | Intel 64 and IA-32 Architectures Software Developer's Manual, vol. 1 §8.5.1.1 (x87 stack overflow/underflow, masked response: QNaN indefinite), §4.8.3.5 (QNaN operands propagate); vol. 2 SAL/SAR/SHL/SHR, SHLD, SHRD ("if the count is 0, the flags are not affected") |
| Agner-blog-860 | P. Cordes, "SHL/SHR r,cl latency is lower than throughput", Agner Fog's CPU blog, 2017-05-27 (agner.org/optimize/blog/read.php?i=860; i7-6700k, perf counters): shl r, cl takes 2 cycles from the input flags to the output flags, runs at 2 cycles each when consecutive and at 1.5 with instructions between that write all flags without reading them |
| LLVM-56498 | llvm/llvm-project issue 56498, "Missed optimization with movzx and mov" (2022, code for `-march=skylake`): same-register `movzx eax, al` cannot be eliminated |
| SO-decoders | Stack Overflow, "Can the simple decoders in recent Intel microarchitectures handle all 1-µop instructions?" (answer by P. Cordes with A. Abel's lists of the single-uop instructions that need the complex decoder on Haswell and Skylake) |
| HN-LCP | Hacker News comment thread, news.ycombinator.com/item?id=40932456 (2024): `perf stat` on Haswell, an unrolled loop of `cmp ax, imm16` runs partly from the legacy decoders (idq.mite_uops 35% of uops, 0.04% with `cmp eax, imm32`) |
| IntelJCC | Intel, "Mitigations for Jump Conditional Code Erratum", 2019 (Skylake-family microcode update) |
| Palomares | V. Palomares, PhD thesis, UVSQ 2015 (UFS); digest `../shared/docs/seed-palomares-ufs-cqa-cape.md` |
| SKL150 | Intel 6th Gen. Core Specification Update, erratum SKL150 (LSD disabled) |
| ICL065 | Ice Lake erratum ICL065 (GPR move elimination disabled) |
| D41330 | LLVM review D41330, X86AvoidStoreForwardingBlocks (store-forward block cost) |
| AMDOpt17h-30h | AMD Software Optimization Guide for Family 17h Models 30h and greater (Zen 2), pub. 56305 |
| HC28, AMD-Clark | M. Clark, Zen presentation at Hot Chips 28 (2016); AMD architects' interview on the op cache |
| AnandTech-Zen, -Zen2, -Zen3, -Zen4 | AnandTech deep-dive reviews of Zen (2017), Zen 2 (2019), Zen 3 (2020), Zen 4 (2022) |
| C&C-Zen4 | Chips and Cheese, "AMD's Zen 4 Part 2: Memory Subsystem and Conclusion" |
| AMD-PPR-19h | AMD Processor Programming Reference for Family 19h: core performance counters PMCx0AE/PMCx0AF, "Dispatch Resource Stall Cycles" ("cycles where a dispatch group is valid but does not get dispatched due to a token stall"); the same wording in Linux perf's AMD pmu-events tables |
| WikiChip-Zen2, MyNavi-Zen2 | WikiChip's Zen 2 page; Y. Ohara's Zen 2 article (Mynavi TECH+) |
| Downs | T. Downs, uarch-bench store-forwarding measurements |
| corsix | P. Cawley, "x86 macro-op fusion notes" |
| LLVM, LLVM-Zn3, LLVM-Zn4 | LLVM 22 scheduling models X86ScheduleZnver1/2/3/4.td (unit names, quoted guide sections) |
| ECM | J. Treibig, G. Hager, "Introducing a Performance Model for Bandwidth-Limited Loop Kernels", PPAM 2009; H. Stengel et al., "Quantifying performance bottlenecks of stencil computations using the Execution-Cache-Memory model", ICS 2015; Kerncraft's machine files |
| Levinthal | D. Levinthal, "Performance Analysis Guide for Intel Core i7 Processor and Intel Xeon 5500 processors" (local DRAM ~60 ns) |
| 7-cpu | 7-cpu.com per-CPU latency pages (e.g. "Intel Haswell", "AMD Zen 2") |
| AnandTech-SKX | AnandTech, "The Intel Skylake-X Review: Core i9 7900X, i7 7820X and i7 7800X Tested", 2017, p. 4 (cache comparison) |
| AnandTech-Zen+ | AnandTech, "The AMD 2nd Gen Ryzen Deep Dive", 2018, p. 3 (AMD's Zen and Zen+ cache latencies in ns) |
| measured (memory) | `loop-uarch-report --describe-cpu --measure` (the memory probe) on the EPYC 9004 host; the figures and the host identity are in `eval/memory/znver4-probe.json`, the method in docs/memory.md |

The Znver*.cpp headers give each AMD reference in full.

"""

FIELDS = [("issue width (fused uops/cycle)", "issue"),
          ("retire width (fused uops/cycle)", "retire"),
          ("reorder buffer", "ROB"), ("scheduler (RS)", "RS"),
          ("load buffer", "LB"), ("store buffer", "SB"),
          ("integer register file", "int PRF"),
          ("vector register file", "vec PRF"),
          ("load-to-use, GPR, simple address", "load lat."),
          ("uop cache uops/cycle", "uop cache/cycle")]


def memory_summary(text):
    """L1d/L2/L3 sizes (KiB) and the DRAM latency from the memory block."""
    mem = text.split("\nMemory hierarchy")[1] if "\nMemory hierarchy" in text \
        else ""
    vals = {}
    for level in ("L1d", "L2", "L3", "DRAM"):
        block = re.search(r"^  " + level + r"\n((?:    .*\n)+)", mem, re.M)
        if not block:
            continue
        size = re.search(r"size \(KiB\)\s+(\S+)", block.group(1))
        lat = re.search(r"latency \(cycles\)\s+(\S+)", block.group(1))
        vals[level] = (size.group(1) if size else "", lat.group(1) if lat
                       else "")
    sizes = "/".join(vals.get(l, ("?", ""))[0] for l in ("L1d", "L2", "L3"))
    return [sizes, vals.get("DRAM", ("", "?"))[1]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default=TOOL)
    args = ap.parse_args()
    # The described cores: --list-cpus' first paragraph (the name table
    # mapping other LLVM names to them follows a blank line).
    listing = subprocess.run([args.tool, "--list-cpus"], capture_output=True,
                             text=True, check=True).stdout
    cpus = [l.split()[0] for l in listing.split("\n\n")[0].splitlines()
            if l.strip()]
    texts = {c: subprocess.run([args.tool, "-mcpu=" + c, "--describe-cpu"],
                               capture_output=True, text=True,
                               check=True).stdout for c in cpus}
    out = [HEADER, "## Summary\n",
           "| -mcpu | aliases | table | ports | " +
           " | ".join(h for _, h in FIELDS) +
           " | L1d/L2/L3 KiB | DRAM lat. |",
           "|" + "---|" * (6 + len(FIELDS))]
    for c in cpus:
        t = texts[c]
        alias = re.search(r"^  also: (.*)$", t, re.M)
        table = re.search(r"^  instruction table: (.*)$", t, re.M).group(1)
        ports = len(re.findall(r"^  \S+ {2,}\S", t.split("Front end")[0]
                               .split("\nPorts")[1], re.M))
        vals = []
        for label, _ in FIELDS:
            m = re.search(r"^  " + re.escape(label) + r"\s+(\S+)", t, re.M)
            vals.append(m.group(1) if m else "?")
        out.append(f"| `{c}` | {alias.group(1) if alias else ''} | "
                   f"{table.replace('uops.info ', '')} | {ports} | " +
                   " | ".join(vals + memory_summary(t)) + " |")
    out.append("\n## Every parameter with its source\n")
    for c in cpus:
        out.append(f"### {c}\n\n```\n{texts[c].rstrip()}\n```\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
