//===- SteadyStateTest.cpp - When the simulator stops ----------------------===//
//
// The steady-state detector on hand-made retirement rhythms: when it stops
// and what it measures (docs/simulator.md "Steady state"). The detector is
// a view of lib/Sim; it sees only the retirement cycle and the occupancy of
// each retired iteration, so the rhythms are written out here.
//
//===----------------------------------------------------------------------===//
#include "../../lib/Sim/Views.h"
#include "gtest/gtest.h"

#include <cmath>
#include <vector>

using namespace luarch;
using namespace luarch::sim;

namespace {

/// A reorder buffer of 224 entries and 7 slots per iteration: a warm-up of
/// 8 + min(32, ceil(224 / 7)) = 40 iterations.
constexpr double ROB = 224;
constexpr unsigned Slots = 7;

/// Feeds iterations whose retirement deltas are Deltas[i % size] and whose
/// occupancy is Fill(i) until the detector stops (or \p Cap iterations);
/// returns the number of iterations retired then.
template <typename FillFn>
size_t runUntilSteady(SteadyStateDetector &D, llvm::ArrayRef<long> Deltas,
                      FillFn Fill, size_t Cap = 2000) {
  long Cycle = 0;
  for (size_t I = 0; I < Cap; ++I) {
    Cycle += Deltas[I % Deltas.size()];
    ExecutionCounters C;
    C.Fill = Fill(I);
    D.onIterationRetired(unsigned(I), Cycle, C);
    if (D.steady())
      return I + 1;
  }
  return Cap;
}

TEST(SteadyState, APeriodOfOneStopsRightAfterTheWarmup) {
  EXPECT_EQ(warmupIterations(ROB, Slots), 40u);
  // Two cycles per iteration, the machine equally full at every
  // retirement. Period 1 is first tested once its 16 checks and one
  // period more fit after half the warm-up (16 + 1 + 1 + 20 = 38
  // iterations), but nothing stops inside the warm-up: the first test is
  // after iteration 41, and the last 16 iterations repeat.
  SteadyStateDetector D(ROB, Slots, /*Fractional=*/false, /*LowerBound=*/2);
  size_t Stop = runUntilSteady(D, {2}, [](size_t) {
    ExecutionCounters::Occupancy O;
    O.InFlight = 100;
    return O;
  });
  EXPECT_EQ(Stop, 41u);
  MeasuredWindow W = D.window();
  EXPECT_TRUE(W.SteadyState);
  EXPECT_EQ(W.Period, 1u);
  // Ten whole periods, ending at the last iteration.
  EXPECT_EQ(W.Last, 40u);
  EXPECT_EQ(W.First, 30u);
  EXPECT_DOUBLE_EQ(double(W.LastCycle - W.FirstCycle) / W.iterations(), 2.0);
}

TEST(SteadyState, ALongPeriodNeedsOnePeriodAndSixteenChecksMore) {
  // A rhythm of 24 iterations (retirement deltas of one and two cycles,
  // 34 cycles in all) from the start, but the machine's fill changes until
  // iteration 59 (squares modulo 101) and stays at 100 from iteration 60
  // on. Iteration A repeats the one 24 earlier from A = 84 on (A = 83
  // compares fill 100 with 59 * 59 mod 101 = 47). Period 24 then needs
  // its 24 + 16 = 40 last iterations to repeat: iterations 84..123, a stop
  // after 124 iterations (two periods of checks, as before, needed
  // 84..131: 132). The deltas are chosen so that no shorter period
  // repeats for its checks anywhere in the rhythm (a run of 16 equal
  // deltas would pass period 1), no longer one passes first (48 needs 64
  // checks from iteration 108), and the windows' test cannot stop before
  // about 40 + 2 x 91 + 1 iterations (34 cycles per 24 iterations:
  // windows of about 91 to span 128 cycles).
  SteadyStateDetector D(ROB, Slots, /*Fractional=*/false, /*LowerBound=*/1);
  std::vector<long> Deltas = {1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2,
                              2, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 2};
  size_t Stop = runUntilSteady(D, Deltas, [](size_t I) {
    ExecutionCounters::Occupancy O;
    O.InFlight = I < 60 ? (I * I) % 101 : 100;
    return O;
  });
  EXPECT_EQ(Stop, 124u);
  MeasuredWindow W = D.window();
  EXPECT_TRUE(W.SteadyState);
  EXPECT_EQ(W.Period, 24u);
  // One whole period (at least ten iterations), ending at the last one.
  EXPECT_EQ(W.Last, 123u);
  EXPECT_EQ(W.First, 99u);
  EXPECT_DOUBLE_EQ(double(W.LastCycle - W.FirstCycle) / W.iterations(),
                   34.0 / 24.0);
}

TEST(SteadyState, WindowsAtExactlyTheBoundConverge) {
  // A loop at its port bound of 8/3 cycles per iteration (three AGUs, eight
  // address uops: two of sqlite3.c's loops on znver4), retiring in the
  // rhythm 1 3 3 3 1 5 (16 cycles per 6 iterations), except that one
  // group of six in sixteen retires as 3 1 3 3 1 5 (iterations 90..95,
  // 186..191, ...): a rhythm of 96 iterations, longer than any period
  // tested, so the deltas repeat with no period of at most 64 over any 128
  // iterations (deltasRepeat). The occupancy at each retirement follows no
  // period of at most 64 iterations either (squares modulo 101), so no
  // exact period is found and the two-window test decides. The odd group
  // lies whole inside both windows below, which therefore span the cycles
  // of the plain rhythm.
  // Windows of 64 iterations (128 cycles take 48 at this rate) hold ten
  // periods (160 cycles) plus four deltas, which sum to 10 or 12 as the
  // window's phase falls: every window spans 170 or 172 cycles, never
  // 64 x 8/3 = 170.67. The first test is after iteration 40 + 2 x 64 + 1 =
  // 169: windows 105..168 (phase 3: 3+1+5+1 = 10, 170 cycles) and 41..104
  // (phase 5: 5+1+3+3 = 12, 172): two cycles apart. After iteration 170
  // both windows span 170 cycles (phases 4 and 0: 1+5+1+3 and 1+3+3+3)
  // and agree. Compared with 170.67, a 170-cycle window counted as faster
  // than the bound, a transient, and the loop ran to the 2,000-iteration
  // cap; retirement cycles are whole, so the floor is 170.
  SteadyStateDetector D(ROB, Slots, /*Fractional=*/false,
                        /*LowerBound=*/8.0 / 3.0);
  std::vector<long> Deltas;
  for (unsigned Group = 0; Group < 16; ++Group)
    if (Group == 15)
      Deltas.insert(Deltas.end(), {3, 1, 3, 3, 1, 5});
    else
      Deltas.insert(Deltas.end(), {1, 3, 3, 3, 1, 5});
  size_t Stop = runUntilSteady(D, Deltas, [](size_t I) {
    ExecutionCounters::Occupancy O;
    O.InFlight = (I * I) % 101;
    return O;
  });
  EXPECT_EQ(Stop, 170u);
  MeasuredWindow W = D.window();
  EXPECT_TRUE(W.SteadyState);
  EXPECT_EQ(W.Period, 0u);
  // The rate, fitted over the window, is the bound's to within its error
  // bar.
  double Error = 0;
  double Rate = D.slope(W, Error);
  EXPECT_NEAR(Rate, 8.0 / 3.0, Error);
  EXPECT_LT(Error, 0.1);
}

TEST(SteadyState, ExactDeltasStopAfterTwoWindowsWhateverTheFill) {
  // One cycle per iteration at a bound of one, the occupancy following no
  // period (squares modulo 101): no exact period with the fill. The
  // retirement deltas repeat with period 1 from the start, so the 128
  // iterations after the warm-up (41..168) repeat the one before: a stop
  // after 40 + 1 + 128 = 169 iterations, measured over ten whole periods.
  // The windows' test alone would need windows of 128 iterations (128
  // cycles at one per iteration): 40 + 2 x 128 + 1 = 297.
  SteadyStateDetector D(ROB, Slots, /*Fractional=*/false, /*LowerBound=*/1);
  size_t Stop = runUntilSteady(D, {1}, [](size_t I) {
    ExecutionCounters::Occupancy O;
    O.InFlight = (I * I) % 101;
    return O;
  });
  EXPECT_EQ(Stop, 169u);
  MeasuredWindow W = D.window();
  EXPECT_TRUE(W.SteadyState);
  EXPECT_EQ(W.Period, 1u);
  EXPECT_EQ(W.Last, 168u);
  EXPECT_EQ(W.First, 158u);
  EXPECT_DOUBLE_EQ(double(W.LastCycle - W.FirstCycle) / W.iterations(), 1.0);
}

TEST(SteadyState, ASubRhythmBetweenBurstsIsNotTheRhythm) {
  // The lea/cmp rhythm (BHive bhdev-0575 unrolled on cascadelake, 4,000
  // iterations: 0.540): 22 pairs of deltas 1 0 (two iterations a cycle
  // at the bound of 0.5) and then 1 1 1 1 1 0, 27 cycles per 50
  // iterations. The ROB fills by one entry per retirement up to iteration
  // 199 and then jitters between 200 and 201 (200 plus the parity of
  // I * I mod 101, which repeats every 101 iterations): no exact period
  // with the fill. The pairs repeat with period 2 for 44 iterations at a
  // time, fewer than 128: period 2 never holds. Period 50 compares
  // iteration A with A - 50 from A = 51 on, so its 128 deltas repeat from
  // 179 retired iterations on (this driver tests after every iteration;
  // the simulator after cycles that retire one), but the machine still
  // fills: the last iteration's fill must not be above the highest of the
  // first 64 of the 128 (Kk - 128 .. Kk - 65), and those reach the
  // settled fill first at Kk = 265 (iteration 200: 200 + (200 * 200 mod
  // 101 = 4) mod 2 = 200; iteration 264: 264 * 264 mod 101 = 6, 200 too).
  // A stop after 265, over one whole period: 27/50 = 0.54, not the pairs'
  // 0.50. (With the fill growing for good, the windows' test decides:
  // windows of ceil(128 / 0.54) = 238 iterations, a stop after 513.)
  SteadyStateDetector D(ROB, Slots, /*Fractional=*/false,
                        /*LowerBound=*/0.5);
  std::vector<long> Deltas;
  for (unsigned Pair = 0; Pair < 22; ++Pair)
    Deltas.insert(Deltas.end(), {1, 0});
  Deltas.insert(Deltas.end(), {1, 1, 1, 1, 1, 0});
  ASSERT_EQ(Deltas.size(), 50u);
  size_t Stop = runUntilSteady(D, Deltas, [](size_t I) {
    ExecutionCounters::Occupancy O;
    O.InFlight = I < 200 ? I : 200 + (I * I % 101) % 2;
    return O;
  });
  EXPECT_EQ(Stop, 265u);
  MeasuredWindow W = D.window();
  EXPECT_TRUE(W.SteadyState);
  EXPECT_EQ(W.Period, 50u);
  EXPECT_EQ(W.Last, 264u);
  EXPECT_EQ(W.First, 214u);
  EXPECT_DOUBLE_EQ(double(W.LastCycle - W.FirstCycle) / W.iterations(),
                   27.0 / 50.0);
}

} // namespace
