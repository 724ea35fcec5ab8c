//===- Znver4.cpp - AMD Zen 4 (family 19h, models 10h-1Fh, 60h-7Fh) ------===//
//
// Zen 4 keeps Zen 3's execution units (AVX-512 runs on the 256-bit pipes)
// and grows the op cache (6.75K ops, 9 per cycle), retire queue, register
// files and load queue. Starts from Zen 3 (makeZnver3) and sets what Zen 4
// changed, or documents differently.
//
// Sources (full references in docs/models.md; keys as in Znver1.cpp and
// Znver3.cpp):
//   [AMDOptZen4] AMD Software Optimization Guide for the AMD Zen4
//                Microarchitecture, pub. 57647 rev. 1.00 (2023), ch. 2.
//                Section numbers as quoted in LLVM's znver4 model.
//   [LLVM-Zn4]   LLVM 22 X86ScheduleZnver4.td (AMD): unit names and
//                [AMDOptZen4] quotes.
//   [AnandTech-Zen4] AnandTech, "AMD Zen 4 Ryzen 9 7950X and Ryzen 5 7600X
//                Review", 2022-09-26, p. 8 (front end).
//   [C&C-Zen4]   Chips and Cheese, "AMD's Zen 4 Part 2: Memory Subsystem and
//                Conclusion", 2022-11-08 (loads in flight); "Turning off
//                Zen 4's Op Cache for Curiosity", 2023 (loop buffer, op
//                cache and decode widths).
//   [uops.info]  Abel & Reineke, uops.info (zen4 table).
//   [AMD-PPR-19h] AMD Processor Programming Reference for Family 19h,
//                core PMCs PMCx0AE/PMCx0AF "Dispatch Resource Stall Cycles"
//                (DeDisDispatchTokenStalls1/0); the same wording in Linux
//                perf's AMD pmu-events tables (amdzen2/3/5 read).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

