//===- SapphireRapids.cpp - Sapphire/Emerald Rapids (Golden Cove server) --===//
//
// The server Golden Cove: the Alder Lake P-core (AlderLake.cpp) with
// AVX-512 enabled, and - measured - without a loop stream detector: loops
// are delivered from the uop cache, which stops at the taken back edge.
// uops.info measured only the client part, so AVX-512 instructions fall
// back to LLVM's scheduling model (flagged per instruction).
//
// Sources (full references in docs/models.md):
//   [IntelOpt]  Intel 64 and IA-32 Architectures Optimization Reference
//               Manual, order 248966-046, §2.1 (Golden Cove).
//   [HostEMR]   loop-uarch-report --measure on an Emerald Rapids host
//               (Intel family 6 model 207, a KVM guest), 2026-11-23; the
//               method and the host scores are in docs/measurement.md and
//               docs/evaluation.md.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"
#include "MemoryRules.h"

namespace luarch {
namespace descriptions {

MachineModel makeSapphireRapids() {
  MachineModel M = makeAlderLake();
  M.Name = "sapphirerapids";
  M.Aliases = {"emeraldrapids"};
  M.Description = "Sapphire Rapids / Emerald Rapids (Golden Cove server), "
                  "Xeon Scalable 4th/5th gen.";
  M.FrontEnd.HasLSD = {
      false, "[HostEMR] no loop below 1.0 cycle per iteration, and 8 adds + "
             "dec/jnz (9 uops) take 2.0 cycles: the uop cache's 8 per cycle "
             "stopping at the taken branch, not an LSD; scoring the "
             "model against 1,500 host-measured BHive blocks in loop form, "
             "MAPE 31.3% with an LSD, 12.7% without (unrolled form "
             "unchanged, 22.4%)"};
  // A Xeon Platinum 8480+: 56 cores, 105 MB L3, 2 MB L2, eight DDR5-4800
  // channels, 2.0-3.8 GHz; AVX-512 enabled.
  MemoryHierarchyDesc &H = M.MemoryHierarchy;
  MemoryLevelDesc &L1 = *H.level("L1d");
  L1.LoadBytesPerCycle = {128, "[IntelOpt §2.1] two 64-byte loads per "
                               "cycle with AVX-512"};
  MemoryLevelDesc &L2 = *H.level("L2");
  L2.SizeKiB = {2048, "[IntelOpt §2.1] 2 MB on the server core"};
  L2.Ways = {16, "[IntelOpt §2.1] 16-way"};
  L2.LatencyCycles = {16, "[IntelOpt §2.1] 16 cycles"};
  MemoryLevelDesc &L3 = *H.level("L3");
  L3.SizeKiB = {107520, "a Xeon Platinum 8480+: 56 x 1.875 MB"};
  L3.Ways = {15, "15-way"};
  L3.SharedByCores = {56, "every core of the mesh (56 on a Platinum "
                          "8480+)"};
  L3.LatencyCycles = {110, "estimate: ~33 ns on the mesh at 3.3 GHz"};
  L3.LoadBytesPerCycle = {10, "estimate: a mesh core reads the L3 at ~35 "
                              "GB/s"};
  setStoreCopyByECM(L3);
  MemoryLevelDesc &D = *H.level("DRAM");
  D.LatencyCycles = {390, "estimate: ~115 ns on the mesh at 3.3 GHz"};
  D.LoadBytesPerCycle = {4, "estimate: ~13 GB/s for one mesh core at 3.3 "
                            "GHz"};
  setStoreCopyByECM(D);
  H.NTStoreBytesPerCycle = {4, "estimate: each line crosses to DRAM once, "
                               "as a load stream's"};
  return M;
}

} // namespace descriptions
} // namespace luarch
