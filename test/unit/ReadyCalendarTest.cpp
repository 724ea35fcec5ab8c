//===- ReadyCalendarTest.cpp - The scheduler's calendar of ready cycles ---===//
//
// ReadyCalendar (lib/Sim/ReadyCalendar.h) must release, at each call, every
// entry filed for a cycle up to then and no other, whatever the gaps
// between calls (cycle skipping) and however far ahead an entry is filed
// (its far list); next() must name the earliest cycle still filed. Checked
// against a plain list scanned in full, as the scheduler's pending lists
// were, over random filings and releases.
//
//===----------------------------------------------------------------------===//
#include "../../lib/Sim/ReadyCalendar.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

using namespace luarch::sim;

namespace {

/// Files and releases at random for \p Steps steps, the cycle advancing by
/// up to \p MaxGap and entries filed up to \p MaxAhead cycles ahead;
/// returns how many entries were released (the test's own check that it
/// exercised something).
size_t compareWithScan(unsigned Seed, long MaxGap, long MaxAhead,
                       unsigned Steps) {
  std::mt19937 Rng(Seed);
  ReadyCalendar<unsigned> Cal;
  std::vector<std::pair<long, unsigned>> Scan; // (cycle, entry), no order
  unsigned NextEntry = 0;
  size_t Released = 0;
  long Now = 0;
  for (unsigned Step = 0; Step < Steps; ++Step) {
    // A release at Now, as the scheduler's at the start of a cycle.
    std::vector<unsigned> Got, Want;
    Cal.release(Now, [&](unsigned E) { Got.push_back(E); });
    auto Due = std::partition(Scan.begin(), Scan.end(),
                              [&](const auto &X) { return X.first > Now; });
    for (auto It = Due; It != Scan.end(); ++It)
      Want.push_back(It->second);
    Scan.erase(Due, Scan.end());
    std::sort(Got.begin(), Got.end());
    std::sort(Want.begin(), Want.end());
    EXPECT_EQ(Got, Want) << "seed " << Seed << ", cycle " << Now;
    Released += Got.size();
    // Filings later than Now, a few at a time, then the next cycle with
    // a filing or release.
    unsigned N = Rng() % 6;
    for (unsigned I = 0; I < N; ++I) {
      long Cycle = Now + 1 + long(Rng() % unsigned(MaxAhead));
      Cal.add(Cycle, NextEntry);
      Scan.push_back({Cycle, NextEntry++});
    }
    long WantNext = ReadyCalendar<unsigned>::NoCycle;
    for (const auto &X : Scan)
      WantNext = std::min(WantNext, X.first);
    EXPECT_EQ(Cal.next(), WantNext) << "seed " << Seed << ", cycle " << Now;
    EXPECT_EQ(Cal.empty(), Scan.empty());
    size_t Filed = 0;
    Cal.forEach([&](long Cycle, unsigned E) {
      ++Filed;
      EXPECT_NE(std::find(Scan.begin(), Scan.end(), std::make_pair(Cycle, E)),
                Scan.end());
    });
    EXPECT_EQ(Filed, Scan.size());
    Now += 1 + long(Rng() % unsigned(MaxGap));
  }
  return Released;
}

TEST(ReadyCalendar, ReleasesWhatAFullScanWould) {
  // Cycle by cycle, within the window of 64.
  EXPECT_GT(compareWithScan(1, 1, 40, 2000), 1000u);
  // Entries beyond the window (the far list) and cycles skipped past
  // several of them at once.
  EXPECT_GT(compareWithScan(2, 1, 300, 2000), 1000u);
  EXPECT_GT(compareWithScan(3, 90, 300, 2000), 1000u);
  EXPECT_GT(compareWithScan(4, 200, 70, 2000), 1000u);
}

TEST(ReadyCalendar, NextAndEmpty) {
  ReadyCalendar<unsigned> Cal;
  EXPECT_TRUE(Cal.empty());
  EXPECT_EQ(Cal.next(), ReadyCalendar<unsigned>::NoCycle);
  Cal.add(100, 7); // beyond the window: the far list
  Cal.add(5, 8);
  EXPECT_EQ(Cal.next(), 5);
  std::vector<unsigned> Got;
  Cal.release(4, [&](unsigned E) { Got.push_back(E); });
  EXPECT_TRUE(Got.empty());
  Cal.release(5, [&](unsigned E) { Got.push_back(E); });
  EXPECT_EQ(Got, std::vector<unsigned>{8});
  EXPECT_EQ(Cal.next(), 100);
  // A release far past the window hands the far entry over at once.
  Cal.release(1000, [&](unsigned E) { Got.push_back(E); });
  EXPECT_EQ(Got, (std::vector<unsigned>{8, 7}));
  EXPECT_TRUE(Cal.empty());
}

} // namespace
