//===- AllocateStage.cpp - Rename, allocate and bind ports ---------------===//
//
// In order from the uop queue, up to the issue width: an issue slot enters
// when every buffer of the resource table it needs has room (checked in
// the table's order, which names the stall); its instruction is renamed
// when its first slot enters; each uop is bound to a port (Scheduler).
// Zero idioms, eliminated moves and a pipe occupancy copy in an iteration
// its share leaves out (Uop::Share) complete here; a move that finds no
// elimination slot (MoveEliminationSlots) issues as one executed uop
// instead. On cores with the iteration-boundary rule (Sandy/Ivy Bridge)
// uops of different iterations never issue in the same cycle.
//
//===----------------------------------------------------------------------===//
#include "Stages.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <cmath>

namespace luarch {
namespace sim {

/// Whether the allocate stage fills in what a slot needs of \p Id (the
/// buffers it checks and those held until retirement must all be here;
/// only asserts ask).
[[maybe_unused]] static bool setPerSlot(ResourceId Id) {
  switch (Id) {
  case ResourceId::ROB:
  case ResourceId::Scheduler:
  case ResourceId::VecScheduler:
  case ResourceId::LoadBuffer:
  case ResourceId::StoreBuffer:
  case ResourceId::IntRegisters:
  case ResourceId::VecRegisters:
    return true;
  default:
    return false;
  }
}

AllocateStage::AllocateStage(Core &C) : C(C) {
  for (const ResourceSpec &R : resourceTable())
    if (R.Class == ResourceClass::Buffer &&
        (R.Freed == FreedAt::Retire || R.Freed == FreedAt::Dispatch)) {
      assert(setPerSlot(R.Id) && "a checked buffer's need is set per slot");
      Checked.push_back(R.Id);
      CheckedCause.push_back(R.WhenFull);
    }
  assert(Checked.size() <= SlotNeed::MaxChecked && "room for every check");
  for (ResourceId Id : HeldUntilRetire) {
    (void)Id;
    assert(setPerSlot(Id) && "a held buffer's need is set per slot");
  }
  // What each slot takes, per instruction, slot (or none: a fused jcc) and
  // whether it renames a new instruction: only these values are read.
  size_t NumNeeds = 0;
  for (size_t Index = 0; Index < C.Body.size(); ++Index)
    NumNeeds += 2 * (C.Body[Index].Slots.size() + 1);
  NeedsAt.reserve(C.Body.size());
  Needs.reserve(NumNeeds);
  for (size_t Index = 0; Index < C.Body.size(); ++Index) {
    const SInstr &SI = C.Body[Index];
    NeedsAt.push_back(Needs.size());
    for (int S = -1; S < int(SI.Slots.size()); ++S)
      for (bool New : {false, true})
        Needs.push_back(slotNeed(SI, S >= 0 ? &SI.Slots[S] : nullptr, New));
  }
  // What an instruction holds until it retires: the held entries of its
  // issue slots as they enter (the first renames it; an instruction
  // without slots, a fused jcc, enters once with none), summed in that
  // order.
  C.HeldAtRetire.assign(C.Body.size(), Core::HeldEntries());
  WaitingAt.assign(C.Body.size(), {});
  for (size_t Index = 0; Index < C.Body.size(); ++Index) {
    const SInstr &SI = C.Body[Index];
    std::array<double, std::size(HeldUntilRetire)> Sum{};
    auto add = [&](int S, bool New) {
      const SlotNeed &SN = Needs[NeedsAt[Index] + 2 * (S + 1) + New];
      for (unsigned J = 0; J < SN.NumHeld; ++J)
        Sum[SN.HeldPos[J]] += SN.HeldN[J];
    };
    if (SI.Slots.empty())
      add(-1, true);
    for (int S = 0; S < int(SI.Slots.size()); ++S)
      add(S, S == 0);
    Core::HeldEntries &H = C.HeldAtRetire[Index];
    for (size_t B = 0; B < Sum.size(); ++B)
      if (Sum[B] > 0) {
        H.Id[H.Num] = HeldUntilRetire[B];
        H.N[H.Num] = Sum[B];
        ++H.Num;
      }
    // Held until it retires, all at once; the scheduler's entries one slot
    // at a time (they are freed at dispatch).
    auto lacks = [&](ResourceId Id, double N) {
      if (!Short && N > C.Config[Id])
        Short = BufferShortage{Id, N, Index};
    };
    for (unsigned J = 0; J < H.Num; ++J)
      lacks(H.Id[J], H.N[J]);
    for (const SSlot &Slot : SI.Slots) {
      lacks(ResourceId::Scheduler, Slot.NumUops);
      lacks(ResourceId::VecScheduler, Slot.VecSchedulerUops);
    }
    // And of several slots, when a uop waits for one of a later slot.
    std::vector<double> Waiting = waitingAtSlots(SI, false),
                        VecWaiting = waitingAtSlots(SI, true);
    for (unsigned S = 0; S < Waiting.size(); ++S) {
      lacks(ResourceId::Scheduler, Waiting[S] + SI.Slots[S].NumUops);
      lacks(ResourceId::VecScheduler,
            VecWaiting[S] + SI.Slots[S].VecSchedulerUops);
    }
    if (!Waiting.empty())
      WaitingAt[Index] = std::move(Waiting);
  }
}

/// Per slot of \p SI, the uops of its earlier slots that wait in the
/// scheduler (\p Vec: the vector scheduler) when that slot enters: those
/// waiting, directly or through another such uop, for a uop of that slot
/// or a later one. Empty when no uop waits for a later slot. A micro-fused
/// read-modify-write whose uops come as load, store-data, store-address,
/// compute (Zen 4's `adcb %ch, (%rsi,%rcx,4)`) has its store-data in the
/// first slot waiting for the compute in the second; an unlaminated one
/// issues its compute slot before its load's (SimKernel, buildInstr). A
/// scheduler of one entry (--what-if=rs=1, review16's `shrw $31,
/// -8(%rdi,%rcx,8)` on Skylake) could never take the later slot, and
/// nothing retired again ("an internal modelling error").
std::vector<double> AllocateStage::waitingAtSlots(const SInstr &SI,
                                                  bool Vec) {
  // Linear in the uops: a microcoded instruction has millions (wbinvd on
  // Alder Lake), and almost never one waiting for a later slot. Slots take
  // the uops in order, so such an input is a later uop.
  unsigned N = SI.Uops.size();
  bool Any = false;
  for (unsigned U = 0; U < N && !Any; ++U)
    Any = SI.Uops[U].Input > int(U);
  if (!Any)
    return {};
  std::vector<unsigned> SlotOf(N, 0);
  for (unsigned Sl = 0; Sl < SI.Slots.size(); ++Sl) {
    assert((Sl == 0 || SI.Slots[Sl].FirstUop >= SI.Slots[Sl - 1].FirstUop) &&
           "slots take the uops in order");
    for (unsigned K = 0; K < SI.Slots[Sl].NumUops; ++K)
      SlotOf[SI.Slots[Sl].FirstUop + K] = Sl;
  }
  // Reach[U]: the latest slot of a uop U waits for, through its inputs.
  // Inputs are uops of the instruction and form no cycle.
  std::vector<int> Reach(N, -1);
  for (unsigned U0 = 0; U0 < N; ++U0) {
    llvm::SmallVector<unsigned, 8> Chain;
    int I = int(U0);
    while (I >= 0 && Reach[I] < 0 && Chain.size() <= N) {
      Chain.push_back(unsigned(I));
      I = SI.Uops[I].Input;
    }
    assert(Chain.size() <= N && "no cycle of inputs");
    int R = I >= 0 ? Reach[I] : -1;
    for (unsigned J = Chain.size(); J-- > 0;) {
      R = std::max(R, int(SlotOf[Chain[J]]));
      Reach[Chain[J]] = R;
    }
  }
  // A uop of slot S waiting for slot R > S waits while slots S+1..R enter
  // (a difference array over the slots).
  std::vector<double> Waiting(SI.Slots.size() + 1, 0);
  for (unsigned U = 0; U < N; ++U)
    if ((!Vec || SI.Uops[U].VecScheduler) && Reach[U] > int(SlotOf[U])) {
      Waiting[SlotOf[U] + 1] += 1;
      Waiting[Reach[U] + 1] -= 1;
    }
  for (unsigned Sl = 1; Sl < Waiting.size(); ++Sl)
    Waiting[Sl] += Waiting[Sl - 1];
  Waiting.pop_back();
  return Waiting;
}

AllocateStage::SlotNeed AllocateStage::slotNeed(const SInstr &SI,
                                                const SSlot *Slot,
                                                bool New) const {
  std::array<double, NumResources> Need{};
  auto need = [&](ResourceId Id) -> double & { return Need[unsigned(Id)]; };
  need(ResourceId::ROB) = Slot ? Slot->ROBEntries : 0;
  need(ResourceId::Scheduler) = Slot ? Slot->NumUops : 0;
  need(ResourceId::VecScheduler) = Slot ? Slot->VecSchedulerUops : 0;
  need(ResourceId::LoadBuffer) = Slot ? Slot->Loads : 0;
  need(ResourceId::StoreBuffer) = Slot ? Slot->Stores : 0;
  need(ResourceId::IntRegisters) = New && SI.WritesGPR;
  need(ResourceId::VecRegisters) = New && SI.WritesVec;
  SlotNeed SN;
  // A buffer the slot takes nothing of cannot stop it: only the others are
  // checked (in the table's order, which names the stall).
  for (unsigned K = 0; K < Checked.size(); ++K) {
    double N = Need[unsigned(Checked[K])];
    if (!(N > 0))
      continue;
    SN.Id[SN.NumChecked] = Checked[K];
    SN.N[SN.NumChecked] = N;
    SN.Pos[SN.NumChecked] = uint8_t(K);
    ++SN.NumChecked;
  }
  // Adding no entries changes nothing (counts are never -0.0).
  for (size_t B = 0; B < std::size(HeldUntilRetire); ++B) {
    double N = Need[unsigned(HeldUntilRetire[B])];
    if (!(N > 0))
      continue;
    SN.HeldPos[SN.NumHeld] = uint8_t(B);
    SN.HeldN[SN.NumHeld] = N;
    ++SN.NumHeld;
  }
  return SN;
}

AllocCause AllocateStage::cycle() {
  const double Width = C.Config[ResourceId::IssueWidth];
  Credit = std::min(Credit, 1.0 - Eps) + Width;
  AllocCause Cause = AllocCause::FrontEnd;
  double Issued = 0;
  int FirstIter = -1;
  Idle = true;
  C.MoveSlots.beginCycle(C.Cycle);
  if (C.Config.AllocationGroup && !C.Queue.empty()) {
    // Room for a whole issue group, or no allocation this cycle (a buffer
    // resized below the group by --what-if needs to be empty). Checked
    // before the issue group begins: an issue cycle the scheduler begins
    // it also ends (the group's ALU uops bind at its end).
    //
    // The youngest instruction, while partly issued, holds the ROB entries
    // of its issued slots until it retires, which it cannot before its
    // last slot enters: of a ROB resized by --what-if below a group plus
    // those entries, a group's room would never be free (review16: `pause;
    // nop` on Skylake at rob=4 to 6 stalled). The room asked of the ROB is
    // capped at what can be free then; on every described core the ROB is
    // far larger than a group plus one instruction's entries, so the cap
    // binds only on such a machine.
    //
    // So do its uops that wait in the scheduler for a uop of its next slot
    // (waitingAtSlots): a scheduler resized below a group plus those never
    // had a group's room (review17: Zen 4's `adcb %ch, (%rsi,%rcx,4)` at
    // rs=3 and 4 stalled).
    double PartlyIssuedHolds = 0, PartlyIssuedWaits = 0;
    if (!C.ROB.empty() && !C.ROB.back().FullyIssued) {
      const InFlightInstr &Y = C.ROB.back();
      const SInstr &YI = C.Body[Y.Index];
      for (unsigned S = 0; S < Y.SlotsIssued; ++S)
        PartlyIssuedHolds += YI.Slots[S].ROBEntries;
      if (const std::vector<double> &W = WaitingAt[Y.Index]; !W.empty())
        PartlyIssuedWaits = W[Y.SlotsIssued];
    }
    for (ResourceId Id : {ResourceId::ROB, ResourceId::Scheduler}) {
      double Room = std::min<double>(C.Config.AllocationGroup, C.Config[Id]);
      Room = std::min(Room, C.Config[Id] - (Id == ResourceId::ROB
                                                ? PartlyIssuedHolds
                                                : PartlyIssuedWaits));
      assert(Room > 0 && "an instruction holds no more than the buffer "
                         "(AllocateStage::shortage)");
      if (!C.Buffers.fits(Id, Room))
        return resourceSpec(Id).WhenFull;
    }
  }
  C.Sched.beginIssueCycle();
  while (!C.Queue.empty()) {
    QueuedSlot Q = C.Queue.front();
    if (C.Config.IterationBoundaryRule && FirstIter >= 0 &&
        int(Q.Iter) != FirstIter)
      break;
    if (Q.Slot >= 0 && Credit < 1.0 - Eps) {
      Cause = AllocCause::IssuedFullWidth;
      Idle = false; // the credit grows: it may allocate next cycle
      break;
    }
    const SInstr &SI = C.Body[Q.Index];
    // The instruction being issued is the youngest in the ROB, or new.
    bool New = C.ROB.empty() || C.ROB.back().Iter != Q.Iter ||
               C.ROB.back().Index != Q.Index || C.ROB.back().FullyIssued;
    const SSlot *Slot = Q.Slot >= 0 ? &SI.Slots[Q.Slot] : nullptr;
    const SlotNeed &SN = Needs[NeedsAt[Q.Index] + 2 * (Q.Slot + 1) + New];
    // The checked buffers that cannot take the slot, without a branch per
    // buffer (whether one is full is data, hard to predict); the first in
    // the table's order names the stall.
    unsigned Full = 0;
    for (unsigned J = 0; J < SN.NumChecked; ++J)
      Full |= unsigned(!C.Buffers.fits(SN.Id[J], SN.N[J])) << SN.Pos[J];
    if (Full) {
      Cause = CheckedCause[llvm::countr_zero(Full)];
      break;
    }
    // MoveEliminationDesc's slots: a move that finds none executes one
    // uop, which needs a scheduler entry.
    bool MoveExecutes = New && SI.MoveSlots != MoveSlotClass::None &&
                        Slot && !C.MoveSlots.canEliminate(SI.MoveSlots);
    if (MoveExecutes && !C.Buffers.fits(ResourceId::Scheduler, 1)) {
      Cause = resourceSpec(ResourceId::Scheduler).WhenFull;
      break;
    }
    C.Queue.pop_front();
    Idle = false;
    if (FirstIter < 0)
      FirstIter = Q.Iter;
    if (New) {
      InFlightInstr &X =
          MoveExecutes
              ? C.ROB.allocate(1, &SI.ExecutedMove, SI.Reads.size(),
                               SI.AddrReads.size())
              : C.ROB.allocate(SI.Uops.size(), SI.Uops.data(),
                               SI.Reads.size(), SI.AddrReads.size());
      X.MoveExecutes = MoveExecutes;
      X.Iter = Q.Iter;
      X.Index = Q.Index;
      X.IssueCycle = C.Cycle;
      // Rename: producers of the sources, then this instruction's results.
      // An entry after the first starts from registers the code around the
      // loop wrote (SimOptions::TripCount).
      if (C.Body.startsEntry(Q.Iter))
        C.Rename.restartEntry(Q.Iter);
      ProducerStore &Prod = C.ROB.Producers;
      for (unsigned R = 0; R < X.NumSrc; ++R)
        Prod[X.srcProd(R)] = C.Rename.producer(SI.Reads[R]);
      for (unsigned R = 0; R < X.NumAddr; ++R)
        Prod[X.addrProd(R)] = C.Rename.producer(SI.AddrReads[R]);
      if (SI.MemProducer >= 0 && C.Body.sameEntry(Q.Iter, SI.MemDistance))
        X.MemProd =
            int64_t(Q.Iter - SI.MemDistance) * C.N + SI.MemProducer;
      for (RegUnit U : SI.Writes)
        C.Rename.rename(U, X.Seq);
      if (C.MoveSlots.active()) {
        if (SI.MoveSlots != MoveSlotClass::None && !MoveExecutes)
          C.MoveSlots.eliminated(SI.MoveSlots, SI.Reads.front(),
                                 SI.Writes);
        else
          for (RegUnit U : SI.Writes)
            C.MoveSlots.overwritten(U);
      }
      X.Renamed = true;
    }
    InFlightInstr &X = C.ROB.back();
    X.LastIssueCycle = C.Cycle;
    for (unsigned J = 0; J < SN.NumHeld; ++J)
      C.Buffers.take(HeldUntilRetire[SN.HeldPos[J]], SN.HeldN[J]);
    if (X.MoveExecutes && X.SlotsIssued == 0) {
      assert(Slot && Slot->NumUops == 0 && "an eliminated move's one slot");
      C.Buffers.take(ResourceId::Scheduler, 1);
      UopId Id = X.uop(0);
      UopFlags &F = C.ROB.Uops.flags(Id);
      F.State = UopState::Waiting;
      F.IssueCycle = int32_t(C.Cycle);
      C.Sched.bind(X, Id, unsigned(Issued));
    }
    if (Slot) {
      C.Buffers.take(ResourceId::Scheduler, Slot->NumUops);
      C.Buffers.take(ResourceId::VecScheduler, Slot->VecSchedulerUops);
      for (unsigned U = Slot->FirstUop; U < Slot->FirstUop + Slot->NumUops;
           ++U) {
        UopId Id = X.uop(U);
        UopFlags &F = C.ROB.Uops.flags(Id);
        F.State = UopState::Waiting;
        assert(C.Cycle < INT32_MAX && "a run's cycles fit the uop record");
        F.IssueCycle = int32_t(C.Cycle);
        if (SI.PartialCopies && !presentIn(C.ROB.Uops.desc(Id), X.Iter)) {
          assert(!C.ROB.Uops.desc(Id).VecScheduler &&
                 "an occupancy copy takes no vector scheduler entry");
          // A pipe occupancy copy this iteration goes without (Uop::
          // Share): done at issue, its scheduler entry given back.
          F.State = UopState::Dispatched;
          C.ROB.Uops.stamp(Id) = double(C.Cycle);
          ++X.UopsDispatched;
          C.Buffers.release(ResourceId::Scheduler, 1);
          continue;
        }
        C.Sched.bind(X, Id, unsigned(Issued));
      }
      ++X.SlotsIssued;
      Credit -= 1;
      Issued += 1;
    }
    if (X.SlotsIssued == SI.Slots.size()) {
      X.FullyIssued = true;
      C.finishIfDone(X);
      if (C.Events.wantsInstructionEvents()) {
        InstrEvent E{X.Iter, X.Index, X.IssueCycle, -1};
        C.Events.emitInstr([&](SimListener &V) { V.onInstrIssued(E); });
      }
    }
  }
  C.Sched.endIssueCycle();
  if (Cause == AllocCause::FrontEnd && Issued + Eps >= std::floor(Width + Eps))
    Cause = AllocCause::IssuedFullWidth;
  return Cause;
}

void AllocateStage::skipCycle() {
  assert(Idle && "skips only cycles in which nothing can allocate");
  Credit = std::min(Credit, 1.0 - Eps) + C.Config[ResourceId::IssueWidth];
}

} // namespace sim
} // namespace luarch
