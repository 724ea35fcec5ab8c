//===- Haswell.cpp - Intel Haswell and Broadwell -------------------------===//
//
// Sources (full references in docs/models.md):
//   [IntelOpt]  Intel 64 and IA-32 Architectures Optimization Reference
//               Manual, order 248966-046, §2.4 "Haswell microarchitecture",
//               §2.4.x "Broadwell", §3.4-3.5.
//   [Palomares] V. Palomares, PhD thesis (UVSQ 2015), Table 7.6 and App. A
//               (measured HSW sizes); ../shared/docs/seed-palomares-*.md.
//   [Agner]     A. Fog, "The microarchitecture of Intel, AMD and VIA CPUs",
//               §10 "Haswell and Broadwell".
//   [uops.info] Abel & Reineke, uops.info measurements (haswell, broadwell).
//   [uiCA]      Abel & Reineke, ICS 2022 (unlamination rules, LSD).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "IntelRules.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

/// A Core i7-4770 (4 cores, 8 MiB L3, 3.4 GHz) with dual-channel
/// DDR3-1600.
static MemoryHierarchyDesc haswellMemory() {
  MemoryHierarchyDesc H;
  MemoryLevelDesc L1 = memoryLevel("L1d");
  L1.SizeKiB = {32, "[IntelOpt §2.4] 32 KB"};
  L1.Ways = {8, "[IntelOpt §2.4] 8-way"};
  L1.SharedByCores = {1, "private"};
  L1.Inclusive = {false, "the first level"};
  L1.LatencyCycles = {4, "[IntelOpt §2.4] 4 cycles (load-to-use, simple "
                         "address)"};
  L1.LoadBytesPerCycle = {64, "[IntelOpt §2.4] two 32-byte loads per cycle"};
  L1.StoreBytesPerCycle = {32, "[IntelOpt §2.4] one 32-byte store per "
                               "cycle"};
  L1.CopyBytesPerCycle = {64, "estimate: 32 bytes loaded and 32 stored per "
                              "cycle; [IntelOpt §2.3] Broadwell L1 "
                              "sustained 93 of 96 bytes/cycle"};
  L1.MissBuffers = {10, "[IntelOpt §2.4] 10 line fill buffers as on Sandy "
                        "Bridge"};
  MemoryLevelDesc L2 = memoryLevel("L2");
  L2.SizeKiB = {256, "[IntelOpt §2.4] 256 KB"};
  L2.Ways = {8, "[IntelOpt §2.4] 8-way"};
  L2.SharedByCores = {1, "private"};
  L2.Inclusive = {false, "neither inclusive nor exclusive of L1 (as Sandy "
                         "Bridge)"};
  L2.LatencyCycles = {12, "[IntelOpt §2.3] Broadwell: 12 cycles (table "
                          "comparing it with Skylake Server)"};
  L2.LoadBytesPerCycle = {25, "[IntelOpt §2.3] Broadwell: 25 bytes/cycle "
                              "sustained of 32 peak; [Downs] no more than "
                              "32 bytes/cycle from L2 before Skylake"};
  setStoreCopyByECM(L2);
  L2.MissBuffers = {16, "estimate: the 16-entry superqueue"};
  MemoryLevelDesc L3 = memoryLevel("L3");
  L3.SizeKiB = {8192, "a Core i7-4770: 8 MB, a 2 MB slice per core"};
  L3.Ways = {16, "16-way (8 MB parts)"};
  L3.SharedByCores = {4, "every core of the ring (4 on a Core i7-4770)"};
  L3.Inclusive = {true, "[IntelOpt §2.4] inclusive LLC"};
  L3.LatencyCycles = {36, "estimate: [7-cpu] about 36 cycles on a Core "
                          "i7-4770 (not re-verified); [IntelOpt §2.3] "
                          "50-60 on Broadwell server parts (longer ring)"};
  L3.LoadBytesPerCycle = {14, "[IntelOpt §2.3] Broadwell: 14 bytes/cycle "
                              "sustained of 16 peak"};
  setStoreCopyByECM(L3);
  L3.MissBuffers = {16, "estimate: the L2 superqueue"};
  MemoryLevelDesc D = dramLevel();
  D.LatencyCycles = {230, "estimate: ~65 ns of DDR3 latency plus the L3 "
                          "miss path at 3.4 GHz"};
  D.LoadBytesPerCycle = {6, "estimate: ~20 GB/s for one core on "
                            "dual-channel DDR3-1600 (25.6 GB/s peak) at "
                            "3.4 GHz"};
  setStoreCopyByECM(D);
  H.Levels = {L1, L2, L3, D};
  H.TLBs = {{"L1 DTLB",
             {64, "[IntelOpt §2.4] 64 entries, 4-way"},
             {32, "[IntelOpt §2.4] 32 entries"},
             {4, "[IntelOpt §2.4] 4 entries"}},
            {"L2 TLB",
             {1024, "[IntelOpt §2.4] 1024-entry STLB for 4 KB and 2 MB "
                    "pages"},
             {1024, "[IntelOpt §2.4] shared with 4 KB pages"},
             {0, "[IntelOpt §2.4] none"}}};
  H.PageWalkCycles = {26, "as Sandy Bridge ([Palomares §5.4], measured "
                          "there); not measured on Haswell"};
  H.PageWalkers = {1, "[IntelOpt §2.5] Skylake does two page walks in "
                      "parallel, earlier generations one"};
  H.NonTemporalStores = {true, "[IntelOpt §7.4] streaming stores skip the "
                               "read for ownership"};
  H.NTStoreBytesPerCycle = {6, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  H.PrefetchStrideBytes = {2048, "[IntelOpt §2.4] IP-based stride "
                                 "prefetcher up to 2 KB strides; the "
                                 "streamers stay within a 4 KB page"};
  return H;
}

MachineModel makeHaswell() {
  MachineModel M;
  M.Name = "haswell";
  M.Aliases = {"core-avx2"};
  M.Vendor = "Intel";
  M.Description = "Haswell, 4th gen. Core";
  M.UopsInfoTable = "haswell";

  M.Ports = {
      {"0", "ALU, shift, vector mul/FMA, divider, branch"},
      {"1", "ALU, fast LEA, vector add/FMA, slow int (imul)"},
      {"2", "load, store address"},
      {"3", "load, store address"},
      {"4", "store data"},
      {"5", "ALU, fast LEA, vector shuffle"},
      {"6", "ALU, shift, branch"},
      {"7", "store address (simple addressing only)"},
  };
  M.PortsSource = "[IntelOpt §2.4.3] eight dispatch ports; [uops.info]";
  M.LoadPorts = 0b00001100;         // p23
  M.StoreAddressPorts = 0b10001100; // p237
  M.SimpleAddressOnlyPorts = {0b10000000, // p7
                              "[IntelOpt §2.4.3] port 7: a store address AGU for simple addressing (base + displacement); indexed stores use ports 2/3"};
  M.StoreDataPorts = 0b00010000;    // p4
  M.IntALUPorts = 0b01100011;       // p0156
  M.BranchPorts = 0b01000001;       // p06
  M.Divider = {0, "[IntelOpt §2.4.3] divider on port 0"};

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {4, "[IntelOpt §2.4.2] 4 uops per cycle allocated"};
  FE.PredecodeBytesPerCycle = {16, "[IntelOpt §2.4.2] 16 bytes/cycle"};
  FE.PredecodeInstrsPerCycle = {5, "[uiCA-cfg] preDecodeWidth = 5, measured "
                                   "([IntelOpt §2.6.2.1] states 6)"};
  FE.Decoders = {4, "[IntelOpt §2.4.2] 1 complex + 3 simple decoders"};
  FE.DecodeUopsPerCycle = {4, "[IntelOpt §2.4.2] legacy decode 4 uops per "
                              "cycle"};
  FE.UopCacheWidth = {4, "[IntelOpt §2.4.2] decoded ICache 4 uops per cycle"};
  FE.UopCacheUops = {1536, "[IntelOpt §2.4.2] 1.5K uops"};
  FE.HasLSD = {true, "[IntelOpt §2.4.2] LSD on the 56-entry uop queue"};
  FE.UopQueueSize = {56, "[IntelOpt §2.4.2] 56-entry uop queue (single "
                         "thread)"};
  FE.IterationBoundaryRule = {false, "[Palomares §7.4.3] lifted on Haswell"};
  FE.LCPPenalty = {3, "[IntelOpt §3.4.2.3] LCP stall"};
  setIntelLegacyDecode(M);
  setSandyBridgeDSBSets(M);
  FE.InstructionQueueSize = {20, "[uiCA-cfg] IQWidth = 20 (Haswell)"};
  FE.MacroFusibleOnLastDecoder = {false, "[uiCA-cfg] Haswell does not decode "
                                         "a macro-fusible instruction on the "
                                         "last decoder"};
  FE.JCCErratum = {false, "the JCC erratum concerns the Skylake family"};
  FE.DSBBothHalvesOfLine = {false, "[uiCA-cfg] (Haswell)"};
  FE.DSBToMSStall = {4, "[uiCA-cfg] DSB_MS_Stall = 4 (Haswell)"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {4, "[Palomares §7.4.1.2] retire 4 uops/cycle"};
  BE.ROBSize = {192, "[IntelOpt §2.4.3] 192 entries; [Palomares Table 7.6] "
                     "measured 192"};
  BE.SchedulerSize = {51, "[Palomares Table 7.6] measured effective RS (60 "
                          "official, [IntelOpt §2.4.3])"};
  BE.LoadBufferSize = {72, "[IntelOpt §2.4.3]; [Palomares Table 7.6] 72"};
  BE.StoreBufferSize = {42, "[IntelOpt §2.4.3]; [Palomares Table 7.6] 42"};
  BE.IntPRFSize = {144, "[Palomares Table 7.6] measured effective integer "
                        "PRF (168 official)"};
  BE.VecPRFSize = {138, "[Palomares Table 7.6] measured effective FP PRF "
                        "(168 official)"};
  BE.ROBMicroFusion = {true, "[Palomares Table 7.6] fused uop = 1 ROB entry"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {4, "[IntelOpt §2.4.4] L1D load-to-use 4 cycles "
                           "(simple addressing)"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "[IntelOpt §2.4.4] 5 cycles with complex "
                                  "addressing"};
  Mem.LoadLatencyVec = {5, "[Agner §10.15] vector loads one cycle slower"};
  Mem.StoreForwardLatency = {5, "[Agner §10.13] store forwarding ~5 cycles"};
  setFourKAliasing(M);
  Mem.StoreForwardBlockLatency = {13, "LLVM X86AvoidStoreForwardingBlocks "
                                      "(reviews.llvm.org/D41330): ~13 "
                                      "cycles"};
  Mem.LoadsPerCycle = {2, "[IntelOpt §2.4.4] two loads per cycle"};
  Mem.StoresPerCycle = {1, "[IntelOpt §2.4.4] one store per cycle"};

  setSandyBridgeMacroFusion(M);
  setSandyBridgeMicroFusion(M);
  setIntelPortBinding(M);

  M.Unlamination = {UnlaminationRule::IndexedUnlessTwoOperandRMW,
                    "[IntelOpt §2.4.2.x] (Haswell and later); [uiCA] §4"};
  M.MoveElimination.GPR = {true, "[IntelOpt §3.5.1.12]; [uops.info] MOV_89 "
                                 "(R64, R64): 0 uops executed"};
  M.MoveElimination.Vector = {true, "[IntelOpt §3.5.1.12]; [uops.info] "
                                    "MOVAPS_0F28: 0 uops executed"};
  M.MoveElimination.MovzxHigh8AliasExecutes = {
      true, "[uiCA-cfg] movzxHigh8AliasCanBeEliminated = False for HSW: "
            "movzx from a register encoded as a high-byte register (spl, "
            "bpl, sil, dil) is not eliminated; [uops.info] MOVZX (R32, "
            "R8l): latency [0;1], 1 the bound taken"};
  setHaswellEliminationSlots(M);
  setSandyBridgeIdioms(M);
  setCarryZeroFlagMerge(
      M, "[uops.info] haswell: SETBE/SETNBE (R8l, R8h) 2 uops on p06, "
         "latency [1;2], as on Skylake (CMOVBE/CMOVNBE are 3 uops, latency "
         "[1;3], every cmov 2 uops: their rows do not match the rule)");
  setShiftByCLFlagUops(
      M, "[uops.info] haswell: SHL/SHR/SAR/ROL/ROR (R8..R64, CL) 3 uops on "
         "p06, latency [0;2], the Skylake rows");
  M.MemoryHierarchy = haswellMemory();
  return M;
}

MachineModel makeBroadwell() {
  // Broadwell is a Haswell shrink: same ports, buffers and front end; the
  // differences that matter here (faster FP multiply and divider, 1-uop
  // adc/cmov) are in its uops.info table.
  MachineModel M = makeHaswell();
  M.Name = "broadwell";
  M.Aliases = {};
  M.Description = "Broadwell, 5th gen. Core";
  M.UopsInfoTable = "broadwell";
  M.PortsSource = "[IntelOpt §2.4] Broadwell keeps Haswell's ports; "
                  "[uops.info] broadwell table";
  setCarryZeroFlagMerge(
      M, "[uops.info] broadwell: CMOVBE/CMOVNBE (R16..R64) and SETBE/SETNBE "
         "(R8l, R8h) 2 uops on p06, latency [1;2] (other cmov/setcc 1 uop, "
         "latency 1), the Skylake rows");
  setShiftByCLFlagUops(
      M, "[uops.info] broadwell: SHL/SHR/SAR/ROL/ROR (R8..R64, CL) 3 uops "
         "on p06, latency [0;2], the Skylake rows");
  MemoryHierarchyDesc &H = M.MemoryHierarchy;
  H.TLBs[1].Entries4K = {1536, "[IntelOpt §2.4] Broadwell: 1536-entry "
                               "STLB"};
  H.TLBs[1].Entries2M = {1536, "[IntelOpt §2.4] Broadwell: shared with 4 "
                               "KB pages"};
  H.TLBs[1].Entries1G = {16, "[IntelOpt §2.4] Broadwell: 16 entries for 1 "
                             "GB pages"};
  H.PageWalkers = {2, "[Palomares §5.4] Broadwell can do two page walks "
                      "in parallel"};
  return M;
}

} // namespace descriptions
} // namespace luarch
