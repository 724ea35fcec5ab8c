//===- Scheduler.h - Reservation station and port binder -------*- C++ -*-===//
//
// Uops wait here between allocation and dispatch. Each is bound to one
// port when it is allocated (the port binder), then waits in one of three
// places: parked on the producer it waits for (woken when that producer
// dispatches), in the calendar of ready cycles once its ready time is known
// but later (ReadyCalendar.h), or in its port's age-ordered ready list. The
// execute stage scans only ready lists.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_SCHEDULER_H
#define LUARCH_LIB_SIM_SCHEDULER_H

#include "ReadyCalendar.h"
#include "SimKernel.h"
#include "Units.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Compiler.h"
#include <algorithm>
#include <cassert>
#include <functional>
#include <memory>
#include <vector>

namespace luarch {
namespace sim {

struct Core;

/// A port's uops whose ready time has come, oldest first. Most uops
/// dispatch as the oldest of their list, so taking out the first entry
/// moves the list's start past it instead of shifting the rest (a memmove
/// call per uop dispatched); the space before the start is reused when the
/// list empties or before the buffer would grow. (Its own buffer, not a
/// vector and an index: every access would add the index.)
class ReadyList {
public:
  ReadyList() = default;
  ReadyList(ReadyList &&) = default;
  size_t size() const { return size_t(End - Begin); }
  bool empty() const { return Begin == End; }
  UopId operator[](size_t I) const {
    assert(I < size() && "an entry of the list");
    return Begin[I];
  }
  const UopId *begin() const { return Begin; }
  const UopId *end() const { return End; }
  /// Inserts \p Key in age order.
  void insert(UopId Key) {
    if (LLVM_UNLIKELY(End == Cap))
      makeRoom();
    // Mostly the youngest: appended; an older one by a search.
    if (Begin == End || End[-1] < Key) {
      *End++ = Key;
      return;
    }
    UopId *At = std::lower_bound(Begin, End, Key);
    std::copy_backward(At, End, End + 1);
    ++End;
    *At = Key;
  }
  /// Takes entry \p I out.
  void erase(size_t I) {
    assert(I < size() && "an entry of the list");
    if (I == 0)
      ++Begin;
    else
      End = std::copy(Begin + I + 1, End, Begin + I);
    if (Begin == End)
      Begin = End = Buffer.get();
  }

private:
  /// Room for one more entry at the end: the taken-out space before the
  /// start if it is at least half the buffer, else a buffer twice the size
  /// (a list that stays nearly full copies itself only once per buffer's
  /// worth of entries taken out).
  void makeRoom() {
    size_t N = size(), Size = size_t(Cap - Buffer.get());
    if (2 * N <= Size && Size > 0) {
      End = std::copy(Begin, End, Buffer.get());
      Begin = Buffer.get();
      return;
    }
    size_t NewSize = std::max<size_t>(16, 2 * Size);
    std::unique_ptr<UopId[]> Bigger(new UopId[NewSize]);
    std::copy(Begin, End, Bigger.get());
    Buffer = std::move(Bigger);
    Begin = Buffer.get();
    End = Begin + N;
    Cap = Begin + NewSize;
  }

  std::unique_ptr<UopId[]> Buffer;
  UopId *Begin = nullptr, *End = nullptr, *Cap = nullptr;
};

class Scheduler {
public:
  Scheduler(Core &C, unsigned NumPorts, PortBinding Binding);

