//===- PortStatistics.cpp - Uops per port and divider use per iteration ---===//
#include "Views.h"

namespace luarch {
namespace sim {

void PortStatistics::finish(const MeasuredWindow &W, SimResult &R) const {
  double Iters = W.iterations();
  const std::vector<double> &A = PortsAtIter[W.First], &B = PortsAtIter[W.Last];
  R.PortUopsPerIteration.assign(A.size(), 0);
  for (size_t P = 0; P < A.size(); ++P)
    R.PortUopsPerIteration[P] = (B[P] - A[P]) / Iters;
  R.DividerBusyPerIteration =
      (DividerAtIter[W.Last] - DividerAtIter[W.First]) / Iters;
}

} // namespace sim
} // namespace luarch
