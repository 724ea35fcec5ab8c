//===- Znver3.cpp - AMD Zen 3 (family 19h, models 00h-0Fh, 20h-5Fh) ------===//
//
// Zen 3: a unified integer scheduler over four ALUs, a dedicated branch
// unit and three AGUs; six FP pipes (uops.info's FP4/FP5 are the FP
// store-data and FP-to-integer pipes); three loads and two stores per cycle;
// most ALU instructions fuse with a following branch.
//
// Sources (full references in docs/models.md):
//   [AMDOpt19h] AMD Software Optimization Guide for AMD Family 19h
//               Processors, pub. 56665 rev. 3.00, §2.
//   [WikiChip]  WikiChip, "Zen 3 - Microarchitectures - AMD".
//   [uops.info] Abel & Reineke, uops.info (zen3 table).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"

namespace luarch {
namespace descriptions {

MachineModel makeZnver3() {
  MachineModel M = makeZnver2();
  M.Name = "znver3";
  M.Description = "Zen 3 (family 19h), Ryzen 5000, EPYC 7003";
  M.UopsInfoTable = "zen3";
  M.Ports = {
      {"ALU0", "integer ALU, branch, divide"},
      {"ALU1", "integer ALU, multiply"},
      {"ALU2", "integer ALU"},
      {"ALU3", "integer ALU"},
      {"BRU1", "branch"},
      {"AGU0", "address generation"},
      {"AGU1", "address generation"},
      {"AGU2", "address generation"},
      {"FP0", "FP multiply, FMA"},
      {"FP1", "FP multiply, FMA, FP divide"},
      {"FP2", "FP add, shuffle"},
      {"FP3", "FP add"},
      {"FP4", "FP store data, FP to integer"},
      {"FP5", "FP store data, FP to integer"},
      {"ST0", "store commit (pseudo port)"},
      {"ST1", "store commit (pseudo port)"},
  };
  M.PortsSource = "[AMDOpt19h §2.10-2.11] four ALUs, branch unit, three "
                  "AGUs, six FP pipes; [uops.info] FP pipe names; LLVM "
                  "znver3 model for integer units";
  M.LoadPorts = 0b0000000011100000;         // AGU0-2: three loads per cycle
  M.StoreAddressPorts = 0b0000000011100000; // AGU0-2
  M.StoreDataPorts = 0b1100000000000000;    // ST0-1: two stores per cycle
  M.IntALUPorts = 0b0000000000001111;
  M.BranchPorts = 0b0000000000010001;       // ALU0, BRU1
  M.Divider = {9, "[uops.info] DIVSD 1*FP01 (divide on FP1, [AMDOpt19h "
                  "§2.11]); integer divides share the occupancy model"};
  M.LLVMResourcePorts = {
      {"Zn3ALU0", 1u << 0},  {"Zn3ALU1", 1u << 1},  {"Zn3ALU2", 1u << 2},
      {"Zn3ALU3", 1u << 3},  {"Zn3BRU1", 1u << 4},  {"Zn3AGU0", 1u << 5},
      {"Zn3AGU1", 1u << 6},  {"Zn3AGU2", 1u << 7},  {"Zn3FP0", 1u << 8},
      {"Zn3FP1", 1u << 9},   {"Zn3FP2", 1u << 10},  {"Zn3FP3", 1u << 11},
      {"Zn3FP45", (1u << 12) | (1u << 13)},
      {"Zn3Store", (1u << 14) | (1u << 15)},
      // Queues and pipes that are not issue ports.
      {"Zn3FPSt", 0}, {"Zn3LSU", 0}, {"Zn3Load", 0},
  };
  M.FrontEnd.UopCacheWidth = {8, "[AMDOpt19h §2.9.3] op cache 8 macro-ops "
                                 "per cycle"};
  M.BackEnd.ROBSize = {256, "[AMDOpt19h §2.10] 256-entry retire queue"};
  M.BackEnd.SchedulerSize = {96 + 64, "[WikiChip] 4 x 24 integer + 2 x 32 "
                                      "FP scheduler entries, as one pool"};
  M.BackEnd.LoadBufferSize = {72, "[AMDOpt19h §2.12] 72 out-of-order loads"};
  M.BackEnd.StoreBufferSize = {64, "[AMDOpt19h §2.12] 64-entry store queue"};
  M.BackEnd.IntPRFSize = {192, "[WikiChip] 192 integer physical registers"};
  M.Memory.LoadsPerCycle = {3, "[AMDOpt19h §2.12] three loads per cycle"};
  M.Memory.StoresPerCycle = {2, "[AMDOpt19h §2.12] two stores per cycle"};

  MacroFusionRules &MF = M.MacroFusion;
  MF.Cmp = MF.Test = MF.Add = MF.Sub = MF.And = MF.IncDec = MF.OrXor = true;
  MF.Source = "[AMDOpt19h §2.9.4] CMP/TEST and most ALU instructions (ADD, "
              "SUB, AND, OR, XOR, INC, DEC) fuse with a following Jcc";
  return M;
}

} // namespace descriptions
} // namespace luarch
