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
#include <vector>

namespace luarch {
namespace sim {

/// The iterations whose cycles are measured, [First, Last] by index of
/// retired iteration, and the retirement cycles bounding them.
struct MeasuredWindow {
  size_t First = 0, Last = 0;
  long FirstCycle = 0, LastCycle = 0;
  bool SteadyState = false;
  unsigned Period = 0;
  double iterations() const { return double(Last - First); }
};

/// Iteration i's retirement cycle is recorded. After a warm-up (8
/// iterations plus those needed to fill the ROB, at most 32), the rhythm
/// is steady when the differences between successive retirement cycles
/// repeat with a period p (1 <= p <= 64) over at least 16 iterations (32
/// for scaled configurations, whose exact periods can be long: 4/1.15
/// cycles repeats every 23 iterations); without an exact period, when two
/// consecutive 64-iteration windows agree within one cycle.
class SteadyStateDetector : public SimListener {
public:
  SteadyStateDetector(double ROBSize, unsigned SlotsPerIteration,
                      bool Fractional);
  void onIterationRetired(unsigned Iter, long Cycle,
                          const ExecutionCounters &) override {
    RetireCycles.push_back(Cycle);
  }
  /// Checks the rhythm if iterations retired since the last call; true
  /// once it is steady.
  bool steady();
  size_t iterationsRetired() const { return RetireCycles.size(); }
  /// Whole periods (at least 10 iterations) ending at the last retired
  /// iteration; else the last 128 (converged windows); else the second
  /// half. Needs at least two retired iterations.
  MeasuredWindow window() const;

private:
  std::vector<long> RetireCycles;
  unsigned Warmup;
  size_t MinChecks, LastChecked = 0, Found = 0;
  unsigned Period = 0;
  bool Converged = false;
};

class CycleAccounting : public SimListener {
public:
  explicit CycleAccounting(size_t NumInstrs) : NumInstrs(NumInstrs) {}
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
  void onIterationRetired(unsigned, long,
                          const ExecutionCounters &C) override {
    PortsAtIter.emplace_back(C.UopsPerPort.begin(), C.UopsPerPort.end());
    DividerAtIter.push_back(C.DividerBusy);
  }
  void finish(const MeasuredWindow &W, SimResult &R) const;

private:
  std::vector<std::vector<double>> PortsAtIter; ///< cumulative
  std::vector<double> DividerAtIter;
};

class TimelineView : public SimListener {
public:
  TimelineView(unsigned Iterations, size_t NumInstrs);
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
