//===- CPUNameMap.cpp - Every x86 -mcpu name to the nearest model ---------===//
//
// LLVM 22.1 knows 131 x86 -mcpu names (`llc-22 -mtriple=x86_64
// -mcpu=help`); LoopUArch describes a few cores. This is the one table that
// says, for every other name, which described core stands in for it and
// why. Where LLVM itself schedules a name with the model of a core we
// describe, we follow it (X86.td's ProcModel lines; visible in the
// resource names `llvm-mca-22 -mcpu=<name>` prints, e.g. Zn4AGU0 for
// znver5, SBDivider for x86-64). A test (CPUNameTest) checks that the table
// covers exactly LLVM's names and that the "no model" rows are exactly the
// CPUs LLVM cannot run in 64-bit mode.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/MachineModel.h"

namespace luarch {

namespace {

constexpr CPUMatch Spelling = CPUMatch::Spelling;
constexpr CPUMatch Level = CPUMatch::ISALevel;
constexpr CPUMatch Close = CPUMatch::Close;
constexpr CPUMatch Distant = CPUMatch::Distant;
constexpr CPUMatch None = CPUMatch::NoModel;

const char *const ThirtyTwoBitOnly =
    "a 32-bit-only CPU (LLVM's description lacks the 64bit feature): it "
    "cannot run x86-64 code, and LoopUArch models x86-64 cores only";
const char *const PreSandyBridge =
    "an Intel core before Sandy Bridge (one load port, no uop cache); its "
    "successor sandybridge is the nearest described core, and LLVM 22 "
    "schedules it with its Sandy Bridge model too";
const char *const K8K10 =
    "an AMD K8/K10 core; znver1 is the oldest described AMD core";
const char *const Bulldozer =
    "an AMD Bulldozer-family core (two integer clusters per module sharing "
    "one FP unit); Zen replaced that design, znver1 is the nearest "
    "described core";
const char *const SmallAMD =
    "an AMD low-power core (Bobcat/Jaguar, two integer ALUs); znver1 is the "
    "nearest described AMD core";
const char *const OldAtom =
    "an Atom core (narrow, the early ones in order); no small core is "
    "described, sandybridge is the narrowest described Intel core";
const char *const ECore =
    "an E-core (Atom lineage: Gracemont, Crestmont, Skymont or Darkmont); "
    "no E-core is described; alderlake is the P-core of the first hybrid "
    "chips, and LLVM 22 schedules these with its Alder Lake P-core model";
const char *const XeonPhi =
    "a Xeon Phi (Silvermont-derived cores with AVX-512); skylake-avx512 is "
    "the nearest described core with AVX-512";

const CPUNameMapping Mappings[] = {
    // ISA levels and generic tuning: not cores. LLVM 22 (and llvm-mca)
    // schedule them with these models (X86.td: "generic", "x86-64" and
    // "x86-64-v2" SandyBridgeModel, "x86-64-v3" HaswellModel "Close to
    // Haswell", "x86-64-v4" SkylakeServerModel "Close to the AVX-512 level
    // implemented by Xeon Scalable Processors").
    {"generic", "sandybridge", Level,
     "LLVM's generic x86-64 tuning, scheduled with its Sandy Bridge model"},
    {"x86-64", "sandybridge", Level,
     "the x86-64 baseline ISA level, scheduled by LLVM with its Sandy Bridge "
     "model"},
    {"x86-64-v2", "sandybridge", Level,
     "the x86-64-v2 ISA level (SSE4.2, POPCNT), scheduled by LLVM with its "
     "Sandy Bridge model"},
    {"x86-64-v3", "haswell", Level,
     "the x86-64-v3 ISA level (AVX2, FMA, BMI2), Haswell's; scheduled by "
     "LLVM with its Haswell model"},
    {"x86-64-v4", "skylake-avx512", Level,
     "the x86-64-v4 ISA level (AVX-512 F/BW/CD/DQ/VL), Skylake-SP's; "
     "scheduled by LLVM with its Skylake server model"},

    // Other spellings of described cores (LLVM's cpu_specific names).
    {"core_2nd_gen_avx", "sandybridge", Spelling, "Sandy Bridge"},
    {"core_4th_gen_avx", "haswell", Spelling, "Haswell"},
    {"core_4th_gen_avx_tsx", "haswell", Spelling, "Haswell with TSX"},
    {"core_5th_gen_avx", "broadwell", Spelling, "Broadwell"},
    {"core_5th_gen_avx_tsx", "broadwell", Spelling, "Broadwell with TSX"},
    {"skylake_avx512", "skylake-avx512", Spelling, "Skylake-SP"},
    {"icelake_client", "icelake-client", Spelling, "Ice Lake client"},
    {"icelake_server", "icelake-server", Spelling, "Ice Lake-SP"},

    // Intel big cores.
    {"ivybridge", "sandybridge", Close,
     "Ivy Bridge is the Sandy Bridge core on a smaller process with small "
     "changes (it adds move elimination: Agner Fog, microarchitecture "
     "manual, Sandy Bridge and Ivy Bridge chapter); LLVM 22 schedules it "
     "with its Sandy Bridge model"},
    {"core-avx-i", "sandybridge", Close, "Ivy Bridge (see ivybridge)"},
    {"core_3rd_gen_avx", "sandybridge", Close, "Ivy Bridge (see ivybridge)"},
    {"cannonlake", "skylake-avx512", Close,
     "Cannon Lake (Palm Cove) is the Skylake core with AVX-512; LLVM 22 "
     "schedules it with its Skylake server model"},
    {"nehalem", "sandybridge", Distant, PreSandyBridge},
    {"corei7", "sandybridge", Distant, PreSandyBridge},
    {"core_i7_sse4_2", "sandybridge", Distant, PreSandyBridge},
    {"westmere", "sandybridge", Distant, PreSandyBridge},
    {"core_aes_pclmulqdq", "sandybridge", Distant, PreSandyBridge},
    {"core2", "sandybridge", Distant, PreSandyBridge},
    {"core_2_duo_ssse3", "sandybridge", Distant, PreSandyBridge},
    {"penryn", "sandybridge", Distant, PreSandyBridge},
    {"core_2_duo_sse4_1", "sandybridge", Distant, PreSandyBridge},
    {"nocona", "sandybridge", Distant,
     "a 64-bit NetBurst (Pentium 4) core, a design unlike any described "
     "core; sandybridge is the oldest described Intel core"},
    {"meteorlake", "alderlake", Close,
     "Meteor Lake's P-core (Redwood Cove) succeeds Golden Cove; LLVM 22 "
     "schedules it with its Alder Lake P-core model"},
    {"graniterapids", "sapphirerapids", Close,
     "Granite Rapids' core (Redwood Cove) succeeds Sapphire Rapids' Golden "
     "Cove; LLVM 22 schedules it with its Sapphire Rapids model"},
    {"graniterapids-d", "sapphirerapids", Close,
     "Granite Rapids-D (see graniterapids)"},
    {"graniterapids_d", "sapphirerapids", Close,
     "Granite Rapids-D (see graniterapids)"},
    {"arrowlake", "alderlake", Distant,
     "Arrow Lake's P-core (Lion Cove) is a redesign of Golden Cove's back "
     "end; LLVM 22 schedules it with its Alder Lake P-core model"},
    {"arrowlake-s", "alderlake", Distant, "Arrow Lake-S (see arrowlake)"},
    {"arrowlake_s", "alderlake", Distant, "Arrow Lake-S (see arrowlake)"},
    {"lunarlake", "alderlake", Distant,
     "Lunar Lake's P-core (Lion Cove) is a redesign of Golden Cove's back "
     "end (LLVM 22 has a Lunar Lake model of its own; LoopUArch does not)"},
    {"pantherlake", "alderlake", Distant,
     "Panther Lake's P-core (Cougar Cove) is two generations after Golden "
     "Cove; LLVM 22 schedules it with its Alder Lake P-core model"},
    {"wildcatlake", "alderlake", Distant,
     "Wildcat Lake (see pantherlake); LLVM 22 schedules it with its Alder "
     "Lake P-core model"},
    {"novalake", "alderlake", Distant,
     "Nova Lake's P-core is several generations after Golden Cove; LLVM 22 "
     "schedules it with its Alder Lake P-core model"},
    {"diamondrapids", "sapphirerapids", Distant,
     "Diamond Rapids' core is two generations after Sapphire Rapids' Golden "
     "Cove; LLVM 22 schedules it with its Sapphire Rapids model"},

    // Intel small cores.
    {"gracemont", "alderlake", Distant, ECore},
    {"sierraforest", "alderlake", Distant, ECore},
    {"grandridge", "alderlake", Distant, ECore},
    {"clearwaterforest", "alderlake", Distant, ECore},
    {"bonnell", "sandybridge", Distant, OldAtom},
    {"atom", "sandybridge", Distant, OldAtom},
    {"silvermont", "sandybridge", Distant, OldAtom},
    {"slm", "sandybridge", Distant, OldAtom},
    {"atom_sse4_2", "sandybridge", Distant, OldAtom},
    {"goldmont", "sandybridge", Distant, OldAtom},
    {"goldmont-plus", "sandybridge", Distant, OldAtom},
    {"goldmont_plus", "sandybridge", Distant, OldAtom},
    {"atom_sse4_2_movbe", "sandybridge", Distant, OldAtom},
    {"tremont", "sandybridge", Distant, OldAtom},
    {"knl", "skylake-avx512", Distant, XeonPhi},
    {"knm", "skylake-avx512", Distant, XeonPhi},
    {"mic_avx512", "skylake-avx512", Distant, XeonPhi},

    // AMD.
    {"znver5", "znver4", Close,
     "Zen 5 succeeds Zen 4 with a wider core (more ALUs and AGUs, a wider "
     "dispatch); LLVM 22 schedules it with its Zen 4 model"},
    {"bdver1", "znver1", Distant, Bulldozer},
    {"bdver2", "znver1", Distant, Bulldozer},
    {"bdver3", "znver1", Distant, Bulldozer},
    {"bdver4", "znver1", Distant, Bulldozer},
    {"btver1", "znver1", Distant, SmallAMD},
    {"btver2", "znver1", Distant, SmallAMD},
    {"k8", "znver1", Distant, K8K10},
    {"opteron", "znver1", Distant, K8K10},
    {"athlon64", "znver1", Distant, K8K10},
    {"athlon-fx", "znver1", Distant, K8K10},
    {"k8-sse3", "znver1", Distant, K8K10},
    {"opteron-sse3", "znver1", Distant, K8K10},
    {"athlon64-sse3", "znver1", Distant, K8K10},
    {"amdfam10", "znver1", Distant, K8K10},
    {"barcelona", "znver1", Distant, K8K10},

    // CPUs that cannot run x86-64 code.
    {"i386", nullptr, None, ThirtyTwoBitOnly},
    {"i486", nullptr, None, ThirtyTwoBitOnly},
    {"i586", nullptr, None, ThirtyTwoBitOnly},
    {"i686", nullptr, None, ThirtyTwoBitOnly},
    {"pentium", nullptr, None, ThirtyTwoBitOnly},
    {"pentium-mmx", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_mmx", nullptr, None, ThirtyTwoBitOnly},
    {"pentiumpro", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_pro", nullptr, None, ThirtyTwoBitOnly},
    {"pentium2", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_ii", nullptr, None, ThirtyTwoBitOnly},
    {"pentium3", nullptr, None, ThirtyTwoBitOnly},
    {"pentium3m", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_iii", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_iii_no_xmm_regs", nullptr, None, ThirtyTwoBitOnly},
    {"pentium-m", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_m", nullptr, None, ThirtyTwoBitOnly},
    {"pentium4", nullptr, None, ThirtyTwoBitOnly},
    {"pentium4m", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_4", nullptr, None, ThirtyTwoBitOnly},
    {"pentium_4_sse3", nullptr, None, ThirtyTwoBitOnly},
    {"prescott", nullptr, None, ThirtyTwoBitOnly},
    {"yonah", nullptr, None, ThirtyTwoBitOnly},
    {"lakemont", nullptr, None, ThirtyTwoBitOnly},
    {"k6", nullptr, None, ThirtyTwoBitOnly},
    {"k6-2", nullptr, None, ThirtyTwoBitOnly},
    {"k6-3", nullptr, None, ThirtyTwoBitOnly},
    {"athlon", nullptr, None, ThirtyTwoBitOnly},
    {"athlon-tbird", nullptr, None, ThirtyTwoBitOnly},
    {"athlon-4", nullptr, None, ThirtyTwoBitOnly},
    {"athlon-xp", nullptr, None, ThirtyTwoBitOnly},
    {"athlon-mp", nullptr, None, ThirtyTwoBitOnly},
    {"geode", nullptr, None, ThirtyTwoBitOnly},
    {"winchip-c6", nullptr, None, ThirtyTwoBitOnly},
    {"winchip2", nullptr, None, ThirtyTwoBitOnly},
    {"c3", nullptr, None, ThirtyTwoBitOnly},
    {"c3-2", nullptr, None, ThirtyTwoBitOnly},
};

} // namespace

llvm::ArrayRef<CPUNameMapping> cpuNameMappings() { return Mappings; }

const CPUNameMapping *findCPUNameMapping(llvm::StringRef Name) {
  for (const CPUNameMapping &M : Mappings)
    if (Name == M.Name)
      return &M;
  return nullptr;
}

llvm::StringRef cpuMatchName(CPUMatch M) {
  switch (M) {
  case CPUMatch::Spelling:
    return "same core";
  case CPUMatch::ISALevel:
    return "ISA level";
  case CPUMatch::Close:
    return "close";
  case CPUMatch::Distant:
    return "distant";
  case CPUMatch::NoModel:
    return "no model";
  }
  return "";
}

} // namespace luarch
