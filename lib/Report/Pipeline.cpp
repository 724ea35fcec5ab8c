//===- Pipeline.cpp - One kernel from decoding to a report ---------------===//
#include "luarch/Report/Pipeline.h"
#include "luarch/Kernel/ThreadCPUTime.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Sim/SimulationMemo.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>

namespace luarch {

namespace {
/// Adds the thread CPU time from its construction (or the last lap) to a
/// field of PipelineStageTimes; does nothing without one.
class StageTimer {
  PipelineStageTimes *Times;
  double Start = 0;

public:
  explicit StageTimer(PipelineStageTimes *Times) : Times(Times) {
    if (Times)
      Start = threadCPUSeconds();
  }
  void lap(double PipelineStageTimes::*Stage) {
    if (!Times)
      return;
    double T = threadCPUSeconds();
    Times->*Stage += T - Start;
    Start = T;
  }
};
} // namespace

/// simulate(), through \p Memo when there is one.
static SimResult simulateOnce(SimulationMemo *Memo, const Kernel &K,
                              llvm::ArrayRef<DecodedInstr> D,
                              const DependencyAnalysis &Deps,
                              const SimConfig &Config, const SimOptions &Opts) {
  return Memo ? Memo->simulate(K, D, Deps, Config, Opts)
              : simulate(K, D, Deps, Config, Opts);
}

/// A count of entries as the report prints it (1, 97, 4276520; 1e+09 for
/// an unlimited one, 84.35 for a scaled one).
static std::string fmtCount(double V) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format(
      V == std::floor(V) && V < 1e9 ? "%.0f" : "%g", V);
  return S;
}

/// The static bounds no simulation of the same machine can beat: all of
/// them with the optimal port assignment; with OSACA's fixed equal split
/// (--port-assignment=equal) the port bound can exceed what the
/// simulator's binding reaches, so it is left out (as the steady-state
/// detector's floor it held a 2.25-cycle rhythm for a transient under a
/// 3.00 equal-split bound, and the run ended without a steady state).
static double simulationLowerBound(const StaticAnalysis &S,
                                   PortAssignment A) {
  if (A == PortAssignment::Optimal)
    return S.Throughput;
  double LB = 0;
  for (const ThroughputBound &B : S.Bounds)
    if (B.Kind != BoundKind::Ports)
      LB = std::max(LB, B.Cycles);
  return LB;
}

