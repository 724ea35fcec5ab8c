//===- CycleAccounting.cpp - Where the cycles go --------------------------===//
//
// Every simulated cycle of the measured window gets exactly one cause in
// each of two views, so each view sums to the cycles per iteration: the
// retirement view (what the oldest unfinished instruction waits for) and
// the allocation view (why the issue stage stopped).
//
//===----------------------------------------------------------------------===//
#include "Views.h"

namespace luarch {
namespace sim {

void CycleAccounting::finish(const MeasuredWindow &W, SimResult &R) const {
  double Iters = W.iterations();
  R.StallsPerInstr.assign(NumInstrs, {});
  for (long Cy = W.FirstCycle + 1; Cy <= W.LastCycle && Cy < long(Log.size());
       ++Cy) {
    const Entry &E = Log[Cy];
    R.Stalls[E.Stall] += 1.0 / Iters;
    R.Allocation[E.Alloc] += 1.0 / Iters;
    if (E.Instr < NumInstrs)
      R.StallsPerInstr[E.Instr][E.Stall] += 1.0 / Iters;
  }
}

} // namespace sim
} // namespace luarch
