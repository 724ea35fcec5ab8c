//===- Simulator.cpp - Uop Flow Simulation: the driver -------------------===//
//
// Wires the units (Core), the stages and the views, runs the cycle loop
// until the steady-state detector is satisfied, an iteration cap, or the
// stall guard, and assembles the SimResult from the views.
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Simulator.h"
#include "Core.h"
#include "Stages.h"
#include "Views.h"

#include <algorithm>
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

SimResult simulate(const Kernel &K, ArrayRef<DecodedInstr> D,
                   const DependencyAnalysis &Deps, const SimConfig &Config,
                   const SimOptions &Opts, ArrayRef<SimListener *> Extra) {
  using namespace sim;
  SimResult R;
  Core C(K, D, Deps, Config, Opts);
  if (C.N == 0 || C.Body.SlotsPerIteration == 0) {
    // Nothing occupies the machine: e.g. a body of fused branches only.
    R.CyclesPerIteration = 0;
    return R;
  }

  SteadyStateDetector Steady(Config[ResourceId::ROB],
                             C.Body.SlotsPerIteration, Config.isFractional(),
                             Opts.LowerBound);
  CycleAccounting Accounting(C.N);
  PortStatistics Ports;
  std::optional<TimelineView> Timeline;
  C.Events.subscribe(&Steady);
  C.Events.subscribe(&Accounting);
  C.Events.subscribe(&Ports);
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
    F.Head = Retire.headCause(F.Instr);
    C.Events.emit([&](SimListener &V) { V.onCycle(F); });
    if (Opts.StopAtSteadyState && Steady.steady())
      break;
  }

  R.Cycles = C.Cycle;
  R.IterationsSimulated = Steady.iterationsRetired();
  if (Timeline)
    Timeline->finish(R);
  if (R.IterationsSimulated == 0) {
    R.CyclesPerIteration = double(C.Cycle);
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
  Accounting.finish(W, R);
  Ports.finish(W, R);
  return R;
}

} // namespace luarch
