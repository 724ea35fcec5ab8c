//===- Znver1.cpp - AMD Zen (family 17h, models 00h-2Fh) -----------------===//
//
// Zen and Zen+ (uops.info's "zen" table is Zen+; the two cores share the
// back end). uops.info gives ports only for the FP pipes (FP0-FP3) on AMD;
// integer instructions take their uop count and latency from uops.info and
// their units from LLVM's znver1 scheduling model (LLVMResourcePorts).
//
// Sources (full references in docs/models.md):
//   [AMDOpt17h] AMD Software Optimization Guide for AMD Family 17h
//               Processors, pub. 55723 rev. 3.00, §2 "Microarchitecture of
//               the Family 17h processor".
//   [Agner]     A. Fog, "The microarchitecture of Intel, AMD and VIA CPUs",
//               §20 "AMD Zen".
//   [WikiChip]  WikiChip, "Zen - Microarchitectures - AMD".
//   [uops.info] Abel & Reineke, uops.info (zen table).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"

namespace luarch {
namespace descriptions {

// Zen has no store-data port: the pseudo port "ST0" (two, ST0-ST1, from
// Zen 3 on) carries each store's data uop, making the store rate explicit.

MachineModel makeZnver1() {
  MachineModel M;
  M.Name = "znver1";
  M.Vendor = "AMD";
  M.Description = "Zen / Zen+ (family 17h), Ryzen 1000/2000, EPYC 7001";
  M.UopsInfoTable = "zen";

  M.Ports = {
      {"ALU0", "integer ALU, branch"},  {"ALU1", "integer ALU, multiply"},
      {"ALU2", "integer ALU, divide"},  {"ALU3", "integer ALU, branch"},
      {"AGU0", "address generation (load/store)"},
      {"AGU1", "address generation (load/store)"},
      {"FP0", "FP multiply, FMA, vector integer"},
      {"FP1", "FP multiply, FMA, vector shuffle"},
      {"FP2", "FP add, store data"},
      {"FP3", "FP add, FP divide"},
      {"ST0", "store commit (pseudo port: one store per cycle)"},
  };
  M.PortsSource = "[AMDOpt17h §2.10-2.11] four ALUs, two AGUs, four FP "
                  "pipes; [uops.info] FP pipe names";
  M.LoadPorts = 0b00000110000;         // AGU0-1
  M.StoreAddressPorts = 0b00000110000; // AGU0-1
  M.StoreDataPorts = 0b10000000000;    // ST0
  M.IntALUPorts = 0b00000001111;       // ALU0-3
  M.BranchPorts = 0b00000001001;       // ALU0, ALU3
  M.Divider = {9, "[AMDOpt17h §2.11] FP divide/square root on FP3; integer "
                  "divides on ALU2 share the occupancy model"};
  M.LLVMResourcePorts = {
      {"ZnALU0", 1u << 0},  {"ZnALU1", 1u << 1},  {"ZnALU2", 1u << 2},
      {"ZnALU3", 1u << 3},  {"ZnAGU0", 1u << 4},  {"ZnAGU1", 1u << 5},
      {"ZnFPU0", 1u << 6},  {"ZnFPU1", 1u << 7},  {"ZnFPU2", 1u << 8},
      {"ZnFPU3", 1u << 9},  {"ZnMultiplier", 0}, {"ZnDivider", 0},
  };

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {6, "[AMDOpt17h §2.9] dispatch up to 6 macro-ops per "
                      "cycle"};
  FE.PredecodeBytesPerCycle = {16, "[AMDOpt17h §2.9.1] fetch 32 bytes, "
                                   "decode 16 bytes per cycle"};
  FE.PredecodeInstrsPerCycle = {4, "[AMDOpt17h §2.9.2] 4 instructions per "
                                   "cycle"};
  FE.Decoders = {4, "[AMDOpt17h §2.9.2] four decoders"};
  FE.DecodeUopsPerCycle = {4, "[AMDOpt17h §2.9.2] 4 instructions per cycle"};
  FE.UopCacheWidth = {8, "[AMDOpt17h §2.9.3] op cache delivers up to 8 "
                         "macro-ops per cycle"};
  FE.UopCacheUops = {2048, "[AMDOpt17h §2.9.3] 2K-entry op cache"};
  FE.HasLSD = {false, "no loop buffer documented [AMDOpt17h]"};
  FE.UopQueueSize = {72, "[WikiChip] 72-entry micro-op queue"};
  FE.IterationBoundaryRule = {false, "Intel SNB/IVB only"};
  FE.LCPPenalty = {0, "no length-changing-prefix stall documented on Zen"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {8, "[AMDOpt17h §2.10] retires up to 8 macro-ops per "
                       "cycle"};
  BE.ROBSize = {192, "[AMDOpt17h §2.10] 192-entry retire queue"};
  BE.SchedulerSize = {84 + 36, "[AMDOpt17h §2.10-2.11] 6 x 14 integer "
                               "scheduler entries + 36 FP, as one pool"};
  BE.LoadBufferSize = {44, "[AMDOpt17h §2.12] 44-entry load queue"};
  BE.StoreBufferSize = {44, "[AMDOpt17h §2.12] 44-entry store queue"};
  BE.IntPRFSize = {168, "[AMDOpt17h §2.10] 168 integer physical registers"};
  BE.VecPRFSize = {160, "[AMDOpt17h §2.11] 160 FP physical registers"};
  BE.ROBMicroFusion = {true, "a macro-op (with its memory operand) takes "
                             "one retire-queue entry [AMDOpt17h §2.4]"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {4, "[AMDOpt17h §2.12] 4-cycle integer load-to-use"};
  Mem.LoadLatencyGPRComplex = {5, "[Agner §20.12] one more with an index "
                                  "register"};
  Mem.LoadLatencyVec = {7, "[AMDOpt17h §2.12] 7-cycle FP load-to-use"};
  Mem.StoreForwardLatency = {5, "[Agner §20.12] store forwarding ~5 cycles"};
  Mem.StoreForwardBlockLatency = {13, "not documented for Zen; Intel's "
                                      "estimate (LLVM D41330) used"};
  Mem.LoadsPerCycle = {2, "[AMDOpt17h §2.12] two loads per cycle"};
  Mem.StoresPerCycle = {1, "[AMDOpt17h §2.12] one store per cycle"};

  MacroFusionRules &MF = M.MacroFusion;
  MF.Cmp = MF.Test = true;
  MF.Add = MF.Sub = MF.And = MF.IncDec = MF.OrXor = false;
  MF.ArithOnlyWithZeroCarrySignedCompares = false;
  MF.NoMemImm = true;
  MF.NoRIPRelative = true;
  MF.AllowMemory = true;
  MF.Source = "[AMDOpt17h §2.9.4] CMP/TEST fuse with a following Jcc; a "
              "memory operand together with an immediate does not fuse";

  M.Unlamination = {UnlaminationRule::Never,
                    "[AMDOpt17h §2.4] macro-ops keep their memory operand"};
  M.MoveElimination.GPR = {true, "[AMDOpt17h §2.10.1] register moves are "
                                 "eliminated at rename; [uops.info] MOV_89 "
                                 "latency 0"};
  M.MoveElimination.Vector = {true, "[AMDOpt17h §2.11] XMM register moves "
                                    "eliminated; [uops.info] MOVAPS latency "
                                    "0"};
  M.Idioms.ZeroIdioms = {true, "[AMDOpt17h §2.10.2] zeroing idioms"};
  M.Idioms.ZeroIdiomsNeedNoPort = {true, "[AMDOpt17h §2.10.2] handled at "
                                         "rename"};
  M.Idioms.OnesIdioms = {true, "[AMDOpt17h §2.10.2] PCMPEQ x,x is "
                               "dependency-breaking"};
  return M;
}

} // namespace descriptions
} // namespace luarch
