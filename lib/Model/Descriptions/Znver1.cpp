//===- Znver1.cpp - AMD Zen / Zen+ (family 17h, models 00h-2Fh) ----------===//
//
// Zen and Zen+ share the core (uops.info's "zen" table was measured on Zen+).
// uops.info gives ports only for the FP pipes (FP0-FP3) on AMD; integer
// instructions take their macro-op count and latency from uops.info and
// their units from LLVM's znver1 scheduling model (LLVMResourcePorts).
//
// Sources (full references in docs/models.md):
//   [AMDOpt17h] AMD Software Optimization Guide for AMD Family 17h
//               Processors, pub. 55723 rev. 3.00 (2017), ch. 2
//               ("Microarchitecture of the Family 17h Processor").
//   [HC28]      M. Clark, "A New x86 Core Architecture for the Next
//               Generation of Computing", Hot Chips 28 (2016); as reported
//               by AnandTech ("The AMD Zen and Ryzen 7 Review", 2017).
//   [AnandTech-Zen] AnandTech, "The AMD Zen and Ryzen 7 Review: A Deep Dive
//               on 1800X, 1700X and 1700", 2017-03-02, p. 4 and 8.
//   [AMD-Clark] M. Clark and S. Naffziger (AMD), interview on the Zen op
//               cache, 2017 ("we put them in that cache 8 at a time, so we
//               can pull 8 out per cycle").
//   [Agner]     A. Fog, "The microarchitecture of Intel, AMD and VIA CPUs",
//               chapters on AMD Zen.
//   [Downs]     T. Downs, uarch-bench store-forwarding study (gist
//               bc9af3a0aaca5399824cf182f85b9e9c), Zen 2 EPYC 7262.
//   [corsix]    P. Cawley, "x86 macro-op fusion notes", corsix.org.
//   [WikiChip]  WikiChip, "Zen - Microarchitectures - AMD".
//   [WikiChip-Zen2] WikiChip, "Zen 2 - Microarchitectures - AMD" (what Zen 2
//               inherits from Zen: move elimination, zeroing idioms).
//   [AnandTech-Zen2] AnandTech, "AMD Zen 2 Microarchitecture Analysis",
//               2019-06-10, p. 8 (decode, op cache).
//   [AMDOpt19h] AMD Software Optimization Guide for AMD Family 19h
//               Processors, pub. 56665 rev. 3.00, for figures only
//               documented for Zen 3.
//   [uops.info] Abel & Reineke, uops.info (zen table, measured on Zen+).
//   [LLVM]      LLVM 22 scheduling models X86ScheduleZnver1/2.td (unit
//               names; their comments quote [AMDOpt17h] for the retire unit
//               and register files).
//   [LLVM-Zn3]  X86ScheduleZnver3.td (R. Lebedev, measured with
//               llvm-exegesis): zero-cycle moves and zero idioms on Zen 3.
//
// Where a number is not documented for Zen 1 the source string names the
// closest documented figure and the CPU it was measured on.
//
// Modelling choices:
//   * Zen has no store-data port: the pseudo port ST0 carries each store's
//     data uop, which makes the one-store-per-cycle limit explicit.
//   * The integer and FP dividers are separate units on AMD; the model has
//     one divider (Divider.Port), placed on the FP divide pipe.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

