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

namespace luarch {
namespace descriptions {

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

  M.Unlamination = {UnlaminationRule::IndexedUnlessTwoOperandRMW,
                    "[uiCA] §4: same rule as Haswell-Skylake"};
  M.MoveElimination.GPR = {false, "[ICL065] disabled by microcode"};
  M.MoveElimination.Vector = {true, "[uops.info] MOVAPS_0F28 (XMM, XMM): 0 "
                                    "uops executed"};
  setSandyBridgeIdioms(M);
  return M;
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
  return M;
}

MachineModel makeTigerLake() {
  MachineModel M = makeIceLakeClient();
  M.Name = "tigerlake";
  M.Description = "Tiger Lake (Willow Cove), 11th gen. Core mobile";
  M.UopsInfoTable = "tigerlake";
  M.PortsSource = "[IntelOpt §2.1] Willow Cove keeps Sunny Cove's ports; "
                  "[uops.info] tigerlake table";
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
  return M;
}

} // namespace descriptions
} // namespace luarch
