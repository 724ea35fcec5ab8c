//===- IceLake.cpp - Sunny Cove and Cypress/Willow Cove cores ------------===//
//
// Ice Lake (client and server), Tiger Lake and Rocket Lake share the Sunny
// Cove back end: ten ports (two load, two store-address, two store-data),
// 5-wide allocation, 352-entry ROB.
//
// Sources (full references in docs/models.md):
//   [IntelOpt]  Intel 64 and IA-32 Architectures Optimization Reference
//               Manual, order 248966-046, §2.2 "Ice Lake Client
//               microarchitecture" (Sunny Cove), the window-size table
//               comparing it with Skylake.
//   [WikiChip]  WikiChip, "Sunny Cove - Microarchitectures - Intel".
//   [ICL065]    Ice Lake erratum ICL065: move elimination of GPRs disabled
//               by microcode (uops.info measures MOV r64,r64 as one p0156
//               uop on icelake and tigerlake).
//   [uops.info] Abel & Reineke, uops.info (icelake, tigerlake, rocketlake).
//   [uiCA]      Abel & Reineke, ICS 2022 (LSD and unlamination on ICL).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "IntelRules.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

/// A Core i7-1065G7 (4 cores, 8 MB L3, 3.9 GHz) with LPDDR4X-3733.
static MemoryHierarchyDesc iceLakeClientMemory() {
  MemoryHierarchyDesc H;
  MemoryLevelDesc L1 = memoryLevel("L1d");
  L1.SizeKiB = {48, "[IntelOpt §2.2] 48 KB (up from 32 KB)"};
  L1.Ways = {12, "[IntelOpt §2.2] 12-way"};
  L1.SharedByCores = {1, "private"};
  L1.Inclusive = {false, "the first level"};
  L1.LatencyCycles = {5, "[IntelOpt §2.2] 5 cycles"};
  L1.LoadBytesPerCycle = {128, "[IntelOpt §2.2] two 64-byte loads per "
                               "cycle"};
  L1.StoreBytesPerCycle = {64, "[IntelOpt §2.2] two stores per cycle, 64 "
                               "bytes per cycle to the L1"};
  L1.CopyBytesPerCycle = {128, "estimate: 64 bytes loaded and 64 stored per "
                               "cycle"};
  L1.MissBuffers = {12, "estimate: as Skylake's 12 fill buffers"};
  MemoryLevelDesc L2 = memoryLevel("L2");
  L2.SizeKiB = {512, "[IntelOpt §2.2] 512 KB"};
  L2.Ways = {8, "[IntelOpt §2.2] 8-way"};
  L2.SharedByCores = {1, "private"};
  L2.Inclusive = {false, "neither inclusive nor exclusive of L1"};
  L2.LatencyCycles = {13, "[IntelOpt §2.2] 13 cycles"};
  L2.LoadBytesPerCycle = {48, "estimate: 64 bytes/cycle peak [IntelOpt "
                              "§2.2], sustained as Skylake-SP's 52 of 64"};
  setStoreCopyByECM(L2);
  L2.MissBuffers = {32, "estimate: Sunny Cove's larger L2 miss queue "
                        "(48 on Golden Cove, 16 before)"};
  MemoryLevelDesc L3 = memoryLevel("L3");
  L3.SizeKiB = {8192, "a Core i7-1065G7: 8 MB, 2 MB per core"};
  L3.Ways = {16, "16-way"};
  L3.SharedByCores = {4, "every core of the ring (4 on a Core i7-1065G7)"};
  L3.Inclusive = {true, "estimate: inclusive as on earlier client rings"};
  L3.LatencyCycles = {42, "estimate: as Skylake's 44 [IntelOpt §2.5] on a "
                          "4-core ring"};
  L3.LoadBytesPerCycle = {18, "estimate: as Skylake's 18 [IntelOpt §2.5]"};
  setStoreCopyByECM(L3);
  L3.MissBuffers = {32, "estimate: the L2 miss queue"};
  MemoryLevelDesc D = dramLevel();
  D.LatencyCycles = {350, "estimate: ~90 ns of LPDDR4X latency at 3.9 "
                          "GHz"};
  D.LoadBytesPerCycle = {5, "estimate: ~20 GB/s for one core at 3.9 GHz"};
  setStoreCopyByECM(D);
  H.Levels = {L1, L2, L3, D};
  H.TLBs = {{"L1 DTLB",
             {64, "[IntelOpt §2.2] 64 entries"},
             {32, "[IntelOpt §2.2] 32 entries"},
             {8, "[IntelOpt §2.2] 8 entries"}},
            {"L2 TLB",
             {2048, "[IntelOpt §2.2] 2048-entry STLB for 4 KB and 2 MB "
                    "pages"},
             {2048, "[IntelOpt §2.2] shared with 4 KB pages"},
             {1024, "[IntelOpt §2.2] 1024 entries"}}};
  H.PageWalkCycles = {26, "estimate: Sandy Bridge's measured 26 cycles "
                          "([Palomares §5.4]); not measured on Sunny Cove"};
  H.PageWalkers = {2, "estimate: two, as Skylake [IntelOpt §2.5]"};
  H.NonTemporalStores = {true, "[IntelOpt §7.4] streaming stores skip the "
                               "read for ownership"};
  H.NTStoreBytesPerCycle = {5, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  H.PrefetchStrideBytes = {2048, "[IntelOpt §2.2] IP-based stride "
                                 "prefetcher up to 2 KB strides, as since "
                                 "Sandy Bridge; the streamers stay within "
                                 "a 4 KB page"};
  return H;
}

MachineModel makeIceLakeClient() {
  MachineModel M;
  M.Name = "icelake-client";
  M.Vendor = "Intel";
  M.Description = "Ice Lake client (Sunny Cove), 10th gen. Core";
  M.UopsInfoTable = "icelake";

  M.Ports = {
      {"0", "ALU, vector ALU, FMA, divider, branch"},
      {"1", "ALU, fast LEA, vector ALU, FMA (256-bit), slow int (imul)"},
      {"2", "load"},
      {"3", "load"},
      {"4", "store data"},
      {"5", "ALU, fast LEA, vector shuffle"},
      {"6", "ALU, shift, branch"},
      {"7", "store address"},
      {"8", "store address"},
      {"9", "store data"},
  };
  M.PortsSource = "[IntelOpt §2.2] ten ports: two load (2, 3), two store "
                  "address (7, 8), two store data (4, 9); [uops.info]";
  M.LoadPorts = 0b0000001100;         // p23
  M.StoreAddressPorts = 0b0110000000; // p78
  M.StoreDataPorts = 0b1000010000;    // p49
  M.IntALUPorts = 0b0001100011;       // p0156
  M.BranchPorts = 0b0001000001;       // p06
  M.Divider = {0, "[IntelOpt §2.2] divider on port 0; [uops.info] DIVSD "
                  "1*p0"};

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {5, "[IntelOpt §2.2] allocation 5 uops per cycle (up from "
                      "4)"};
  FE.PredecodeBytesPerCycle = {16, "[IntelOpt §2.2] legacy decode pipeline "
                                   "16 bytes per cycle"};
  FE.PredecodeInstrsPerCycle = {5, "[uiCA-cfg] preDecodeWidth = 5 (Ice "
                                   "Lake)"};
  FE.Decoders = {4, "[IntelOpt §2.2] 1 complex + 3 simple decoders"};
  FE.DecodeUopsPerCycle = {5, "[WikiChip] legacy pipeline 5 uops/cycle"};
  FE.UopCacheWidth = {6, "[IntelOpt §2.2] DSB 6 uops per cycle"};
  FE.UopCacheUops = {2304, "[IntelOpt §2.2] decoded ICache 2.25K uops"};
  FE.HasLSD = {true, "[uiCA] LSD enabled on Ice Lake"};
  FE.UopQueueSize = {70, "[WikiChip] IDQ 70 entries per thread"};
  FE.IterationBoundaryRule = {false, "only SNB/IVB"};
  FE.LCPPenalty = {3, "[IntelOpt §3.4.2.3] LCP stall"};
  setIntelLegacyDecode(M);
  FE.InstructionQueueSize = {25, "[uiCA-cfg] IQWidth = 25 (Ice Lake, "
                                 "uncertain there)"};
  FE.MacroFusibleOnLastDecoder = {true, "[uiCA-cfg] (Ice Lake)"};
  FE.JCCErratum = {false, "[IntelJCC] Ice Lake is not affected"};
  FE.DSBBothHalvesOfLine = {true, "[uiCA-cfg] (Ice Lake)"};
  FE.DSBToMSStall = {2, "[uiCA-cfg] DSB_MS_Stall = 2 (Ice Lake)"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {8, "[WikiChip] retirement 8 uops per cycle (Sunny "
                       "Cove); retire is never the limit below issue 5"};
  BE.ROBSize = {352, "[IntelOpt §2.2] out-of-order window 352"};
  BE.SchedulerSize = {160, "[IntelOpt §2.2] scheduler 160 entries"};
  BE.LoadBufferSize = {128, "[IntelOpt §2.2] 128 load buffer entries"};
  BE.StoreBufferSize = {72, "[IntelOpt §2.2] 72 store buffer entries"};
  BE.IntPRFSize = {280, "[WikiChip] integer register file 280"};
  BE.VecPRFSize = {224, "[WikiChip] vector register file 224"};
  BE.ROBMicroFusion = {true, "as on Skylake ([IntelOpt §2.2])"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {5, "[IntelOpt §2.2] 48 KB L1D, load-to-use 5 cycles"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "[IntelOpt §2.2] 5 cycles"};
  Mem.LoadLatencyVec = {6, "one extra bypass cycle to the vector domain, as "
                           "on Skylake ([IntelOpt §2.5])"};
  Mem.StoreForwardLatency = {5, "[Agner §12] store forwarding ~5 cycles"};
  setFourKAliasing(M);
  Mem.StoreForwardBlockLatency = {13, "LLVM X86AvoidStoreForwardingBlocks "
                                      "(reviews.llvm.org/D41330): ~13 "
                                      "cycles"};
  Mem.LoadsPerCycle = {2, "[IntelOpt §2.2] two loads per cycle"};
  Mem.StoresPerCycle = {2, "[IntelOpt §2.2] two stores per cycle (p49/p78; "
                           "one per cycle to the same cache line)"};

  setSandyBridgeMacroFusion(M);
  setSandyBridgeMicroFusion(M);
  setIntelPortBinding(M);

  M.Unlamination = {UnlaminationRule::IndexedUnlessTwoOperandRMW,
                    "[uiCA] §4: same rule as Haswell-Skylake"};
  M.MoveElimination.GPR = {false, "[ICL065] disabled by microcode"};
  M.MoveElimination.Vector = {true, "[uops.info] MOVAPS_0F28 (XMM, XMM): 0 "
                                    "uops executed"};
  setSandyBridgeIdioms(M);
  setCarryZeroFlagMerge(
      M, "[uops.info] icelake, tigerlake, rocketlake: CMOVBE/CMOVNBE "
         "(R16..R64) 2 uops on p06, latency [1;2] (other cmov 1 uop, latency "
         "1), the Skylake rows; SETBE/SETNBE are 1 uop there (R8l latency "
         "1): their rows do not match the rule");
  M.ShiftByCLFlagUops = {
      false, "left off: the rows (SHL/SHR/SAR/ROL/ROR (R64, CL) 2 uops on "
             "p06, latency [0;2]) would match the rule, but with it shl rax, "
             "cl; test rax, rax runs at 1.8 cycles instead of the ports' 1.0 "
             "(the flag uop waits for test) and no measurement on this core "
             "decides between them"};
  M.MemoryHierarchy = iceLakeClientMemory();
  return M;
}

/// Willow Cove's and Ice Lake-SP's 1.25 MB L2 (20-way, 14 cycles).
static void setLargeL2(MemoryLevelDesc &L2) {
  L2.SizeKiB = {1280, "[IntelOpt §2.1] 1.25 MB (Willow Cove, Ice Lake-SP)"};
  L2.Ways = {20, "[IntelOpt §2.1] 20-way"};
  L2.LatencyCycles = {14, "[IntelOpt §2.1] 14 cycles"};
}

MachineModel makeIceLakeServer() {
  // The server parts have a second 512-bit FMA on port 5 that the client
  // part measured by uops.info lacks; uops.info has no server table, so
  // 512-bit FMAs are modelled on p0 only (pessimistic by up to 2x on
  // FMA-bound AVX-512 loops; flagged in docs/models.md).
  MachineModel M = makeIceLakeClient();
  M.Name = "icelake-server";
  M.Description = "Ice Lake-SP (Sunny Cove), Xeon Scalable 3rd gen.";
  M.PortsSource = "[IntelOpt §2.2] Sunny Cove ports; [uops.info] icelake "
                  "(client) table — no server measurements";
  // A Xeon Platinum 8380: 40 cores, 60 MB L3, 2.3-3.4 GHz, eight
  // DDR4-3200 channels.
  MemoryHierarchyDesc &H = M.MemoryHierarchy;
  setLargeL2(*H.level("L2"));
  MemoryLevelDesc &L3 = *H.level("L3");
  L3.SizeKiB = {61440, "a Xeon Platinum 8380: 40 x 1.5 MB"};
  L3.Ways = {12, "12-way"};
  L3.SharedByCores = {40, "every core of the mesh (40 on a Platinum 8380)"};
  L3.Inclusive = {false, "non-inclusive, as Skylake-SP's [IntelOpt §2.3]"};
  L3.LatencyCycles = {75, "estimate: Skylake-SP's 50-70 cycles [IntelOpt "
                          "§2.3] on a larger mesh"};
  L3.LoadBytesPerCycle = {15, "estimate: Skylake-SP's 15 bytes/cycle "
                              "[IntelOpt §2.3]"};
  setStoreCopyByECM(L3);
  MemoryLevelDesc &D = *H.level("DRAM");
  D.LatencyCycles = {330, "estimate: ~100 ns on the mesh at 3.3 GHz"};
  D.LoadBytesPerCycle = {4, "estimate: ~13 GB/s for one mesh core at 3.3 "
                            "GHz"};
  setStoreCopyByECM(D);
  H.NTStoreBytesPerCycle = {4, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  return M;
}

MachineModel makeTigerLake() {
  MachineModel M = makeIceLakeClient();
  M.Name = "tigerlake";
  M.Description = "Tiger Lake (Willow Cove), 11th gen. Core mobile";
  M.UopsInfoTable = "tigerlake";
  M.PortsSource = "[IntelOpt §2.1] Willow Cove keeps Sunny Cove's ports; "
                  "[uops.info] tigerlake table";
  // A Core i7-1185G7: 4 cores, 12 MB L3 (3 MB per core), 4.8 GHz.
  MemoryHierarchyDesc &H = M.MemoryHierarchy;
  setLargeL2(*H.level("L2"));
  MemoryLevelDesc &L3 = *H.level("L3");
  L3.SizeKiB = {12288, "a Core i7-1185G7: 12 MB, 3 MB per core"};
  L3.Ways = {12, "12-way"};
  L3.Inclusive = {false, "non-inclusive (the L2 grew to 1.25 MB)"};
  L3.LatencyCycles = {50, "estimate: Skylake's 44 [IntelOpt §2.5] plus a "
                          "larger, non-inclusive L3"};
  return M;
}

MachineModel makeRocketLake() {
  MachineModel M = makeIceLakeClient();
  M.Name = "rocketlake";
  M.Description = "Rocket Lake (Cypress Cove), 11th gen. Core desktop";
  M.UopsInfoTable = "rocketlake";
  M.PortsSource = "[IntelOpt §2.1] Cypress Cove = Sunny Cove back-ported "
                  "to 14 nm; [uops.info] rocketlake table";
  M.MoveElimination.GPR = {true, "[uops.info] rocketlake MOV_89 (R64, "
                                 "R64): 0 uops executed (no ICL065)"};
  M.FrontEnd.ComplexDecoderMnemonics = {
      {"CMOV*"},
      "[uops.info] uops.info/html-instr/CMOVZ_R32_R32.html, Rocket Lake: "
      "1 uop, 'Requires the complex decoder (3 other instructions can be "
      "decoded with simple decoders in the same cycle)'; the rest of "
      "Skylake's list is not checked for this core"};
  // A Core i9-11900K: 8 cores, 16 MB L3, 5.1 GHz, dual-channel DDR4-3200.
  MemoryLevelDesc &L3 = *M.MemoryHierarchy.level("L3");
  L3.SizeKiB = {16384, "a Core i9-11900K: 16 MB, 2 MB per core"};
  L3.SharedByCores = {8, "every core of the ring (8 on a Core i9-11900K)"};
  return M;
}

} // namespace descriptions
} // namespace luarch
