//===- MemoryHierarchyTest.cpp - Every description's memory hierarchy ----===//
//
// Structure and sanity of MemoryHierarchyDesc for every built-in model:
// L1d, L2, L3 and DRAM in that order, each number with a source, caches
// growing and getting slower and narrower level by level.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/MachineModel.h"
#include "gtest/gtest.h"

using namespace luarch;
using llvm::StringRef;

namespace {

template <typename T> bool sourced(const Sourced<T> &V) {
  return StringRef(V.Source).size() >= 3;
}

TEST(MemoryHierarchy, EveryModelHasFourSourcedLevels) {
  for (const MachineModel *M : allMachineModels()) {
    const MemoryHierarchyDesc &H = M->MemoryHierarchy;
    ASSERT_EQ(H.Levels.size(), 4u) << M->Name;
    EXPECT_EQ(H.Levels[0].Name, "L1d") << M->Name;
    EXPECT_EQ(H.Levels[1].Name, "L2") << M->Name;
    EXPECT_EQ(H.Levels[2].Name, "L3") << M->Name;
    EXPECT_EQ(H.Levels[3].Name, "DRAM") << M->Name;
    EXPECT_EQ(H.level("L2"), &H.Levels[1]);
    EXPECT_EQ(H.level("L4"), nullptr);
    for (const MemoryLevelDesc &L : H.Levels) {
      std::string Where = M->Name + " " + L.Name;
      EXPECT_TRUE(sourced(L.SizeKiB) && sourced(L.LineBytes) &&
                  sourced(L.Ways) && sourced(L.SharedByCores) &&
                  sourced(L.Inclusive) && sourced(L.LatencyCycles) &&
                  sourced(L.LoadBytesPerCycle) &&
                  sourced(L.StoreBytesPerCycle) &&
                  sourced(L.CopyBytesPerCycle) && sourced(L.MissBuffers))
          << Where;
      EXPECT_EQ(L.LineBytes.Value, 64u) << Where;
      EXPECT_GT(L.LatencyCycles.Value, 0) << Where;
      EXPECT_GT(L.LoadBytesPerCycle.Value, 0) << Where;
      EXPECT_GT(L.StoreBytesPerCycle.Value, 0) << Where;
      EXPECT_GT(L.CopyBytesPerCycle.Value, 0) << Where;
    }
    for (unsigned I = 1; I < 4; ++I) {
      const MemoryLevelDesc &Up = H.Levels[I - 1], &Down = H.Levels[I];
      std::string Where = M->Name + " " + Down.Name;
      if (Down.SizeKiB.Value) {
        EXPECT_GT(Down.SizeKiB.Value, Up.SizeKiB.Value) << Where;
      }
      EXPECT_GT(Down.LatencyCycles.Value, Up.LatencyCycles.Value) << Where;
      EXPECT_LE(Down.LoadBytesPerCycle.Value, Up.LoadBytesPerCycle.Value)
          << Where;
    }
    EXPECT_EQ(H.Levels[3].SizeKiB.Value, 0u) << M->Name; // DRAM: unbounded
    // The L1's latency is the core's load-to-use latency.
    EXPECT_EQ(H.Levels[0].LatencyCycles.Value,
              double(M->Memory.LoadLatencyGPR.Value))
        << M->Name;
    ASSERT_EQ(H.TLBs.size(), 2u) << M->Name;
    EXPECT_GT(H.TLBs[1].Entries4K.Value, H.TLBs[0].Entries4K.Value)
        << M->Name;
    EXPECT_TRUE(sourced(H.PageWalkCycles) && sourced(H.PageWalkers) &&
                sourced(H.NonTemporalStores) &&
                sourced(H.NTStoreBytesPerCycle) &&
                sourced(H.PrefetchStrideBytes))
        << M->Name;
    EXPECT_GT(H.PageWalkCycles.Value, 0) << M->Name;
    EXPECT_GE(H.PageWalkers.Value, 1u) << M->Name;
    EXPECT_GE(H.PrefetchStrideBytes.Value, 64u) << M->Name;
  }
}

TEST(MemoryHierarchy, DescribedPerCPU) {
  // Values pinned to their sources: Skylake client [IntelOpt §2.5] cache
  // table, Skylake-SP's L2 [IntelOpt §2.3], Zen 4's L2 [AMDOptZen4].
  auto SKL = getMachineModel("skylake");
  ASSERT_TRUE(bool(SKL));
  EXPECT_EQ(SKL->MemoryHierarchy.level("L2")->SizeKiB.Value, 256u);
  EXPECT_EQ(SKL->MemoryHierarchy.level("L2")->LoadBytesPerCycle.Value, 29);
  EXPECT_EQ(SKL->MemoryHierarchy.level("L3")->LatencyCycles.Value, 44);
  auto SKX = getMachineModel("skx");
  ASSERT_TRUE(bool(SKX));
  EXPECT_EQ(SKX->MemoryHierarchy.level("L2")->SizeKiB.Value, 1024u);
  EXPECT_FALSE(SKX->MemoryHierarchy.level("L3")->Inclusive.Value);
  auto Zen4 = getMachineModel("znver4");
  ASSERT_TRUE(bool(Zen4));
  EXPECT_EQ(Zen4->MemoryHierarchy.level("L2")->SizeKiB.Value, 1024u);
  EXPECT_EQ(Zen4->MemoryHierarchy.level("L2")->LatencyCycles.Value, 14);
  EXPECT_EQ(Zen4->MemoryHierarchy.TLBs[1].Entries4K.Value, 3072u);
}

TEST(MemoryHierarchy, CyclicWalkMissShare) {
  // Zen 4 (measured on the host, utils/page-walk.c): no misses up to
  // 2,048 pages, every new page from 4,096, linear between.
  auto Zen4 = getMachineModel("znver4");
  ASSERT_TRUE(bool(Zen4));
  const TLBLevelDesc &T = Zen4->MemoryHierarchy.TLBs[1];
  EXPECT_EQ(T.missShare(2048), 0);
  EXPECT_NEAR(T.missShare(2800), 752.0 / 2048, 1e-12);
  EXPECT_EQ(T.missShare(3072), 0.5);
  EXPECT_EQ(T.missShare(4096), 1);
  EXPECT_EQ(T.missShare(1 << 20), 1);
  // Without measured figures: a step at the 4 KiB entries (Skylake 1536).
  auto SKL = getMachineModel("skylake");
  ASSERT_TRUE(bool(SKL));
  const TLBLevelDesc &S = SKL->MemoryHierarchy.TLBs[1];
  EXPECT_EQ(S.missShare(1536), 0);
  EXPECT_EQ(S.missShare(1537), 1);
}

TEST(MemoryHierarchy, DescribeCPUPrintsIt) {
  auto M = getMachineModel("znver4");
  ASSERT_TRUE(bool(M));
  std::string S = describeMachineModel(*M);
  EXPECT_NE(S.find("Memory hierarchy"), std::string::npos);
  EXPECT_NE(S.find("  L3\n"), std::string::npos);
  EXPECT_NE(S.find("page walk (cycles)"), std::string::npos);
}

} // namespace
