//===- StaticAnalysis.h - Throughput bounds of a loop body -----*- C++ -*-===//
//
// The static bounds on cycles per iteration: execution ports (optimal
// assignment), the non-pipelined divider, the front end (issue width with
// fusion and unlamination), retirement, and loop-carried dependencies. The
// predicted throughput is their maximum; the limiting bounds are named.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_ANALYSIS_STATICANALYSIS_H
#define LUARCH_ANALYSIS_STATICANALYSIS_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Analysis/PortPressure.h"
#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/FrontEndLayout.h"
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

StaticAnalysis analyzeStatically(const Kernel &K,
                                 llvm::ArrayRef<DecodedInstr> D,
                                 const MachineModel &M,
                                 PortAssignment A = PortAssignment::Optimal,
                                 const AddressContext &Ctx = {});

} // namespace luarch

#endif
