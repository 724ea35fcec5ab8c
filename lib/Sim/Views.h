//===- Views.h - The built-in views that fill a SimResult ------*- C++ -*-===//
//
// Each view subscribes to the core's events and computes one part of the
// result; none of them looks into the core's state.
//   SteadyStateDetector - when the retirement rhythm repeats (stop), and
//                         the measured window of iterations
//   CycleAccounting     - every cycle of the window gets one cause in each
//                         of two views (retirement, allocation)
//   PortStatistics      - uops per port and divider busy per iteration
//   TimelineView        - per-uop events and per-instruction rows of the
//                         first iterations (--timeline, traces)
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_VIEWS_H
#define LUARCH_LIB_SIM_VIEWS_H

#include "luarch/Sim/Simulator.h"
#include <cassert>
#include <cstdint>
#include <vector>

namespace luarch {
namespace sim {

/// The iterations whose cycles are measured: those retired after
/// iteration First up to iteration Last (by index of retired iteration),
/// i.e. cycles FirstCycle+1 .. LastCycle. A whole run (FromStart: too few
/// iterations for a steady state) counts every cycle from 0 and every
/// iteration.
struct MeasuredWindow {
  size_t First = 0, Last = 0;
  long FirstCycle = 0, LastCycle = 0;
  bool SteadyState = false, FromStart = false;
  unsigned Period = 0;
  double iterations() const {
    return double(Last - First) + (FromStart ? 1 : 0);
  }
};

/// Iteration i's retirement cycle is recorded, with how full the window
/// (reorder buffer, uop queue) is at that moment. After a warm-up (8
/// iterations plus those needed to fill the ROB, at most 32), the machine
/// is in a steady state when the differences between successive
/// retirement cycles repeat with a period p (1 <= p <= 64) over at least
/// 16 iterations (32 for scaled configurations, whose exact periods can be
/// long: 4/1.15 cycles repeats every 23 iterations) while the window does
/// not drain: retirements that outrun allocation for a while (the window
/// emptying) only look periodic and run faster than the machine can
/// sustain; so does a rhythm faster than the model's own static bound.
/// The retirement deltas alone repeating with such a period over the last
/// 128 iterations after the warm-up (two windows' worth), the fill at the
/// last no higher than somewhere in the first 64 (it may jitter, not
/// grow), stop it as well, measured over whole periods.
/// Without an exact period, it stops when two consecutive windows of at
/// least 64 iterations and 128 cycles agree within one cycle, neither
/// shorter than the whole cycles the bound allows, and measures over the
/// longest window after the warm-up that does not drain.
/// Iterations before a steady state can show: 8, plus those that fill the
/// ROB (at most 32: an "unlimited" ROB in a sensitivity run never fills).
unsigned warmupIterations(double ROBSize, unsigned SlotsPerIteration);

class SteadyStateDetector : public SimListener {
public:
  /// \p LowerBound: cycles per iteration no steady state can beat (the
  /// model's static bound; 0 if unknown).
  SteadyStateDetector(double ROBSize, unsigned SlotsPerIteration,
                      bool Fractional, double LowerBound);
  unsigned subscribedEvents() const override { return IterationEvents; }
  void onIterationRetired(unsigned Iter, long Cycle,
                          const ExecutionCounters &C) override {
    RetireCycles.push_back(Cycle);
    Occupancy.push_back(C.Fill);
  }
  /// Checks the rhythm if iterations retired since the last call; true
  /// once it is steady. (Inline: the driver asks every cycle, and most
  /// cycles retire no iteration.)
  bool steady() {
    return RetireCycles.size() != LastChecked && checkNewIterations();
  }
  size_t iterationsRetired() const { return RetireCycles.size(); }
  /// The cycle in which the \p I-th iteration retired.
  long retireCycle(size_t I) const { return RetireCycles[I]; }
  /// Whole periods (at least 10 iterations) ending at the last retired
  /// iteration; else the longest window after the warm-up that does not
  /// drain; else (a run too short to get past the warm-up) the whole run.
  /// Needs one retired iteration.
  MeasuredWindow window() const;
  /// Cycles per iteration over \p W without an exact period: the least-
  /// squares slope of retirement cycle over iteration (the rhythm's phase
  /// at the window's ends cancels out), and in \p Error a bound on its
  /// error (twice the largest residual over the window's length).
  double slope(const MeasuredWindow &W, double &Error) const;

private:
  /// steady() once iterations retired since the last check.
  bool checkNewIterations();
  bool draining(size_t Later, size_t Earlier) const;
  /// Iteration A's retirement delta is the one P earlier's.
  bool deltaRepeats(size_t A, unsigned P) const;
  /// deltaRepeats, and the machine's fill is the same as P earlier.
  bool repeats(size_t A, unsigned P) const;
  /// The last P of \p Kk iterations took fewer cycles than the static
  /// bound allows: a transient, not the rhythm.
  bool fasterThanBound(unsigned P, size_t Kk) const;
  size_t checksFor(unsigned P) const;
  bool lastChecksRepeat(unsigned P, size_t Checks, size_t Kk);
  bool deltasRepeat(size_t Kk);
  bool fillSettled(size_t Kk) const;
  static constexpr unsigned MaxPeriod = 64;
  std::vector<long> RetireCycles;
  std::vector<ExecutionCounters::Occupancy> Occupancy;
  unsigned Warmup;
  size_t MinChecks, LastChecked = 0, Found = 0;
  /// What is known of each period P's test "the last checks' worth of
  /// iterations each repeat the one P earlier" (iterations only append, so
  /// a comparison's result never changes): every iteration in
  /// (LastMismatch[P], ScannedTo[P]) repeats, so P cannot pass before
  /// DueAt[P] iterations have retired.
  size_t LastMismatch[MaxPeriod + 1] = {}, ScannedTo[MaxPeriod + 1] = {},
         DueAt[MaxPeriod + 1] = {};
  /// deltasRepeat's scan, as LastMismatch's for the deltas alone (fill
  /// ignored): every iteration from DeltaScannedTo[P] - DeltaRhythmChecks
  /// (or later) up to DeltaScannedTo[P] repeats the delta P earlier, and P
  /// cannot pass before DeltaDueAt[P] iterations have retired; none can
  /// before NextDeltaDue.
  size_t DeltaScannedTo[MaxPeriod + 1] = {}, DeltaDueAt[MaxPeriod + 1] = {},
         NextDeltaDue = 0;
  /// The periods due, without a scan of all of them: bit P - 1 of Due is
  /// set for each period P with DueAt[P] <= CollectedTo, and bit P - 1 of
  /// Calendar[D % CalendarSize] for each with DueAt[P] == D > CollectedTo
  /// (a DueAt is set at most 2 * MaxPeriod + 1 + Warmup / 2 iterations
  /// ahead of CollectedTo, less than CalendarSize).
  void scheduleDue(unsigned P) {
    Calendar[DueAt[P] % CalendarSize] |= uint64_t(1) << (P - 1);
  }
  static constexpr size_t CalendarSize = 256;
  static_assert(MaxPeriod <= 64, "one bit per period");
  uint64_t Calendar[CalendarSize] = {};
  uint64_t Due = 0;
  size_t CollectedTo = 0;
  unsigned Period = 0;
  bool Converged = false;
  double LowerBound;
};

class CycleAccounting : public SimListener {
public:
  explicit CycleAccounting(size_t NumInstrs) : NumInstrs(NumInstrs) {
    Log.reserve(1024); // a typical run's cycles, without growing
  }
  unsigned subscribedEvents() const override { return CycleEvents; }
  void onCycle(const CycleFacts &F) override {
    Log.push_back({uint8_t(F.Head), uint8_t(F.Alloc), uint32_t(F.Instr)});
  }
  /// Each view's cycles per iteration over \p W (into \p R).
  void finish(const MeasuredWindow &W, SimResult &R) const;

private:
  struct Entry {
    uint8_t Stall, Alloc;
    uint32_t Instr;
  };
  size_t NumInstrs;
  std::vector<Entry> Log; ///< indexed by cycle
};

class PortStatistics : public SimListener {
public:
  /// \p NumPorts: the ports counted (rows for a typical run's iterations
  /// are reserved up front: a batch or the plugin runs thousands of
  /// simulations, and growing the rows was 1% of a batch's CPU time).
  explicit PortStatistics(size_t NumPorts) {
    PortsAtIter.reserve(257 * NumPorts);
    DividerAtIter.reserve(257);
  }
  unsigned subscribedEvents() const override { return IterationEvents; }
  void onIterationRetired(unsigned, long,
                          const ExecutionCounters &C) override {
    if (DividerAtIter.empty()) { // the baseline of whole-run windows
      NumPorts = C.UopsPerPort.size();
      PortsAtIter.assign(NumPorts, 0.0);
      DividerAtIter.push_back(0);
    }
    assert(C.UopsPerPort.size() == NumPorts && "the same ports throughout");
    PortsAtIter.insert(PortsAtIter.end(), C.UopsPerPort.begin(),
                       C.UopsPerPort.end());
    DividerAtIter.push_back(C.DividerBusy);
  }
  void finish(const MeasuredWindow &W, SimResult &R) const;

private:
  /// Cumulative, at cycle 0 and after each retired iteration: NumPorts
  /// entries per row, one row after another (one flat array: a row per
  /// iteration would allocate per iteration).
  std::vector<double> PortsAtIter;
  size_t NumPorts = 0;
  std::vector<double> DividerAtIter;
};

class TimelineView : public SimListener {
public:
  TimelineView(unsigned Iterations, size_t NumInstrs);
  unsigned subscribedEvents() const override {
    return InstructionEvents | IterationEvents;
  }
  bool wantsInstructionEvents() const override { return Wanted; }
  void onInstrIssued(const InstrEvent &E) override;
  void onUopDispatched(const UopEvent &E) override;
  void onInstrRetired(const InstrEvent &E) override;
  void onIterationRetired(unsigned Iter, long, const ExecutionCounters &)
      override {
    if (Iter + 1 >= Iterations)
      Wanted = false; // every traced instruction has retired
  }
  /// Moves the trace into \p R (uop events get their retirement cycle).
  void finish(SimResult &R);

private:
  unsigned Iterations;
  bool Wanted;
  std::vector<UopEvent> Events;
  std::vector<std::vector<SimResult::InstrTimes>> Rows;
};

} // namespace sim
} // namespace luarch

#endif
