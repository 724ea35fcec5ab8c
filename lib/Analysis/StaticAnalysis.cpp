//===- StaticAnalysis.cpp - Throughput bounds of a loop body -------------===//
#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Support/Format.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace luarch {

StringRef boundKindName(BoundKind K) {
  switch (K) {
  case BoundKind::Ports: return "ports";
  case BoundKind::Divider: return "divider";
  case BoundKind::Serialising: return "serialising instructions";
  case BoundKind::FrontEnd: return "front end";
  case BoundKind::Retire: return "retire";
  case BoundKind::Dependency: return "loop-carried dependency";
  }
  return "?";
}

/// A rate in a bound's detail: whole ones as integers ("4 per cycle").
static std::string rateText(double Rate) {
  return isWholeRate(Rate) && Rate < 1e15
             ? std::to_string((unsigned long long)Rate)
             : fmt2(Rate);
}

StaticAnalysis analyzeStatically(const Kernel &K, ArrayRef<DecodedInstr> D,
                                 const MachineModel &M, PortAssignment A,
                                 const AddressContext &Ctx,
                                 const MachineRates *Rates) {
  StaticAnalysis R;
  R.Rates = Rates ? *Rates : MachineRates::of(M);
  assert(R.Rates.Issue >= 1 && R.Rates.Retire >= 1 && R.Rates.Delivery >= 1 &&
         R.Rates.DividerSpeed > 0 && "rates as parseWhatIf accepts them");
  R.Ports = computePortPressure(M, D, A);
  // The divider's busy cycles on this machine (a what-if divider speed).
  if (R.Rates.DividerSpeed != 1) {
    for (double &C : R.Ports.DividerPerInstr)
      C /= R.Rates.DividerSpeed;
    R.Ports.DividerTotal /= R.Rates.DividerSpeed;
  }
  R.Deps = analyzeDependencies(K, D, M, Ctx);
  for (size_t I = 0; I < D.size(); ++I) {
    R.IssueSlots += D[I].IssueSlots;
    R.FusedUops += D[I].FusedUops;
    R.UnfusedUops += D[I].numUops();
    if (!D[I].isExact())
      R.Approximate.push_back(I);
  }

  R.Bounds.reserve(6); // one per BoundKind at most: one allocation
  R.Bounds.push_back({BoundKind::Ports, R.Ports.Bound,
                      M.portSetName(R.Ports.BottleneckPorts) + " saturated"});
  if (R.Ports.DividerTotal > 0)
    R.Bounds.push_back({BoundKind::Divider, R.Ports.DividerTotal,
                        "divider busy " + fmt2(R.Ports.DividerTotal) +
                            " cycles"});
  double Serial = 0;
  for (const DecodedInstr &X : D)
    Serial += X.SerialCycles;
  if (Serial > 0)
    R.Bounds.push_back({BoundKind::Serialising, Serial,
                        "locked/microcoded instructions at their measured "
                        "throughput, " + fmt2(Serial) + " cycles"});
  // The front end: issue width, and the delivery of the uops into the uop
  // queue by the same layout and rules as the simulator's front-end stage.
  double W = R.Rates.Issue;
  double FE = double(R.IssueSlots) / W;
  std::string FEDetail = std::to_string(R.IssueSlots) + " issue slots / " +
                         rateText(W) + " per cycle";
  if (M.FrontEnd.IterationBoundaryRule && K.Shape == KernelShape::Loop) {
    // Uops of different iterations never issue in the same cycle: whole
    // cycles per iteration at a whole width; at a fractional one issue
    // carries up to one slot of credit over, and only one cycle per
    // iteration is certain beyond the ratio.
    FE = isWholeRate(W) ? std::ceil(FE - 1e-9)
                        : std::max(FE, R.IssueSlots ? 1.0 : 0.0);
    FEDetail += ", iterations do not share an issue cycle";
  }
  R.FrontEnd = buildFrontEndLayout(K, D, M, K.Alignment);
  FrontEndBound Delivery = frontEndDeliveryBound(R.FrontEnd, M, R.Rates);
  if (Delivery.Cycles > FE + 1e-9) {
    FE = Delivery.Cycles;
    FEDetail = Delivery.Detail;
  }
  R.Bounds.push_back({BoundKind::FrontEnd, FE, FEDetail});
  double RW = R.Rates.Retire;
  R.Bounds.push_back({BoundKind::Retire, double(R.FusedUops) / RW,
                      std::to_string(R.FusedUops) + " uops / " +
                          rateText(RW) + " per cycle"});
  if (R.Deps.RecurrenceBound > 0) {
    const Recurrence &Rec = R.Deps.Recurrences.front();
    std::string Via;
    for (const std::string &C : Rec.Carried)
      Via += (Via.empty() ? "" : " -> ") + C;
    R.Bounds.push_back({BoundKind::Dependency, R.Deps.RecurrenceBound,
                        std::to_string(Rec.Instrs.size()) +
                            (Rec.Instrs.size() == 1 ? " instruction, "
                                                    : " instructions, ") +
                            fmt2(Rec.Latency) + " cycles per " +
                            (Rec.Distance == 1
                                 ? std::string("iteration")
                                 : std::to_string(Rec.Distance) +
                                       " iterations") +
                            " through " + Via});
  }
  // Largest first, in a stable insertion sort (at most six bounds;
  // std::stable_sort takes a heap buffer).
  for (size_t I = 1; I < R.Bounds.size(); ++I)
    for (size_t J = I; J > 0 && R.Bounds[J].Cycles > R.Bounds[J - 1].Cycles;
         --J)
      std::swap(R.Bounds[J], R.Bounds[J - 1]);
  R.Throughput = R.Bounds.front().Cycles;
  for (const ThroughputBound &B : R.Bounds)
    if (B.Cycles >= R.Throughput * 0.995 && B.Cycles > 0)
      R.Limiters.push_back(B.Kind);
  return R;
}

} // namespace luarch