KernelReport analyzeKernel(const Kernel &K, const UopDecoder &Decoder,
                           const PipelineOptions &Opts) {
  const MachineModel &M = Decoder.model();
  KernelReport R;
  R.K = &K;
  R.M = &M;
  StageTimer Timer(Opts.Times);
  R.Decoded = Decoder.decodeKernel(K, Opts.Addresses);
  Timer.lap(&PipelineStageTimes::Decode);
  // The machine simulated, and the one the static bounds are of: under
  // --what-if both are the changed machine, so that the bounds stay
  // lower bounds of the simulation (every width of the resource table is
  // a MachineRates input; the buffers bound nothing).
  SimConfig Config = SimConfig::fromModel(M);
  applyWhatIf(Config, Opts.SimWhatIf);
  R.WhatIf = Opts.SimWhatIf.str();
  MachineRates Rates = Config.rates();
  R.Static = analyzeStatically(K, R.Decoded, M, Opts.Ports, Opts.Addresses,
                               &Rates);
  Timer.lap(&PipelineStageTimes::Static);
  if (!Opts.Simulate)
    return R;
  SimOptions SimOpts = Opts.Sim;
  SimOpts.LowerBound = simulationLowerBound(R.Static, Opts.Ports);
  R.Sim = simulateOnce(Opts.Memo, K, R.Decoded, R.Static.Deps, Config,
                       SimOpts);
  Timer.lap(&PipelineStageTimes::Simulate);
  if (R.Sim->Stalled && R.Sim->Shortage) {
    // A buffer too small for one of the instructions: a --what-if size, or
    // a microcoded instruction of more issue slots than the ROB, which the
    // simulator keeps there until the instruction retires (wbinvd on Alder
    // Lake, 4,276,519). Not a modelling error; no cycle is simulated.
    const BufferShortage &S = *R.Sim->Shortage;
    std::string Text = S.Index < K.Instrs.size() ? K.Instrs[S.Index].Text : "";
    R.Warnings.push_back(
        "not simulated: the " +
        std::string(R.WhatIf.empty() ? "" : "what-if machine's ") +
        resourceSpec(S.Id).Label + " (size " + fmtCount(Config[S.Id]) +
        ") cannot hold the " + fmtCount(S.Need) + " entries '" + Text +
        "' needs at once, so nothing allocates: the prediction is the "
        "static bound");
    R.Sim.reset();
    return R;
  }
  if (R.Sim->Stalled) {
    // A decoding bug, not a property of the loop: never report the cycle
    // cap as a prediction.
    R.Warnings.push_back(
        "the simulation stalled (nothing retired for " +
        std::to_string(R.Sim->StallLimit) +
        " cycles; an internal modelling error): the prediction is the "
        "static bound");
    R.Sim.reset();
    return R;
  }
  if (R.Sim->IterationsSimulated == 0) {
    // A microcoded instruction longer than the run (wbinvd on Alder Lake:
    // 5.8 M cycles by uops.info) retires nothing before the cycle cap:
    // the cycles simulated are no figure per iteration.
    R.Warnings.push_back(
        "the simulation reached its cap of " + std::to_string(R.Sim->Cycles) +
        " cycles before one iteration retired: the prediction is the static "
        "bound");
    R.Sim.reset();
    return R;
  }
  if (R.Sim->WholeRun)
    // Too few iterations to measure past the warm-up (--iterations below
    // it, or a loop so slow that the run met its cycle cap): the report's
    // figure is then the whole run's, and says nothing else of it.
    R.Warnings.push_back(
        "the simulation ran " + std::to_string(R.Sim->IterationsSimulated) +
        " iteration(s), too few to measure after the pipeline fills (that "
        "takes more than the warm-up and 64 iterations): the figure is the "
        "whole run's, its fill included");
  if (Opts.TripCount) {
    // The same machine, entries of TripCount iterations. No lower bound:
    // a restarting chain may beat the steady state's recurrence bound.
    SimOptions TripOpts = Opts.Sim;
    TripOpts.TripCount = Opts.TripCount;
    TripOpts.LowerBound = 0;
    TripOpts.Trace = false;
    R.TripSim = simulateOnce(Opts.Memo, K, R.Decoded, R.Static.Deps, Config,
                             TripOpts);
    if (R.TripSim->Stalled || !R.TripSim->TripCount)
      R.TripSim.reset(); // the steady-state run says why
    Timer.lap(&PipelineStageTimes::TripCount);
  }
  if (Opts.Sensitivity) {
    // The sweep's baseline is this simulation.
    SensitivityOptions SO = Opts.SensitivityOpts;
    SO.Sim.LowerBound = SimOpts.LowerBound;
    if (SO.Sim.MaxIterations == SimOpts.MaxIterations &&
        SO.Sim.StopAtSteadyState == SimOpts.StopAtSteadyState)
      SO.Baseline = &*R.Sim; // the same run (a trace changes no figure)
    R.Sensitivity = analyzeSensitivity(K, R.Decoded, R.Static, Config, SO);
    if (R.Sensitivity->BudgetExhausted) {
      std::string Budget;
      llvm::raw_string_ostream(Budget)
          << llvm::format("%g", R.Sensitivity->BudgetSeconds);
      const SensitivityReport &S = *R.Sensitivity;
      std::string What =
          S.NotEvaluated ? std::to_string(S.NotEvaluated) + " of " +
                               std::to_string(S.Resources.size()) +
                               " resources not evaluated"
                         : "every resource evaluated, the search for a "
                           "balanced set cut short";
      R.Warnings.push_back(
          "the sensitivity sweep stopped at its time budget of " + Budget +
          " s: " + What +
          " (where the budget cuts depends on the machine's speed and load; "
          "--sensitivity-budget)");
    }
    Timer.lap(&PipelineStageTimes::Sensitivity);
  }
  if (Opts.Memory)
    R.Memory = predictMemory(K, R.Decoded, R.Static.Deps, Config, *R.Sim,
                             Opts.MemoryOpts, Opts.Memo);
  Timer.lap(&PipelineStageTimes::Memory);
  return R;
}

} // namespace luarch
