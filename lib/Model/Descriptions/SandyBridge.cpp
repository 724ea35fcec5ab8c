//===- SandyBridge.cpp - Intel Sandy Bridge ------------------------------===//
//
// The microarchitecture of Palomares' UFS thesis (its rs_pb/rs_fix and
// realft experiments ran on Sandy Bridge). uops.info has no Sandy Bridge
// table, so instructions are modelled from LLVM's SandyBridge scheduling
// model (ports SBPort0..5) and reported as such.
//
// Sources (full references in docs/models.md):
//   [Palomares] V. Palomares, PhD thesis (UVSQ 2015), Table 7.6 (measured
//               effective resource sizes used by UFS) and App. A; digest in
//               ../shared/docs/seed-palomares-ufs-cqa-cape.md.
//   [IntelOpt]  Intel 64 and IA-32 Architectures Optimization Reference
//               Manual, order 248966-046, §2.6 "Intel microarchitecture code
//               name Sandy Bridge" and §3.4-3.5.
//   [Agner]     A. Fog, "The microarchitecture of Intel, AMD and VIA CPUs",
//               §9 "Sandy Bridge and Ivy Bridge".
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "IntelRules.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

/// A Core i7-2600 (4 cores, 8 MiB L3, 3.4 GHz) with dual-channel DDR3.
static MemoryHierarchyDesc sandyBridgeMemory() {
  MemoryHierarchyDesc H;
  MemoryLevelDesc L1 = memoryLevel("L1d");
  L1.SizeKiB = {32, "[IntelOpt §2.6] 32 KB L1 data cache"};
  L1.Ways = {8, "[IntelOpt §2.6] 8-way"};
  L1.SharedByCores = {1, "private"};
  L1.Inclusive = {false, "the first level"};
  L1.LatencyCycles = {4, "[IntelOpt §2.6] 4 cycles (load-to-use, simple "
                         "address)"};
  L1.LoadBytesPerCycle = {31.7, "[Palomares Table 4.3] 31.74 measured with "
                                "vmovaps on a Sandy Bridge-EP E5-2680; two "
                                "16-byte loads per cycle [IntelOpt §2.6]"};
  L1.StoreBytesPerCycle = {16, "[IntelOpt §2.6] one 16-byte store per "
                               "cycle"};
  L1.CopyBytesPerCycle = {32, "estimate: 16 bytes loaded and 16 stored per "
                              "cycle, the store port's limit"};
  L1.MissBuffers = {10, "[IntelOpt §2.6] 10 line fill buffers"};
  MemoryLevelDesc L2 = memoryLevel("L2");
  L2.SizeKiB = {256, "[IntelOpt §2.6] 256 KB unified L2"};
  L2.Ways = {8, "[IntelOpt §2.6] 8-way"};
  L2.SharedByCores = {1, "private"};
  L2.Inclusive = {false, "[IntelOpt §2.6] neither inclusive nor "
                         "exclusive of L1"};
  L2.LatencyCycles = {12, "[IntelOpt §2.6] 12 cycles"};
  L2.LoadBytesPerCycle = {17, "[Palomares Table 4.3] 15.1 (vmovaps) to 18.2 "
                              "(movaps) measured on a Sandy Bridge-EP "
                              "E5-2680"};
  setStoreCopyByECM(L2);
  L2.MissBuffers = {16, "estimate: the 16-entry superqueue of Nehalem "
                        "[IntelOpt §2.6]"};
  MemoryLevelDesc L3 = memoryLevel("L3");
  L3.SizeKiB = {8192, "a Core i7-2600: 8 MB, a 2 MB slice per core "
                      "[IntelOpt §2.6]"};
  L3.Ways = {16, "[IntelOpt §2.6] 16-way (8 MB parts)"};
  L3.SharedByCores = {4, "every core of the ring (4 on a Core i7-2600)"};
  L3.Inclusive = {true, "[IntelOpt §2.6] the LLC is inclusive of all "
                        "cores' L1 and L2"};
  L3.LatencyCycles = {28, "[IntelOpt §2.6] 26-31 cycles"};
  L3.LoadBytesPerCycle = {10.8, "[Palomares Table 4.3] 10.6-10.8 measured "
                                "on a Sandy Bridge-EP E5-2680"};
  setStoreCopyByECM(L3);
  L3.MissBuffers = {16, "estimate: the L2 superqueue"};
  MemoryLevelDesc D = dramLevel();
  D.LatencyCycles = {200, "estimate: ~60 ns of local DRAM latency "
                          "[Levinthal] at 3.4 GHz"};
  D.LoadBytesPerCycle = {5.1, "[Palomares Table 4.3] 5.10 measured on a "
                              "Sandy Bridge-EP E5-2680 (one core)"};
  setStoreCopyByECM(D);
  H.Levels = {L1, L2, L3, D};
  H.TLBs = {{"L1 DTLB",
             {64, "[IntelOpt §2.6] 64 entries, 4-way"},
             {32, "[IntelOpt §2.6] 32 entries"},
             {4, "[IntelOpt §2.6] 4 entries"}},
            {"L2 TLB",
             {512, "[IntelOpt §2.6] shared 512-entry STLB, 4 KB pages "
                   "only"},
             {0, "[IntelOpt §2.6] 4 KB pages only"},
             {0, "[IntelOpt §2.6] 4 KB pages only"}}};
  H.PageWalkCycles = {26, "[Palomares §5.4] a TLB-miss node of 1/26 per "
                          "cycle, measured on Sandy Bridge (hqr_15_se)"};
  H.PageWalkers = {1, "[IntelOpt §2.5] Skylake does two page walks in "
                      "parallel, earlier generations one"};
  H.NonTemporalStores = {true, "[IntelOpt §7.4] streaming stores write "
                               "combine whole lines without a read for "
                               "ownership"};
  H.NTStoreBytesPerCycle = {5.1, "estimate: each line crosses to DRAM once, "
                                 "as a load stream's"};
  H.PrefetchStrideBytes = {2048, "[IntelOpt §2.6] the IP-based stride "
                                 "prefetcher detects strides up to 2 KB; "
                                 "the streamers stay within a 4 KB page"};
  return H;
}

