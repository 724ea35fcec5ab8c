//===- SimConfig.h - The simulated machine, as scalable numbers -*- C++ -*-===//
//
// What the UFS simulator needs from a MachineModel, with every throughput
// as a real number: per-cycle capacities are spent as credits, so a port
// accelerated by 1.15 dispatches 115 uops per 100 saturated cycles, and a
// latency scaled by 1.15 accumulates exactly along a chain. Buffers and
// widths are stored by ResourceId (Resources.h, the one table); sensitivity
// sweeps and `--what-if` build changed copies of a SimConfig.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_SIMCONFIG_H
#define LUARCH_SIM_SIMCONFIG_H

#include "luarch/Model/MachineModel.h"
#include "luarch/Sim/Resources.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <array>
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
  /// PortBindingRule::IssueSnapshotAlternating (Intel, [uiCA §4.3]).
  IssueSnapshot,
};

/// Latency classes that sensitivity sweeps scale independently.
enum class LatencyClass : uint8_t {
  Load,    ///< load-to-use and store forwarding
  IntALU,  ///< integer compute
  FPVec,   ///< FP / vector compute
  Divider, ///< divide / square root
  NumClasses
};

/// Large enough that no loop ever fills it, small enough to stay exact.
constexpr double UnlimitedResource = 1e9;
/// The slowest speed factor --what-if accepts (a divider 1,000 times
/// slower than described).
constexpr double MinSpeed = 0.001;

struct SimConfig {
  const MachineModel *Model = nullptr;

  /// Buffer sizes, widths and speeds by ResourceId. The defaults are a
  /// Skylake-sized core, for hand-built test machines.
  std::array<double, NumResources> Values = defaultValues();
  double &operator[](ResourceId Id) { return Values[unsigned(Id)]; }
  double operator[](ResourceId Id) const { return Values[unsigned(Id)]; }

  /// Uops per cycle, per port.
  std::vector<double> PortCapacity;

  /// Multipliers of uop latencies, per class, and per kernel instruction
  /// (index; empty = all 1).
  double LatencyScale[unsigned(LatencyClass::NumClasses)] = {1, 1, 1, 1};
  std::vector<double> InstrLatencyScale;

  // Behaviour switches (rules of the machine description).
  PortBinding Binding = PortBinding::LeastLoadedInRS;
  bool IterationBoundaryRule = false;
  bool ROBMicroFusion = true;
  bool UseLSD = false;
  bool LoadPortsShareReadyUops = false;
  bool ALUQueuesInTurn = false; ///< BackEndDesc::ALUQueuesInTurn
  /// Allocation waits for room for this many uops (the described issue
  /// group; at most the buffer's size) in the ROB and the scheduler
  /// (BackEndDesc::AllocatesWholeIssueGroups); 0: allocates what fits.
  unsigned AllocationGroup = 0;
  /// Cycles from issue to the earliest dispatch.
  unsigned IssueToDispatch = 1;

  /// Some capacity or latency is scaled away from whole numbers (exact
  /// periods of the retirement rhythm can then be long).
  bool isFractional() const;

  /// The widths and divider speed of this machine, for the static bounds
  /// (the resource table's BoundRate rows): the described machine's
  /// MachineRates::of after fromModel, the changed ones after a what-if.
  MachineRates rates() const;

  /// The configuration of a MachineModel as described.
  static SimConfig fromModel(const MachineModel &M);
  static std::array<double, NumResources> defaultValues();
};

/// What-if changes to the simulated machine ("--what-if=rs=1000,rob=1000"),
/// as in Palomares' large-buffer experiments: which cycles are due to the
/// finite buffers, which to ports and latencies.
struct WhatIf {
  /// (what-if name, value); "buffers" stands for every buffer of the group.
  std::vector<std::pair<std::string, double>> Changes;
  /// "binding=least-loaded-in-rs|least-loaded-in-flight|round-robin|
  /// issue-snapshot".
  bool ChangesBinding = false;
  PortBinding Binding = PortBinding::LeastLoadedInRS;
  bool empty() const { return Changes.empty() && !ChangesBinding; }
  /// "rs=1000, rob=1000" (the canonical spelling of the changes).
  std::string str() const;
};

/// Parses a comma-separated list of NAME=VALUE. NAME is a `--what-if` name
/// of the resource table, "buffers" (every buffer of the group) or
/// "binding"; VALUE is "unlimited" or a finite number: a whole number of
/// entries >= 1 for buffers, >= 1 for widths, > 0 for speeds.
llvm::Expected<WhatIf> parseWhatIf(llvm::StringRef Spec);

/// Applies \p W to \p C (the names were checked by parseWhatIf).
void applyWhatIf(SimConfig &C, const WhatIf &W);

/// The `--what-if` names, for help texts ("rob, rs, ...").
std::string whatIfNames();

} // namespace luarch

#endif
