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

namespace luarch {
namespace descriptions {

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

  M.Unlamination = {UnlaminationRule::IndexedUnlessTwoOperandRMW,
                    "[IntelOpt §2.4.2.x] (Haswell and later); [uiCA] §4"};
  M.MoveElimination.GPR = {true, "[IntelOpt §3.5.1.12]; [uops.info] MOV_89 "
                                 "(R64, R64): 0 uops executed"};
  M.MoveElimination.Vector = {true, "[IntelOpt §3.5.1.12]; [uops.info] "
                                    "MOVAPS_0F28: 0 uops executed"};
  setSandyBridgeIdioms(M);
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
  return M;
}

} // namespace descriptions
} // namespace luarch