  /// Binds uop \p Id of \p I, in issue slot \p IssueSlot of this cycle's
  /// group, to a port and puts it where dispatch finds it.
  void bind(InFlightInstr &I, UopId Id, unsigned IssueSlot);
  /// A new issue group starts: the snapshot of the binding counts as they
  /// stood at the start of the cycle (the uops dispatched earlier in this
  /// cycle still count).
  void beginIssueCycle();
  /// The issue group is complete: its ALU uops take their queues in turn
  /// (BackEndDesc::ALUQueuesInTurn; bind() held them back).
  void endIssueCycle() {
    if (!GroupALU.empty())
      bindGroupALUInTurn();
  }
  /// A new dispatch cycle starts at \p Now: uops dispatched last cycle
  /// leave the binding counts; the calendar's uops whose time has come join
  /// their port's ready list (uops scheduled later in the cycle are ready
  /// at once or later than \p Now, so the lists are complete for the
  /// cycle).
  void beginDispatchCycle(double Now);
  /// Puts an issued uop where dispatch will find it (see the file comment).
  void schedule(InFlightInstr &I, UopId Id);
  /// Uops parked on \p Producer become candidates again.
  void wake(InFlightInstr &Producer) {
    if (Producer.FirstWaiter != NoUop)
      wakeWaiters(Producer);
  }
  /// Schedules the uops woken since the last call.
  void scheduleWoken() {
    if (WokenFirst != NoUop)
      scheduleWokenUops();
  }

  /// The first cycle in which a uop waiting for its time to come joins a
  /// ready list (Unknown if none waits): before it none does. (A whole
  /// cycle, not the earliest ready time: the first cycle that time reaches,
  /// which is all cycle skipping asks, cycleReaching.)
  double nextPendingTime() const {
    long Next = Pending.next();
    return Next == Pending.NoCycle ? Unknown : double(Next);
  }

  /// Calls \p F(Id, Cycle) for every uop waiting for its ready time to
  /// come, with the cycle it joins its ready list in (tests).
  template <typename Fn> void forEachPending(Fn F) const {
    Pending.forEach([&](long Cycle, const PendingUop &X) { F(X.Id, Cycle); });
  }
  /// Port \p P's uops whose ready time has come, oldest first.
  const ReadyList &readyList(unsigned P) const { return Ready[P]; }
  bool hasReady(unsigned P) const { return ReadyPorts >> P & 1; }
  /// The ports whose ready lists are not empty (bit P: port P).
  uint64_t readyPorts() const { return ReadyPorts; }
  /// Uops put into a ready list so far (a count that only grows: the
  /// execute stage compares it before and after a pass over the ports).
  uint64_t readyInsertions() const { return ReadyInsertions; }
  /// Takes entry \p I of port \p P's ready list out (it dispatched; \p
  /// Renamed: it is a renamed load).
  /// (Inline: the execute stage calls it for every uop it dispatches.)
  void removeReady(unsigned P, size_t I, bool Renamed) {
    ReadyList &List = Ready[P];
    assert(RenamedReady[P] >= unsigned(Renamed) && "counted at insertion");
    RenamedReady[P] -= Renamed;
    List.erase(I);
    if (List.empty())
      ReadyPorts &= ~(uint64_t(1) << P);
  }
  /// How many uops in port \p P's ready list are renamed loads (the only
  /// ones that start while their port is busy).
  unsigned renamedReady(unsigned P) const { return RenamedReady[P]; }
  /// A uop bound to \p P left the scheduler.
  /// (Inline: the execute stage calls it for every uop it dispatches; only
  /// the divider's and the serialising path's uops need the call.)
  void dispatched(unsigned P, UopId Id, const SUop &SU) {
    assert(Waiting[P] > 0 && "bound before dispatched");
    --Waiting[P];
    ++DispatchedNow[P];
    DispatchedPorts |= uint64_t(1) << P & UsagePorts;
    assert(SU.SharedUnit == (SU.DivCycles > 0 || SU.SerialCycles > 0) &&
           "set by buildSimKernel");
    if (SU.SharedUnit)
      leaveSharedUnitQueues(Id, SU);
  }
  /// Whether uop \p Id may take a shared unit it needs (the divider
  /// or the serialising path) now: the unit serves its waiting uops oldest
  /// ready first, whichever port they are bound to (VDIVPD may bind to FP0
  /// or FP1 on Zen 4, while one divider serves both).
  bool firstForSharedUnits(UopId Id, const SUop &SU) {
    return (SU.DivCycles <= 0 || oldestReady(DividerQueue, Id)) &&
           (SU.SerialCycles <= 0 || oldestReady(SerialQueue, Id));
  }
  /// Recounts uops bound and not yet completed (for that binding policy).
  void recountInFlight();

private:
  /// A uop in the calendar: what joining its ready list needs.
  struct PendingUop {
    UopId Id;
    unsigned Port;
    bool Renamed;
  };
  int choosePort(PortMask Mask, unsigned IssueSlot);
  /// Binds \p Id (described by \p SU) to port \p P and puts it where
  /// dispatch finds it.
  void bindTo(InFlightInstr &I, UopId Id, const SUop &SU, unsigned P);
  /// Binds the issue group's held-back ALU uops to the ALU queues in turn
  /// (BackEndDesc::ALUQueuesInTurn).
  void bindGroupALUInTurn();
  /// One piece of that group: \p N uops from GroupALU[\p Begin].
  void bindALUInTurn(unsigned Begin, unsigned N);
  /// The most ALU uops bound in one piece (fixed-size arrays on the stack).
  static constexpr unsigned MaxGroupALU = 32;
  /// The most ALU queues taken in turn (a fixed-size array on the stack).
  static constexpr unsigned MaxALUQueues = 16;
  void scheduleWokenUops();
  /// dispatched() for a uop queued for the divider or the serialising path.
  void leaveSharedUnitQueues(UopId Id, const SUop &SU);
  void wakeWaiters(InFlightInstr &Producer);
  /// Inserts \p Key into port \p P's ready list, in age order.
  void insertReady(unsigned P, UopId Id, bool Renamed);
  /// Whether \p Id is the oldest uop of \p Queue whose operands are
  /// ready now.
  bool oldestReady(const std::vector<UopId> &Queue, UopId Id);

