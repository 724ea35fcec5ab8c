//===- Skylake.cpp - Intel Skylake (client) ------------------------------===//
//
// Sources (full references in docs/models.md):
//   [IntelOpt]  Intel 64 and IA-32 Architectures Optimization Reference
//               Manual, order 248966-046 (2023), §2.5 "Skylake client
//               microarchitecture" and §3.4-3.5.
//   [WikiChip]  WikiChip, "Skylake (client) - Microarchitectures - Intel".
//   [Agner]     A. Fog, "The microarchitecture of Intel, AMD and VIA CPUs",
//               §11 "Skylake".
//   [uops.info] Abel & Reineke, uops.info measurements (skylake table).
//   [SKL150]    Intel 6th Gen. Core Specification Update, erratum SKL150
//               (LSD disabled by microcode).
//   [uiCA]      Abel & Reineke, "uiCA: Accurate Throughput Prediction of
//               Basic Blocks on Recent Intel Microarchitectures", ICS 2022.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "IntelRules.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

/// A Core i7-6700K (4 cores, 8 MiB L3, 4.0 GHz) with dual-channel
/// DDR4-2133.
static MemoryHierarchyDesc skylakeMemory() {
  MemoryHierarchyDesc H;
  MemoryLevelDesc L1 = memoryLevel("L1d");
  L1.SizeKiB = {32, "[IntelOpt §2.5] cache parameters table: 32 KB"};
  L1.Ways = {8, "[IntelOpt §2.5] 8-way"};
  L1.SharedByCores = {1, "private"};
  L1.Inclusive = {false, "the first level"};
  L1.LatencyCycles = {4, "[IntelOpt §2.5] 4 cycles (fastest load-to-use)"};
  L1.LoadBytesPerCycle = {64, "[IntelOpt §2.5] peak 2 x 32-byte loads per "
                              "cycle"};
  L1.StoreBytesPerCycle = {32, "[IntelOpt §2.5] one 32-byte store per "
                               "cycle"};
  L1.CopyBytesPerCycle = {64, "estimate: 32 bytes loaded and 32 stored per "
                              "cycle; [IntelOpt §2.5] ~81 bytes/cycle "
                              "sustained of 96 peak"};
  L1.MissBuffers = {12, "[WikiChip] 12 fill buffers (10 before Skylake)"};
  MemoryLevelDesc L2 = memoryLevel("L2");
  L2.SizeKiB = {256, "[IntelOpt §2.5] 256 KB"};
  L2.Ways = {4, "[IntelOpt §2.5] 4-way (8-way before Skylake)"};
  L2.SharedByCores = {1, "private"};
  L2.Inclusive = {false, "neither inclusive nor exclusive of L1"};
  L2.LatencyCycles = {12, "[IntelOpt §2.5] 12 cycles"};
  L2.LoadBytesPerCycle = {29, "[IntelOpt §2.5] ~29 bytes/cycle sustained "
                              "of 64 peak; [Downs] ~43 with a special "
                              "access order"};
  setStoreCopyByECM(L2);
  L2.MissBuffers = {16, "estimate: the 16-entry superqueue"};
  MemoryLevelDesc L3 = memoryLevel("L3");
  L3.SizeKiB = {8192, "a Core i7-6700K: 8 MB; [IntelOpt §2.5] up to 2 MB "
                      "per core"};
  L3.Ways = {16, "[IntelOpt §2.5] up to 16 ways"};
  L3.SharedByCores = {4, "every core of the ring (4 on a Core i7-6700K)"};
  L3.Inclusive = {true, "[AnandTech-SKX] Skylake-S: fully inclusive L3"};
  L3.LatencyCycles = {44, "[IntelOpt §2.5] 44 cycles"};
  L3.LoadBytesPerCycle = {18, "[IntelOpt §2.5] ~18 bytes/cycle sustained "
                              "of 32 peak"};
  setStoreCopyByECM(L3);
  L3.MissBuffers = {16, "estimate: the L2 superqueue"};
  MemoryLevelDesc D = dramLevel();
  D.LatencyCycles = {250, "estimate: ~60 ns of DDR4 latency plus the L3 "
                          "miss path at 4 GHz"};
  D.LoadBytesPerCycle = {5, "estimate: ~20 GB/s for one core on "
                            "dual-channel DDR4-2133 (34 GB/s peak) at 4 GHz"};
  setStoreCopyByECM(D);
  H.Levels = {L1, L2, L3, D};
  H.TLBs = {{"L1 DTLB",
             {64, "[IntelOpt §2.5] TLB parameters table: 64 entries, "
                  "4-way"},
             {32, "[IntelOpt §2.5] 32 entries"},
             {4, "[IntelOpt §2.5] 4 entries"}},
            {"L2 TLB",
             {1536, "[IntelOpt §2.5] 1536-entry STLB for 4 KB and 2 MB "
                    "pages"},
             {1536, "[IntelOpt §2.5] shared with 4 KB pages"},
             {16, "[IntelOpt §2.5] 16 entries"}}};
  H.PageWalkCycles = {26, "estimate: Sandy Bridge's measured 26 cycles "
                          "([Palomares §5.4]); not measured on Skylake"};
  H.PageWalkers = {2, "[IntelOpt §2.5] two page walks in parallel"};
  H.NonTemporalStores = {true, "[IntelOpt §7.4] streaming stores skip the "
                               "read for ownership"};
  H.NTStoreBytesPerCycle = {5, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  H.PrefetchStrideBytes = {2048, "[IntelOpt §2.5] IP-based stride "
                                 "prefetcher up to 2 KB strides; the "
                                 "streamers stay within a 4 KB page"};
  return H;
}

MachineModel makeSkylake() {
  MachineModel M;
  M.Name = "skylake";
  M.Vendor = "Intel";
  M.Description = "Skylake (client), 6th-10th gen. Core";
  M.UopsInfoTable = "skylake";

  M.Ports = {
      {"0", "ALU, vector ALU/shift, FMA/mul, divider, branch"},
      {"1", "ALU, fast LEA, vector ALU/shift, FMA/mul, slow int (imul)"},
      {"2", "load, store address"},
      {"3", "load, store address"},
      {"4", "store data"},
      {"5", "ALU, fast LEA, vector shuffle, vector ALU"},
      {"6", "ALU, shift, branch"},
      {"7", "store address (simple addressing only)"},
  };
  M.PortsSource = "[IntelOpt §2.5] dispatch ports and execution stacks; "
                  "[uops.info] port names";
  M.LoadPorts = 0b00001100;         // p23
  M.StoreAddressPorts = 0b10001100; // p237
  M.SimpleAddressOnlyPorts = {0b10000000, // p7
                              "[IntelOpt §2.5] port 7 handles simple store addresses only; indexed stores use ports 2/3 [uiCA]"};
  M.StoreDataPorts = 0b00010000;    // p4
  M.IntALUPorts = 0b01100011;       // p0156
  M.BranchPorts = 0b01000001;       // p06
  M.Divider = {0, "[IntelOpt §2.5] divider on port 0"};

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {4, "[IntelOpt §2.5] allocation/rename 4 uops per cycle"};
  FE.PredecodeBytesPerCycle = {16, "[IntelOpt §2.5] legacy decode pipeline "
                                   "fetches 16 bytes per cycle"};
  FE.PredecodeInstrsPerCycle = {5, "[uiCA-cfg] preDecodeWidth = 5, measured "
                                   "([IntelOpt §2.5] states 6)"};
  FE.Decoders = {4, "[IntelOpt §2.5] 1 complex + 3 simple decoders"};
  FE.DecodeUopsPerCycle = {5, "[WikiChip] legacy pipeline delivers 5 uops "
                              "per cycle (up from 4)"};
  FE.UopCacheWidth = {6, "[WikiChip] DSB delivers 6 uops per cycle"};
  FE.UopCacheUops = {1536, "[IntelOpt §2.5] decoded ICache holds 1.5K uops"};
  FE.HasLSD = {false, "[SKL150] loop stream detector disabled by microcode"};
  FE.UopQueueSize = {64, "[WikiChip] allocation queue 64 entries per thread"};
  FE.IterationBoundaryRule = {false, "Palomares thesis §7.4.3: the SNB/IVB "
                                     "rule was lifted from Haswell on"};
  FE.LCPPenalty = {3, "[IntelOpt §3.4.2.3] length-changing prefix stall "
                      "~3 cycles"};
  setIntelLegacyDecode(M);
  setSandyBridgeDSBSets(M);
  FE.InstructionQueueSize = {25, "[uiCA-cfg] IQWidth = 25 (Skylake)"};
  FE.MacroFusibleOnLastDecoder = {true, "[uiCA-cfg] Skylake decodes a "
                                        "macro-fusible instruction on the "
                                        "last decoder"};
  FE.ComplexDecoderMnemonics = {
      {"CMOV*", "SET*", "BSWAP", "BT", "BTS", "BTR", "BTC", "CBW", "CWDE",
       "CDQE", "CDQ", "CQO", "POPCNT", "PREFETCH*"},
      "[uops.info] 'Requires the complex decoder' on single-uop "
      "instructions (e.g. CMOVZ (R32, R32)); [SO-decoders] A. Abel's "
      "Skylake list: bswap r32, bt/bts/btr/btc reg, cbw/cwde/cdqe, cdq/cqo, "
      "popcnt, prefetch; measured on Cascade Lake (measured-clx.csv, "
      "unrolled, legacy-decoded): 6 instructions with one setcc or cmovcc "
      "take 2 cycles (bhdev-1936 1.96, bhdev-0021 2.00; 1.50 with simple "
      "decoders), bswap x2 (bhdev-0620) 3.09, cdqe (bhdev-0723) 4.02"};
  FE.JCCErratum = {true, "[IntelJCC] JCC erratum microcode update: a jump "
                         "that crosses or ends on a 32-byte boundary is not "
                         "cached in the decoded ICache; [uiCA-cfg] "
                         "branchCanBeLastInstrInCachedBlock = False"};
  FE.DSBBothHalvesOfLine = {true, "[uiCA-cfg] both32ByteBlocksMustBeCacheable "
                                  "(Skylake)"};
  FE.DSBToMSStall = {2, "[uiCA-cfg] DSB_MS_Stall = 2 (Skylake)"};
  FE.UnrolledLCPFromLegacyDecode = {
      true,
      "measured on Cascade Lake (measured-clx.csv, unrolled; one block, "
      "in-sample): bhdev-1683 sub si, 0xae; cmp si, 0x67 (9 bytes, one "
      "LCP) 3.56 cycles, which is the legacy decoders with the 3-cycle LCP "
      "stall of [IntelOpt §3.4.2.3] per 16-byte block: (1 + 3 x 16/9) x "
      "9/16 = 3.5625; its loop form runs from the DSB (1.49). Code with "
      "LCPs that stays in the legacy decoders is reported elsewhere too "
      "(idq.mite_uops rising from 0.04% to 35% with cmp ax, imm16 in an "
      "unrolled loop, [HN-LCP])"};
  FE.UnrolledDSBMaxSlots = {
      800,
      "measured on Cascade Lake (measured-clx.csv, unrolled; chosen by the "
      "corpus, in-sample): 200 straight-line copies that fit the decoded "
      "ICache's 1,536 uops and its sets ([IntelOpt §2.5], §2.6.2.3) still "
      "run at the legacy decoders' rate once they take about 1,000 slots: "
      "of the 37 such blocks of 5 or 6 fused uops (1,000-1,200 slots), 25 "
      "measure closer to the legacy decoders (bhdev-0022 1.60, legacy 1.63, "
      "uop cache 1.25; 0802 1.83 / 1.81 / 1.50; 1177 2.18 / 2.19 / 1.50; "
      "0173 2.07 / 2.13 / 1.50), the rest half-way (0190, 0220, 1081 "
      "1.27-1.28 / 1.31 / 1.25); copies of 4 fused uops (800 slots) measure "
      "between the two (median a fifth of the way to the legacy rate) and "
      "of 2-3 (400-600 slots) at the uop cache's rate, whatever their set "
      "occupancy (600-slot copies using 160 of the 256 ways stay in the "
      "uop cache, 1,000-slot copies using 160-176 do not): a limit in "
      "uops, not in ways, and no public source states it. Any limit from "
      "800 to 999 scores the same here; the loop form is not affected. It "
      "covers the setcc blocks (bhdev-1747, 0163, 0846, 0998, 0641, 0329: "
      "5 fused uops a copy) that an earlier in-sample rule sent to the "
      "legacy decoders by mnemonic (h-clx6's UnrolledLegacyMnemonics = "
      "SET*, removed: no block moves by more than 0.001)"};
  FE.DSBWayDelivery = {
      true,
      "[uiCA-sim] DSB.cycle (6-wide DSB: Skylake and later): a cycle's uops "
      "come from at most two ways; where a way ends and the next lies in "
      "another 32-byte window, a group that began at a way's start keeps 4 "
      "slots after 1-2 uops, 2 after 3-4, 1 after 5; one that ends a loop "
      "mid-way keeps 4 after 1 uop (or 2 from the way's slot 4), else at "
      "most 2; after the back edge the group goes on into the next "
      "iteration unless its first way lies in the same window (where an "
      "extra entry ended the cycle before, it goes on there too). Not "
      "fitted; measured on Cascade Lake (measured-clx.csv, loop form): "
      "loops of 7 fused uops in two windows run at 1.75, the issue width's "
      "rate (bhdev-0173, 0361, 1177, 1891; 2.00 when every iteration "
      "starts a new cycle)"};
  FE.DSBExtraEntryEndsDelivery = {
      true,
      "[uiCA-sim] getDSBBlocks, DSB.cycle (after [Agner] §9.3, the Sandy "
      "Bridge uop cache): an instruction whose immediate does not fit 32 "
      "bits, or 16 bits with a memory operand, takes an extra entry of its "
      "way, needs two of the cycle's slots and ends the cycle's delivery. "
      "Not fitted; measured on Cascade Lake (measured-clx.csv, loop form): "
      "five movabs + dec/jnz 5.00 (bhdev-0374), two movabs among 9 "
      "instructions 4.00 and 3.00 (bhdev-0729, 0003), a store of the "
      "immediate 0x3f800000 among 6 fused uops 2.00 (bhdev-0200). Goes with "
      "DSBWayDelivery (after an extra entry the next group may go on past "
      "the back edge: mov rdx, rax; test dword ptr [rdx + 0x10], 0x80000 "
      "1.00, bhdev-0225). A 16-bit-range immediate beside a 32-bit "
      "displacement (mov qword ptr [r13 + 0x8290], 0: bhdev-0598 3.00 "
      "measured, 2.00 modelled) takes none: counting the encoded bytes "
      "instead moved 18 loops further and 6 closer"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {4, "[Agner §11] retires 4 fused uops per cycle per "
                       "thread"};
  BE.ROBSize = {224, "[IntelOpt §2.5]; [WikiChip] ROB 224 entries"};
  BE.SchedulerSize = {97, "[IntelOpt §2.5]; [WikiChip] scheduler 97 entries"};
  BE.LoadBufferSize = {72, "[IntelOpt §2.5] 72 load buffer entries"};
  BE.StoreBufferSize = {56, "[IntelOpt §2.5]; [WikiChip] store buffer 56"};
  BE.IntPRFSize = {180, "[WikiChip] integer register file 180 entries"};
  BE.VecPRFSize = {168, "[WikiChip] vector register file 168 entries"};
  BE.ROBMicroFusion = {true, "Palomares thesis App. A.8 (IVB/HSW measured); "
                             "unchanged since [IntelOpt §2.5]"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {4, "[IntelOpt §2.5] L1D load-to-use 4 cycles "
                           "(simple addressing); BHive README pointer "
                           "chase 4.00 on a Skylake-SP core"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "[IntelOpt §2.5] 5 cycles with complex "
                                  "addressing"};
  Mem.FastLoadNeedsLoadedBase = {
      true, "[SO-fastload] Haswell and Skylake measurements: the 4-cycle "
            "load-use latency of [reg + 0..2047] needs the base register "
            "from a load (pointer chasing), 5 cycles after an ALU "
            "instruction; [uops.info] MOV (R64, M64) latency [<=2;5] from "
            "the address; [uiCA-sim] the same rule. Measured on Cascade "
            "Lake (measured-clx.csv): mov rax, [rax+8]; add rax, [rbx] "
            "chains at 6.00 (bhdev-0027, 1019: 5 + 1), push r15; mov r15, "
            "[rdi]; mov rdi, r15 at 4.0 (bhdev-0462: through the eliminated "
            "move); forwarded loads keep 4 (bhdev-0807: 4.16)"};
  Mem.FastLoadRSPNeedsLoadedBase = {
      true,
      "FastLoadNeedsLoadedBase's [SO-fastload] reading applied to rsp: "
      "[IntelOpt] the stack pointer tracker keeps push/pop's rsp changes "
      "as an offset added to the address (no uop; FrontEndDesc::"
      "StackSyncUop), so a pop's base is the physical rsp that the last "
      "explicit writer (lea/add/sub rsp, an ALU instruction) or sync uop "
      "computed, not a load: 5 cycles. No constant. Measured on Cascade "
      "Lake (measured-clx.csv): lea rsp, [rbp-0x28]; pop rbx ... pop rbp "
      "epilogues at 8.00 (bhdev-0133, 0924, 1134, 1525 unrolled; 1 + 2 "
      "cycles of six loads on two ports + 5), 7.0 predicted with 4; the "
      "rule's scope is one these blocks pointed at (in-sample)"};
  Mem.ForwardedLoadSkipsComplexAddress = {
      true,
      "[IntelOpt §2.5] the 4-cycle load-to-use latency holds for simple "
      "addresses, 5 for complex ones; [SO-fastload] the 4-cycle path starts "
      "the L1/TLB lookup from the base register before the address is "
      "added up, the cycle a complex address (index, negative or 2 KiB+ "
      "displacement) pays; a value forwarded from the store buffer does not "
      "take that path (the same reading as FastLoadNeedsLoadedBase's: "
      "forwarded loads keep 4, bhdev-0807). Measured on Cascade Lake "
      "(measured-clx.csv): read-modify-write chains through complex "
      "addresses run at forwarding + op like simple ones, add dword "
      "[rbp-0x4d8], r11d 4.98 (bhdev-1303), or qword [rbx+rbp+8], 1 4.79 "
      "(1466), cmove/mov byte [rbp-0x4fa] 4.85 (1504), or qword "
      "[r12+8*rbp], rax 5.50 (1327), where 5 + 1 = 6 was predicted. No "
      "constant: the rule's form is one the corpus pointed at (in-sample)"};
  Mem.SegmentBaseLoadCycles = {
      1, "[SO-segbase] P. Cordes, Stack Overflow, 'Are IA-32 segment "
         "descriptors that do not cover the full 4GiB linear address space "
         "slower?': a non-zero segment base adds a cycle of address "
         "generation to the load-use latency on Skylake (no fast path; read "
         "in a mirror of the answer, recheck). Measured on Cascade Lake "
         "(measured-clx.csv): mov rdx, fs:[rdx] chains at 7.00 (bhdev-1209) "
         "and mov rax, fs:[rax] at 8.0 (bhdev-0080), so 5 + 1 = 6 is still "
         "short (2 would score 2.57%/1.99% against 2.58%/2.01%: not taken, "
         "it would be fitted)"};
  Mem.LoadLatencyVec = {5, "[IntelOpt §2.5] FP/vector loads one cycle "
                           "slower than integer loads"};
  Mem.StoreForwardLatency = {
      4, "[Agner §11] store forwarding 4-5 cycles; the lower end chosen by "
         "the Cascade Lake corpus (measured-clx.csv, in-sample): read-"
         "modify-write chains through memory such as add qword [rax], 1 "
         "measure 5.0-5.4 cycles (forwarding + the 1-cycle add), and "
         "4 scores 3.60%/2.84% against 3.78%/3.07% for 5; a forwarded "
         "load is never faster than its own load-to-use latency"};
  setFourKAliasing(M);
  Mem.FourKAliasedLoadWaitsForStore = {
      true,
      "[IntelOpt] aliasing cases (Pentium M chapter): 'if a store is "
      "followed by a load where their addresses differ by a multiple of 4K "
      "Bytes the load also stalls until the store retires'; VTune's '4K "
      "Aliasing' metric for the later cores. Measured on Cascade Lake "
      "(measured-clx.csv, its harness mapping every page onto 4 shared "
      "physical pages): bhdev-1417 (mov [rsp+8*r9], rdx, then the next "
      "iteration's mov rax, [rsi] 4 KiB multiples away) 16.0 cycles per "
      "iteration, bhdev-1408 15.0, bhdev-1793 15.0; pairs whose pages "
      "differ mod 4 run free (bhdev-0893 5.5, 0207 5.9, 0984 3.9, 0073 "
      "6.6): the load waits only where it reads the store's physical bytes. "
      "The wait is StoreForwardBlockLatency's; the page mapping (v mod 4) "
      "and the Skylake-family scope are forms the corpus pointed at "
      "(in-sample)"};
  Mem.StoreForwardBlockLatency = {
      16, "measured (Cascade Lake, ../shared/data/bhive/measured-clx.csv): "
          "29 copy blocks whose loads overlap the previous iteration's "
          "stores partly (e.g. bhdev-0731: movq 7(%rsi), %rdx; movq (%rsi), "
          "%rcx; movq %rdx, 7(%rdi); movq %rcx, (%rdi), rsi = rdi) take "
          "16.0 cycles per iteration in both forms; LLVM "
          "X86AvoidStoreForwardingBlocks (reviews.llvm.org/D41330) "
          "estimates ~13"};
  Mem.StoreForwardBlockAfterRetire = {
      13,
      "measured (Cascade Lake, ../shared/data/bhive/measured-clx.csv; "
      "in-sample): where the blocked load's value feeds no store, the "
      "chain runs through retirement (store retires, load waits for its "
      "commit, load and the next copy's store retire) and the blocks "
      "measure 13-15 cycles per iteration, 2 less than the copy blocks' "
      "16 counted from retirement gave: bhdev-1733 13.0 (the store one "
      "instruction after the load), 1777 14.0, 1589 15.0, 1804 15.0, 1408 "
      "15.0, 1707 18.0 (loop), 1067 33.0, 1788 16.0; 13 cycles from the "
      "store's retirement to the load's value gives each exactly, and the "
      "copy blocks (the value feeds the next store's data) keep 16 from "
      "the data or address uop of the store or an older one (stores "
      "commit in order; StoreForwardBlockLatency). Not every block agrees: "
      "bhdev-1762 20.0 (18 -> 16), 0883 14.8 (15 -> 13), 0894 21.0 (20 -> "
      "19). [IntelOpt] "
      "(store forwarding restrictions): a load that cannot forward waits "
      "until the store is written to the cache; how long after retirement "
      "is not published"};
  Mem.STLBHitLoadCycles = {
      9, "[7-cpu] \"Intel Skylake\": L1 DTLB miss penalty 9 cycles (an "
         "STLB hit; recalled, the page is not in this project's sources: "
         "recheck), which the measurements below agree with; [IntelOpt "
         "§2.5] 64-entry L1 "
         "DTLB, 1536-entry STLB. Measured on Cascade Lake (measured-clx.csv, "
         "harness context): address walks that move by 4 KiB or more per "
         "iteration take 8-9 cycles more than their L1-hit chains "
         "(bhdev-0369 mov rdx, [rax+8]; and rdx, -8; add rax, rdx 15.99 "
         "unrolled against 7; bhdev-1363 15.00 against 7; bhdev-1224 16.16 "
         "against 7; their loads take 5 cycles, the base from an ALU "
         "instruction: FastLoadNeedsLoadedBase)"};
  Mem.STLBHitHoldsLoadPorts = {
      true, "measured on Cascade Lake (measured-clx.csv, harness context; "
            "the mechanism, loads to the new page in flight waiting for the "
            "STLB and passing their port again, is a guess): epilogues "
            "add rsp, N; pop x6 run at 3.0 cycles (the load ports) plus "
            "about 9 per page their pops enter: N = 120-304 (a page every "
            "12-24 iterations) 3.61-3.80 (bhdev-0004, 0280, 1102, 1250), "
            "N = 968-1192 (every 3.3-4) 5.45-5.79 (bhdev-0797, 0835), "
            "N = 1560 5.38 (bhdev-1054, a page every 2.5 iterations: "
            "less than 9 each); a load entering a page alone every "
            "iteration costs no throughput (bhdev-1896 vaddss xmm0, xmm0, "
            "[rax]; add rax, rsi: 4.00, its chain). The form of the rule "
            "was chosen by the corpus (in-sample); the 9 cycles are "
            "STLBHitLoadCycles', not fitted. The cost is the mean per "
            "iteration, a fraction carried across iterations (N = 168-184: "
            "3.56, measured 3.29-3.79), from half a cycle on: pages further "
            "apart than 18 iterations measure no cost (N <= 72 unrolled, "
            "bhdev-0062 2.996, 1835 2.995, 0514 3.07; in-sample)"};
  Mem.SplitLineStoreDataCycles = {
      2, "a store that crosses a 64-byte line writes two lines, and the "
         "L1 takes one store per cycle ([IntelOpt §2.5] one 32-byte store "
         "per cycle, as L1.StoreBytesPerCycle): two "
         "cycles of the store path. No public measurement of Skylake's "
         "split-store throughput found; the corpus agrees (measured-clx.csv, "
         "harness context, in-sample): bhdev-1550 (mov [rax], edx at "
         "0x400007ff, two stores) 3.00 in both forms against 2 stores + 1, "
         "bhdev-0646 (16 stores, one 8-byte store at line offset 0x3c) "
         "17.02 / 17.04 against 16 + 1; 18 memcpy tails (lddqu/movdqu "
         "pairs, split stores) run at 16.0 on a 16-cycle chain either "
         "way; bhdev-0168 and 1360 (a split store on a blocked forward's "
         "chain) move 0.25 and 0.04 further"};
  Mem.STLBHitHoldsStorePorts = {
      true, "measured on Cascade Lake (measured-clx.csv, harness context; "
            "the rule's form, the cap included, chosen by the corpus: "
            "in-sample; the 9 cycles are STLBHitLoadCycles', not fitted): "
            "prologues push x6; sub rsp, N run at their stores (one per "
            "cycle, p4) plus about 9 per page their pushes enter: N = 1336 "
            "(a page every 2.96 iterations, bhdev-1073) 9.04 unrolled / "
            "9.79 loop against 6 + 9 / 2.96 = 9.04; bhdev-1228 (7 stores, "
            "a page every 2.71) 10.31 / 11.10 against 10.32; bhdev-0975 "
            "5.69 / 6.32. Stores that enter a page every iteration cost "
            "about a cycle each, not 9 a page: bhdev-0232 (two stores 1 GiB "
            "apart per iteration) 7.01 against 5 stores, bhdev-0241 (one "
            "push) 5.90 against 5, bhdev-1206 (four) 12.06 / 12.64 against "
            "8. Frames of 200-400 bytes (a page every 10-20 iterations) "
            "cost 0.5-1.5 unrolled but 0.05-0.35 as loops (bhdev-0458, "
            "0276, 0889: the rule gives 0.56-0.84 in both forms, a "
            "fraction carried across iterations). The loops' own "
            "footprint agrees with the 64-entry L1 DTLB ([IntelOpt §2.5]): "
            "every run of the corpus' loop form starts from the same stack "
            "pointer and walks loop_iters_a x frame bytes; the push "
            "prologues whose walk stays within 28-57 pages (bhdev-0115, "
            "0276, 0458, 0599, 0733, 0889, 0970, 1092, 1234, 1338, 1909) "
            "measure no page cost as loops, those over 114 pages (1073, "
            "1228, 0975) pay it, and the pop epilogues' loops likewise (46-56 "
            "pages: 0.05-0.14, 65: 0.29, 70: 0.45-0.48, over 86: 7.5-12 "
            "per page); with the run's iteration count known "
            "(AddressContext::RunIterations, evaluate.py's loop form) a walk "
            "within the L1 DTLB's entries costs nothing, so the rule "
            "applies to the unrolled form and to loops whose run exceeds "
            "it (the 65-70-page epilogues, 0.29-0.48 measured, still get "
            "0.56). The unrolled copies (200, "
            "at most 20 pages for these frames) pay even within the DTLB's "
            "reach: not explained"};
  Mem.LoadedStoreAddressForward = {
      7, "measured on Cascade Lake (measured-clx.csv, harness context; read "
         "off bhdev-1248, in-sample): mov rax, [rsp]; mov [rax], r13; xor "
         "eax, eax, whose store writes the next iteration's [rsp], runs at "
         "7.99 unrolled / 7.96 as a loop: 8 = the store-address uop's cycle "
         "+ 7, where forwarding from the store's data would give 5 "
         "(1 + StoreForwardLatency); bhdev-1798 (two such links, 9.00 "
         "before) 12.65 / 12.69 against 12.00 with the rule. No flush as on "
         "Zen 4 (LoadedStoreAddressFlush): the same in both forms. "
         "[IntelOpt] 'memory disambiguation' (Intel Core microarchitecture) "
         "lets loads predicted not to alias run ahead of unknown store "
         "addresses; that this load waits for the address instead and then "
         "forwards is a guess from these two blocks"};
  Mem.LoadsPerCycle = {2, "[IntelOpt §2.5] two loads per cycle (p2, p3)"};
  Mem.StoresPerCycle = {1, "[IntelOpt §2.5] one store per cycle (p4)"};

  setSandyBridgeMacroFusion(M);
  setSandyBridgeMicroFusion(M);
  setIntelPortBinding(M);
  setIntelWholeIssueGroups(M);

  M.Unlamination = {UnlaminationRule::IndexedUnlessTwoOperandRMW,
                    "[IntelOpt §2.4.2.x] (Haswell and later); [uiCA] §4"};
  M.MoveElimination.GPR = {true, "[IntelOpt §3.5.1.12] move elimination; "
                                 "[uops.info] MOV_89 (R64, R64): 0 uops "
                                 "executed"};
  M.MoveElimination.Vector = {true, "[IntelOpt §3.5.1.12]; [uops.info] "
                                    "MOVAPS_0F28: 0 uops executed"};
  M.MoveElimination.SameRegisterExecutes = {
      true,
      "[LLVM-56498] llvm/llvm-project issue 56498 (code for -march=skylake): "
      "same-register 'movzx eax, al' cannot be eliminated; [SO-movfree] "
      "P. Cordes: Intel's move elimination needs different source and "
      "destination registers (recalled; read in a mirror of the answer: "
      "recheck); [uops.info] MOVZX (R32, R8l), MOV_89 (R32, "
      "R32): latency [0;1], 0 uops executed (the eliminated case), 1 the "
      "bound taken. Measured on Cascade Lake (measured-clx.csv): "
      "xor cl, [rsi]; ...; movzx ecx, cl; xor rax, [8*rcx + disp] chains "
      "at 8.03 / 8.04 (bhdev-1475: 7 with the movzx eliminated, 8 "
      "without), bhdev-0763 8.21 / 8.27 (7.3 / 7.2 -> 8.3 / 8.0); not "
      "fitted"};
  M.MoveElimination.MovzxHigh8AliasExecutes = {
      true,
      "[uiCA-cfg] movzxHigh8AliasCanBeEliminated = False for SKL (and "
      "HSW, ICL): 'whether movzx can be eliminated if the second register "
      "has the same encoding as a high8 register'; [uops.info] MOVZX (R32, "
      "R8l): latency [0;1], 0 uops executed (the eliminated case), 1 the "
      "bound taken. Measured on Cascade Lake (measured-clx.csv): add ecx, "
      "1; sete sil; movzx ecx, sil chains at 3.00 in both forms (bhdev-1971: "
      "2 with the movzx eliminated); not fitted"};
  setHaswellEliminationSlots(M);
  setSandyBridgeIdioms(M);
  setCarryZeroFlagMerge(M);
  setShiftByCLFlagUops(M);
  M.ShiftByCLFlagsCycles = {
      2,
      "[IntelSDM] SAL/SAR/SHL/SHR, SHLD, SHRD: 'if the count is 0, the "
      "flags are not affected' (the flag uops merge the old flags); "
      "[Agner-blog-860] P. Cordes on Agner Fog's blog, 'SHL/SHR r,cl "
      "latency is lower than throughput' (2017, i7-6700k): 2 cycles from "
      "the input flags to the output flags, consecutive shl r, cl at 2 "
      "cycles each and at 1.5 with flag-writing instructions between "
      "them; [uops.info] SHL (R64, CL) latency [0;2] (the 2: into the "
      "flags, also from the register inputs), SHLD_CL/SHRD_CL (R64, R64, "
      "CL) 1*p0156+2*p06+1*p1 against SHLD_IMMB's 1*p1: the same two p06 "
      "flag uops (their cycles taken as the shifts'). Not fitted; on "
      "Cascade Lake (measured-clx.csv) shld r8, r9, cl; mov [rdi], r8; "
      "shl r9, cl; mov [rdi-8], r9 chains through the flags at 2 + 2 = "
      "4.00 cycles in both forms (bhdev-1121)"};
  setLockedRoundTripAtThroughput(M);
  setLockedWaitsForStoreCommit(M);
  setLoadsWaitForLockedRMW(M);
  M.X87NaNInputAssistCycles = {
      160,
      "[SO-fpassist] P. Cordes: a floating-point microcode assist flushes "
      "the out-of-order pipeline like an exception and takes over 160 "
      "cycles on Sandy Bridge-family cores (the figure taken); [IntelPMU] "
      "Sandy Bridge to Broadwell count FP_ASSIST.X87_INPUT, 'x87 assists "
      "due to input value', and Skylake's FP_ASSIST.ANY (umask 0x1e) "
      "keeps that bit; [SO-x87nan] x87 arithmetic on NaN runs about 50x "
      "slower on Pentium M and a Core i7's x87 complex division with a NaN "
      "16x (SSE: no penalty). The NaN comes from the harness's empty x87 "
      "stack ([IntelSDM] vol. 1 8.5.1.1: a masked stack underflow yields "
      "the QNaN indefinite). Checked on Cascade Lake (measured-clx.csv, the "
      "one block of x87 arithmetic, so in-sample): bhdev-1766, fmul and "
      "fucomi on such NaNs, 368.9 / 370.2 measured, 2 x 160 + its "
      "other work; the Zen 4 host measures the same block at 9.0 (no "
      "assist there)"};
  M.MemoryHierarchy = skylakeMemory();
  return M;
}

} // namespace descriptions
} // namespace luarch
