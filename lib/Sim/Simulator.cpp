//===- Simulator.cpp - Uop Flow Simulation: the driver -------------------===//
//
// Wires the units (Core), the stages and the views, runs the cycle loop
// until the steady-state detector is satisfied, an iteration cap, or the
// stall guard, and assembles the SimResult from the views.
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Simulator.h"
#include "Core.h"
#include "SimulateBody.h"
#include "Stages.h"
#include "Views.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <optional>

using namespace llvm;

namespace luarch {

SimListener::~SimListener() = default;

StringRef stallCauseName(StallCause C) {
  switch (C) {
  case StallCause::Retiring: return "retiring";
  case StallCause::FrontEnd: return "front end";
  case StallCause::Dependency: return "dependency";
  case StallCause::PortContention: return "port contention";
  case StallCause::DividerBusy: return "divider busy";
  case StallCause::SerialBusy: return "serialised";
  case StallCause::Executing: return "executing";
  case StallCause::NumCauses: break;
  }
  return "?";
}

StringRef stallCauseDescription(StallCause C) {
  switch (C) {
  case StallCause::Retiring: return "retired at full width";
  case StallCause::FrontEnd: return "nothing in flight to retire: the front "
                                    "end or issue did not deliver";
  case StallCause::Dependency: return "the oldest instruction waits for an "
                                      "operand";
  case StallCause::PortContention: return "the oldest instruction is ready "
                                          "but its port served another uop";
  case StallCause::DividerBusy: return "the oldest instruction waits for the "
                                       "divider";
  case StallCause::SerialBusy: return "the oldest instruction waits for a "
                                      "locked/microcoded instruction";
  case StallCause::Executing: return "the oldest instruction is executing "
                                     "(its latency is not over)";
  case StallCause::NumCauses: break;
  }
  return "?";
}

/// A cap no real loop reaches before its steady state.
static constexpr long MaxCycles = 4000000;

TripCountRun tripCountRun(unsigned TripCount, unsigned WarmupIterations,
                          unsigned MaxIterations) {
  assert(TripCount > 0 && "entries of no iterations");
  auto entriesFor = [&](unsigned Iterations) {
    return (Iterations + TripCount - 1) / TripCount;
  };
  TripCountRun Run;
  Run.MinWarmup = std::max(2u, entriesFor(WarmupIterations) + 1);
  Run.Measured = std::max(8u, entriesFor(128));
  // Long entries: fewer of them (the cost of the run grows with N).
  auto total = [&] {
    return uint64_t(Run.MinWarmup + Run.Measured) * TripCount;
  };
  while (Run.Measured > 2 && total() > MaxIterations)
    --Run.Measured;
  while (Run.MinWarmup > 1 && total() > MaxIterations)
    --Run.MinWarmup;
  Run.MaxEntries =
      std::max(Run.MinWarmup + Run.Measured, MaxIterations / TripCount);
  return Run;
}

/// The retire cycles of the last iterations of the \p Measured entries
/// before entry number \p Entries, and of the entry before them.
static SmallVector<long, 16> entryEnds(const sim::SteadyStateDetector &Steady,
                                       unsigned TripCount, size_t Entries,
                                       unsigned Measured) {
  assert(Entries > Measured && "an entry before the measured ones");
  SmallVector<long, 16> Ends;
  for (size_t E = Entries - Measured; E <= Entries; ++E)
    Ends.push_back(Steady.retireCycle(E * TripCount - 1));
  return Ends;
}

/// Whether the last \p Measured entries before entry number \p Entries took
/// the same cycles, to within one, as the \p Measured entries before them.
static bool windowsAgree(const sim::SteadyStateDetector &Steady,
                         unsigned TripCount, size_t Entries,
                         unsigned Measured) {
  assert(Entries > 2 * size_t(Measured) && "two windows and an entry before");
  auto endOf = [&](size_t E) { return Steady.retireCycle(E * TripCount - 1); };
  long Last = endOf(Entries) - endOf(Entries - Measured);
  long Before = endOf(Entries - Measured) - endOf(Entries - 2 * Measured);
  return std::labs(Last - Before) <= 1;
}

/// The shortest period (at most 4 entries) with which the cycles per
/// entry repeat over the measured entries (\p Ends: the retire cycles of
/// their last iterations, and first that of the entry before them); 0 if
/// none.
static unsigned entryPeriod(ArrayRef<long> Ends) {
  for (size_t P = 1; P <= 4 && 2 * P < Ends.size(); ++P) {
    bool Same = true;
    for (size_t I = P + 1; I < Ends.size() && Same; ++I)
      Same = Ends[I] - Ends[I - 1] == Ends[I - P] - Ends[I - P - 1];
    if (Same)
      return unsigned(P);
  }
  return 0;
}

SimResult simulate(const Kernel &K, ArrayRef<DecodedInstr> D,
                   const DependencyAnalysis &Deps, const SimConfig &Config,
                   const SimOptions &Opts, ArrayRef<SimListener *> Extra) {
  return sim::simulateBody(
      D, sim::buildSimKernel(K, D, Deps, Config, Opts.TripCount),
      sim::simLayout(K, D, Config), Config, Opts, Extra);
}

FrontEndLayout sim::simLayout(const Kernel &K, ArrayRef<DecodedInstr> D,
                              const SimConfig &Config) {
  return Config.Model ? buildFrontEndLayout(K, D, *Config.Model, K.Alignment)
                      : FrontEndLayout();
}

SimResult sim::simulateBody(ArrayRef<DecodedInstr> D, SimKernel Body,
                            FrontEndLayout Layout, const SimConfig &Config,
                            const SimOptions &Opts,
                            ArrayRef<SimListener *> Extra) {
  using namespace sim;
  SimResult R;
  Core C(D, std::move(Body), std::move(Layout), Config, Opts);
  if (C.N == 0 || C.Body.SlotsPerIteration == 0) {
    // Nothing occupies the machine: e.g. a body of fused branches only.
    R.CyclesPerIteration = 0;
    return R;
  }

  SteadyStateDetector Steady(Config[ResourceId::ROB],
                             C.Body.SlotsPerIteration, Config.isFractional(),
                             Opts.LowerBound);
  std::optional<CycleAccounting> Accounting;
  std::optional<PortStatistics> Ports;
  std::optional<TimelineView> Timeline;
  C.Events.subscribe(&Steady);
  if (Opts.Views) {
    C.Events.subscribe(&Accounting.emplace(C.N));
    C.Events.subscribe(&Ports.emplace(C.Exec.numPorts()));
  }
  if (Opts.Trace) {
    Timeline.emplace(std::min(Opts.TraceIterations, C.MaxIter), C.N);
    C.Events.subscribe(&*Timeline);
  }
  for (SimListener *V : Extra)
    C.Events.subscribe(V);

  RetireStage Retire(C);
  ExecuteStage Execute(C);
  AllocateStage Allocate(C);
  FrontEndStage FrontEnd(C);

  R.StallLimit = sim::stallLimit(D, Config);
  if ((R.Shortage = Allocate.shortage())) {
    // An instruction that can never allocate: no run (the stall guard
    // would end it after StallLimit cycles of nothing).
    R.Stalled = true;
    return R;
  }
  const TripCountRun &Run = C.TripRun;
  size_t EntriesChecked = 0;
  long LastRetireCycle = 0;
  for (C.Cycle = 0;
       Steady.iterationsRetired() < C.MaxIter && C.Cycle < MaxCycles;
       ++C.Cycle) {
    C.Events.refresh();
    C.Buffers.beginCycle(); // entries freed last cycle are usable now
    if (Retire.cycle())
      LastRetireCycle = C.Cycle;
    else if (C.Cycle - LastRetireCycle > R.StallLimit) {
      R.Stalled = true;
      break;
    }
    Execute.cycle();
    CycleFacts F;
    F.Cycle = C.Cycle;
    F.Alloc = Allocate.cycle();
    FrontEnd.cycle();
    // Only the cycle views read the head's stall cause. Working it out
    // changes nothing: at the end of a cycle every uop parked on a
    // producer still waits for an unknown time (a producer wakes its
    // waiters, which are scheduled, as it retires and as any uop of it
    // dispatches after which a re-check could end elsewhere:
    // Core::wakeIsFutile; ReadinessTest checks this every cycle), and
    // every instruction whose uops have all dispatched is finished.
    if (C.Events.wantsCycleEvents())
      F.Head = Retire.headCause(F.Instr);
    C.Events.emitCycle(F);
    if (Opts.StopAtSteadyState && !Opts.TripCount && Steady.steady())
      break;
    if (Opts.TripCount &&
        Steady.iterationsRetired() / Opts.TripCount > EntriesChecked) {
      EntriesChecked = Steady.iterationsRetired() / Opts.TripCount;
      if (EntriesChecked >= Run.MinWarmup + Run.Measured &&
          entryPeriod(entryEnds(Steady, Opts.TripCount, EntriesChecked,
                                Run.Measured)))
        break;
      // No period of at most 4 entries (a chaotic rhythm, as in the
      // steady-state test): stop once the last two windows of Measured
      // entries took the same cycles to within one. Running on to
      // MaxEntries measured the same window later, ~10x the work (14 of
      // sqlite3.c's 37 trip-count runs did).
      if (EntriesChecked >= Run.MinWarmup + 2 * Run.Measured &&
          windowsAgree(Steady, Opts.TripCount, EntriesChecked, Run.Measured))
        break;
    }
    // Cycle skipping: no stage acted and only time can change that. Every
    // cycle before the next timed event is this one again (same facts),
    // except for the stages' credits, which evolve as they would; stop
    // before the stall guard's cycle and the cycle cap.
    if (Opts.SkipIdleCycles && Retire.idle() && Execute.idle() &&
        Allocate.idle() && FrontEnd.idle()) {
      long Until = std::min({C.nextTimedEvent(),
                             LastRetireCycle + R.StallLimit + 1, MaxCycles});
      while (C.Cycle + 1 < Until && FrontEnd.skipCycle()) {
        ++C.Cycle;
        Retire.skipCycle();
        Allocate.skipCycle();
        F.Cycle = C.Cycle;
        C.Events.emitCycle(F);
        ++R.CyclesSkipped;
      }
    }
  }

  R.Cycles = C.Cycle;
  R.IterationsSimulated = Steady.iterationsRetired();
  if (Timeline)
    Timeline->finish(R);
  if (R.IterationsSimulated == 0) {
    R.CyclesPerIteration = double(C.Cycle);
    return R;
  }
  size_t Entries = Opts.TripCount ? R.IterationsSimulated / Opts.TripCount : 0;
  if (Opts.TripCount && !R.Stalled && Entries > Run.Measured) {
    // The last Measured whole entries (whole periods of the rhythm, when
    // it repeats): from the last iteration of the entry before them to
    // that of the last entry.
    SmallVector<long, 16> Ends =
        entryEnds(Steady, Opts.TripCount, Entries, Run.Measured);
    unsigned Period = entryPeriod(Ends);
    // Without a period every entry after the warm-up is measured: the
    // cycles per entry of a chaotic rhythm vary from window to window.
    unsigned Measured =
        Period ? Run.Measured / Period * Period
               : unsigned(std::max<size_t>(
                     Run.Measured, Entries - std::min<size_t>(
                                                 Entries, Run.MinWarmup)));
    if (!Period)
      Ends = entryEnds(Steady, Opts.TripCount, Entries, Measured);
    MeasuredWindow W;
    W.Last = Entries * Opts.TripCount - 1;
    W.First = (Entries - Measured) * Opts.TripCount - 1;
    W.FirstCycle = Ends[Ends.size() - 1 - Measured];
    W.LastCycle = Ends.back();
    W.SteadyState = Period != 0;
    R.SteadyState = W.SteadyState;
    R.TripCount = Opts.TripCount;
    R.EntriesMeasured = Measured;
    R.CyclesPerEntry = double(W.LastCycle - W.FirstCycle) / Measured;
    R.CyclesPerIteration = R.CyclesPerEntry / Opts.TripCount;
    if (Opts.Views) {
      Accounting->finish(W, R);
      Ports->finish(W, R);
    }
    return R;
  }
  MeasuredWindow W = Steady.window();
  R.SteadyState = W.SteadyState;
  R.WholeRun = W.FromStart;
  R.Period = W.Period;
  R.CyclesPerIteration = double(W.LastCycle - W.FirstCycle) / W.iterations();
  if (!W.Period && !W.FromStart) {
    // Without an exact period the window's ends can sit at different
    // phases of the rhythm: fit the rate over the whole window instead,
    // with its error bar. A hard limit of the model inside the error bar
    // is the better figure.
    R.CyclesPerIteration = Steady.slope(W, R.RateError);
    if (Opts.LowerBound > R.CyclesPerIteration &&
        Opts.LowerBound - R.CyclesPerIteration <= R.RateError + 1e-9)
      R.CyclesPerIteration = Opts.LowerBound;
  }
  if (Opts.Views) {
    Accounting->finish(W, R);
    Ports->finish(W, R);
  }
  return R;
}

} // namespace luarch
