//===- RetireStage.cpp - In-order retirement -----------------------------===//
#include "Stages.h"

#include <cmath>

namespace luarch {
namespace sim {

RetireStage::RetireStage(Core &C)
    : C(C), Width(C.Config[ResourceId::RetireWidth]),
      WholeWidth(std::floor(Width + Eps)) {}

bool RetireStage::cycle() {
  Credit = std::min(Credit, 1.0 - Eps) + Width;
  RetiredThisCycle = 0;
  FirstRetired = -1;
  CreditBound = false;
  bool Any = false;
  while (!C.ROB.empty()) {
    InFlightInstr &H = C.ROB.front();
    if (!H.FullyIssued)
      break;
    C.finishIfDone(H);
    if (H.DoneTime == Unknown || H.DoneTime > C.now() + Eps)
      break;
    unsigned Slots = C.Body[H.Index].RetireSlots;
    // Wider-than-width instructions retire over several cycles' credit.
    double Need = std::min<double>(Slots, WholeWidth);
    if (Slots && Credit + Eps < Need) {
      CreditBound = true;
      break;
    }
    Credit -= Slots;
    RetiredThisCycle += Slots;
    if (FirstRetired < 0)
      FirstRetired = H.Index;
    // (Giving back no entries would change nothing: counts are never -0.0.)
    const Core::HeldEntries &Held = C.HeldAtRetire[H.Index];
    for (unsigned B = 0; B < Held.Num; ++B)
      C.Buffers.release(Held.Id[B], Held.N[B]);
    // Resolve a pass-through value before it leaves (valueTime(H.Seq)
    // without looking H up: only this case changes anything).
    if (H.ResultTime == Unknown && H.Renamed && C.passesThrough(H))
      C.inFlightValueTime(H, nullptr);
    if (C.Body[H.Index].KeepsStoreDataTime)
      for (unsigned U = 0; U < H.NumUops; ++U) {
        UopId Id = H.uop(U);
        const SUop &D = C.ROB.Uops.desc(Id);
        if (D.Kind == UopKind::StoreData || D.Kind == UopKind::StoreAddress)
          StoreDataAt =
              std::max(StoreDataAt, C.ROB.Uops.stamp(Id) - D.Latency);
      }
    C.Rename.recordRetired(H.Seq, H.ResultTime, C.Cycle, StoreDataAt);
    if (LLVM_UNLIKELY(C.Body[H.Index].FlagsAtDone))
      C.Rename.recordFlagsTime(H.Seq, H.DoneTime);
    C.Sched.wake(H); // loads blocked on this store may go now
    if (C.Events.wantsInstructionEvents()) {
      InstrEvent E{H.Iter, H.Index, C.Cycle,
                   long(std::ceil(H.DoneTime - Eps))};
      C.Events.emitInstr([&](SimListener &V) { V.onInstrRetired(E); });
    }
    bool LastOfIter = H.Index + 1 == C.N;
    unsigned Iter = H.Iter;
    C.ROB.retireFront();
    Any = true;
    if (LastOfIter) {
      ExecutionCounters Counters = C.Exec.counters();
      Counters.Fill.InFlight = C.ROB.size();
      Counters.Fill.Scheduled = size_t(C.Buffers.used(ResourceId::Scheduler));
      Counters.Fill.Queued = C.Queue.size();
      C.Events.emitIteration([&](SimListener &V) {
        V.onIterationRetired(Iter, C.Cycle, Counters);
      });
    }
  }
  Idle = !Any && !CreditBound;
  return Any;
}

void RetireStage::skipCycle() {
  assert(Idle && "skips only cycles in which nothing can retire");
  Credit = std::min(Credit, 1.0 - Eps) + Width;
}

StallCause RetireStage::headCause(unsigned &Instr) {
  if (RetiredThisCycle + Eps >= WholeWidth &&
      RetiredThisCycle > 0) {
    Instr = FirstRetired;
    return StallCause::Retiring;
  }
  // The oldest unfinished instruction decides.
  InFlightInstr *H = nullptr;
  for (size_t I = 0; I < C.ROB.size(); ++I) {
    InFlightInstr &X = C.ROB[I];
    C.finishIfDone(X);
    if (X.DoneTime == Unknown || X.DoneTime > C.now() + Eps) {
      H = &X;
      break;
    }
  }
  if (!H) {
    Instr = C.Queue.empty() ? 0 : C.Queue.front().Index;
    return StallCause::FrontEnd;
  }
  Instr = H->Index;
  if (!H->FullyIssued || H->LastIssueCycle >= C.Cycle)
    return StallCause::FrontEnd; // it only just arrived
  for (unsigned U = 0; U < H->NumUops; ++U) {
    UopId Id = H->uop(U);
    if (C.ROB.Uops.flags(Id).State == UopState::Dispatched)
      continue;
    if (C.uopReadyTime(*H, Id) > C.now() + Eps)
      return StallCause::Dependency;
    const SUop &V = C.ROB.Uops.desc(Id);
    if (V.DivCycles > 0 && C.Exec.dividerBusy(C.now()))
      return StallCause::DividerBusy;
    if (V.SerialCycles > 0 && C.Exec.serialBusy(C.now()))
      return StallCause::SerialBusy;
    return StallCause::PortContention;
  }
  return StallCause::Executing;
}

} // namespace sim
} // namespace luarch
