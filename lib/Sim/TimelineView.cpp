//===- TimelineView.cpp - Per-uop events of the first iterations ----------===//
#include "Views.h"

#include <algorithm>

namespace luarch {
namespace sim {

TimelineView::TimelineView(unsigned Iterations, size_t NumInstrs)
    : Iterations(Iterations), Wanted(Iterations > 0),
      Rows(Iterations, std::vector<SimResult::InstrTimes>(NumInstrs)) {}

void TimelineView::onInstrIssued(const InstrEvent &E) {
  if (E.Iteration < Iterations)
    Rows[E.Iteration][E.Instr].Issued = E.Cycle;
}

void TimelineView::onUopDispatched(const UopEvent &E) {
  if (E.Iteration >= Iterations)
    return;
  Events.push_back(E);
  SimResult::InstrTimes &T = Rows[E.Iteration][E.Instr];
  if (T.Dispatched < 0 || E.Dispatched < T.Dispatched)
    T.Dispatched = E.Dispatched;
  T.Completed = std::max(T.Completed, E.Completed);
}

void TimelineView::onInstrRetired(const InstrEvent &E) {
  if (E.Iteration >= Iterations)
    return;
  SimResult::InstrTimes &T = Rows[E.Iteration][E.Instr];
  T.Retired = E.Cycle;
  if (T.Completed < 0)
    T.Completed = E.Completed;
}

void TimelineView::finish(SimResult &R) {
  // Uop events are recorded at dispatch; retirement is per instruction.
  for (UopEvent &E : Events)
    E.Retired = Rows[E.Iteration][E.Instr].Retired;
  R.Events = std::move(Events);
  R.Timeline = std::move(Rows);
}

} // namespace sim
} // namespace luarch
