//===- Simulator.h - Uop Flow Simulation of a loop body --------*- C++ -*-===//
//
// A cycle-stepped model of the out-of-order engine after Palomares' Uop
// Flow Simulation (thesis ch. 7), extended to the modern cores the
// MachineModels describe. Per cycle, in this order:
//   1. retire  - in order, up to the retire width (fused uops); resources
//                freed now become usable next cycle;
//   2. dispatch - per port, the oldest uop bound to it whose operands are
//                ready (and whose divider is free);
//   3. issue   - in order from the uop queue, up to the issue width,
//                stalling when the ROB, scheduler, load/store buffer or a
//                register file is full; ports are bound here;
//   4. front end - refills the uop queue (uop cache / loop stream detector
//                delivery, with the SNB/IVB iteration-boundary rule).
// Zero idioms and eliminated moves complete at issue. It runs until the
// retirement timestamps of iterations become periodic (steady state) or an
// iteration cap, and attributes every cycle to exactly one cause.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_SIMULATOR_H
#define LUARCH_SIM_SIMULATOR_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Sim/SimConfig.h"
#include "llvm/ADT/ArrayRef.h"
#include <array>
#include <string>
#include <vector>

namespace luarch {

/// Cycle accounting, retirement view: every cycle gets exactly one cause,
/// decided at the oldest unfinished instruction (the ROB head).
enum class StallCause : uint8_t {
  Retiring,       ///< retired at full width
  FrontEnd,       ///< nothing in flight: the front end did not deliver
  Dependency,     ///< the head waits for an operand
  PortContention, ///< the head is ready; its port served another uop
  DividerBusy,    ///< the head is ready; the divider is busy
  SerialBusy,     ///< the head is ready; a serialising instruction runs
  Executing,      ///< the head was dispatched; its latency is not over
  NumCauses
};
llvm::StringRef stallCauseName(StallCause C);
llvm::StringRef stallCauseDescription(StallCause C);

/// Cycle accounting, allocation view: every cycle gets exactly one cause,
/// decided at the issue (rename/allocate) stage.
enum class AllocCause : uint8_t {
  IssuedFullWidth, ///< issued at full width
  FrontEnd,        ///< the uop queue had too little to issue
  ROBFull,
  RSFull,
  LoadBufferFull,
  StoreBufferFull,
  RegisterFileFull,
  NumCauses
};
llvm::StringRef allocCauseName(AllocCause C);
llvm::StringRef allocCauseDescription(AllocCause C);

struct SimOptions {
  /// Iterations to simulate at most (0 = default cap of 2000, or until a
  /// steady state is detected).
  unsigned MaxIterations = 0;
  /// Stop as soon as a steady state is found (otherwise run MaxIterations).
  bool StopAtSteadyState = true;
  /// Record per-uop events for the first TraceIterations iterations.
  bool Trace = false;
  unsigned TraceIterations = 10;
};

/// Per-uop events for traces and timelines.
struct UopEvent {
  unsigned Iteration = 0, Instr = 0, Uop = 0;
  long Issued = -1, Dispatched = -1, Completed = -1, Retired = -1;
  int Port = -1;
};

struct SimResult {
  /// Cycles per iteration in steady state (the headline).
  double CyclesPerIteration = 0;
  /// Whether a steady state was detected, with which period (iterations).
  bool SteadyState = false;
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
  /// Nothing retired for StallLimit cycles: the decoded uops wait on a
  /// value that never comes (a modelling error). CyclesPerIteration is then
  /// meaningless; callers fall back to the static bound and say so.
  bool Stalled = false;
  /// 20,000 cycles plus, for every iteration the ROB can hold, all the
  /// kernel's latencies and serialising/divider occupancies one after the
  /// other, twice: longer than any real wait between two retirements (a
  /// microcoded `out` occupies up to ~40,000 cycles, and several can queue).
  long StallLimit = 0;
};

/// Simulates \p D (the decoded kernel \p K) on \p Config. \p Deps supplies
/// the memory dependencies found statically (store→load forwarding).
SimResult simulate(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                   const DependencyAnalysis &Deps, const SimConfig &Config,
                   const SimOptions &Opts = {});

} // namespace luarch

#endif
