//===- Znver4.cpp - AMD Zen 4 (family 19h, models 10h-1Fh, 60h-7Fh) ------===//
//
// Zen 4 keeps Zen 3's execution units (adding AVX-512 on 256-bit pipes),
// grows the op cache, retire queue, load queue and register files.
//
// Sources (full references in docs/models.md):
//   [AMDOptZen4] AMD Software Optimization Guide for the AMD Zen4
//                Microarchitecture, pub. 57647 rev. 1.00, §2.
//   [WikiChip]   WikiChip, "Zen 4 - Microarchitectures - AMD".
//   [uops.info]  Abel & Reineke, uops.info (zen4 table).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"

namespace luarch {
namespace descriptions {

MachineModel makeZnver4() {
  MachineModel M = makeZnver3();
  M.Name = "znver4";
  M.Description = "Zen 4 (family 19h), Ryzen 7000, EPYC 9004";
  M.UopsInfoTable = "zen4";
  M.PortsSource = "[AMDOptZen4 §2.10-2.11] Zen 3's units; [uops.info] FP "
                  "pipe names; LLVM znver4 model for integer units";
  M.LLVMResourcePorts = {
      {"Zn4ALU0", 1u << 0},  {"Zn4ALU1", 1u << 1},  {"Zn4ALU2", 1u << 2},
      {"Zn4ALU3", 1u << 3},  {"Zn4BRU1", 1u << 4},  {"Zn4AGU0", 1u << 5},
      {"Zn4AGU1", 1u << 6},  {"Zn4AGU2", 1u << 7},  {"Zn4FP0", 1u << 8},
      {"Zn4FP1", 1u << 9},   {"Zn4FP2", 1u << 10},  {"Zn4FP3", 1u << 11},
      {"Zn4FP45", (1u << 12) | (1u << 13)},
      {"Zn4Store", (1u << 14) | (1u << 15)},
      {"Zn4FPSt", 0}, {"Zn4LSU", 0}, {"Zn4Load", 0},
  };
  M.FrontEnd.UopCacheWidth = {9, "[AMDOptZen4 §2.9.3] op cache 9 macro-ops "
                                 "per cycle"};
  M.FrontEnd.UopCacheUops = {6912, "[AMDOptZen4 §2.9.3] 6.75K-entry op "
                                   "cache"};
  M.FrontEnd.UopQueueSize = {144, "[WikiChip] 144-entry op queue"};
  M.BackEnd.ROBSize = {320, "[AMDOptZen4 §2.10] 320-entry retire queue"};
  M.BackEnd.LoadBufferSize = {88, "[AMDOptZen4 §2.12] 88 out-of-order "
                                  "loads"};
  M.BackEnd.IntPRFSize = {224, "[WikiChip] 224 integer physical registers"};
  M.BackEnd.VecPRFSize = {192, "[WikiChip] 192 FP physical registers"};
  return M;
}

} // namespace descriptions
} // namespace luarch
