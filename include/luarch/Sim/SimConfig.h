//===- SimConfig.h - The simulated machine, as scalable numbers -*- C++ -*-===//
//
// What the UFS simulator needs from a MachineModel, with every throughput
// as a real number: per-cycle capacities are spent as credits, so a port
// accelerated by 1.15 dispatches 115 uops per 100 saturated cycles, and a
// latency scaled by 1.15 accumulates exactly along a chain. Sensitivity
// sweeps build scaled copies of a SimConfig; nothing else changes.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_SIMCONFIG_H
#define LUARCH_SIM_SIMCONFIG_H

#include "luarch/Model/MachineModel.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace luarch {

/// How a uop with several eligible ports gets its port at issue.
enum class PortBinding {
  /// The eligible port with the fewest uops bound to it and still waiting
  /// in the scheduler, counting uops issued earlier in the same cycle (UFS,
  /// Palomares thesis §7.4.4.2; Intel patent US 5,689,674). Ties: lowest
  /// port number.
  LeastLoadedInRS,
  /// Same, counting uops bound and not yet completed.
  LeastLoadedInFlight,
  /// Evenly rotating among eligible ports (an idealised baseline).
  RoundRobin,
};

/// Latency classes that sensitivity sweeps scale independently.
enum class LatencyClass : uint8_t {
  Load,    ///< load-to-use and store forwarding
  IntALU,  ///< integer compute
  FPVec,   ///< FP / vector compute
  Divider, ///< divide / square root
  NumClasses
};

struct SimConfig {
  const MachineModel *Model = nullptr;

  // Per-cycle capacities (credits).
  double IssueWidth = 4;
  double RetireWidth = 4;
  double FrontEndWidth = 6;  ///< uops delivered into the uop queue per cycle
  std::vector<double> PortCapacity; ///< uops per cycle, per port
  double DividerSpeed = 1;   ///< divider occupancy is divided by this

  // Buffer sizes (entries).
  double ROBSize = 224, RSSize = 97, LoadBufferSize = 72,
         StoreBufferSize = 56, IntPRFSize = 180, VecPRFSize = 168;
  unsigned UopQueueSize = 64;

  /// Multipliers of uop latencies, per class, and per kernel instruction
  /// (index; empty = all 1).
  double LatencyScale[unsigned(LatencyClass::NumClasses)] = {1, 1, 1, 1};
  std::vector<double> InstrLatencyScale;

  // Behaviour switches.
  PortBinding Binding = PortBinding::LeastLoadedInRS;
  bool IterationBoundaryRule = false;
  bool ROBMicroFusion = true;
  bool UseLSD = false;

  /// The configuration of a MachineModel as described.
  static SimConfig fromModel(const MachineModel &M);
};

/// What-if changes to the simulated machine ("--what-if=rs=1000,rob=1000"),
/// as in Palomares' large-buffer experiments: which cycles are due to the
/// finite buffers, which to ports and latencies.
struct WhatIf {
  std::vector<std::pair<std::string, double>> Changes;
  /// "binding=least-loaded-in-rs|least-loaded-in-flight|round-robin".
  bool ChangesBinding = false;
  PortBinding Binding = PortBinding::LeastLoadedInRS;
  bool empty() const { return Changes.empty() && !ChangesBinding; }
  /// "rs=1000, rob=1000" (the canonical spelling of the changes).
  std::string str() const;
};

/// Parses a comma-separated list of NAME=VALUE; VALUE is a positive number
/// or "unlimited". Names: rob, rs, lb, sb, int-prf, vec-prf, buffers (all
/// six), issue-width, retire-width, frontend-width; and binding=POLICY.
llvm::Expected<WhatIf> parseWhatIf(llvm::StringRef Spec);

/// Applies \p W to \p C (the names were checked by parseWhatIf).
void applyWhatIf(SimConfig &C, const WhatIf &W);

} // namespace luarch

#endif
