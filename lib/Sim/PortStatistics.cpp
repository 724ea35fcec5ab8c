//===- PortStatistics.cpp - Uops per port and divider use per iteration ---===//
#include "Views.h"

namespace luarch {
namespace sim {

void PortStatistics::finish(const MeasuredWindow &W, SimResult &R) const {
  double Iters = W.iterations();
  // Entry 0 is cycle 0; entry i + 1 follows retired iteration i.
  size_t First = W.FromStart ? 0 : W.First + 1, Last = W.Last + 1;
  const double *A = PortsAtIter.data() + First * NumPorts,
               *B = PortsAtIter.data() + Last * NumPorts;
  R.PortUopsPerIteration.assign(NumPorts, 0);
  for (size_t P = 0; P < NumPorts; ++P)
    R.PortUopsPerIteration[P] = (B[P] - A[P]) / Iters;
  R.DividerBusyPerIteration =
      (DividerAtIter[Last] - DividerAtIter[First]) / Iters;
}

} // namespace sim
} // namespace luarch
