//===- Znver2.cpp - AMD Zen 2 (family 17h, models 30h-7Fh) ---------------===//
//
// Zen 2 keeps Zen's four ALUs and four FP pipes, adds a third AGU, doubles
// the op cache and widens the FP pipes to 256 bits.
//
// Sources (full references in docs/models.md):
//   [AMDOpt17h] AMD Software Optimization Guide for AMD Family 17h Models
//               30h and Greater, pub. 56305 rev. 3.02, §2.
//   [WikiChip]  WikiChip, "Zen 2 - Microarchitectures - AMD".
//   [uops.info] Abel & Reineke, uops.info (zen2 table).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"

namespace luarch {
namespace descriptions {

MachineModel makeZnver2() {
  MachineModel M = makeZnver1();
  M.Name = "znver2";
  M.Description = "Zen 2 (family 17h), Ryzen 3000/4000, EPYC 7002";
  M.UopsInfoTable = "zen2";
  M.Ports = {
      {"ALU0", "integer ALU, branch"},  {"ALU1", "integer ALU, multiply"},
      {"ALU2", "integer ALU, divide"},  {"ALU3", "integer ALU, branch"},
      {"AGU0", "address generation (load/store)"},
      {"AGU1", "address generation (load/store)"},
      {"AGU2", "address generation (store)"},
      {"FP0", "FP multiply, FMA, vector integer"},
      {"FP1", "FP multiply, FMA, vector shuffle"},
      {"FP2", "FP add, store data"},
      {"FP3", "FP add, FP divide"},
      {"ST0", "store commit (pseudo port: one store per cycle)"},
  };
  M.PortsSource = "[AMDOpt17h-30h §2.10-2.11] four ALUs, three AGUs, four "
                  "FP pipes; [uops.info] FP pipe names";
  // Loads may use any AGU; the two-loads-per-cycle limit of the data cache
  // is not modelled as a port.
  M.LoadPorts = 0b000001110000;         // AGU0-2
  M.StoreAddressPorts = 0b000001110000; // AGU0-2
  M.StoreDataPorts = 0b100000000000;    // ST0
  M.IntALUPorts = 0b000000001111;
  M.BranchPorts = 0b000000001001;       // ALU0, ALU3
  M.Divider = {10, "[AMDOpt17h-30h §2.11] FP divide on FP3"};
  M.LLVMResourcePorts = {
      {"Zn2ALU0", 1u << 0}, {"Zn2ALU1", 1u << 1}, {"Zn2ALU2", 1u << 2},
      {"Zn2ALU3", 1u << 3}, {"Zn2AGU0", 1u << 4}, {"Zn2AGU1", 1u << 5},
      {"Zn2AGU2", 1u << 6}, {"Zn2FPU0", 1u << 7}, {"Zn2FPU1", 1u << 8},
      {"Zn2FPU2", 1u << 9}, {"Zn2FPU3", 1u << 10}, {"Zn2Multiplier", 0},
      {"Zn2Divider", 0},
  };
  M.FrontEnd.UopCacheUops = {4096, "[AMDOpt17h-30h §2.9.3] 4K-entry op "
                                   "cache"};
  M.BackEnd.ROBSize = {224, "[AMDOpt17h-30h §2.10] 224-entry retire queue"};
  M.BackEnd.SchedulerSize = {92 + 36, "[WikiChip] 4 x 16 ALU + 28 AGU "
                                      "scheduler entries + 36 FP, as one "
                                      "pool"};
  M.BackEnd.StoreBufferSize = {48, "[AMDOpt17h-30h §2.12] 48-entry store "
                                   "queue"};
  M.BackEnd.IntPRFSize = {180, "[WikiChip] 180 integer physical registers"};
  return M;
}

} // namespace descriptions
} // namespace luarch
