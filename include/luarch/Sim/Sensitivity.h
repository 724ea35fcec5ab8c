//===- Sensitivity.h - Gus-style bottleneck detection ----------*- C++ -*-===//
//
// A resource is a bottleneck when making it faster makes the loop faster
// (Gus: Pompougnac et al., "Performance bottlenecks detection through
// microarchitectural sensitivity", 2024). We re-simulate the loop with one
// resource scaled (every port group the loop uses, every row of the
// resource table the loop can feel — divider, issue and retire width, ROB,
// RS, load/store buffers, register files —, load-to-use latency, the
// latency of each instruction class in the loop, and all latencies
// together) and report
//     s = T(base) / T(scaled) - 1
// for an acceleration factor (default 1.15), for "unlimited", and for a
// slowdown (1/factor, negative s = the resource has no slack). Sets of
// saturated resources are scaled together to reveal balanced loops.
//
// The sweep's cost is bounded (docs/simulator.md, "The sweep's cost"):
// families of resources (port groups, buffers, latency classes) are first
// scaled together, and a family that changes nothing in any direction is
// not split further (its members are "skipped": not binding in the
// baseline); kernels too large for the steady-state detector's shortest
// run are simulated for a fixed, short number of iterations; and a time
// budget stops the sweep, leaving the remaining rows "not evaluated".
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_SENSITIVITY_H
#define LUARCH_SIM_SENSITIVITY_H

#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Sim/Simulator.h"
#include <string>
#include <vector>

namespace luarch {

enum class ResourceKind {
  PortGroup,
  /// A row of the resource table (Resources.h): a buffer, width or speed.
  Machine,
  LoadLatency,
  InstrLatency, ///< the latency of one instruction class (mnemonic)
  AllLatencies,
};

struct Resource {
  ResourceKind Kind = ResourceKind::PortGroup;
  PortMask Ports = 0;          ///< PortGroup
  std::vector<unsigned> Instrs;///< InstrLatency: the instructions scaled
  std::string Name;            ///< "p23", "RS", "latency(vaddsd)"
  ResourceId Id = ResourceId::NumResources; ///< Machine
  bool isLatency() const {
    return Kind == ResourceKind::AllLatencies ||
           Kind == ResourceKind::InstrLatency ||
           Kind == ResourceKind::LoadLatency;
  }
};

/// Returns a copy of \p Base with \p R accelerated by \p Factor (> 1 faster,
/// < 1 slower; infinity = unlimited).
SimConfig scaleResource(const SimConfig &Base, const Resource &R,
                        double Factor);

struct ResourceSensitivity {
  Resource R;
  double Accelerated = 0; ///< s at the factor
  double Unlimited = 0;   ///< s with the resource unlimited
  double Slowed = 0;      ///< s at 1/factor (<= 0)
  /// Instructions that load the resource (uops on the ports, latency on
  /// the class...).
  std::vector<unsigned> Instrs;
  /// "bottleneck" (faster at the factor helps), "step" (only an unlimited
  /// resource helps), "saturated" (no gain if faster, loss if slower),
  /// "slack", or "subsumed" (a port group whose gain is that of a smaller
  /// group inside it, named by SubsumedBy). Rows without figures:
  /// "skipped" (scaled together with others, it changed nothing: not
  /// binding in the baseline) and "not evaluated" (the time budget ran out).
  std::string Role;
  std::string SubsumedBy;
  /// Whether the figures above were simulated for this resource alone.
  bool evaluated() const {
    return Role != RoleSkipped && Role != RoleNotEvaluated;
  }
  static constexpr const char *RoleSkipped = "skipped";
  static constexpr const char *RoleNotEvaluated = "not evaluated";
};

struct SensitivityOptions {
  double Factor = 1.15;
  /// s below this is not a bottleneck (Gus: > 0 or an ad-hoc threshold).
  double Threshold = 0.01;
  bool Unlimited = true;
  bool Slowdown = true;
  bool Sets = true;
  /// Simulation options for every run (iteration cap...).
  SimOptions Sim;
  /// The baseline: the simulation of the described machine with Sim, when
  /// the caller has already run it (saves one simulation).
  const SimResult *Baseline = nullptr;
  /// Scale families of resources together first and skip the members of a
  /// family that changes nothing (false: every resource on its own).
  bool Screen = true;
  /// Dynamic instructions a scaled simulation should need at most: a
  /// kernel so large that the steady-state detector's shortest run exceeds
  /// this is simulated for a fixed number of iterations instead (at least
  /// FixedRunMeasured measured after a warm-up; 0 = never).
  unsigned long RunInstructions = 50000;
  /// CPU seconds for the whole sweep (< 0: no limit). When they run out,
  /// the remaining resources are "not evaluated".
  double BudgetSeconds = 5;
};

struct SensitivityReport {
  double Factor = 1.15;
  double BaseCycles = 0;
  /// Every resource, strongest acceleration first.
  std::vector<ResourceSensitivity> Resources;
  /// The saturated resources scaled together, and the smallest subset that
  /// keeps the gain (empty when a single resource already explains it).
  std::vector<std::string> Set;
  double SetAccelerated = 0;
  /// The actionable summary: one line per bottleneck, strongest first.
  std::vector<std::string> Verdict;
  unsigned Simulations = 0;
  double Seconds = 0;
  /// Rows "skipped" (not binding) and "not evaluated" (time budget).
  unsigned Skipped = 0, NotEvaluated = 0;
  /// The budget in force (< 0: none), and whether it cut the sweep.
  double BudgetSeconds = -1;
  bool BudgetExhausted = false;
  /// The budget ran out while looking for a balanced set (none reported).
  bool SetSearchCut = false;
  /// Fixed-length runs (large kernels): iterations per run, of which the
  /// first FixedWarmup are not measured; 0 = every run to its steady state.
  unsigned FixedIterations = 0, FixedWarmup = 0;
};

/// The resources worth scaling for this loop.
std::vector<Resource> loopResources(const Kernel &K,
                                    llvm::ArrayRef<DecodedInstr> D,
                                    const SimConfig &Base);

SensitivityReport analyzeSensitivity(const Kernel &K,
                                     llvm::ArrayRef<DecodedInstr> D,
                                     const StaticAnalysis &Static,
                                     const SimConfig &Base,
                                     const SensitivityOptions &Opts = {});

} // namespace luarch

#endif
