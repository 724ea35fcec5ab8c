//===- Znver2.cpp - AMD Zen 2 (family 17h, models 30h-7Fh) ---------------===//
//
// Zen 2 keeps Zen's four ALUs and four FP pipes (widened to 256 bits, so a
// YMM operation is one macro-op), adds a third AGU for stores, doubles the
// op cache and grows the scheduler, retire queue, register file and store
// queue. Everything not set here is Zen's (makeZnver1).
//
// Sources (full references in docs/models.md; keys as in Znver1.cpp):
//   [AMDOpt17h-30h] AMD Software Optimization Guide for AMD Family 17h
//               Models 30h and Greater Processors, pub. 56305 rev. 3.02.
//   [WikiChip-Zen2] WikiChip, "Zen 2 - Microarchitectures - AMD": execution
//               engine (schedulers, PRF, retire queue, AGUs).
//   [AnandTech-Zen2] AnandTech, "AMD Zen 2 Microarchitecture Analysis:
//               Ryzen 3000 and EPYC Rome", 2019-06-10, p. 8 (decode, op
//               cache) and p. 10 (integer units, load and store).
//   [MyNavi-Zen2] Y. Ohara, Zen 2 architecture article, Mynavi TECH+,
//               2019-08-08, p. 5 (AGU roles).
//   [Agner]     A. Fog, microarchitecture manual (Zen 2 FP register file,
//               memory-operand mirroring).
//   [Downs]     T. Downs, uarch-bench store-forwarding study on an EPYC 7262.
//   [uops.info] Abel & Reineke, uops.info (zen2 table).
//   [LLVM]      LLVM 22 X86ScheduleZnver2.td (unit names; "AGUs feed load
//               store queues @two loads and 1 store per cycle").
//
// Modelling choices:
//   * AGU2 is the store AGU [AnandTech-Zen2]; it can still hand a load to
//     the load queue, at some latency cost [MyNavi-Zen2]. LLVM's znver2
//     model books loads and stores on one group of the three AGUs
//     (Zn2AGU), so the decoder cannot tell a load's AGUs from a store's:
//     all three AGUs are load ports here, which lets a loop of loads alone
//     reach 3 per cycle where the data cache reads 2 (uops.info: MOV (R64,
//     M64) 0.5 cycles). Restricting loads to AGU0-1 would need the decoder
//     to choose ports by uop kind.
//   * Zen 2 mirrors 32/64-bit memory operands addressed by registers
//     ("memory renaming", [Agner]): such store-reload pairs forward in about
//     one cycle. Modelled as MemoryRenaming (pure loads and
//     read-modify-writes, as measured on Zen 4); other store-reload pairs
//     take StoreForwardLatency.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

