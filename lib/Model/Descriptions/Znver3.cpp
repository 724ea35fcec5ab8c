//===- Znver3.cpp - AMD Zen 3 (family 19h, models 00h-0Fh, 20h-5Fh) ------===//
//
// Zen 3: four schedulers over four ALUs, a separate branch unit (ALU0 also
// branches) and three AGUs; six FP pipes (uops.info's FP4/FP5 are the FP
// store-data and FP-to-integer pipes); three memory operations per cycle,
// at most two of them stores; ADD/SUB/AND/OR/XOR/INC/DEC fuse with a
// following branch too. Starts from Zen 2 (makeZnver2) and sets what Zen 3
// changed, or documents differently.
//
// Sources (full references in docs/models.md; keys as in Znver1.cpp):
//   [AMDOpt19h] AMD Software Optimization Guide for AMD Family 19h
//               Processors, pub. 56665 rev. 3.00 (2020), ch. 2. Section
//               numbers as quoted in LLVM's znver3 model.
//   [LLVM-Zn3]  LLVM 22 X86ScheduleZnver3.td (R. Lebedev): unit names,
//               [AMDOpt19h] quotes, zero-cycle moves and zero idioms
//               measured with llvm-exegesis.
//   [AnandTech-Zen3] AnandTech, "AMD Zen 3 Ryzen Deep Dive Review",
//               2020-11-05, p. 3-4 (front end, schedulers).
//   [Agner]     A. Fog, microarchitecture manual, chapter "AMD Zen 3"
//               (memory operations per cycle, FP register file).
//   [corsix]    P. Cawley, "x86 macro-op fusion notes", corsix.org.
//   [uops.info] Abel & Reineke, uops.info (zen3 table).
//
// Modelling choices:
//   * ST0/ST1 are pseudo ports for the store queue's two writes per cycle.
//   * FP loads: LLVM's znver3 books them on the FP45 pipes (with Zn3Load),
//     not on an AGU; the decoder keeps that (FP loads measured at 2 per
//     cycle by uops.info, e.g. VMOVSS (XMM, M32) 0.5 cycles), so they carry
//     no separate load uop. Zn3Load/Zn3LSU are not issue ports.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