/// A Ryzen 7 1800X (two 4-core CCXs, 8 MB L3 each, 3.6-4.0 GHz) with
/// dual-channel DDR4. AMD's L2 fills and evictions use separate paths:
/// store and copy streams are estimated at the load stream's bandwidth, as
/// measured on Zen 4 (the EPYC 9004 host, eval/memory/znver4-probe.json).
static MemoryHierarchyDesc zenMemory() {
  MemoryHierarchyDesc H;
  MemoryLevelDesc L1 = memoryLevel("L1d");
  L1.SizeKiB = {32, "[AMDOpt17h ch. 2] 32 KB"};
  L1.Ways = {8, "[AMDOpt17h ch. 2] 8-way"};
  L1.SharedByCores = {1, "private"};
  L1.Inclusive = {false, "the first level"};
  L1.LatencyCycles = {4, "[AMDOpt17h ch. 2] 4-cycle integer load-to-use"};
  L1.LoadBytesPerCycle = {32, "[AMDOpt17h ch. 2] two 128-bit loads per "
                              "cycle"};
  L1.StoreBytesPerCycle = {16, "[AMDOpt17h ch. 2] one 128-bit store per "
                               "cycle"};
  L1.CopyBytesPerCycle = {32, "estimate: 16 bytes loaded and 16 stored per "
                              "cycle, the store's limit"};
  L1.MissBuffers = {22, "estimate: 22 miss address buffers (the figure "
                        "third parties give for Zen and Zen 2)"};
  MemoryLevelDesc L2 = memoryLevel("L2");
  L2.SizeKiB = {512, "[AMDOpt17h ch. 2] 512 KB"};
  L2.Ways = {8, "[AMDOpt17h ch. 2] 8-way"};
  L2.SharedByCores = {1, "private"};
  L2.Inclusive = {true, "[AMDOpt17h ch. 2] inclusive of the L1 caches"};
  L2.LatencyCycles = {17, "[AnandTech-Zen+] 4.6 ns on Zen: ~17 cycles at "
                          "3.6 GHz"};
  L2.LoadBytesPerCycle = {28, "estimate: the 32-byte L2-to-L1 path "
                              "[AMDOpt17h ch. 2], sustained at Zen 4's "
                              "measured fraction"};
  L2.StoreBytesPerCycle = {28, "estimate: as the load stream (separate "
                               "fill and eviction paths; measured so on Zen "
                               "4)"};
  L2.CopyBytesPerCycle = {28, "estimate: as the load stream (measured so on "
                              "Zen 4)"};
  L2.MissBuffers = {32, "estimate"};
  MemoryLevelDesc L3 = memoryLevel("L3");
  L3.SizeKiB = {8192, "[AMDOpt17h ch. 2] 8 MB per CCX (a Ryzen 7 1800X has "
                      "two)"};
  L3.Ways = {16, "[AMDOpt17h ch. 2] 16-way"};
  L3.SharedByCores = {4, "[AMDOpt17h ch. 2] the 4 cores of a CCX"};
  L3.Inclusive = {false, "[AMDOpt17h ch. 2] a victim cache of the L2s "
                         "(mostly exclusive)"};
  L3.LatencyCycles = {40, "[AnandTech-Zen+] 11.0 ns on Zen: ~40 cycles at "
                          "3.6 GHz"};
  L3.LoadBytesPerCycle = {16, "estimate: half the L2's (the 32-byte path "
                              "shared with the L2 fills)"};
  L3.StoreBytesPerCycle = {16, "estimate: as the load stream"};
  L3.CopyBytesPerCycle = {16, "estimate: as the load stream"};
  L3.MissBuffers = {32, "estimate: the L2's"};
  MemoryLevelDesc D = dramLevel();
  D.LatencyCycles = {270, "[AnandTech-Zen+] 74 ns on Zen (DDR4-3200): "
                          "~270 cycles at 3.6 GHz"};
  D.LoadBytesPerCycle = {5, "estimate: ~18 GB/s for one core at 3.6 GHz"};
  setStoreCopyByECM(D);
  H.Levels = {L1, L2, L3, D};
  H.TLBs = {{"L1 DTLB",
             {64, "[AMDOpt17h ch. 2] 64 entries, fully associative, every "
                  "page size"},
             {64, "[AMDOpt17h ch. 2] shared by every page size"},
             {64, "[AMDOpt17h ch. 2] shared by every page size"}},
            {"L2 TLB",
             {1536, "[AMDOpt17h ch. 2]; [WikiChip-Zen2] 1536 entries on "
                    "Zen, 4 KB and 2 MB pages"},
             {1536, "shared with 4 KB pages"},
             {0, "1 GB pages are smashed into 2 MB entries "
                 "[WikiChip-Zen2]"}}};
  H.PageWalkCycles = {30, "estimate: Intel's measured 26 [Palomares "
                          "§5.4], rounded up"};
  H.PageWalkers = {2, "[WikiChip-Zen2] two page table walkers (as Zen)"};
  H.NonTemporalStores = {true, "[AMDOpt17h ch. 2] non-temporal stores "
                               "combine whole lines without a read"};
  H.NTStoreBytesPerCycle = {5, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  H.PrefetchStrideBytes = {4096, "estimate: the stride and stream "
                                 "prefetchers [AMDOpt17h ch. 2] do not "
                                 "cross a 4 KB page; strides within one "
                                 "are assumed followed"};
  return H;
}

MachineModel makeZnver1() {
  MachineModel M;
  M.Name = "znver1";
  M.Vendor = "AMD";
  M.Description = "Zen / Zen+ (family 17h), Ryzen 1000/2000, EPYC 7001";
  M.UopsInfoTable = "zen";

  M.Ports = {
      {"ALU0", "integer ALU, branch"},
      {"ALU1", "integer ALU, multiply"},
      {"ALU2", "integer ALU, divide"},
      {"ALU3", "integer ALU, branch"},
      {"AGU0", "address generation (load/store)"},
      {"AGU1", "address generation (load/store)"},
      {"FP0", "FP multiply, FMA, vector integer"},
      {"FP1", "FP multiply, FMA, vector shuffle"},
      {"FP2", "FP add, FP store data"},
      {"FP3", "FP add, FP divide/sqrt, conversions"},
      {"ST0", "store commit (pseudo port: one store per cycle)"},
  };
  M.PortsSource = "[AnandTech-Zen] four ALUs and two AGUs, each with its "
                  "own scheduler queue; two ALUs take branches, one "
                  "multiplies; [HC28] two FMUL and two FADD pipes; "
                  "[uops.info] FP pipe names (DIVSD on FP3, FP store data on "
                  "FP2); [LLVM] multiply on ALU1, divide on ALU2";
  M.LoadPorts = 0b00000110000;         // AGU0-1
  M.StoreAddressPorts = 0b00000110000; // AGU0-1
  M.StoreDataPorts = 0b10000000000;    // ST0
  M.IntALUPorts = 0b00000001111;       // ALU0-3
  M.BranchPorts = 0b00000001001;       // ALU0, ALU3
  M.Divider = {9, "[uops.info] DIVSD/SQRTSD on FP3 (zen table); the integer "
                  "divider (ALU2) is a separate unit that the model folds "
                  "into the same single divider"};
  M.AddressUopsImplied = {
      true, "[uops.info] AMD rows list the FP pipes only; [LLVM-Zn] scheduling "
            "models book FP loads on FP pipes and LEA on the AGUs: loads and "
            "stores use the AGUs [AMDOpt17h/19h §2.10]"};
  M.LLVMResourcePorts = {
      {"ZnALU0", 1u << 0},  {"ZnALU1", 1u << 1},  {"ZnALU2", 1u << 2},
      {"ZnALU3", 1u << 3},  {"ZnAGU0", 1u << 4},  {"ZnAGU1", 1u << 5},
      {"ZnFPU0", 1u << 6},  {"ZnFPU1", 1u << 7},  {"ZnFPU2", 1u << 8},
      {"ZnFPU3", 1u << 9},
      // Non-pipelined units behind ALU1/ALU2, not issue ports.
      {"ZnMultiplier", 0}, {"ZnDivider", 0},
  };

  FrontEndDesc &FE = M.FrontEnd;
  FE.IssueWidth = {6, "[AnandTech-Zen] the micro-op queue dispatches 6 "
                      "macro-ops per cycle into the schedulers"};
  FE.PredecodeBytesPerCycle = {16, "not found for Zen 1 in our sources: "
                                   "one 16-byte fetch window per cycle "
                                   "assumed (Zen 3/4 are modelled with 32); "
                                   "informational, not simulated"};
  FE.PredecodeInstrsPerCycle = {4, "[AnandTech-Zen2] four decoders, up to "
                                   "4 instructions per cycle (unchanged "
                                   "from Zen)"};
  FE.Decoders = {4, "[AnandTech-Zen2] four (complex) decoders, as on Zen"};
  FE.DecodeUopsPerCycle = {4, "[AnandTech-Zen2] 4 instructions per cycle "
                              "from the decoders"};
  FE.UopCacheWidth = {8, "[AMD-Clark] the op cache holds and delivers 8 "
                         "macro-ops per cycle"};
  FE.UopCacheUops = {2048, "[AnandTech-Zen2] the op cache grew from 2K "
                           "(Zen) to 4K entries"};
  FE.HasLSD = {false, "no loop buffer disclosed for Zen [AnandTech-Zen]"};
  FE.UopQueueSize = {72, "[WikiChip] 72-entry micro-op queue"};
  FE.IterationBoundaryRule = {false, "Intel SNB/IVB only"};
  FE.LCPPenalty = {0, "no length-changing-prefix stall known on AMD Zen "
                      "(Intel-specific predecoder effect)"};

  BackEndDesc &BE = M.BackEnd;
  BE.RetireWidth = {8, "[AMDOpt17h] (quoted in [LLVM]) in-order commit of "
                       "up to 8 macro-ops per cycle; [AnandTech-Zen]"};
  BE.ROBSize = {192, "[AMDOpt17h] (quoted in [LLVM]) tracks up to 192 "
                     "macro-ops in flight; [AnandTech-Zen] 192-entry "
                     "retire queue"};
  BE.SchedulerSize = {84 + 36, "[AnandTech-Zen] 6 integer scheduler queues "
                               "(4 ALU + 2 AGU) of 14 entries; [LLVM] "
                               "36-entry FP scheduler; modelled as one "
                               "pool"};
  BE.LoadBufferSize = {72, "[HC28] via [AnandTech-Zen]: the load/store "
                           "unit supports 72 out-of-order loads (loads in "
                           "flight until retirement, the measure Zen 3's "
                           "72 uses)"};
  BE.StoreBufferSize = {44, "[HC28] 44-entry store queue"};
  BE.IntPRFSize = {168, "[AMDOpt17h] (quoted in [LLVM]) 168-entry integer "
                        "PRF; [AnandTech-Zen]"};
  BE.VecPRFSize = {160, "[AMDOpt17h] (quoted in [LLVM]) 160 FP registers "
                        "of 128 bits (a 256-bit value takes two); [HC28]"};
  BE.ROBMicroFusion = {true, "a macro-op keeps its memory operand and takes "
                             "one retire-queue entry (uops.info counts one "
                             "macro-op for ADD (R64, M64))"};

  MemoryDesc &Mem = M.Memory;
  Mem.LoadLatencyGPR = {4, "[LLVM] 4-cycle integer load-to-use "
                           "(ReadAfterLd 4, after [AMDOpt17h])"};
  Mem.StoreAddressLatency = assumedStoreAddressLatency();
  Mem.StoreDataLatency = assumedStoreDataLatency();
  Mem.LoadLatencyGPRComplex = {5, "documented for Zen 3: 4- or 5-cycle "
                                  "integer load-to-use, 4 only with simple "
                                  "address modes [AMDOpt19h §2.6.2, §2.12]; "
                                  "assumed the same on Zen 1"};
  Mem.LoadLatencyVec = {7, "[LLVM] 7-cycle FP load-to-use (ReadAfterVecLd "
                           "7, after [AMDOpt17h])"};
  Mem.StoreForwardLatency = {7, "not measured for Zen 1 in our sources; "
                                "closest documented: [Agner] Zen 2 without "
                                "its memory mirroring, store + add [mem] + "
                                "load = 15 cycles (2 forwards + 1), i.e. 7 "
                                "per store-to-load; [Downs] 8.0 cycles for "
                                "a 16-byte store-reload on Zen 2"};
  Mem.StoreForwardBlockLatency = {21, "closest documented: [Downs] two "
                                      "8-byte stores then a 16-byte reload "
                                      "(no forwarding) cost 21.0 cycles on "
                                      "Zen 2 (14.0 on Skylake)"};
  Mem.LoadsPerCycle = {2, "[HC28] two 128-bit loads per cycle "
                          "[AnandTech-Zen]"};
  Mem.StoresPerCycle = {1, "[HC28] one 128-bit store per cycle "
                           "[AnandTech-Zen]"};

  MacroFusionRules &MF = M.MacroFusion;
  MF.Cmp = MF.Test = true;
  MF.Add = MF.Sub = MF.And = MF.IncDec = MF.OrXor = false;
  MF.ArithOnlyWithZeroCarrySignedCompares = false;
  MF.NoMemImm = true;
  MF.NoRIPRelative = true;
  MF.AllowMemory = true;
  MF.Source = "[corsix] on AMD before Zen 3 only TEST and CMP fuse, with "
              "every flag-based Jcc ([AMDOpt17h], branch fusion); "
              "memory+immediate and RIP-relative forms kept non-fusing as on "
              "Intel (LLVM's fusion classes exclude CMP/TEST mem,imm; not "
              "re-verified for AMD)";

  M.Unlamination = {UnlaminationRule::Never,
                    "a macro-op keeps its memory operand through dispatch "
                    "(AMD has no unlamination; uops.info counts 1 "
                    "macro-op for ADD (R64, M64))"};
  M.MoveElimination.GPR = {true, "[AnandTech-Zen] move elimination at "
                                 "rename; [WikiChip-Zen2] inherited from "
                                 "Zen; [uops.info] MOV_89 (R64, R64) "
                                 "latency 0"};
  M.MoveElimination.Vector = {true, "[uops.info] MOVAPS_0F28 (XMM, XMM) "
                                    "latency 0 (eliminated at rename)"};
  M.Idioms.ZeroIdioms = {true, "[WikiChip-Zen2] Zen/Zen+ recognise "
                               "zeroing idioms (a register combined with "
                               "itself) and drop the source dependency"};
  M.Idioms.ZeroIdiomsNeedNoPort = {true, "[WikiChip-Zen2] the rename map "
                                         "tracks all-zero registers (Z-bit) "
                                         "without mapping them; executed at "
                                         "rename as measured on Zen 3 "
                                         "[LLVM-Zn3]"};
  M.Idioms.OnesIdioms = {true, "not documented for Zen 1; PCMPEQ x,x is "
                               "dependency-breaking on Zen 3 [LLVM-Zn3]"};
  M.MemoryHierarchy = zenMemory();
  return M;
}

} // namespace descriptions
} // namespace luarch
