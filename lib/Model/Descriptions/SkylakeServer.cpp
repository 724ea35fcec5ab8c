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

/// The server core's private 1 MB L2 and non-inclusive mesh L3 (a Xeon
/// Platinum 8180/8280: 28 cores, 38.5 MB L3, 2.5-3.8 GHz, six DDR4-2666
/// channels). [IntelOpt §2.3]'s table compares it with Broadwell.
static void setSkylakeServerMemory(MemoryHierarchyDesc &H) {
  MemoryLevelDesc &L1 = *H.level("L1d");
  L1.LoadBytesPerCycle = {128, "[IntelOpt §2.3] two 64-byte loads per "
                               "cycle (192 bytes/cycle peak with the "
                               "store)"};
  L1.StoreBytesPerCycle = {64, "[IntelOpt §2.3] one 64-byte store per "
                               "cycle"};
  L1.CopyBytesPerCycle = {128, "estimate: 64 bytes loaded and 64 stored per "
                               "cycle; [IntelOpt §2.3] 133 bytes/cycle "
                               "sustained"};
  MemoryLevelDesc &L2 = *H.level("L2");
  L2.SizeKiB = {1024, "[IntelOpt §2.3] 1 MB"};
  L2.Ways = {16, "[IntelOpt §2.3] 16-way"};
  L2.LatencyCycles = {14, "[IntelOpt §2.3] 14 cycles"};
  L2.LoadBytesPerCycle = {52, "[IntelOpt §2.3] 52 bytes/cycle sustained of "
                              "64 peak"};
  L2.StoreBytesPerCycle = {26, "estimate [ECM]: a stored line crosses the "
                               "path twice (write-allocate read, "
                               "write-back): half the load bandwidth"};
  L2.CopyBytesPerCycle = {34.7, "estimate [ECM]: three line transfers per "
                                "line copied: two thirds of the load "
                                "bandwidth"};
  MemoryLevelDesc &L3 = *H.level("L3");
  L3.SizeKiB = {39424, "a Xeon Platinum 8180/8280: 28 x 1.375 MB "
                       "[IntelOpt §2.3]"};
  L3.Ways = {11, "[AnandTech-SKX] 11-way"};
  L3.SharedByCores = {28, "every core of the mesh (28 on a Platinum "
                          "8180/8280)"};
  L3.Inclusive = {false, "[IntelOpt §2.3] non-inclusive (a victim of the "
                         "L2s)"};
  L3.LatencyCycles = {65, "[IntelOpt §2.3] 50-70 cycles; [AnandTech-SKX] "
                          "77"};
  L3.LoadBytesPerCycle = {15, "[IntelOpt §2.3] 15 bytes/cycle sustained of "
                              "16 peak"};
  L3.StoreBytesPerCycle = {7.5, "estimate [ECM]: half the load bandwidth"};
  L3.CopyBytesPerCycle = {10, "estimate [ECM]: two thirds of the load "
                              "bandwidth"};
  L3.MissBuffers = {48, "estimate: Skylake-SP's larger L2 miss queue"};
  MemoryLevelDesc &D = *H.level("DRAM");
  D.LatencyCycles = {250, "estimate: ~90 ns on the mesh at 2.8 GHz"};
  D.LoadBytesPerCycle = {4.5, "estimate: ~12 GB/s for one core at 2.8 GHz "
                              "(a mesh core sustains less than a client "
                              "core)"};
  D.StoreBytesPerCycle = {2.3, "estimate [ECM]: half the load bandwidth"};
  D.CopyBytesPerCycle = {3, "estimate [ECM]: two thirds of the load "
                            "bandwidth"};
  H.NTStoreBytesPerCycle = {4.5, "estimate: each line crosses to DRAM "
                                 "once, as a load stream's"};
}

MachineModel makeSkylakeAVX512() {
  MachineModel M = makeSkylake();
  M.Name = "skylake-avx512";
  M.Aliases = {"skx"};
  M.Description = "Skylake-SP (Xeon Scalable 1st gen.), AVX-512";
  M.UopsInfoTable = "skylakex";
  M.Ports[0].Units = "ALU, vector ALU, FMA (fused with p1 for 512-bit), "
                     "divider, branch";
  M.Ports[5].Units = "ALU, fast LEA, vector shuffle, 512-bit FMA";
  setSkylakeServerMemory(M.MemoryHierarchy);
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
