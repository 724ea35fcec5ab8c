//===- Simulator.h - Uop Flow Simulation of a loop body --------*- C++ -*-===//
//
// A cycle-stepped model of the out-of-order engine after Palomares' Uop
// Flow Simulation (thesis ch. 7), extended to the modern cores the
// MachineModels describe. Hardware units own their state (reorder buffer,
// scheduler with its port binder, buffers, rename map, execution units,
// uop queue); stages move uops between them once per cycle, in this order:
//   1. retire    - in order, up to the retire width; resources freed now
//                  become usable next cycle;
//   2. execute   - per port, the oldest bound uop whose operands are ready
//                  (and whose divider is free) dispatches;
//   3. allocate  - in order from the uop queue, up to the issue width,
//                  stalling on a full buffer; renames and binds ports;
//   4. front end - refills the uop queue.
// Views (cycle accounting, port statistics, timeline, steady state)
// subscribe to the stages' events (SimEvents.h). See docs/simulator.md.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_SIMULATOR_H
#define LUARCH_SIM_SIMULATOR_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Sim/SimConfig.h"
#include "luarch/Sim/SimEvents.h"
#include "llvm/ADT/ArrayRef.h"
#include <array>
#include <optional>
#include <string>
#include <vector>
#include <utility>

namespace luarch {

struct SimOptions {
  /// Iterations to simulate at most (0 = default cap of 2000, or until a
  /// steady state is detected).
  unsigned MaxIterations = 0;
  /// Stop as soon as a steady state is found (otherwise run MaxIterations).
  bool StopAtSteadyState = true;
  /// Cycles per iteration that no steady state can beat (the static bound
  /// of the same model, when the caller has it; 0 = unknown): a rhythm
  /// faster than that is a transient, and the simulation goes on.
  double LowerBound = 0;
  /// Record per-uop events for the first TraceIterations iterations.
  bool Trace = false;
  unsigned TraceIterations = 10;
  /// Jump over cycles in which no stage can act until a known future
  /// cycle (docs/simulator.md "Speed"); the results are the same either
  /// way. Off only to check that.
  bool SkipIdleCycles = true;
  /// Compute the cycle accounting (SimResult::Allocation, Stalls,
  /// StallsPerInstr) and the port statistics (PortUopsPerIteration,
  /// DividerBusyPerIteration). Off for a caller that reads none of them
  /// (--batch prints cycles per iteration only): the run's decisions and
  /// cycles are the same, about 1.5% of its time is not spent.
  bool Views = true;
  /// Iterations per entry of the loop (0: one endless entry, the steady
  /// state). With N > 0 the kernel runs as entries of N iterations back to
  /// back, and the first iteration of each entry reads no register value
  /// and no stored value of the previous entry: the code around the loop
  /// re-initialises them (the accumulator `s = 0`, pointers and counters
  /// from the outer loop), as the re-entered measurement form does
  /// (--measure-entry-trips). Consecutive entries then overlap in the
  /// out-of-order window. The run is a fixed number of entries
  /// (tripCountRun); MaxIterations and StopAtSteadyState do not apply.
  unsigned TripCount = 0;
  /// With TripCount: the iterations a run may take when the cycles per
  /// entry do not repeat (the plugin asks for fewer: compile time).
  unsigned TripCountMaxIterations = 20000;
};

/// How a trip-count run is measured (SimOptions::TripCount = N): after at
/// least MinWarmup entries (they cover \p WarmupIterations, the iterations
/// that fill the window, plus one), the run stops once the cycles per
/// entry of the last Measured entries (at least 8 entries and 128
/// iterations) repeat with a period of at most 4 entries, and at
/// MaxEntries otherwise (about \p MaxIterations iterations; at least
/// MinWarmup + Measured).
struct TripCountRun {
  unsigned MinWarmup = 0, Measured = 0, MaxEntries = 0;
};
TripCountRun tripCountRun(unsigned TripCount, unsigned WarmupIterations,
                          unsigned MaxIterations = 20000);

/// A buffer smaller than what one instruction of the kernel needs of it at
/// once (AllocateStage::shortage): \p Need entries of \p Id for
/// instruction \p Index, which never allocates.
struct BufferShortage {
  ResourceId Id = ResourceId::NumResources;
  double Need = 0;
  size_t Index = 0;
};

struct SimResult {
  /// Cycles per iteration in steady state (the headline).
  double CyclesPerIteration = 0;
  /// Whether a steady state was detected, with which period (iterations).
  bool SteadyState = false;
  /// Without an exact period: the measured rate is known to within this
  /// (one cycle over the measured window); 0 for exact periods.
  double RateError = 0;
  /// Too few iterations for a steady state (--iterations): the figures
  /// cover the whole run, pipeline fill included (cycles to retire the
  /// iterations, divided by their number).
  bool WholeRun = false;
  unsigned Period = 0;
  unsigned IterationsSimulated = 0;
  unsigned long Cycles = 0;
  /// Cycle accounting over the measured window, in cycles per iteration;
  /// each view sums to CyclesPerIteration. The retirement view is also
  /// split per instruction (the head blamed each cycle; "Retiring" goes to
  /// the oldest instruction retired in the cycle).
  std::array<double, size_t(StallCause::NumCauses)> Stalls{};
  std::vector<std::array<double, size_t(StallCause::NumCauses)>>
      StallsPerInstr;
  std::array<double, size_t(AllocCause::NumCauses)> Allocation{};
  /// Uops dispatched per port per iteration; divider busy cycles.
  std::vector<double> PortUopsPerIteration;
  double DividerBusyPerIteration = 0;
  /// Trace (when asked for).
  std::vector<UopEvent> Events;
  /// Instruction-level timeline rows for the traced iterations:
  /// [iteration][instr] = {issue, first dispatch, complete, retire}.
  struct InstrTimes {
    long Issued = -1, Dispatched = -1, Completed = -1, Retired = -1;
  };
  std::vector<std::vector<InstrTimes>> Timeline;
  /// SimOptions::TripCount > 0: the iterations per entry, the cycles per
  /// entry over the measured entries, the last ones of the run
  /// (CyclesPerIteration is this divided by TripCount, and the stall and
  /// port figures are per iteration over the same entries), and how many
  /// entries were measured. SteadyState then says that the cycles per
  /// entry repeat with a period of at most 4 entries over the measured
  /// ones (otherwise the run reached TripCountRun::MaxEntries).
  unsigned TripCount = 0;
  double CyclesPerEntry = 0;
  unsigned EntriesMeasured = 0;
  /// Nothing retired for StallLimit cycles: the decoded uops wait on a
  /// value that never comes (a modelling error). CyclesPerIteration is then
  /// meaningless; callers fall back to the static bound and say so.
  bool Stalled = false;
  /// Stalled before the first cycle: a buffer cannot hold one instruction
  /// (a --what-if size), which is why (no cycle was simulated).
  std::optional<BufferShortage> Shortage;
  /// 20,000 cycles plus, for every iteration the ROB can hold, all the
  /// kernel's latencies and serialising/divider occupancies one after the
  /// other, twice: longer than any real wait between two retirements (a
  /// microcoded `out` occupies up to ~40,000 cycles, and several can queue).
  long StallLimit = 0;
  /// Of Cycles, those jumped over without simulating them (cycle skipping:
  /// their facts were those of the cycle before).
  long CyclesSkipped = 0;
};

/// Simulates \p D (the decoded kernel \p K) on \p Config. \p Deps supplies
/// the memory dependencies found statically (store→load forwarding).
/// \p Views receive the simulation's events besides the built-in views
/// that fill the SimResult.
SimResult simulate(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                   const DependencyAnalysis &Deps, const SimConfig &Config,
                   const SimOptions &Opts = {},
                   llvm::ArrayRef<SimListener *> Views = {});

} // namespace luarch

#endif
