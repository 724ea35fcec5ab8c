//===- FrontEndStage.cpp - Delivery into the uop queue -------------------===//
//
// Uop-cache / loop-stream-detector delivery: up to the front-end width of
// issue slots per cycle into the uop queue. Without an LSD the uop cache
// stops at the taken loop branch: the next iteration starts in the next
// cycle.
//
//===----------------------------------------------------------------------===//
#include "Stages.h"

#include <cmath>

namespace luarch {
namespace sim {

FrontEndStage::FrontEndStage(Core &C)
    : C(C), QueueCapacity(std::max(C.Config[ResourceId::UopQueue],
                                   std::ceil(2 * C.Config[ResourceId::IssueWidth]))),
      StopAtBranch(C.Body.Shape == KernelShape::Loop && !C.Config.UseLSD &&
                   C.Body.EndsWithBranch) {}

void FrontEndStage::cycle() {
  Credit = std::min(Credit, 1.0 - Eps) + C.Config[ResourceId::FrontEndWidth];
  while (NextIter < C.MaxIter && double(C.Queue.size()) < QueueCapacity) {
    const SInstr &SI = C.Body[NextIndex];
    if (SI.Slots.empty()) {
      C.Queue.push_back({NextIter, NextIndex, -1});
    } else {
      if (Credit < 1.0 - Eps)
        break;
      C.Queue.push_back({NextIter, NextIndex, NextSlot});
      Credit -= 1;
      if (++NextSlot < int(SI.Slots.size()))
        continue;
    }
    NextSlot = 0;
    if (++NextIndex == C.N) {
      NextIndex = 0;
      ++NextIter;
      if (StopAtBranch)
        break;
    }
  }
}

} // namespace sim
} // namespace luarch
