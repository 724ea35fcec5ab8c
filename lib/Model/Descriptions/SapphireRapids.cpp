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
  return M;
}

} // namespace descriptions
} // namespace luarch