MachineModel makeSandyBridge() {
  MachineModel M;
  M.Name = "sandybridge";
  M.Aliases = {"corei7-avx"};
  M.Vendor = "Intel";
  M.Description = "Sandy Bridge, 2nd gen. Core";
  M.UopsInfoTable = ""; // none: LLVM's SandyBridge scheduling model

  M.Ports = {
      {"0", "ALU, vector multiply, divider, branch (with p5)"},
      {"1", "ALU, vector add, slow int (imul)"},
      {"2", "load, store address"},
      {"3", "load, store address"},
      {"4", "store data"},
      {"5", "ALU, shuffle, branch"},
  };
  M.PortsSource = "[IntelOpt §2.6.3] six dispatch ports; [Palomares Table "
                  "7.6] P0-P5";
  M.LoadPorts = 0b001100;         // p23
  M.StoreAddressPorts = 0b001100; // p23
  M.StoreDataPorts = 0b010000;    // p4
  M.IntALUPorts = 0b100011;       // p015
  M.BranchPorts = 0b100000;       // p5
  M.Divider = {0, "[IntelOpt §2.6.3] divider on port 0"};

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {4, "[Palomares §7.4.1.2] issue bandwidth 4 uops/cycle"};
  FE.PredecodeBytesPerCycle = {16, "[IntelOpt §2.6.2.1] 16 bytes/cycle"};
  FE.PredecodeInstrsPerCycle = {5, "[uiCA-cfg] preDecodeWidth = 5, measured; "
                                   "[IntelOpt §2.6.2.1] up to 6 "
                                   "instructions per cycle"};
  FE.Decoders = {4, "[IntelOpt §2.6.2.2] four decoders"};
  FE.DecodeUopsPerCycle = {4, "[IntelOpt §2.6.2.2] up to 4 uops per cycle"};
  FE.UopCacheWidth = {4, "[IntelOpt §2.6.2.3] decoded ICache delivers 4 "
                         "uops per cycle"};
  FE.UopCacheUops = {1536, "[IntelOpt §2.6.2.3] 1.5K uops"};
  FE.HasLSD = {true, "[IntelOpt §2.6.2.4] loop stream detector, 28 uops"};
  FE.UopQueueSize = {28, "[IntelOpt §2.6.2.4] 28-entry micro-op queue"};
  FE.IterationBoundaryRule = {true, "[Palomares §5.3.2] uops of different "
                                    "iterations never issue in the same "
                                    "cycle (SNB/IVB ceiling effect)"};
  FE.LCPPenalty = {3, "[IntelOpt §3.4.2.3] LCP stall"};
  setIntelLegacyDecode(M);
  setSandyBridgeDSBSets(M);
  FE.InstructionQueueSize = {20, "[uiCA-cfg] IQWidth = 20 (Ivy Bridge; Sandy "
                                 "Bridge assumed alike)"};
  FE.MacroFusibleOnLastDecoder = {false, "[uiCA-cfg] (Ivy Bridge)"};
  FE.JCCErratum = {false, "the JCC erratum concerns the Skylake family"};
  FE.DSBBothHalvesOfLine = {false, "[uiCA-cfg] (Ivy Bridge)"};
  FE.DSBToMSStall = {4, "[uiCA-cfg] DSB_MS_Stall default 4 (Ivy Bridge)"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {4, "[Palomares §7.4.1.2] retire bandwidth 4 uops/cycle"};
  BE.ROBSize = {165, "[Palomares Table 7.6] measured effective ROB (168 "
                     "official)"};
  BE.SchedulerSize = {48, "[Palomares Table 7.6] measured effective RS (54 "
                          "official)"};
  BE.LoadBufferSize = {64, "[Palomares Table 7.6] load buffer 64"};
  BE.StoreBufferSize = {36, "[Palomares Table 7.6] store buffer 36"};
  BE.IntPRFSize = {128, "[Palomares Table 7.6] measured effective integer "
                        "PRF"};
  BE.VecPRFSize = {112, "[Palomares Table 7.6] measured effective FP PRF"};
  BE.ROBMicroFusion = {false, "[Palomares Table 7.6] on SNB a micro-fused "
                              "uop takes two ROB entries"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {4, "[IntelOpt §2.6.5.1] L1D load latency 4 cycles"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "[Agner §9.14] 5 cycles with complex "
                                  "addressing"};
  Mem.LoadLatencyVec = {6, "[Agner §9.14] one extra bypass cycle to the "
                           "FP/vector domain"};
  Mem.StoreForwardLatency = {5, "[Agner §9.14] store forwarding ~5 cycles"};
  setFourKAliasing(M);
  Mem.StoreForwardBlockLatency = {13, "LLVM X86AvoidStoreForwardingBlocks "
                                      "(reviews.llvm.org/D41330): ~13 "
                                      "cycles"};
  Mem.LoadsPerCycle = {2, "[IntelOpt §2.6] two loads per cycle (p2, p3)"};
  Mem.StoresPerCycle = {1, "[IntelOpt §2.6] one store per cycle (p4)"};

  setSandyBridgeMacroFusion(M);
  setSandyBridgeMicroFusion(M);
  // Port binding and the issue-to-dispatch delay stay UFS's: Palomares
  // measured Sandy Bridge with them (rs_pb 95.11, rs_fix 54.82 cycles,
  // test/lit/Sim/rs-pathology.test); uiCA's rules were measured on Ivy
  // Bridge and later.

  M.Unlamination = {UnlaminationRule::AnyIndexed,
                    "[IntelOpt §2.6.2.2] indexed addressing unlaminates on "
                    "SNB; [Palomares §7.4.1.2]"};
  M.MoveElimination.GPR = {false, "[Agner §9.12] move elimination appears "
                                  "with Ivy Bridge"};
  M.MoveElimination.Vector = {false, "[Agner §9.12] (Ivy Bridge and later)"};
  setSandyBridgeIdioms(M);
  M.MemoryHierarchy = sandyBridgeMemory();
  // LLVM's SandyBridge model: SBPort0..SBPort5 (names end in the port).
  return M;
}

} // namespace descriptions
} // namespace luarch
