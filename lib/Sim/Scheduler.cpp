//===- Scheduler.cpp - Reservation station and port binder ---------------===//
#include "Scheduler.h"
#include "Core.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace luarch {
namespace sim {

/// The ports numbered below \p NP.
static PortMask lowPorts(unsigned NP) {
  return NP >= 32 ? ~PortMask(0) : (PortMask(1) << NP) - 1;
}

Scheduler::Scheduler(Core &C, unsigned NumPorts, PortBinding Binding)
    : C(C), Binding(Binding), Ready(NumPorts), RenamedReady(NumPorts, 0),
      Waiting(NumPorts, 0), InFlight(NumPorts, 0), Usage(NumPorts, 0),
      Snapshot(NumPorts, 0), DispatchedNow(NumPorts, 0),
      UsagePorts(Binding == PortBinding::IssueSnapshot ? lowPorts(NumPorts)
                                                       : 0),
      PortsInRange(lowPorts(NumPorts)) {
  assert(NumPorts <= 64 && "ready lists are tracked in a 64-bit mask");
  if (C.Config.ALUQueuesInTurn && C.Config.Model) {
    TurnALUs = C.Config.Model->IntALUPorts & lowPorts(NumPorts);
    for (PortMask M = TurnALUs; M; M &= M - 1)
      TurnPorts.push_back(llvm::countr_zero(M));
  }
}

void Scheduler::beginDispatchCycle(double Now) {
  // Only the ports that dispatched last cycle have counts to update.
  for (uint64_t M = DispatchedPorts; M; M &= M - 1) {
    unsigned P = unsigned(llvm::countr_zero(M));
    assert(Usage[P] >= DispatchedNow[P] && "bound before dispatched");
    Usage[P] -= DispatchedNow[P];
    DispatchedNow[P] = 0;
  }
  DispatchedPorts = 0;
  // Every uop whose cycle has come joins its ready list (which keeps age
  // order whatever the order they join in). Their ready times are <= Now +
  // Eps exactly when their cycles are <= Now (cycleReaching).
  assert(Now == double(long(Now)) && "dispatch cycles are whole");
  Pending.release(long(Now), [&](const PendingUop &X) {
    assert(C.ROB.Uops.inFlight(X.Id) &&
           C.ROB.Uops.readyAt(X.Id) <= Now + Eps &&
           "released in the first cycle its ready time reaches");
    insertReady(X.Port, X.Id, X.Renamed);
  });
}

void Scheduler::beginIssueCycle() {
  assert(GroupALU.empty() && "the last issue group was bound (endIssueCycle)");
  // [uiCA §4.3] counts the uops "that have not been executed" per port, as
  // they stood at the start of the cycle (uiCA's own name for the counts:
  // the port usage at the start of the cycle, [SO-uica-binding]): a uop
  // dispatched in this cycle still counts, although the driver dispatches
  // before it issues. The other reading (leaving those out) lets one-cycle
  // chains that share the four ALU ports collapse once the scheduler is
  // full, which short runs did not reach (bhdev-0092 as a loop, 3,000
  // iterations: 1.58 cycles, measured 1.00; this reading 1.00).
  // docs/evaluation.md, the BHive table (clx13). Only that binding reads
  // the snapshot.
  if (Binding != PortBinding::IssueSnapshot)
    return;
  std::copy(Usage.begin(), Usage.end(), Snapshot.begin());
}

// Inlined into bind() (called for every uop bound): as a call it saved and
// restored registers once per uop.
LLVM_ATTRIBUTE_ALWAYS_INLINE int Scheduler::choosePort(PortMask Mask,
                                                       unsigned IssueSlot) {
  unsigned NP = Ready.size();
  int Best = -1;
  if (Binding == PortBinding::IssueSnapshot) {
    // [uiCA §4.3]: the least loaded port by the snapshot, ties to the
    // highest number; odd issue slots take the second least loaded unless
    // it has 3 or more uops more. Ports are visited in increasing order, so
    // a port ties with a lower-numbered Best or Second and wins the tie.
    int Second = -1;
    auto Better = [&](unsigned P, int Than) {
      assert(int(P) > Than && "ports in increasing order");
      return Than < 0 || Snapshot[P] <= Snapshot[Than];
    };
    for (PortMask M = Mask & PortsInRange; M; M &= M - 1) {
      unsigned P = llvm::countr_zero(M);
      if (Better(P, Best)) {
        Second = Best;
        Best = P;
      } else if (Better(P, Second)) {
        Second = P;
      }
    }
    if (IssueSlot % 2 == 1 && Second >= 0 &&
        Snapshot[Second] < Snapshot[Best] + 3)
      return Second;
    return Best;
  }
  if (Binding == PortBinding::RoundRobin) {
    for (unsigned K = 0; K < NP && Best < 0; ++K) {
      unsigned P = (RoundRobin + K) % NP;
      if (Mask & (PortMask(1) << P))
        Best = P;
    }
    RoundRobin = (Best + 1) % NP;
    return Best;
  }
  // The eligible port with the fewest uops bound to it (still waiting, or
  // not yet completed), counting uops bound earlier in this cycle; ties go
  // to the lowest port number.
  const std::vector<unsigned> &Count =
      Binding == PortBinding::LeastLoadedInRS ? Waiting : InFlight;
  unsigned BestCount = ~0u;
  for (PortMask M = Mask & PortsInRange; M; M &= M - 1) {
    unsigned P = llvm::countr_zero(M);
    if (Count[P] < BestCount) {
      Best = P;
      BestCount = Count[P];
    }
  }
  return Best;
}

void Scheduler::bind(InFlightInstr &I, UopId Id, unsigned IssueSlot) {
  const SUop &SU = C.ROB.Uops.desc(Id);
  // ALU-only uops wait for the end of the issue group (the divider's and
  // the serialising path's queues are kept in issue order: not those).
  if (TurnALUs && SU.Ports && !(SU.Ports & ~TurnALUs) && !SU.SharedUnit) {
    GroupALU.push_back(Id);
    return;
  }
  int P = choosePort(SU.Ports, IssueSlot);
  assert(P >= 0 && "the decoder gives every executed uop a port");
  if (P < 0)
    P = 0;
  bindTo(I, Id, SU, unsigned(P));
}

void Scheduler::bindGroupALUInTurn() {
  // An issue group is at most the issue width (6 on Zen 4); a what-if width
  // beyond MaxGroupALU is taken in consecutive pieces so no uop is dropped.
  for (unsigned Begin = 0; Begin < GroupALU.size(); Begin += MaxGroupALU)
    bindALUInTurn(Begin, std::min<size_t>(GroupALU.size() - Begin, MaxGroupALU));
  GroupALU.clear();
}

void Scheduler::bindALUInTurn(unsigned Begin, unsigned N) {
  // The group's N ALU uops get the next N queues of the turn, uop U the
  // U-th unless one eligible for fewer ALUs took it: those choose first, in
  // issue order, among the group's queues they can use, the one nearest
  // their own place in the turn (ties to the earlier); the others take the
  // queues left, in turn order. A restricted uop left without an eligible
  // queue among the group's (the third fused branch of a 4-uop group) goes
  // to the eligible queue with the fewest uops waiting, counting the
  // group's restricted uops placed before it (ties: the first after the
  // group's queues in turn order): a count the core has when it allocates,
  // and what spreads a loop's several branches over ALU0 and ALU3 as the
  // host does (eval/bhive/probes-znver4/README.md, early-exit-branches).
  const unsigned NQ = TurnPorts.size();
  assert(NQ > 0 && "only held back with ALU ports");
  assert(N <= MaxGroupALU && "pieces of at most MaxGroupALU uops");
  const UopId *Group = GroupALU.data() + Begin;
  // Slot S's queue is the turn's (Turn + S) % NQ-th, counted by
  // increments that wrap (no division per slot); AfterGroup is the queue
  // after the group's, where the next group's turn starts.
  unsigned SlotQueue[MaxGroupALU], SlotPort[MaxGroupALU];
  int Port[MaxGroupALU];
  bool Taken[MaxGroupALU] = {};
  unsigned AfterGroup = Turn;
  assert(Turn < NQ && "the turn is a queue's place");
  for (unsigned S = 0; S < N; ++S) {
    SlotQueue[S] = AfterGroup;
    SlotPort[S] = TurnPorts[AfterGroup];
    Port[S] = -1;
    if (++AfterGroup == NQ)
      AfterGroup = 0;
  }
  UopStore &Uops = C.ROB.Uops;
  // Uops waiting per ALU queue, with the group's restricted uops placed so
  // far (indexed by the queue's place in TurnPorts).
  unsigned Queued[MaxALUQueues];
  assert(NQ <= MaxALUQueues && "ALU ports are counted in a fixed array");
  for (unsigned Q = 0; Q < NQ; ++Q)
    Queued[Q] = Waiting[TurnPorts[Q]];
  for (unsigned U = 0; U < N; ++U) {
    PortMask Mask = Uops.desc(Group[U]).Ports & TurnALUs;
    if (Mask == TurnALUs)
      continue;
    // The nearest free slot whose queue it can use, the earlier of two
    // as near: searched outwards from its own place, U - D before U + D,
    // stopping at the first.
    auto Free = [&](unsigned S) {
      return !Taken[S] && (Mask >> SlotPort[S] & 1);
    };
    int Nearest = -1;
    for (unsigned D = 0; D < N && Nearest < 0; ++D) {
      if (D <= U && Free(U - D))
        Nearest = int(U - D);
      else if (U + D < N && Free(U + D))
        Nearest = int(U + D);
    }
    if (Nearest >= 0) {
      Port[U] = int(SlotPort[Nearest]);
      Taken[Nearest] = true;
      ++Queued[SlotQueue[Nearest]];
      continue;
    }
    int Fewest = -1;
    for (unsigned J = 0, Q = AfterGroup; J < NQ; ++J) {
      if ((Mask >> TurnPorts[Q] & 1) &&
          (Fewest < 0 || Queued[Q] < Queued[Fewest]))
        Fewest = int(Q);
      if (++Q == NQ)
        Q = 0;
    }
    assert(Fewest >= 0 && "a restricted ALU uop can use some ALU");
    Port[U] = int(TurnPorts[Fewest]);
    ++Queued[Fewest];
  }
  unsigned Next = 0;
  for (unsigned U = 0; U < N; ++U) {
    if (Port[U] >= 0)
      continue;
    while (Taken[Next])
      ++Next;
    assert(Next < N && "a queue is left for every uop that takes any");
    Port[U] = int(SlotPort[Next]);
    Taken[Next] = true;
  }
  Turn = AfterGroup;
  for (unsigned U = 0; U < N; ++U)
    bindTo(C.ROB.ownerOf(Group[U]), Group[U], Uops.desc(Group[U]),
           unsigned(Port[U]));
}

// Inlined into bind() like choosePort().
LLVM_ATTRIBUTE_ALWAYS_INLINE void Scheduler::bindTo(InFlightInstr &I, UopId Id,
                                                    const SUop &SU,
                                                    unsigned P) {
  assert(&SU == &C.ROB.Uops.desc(Id) && "the uop's own description");
  C.ROB.Uops.flags(Id).Port = UopPort(P);
  ++Waiting[P];
  ++InFlight[P];
  ++Usage[P];
  // Binding happens in program order: the queues stay sorted by age.
  if (SU.SharedUnit) {
    if (SU.DivCycles > 0)
      DividerQueue.push_back(Id);
    if (SU.SerialCycles > 0)
      SerialQueue.push_back(Id);
  }
  schedule(I, Id);
}

void Scheduler::leaveSharedUnitQueues(UopId Id, const SUop &SU) {
  assert(&SU == &C.ROB.Uops.desc(Id) && "the uop's own description");
  auto erase = [&](std::vector<UopId> &Q) {
    auto It = std::lower_bound(Q.begin(), Q.end(), Id);
    assert(It != Q.end() && *It == Id && "queued at bind");
    Q.erase(It);
  };
  if (SU.DivCycles > 0)
    erase(DividerQueue);
  if (SU.SerialCycles > 0)
    erase(SerialQueue);
}

bool Scheduler::oldestReady(const std::vector<UopId> &Queue, UopId Id) {
  for (UopId R : Queue) {
    if (R == Id)
      return true;
    if (C.ROB.Uops.inFlight(R) &&
        C.uopReadyTime(C.ROB.ownerOf(R), R) <= C.now() + Eps)
      return false; // an older uop is ready for the unit
  }
  return true;
}

// Inlined into its two callers in this file (binding and waking): as a
// call it saved and restored registers once per uop scheduled.
LLVM_ATTRIBUTE_ALWAYS_INLINE void Scheduler::schedule(InFlightInstr &I,
                                                      UopId Id) {
  UopStore &Uops = C.ROB.Uops;
  double Ready = C.uopReadyTime(I, Id);
  const UopFlags &F = Uops.flags(Id);
  if (Ready == Unknown) {
    InFlightInstr *On =
        F.WaitsOnInput ? &I : C.ROB.find(Uops.waitingOn(Id));
    if (On) {
      // Parked at the end of On's wake-up list.
      Uops.nextWaiter(Id) = NoUop;
      if (On->FirstWaiter == NoUop)
        On->FirstWaiter = Id;
      else
        Uops.nextWaiter(On->LastWaiter) = Id;
      On->LastWaiter = Id;
      return;
    }
    Uops.waitingOn(Id) = -1; // defensive: an unknown blocker cannot be waited on
  }
  unsigned Port = unsigned(F.Port);
  if (Ready > C.now() + Eps) {
    // A ready time no run reaches (an unknown blocker that is not in
    // flight, above; the simulation stops at 4,000,000 cycles) is never
    // released: not filed.
    if (Ready < 0x1p52)
      Pending.add(cycleReaching(Ready), {Id, Port, Uops.desc(Id).Renamed});
    return;
  }
  insertReady(Port, Id, Uops.desc(Id).Renamed);
}

void Scheduler::insertReady(unsigned P, UopId Key, bool Renamed) {
  Ready[P].insert(Key);
  RenamedReady[P] += Renamed;
  ReadyPorts |= uint64_t(1) << P;
  ++ReadyInsertions;
}

void Scheduler::wakeWaiters(InFlightInstr &Producer) {
  // The producer's list joins the end of the woken list as it is (the
  // same order as copying it uop by uop). An empty list would leave
  // WokenLast at NoUop with WokenFirst set: wake() splices only lists
  // with a first and a last uop.
  assert(Producer.FirstWaiter != NoUop && Producer.LastWaiter != NoUop &&
         "a producer with waiters");
  assert((WokenFirst == NoUop) == (WokenLast == NoUop) &&
         "the woken list has both ends or none");
  if (WokenFirst == NoUop)
    WokenFirst = Producer.FirstWaiter;
  else
    C.ROB.Uops.nextWaiter(WokenLast) = Producer.FirstWaiter;
  WokenLast = Producer.LastWaiter;
  Producer.FirstWaiter = Producer.LastWaiter = NoUop;
}

void Scheduler::scheduleWokenUops() {
  UopStore &Uops = C.ROB.Uops;
  UopId W = WokenFirst;
  WokenFirst = WokenLast = NoUop;
  while (W != NoUop) {
    // The link is read before schedule() parks the uop again, which
    // rewrites it. (A woken uop has not dispatched, so its instruction is
    // in flight; were it not, its record would still hold the link: the
    // list is scheduled within the execute stage, and only the allocate
    // stage reuses records, without writing links.)
    UopId Next = Uops.nextWaiter(W);
    if (Uops.inFlight(W))
      schedule(C.ROB.ownerOf(W), W);
    W = Next;
  }
}

void Scheduler::recountInFlight() {
  if (Binding != PortBinding::LeastLoadedInFlight)
    return;
  std::fill(InFlight.begin(), InFlight.end(), 0);
  for (size_t I = 0; I < C.ROB.size(); ++I) {
    InFlightInstr &X = C.ROB[I];
    for (unsigned U = 0; U < X.NumUops; ++U) {
      int Port = int(C.ROB.Uops.flags(X.uop(U)).Port);
      if (Port >= 0 && !C.uopDone(X.uop(U)))
        ++InFlight[Port];
    }
  }
}

} // namespace sim
} // namespace luarch
