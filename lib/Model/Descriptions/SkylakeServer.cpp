//===- SkylakeServer.cpp - Skylake-SP and Cascade Lake -------------------===//
//
// The server Skylake core: the client core (Skylake.cpp) plus AVX-512 —
// ports 0 and 1 fuse into one 512-bit unit and port 5 carries a second
// 512-bit FMA on the parts uops.info measured. Buffers, front end and
// latencies are the client core's. Cascade Lake is the same core with
// hardware mitigations and VNNI.
//
// Sources (full references in docs/models.md):
//   [IntelOpt]  Intel 64 and IA-32 Architectures Optimization Reference
//               Manual, order 248966-046, §2.3 "Skylake Server
//               microarchitecture" and §2.2 "Cascade Lake".
//   [uops.info] Abel & Reineke, uops.info (skylakex, cascadelake tables).
//   [SKL150]    Erratum SKL150 / SKX microcode: LSD disabled.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/Descriptions.h"

namespace luarch {
namespace descriptions {

MachineModel makeSkylakeAVX512() {
  MachineModel M = makeSkylake();
  M.Name = "skylake-avx512";
  M.Aliases = {"skx"};
  M.Description = "Skylake-SP (Xeon Scalable 1st gen.), AVX-512";
  M.UopsInfoTable = "skylakex";
  M.Ports[0].Units = "ALU, vector ALU, FMA (fused with p1 for 512-bit), "
                     "divider, branch";
  M.Ports[5].Units = "ALU, fast LEA, vector shuffle, 512-bit FMA";
  M.PortsSource = "[IntelOpt §2.3.1] ports 0+1 fuse for 512-bit uops, "
                  "second FMA unit on port 5; [uops.info] skylakex table";
  M.FrontEnd.HasLSD = {false, "[SKL150] LSD disabled by microcode on "
                              "Skylake-derived cores"};
  return M;
}

MachineModel makeCascadeLake() {
  MachineModel M = makeSkylakeAVX512();
  M.Name = "cascadelake";
  M.Aliases = {"cooperlake"};
  M.Description = "Cascade Lake (Xeon Scalable 2nd gen.), AVX-512 VNNI";
  M.UopsInfoTable = "cascadelake";
  M.PortsSource = "[IntelOpt §2.2] Cascade Lake keeps the Skylake-SP core; "
                  "[uops.info] cascadelake table";
  return M;
}

} // namespace descriptions
} // namespace luarch
