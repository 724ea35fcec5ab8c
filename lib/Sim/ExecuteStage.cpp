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

#include "llvm/ADT/bit.h"

#include <cmath>

namespace luarch {
namespace sim {

ExecuteStage::ExecuteStage(Core &C)
    : C(C), SharingPorts(sharingPorts(C.Config)),
      FirstPorts(C.Config.Model ? C.Config.Model->StoreDataPorts : 0) {}

PortMask ExecuteStage::sharingPorts(const SimConfig &Config) {
  if (!Config.Model)
    return 0;
  PortMask M = 0;
  if (Config.LoadPortsShareReadyUops)
    M |= Config.Model->LoadPorts;
  return M;
}

void ExecuteStage::cycle() {
  const double Now = C.now();
  C.Sched.beginDispatchCycle(Now);
  // Uops woken by a dispatch may be ready in the same cycle (a load
  // forwarded from a store, zero-latency scaled chains): schedule them and
  // give the ports another pass while that happens.
  // Ports are visited in increasing order; after port 0 (before which
  // uops woken by retirement are not scheduled yet) only those that may
  // dispatch: those with ready uops, and the sharing ports while one
  // of them has some (mayDispatch is false for every other port, and
  // woken uops are scheduled after every port that dispatched).
  Idle = true;
  const unsigned NP = C.Exec.numPorts();
  for (unsigned Pass = 0; Pass < 4; ++Pass) {
    bool Any = false;
    uint64_t Inserted = C.Sched.readyInsertions();
    Unsettled = false;
    // Store-data ports first: a load forwarded from a store whose data
    // starts now is ready now, and must meet the uops of its load port in
    // age order, not after the lower-numbered ports have dispatched.
    for (uint64_t M = FirstPorts; M; M &= M - 1) {
      unsigned P = unsigned(llvm::countr_zero(M));
      if (mayDispatch(P, Now))
        Any |= dispatchPort(P);
      C.Sched.scheduleWoken();
    }
    for (unsigned P = 0; P < NP;) {
      if (mayDispatch(P, Now))
        Any |= dispatchPort(P);
      C.Sched.scheduleWoken();
      uint64_t Candidates = C.Sched.readyPorts();
      if (Candidates & SharingPorts)
        Candidates |= SharingPorts;
      Candidates &= ~((uint64_t(2) << P) - 1); // the ports after P
      P = Candidates ? unsigned(llvm::countr_zero(Candidates)) : NP;
    }
    if (!Any)
      break;
    Idle = false;
    // Another pass dispatches only a uop that joined a ready list during
    // this one, unless this one dispatched on a shared unit, from another
    // port's list, or left a port free after a dispatch (Unsettled; a
    // port whose capacity a sweep scaled up, or a uop that started in the
    // past): every other uop it finds as this pass left it, its port no
    // freer (a port only gets busier within a cycle), the divider and the
    // serialising path as they were, an older uop that kept it from one
    // still ready, and no renamed load left (a port scans every one in its
    // list). A port that dispatched stops there: one still free borrows
    // another load port's uops only in the next pass.
    if (!Unsettled && C.Sched.readyInsertions() == Inserted)
      break;
  }
  // In-flight counts (for the in-flight binding policy) drop at completion.
  C.Sched.recountInFlight();
}

bool ExecuteStage::mayDispatch(unsigned P, double Now) const {
  // Only ready lists feed the ports (every pending uop whose time has come
  // is in one since beginDispatchCycle, and uops woken during the cycle go
  // straight to a ready list or to a later time).
  bool Own = C.Sched.hasReady(P);
  if (Own) {
    // A busy port takes only renamed loads; its own ready uops keep it
    // from borrowing another sharing port's.
    return C.Sched.renamedReady(P) > 0 || C.Exec.portFreeAt(P) <= Now + Eps;
  }
  if (!(SharingPorts & (PortMask(1) << P)))
    return false;
  // Another port of the sharing set has ready uops.
  return (C.Sched.readyPorts() & SharingPorts & ~(uint64_t(1) << P)) != 0;
}

bool ExecuteStage::dispatchPort(unsigned P) {
  bool AnyReady = false;
  if (dispatchFrom(P, P, AnyReady))
    return true;
  // A sharing port with nothing ready of its own takes a ready uop bound
  // to another sharing port, if its own mask allows it (the load ports
  // share their ready uops [uiCA]).
  if (AnyReady || !(SharingPorts & (PortMask(1) << P)))
    return false;
  // The other sharing ports with ready uops, in increasing order (an
  // empty list dispatches nothing; a list that dispatches nothing stays as
  // it is, so the mask stays valid until one does).
  for (uint64_t M = C.Sched.readyPorts() & SharingPorts &
                    ~(uint64_t(1) << P);
       M; M &= M - 1)
    if (dispatchFrom(unsigned(llvm::countr_zero(M)), P, AnyReady))
      return true;
  return false;
}

// Inlined where it is called (a call per port that may dispatch, about
// one per uop dispatched, saved and restored six registers each time).
LLVM_ATTRIBUTE_ALWAYS_INLINE bool
ExecuteStage::dispatchFrom(unsigned ListPort, unsigned P, bool &AnyReady) {
  const double Now = C.now();
  bool Dispatched = false;
  const ReadyList &List = C.Sched.readyList(ListPort);
  UopStore &Uops = C.ROB.Uops;
  // Renamed loads not yet looked at: the only uops that can start while
  // the port is busy. Everything in a ready list has its operands (its
  // ready time is known and cached once and for all), so once the port is
  // busy and no renamed load is left, nothing further in the list can
  // start this cycle, and ports only get busier within a cycle.
  unsigned RenamedLeft = C.Sched.renamedReady(ListPort);
  for (size_t I = 0; I < List.size();) {
    if (RenamedLeft == 0 && C.Exec.portFreeAt(P) > Now + Eps) {
      if (ListPort == P)
        AnyReady = true; // the rest are P's and ready
      break;
    }
    UopId Id = List[I];
    assert(Uops.inFlight(Id) &&
           "uops leave the scheduler before their instruction retires");
    if (!Uops.inFlight(Id)) {
      C.Sched.removeReady(ListPort, I, false);
      continue;
    }
    double Ready = Uops.readyAt(Id);
    const SUop &SU = Uops.desc(Id);
    RenamedLeft -= SU.Renamed;
    assert(Ready <= Now + Eps && "ready lists hold uops whose time has come");
    assert((ListPort != P || (SU.Ports & (PortMask(1) << P))) &&
           "bound to a port of its mask");
    if (Ready > Now + Eps || !(SU.Ports & (PortMask(1) << P))) {
      ++I;
      continue;
    }
    AnyReady = true;
    double Start = SU.Renamed ? Ready : std::max(Ready, C.Exec.portFreeAt(P));
    if (Start > Now + Eps) {
      ++I; // the port is busy this cycle
      continue;
    }
    // The divider and the serialising path (most uops take neither: one
    // test, SUop::SharedUnit).
    if (SU.SharedUnit) {
      if ((SU.DivCycles > 0 && C.Exec.dividerBusy(Now)) ||
          (SU.SerialCycles > 0 && C.Exec.serialBusy(Now)) ||
          !C.Sched.firstForSharedUnits(Id, SU)) {
        ++I;
        continue;
      }
      if (SU.DivCycles > 0)
        Start = std::max(Start, C.Exec.dividerFreeAt());
      if (SU.SerialCycles > 0)
        Start = std::max(Start, C.Exec.serialFreeAt());
    }
    UopFlags &F = Uops.flags(Id);
    C.Sched.dispatched(unsigned(F.Port), Id, SU);
    F.Port = UopPort(P);
    F.State = UopState::Dispatched;
    InFlightInstr &X = C.ROB.ownerOf(Id);
    double Latency = SU.Latency;
    // MemoryDesc::RenamedLoadAfterCommitReadsCache: its store has left the
    // store queue, so the renamed value cannot be checked against it.
    if (SU.CacheLatency > 0 && X.MemProd >= 0 && !C.ROB.find(X.MemProd)) {
      double Retired;
      if (!C.Rename.retiredAt(uint64_t(X.MemProd), Retired) ||
          Start >= Retired + SU.StoreCommitDelay - Eps)
        Latency = SU.CacheLatency;
    }
    double Stamp = Start + Latency;
    Uops.stamp(Id) = Stamp;
    C.Exec.start(P, Start);
    if (SU.SharedUnit)
      C.Exec.startShared(Start, SU.DivCycles, SU.SerialCycles);
    Dispatched = true;
    Unsettled |= ListPort != P || SU.SharedUnit ||
                 C.Exec.portFreeAt(P) <= Now + Eps;
    ++X.UopsDispatched;
    C.Buffers.release(ResourceId::Scheduler, 1);
    if (SU.VecScheduler)
      C.Buffers.release(ResourceId::VecScheduler, 1);
    C.finishAtDispatch(X, SU, Stamp);
    // (Most instructions have no waiters: that test first.)
    if (X.FirstWaiter != NoUop &&
        !C.wakeIsFutile(X, unsigned(Id - X.FirstUop)))
      C.Sched.wake(X);
    if (C.Events.wantsInstructionEvents()) {
      UopEvent E;
      E.Iteration = X.Iter;
      E.Instr = X.Index;
      E.Uop = SU.Decoded;
      E.Issued = F.IssueCycle;
      E.Dispatched = C.Cycle;
      E.Completed = long(std::ceil(Stamp - Eps));
      E.Port = P;
      C.Events.emitInstr([&](SimListener &V) { V.onUopDispatched(E); });
    }
    C.Sched.removeReady(ListPort, I, SU.Renamed);
  }
  return Dispatched;
}

} // namespace sim
} // namespace luarch