  Core &C;
  PortBinding Binding;
  std::vector<ReadyList> Ready;
  uint64_t ReadyPorts = 0; ///< the ready lists that are not empty
  uint64_t ReadyInsertions = 0;
  std::vector<unsigned> RenamedReady;
  /// The uops whose ready time is known but has not come, by the cycle it
  /// comes in. (They join the age-ordered ready lists, where the order
  /// they come in does not matter.)
  ReadyCalendar<PendingUop> Pending;
  /// The ports that dispatched this cycle (bit P: port P).
  uint64_t DispatchedPorts = 0;
  /// The uops woken since the last scheduleWoken(), in wake-up order: the
  /// woken producers' wake-up lists spliced together through the uop
  /// store's links (UopStore::nextWaiter), first and last.
  UopId WokenFirst = NoUop, WokenLast = NoUop;
  /// Uops waiting for the divider / the serialising path, oldest first.
  std::vector<UopId> DividerQueue, SerialQueue;
  /// Uops bound per port: still waiting, and not yet completed.
  std::vector<unsigned> Waiting, InFlight;
  /// IssueSnapshot binding: uops bound and not dispatched before this
  /// cycle, the uops dispatched this cycle (leaving Usage next cycle), and
  /// the snapshot the issue group binds from (Usage: the counts at the
  /// start of the cycle).
  std::vector<unsigned> Usage, Snapshot, DispatchedNow;
  /// The ports whose Usage a new dispatch cycle brings up to date: all of
  /// them for IssueSnapshot binding, none for the others (which never read
  /// Usage: its counts and DispatchedNow's are left to run on).
  uint64_t UsagePorts = 0;
  /// The ports below the number of ports (a binding chooses among those).
  PortMask PortsInRange;
  unsigned RoundRobin = 0;
  /// BackEndDesc::ALUQueuesInTurn: the ALU ports in turn order (0 if off),
  /// the turn's next queue, and this cycle's ALU uops in issue order.
  PortMask TurnALUs = 0;
  std::vector<unsigned> TurnPorts;
  unsigned Turn = 0;
  std::vector<UopId> GroupALU;
};

} // namespace sim
} // namespace luarch

#endif
