//===- MemoryProbeTest.cpp - The memory probe's parsing and summaries ----===//
//
// Nothing here times anything: sysfs parsing on a fake directory, the
// working-set windows of a topology, and the per-level summary of given
// series. The one run of the probe itself is structural (it must produce a
// series per kernel and ordered figures), on a small working-set range.
//
//===----------------------------------------------------------------------===//
#include "luarch/Measure/MemoryProbe.h"
#include "gtest/gtest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace luarch;
using namespace llvm;

namespace {

TEST(MemoryProbe, ParsesSysfsSizesAndCPULists) {
  EXPECT_EQ(parseCacheSize("32K"), 32u * 1024);
  EXPECT_EQ(parseCacheSize("1024K\n"), 1024u * 1024);
  EXPECT_EQ(parseCacheSize("32M"), 32u << 20);
  EXPECT_EQ(parseCacheSize("512"), 512u);
  EXPECT_EQ(parseCacheSize("K"), 0u);
  EXPECT_EQ(parseCacheSize("lots"), 0u);
  EXPECT_EQ(countCPUList("0"), 1u);
  EXPECT_EQ(countCPUList("0-1"), 2u);
  EXPECT_EQ(countCPUList("0-3,8,10-11\n"), 7u);
  EXPECT_EQ(countCPUList("3-1"), 0u);
  EXPECT_EQ(countCPUList(""), 0u);
}

/// Writes a fake sysfs cache directory.
class FakeSysfs {
public:
  SmallString<128> Dir;
  FakeSysfs() {
    EXPECT_FALSE(sys::fs::createUniqueDirectory("luarch-cache", Dir));
  }
  ~FakeSysfs() { sys::fs::remove_directories(Dir); }
  void index(unsigned I, StringRef Level, StringRef Type, StringRef Size,
             StringRef Ways, StringRef Shared) {
    SmallString<128> D(Dir);
    sys::path::append(D, "index" + std::to_string(I));
    ASSERT_FALSE(sys::fs::create_directory(D));
    auto put = [&](StringRef Name, StringRef Text) {
      SmallString<128> F(D);
      sys::path::append(F, Name);
      std::error_code EC;
      raw_fd_ostream OS(F, EC);
      ASSERT_FALSE(EC);
      OS << Text << "\n";
    };
    put("level", Level);
    put("type", Type);
    put("size", Size);
    put("ways_of_associativity", Ways);
    put("coherency_line_size", "64");
    put("shared_cpu_list", Shared);
  }
};

TEST(MemoryProbe, ReadsAFakeTopology) {
  FakeSysfs F;
  // In sysfs order, with an instruction cache to leave out.
  F.index(3, "3", "Unified", "32768K", "16", "0-7");
  F.index(0, "1", "Data", "32K", "8", "0");
  F.index(1, "1", "Instruction", "32K", "8", "0");
  F.index(2, "2", "Unified", "1024K", "8", "0");
  auto C = readHostCaches(F.Dir);
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  ASSERT_EQ(C->size(), 3u);
  EXPECT_EQ((*C)[0].Level, 1u);
  EXPECT_EQ((*C)[0].Type, "Data");
  EXPECT_EQ((*C)[0].SizeBytes, 32u * 1024);
  EXPECT_EQ((*C)[1].Level, 2u);
  EXPECT_EQ((*C)[1].Ways, 8u);
  EXPECT_EQ((*C)[2].SizeBytes, 32u << 20);
  EXPECT_EQ((*C)[2].SharedCPUs, 8u);
  EXPECT_EQ((*C)[2].LineBytes, 64u);
}

TEST(MemoryProbe, RefusesAnEmptyTopology) {
  FakeSysfs F;
  auto C = readHostCaches(F.Dir);
  ASSERT_FALSE(bool(C));
  EXPECT_NE(toString(C.takeError()).find("no data caches"), std::string::npos);
  auto Missing = readHostCaches("/nonexistent/luarch/cache");
  ASSERT_FALSE(bool(Missing));
  consumeError(Missing.takeError());
}

TEST(MemoryProbe, WindowsLieWellInsideEachLevel) {
  std::vector<HostCache> C(3);
  C[0] = {1, "Data", 32 << 10, 8, 64, 1};
  C[1] = {2, "Unified", 1 << 20, 8, 64, 1};
  C[2] = {3, "Unified", 32 << 20, 16, 64, 8};
  auto W = levelWindows(C, 256u << 20);
  ASSERT_EQ(W.size(), 4u);
  EXPECT_EQ(W[0].Level, "L1d");
  EXPECT_EQ(W[0].Lo, 4096u);
  EXPECT_EQ(W[0].Hi, 16u << 10);
  EXPECT_EQ(W[1].Level, "L2");
  EXPECT_EQ(W[1].Lo, 64u << 10);
  EXPECT_EQ(W[1].Hi, 512u << 10);
  EXPECT_EQ(W[2].Level, "L3");
  EXPECT_EQ(W[2].Lo, 2u << 20);
  EXPECT_EQ(W[2].Hi, 16u << 20);
  EXPECT_EQ(W[3].Level, "DRAM");
  EXPECT_EQ(W[3].Lo, 128u << 20);
  EXPECT_EQ(W[3].Hi, 256u << 20);
  // Not enough room beyond the last level: no DRAM window.
  EXPECT_EQ(levelWindows(C, 64u << 20).size(), 3u);
}

TEST(MemoryProbe, SummarisesTheWindowsPoints) {
  ProbeSeries Load;
  Load.Kernel = ProbeKernel::Load;
  // 3 points in the window (median 30, range 28-31), one outside.
  for (auto [WS, V] : std::vector<std::pair<uint64_t, double>>{
           {8192, 64}, {65536, 31}, {131072, 28}, {262144, 30}})
    Load.Points.push_back({WS, V, 0.01, 9, 9});
  ProbeSeries Chase;
  Chase.Kernel = ProbeKernel::ChaseLine;
  Chase.Points.push_back({65536, 14.1, 0.01, 9, 9});
  std::vector<LevelWindow> W = {{"L2", 65536, 524288}};
  auto L = summariseLevels({Load, Chase}, W);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].Load.Points, 3u);
  EXPECT_DOUBLE_EQ(L[0].Load.Median, 30);
  EXPECT_DOUBLE_EQ(L[0].Load.Min, 28);
  EXPECT_DOUBLE_EQ(L[0].Load.Max, 31);
  EXPECT_DOUBLE_EQ(L[0].Latency.Median, 14.1);
  EXPECT_EQ(L[0].Store.Points, 0u);
}