MachineModel makeZnver4() {
  MachineModel M = makeZnver3();
  M.Name = "znver4";
  M.Description = "Zen 4 (family 19h), Ryzen 7000, EPYC 9004";
  M.UopsInfoTable = "zen4";
  // Ports, port masks and the divider are Zen 3's.
  M.PortsSource = "[AMDOptZen4 §2.10.2, §2.11] (quoted in [LLVM-Zn4]) Zen "
                  "3's units: four ALUs (ALU0 divides and branches), a "
                  "branch unit, three AGUs, FP0-3 and the FP45 store/"
                  "FP-to-integer pipes; [uops.info] FP pipe names";
  M.Divider = {9, "[uops.info] DIVSD 1*FP01, [LLVM-Zn4] FP divide on FP1; "
                  "the integer divider (ALU0) is a separate unit that the "
                  "model folds into the same single divider"};
  M.Divider.Sticky512BitMode = {
      true,
      "measured on an EPYC 9004 host (loop-uarch-report -mcpu=native "
      "--static --measure --measure-entry-trips=64 "
      "--measure-register-step=0x100000 "
      "eval/vector-loops/probes/zen4-divider.s; independent divides, "
      "cycles per iteration): alone, 6 vdivsd 30.03, 3 vdivpd zmm 27.02, 5 "
      "vdivps zmm 30.03, vsqrtpd zmm 16.02, vsqrtsd 8.41 ([uops.info] 5, "
      "9, 6, 16, 8.4 each); mixed, vdivpd zmm + vdivsd 17.95 (9 + 9, not 9 "
      "+ 5), + 6 vdivsd 63.06, + 20 vdivsd 189.8, 3 vdivpd zmm + 6 vdivsd "
      "81.08, vdivps zmm + vdivss 12.01, + vdivps ymm 12.01, vdivpd zmm + "
      "vdivss 15.02 (9 + 6: the narrow one takes its own zmm form's time), "
      "vdivps zmm + vdivsd 14.96, vdivpd zmm + vdivpd ymm 18.02, vsqrtpd "
      "zmm + vsqrtsd 32.02, vdivpd zmm + vsqrtsd 25.03; without a 512-bit "
      "divide no change (vdivpd ymm + vdivsd 10.01, vaddpd zmm + 2 vdivsd "
      "10.01)"};
  M.LLVMResourcePorts = {
      {"Zn4ALU0", 1u << 0},  {"Zn4ALU1", 1u << 1},  {"Zn4ALU2", 1u << 2},
      // Zn4BRU1 issues through ALU3 (see BranchPorts).
      {"Zn4ALU3", 1u << 3},  {"Zn4BRU1", 1u << 3},  {"Zn4AGU0", 1u << 5},
      {"Zn4AGU1", 1u << 6},  {"Zn4AGU2", 1u << 7},  {"Zn4FP0", 1u << 8},
      {"Zn4FP1", 1u << 9},   {"Zn4FP2", 1u << 10},  {"Zn4FP3", 1u << 11},
      {"Zn4FP45", (1u << 12) | (1u << 13)},
      {"Zn4Store", (1u << 14) | (1u << 15)},
      // Load/store pipes and the FP store slot: not issue ports.
      {"Zn4FPSt", 0}, {"Zn4LSU", 0}, {"Zn4Load", 0},
  };

  // Measured on an EPYC 9004 host (loop-uarch-report --measure, loop
  // form): n independent register adds + dec/jnz take (n + 1) / 4 cycles
  // per iteration (n = 3, 4, 7, 8, 11: 1.00, 1.25, 2.00, 2.256, 3.00), so
  // the taken branch uses one of the four ALU issue slots instead of a
  // fifth; LLVM's second branch unit is modelled as sharing ALU3's.
  M.BranchPorts = 0b0000000000001001; // ALU0, ALU3
  M.Ports[4].Units = "branch (issues through ALU3 on Zen 4, "
                           "measured; unused here)";
  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {6, "[AMDOptZen4 §2.9.8] (quoted in [LLVM-Zn4]) dispatch "
                      "of up to 6 macro-ops per cycle; [AnandTech-Zen4]"};
  FE.PredecodeBytesPerCycle = {32, "[AMDOptZen4 §2.9] 32-byte fetch and "
                                   "decode window (as digested by third "
                                   "parties; not re-verified); "
                                   "informational, not simulated"};
  FE.PredecodeInstrsPerCycle = {4, "[C&C-Zen4] the fetch and decode path "
                                   "handles up to 4 instructions per cycle"};
  FE.Decoders = {4, "[C&C-Zen4] 4-wide decode"};
  FE.DecodeUopsPerCycle = {4, "[C&C-Zen4] up to 4 instructions per cycle "
                              "from the decoders"};
  FE.UopCacheWidth = {9, "[AnandTech-Zen4] up to 9 macro-ops per cycle "
                         "from the op cache; [C&C-Zen4]"};
  FE.UopCacheUops = {6912, "[AMDOptZen4 §2.9.1] (quoted in [LLVM-Zn4]) "
                           "6.75K ops at most"};
  FE.NopsDispatchInPairs = {
      true, "uops.info ZEN4: NOP 0 uops, 0.09 cycles each; measured on the "
            "EPYC 9004 host (loop-uarch-report --measure): 16 and 32 one-byte "
            "NOPs + dec/jnz take 1.50 and 2.84 cycles per iteration = "
            "(n/2 + 1) / 6 dispatch slots; AMD's patent application US "
            "2023/0315454 'Fusing no-op (NOP) instructions'"};
  FE.HasLSD = {false, "[C&C-Zen4] a 144-entry loop buffer exists (mainly "
                      "for power) but later AGESA versions disable it; the "
                      "op cache already out-delivers dispatch"};
  FE.UopQueueSize = {144, "[C&C-Zen4] 144-entry loop buffer in front of "
                          "dispatch, taken as the op queue's size"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {8, "8 as on Zen 3 [AMDOpt19h §2.10.3]; for Zen 4 a "
                       "third-party digest of [AMDOptZen4 §2.10.3] reads 8 "
                       "while [LLVM-Zn4] quotes the same section as 9 "
                       "(unresolved)"};
  BE.ROBSize = {320, "[AMDOptZen4 §2.10.3] (quoted in [LLVM-Zn4]) tracks "
                     "up to 320 macro-ops in flight (non-SMT)"};
  BE.SchedulerSize = {96 + 64, "integer 4 x 24, FP 2 x 32 as on Zen 3 "
                               "([LLVM-Zn4], quoting AnandTech and "
                               "[AMDOptZen4 §2.11]); one pool for every "
                               "uop, and the FP side's 64 again as "
                               "VecSchedulerSize"};
  BE.VecSchedulerSize = {
      64,
      "[AMDOptZen4 §2.11] (quoted in [LLVM-Zn4]) 'The floating-point "
      "scheduler has a 2*32 entry macro op capacity' (two schedulers, "
      "modelled as one pool of FP0-5 uops; the 64-entry non-scheduling "
      "queue in front of it is not modelled). Measured on an EPYC 9004 "
      "host (loop-uarch-report -mcpu=native --measure "
      "--measure-entry-trips=256 --measure-register-step=0x100000 "
      "eval/vector-loops/probes/zen4-fp-scheduler.s): one chain of L "
      "dependent vpaddd ymm per iteration, each iteration's chain "
      "independent, L = 16/32/48/64: 4.70/11.63/21.10/31.37 cycles per "
      "iteration (chains of the next iterations overlap only as far as 64 "
      "waiting uops reach; one pool of 160 gave 4.09/8.28/12.85/20.28); two "
      "chains of L/2: 4.00/8.24/12.01/16.02; chains of 16 vaddpd (FP23) or "
      "vmulpd (FP01) ymm 8.01 each, their port bound (neither pipe pair "
      "is limited to one 32-entry half); the model still under-predicts "
      "the longest chains by 5-13%"};
  BE.VecSchedulerPorts = 0b0011111100000000; // FP0-FP5
  BE.AllocatesWholeIssueGroups = {
      true,
      "[AMD-PPR-19h] the dispatch stall counters (PMCx0AE/PMCx0AF, "
      "'cycles where a dispatch group is valid but does not get dispatched "
      "due to a token stall', per token: ALU, AGU, retire queue, "
      "schedulers) count a group held back whole, not ops dispatched in "
      "part. "
      "Measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
      "alu-queue-long-runs.s, sqlite-loops.c, README.md): with the "
      "scheduler full, allocation taking what fits cut the issue groups "
      "that ALUQueuesInTurn takes the queues by into 1-3 uops, and long "
      "simulations drifted from the steady state's figure (add/lea/lea/"
      "cmp + dec/jnz: 2.25, 2.09 over 2,000 iterations, measured 2.00; "
      "sqlite3_complete's three-branch loop 2.29 and 2.21, measured 1.50); "
      "with whole groups every probe's steady state equals its long run "
      "(1.92 and 1.50), and 49 of 69 probes are within 0.05 cycles "
      "(allocation taking what fits: 48, 49 over 2,000 iterations)"};
  BE.DirectJumpsNeedNoPort = {
      true,
      "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
      "direct-jumps.c, README.md; uops.info lists no port for JMP (Rel8), throughput "
      "1.05, one taken branch a cycle, against Jcc's 0.5): never-taken "
      "fused branches with the loop closed by dec/jz + jmp back run at "
      "the conditional branches' bound on the two branch ALUs, 1.00 / "
      "1.50 / 2.00 with 2 / 3 / 4 of them (a jmp on a branch ALU: 1.50 / "
      "2.00 / 2.50), as with dec/jnz; 5 and 6 adds + dec/jz + jmp 1.50 and "
      "1.75, 7 adds 2.00 (the ALU bound without the jmp; with it 1.75, "
      "2.00, 2.25); sqlite3MatchEName's loop (two never-taken branches "
      "and a jmp back) 1.00. The jmp still costs the front end a taken "
      "branch: a jmp to the next instruction adds a cycle per iteration"};
  BE.ALUQueuesInTurn = {
      true,
      "measured on an EPYC 9004 host (loop-uarch-report -mcpu=native "
      "--measure --no-sensitivity --harness-context, loop and --as=unrolled "
      "forms; eval/bhive/probes-znver4/one-cycle-loops.s, alu-queue-turns.s "
      "and README.md): the integer scheduler is published as 4 x 24 entries "
      "(SchedulerSize's sources); how ops are assigned to the four queues "
      "is not published. Taking the queues in turn by allocation order, "
      "per issue group, the branch and the other restricted uops choosing "
      "first the eligible queue nearest their place (with none among the "
      "group's: the eligible queue with the fewest uops waiting), "
      "reproduces 29 of 34 probes within 0.05 cycles (and 6 of 7 early-exit "
      "bodies measured only to check it, early-exit-branches.c: 3-4 fused "
      "branches per iteration at the ALU0/ALU3 bound, 1.50-2.00): "
      "the add/lea/cmp chain 1.50 as straight-line copies and 1.00 as a "
      "loop with dec/jnz, chains of 4 and 5 uops 1.00 and 2.01 straight, "
      "2.00 and 1.50 as loops, 1-7 independent adds + dec/jnz at their "
      "ALU bound (1.00-2.00); not reproduced: the chain + add or cmov as "
      "a loop (1.75, model 2.00), the straight-line chain + imul r, r, 3 "
      "(1.00, model 1.67), three branches + inc, lea, add (1.66, model "
      "2.00), four branches + inc, lea, add (2.00, model 2.26). It "
      "replaces the rule of "
      "the sixth session (an ALU with no ready uop takes another ALU's "
      "oldest ready one), which gave 1.00 for the straight-line chain "
      "and 1.25-1.33 for the chain + add, shl or cmov loops (1.75-2.00). "
      "Those figures are of runs that stopped before the scheduler filled; "
      "with AllocatesWholeIssueGroups, which keeps long runs at their "
      "steady state, the chain of 4 and the chain + shl loops are 1.92 and "
      "1.83 (measured 2.00), four branches + inc, lea, add 2.00 as "
      "measured; 49 of the 69 probes of the README within 0.05 cycles"};
  BE.LoadBufferSize = {136, "[C&C-Zen4] 136 loads kept in flight until "
                            "retirement (measured); the published load "
                            "queue is smaller and frees a load once its "
                            "data returns"};
  BE.StoreBufferSize = {64, "[AMDOptZen4 §2.12] (quoted in [LLVM-Zn4]) "
                            "64-entry store queue"};
  BE.IntPRFSize = {224, "[AMDOptZen4 §2.10.3] (quoted in [LLVM-Zn4]) 224 "
                        "integer physical registers"};
  BE.VecPRFSize = {192, "[Agner] 192 vector registers of 512 bits (quoted "
                        "in [LLVM-Zn4])"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {4, "[AMDOptZen4 §2.12] (quoted in [LLVM-Zn4]) "
                           "4-cycle integer load-to-use with simple address "
                           "generation modes"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "[AMDOptZen4 §2.6.2] (quoted in "
                                  "[LLVM-Zn4]) 4- or 5-cycle integer "
                                  "load-to-use: 5 with complex address "
                                  "modes"};
  Mem.LoadLatencyVec = {
      8, "[uops.info] zen4: every vector load measures at most 8 (MOVUPD "
         "(XMM, M128) 8, VMOVSD (XMM, M64) 8) and load-op forms their "
         "operation + 8 (VADDPS (XMM, XMM, M128) 11 = 3 + 8, VFMADD213PD "
         "(XMM, XMM, M128) 12 = 4 + 8); [AMDOptZen4 §2.12] (quoted in "
         "[LLVM-Zn4]) says a 7-cycle FP load-to-use. Measured: movdqu "
         "xmm8, [rsi+32]; movdqu [rdi+32], xmm8 with rsi = rdi 9.0 cycles "
         "per round trip (the reload's 8 + the store's data pass)"};
  Mem.StoreForwardLatency = {
      6, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
         "forwarding.s, harness loop form, cycles per iteration, two runs): "
         "a store and a reload it contains that memory renaming does not "
         "take (narrower, or at an offset): mov [rdi], rax; mov eax, "
         "[rsi+4] 6.14, a word or byte store and its movzx reload 5.97, "
         "add rax, [rsi] after mov [rdi], rax 6.33; [uops.info] MOV (M64, "
         "R64) store-reload latency bounds 0-7 (0 when memory renaming "
         "applies, see MemoryRenaming). Not modelled: an ALU op between the "
         "reload and the next store costs 1.6-1.7, not 1 (the reloads "
         "above + add 7.69-7.74), a byte or word RMW chained to itself 8.93 "
         "(or byte [rdi], 1), two chained 6.79 each"};
  Mem.MemoryRenaming = {
      true,
      "measured on an EPYC 9004 (family 25 model 17) host with "
      "loop-uarch-report --measure (docs/measurement.md), cycles per "
      "iteration, loop form unless noted. Renamed: add [rax+8], rdi 1.00 "
      "(also unrolled), inc/xor/shl/neg on [rax+8] 1.00, mov [rax+8], rdi "
      "+ mov rdi (or edi), [rax+8] 1.00 (indexed and rsp-based too), "
      "mov rdx, [rsi]; mov [rdi], rdx with rsi = rdi 1.02. Not renamed: "
      "8/16-bit data 8.93, a load at another offset 6.12, load-op add rdi, "
      "[rax+8] 7.90, xadd 7.95, cmpxchg 7.01, lock add 6.71, vector data "
      "9-11; unrolled, the aliasing pair above 6.94 and add [rax+8], rdi; "
      "mov rax, [r12+0x78] 6.89 (address register rewritten; 1.13 as a "
      "loop). Conditions as [Agner] found on Zen 2"};
  Mem.DivideLoadWaitsForStoreAddresses = {
      true,
      "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
      "divide-load.s, harness loop form, cycles per iteration; every "
      "quotient 1): mov rax, rcx; xor edx, edx; div qword [rbx+8]; mov "
      "[rcx+rdx*8], rbx (the store's address from the remainder) 16.02, "
      "idiv 16.02, div dword 18.01; the same with the divisor loaded into "
      "a register first (mov rsi, [rbx+8]; div rsi) 7.01, with the "
      "remainder as the store's data instead of its address 7.01, with "
      "mul qword [rbx+8] 1.90, imul rdx, [rbx+8] 3.00; BHive bhdev-1884 "
      "38.34 (loop form)"};
  Mem.RenamedLoadAfterCommitReadsCache = {
      true,
      "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
      "renamed-address.s, harness loop form, cycles per iteration): mov "
      "rcx, [rdi] (forwarding blocked by mov [rsi], eax, rsi = rdi, so it "
      "waits for the store's commit) 19.02; with mov eax, [rcx] (aliasing "
      "that store) after it 23.03, as with a load that cannot be renamed "
      "(mov edx, [rcx+64]) 23.02, and 24.03 with add eax, 0 between the "
      "reload and the store (the reload's value came 4 cycles after its "
      "address, not at rename); BHive bhdev-1144 25.03. A renamed load "
      "whose address comes while its store is still queued keeps the "
      "value it got at rename: mov [rdi+8], rdx; mov rdx, [rdx+8] 1.03"};
  Mem.StackAccessRenaming = {
      true,
      "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
      "stack-renaming.s, loop form, cycles per iteration): push rbp; pop "
      "rbp 1.00, push rax; pop rbx; mov rax, rbx 1.00, push rax; pop rax; "
      "add rax, 1 1.00, sub rsp, 8; mov [rsp], rax; pop rax 2.00, push rax; "
      "mov rax, [rsp]; add rsp, 8 2.00 (7 or more with store-to-load "
      "forwarding, StoreForwardLatency); BHive bhdev-1867 (push rbp; mov "
      "rbp, rsp; ...; pop rbp) 1.74"};
  Mem.StackOffsetRenaming = {
      true,
      "measured on an EPYC 9004 host (harness, unrolled form, cycles per "
      "iteration; eval/bhive/probes-znver4/README.md): sub rsp, 24; mov eax, "
      "[rsp+0x20]; mov [rsp+8], eax (each copy reloads what the one before "
      "stored) 1.00, the same through rdi 6.07 (store forwarding); push "
      "rbx; sub rsp, 16; mov eax, [rsp+0x20]; mov [rsp+8], eax 2.00; BHive "
      "bhdev-1072 3.01 (7.00 predicted through forwarding)"};
  Mem.FourKAliasing = {
      false, "measured on an EPYC 9004 host (loop form): mov [rdi], rax; "
             "mov rax, [rdi+4096] runs at 1.00 cycle per iteration, as with "
             "+4160 or +64 (a falsely dependent load would chain the "
             "iterations at the load-to-use latency); a C copy loop with "
             "source - destination = 4096 - 32 runs as fast as any other "
             "offset; but not in every process: 20 runs of that loop on the "
             "host (2026-11-24) gave 1.00 in 17, 3.65 in one and a longer "
             "run no slower than a shorter one in two, so some placements "
             "of its pages do chain it (not modelled: the common case is "
             "1.00)"};
  Mem.StoreForwardBlockLatency = {
      19, "measured on an EPYC 9004 host (loop form): mov [rax+8], edi; "
          "mov rdi, [rax+8] (a 64-bit reload of a 32-bit store) 19.02 "
          "cycles per iteration; the same for every partial overlap "
          "(eval/bhive/probes-znver4/partial-overlap.s, harness context): "
          "4-byte store and load overlapping by 3 or 1 bytes, from above or "
          "below, fixed or moving 1 or 4 bytes per iteration 19.4-19.7, an "
          "8-byte load over two 4-byte stores 19.0, over a byte store 19.0 "
          "(a load contained in the store forwards, 6.1); [Downs] 21.0 on "
          "Zen 2"};
  Mem.MaskedStoreForwards = {
      false,
      "measured (loop-uarch-report --measure --measure-entry-trips=64 "
      "--measure-register-step=0x100000 eval/vector-loops/probes/zen4.s, "
      "all masks all ones): vmovups ymm load, vaddps, vmovups store to the "
      "next iteration's load address takes 8.09 cycles per iteration, "
      "24.06 with a {k1}-masked store (xmm 24.05, zmm 26.90, masked load "
      "too 25.03): the load waits as behind a partial overlap; a masked "
      "load after a plain store forwards (12.94); AVX2 vmaskmovps stores "
      "forward (12.01, their own throughput)"};
  Mem.LoadedStoreAddressFlush = {
      33, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
          "loaded-store-address.s, harness, cycles per copy of mov rax, "
          "[rsp]; mov [rax], r13; xor eax, eax, whose store writes the "
          "next copy's [rsp]): unrolled (200 copies) 33.74, through rdi "
          "34.77; as a loop of N copies 1.0 up to N = 16 (renamed), 15-27 "
          "for N = 20-32, 34.0 for N = 48 and 64: the flush of a load that "
          "ran ahead of its store's late address, once the copies outgrow "
          "what the predictor holds. 33 = 34.0 less the store-address uop's "
          "cycle (the chain: loaded value, store address, reloaded value); the "
          "store's address from imul (3 cycles) costs nothing (1.00), a "
          "loaded address whose store the next load does not read 0.72. Not "
          "modelled: the same without a chain through the loaded address "
          "(mov rax, [rsp+8]; mov [rax], r13; mov rbx, [rsp]) 6.55"};
  Mem.LoadsPerCycle = {3, "[AMDOptZen4 §2.12] (quoted in [LLVM-Zn4]) three "
                          "memory operations per cycle, all may be loads"};
  Mem.StoresPerCycle = {2, "[AMDOptZen4 §2.12] (quoted in [LLVM-Zn4]) at "
                           "most two of them stores"};
  // Vector data paths, measured on an EPYC 9004 host (loop-uarch-report
  // -mcpu=znver4 --measure --measure-entry-trips=64
  // --measure-register-step=0x100000 eval/vector-loops/probes/zen4.s;
  // cycles per iteration, dec/jnz included).
  Mem.VectorLoadPorts = {
      0b0000000001100000, // AGU0, AGU1
      "[uops.info] VMOVUPS (YMM, M256) 0.50, (XMM, M128) 0.50 cycles: two "
      "vector loads per cycle of the three loads; measured "
      "(eval/vector-loops/probes/zen4.s, re-entered loop form): 2/4/6 ymm "
      "loads 1.00/2.07/3.02, 6 GPR loads 2.00; mixed 2 ymm + 2 GPR loads "
      "1.52, 4 ymm + 2 GPR 2.55 (the model: 1.33, 2.00); no FP pipe "
      "([uops.info] lists none; LLVM books one of FP45, measured: 4 xmm "
      "loads + 2 xmm stores 2.26, daxpy SSE2 2.00 where FP45 loads give "
      "3.00)"};
  Mem.VectorLoadBits = {
      256, "[uops.info] VMOVUPS (ZMM, M512) 1.00 vs (YMM, M256) 0.50; "
           "measured (probes/zen4.s): 2 zmm loads 2.03, 4 zmm loads 4.39"};
  Mem.StoreDataBits = {
      128, "measured (probes/zen4.s): 4 GPR stores 1.96, 4 xmm or 4 ymm "
           "stores 4.00, 2 xmm + 2 GPR stores 2.05, 2 ymm + 2 GPR 3.03, 2 "
           "zmm + 2 GPR 5.02: two store-data slots of 128 bits per cycle (a "
           "ymm store takes both, a zmm store both for two cycles); "
           "[C&C-Zen4] a 512-bit store takes two store-queue entries (not "
           "modelled: one)"};
  Mem.StoreCommitPairBytes = {
      32,
      "measured on an EPYC 9004 host (loop-uarch-report -mcpu=native "
      "--measure eval/bhive/probes-znver4/store-lines.s, loop form, cycles "
      "per iteration): two 8-byte stores at offsets 0 and 8, 0 and 16, 16 "
      "and 24, 48 and 56, 40 and 32 of a line 1.00; at 0 and 32, 24 and 32, "
      "32 and 24, 0 and 56, 56 and 24 2.00; 4 stores in 32 bytes 2.00; 2 "
      "stores to two lines 2.00 (rsp- or rdi-based), 3 to three lines "
      "3.00, 4 to four lines 4.00; with probes/zen4.s's wide stores (2 ymm "
      "+ 2 GPR stores 3.03, 2 zmm + 2 GPR 5.02) a wide store's further "
      "data slots pair"};
  // A pseudo port: the path that fills L1 lines from L2 (LineFillPorts).
  M.Ports.push_back({"FILL", "L1 line fills (pseudo port)"});
  Mem.LineFillPorts = {
      PortMask(1) << (M.Ports.size() - 1),
      "[AMDOpt17h §2.6.2.2] the L1 data cache tags lines with a linear-"
      "address utag; a load to a line valid in L1 under another linear "
      "alias misses and fills from L2 (no slower than an L2 hit); as on "
      "Zen 4 [AMDOptZen4 ch. 2]. Measured on an EPYC 9004 host "
      "(eval/bhive/probes-znver4/new-lines.s, harness loop form, whose "
      "pages alias): one access per new line, stride 64 or 128, 2.00-2.23 "
      "cycles per iteration for loads, pops, pushes and stores (L2: 32 "
      "bytes per cycle); 2 and 4 new lines 4.00 and 8.01; several accesses "
      "per new line cost more (6 pops per 48 bytes 3.95, 6 loads 3.04; not "
      "modelled); page crossings (stride 1024: 5.1-6.1): see "
      "NewPageAccessFillCycles"};
  Mem.NewPageAccessFillCycles = {
      2, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
         "pages.s, harness loop form, cycles per iteration, two runs): k "
         "pops of a stack moving up 1,608 bytes per iteration (a new page "
         "every 2.5 iterations; bhdev-1054's add rsp, 1560 + 6 pops), k = "
         "1, 2, 3, 4, 6: 2.81, 3.60, 4.96, 6.20, 8.61, about 2 cycles per "
         "pop per page entered on top of the lines' fills; add rsp, 1160 or "
         "952 + 6 pops 7.73, 6.51; 6 pushes + sub rsp, 1336 7.11; one load "
         "per iteration, stride 1,088 or 1,600 bytes 2.61, 2.91 (stride "
         "64: 2.00); a throughput cost (hidden beside a 30-cycle imul "
         "chain). Pages within the 72-entry L1 DTLB [AMDOptZen4 ch. 2] "
         "cost nothing (the pops and-masked to 64 pages 3.16, one load per "
         "page over 64 pages 2.00); the figure lies between an L2 DTLB hit "
         "(the pops over 256-2,048 pages 6.29-6.33, about 1.3 per pop; one "
         "load per page over 1,024 pages 2.00) and a walk (over 4,096 pages "
         "8.69, about 2.3 per pop; one load 5.30), which the loop form's "
         "20,000 iterations reach at strides above 600 bytes. Not "
         "modelled: the L2 DTLB hit's lower cost, accesses that all fall in "
         "one L1 set (stride 4,096: 12.02 per page where 4,160 gives "
         "5.30), several loads through an index register to one line of a "
         "new page (6 loads, stride 4,160: 7.06 and 11.26)"};
  Mem.LockedRMWCycles = {
      7, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
         "locked.s, harness loop form, cycles per iteration): lock add "
         "dword [rdi], 1 alone 7.23, lock add qword 6.66, two lock adds to "
         "two lines 15.01, BHive bhdev-1398 (a lock add + 2 loads) 6.03; "
         "[uops.info] zen4 ADD_LOCK (M32, I8) throughput 7.38 cycles. A "
         "chain of lock adds to one address costs no more than the lock "
         "itself (store forwarding + the op would give 12); a plain load "
         "of the locked address after it is slower (lock add + 2 loads, one "
         "of them the same address: 24.21; a partial overlap: "
         "LockedStoreForwardBlockLatency)"};
  Mem.LockedStoreForwardBlockLatency = {
      25, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
          "locked.s, harness loop form, cycles per iteration): lock add "
          "dword [rdi], 1 then a qword load of [rdi] (a partial overlap) "
          "24.34, the same with the lock at [rdi+4] 24.35, with a second "
          "load 24.21-24.23; the same pair without the lock (add dword "
          "[rdi], 1 or mov [rdi], eax) 19.02, as StoreForwardBlockLatency; "
          "a load the locked store contains (lock add qword + qword load "
          "6.86, dword + dword 6.54) or that misses it (6.22-6.45) costs "
          "no more than the lock. 25 reproduces the 24.3 as 19 reproduces "
          "19.0 (the model counts the wait from the store's retirement)"};
  Mem.MovingStackLoadPasses = {
      2, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
         "epilogue.s, harness loop form, cycles per iteration): pops of a "
         "stack that moves up 48 bytes per iteration (6 pops) 3.96, 12 pops "
         "7.92, add rsp, 24 + 6 pops 4.25; k pops + add rsp to 64 bytes per "
         "iteration: k = 1, 2, 3, 4, 8: 2.00, 2.00, 2.33, 2.87, 5.28; k "
         "loads from [rsp+8j] + add rsp, 64: 2, 4, 8: 2.00, 2.82, 5.37: about "
         "2/3 cycle per load on the three load pipes, twice a load's 1/3 "
         "(the fill bound alone, LineFillPorts, gives 2.00 per line); the "
         "same pops with rsp put back each iteration 2.00 (6 pops) and 3.00 "
         "(add rsp, 24 + 6 pops + sub rsp, 72). Loads through rdi fall "
         "between (8 loads 3.68, 4 loads 2.81; not modelled)"};
  M.PipeOccupancyFromMeasuredThroughput = {
      true,
      "[uops.info] zen4: 321 of the 361 ZMM register forms with a YMM twin "
      "measure twice its reciprocal throughput (VADDPS 1.00 vs 0.50), and "
      "all 122 rows on FP45 alone measure 1.00 where their two pipes allow "
      "0.50 (stores, FP-to-GPR moves; [LLVM-Zn4]: 'FP stores are supported "
      "on two pipelines, but throughput is limited to one per cycle'); "
      "measured (probes/zen4.s): 8 independent zmm vaddps, vfmadd231ps, "
      "vpermps 7.97, 8.01, 7.97 (ymm 3.96, 4.30, 4.00), 8 zmm vpaddd 4.42 "
      "(ymm 2.03), 4 vmovq r64, xmm 4.69, 2 vmovq + 2 ymm stores 3.95, a "
      "zmm store 2.00"};
  M.MicrocodeSequencerOps = {
      8, "[uops.info] zen4: gathers and scatters (17-89 macro-ops) measure "
         "one per macro-ops / 4-5.3 cycles (VGATHERDPS (ZMM, K, VSIB_ZMM) 81 "
         "ops 16.50, (YMM, K, VSIB_YMM) 41 ops 8.33, VPSCATTERDD (VSIB_ZMM, "
         "K, ZMM) 89 ops 22.00), below what dispatch (6 per cycle) and "
         "their ports allow; measured (probes/zen4.s): one zmm vgatherdps "
         "per iteration 17.10, two 34.04 (the port bound gave 9 and 18 "
         "after PipeOccupancyFromMeasuredThroughput), ymm 8.99, zmm "
         "vscatterdps 23.16"};

  M.MacroFusion.Source = "as Zen 3 ([corsix]: Zen 3 and later fuse "
                         "CMP/TEST/AND/OR/XOR/ADD/SUB/INC/DEC with Jcc); "
                         "[AMDOptZen4 §2.9, branch fusion]";
  M.MoveElimination.GPR = {true, "[uops.info] MOV_89 (R64, R64) latency "
                                 "0 at 0.17 cycles (6 per cycle: renamed), "
                                 "as on Zen 3"};
  M.Idioms.ZeroIdiomsNeedNoPort = {true, "as Zen 3 ([LLVM-Zn3] measured): "
                                         "GPR and VEX zero idioms are "
                                         "zero-cycle; legacy-SSE forms "
                                         "still execute - not "
                                         "distinguished"};
  M.Idioms.SbbSameRegCarryOnly = {
      true, "measured on an EPYC 9004 host (loop-uarch-report --measure, "
            "loop form): cmp rax, 1; sbb rbx, rbx; add rbx, 1 takes 1.00 "
            "cycle per iteration (2.00 when the add's carry feeds the sbb)"};
  M.Latencies.ShiftRotateByCL = {
      1,
      "measured on an EPYC 9004 host (loop-uarch-report -mcpu=native "
      "--measure eval/bhive/probes-znver4/shift-by-cl.s, loop form): 4 "
      "chained shl rax, cl 4.00 cycles per iteration (count 0 or 5), rol "
      "4.00; through the count (shl rax, cl; mov ecx, eax) 1.00; through "
      "the flags (add rdi, 1; shl rax, cl; adc rdi, 0) 2.00; [LLVM-Zn4] "
      "latency 1 (llvm-mca-22 -mcpu=znver4); uops.info zen4 lists [0;16] "
      "(rotates [0;32]), whose upper bound no dependent instruction sees"};
  M.Latencies.BitTestModify = {
      2, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/"
         "bit-test-modify.s, README.md; --as=unrolled, 200 and 100 copies, "
         "two runs): bts r14, r13 chained through its destination 2.00 "
         "cycles per copy, btr and btc 2.00, bts/btr/btc r14, 5 2.00, bts "
         "r14d, r13d 2.00; through the bit index (xor r14d, r14d; bts r14, "
         "r13; mov r13, r14) 2.00; through the carry (bts r14, r13; cmovc "
         "r14, r12) 3.01, bt r14, r13 in its place 2.00; four independent "
         "bts 4.00 (two ops each on ALU1/ALU2); [uops.info] zen4 BTS (R64, "
         "R64) 2 ops, latency [1;2], whose lower bound no path shows. "
         "Memory forms take it as their operation's latency (not measured)"};
  M.Latencies.ThreeComponentLEABase = {
      2, "measured on an EPYC 9004 host (eval/bhive/probes-znver4/lea.s, "
         "loop form, two runs): lea rax, [rax+rdx-1] chained 2.00 cycles "
         "per iteration, through the index (lea rax, [rdx+rax-1]) 1.00, "
         "with a scale 2.00 and 1.00, lea eax, [rax+rdx-1] 2.00, without "
         "the displacement 1.00; BHive bhdev-0094 (lea rbp, [rbp+rdx-1]) "
         "2.00; [uops.info] zen4 LEA_B_I_D8 (R64) 2 ops, latency [1;2]"};
  // An EPYC 9004 CCD (8 cores, 32 MB L3) and the host this project
  // measures on (eval/memory/znver4-probe.json): figures marked "measured"
  // come from `loop-uarch-report --describe-cpu --measure` there.
  MemoryHierarchyDesc &H = M.MemoryHierarchy;
  MemoryLevelDesc &L1 = *H.level("L1d");
  L1.LoadBytesPerCycle = {64, "[C&C-Zen4] two 256-bit loads per cycle "
                              "(512-bit loads split); measured 63.8"};
  L1.StoreBytesPerCycle = {32, "one 256-bit store per cycle; measured 31.1-32"};
  L1.CopyBytesPerCycle = {64, "measured 63.9"};
  L1.MissBuffers = {24, "estimate: 24 miss address buffers"};
  MemoryLevelDesc &L2 = *H.level("L2");
  L2.SizeKiB = {1024, "[AMDOptZen4 ch. 2] 1 MB (doubled)"};
  L2.LatencyCycles = {14, "[AMDOptZen4 ch. 2] 14 cycles; measured 14.1"};
  L2.LoadBytesPerCycle = {32, "32 bytes per cycle from L2 to L1; measured "
                              "31.9"};
  L2.StoreBytesPerCycle = {31, "measured 31.1"};
  L2.CopyBytesPerCycle = {31, "measured 31.1"};
  L2.MissBuffers = {15, "measured on the EPYC 9004 KVM guest "
                        "(utils/page-walk.c, eval/memory/"
                        "znver4-page-walk.txt): loads a page and a line "
                        "apart, each line from DRAM (the moving walk with 2 "
                        "MiB pages over 8,192-131,072 pages), take 24.4-30.8 "
                        "cycles each: 405 cycles of latency / ~27 = 15 "
                        "misses in flight beyond L2"};
  MemoryLevelDesc &L3 = *H.level("L3");
  L3.UsableKiB = {8192, "measured on the EPYC 9004 KVM guest: the probe's "
                        "streams keep the L3's 26-27 bytes/cycle up to 8 "
                        "MiB and fall to 16-19 at 11.6 MiB, 9-14 at 16 MiB "
                        "and DRAM's 5 at 32 MiB - other tenants' cores use "
                        "the rest; all 32 MiB with idle neighbours"};
  L3.LatencyCycles = {50, "[C&C-Zen4] about 50 cycles; measured 44-49 with "
                          "2-3 MB"};
  L3.LoadBytesPerCycle = {27, "measured 26-27 with 2-8 MB"};
  L3.StoreBytesPerCycle = {27, "measured 27"};
  L3.CopyBytesPerCycle = {26, "measured 25-26"};
  // DRAM as the host's probe sees it: a KVM guest whose socket, memory
  // channels and L3 other tenants share (eval/memory/znver4-probe.json).
  MemoryLevelDesc &D = *H.level("DRAM");
  D.LatencyCycles = {405, "measured 393-424 in three runs (a random line "
                          "chase over 128-256 MiB, 32 pages at a time: no "
                          "TLB misses; ~111 ns) on the EPYC 9004 KVM "
                          "guest"};
  D.LoadBytesPerCycle = {4.6, "measured 4.5-4.8 (16-17 GB/s) on the EPYC "
                              "9004 KVM guest, shared with other tenants; a "
                              "bare-metal core reaches more"};
  D.StoreBytesPerCycle = {4.6, "measured 4.4-4.9 on the EPYC 9004 KVM "
                               "guest"};
  D.CopyBytesPerCycle = {5.0, "measured 4.8-5.4 on the EPYC 9004 KVM "
                              "guest"};
  H.DRAMOverlapsCacheLoads = {
      1, "measured on the EPYC 9004 KVM guest (utils/stream-count.c, "
         "eval/memory/znver4-streams.txt, six runs): N neighbouring rows "
         "32 KiB apart summed row after row (one row from DRAM, N - 1 "
         "re-read from L2) take 21-26 cycles per output line at N = 2, as "
         "a DRAM copy, and 30-38 at N = 3, 42-51 at N = 8: the copy plus "
         "the same sums with every row in L2 (8.4-9.0 at N = 3, 19.4-20.4 "
         "at N = 8); N far-apart streams all from DRAM overlap (4.3-8.0 "
         "bytes per cycle at N = 1-16), and so do rows beside an L3 stream"};
  H.L1AccessBytes = {
      32, "measured on the EPYC 9004 KVM guest (utils/line-split.c, "
          "eval/memory/znver4-line-split.txt, two runs): 8 independent L1 "
          "loads per iteration take 4.0-4.1 cycles of 16 or 32 bytes "
          "aligned or misaligned within a line, 8.0-8.6 when each splits a "
          "line (64 bytes: 8.1-8.3 and 12.4-13.2 at offset 8, where one "
          "32-byte half splits): half a cycle, a 32-byte access, more per "
          "split piece; 4 stores of 32 bytes 4.0 cycles, 7.9-8.0 when each "
          "splits; 64-byte stores with a split half only 0.25 cycles more "
          "each (the model charges a piece); 2 loads and a store of 64 "
          "bytes at offset 32 (halves on the lines) 2.5-2.6 cycles, as "
          "aligned"};
  // Page walks: a KVM guest walks two page tables (nested paging).
  H.PageWalkCycles = {54, "measured on the EPYC 9004 KVM guest "
                          "(utils/page-walk.c, eval/memory/"
                          "znver4-page-walk.txt, two runs): loads a page and "
                          "a line apart over 4,096-131,072 pages take 4-17 "
                          "cycles more per load with 4 KiB pages than with "
                          "2 MiB pages (median 8.4 over every kind, 10.0 "
                          "with the lines in the caches; one outlier of "
                          "19-47 at 131,072 pages), 9 x 6 walkers; nested "
                          "paging. The probe's column walk (24-28) also "
                          "counts its lines moving from L2 to L3"};
  H.TLBs[0].Entries4K = {72, "[AMDOptZen4 ch. 2] 72 entries, every page "
                             "size"};
  H.TLBs[0].Entries2M = {72, "shared by every page size"};
  H.TLBs[0].Entries1G = {72, "shared by every page size"};
  H.TLBs[1].Entries4K = {3072, "[AMDOptZen4 ch. 2] 3072 entries, 4 KB and "
                               "2 MB pages"};
  H.TLBs[1].Entries2M = {3072, "shared with 4 KB pages"};
  H.TLBs[1].CyclicHitPages4K = {
      2048, "measured on the EPYC 9004 KVM guest (utils/page-walk.c and "
            "utils/column-walk.c, eval/memory/znver4-page-walk.txt and "
            "znver4-column-walk.txt): a cyclic walk over 2,048 pages costs "
            "what it costs with 2 MiB pages; loads over 2,560 pages pay "
            "5-15% of the walks' full cost (more for moving walks and "
            "gathers), two column walks over 2,800 35-50%, loads over 3,072 "
            "50-75% (linear from 2,048 to 4,096 gives 25%, 37%, 50%)"};
  H.TLBs[1].CyclicMissPages4K = {
      4096, "measured (as CyclicHitPages4K): from 4,096 pages on every "
            "new page pays the walk"};
  H.NTStoreBytesPerCycle = {4.7, "estimate: as the load stream (not "
                                 "measured)"};
  return M;
}

} // namespace descriptions
} // namespace luarch