MachineModel makeZnver2() {
  MachineModel M = makeZnver1();
  M.Name = "znver2";
  M.Description = "Zen 2 (family 17h), Ryzen 3000/4000, EPYC 7002";
  M.UopsInfoTable = "zen2";
  M.Ports = {
      {"ALU0", "integer ALU, branch"},
      {"ALU1", "integer ALU, multiply"},
      {"ALU2", "integer ALU, divide"},
      {"ALU3", "integer ALU, branch"},
      {"AGU0", "address generation (load/store)"},
      {"AGU1", "address generation (load/store)"},
      {"AGU2", "address generation (stores only on hardware; see notes)"},
      {"FP0", "FP multiply, FMA, vector integer"},
      {"FP1", "FP multiply, FMA, vector shuffle"},
      {"FP2", "FP add, FP store data"},
      {"FP3", "FP add, FP divide/sqrt, conversions"},
      {"ST0", "store commit (pseudo port: one store per cycle)"},
  };
  M.PortsSource = "[AnandTech-Zen2] four ALUs and three AGUs, AGU2 for "
                  "stores only; [WikiChip-Zen2]; [uops.info] FP pipe names "
                  "(DIVSD on FP3, FP store data on FP2); [LLVM] multiply on "
                  "ALU1, divide on ALU2";
  M.LoadPorts = 0b000001110000;         // AGU0-2 (see the notes above)
  M.StoreAddressPorts = 0b000001110000; // AGU0-2
  M.StoreDataPorts = 0b100000000000;    // ST0
  M.IntALUPorts = 0b000000001111;       // ALU0-3
  M.BranchPorts = 0b000000001001;       // ALU0, ALU3
  M.Divider = {10, "[uops.info] DIVSD on FP3 (zen2 table); the integer "
                   "divider (ALU2) is a separate unit that the model folds "
                   "into the same single divider"};
  M.LLVMResourcePorts = {
      {"Zn2ALU0", 1u << 0}, {"Zn2ALU1", 1u << 1}, {"Zn2ALU2", 1u << 2},
      {"Zn2ALU3", 1u << 3}, {"Zn2AGU0", 1u << 4}, {"Zn2AGU1", 1u << 5},
      {"Zn2AGU2", 1u << 6}, {"Zn2FPU0", 1u << 7}, {"Zn2FPU1", 1u << 8},
      {"Zn2FPU2", 1u << 9}, {"Zn2FPU3", 1u << 10},
      // Non-pipelined units behind ALU1/ALU2, not issue ports.
      {"Zn2Multiplier", 0}, {"Zn2Divider", 0},
  };

  FrontEndDesc &FE = M.FrontEnd;
  FE.PredecodeInstrsPerCycle = {4, "[AnandTech-Zen2] the four decoders are "
                                   "unchanged from Zen"};
  FE.UopCacheWidth = {8, "[AnandTech-Zen2] the op cache delivers up to 8 "
                         "macro-ops per cycle"};
  FE.UopCacheUops = {4096, "[AnandTech-Zen2] op cache doubled from 2K to 4K "
                           "entries; [AMDOpt17h-30h]"};

  BackEndDesc &BE = M.BackEnd;
  BE.ROBSize = {224, "[AnandTech-Zen2] 224-entry reorder buffer (up from "
                     "192); [WikiChip-Zen2]"};
  BE.SchedulerSize = {92 + 36, "[AnandTech-Zen2] four 16-entry ALU queues "
                               "+ one 28-entry AGU queue; [LLVM] 36-entry "
                               "FP scheduler; modelled as one pool"};
  BE.LoadBufferSize = {72, "unchanged from Zen (72 out-of-order loads, "
                           "[HC28]); Zen 2 disclosures list no load-queue "
                           "change"};
  BE.StoreBufferSize = {48, "[AnandTech-Zen2] the store queue grew from 44 "
                            "to 48 entries"};
  BE.IntPRFSize = {180, "[AnandTech-Zen2] 180-entry general purpose "
                        "register file (up from 168); [WikiChip-Zen2]"};
  BE.VecPRFSize = {160, "[Agner] 160 vector registers, 256 bits each on "
                        "Zen 2 (quoted in LLVM's znver3 model)"};

  MemoryDesc &Mem = M.Memory;
  Mem.StoreForwardLatency = {7, "[Agner] without memory mirroring, store + "
                                "add [mem] + load on one address take 15 "
                                "cycles = 2 forwards + 1: 7 per forward; "
                                "[Downs] 8.0 cycles for a 16-byte "
                                "store-reload; mirrored 32/64-bit GPR "
                                "accesses forward in ~1 cycle ([Downs] "
                                "1.0), see MemoryRenaming"};
  Mem.MemoryRenaming = {true, "[Agner-Zen2] forum post 'Surprising new feature "
                              "in AMD Ryzen 3000' (2019): 32/64-bit GPR "
                              "operands addressed by a pointer register "
                              "(optionally indexed; not absolute or "
                              "RIP-relative) are mirrored, a store, add "
                              "[mem] and reload take 2 cycles instead of 15"};
  Mem.StoreForwardBlockLatency = {21, "[Downs] two 8-byte stores then a "
                                      "16-byte reload: 21.0 cycles on Zen 2 "
                                      "(14.0 on Skylake)"};
  Mem.LoadsPerCycle = {2, "[AnandTech-Zen2] two 256-bit reads and one "
                          "256-bit write per cycle; [uops.info] MOV (R64, "
                          "M64) 0.5 cycles"};
  Mem.StoresPerCycle = {1, "[AnandTech-Zen2] one 256-bit write per cycle; "
                           "[uops.info] MOV (M64, R64) 1.0 cycle"};
  // A Ryzen 9 3900X (four 3-core CCXs, 16 MB L3 each, 4.6 GHz boost) with
  // dual-channel DDR4-3200.
  MemoryHierarchyDesc &H = M.MemoryHierarchy;
  MemoryLevelDesc &L1 = *H.level("L1d");
  L1.LoadBytesPerCycle = {64, "[AnandTech-Zen2] two 256-bit loads per "
                              "cycle"};
  L1.StoreBytesPerCycle = {32, "[AnandTech-Zen2] one 256-bit store per "
                               "cycle"};
  L1.CopyBytesPerCycle = {64, "estimate: 32 bytes loaded and 32 stored per "
                              "cycle"};
  MemoryLevelDesc &L2 = *H.level("L2");
  L2.LatencyCycles = {12, "[AnandTech-Zen2] 12 cycles (down from 17)"};
  MemoryLevelDesc &L3 = *H.level("L3");
  L3.SizeKiB = {16384, "[AnandTech-Zen2] 16 MB per CCX (doubled)"};
  L3.LatencyCycles = {39, "estimate: about 39 cycles, as third parties "
                          "measured"};
  MemoryLevelDesc &D = *H.level("DRAM");
  D.LatencyCycles = {320, "estimate: ~75 ns through the I/O die at 4.2 "
                          "GHz"};
  D.LoadBytesPerCycle = {6, "estimate: one CCD reads 32 bytes per fabric "
                            "cycle [AnandTech-Zen2]; ~25 GB/s for one core "
                            "at 4.2 GHz"};
  D.StoreBytesPerCycle = {3, "estimate [ECM]: half the load bandwidth"};
  D.CopyBytesPerCycle = {4, "estimate [ECM]: two thirds of the load "
                            "bandwidth"};
  H.TLBs[1].Entries4K = {2048, "[WikiChip-Zen2] 2048 entries (up from "
                               "1536), 4 KB and 2 MB pages"};
  H.TLBs[1].Entries2M = {2048, "[WikiChip-Zen2] shared with 4 KB pages"};
  H.NTStoreBytesPerCycle = {6, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  return M;
}

} // namespace descriptions
} // namespace luarch
