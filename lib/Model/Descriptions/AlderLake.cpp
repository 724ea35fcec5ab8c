//===- AlderLake.cpp - Alder Lake P-core (Golden Cove) -------------------===//
//
// Golden Cove: 6-wide allocation, 12 ports (uops.info names the fifth ALU
// port "B" and the third load port "A"), 512-entry ROB. Sapphire Rapids and
// Emerald Rapids use the same core with AVX-512 enabled and no LSD: see
// SapphireRapids.cpp.
//
// Sources (full references in docs/models.md):
//   [IntelOpt]  Intel 64 and IA-32 Architectures Optimization Reference
//               Manual, order 248966-046, §2.1 "Golden Cove
//               microarchitecture".
//   [C&C-GLC]   Chips and Cheese, "Popping the Hood on Golden Cove"
//               (2021-12-02): measured scheduler and register-file sizes.
//   [uops.info] Abel & Reineke, uops.info (alderlakep table).
//   [uiCA]      Abel & Reineke, ICS 2022.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "IntelRules.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

/// A Core i9-12900K's P-cores (8 P + 8 E cores, 30 MB L3, 5.1 GHz) with
/// dual-channel DDR5-4800.
static MemoryHierarchyDesc goldenCoveMemory() {
  MemoryHierarchyDesc H;
  MemoryLevelDesc L1 = memoryLevel("L1d");
  L1.SizeKiB = {48, "[IntelOpt §2.1] 48 KB"};
  L1.Ways = {12, "[IntelOpt §2.1] 12-way"};
  L1.SharedByCores = {1, "private"};
  L1.Inclusive = {false, "the first level"};
  L1.LatencyCycles = {5, "[IntelOpt §2.1] 5 cycles"};
  L1.LoadBytesPerCycle = {96, "[IntelOpt §2.1] three 256-bit loads per "
                              "cycle (AVX-512 fused off on client parts)"};
  L1.StoreBytesPerCycle = {64, "[IntelOpt §2.1] two 256-bit stores per "
                               "cycle"};
  L1.CopyBytesPerCycle = {128, "estimate: 64 bytes loaded and 64 stored per "
                               "cycle"};
  L1.MissBuffers = {16, "[C&C-GLC] 16 fill buffers"};
  MemoryLevelDesc L2 = memoryLevel("L2");
  L2.SizeKiB = {1280, "[IntelOpt §2.1] 1.25 MB"};
  L2.Ways = {10, "[IntelOpt §2.1] 10-way"};
  L2.SharedByCores = {1, "private"};
  L2.Inclusive = {false, "non-inclusive of L1"};
  L2.LatencyCycles = {15, "[IntelOpt §2.1] 15 cycles"};
  L2.LoadBytesPerCycle = {48, "estimate: 64 bytes/cycle peak [IntelOpt "
                              "§2.1], sustained as Skylake-SP's 52 of 64"};
  setStoreCopyByECM(L2);
  L2.MissBuffers = {48, "[IntelOpt §2.1] 48 outstanding L2 misses"};
  MemoryLevelDesc L3 = memoryLevel("L3");
  L3.SizeKiB = {30720, "a Core i9-12900K: 30 MB, 3 MB per P-core ring "
                       "stop"};
  L3.Ways = {12, "12-way"};
  L3.SharedByCores = {16, "every core (8 P + 8 E on a Core i9-12900K)"};
  L3.Inclusive = {false, "non-inclusive"};
  L3.LatencyCycles = {65, "estimate: [C&C-GLC] about 14 ns at 4.9 GHz"};
  L3.LoadBytesPerCycle = {20, "estimate: [C&C-GLC] one core reads the L3 "
                              "at about 100 GB/s"};
  setStoreCopyByECM(L3);
  L3.MissBuffers = {48, "the L2 miss queue [IntelOpt §2.1]"};
  MemoryLevelDesc D = dramLevel();
  D.LatencyCycles = {450, "estimate: ~90 ns of DDR5 latency at 5 GHz"};
  D.LoadBytesPerCycle = {6, "estimate: ~30 GB/s for one core on "
                            "dual-channel DDR5-4800 (77 GB/s peak) at 5 "
                            "GHz"};
  setStoreCopyByECM(D);
  H.Levels = {L1, L2, L3, D};
  H.TLBs = {{"L1 DTLB",
             {96, "[IntelOpt §2.1] 96 entries (loads)"},
             {32, "[IntelOpt §2.1] 32 entries"},
             {8, "[IntelOpt §2.1] 8 entries"}},
            {"L2 TLB",
             {2048, "[IntelOpt §2.1] 2048-entry STLB for 4 KB and 2 MB "
                    "pages"},
             {2048, "[IntelOpt §2.1] shared with 4 KB pages"},
             {1024, "[IntelOpt §2.1] 1024 entries"}}};
  H.PageWalkCycles = {26, "estimate: Sandy Bridge's measured 26 cycles "
                          "([Palomares §5.4]); not measured on Golden "
                          "Cove"};
  H.PageWalkers = {4, "[IntelOpt §2.1] four page walkers"};
  H.NonTemporalStores = {true, "[IntelOpt §7.4] streaming stores skip the "
                               "read for ownership"};
  H.NTStoreBytesPerCycle = {6, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  H.PrefetchStrideBytes = {2048, "[IntelOpt §2.1] IP-based stride "
                                 "prefetcher up to 2 KB strides, as since "
                                 "Sandy Bridge; the streamers stay within "
                                 "a 4 KB page"};
  return H;
}

MachineModel makeAlderLake() {
  MachineModel M;
  M.Name = "alderlake";
  M.Aliases = {"raptorlake"};
  M.Vendor = "Intel";
  M.Description = "Alder Lake P-core (Golden Cove), 12th gen. Core";
  M.UopsInfoTable = "alderlakep";

  M.Ports = {
      {"0", "ALU, vector ALU, FMA, divider, branch"},
      {"1", "ALU, fast LEA, vector ALU, FMA, fast FADD, imul"},
      {"2", "load"},
      {"3", "load"},
      {"4", "store data"},
      {"5", "ALU, fast LEA, vector shuffle, fast FADD"},
      {"6", "ALU, branch"},
      {"7", "store address"},
      {"8", "store address"},
      {"9", "store data"},
      {"A", "load (port 11)"},
      {"B", "ALU, fast LEA (port 10)"},
  };
  M.PortsSource = "[IntelOpt §2.1] 12 ports: five ALU (0, 1, 5, 6, 10), three "
                  "load (2, 3, 11), two store address, two store data; "
                  "[uops.info] names ports 11 and 10 'A' and 'B'";
  M.LoadPorts = 0b010000001100;         // p23A
  M.StoreAddressPorts = 0b000110000000; // p78
  M.StoreDataPorts = 0b001000010000;    // p49
  M.IntALUPorts = 0b100001100011;       // p0156B
  M.BranchPorts = 0b000001000001;       // p06
  M.Divider = {0, "[uops.info] DIVSD 1*p0"};

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {6, "[IntelOpt §2.1] allocation 6 uops per cycle"};
  FE.PredecodeBytesPerCycle = {32, "[IntelOpt §2.1] legacy decode fetches "
                                   "32 bytes per cycle"};
  FE.PredecodeInstrsPerCycle = {6, "[IntelOpt §2.1] 6 decoders"};
  FE.Decoders = {6, "[IntelOpt §2.1] six decoders"};
  FE.DecodeUopsPerCycle = {6, "[IntelOpt §2.1] 6 uops per cycle"};
  FE.UopCacheWidth = {8, "[IntelOpt §2.1] DSB 8 uops per cycle"};
  FE.UopCacheUops = {4096, "[IntelOpt §2.1] 4K uops"};
  FE.HasLSD = {true, "[uiCA] LSD enabled on Alder Lake P"};
  FE.UopQueueSize = {144, "[IntelOpt §2.1] 144-entry uop queue (single "
                          "thread)"};
  FE.IterationBoundaryRule = {false, "only SNB/IVB"};
  FE.LCPPenalty = {3, "[IntelOpt §3.4.2.3] LCP stall"};
  setIntelLegacyDecode(M);
  FE.InstructionQueueSize = {25, "not in [uiCA-cfg] for Golden Cove: Ice "
                                 "Lake's 25 assumed"};
  FE.MacroFusibleOnLastDecoder = {true, "as Ice Lake [uiCA-cfg], assumed"};
  FE.JCCErratum = {false, "[IntelJCC] Golden Cove is not affected"};
  FE.DSBBothHalvesOfLine = {true, "as Ice Lake [uiCA-cfg], assumed"};
  FE.DSBToMSStall = {2, "as Ice Lake [uiCA-cfg], assumed"};
  FE.ComplexDecoderMnemonics = {
      {"CMOV*"},
      "[uops.info] uops.info/html-instr/CMOVZ_R32_R32.html, Alder Lake-P: "
      "1 uop, 'Requires the complex decoder (5 other instructions can be "
      "decoded with simple decoders in the same cycle)'; the rest of "
      "Skylake's list is not checked for this core"};
  // DSB windows and ways: not documented for Golden Cove; Sandy Bridge's
  // 32-byte windows of 3 x 6 uops are assumed (setIntelLegacyDecode).

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {8, "[IntelOpt §2.1] retirement 8 uops per cycle"};
  BE.ROBSize = {512, "[IntelOpt §2.1] 512-entry reorder buffer"};
  BE.SchedulerSize = {97 + 70,
                      "[C&C-GLC] 97-entry math scheduler plus ~70 entries of "
                      "memory schedulers, modelled as one pool"};
  BE.LoadBufferSize = {192, "[IntelOpt §2.1] 192 load buffer entries"};
  BE.StoreBufferSize = {114, "[IntelOpt §2.1] 114 store buffer entries"};
  BE.IntPRFSize = {280, "[C&C-GLC] integer register file ~280"};
  BE.VecPRFSize = {332, "[C&C-GLC] vector register file ~332"};
  BE.ROBMicroFusion = {true, "as on earlier Intel cores"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {5, "[IntelOpt §2.1] L1D load-to-use 5 cycles"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "[IntelOpt §2.1] 5 cycles"};
  Mem.LoadLatencyVec = {6, "one extra bypass cycle to the vector domain"};
  Mem.StoreForwardLatency = {5, "[C&C-GLC] store forwarding ~5 cycles"};
  setFourKAliasing(M);
  Mem.StoreForwardBlockLatency = {13, "LLVM X86AvoidStoreForwardingBlocks "
                                      "(reviews.llvm.org/D41330): ~13 "
                                      "cycles"};
  Mem.LoadsPerCycle = {3, "[IntelOpt §2.1] three 256-bit loads per cycle"};
  Mem.StoresPerCycle = {2, "[IntelOpt §2.1] two stores per cycle"};

  setSandyBridgeMacroFusion(M);
  setSandyBridgeMicroFusion(M);
  setIntelPortBinding(M);

  M.Unlamination = {UnlaminationRule::IndexedUnlessTwoOperandRMW,
                    "[uiCA] §4: unchanged since Haswell"};
  M.MoveElimination.GPR = {true, "[uops.info] alderlakep MOV_89 (R64, R64): "
                                 "0 uops executed"};
  M.MoveElimination.Vector = {true, "[uops.info] MOVAPS_0F28: 0 uops "
                                    "executed"};
  setSandyBridgeIdioms(M);
  setCarryZeroFlagMerge(
      M, "[uops.info] alderlakep: CMOVBE/CMOVNBE (R16..R64) and "
         "SETBE/SETNBE (R8l) 2 uops on p06, latency [1;2] (other cmov/setcc "
         "1 uop, latency 1), the Skylake rows; SETBE (R8h) [3;<=6] does not "
         "match the rule");
  M.ShiftByCLFlagUops = {
      false, "left off: the rows (SHL/SHR/SAR/ROL/ROR (R64, CL) 2 uops on "
             "p06, latency [0;2]) would match the rule, but with it shl rax, "
             "cl; test rax, rax runs at 1.8 cycles instead of the ports' 1.0 "
             "(the flag uop waits for test) and no measurement on this core "
             "decides between them"};
  M.MemoryHierarchy = goldenCoveMemory();
  return M;
}

} // namespace descriptions
} // namespace luarch