#if defined(__x86_64__) && defined(__linux__)
TEST(MemoryProbe, RunsAndReportsEverySeries) {
  // Structure only (a shared host may be slow or noisy): 4 KiB-256 KiB,
  // powers of two, three repetitions.
  MemoryProbeOptions O;
  O.MaxWorkingSet = 256 << 10;
  O.StepsPerOctave = 1;
  O.Repetitions = 3;
  O.MinBytesPerRepetition = 1 << 20;
  O.SkipPageChase = true;
  auto R = runMemoryProbe(O);
  ASSERT_TRUE(bool(R)) << toString(R.takeError());
  EXPECT_GT(R->TSCPerCycle, 0);
  EXPECT_GT(R->CoreGHz, 0.3);
  EXPECT_LT(R->CoreGHz, 8);
  ASSERT_EQ(R->Series.size(), 5u);
  for (const ProbeSeries &S : R->Series) {
    EXPECT_FALSE(S.Points.empty()) << probeKernelName(S.Kernel).str();
    for (const ProbePoint &P : S.Points)
      EXPECT_GT(P.Value, 0);
  }
  json::Value J = toJSON(*R);
  ASSERT_TRUE(J.getAsObject());
  EXPECT_TRUE(J.getAsObject()->getObject("host"));
  EXPECT_TRUE(J.getAsObject()->getArray("series"));
}
#endif

} // namespace