MachineModel makeZnver3() {
  MachineModel M = makeZnver2();
  M.Name = "znver3";
  M.Description = "Zen 3 (family 19h), Ryzen 5000, EPYC 7003";
  M.UopsInfoTable = "zen3";
  M.Ports = {
      {"ALU0", "integer ALU, branch, divide"},
      {"ALU1", "integer ALU, multiply, CRC/PDEP/PEXT"},
      {"ALU2", "integer ALU"},
      {"ALU3", "integer ALU"},
      {"BRU1", "branch"},
      {"AGU0", "address generation (load/store)"},
      {"AGU1", "address generation (load/store)"},
      {"AGU2", "address generation (load/store)"},
      {"FP0", "FP multiply, FMA"},
      {"FP1", "FP multiply, FMA, FP divide/sqrt, shuffle"},
      {"FP2", "FP add, conversions"},
      {"FP3", "FP add, conversions"},
      {"FP4", "FP store data, FP-to-integer moves"},
      {"FP5", "FP store data, FP-to-integer moves"},
      {"ST0", "store commit (pseudo port)"},
      {"ST1", "store commit (pseudo port)"},
  };
  M.PortsSource = "[AMDOpt19h §2.10.2] (quoted in [LLVM-Zn3]) four ALU "
                  "pipes, ALU0 with divide and branch, a separate branch "
                  "unit, three AGUs; [AMDOpt19h §2.11] two pipes for FP "
                  "stores and FP-to-integer moves; [uops.info] FP pipe "
                  "names; [LLVM-Zn3] multiply on ALU1";
  M.LoadPorts = 0b0000000011100000;         // AGU0-2
  M.StoreAddressPorts = 0b0000000011100000; // AGU0-2
  M.StoreDataPorts = 0b1100000000000000;    // ST0-1
  M.IntALUPorts = 0b0000000000001111;       // ALU0-3
  M.BranchPorts = 0b0000000000010001;       // ALU0, BRU1
  M.Divider = {9, "[uops.info] DIVSD 1*FP01, [LLVM-Zn3] FP divide on FP1; "
                  "the integer divider (ALU0, [AMDOpt19h §2.10.2]) is a "
                  "separate unit that the model folds into the same single "
                  "divider"};
  M.LLVMResourcePorts = {
      {"Zn3ALU0", 1u << 0},  {"Zn3ALU1", 1u << 1},  {"Zn3ALU2", 1u << 2},
      {"Zn3ALU3", 1u << 3},  {"Zn3BRU1", 1u << 4},  {"Zn3AGU0", 1u << 5},
      {"Zn3AGU1", 1u << 6},  {"Zn3AGU2", 1u << 7},  {"Zn3FP0", 1u << 8},
      {"Zn3FP1", 1u << 9},   {"Zn3FP2", 1u << 10},  {"Zn3FP3", 1u << 11},
      {"Zn3FP45", (1u << 12) | (1u << 13)},
      {"Zn3Store", (1u << 14) | (1u << 15)},
      // Load/store pipes and the FP store slot: not issue ports (the AGU
      // or FP45 use that comes with them is listed separately).
      {"Zn3FPSt", 0}, {"Zn3LSU", 0}, {"Zn3Load", 0},
  };

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {6, "[AMDOpt19h §2.9.6] (quoted in [LLVM-Zn3]) dispatch "
                      "of up to 6 macro-ops per cycle"};
  FE.PredecodeBytesPerCycle = {32, "[AMDOpt19h §2.9] 32-byte fetch; the "
                                   "decoders scan two 16-byte "
                                   "instruction-byte-queue entries per "
                                   "cycle (not re-verified; informational, "
                                   "not simulated)"};
  FE.PredecodeInstrsPerCycle = {4, "[AnandTech-Zen3] 4-wide decode"};
  FE.Decoders = {4, "[AnandTech-Zen3] 4-wide decode block"};
  FE.DecodeUopsPerCycle = {4, "[AnandTech-Zen3] 4 instructions per cycle "
                              "from the decoders"};
  FE.UopCacheWidth = {8, "[AnandTech-Zen3] the op cache delivers 8 "
                         "macro-ops per cycle"};
  FE.UopCacheUops = {4096, "[AMDOpt19h §2.9.1] (quoted in [LLVM-Zn3]) 64 "
                           "sets x 8 ways, up to 8 macro-ops each, 4K ops "
                           "at most"};
  FE.HasLSD = {false, "no loop buffer documented [AMDOpt19h]"};
  FE.UopQueueSize = {72, "not disclosed for Zen 3: Zen's 72-entry "
                         "micro-op queue [WikiChip] assumed"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {8, "[AMDOpt19h §2.10.3] (quoted in [LLVM-Zn3]) "
                       "in-order commit of up to 8 macro-ops per cycle"};
  BE.ROBSize = {256, "[AMDOpt19h §2.10.3] (quoted in [LLVM-Zn3]) tracks up "
                     "to 256 macro-ops in flight (non-SMT)"};
  BE.SchedulerSize = {96 + 64, "[AnandTech-Zen3] integer schedulers 4 x 24 "
                               "macro-ops; [AMDOpt19h §2.11] FP scheduler "
                               "2 x 32 (both quoted in [LLVM-Zn3]); "
                               "modelled as one pool"};
  BE.LoadBufferSize = {72, "[AMDOpt19h §2.12] (quoted in [LLVM-Zn3]) up to "
                           "72 out-of-order loads"};
  BE.StoreBufferSize = {64, "[AMDOpt19h §2.12] (quoted in [LLVM-Zn3]) "
                            "64-entry store queue"};
  BE.IntPRFSize = {192, "[AMDOpt19h §2.10.3] (quoted in [LLVM-Zn3]) 192 "
                        "integer physical registers"};
  BE.VecPRFSize = {160, "[Agner] 160 vector registers of 256 bits (quoted "
                        "in [LLVM-Zn3])"};

  MemoryDesc &Mem = M.Memory;
  Mem.MemoryRenaming = {false, "[Agner] Zen 3 chapter, as reported by "
                               "HardZone ('Memory mirroring', 2021): Zen 2's "
                               "memory-operand mirroring is gone from Zen 3 "
                               "except in special cases; not modelled"};
  Mem.LoadLatencyGPR = {4, "[AMDOpt19h §2.12] (quoted in [LLVM-Zn3]) "
                           "4-cycle integer load-to-use with simple address "
                           "generation modes"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "[AMDOpt19h §2.6.2] (quoted in "
                                  "[LLVM-Zn3]) 4- or 5-cycle integer "
                                  "load-to-use: 5 with complex address "
                                  "modes"};
  Mem.LoadLatencyVec = {7, "[AMDOpt19h §2.12] (quoted in [LLVM-Zn3]) "
                           "7-cycle FP load-to-use; uops.info measures 8 "
                           "for VMOVSD (XMM, M64)"};
  Mem.StoreForwardLatency = {7, "[uops.info] MOV (M64, R64) store-reload "
                                "latency bounds 5-10 (zen3; no memory "
                                "mirroring, unlike Zen 2); closest "
                                "documented figure: 7 per forward on Zen 2 "
                                "([Agner], see znver2)"};
  Mem.StoreForwardBlockLatency = {21, "not measured for Zen 3; closest "
                                      "documented: [Downs] 21.0 cycles on "
                                      "Zen 2"};
  Mem.LoadsPerCycle = {3, "[AMDOpt19h §2.12] (quoted in [LLVM-Zn3]) three "
                          "memory operations per cycle, all may be loads; "
                          "[Agner]"};
  Mem.StoresPerCycle = {2, "[AMDOpt19h §2.12] (quoted in [LLVM-Zn3]) at "
                           "most two of them stores; [Agner]"};

  MacroFusionRules &MF = M.MacroFusion;
  MF.Cmp = MF.Test = MF.Add = MF.Sub = MF.And = MF.IncDec = MF.OrXor = true;
  MF.ArithOnlyWithZeroCarrySignedCompares = false;
  MF.Source = "[corsix] Zen 3 adds AND, OR, XOR, ADD, SUB, INC and DEC to "
              "CMP/TEST, with every flag-based Jcc; [AMDOpt19h §2.9, branch "
              "fusion]; memory+immediate and RIP-relative forms kept "
              "non-fusing (not re-verified for AMD)";

  M.MoveElimination.GPR = {true, "[AMDOpt19h §2.9.4] zero-cycle moves "
                                 "(quoted in [LLVM-Zn3], verified with "
                                 "llvm-exegesis); [Agner] six renames per "
                                 "cycle"};
  M.MoveElimination.Vector = {true, "[LLVM-Zn3] (V)MOVAPS/MOVUPS/MOVDQA "
                                    "x,x and YMM forms eliminated; "
                                    "[uops.info] MOVAPS_0F28 latency 0"};
  M.Latencies.ShiftRotateByCL = {
      1, "[LLVM-Zn3] shl/shr/sar/rol/ror r, cl latency 1 (llvm-mca-22 "
         "-mcpu=znver3 -instruction-info); uops.info zen3 lists SHL (R64, CL) [0;16], whose "
         "upper bound is no register path (Zen 4: measured, see znver4)"};
  M.Idioms.ZeroIdioms = {true, "[LLVM-Zn3] XOR/SUB r,r and XORPS/PXOR/"
                               "PSUB*/PCMPGT* x,x are zero idioms"};
  M.Idioms.ZeroIdiomsNeedNoPort = {true, "[LLVM-Zn3] GPR XOR/SUB and VEX "
                                         "vector zero idioms are "
                                         "zero-cycle (measured); legacy-SSE "
                                         "XORPS/PXOR still execute - not "
                                         "distinguished by the model"};
  M.Idioms.OnesIdioms = {true, "[LLVM-Zn3] (V)PCMPEQ* x,x is "
                               "dependency-breaking"};
  // A Ryzen 9 5950X (two 8-core CCXs, 32 MB L3 each, 4.9 GHz boost) with
  // dual-channel DDR4-3200.
  MemoryHierarchyDesc &H = M.MemoryHierarchy;
  MemoryLevelDesc &L1 = *H.level("L1d");
  L1.LoadBytesPerCycle = {64, "[Agner] three loads per cycle, two of them "
                              "256-bit"};
  MemoryLevelDesc &L3 = *H.level("L3");
  L3.SizeKiB = {32768, "[AMDOpt19h ch. 2] 32 MB shared by the 8 cores of a "
                       "CCX"};
  L3.SharedByCores = {8, "[AMDOpt19h ch. 2] 8 cores per CCX"};
  L3.LatencyCycles = {46, "[AMDOpt19h ch. 2] 46 cycles average load-to-use"};
  L3.LoadBytesPerCycle = {24, "estimate: as measured on Zen 4 (27, "
                              "eval/memory/znver4-probe.json), a little "
                              "less"};
  L3.StoreBytesPerCycle = {24, "estimate: as the load stream"};
  L3.CopyBytesPerCycle = {24, "estimate: as the load stream"};
  MemoryLevelDesc &D = *H.level("DRAM");
  D.LatencyCycles = {350, "estimate: ~78 ns through the I/O die at 4.5 "
                          "GHz"};
  H.PageWalkers = {6, "[AMDOpt19h ch. 2] six page table walkers"};
  return M;
}

} // namespace descriptions
} // namespace luarch
