//===- ExecuteStage.cpp - Dispatch to ports and execution ----------------===//
//
// Per port, the oldest bound uop whose operands are ready, whose port is
// free and, for divides, whose divider is free starts (oldest-ready-first,
// the pseudo-FIFO of Palomares' thesis §7.2.3.2). A uop issued in cycle c
// dispatches at c+1 at the earliest; dispatched at c with latency L, its
// results are available at c+L.
//
//===----------------------------------------------------------------------===//
#include "Stages.h"

#include <cmath>

namespace luarch {
namespace sim {

void ExecuteStage::cycle() {
  // Uops woken by a dispatch may be ready in the same cycle (a load
  // forwarded from a store, zero-latency scaled chains): schedule them and
  // give the ports another pass while that happens.
  for (unsigned Pass = 0; Pass < 4; ++Pass) {
    bool Any = false;
    for (unsigned P = 0; P < C.Exec.numPorts(); ++P) {
      Any |= dispatchPort(P);
      C.Sched.scheduleWoken();
    }
    if (!Any)
      break;
  }
  // In-flight counts (for the in-flight binding policy) drop at completion.
  C.Sched.recountInFlight();
}

bool ExecuteStage::dispatchPort(unsigned P) {
  const double Now = C.now();
  bool Dispatched = false;
  std::vector<UopRef> &List = C.Sched.readyList(P, Now);
  for (size_t I = 0; I < List.size();) {
    auto [Seq, U] = List[I];
    InFlightInstr *X = C.ROB.find(Seq);
    assert(X && "uops leave the scheduler before their instruction retires");
    if (!X) {
      List.erase(List.begin() + I);
      continue;
    }
    double Ready = C.uopReadyTime(*X, U);
    const SUop &SU = C.Body[X->Index].Uops[U];
    if (Ready > Now + Eps) {
      ++I; // not ready (its readiness is cached for later cycles)
      continue;
    }
    double Start = SU.Renamed ? Ready : std::max(Ready, C.Exec.portFreeAt(P));
    if (Start > Now + Eps) {
      ++I; // the port is busy this cycle
      continue;
    }
    if ((SU.DivCycles > 0 && C.Exec.dividerBusy(Now)) ||
        (SU.SerialCycles > 0 && C.Exec.serialBusy(Now)) ||
        !C.Sched.firstForSharedUnits(*X, U)) {
      ++I;
      continue;
    }
    if (SU.DivCycles > 0)
      Start = std::max(Start, C.Exec.dividerFreeAt());
    if (SU.SerialCycles > 0)
      Start = std::max(Start, C.Exec.serialFreeAt());
    InFlightUop &DU = X->Uops[U];
    DU.State = UopState::Dispatched;
    DU.DispatchCycle = C.Cycle;
    DU.Stamp = Start + SU.Latency;
    C.Exec.start(P, Start, SU.DivCycles, SU.SerialCycles);
    Dispatched = true;
    ++X->UopsDispatched;
    C.Sched.dispatched(P, *X, U);
    C.Buffers.release(ResourceId::Scheduler, 1);
    C.finishIfDone(*X);
    C.Sched.wake(*X);
    if (C.Events.wantsInstructionEvents()) {
      UopEvent E;
      E.Iteration = X->Iter;
      E.Instr = X->Index;
      E.Uop = SU.Decoded;
      E.Issued = DU.IssueCycle;
      E.Dispatched = C.Cycle;
      E.Completed = long(std::ceil(DU.Stamp - Eps));
      E.Port = P;
      C.Events.emit([&](SimListener &V) { V.onUopDispatched(E); });
    }
    List.erase(List.begin() + I);
  }
  return Dispatched;
}

} // namespace sim
} // namespace luarch
