//===- StaticAnalysis.h - Throughput bounds of a loop body -----*- C++ -*-===//
//
// The static bounds on cycles per iteration: execution ports (optimal
// assignment), the non-pipelined divider, the front end (issue width with
// fusion and unlamination), retirement, and loop-carried dependencies. The
// predicted throughput is their maximum; the limiting bounds are named.
// Widths and the divider's speed come from MachineRates: the described
// machine's, or under `--what-if` the changed machine's, so that the
// bounds stay lower bounds of what is simulated.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_ANALYSIS_STATICANALYSIS_H
#define LUARCH_ANALYSIS_STATICANALYSIS_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Analysis/PortPressure.h"
#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/FrontEndLayout.h"
#include "luarch/Model/MachineRates.h"
#include <string>
#include <vector>

namespace luarch {

enum class BoundKind { Ports, Divider, Serialising, FrontEnd, Retire, Dependency };
llvm::StringRef boundKindName(BoundKind K);

struct ThroughputBound {
  BoundKind Kind;
  double Cycles = 0;   ///< cycles per kernel iteration
  std::string Detail;  ///< "p0+p1 saturated", "12 uops / 4 per cycle"
};

struct StaticAnalysis {
  /// The widths and divider speed the bounds were computed for.
  MachineRates Rates;
  /// Port pressure; the divider's cycles at Rates.DividerSpeed.
  PortPressure Ports;
  DependencyAnalysis Deps;
  /// How the front end delivers the kernel (source, uop-cache windows).
  FrontEndLayout FrontEnd;
  unsigned IssueSlots = 0;  ///< fused-domain slots after fusion rules
  unsigned FusedUops = 0;   ///< retire slots
  unsigned UnfusedUops = 0; ///< executed uops
  /// Every bound, largest first.
  std::vector<ThroughputBound> Bounds;
  /// max of the bounds, and the bounds within 0.5% of it.
  double Throughput = 0;
  std::vector<BoundKind> Limiters;
  /// Instructions not modelled exactly (fallback or unsupported).
  std::vector<unsigned> Approximate;
};

/// \p Rates: a changed machine's widths and divider speed (SimConfig::
/// rates() of a what-if configuration); null: the described machine's.
StaticAnalysis analyzeStatically(const Kernel &K,
                                 llvm::ArrayRef<DecodedInstr> D,
                                 const MachineModel &M,
                                 PortAssignment A = PortAssignment::Optimal,
                                 const AddressContext &Ctx = {},
                                 const MachineRates *Rates = nullptr);

} // namespace luarch

#endif
