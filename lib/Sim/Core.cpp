//===- Core.cpp - Operand readiness and completion ------------------------===//
//
// Time is counted in cycles, but completion stamps are real numbers so that
// scaled latencies (sensitivity sweeps) accumulate exactly; a value is
// available at cycle c when its stamp <= c.
//
//===----------------------------------------------------------------------===//
#include "Core.h"
#include "Views.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace llvm;

namespace luarch {
namespace sim {

/// The plan of a trip-count run (none without a trip count).
static TripCountRun tripRunOf(const SimOptions &O, const SimConfig &C,
                              const SimKernel &Body) {
  if (!O.TripCount)
    return TripCountRun();
  return tripCountRun(
      O.TripCount,
      warmupIterations(C[ResourceId::ROB], Body.SlotsPerIteration),
      O.TripCountMaxIterations);
}

/// Iterations the front end fetches: a fixed number of whole entries for
/// a trip count, else the cap (the steady-state detector stops earlier).
static unsigned fetchLimit(const SimOptions &O, const TripCountRun &Run) {
  if (O.TripCount)
    return Run.MaxEntries * O.TripCount;
  return O.MaxIterations ? O.MaxIterations : 2000;
}

Core::Core(ArrayRef<DecodedInstr> D, SimKernel B, FrontEndLayout L,
           const SimConfig &C, const SimOptions &O)
    : Config(C), Opts(O), Body(std::move(B)), Layout(std::move(L)),
      N(D.size()), TripRun(tripRunOf(O, C, Body)),
      MaxIter(fetchLimit(O, TripRun)), Buffers(C),
      Rename(C[ResourceId::ROB]), Exec(C),
      Sched(*this, C.PortCapacity.size(), C.Binding) {
  // Room for a full reorder buffer from the start (an unlimited one in a
  // sensitivity run grows as it needs).
  size_t Entries = size_t(std::min(C[ResourceId::ROB], 1024.0)) + 1;
  // The uop store starts at one uop per entry and grows when more are in
  // flight: a ring's slots are all walked in turn whatever its occupancy,
  // so a larger one is only a larger working set (twice the entries was
  // 56 KiB of uop records on Zen 4, beside the ROB's 56 KiB).
  ROB.reserve(Entries, Entries);
  MoveSlots.configure(C.Model);
  if (any_of(Body.Instrs, [](const SInstr &I) { return I.FlagsAtDone; }))
    Rename.keepFlagsTimes();
  WakingUops.resize(Body.size());
  for (size_t I = 0; I < Body.size(); ++I) {
    const SInstr &SI = Body[I];
    uint64_t Waking = SI.Done == Completion::PassThrough ? ~uint64_t(0) : 0;
    for (size_t U = 0; U < SI.Uops.size() && U < 64; ++U) {
      const SUop &SU = SI.Uops[U];
      if (SU.Kind == UopKind::StoreData || SU.Kind == UopKind::StoreAddress)
        Waking |= uint64_t(1) << U;
      if (SU.Input >= 0 && SU.Input < 64)
        Waking |= uint64_t(1) << SU.Input;
      // SUop::ResultBeforeFlags: its result is known before its flags.
      if (SU.ResultBeforeFlags)
        Waking |= uint64_t(1) << U;
    }
    WakingUops[I] = Waking;
  }
}

double Core::inFlightValueTime(InFlightInstr &P, int64_t *Blocker) {
  assert(P.ResultTime == Unknown && "valueTime returns a known time");
  assert(P.Renamed && passesThrough(P) && "valueTime answers the others");
  // An eliminated move: its value is its source's.
  double T = 0;
  for (unsigned K = 0; K < P.NumSrc; ++K)
    T = std::max(T, valueTime(ROB.Producers[P.srcProd(K)], Blocker));
  if (T != Unknown)
    P.ResultTime = std::max<double>(T, P.IssueCycle);
  return P.ResultTime;
}

inline double Core::waitForProducers(uint64_t First, unsigned Num,
                                     double T, int64_t &WaitingOn) {
  ProducerStore &Prod = ROB.Producers;
  for (unsigned K = 0; K < Num; ++K) {
    int64_t Blocker = -1;
    double V = valueTime(Prod[First + K], &Blocker);
    if (V == Unknown && WaitingOn < 0)
      WaitingOn = Blocker;
    T = std::max(T, V);
  }
  return T;
}

double Core::plainReadyTime(InFlightInstr &I, UopId Id) {
  UopStore &Uops = ROB.Uops;
  assert(Uops.readyAt(Id) == Unknown && "computed once");
  assert(Id - I.FirstUop < I.NumUops && "one of its uops");
  const SUop &SU = Uops.desc(Id);
  assert(plainUop(SU) && "the general case is computeReadyTime's");
  UopFlags &F = Uops.flags(Id);
  F.WaitsOnInput = false;
  int64_t WaitingOn = -1;
  // computeReadyTime's steps for a uop that reads all its sources (if
  // any) and its address registers (if any), and nothing else.
  double T = F.IssueCycle + Config.IssueToDispatch;
  if (SU.ReadsSrc)
    T = waitForProducers(I.FirstProd, I.NumSrc, T, WaitingOn);
  if (SU.ReadsAddr)
    T = waitForProducers(I.FirstProd + I.NumSrc, I.NumAddr, T, WaitingOn);
  Uops.waitingOn(Id) = WaitingOn;
  Uops.readyAt(Id) = T;
  return T;
}

double Core::computeReadyTime(InFlightInstr &I, UopId Id) {
  UopStore &Uops = ROB.Uops;
  assert(Uops.readyAt(Id) == Unknown && "computed once");
  assert(Id - I.FirstUop < I.NumUops && "one of its uops");
  int64_t WaitingOn = -1;
  UopFlags &F = Uops.flags(Id);
  F.WaitsOnInput = false;
  const SInstr &SI = Body[I.Index];
  const SUop &SU = Uops.desc(Id);
  // The earliest dispatch after issue (the scheduler's pipeline).
  double T = F.IssueCycle + Config.IssueToDispatch;
  // The sources hold the producer of each of SI.Reads, in order, from
  // I.FirstProd (InFlightInstr::srcProd), the address registers' after
  // them (addrProd).
  if (SU.ReadsSrc && SU.Sources == SourceSubset::All && !SU.LateFlags) {
    T = waitForProducers(I.FirstProd, I.NumSrc, T, WaitingOn);
  } else if (SU.ReadsSrc) {
    assert(I.NumSrc == SI.Reads.size() && "one producer per read");
    for (unsigned K = 0; K < I.NumSrc; ++K) {
      bool Flag = isFlagUnit(SI.Reads[K]);
      if (SU.Sources != SourceSubset::All &&
          Flag != (SU.Sources == SourceSubset::Flags))
        continue;
      if (Flag && SU.LateFlags) {
        // SUop::LateFlags: a flag source's time.
        int64_t Blocker = -1;
        double V = flagsTime(ROB.Producers[I.srcProd(K)], &Blocker);
        if (V == Unknown && WaitingOn < 0)
          WaitingOn = Blocker;
        T = std::max(T, V);
      } else {
        T = waitForProducers(I.srcProd(K), 1, T, WaitingOn);
      }
    }
  }
  if (SU.MergesSources) {
    // Completes no earlier than the merged value: start >= value - latency.
    double Start = T;
    T = waitForProducers(I.FirstProd, I.NumSrc, T, WaitingOn);
    T = T == Unknown ? Unknown : std::max(Start, T - SU.Latency);
  }
  if (SU.ReadsAddr) {
    // A load's address path adds SI.AddressExtra to the latest address
    // register (the same as to each: rounding is monotonic).
    double Addr = -std::numeric_limits<double>::infinity();
    Addr = waitForProducers(I.FirstProd + I.NumSrc, I.NumAddr, Addr,
                            WaitingOn);
    T = std::max(T, Addr + (SU.Kind == UopKind::Load ? SI.AddressExtra : 0));
  }
  if (SU.Input >= 0) {
    UopId In = I.uop(unsigned(SU.Input));
    bool InDone = Uops.flags(In).State == UopState::Dispatched;
    if (!InDone)
      F.WaitsOnInput = true;
    T = std::max(T, InDone ? Uops.stamp(In) : Unknown);
  }
  if (SU.Kind == UopKind::Load && I.MemProd >= 0 && SI.MemBlocked) {
    // Forwarding fails: the load waits for the store to retire and commit.
    double Retired;
    if (ROB.find(I.MemProd)) {
      if (WaitingOn < 0)
        WaitingOn = I.MemProd; // woken when the store retires
      T = Unknown;
    } else if (Rename.retiredAt(uint64_t(I.MemProd), Retired)) {
      T = std::max(T, Retired + SI.MemExtra);
      if (SI.MemBlockedAfterData >= 0)
        T = std::max(T, Rename.storeDataAt(uint64_t(I.MemProd)) +
                            SI.MemBlockedAfterData);
    }
  } else if (SU.Kind == UopKind::Load && I.MemProd >= 0) {
    if (InFlightInstr *St = ROB.find(I.MemProd)) {
      // Forwarding latency counts from the store data's dispatch (as in
      // the static analysis: store + reload = the forwarding latency). The
      // store's address must be known too (its STA has executed).
      double Data = 0;
      for (unsigned V = 0; V < St->NumUops; ++V) {
        UopId SV = St->uop(V);
        const SUop &D = Uops.desc(SV);
        bool Known = Uops.flags(SV).State == UopState::Dispatched;
        if (D.Kind == UopKind::StoreData)
          Data = std::max(Data, Known ? Uops.stamp(SV) - D.Latency : Unknown);
        else if (D.Kind == UopKind::StoreAddress)
          // MemoryDesc::LoadedStoreAddressForward: MemAddressWait after it.
          Data = std::max(Data, Known ? Uops.stamp(SV) +
                                            (SI.MemAddressWait >= 0
                                                 ? SI.MemAddressWait -
                                                       SI.MemExtra
                                                 : 0)
                                      : Unknown);
      }
      if (Data == Unknown && WaitingOn < 0)
        WaitingOn = I.MemProd;
      T = std::max(T, Data + SI.MemExtra);
    }
  }
  if (SU.Kind == UopKind::Load && SI.LoadWaitsForStoreAddresses &&
      T != Unknown) {
    // MemoryDesc::DivideLoadWaitsForStoreAddresses: after the address uop
    // of every older store in flight (retired ones have theirs).
    for (int64_t Seq = int64_t(I.Seq) - 1; T != Unknown; --Seq) {
      InFlightInstr *St = ROB.find(Seq);
      if (!St)
        break;
      for (unsigned V = 0; V < St->NumUops; ++V) {
        UopId SV = St->uop(V);
        if (Uops.desc(SV).Kind != UopKind::StoreAddress)
          continue;
        if (Uops.flags(SV).State != UopState::Dispatched) {
          if (WaitingOn < 0)
            WaitingOn = Seq; // woken when the store's uops dispatch
          T = Unknown;
          break;
        }
        T = std::max(T, Uops.stamp(SV));
      }
    }
  }
  Uops.waitingOn(Id) = WaitingOn;
  Uops.readyAt(Id) = T;
  return T;
}

void Core::resultBeforeFlags(InFlightInstr &I) {
  assert(Body[I.Index].FlagsAtDone && I.ResultTime == Unknown &&
         "finishAtDispatch asks");
  const UopStore &Uops = ROB.Uops;
  double Result = -1;
  for (unsigned U = 0; U < I.NumUops; ++U) {
    if (!Uops.desc(I.uop(U)).WritesResult)
      continue;
    if (Uops.flags(I.uop(U)).State != UopState::Dispatched)
      return;
    Result = std::max(Result, Uops.stamp(I.uop(U)));
  }
  if (Result >= 0)
    I.ResultTime = Result;
}

void Core::finish(InFlightInstr &I) {
  assert(I.FullyIssued && I.DoneTime == Unknown && "finishIfDone checks");
  const SInstr &SI = Body[I.Index];
  if (SI.Done == Completion::AtIssue) {
    I.DoneTime = I.ResultTime = I.LastIssueCycle;
    return;
  }
  if (I.UopsDispatched < I.NumUops)
    return;
  const UopStore &Uops = ROB.Uops;
  if (passesThrough(I)) {
    // Its value is its source's (valueTime resolves it); it is done at
    // rename unless it carries uops (Golden Cove's dec executed at rename
    // with a macro-fused jcc still executes the branch).
    double Done = I.LastIssueCycle;
    for (unsigned U = 0; U < I.NumUops; ++U)
      Done = std::max(Done, Uops.stamp(I.uop(U)));
    I.DoneTime = Done;
    return;
  }
  double Done = 0, Result = -1;
  for (unsigned U = 0; U < I.NumUops; ++U) {
    double Stamp = Uops.stamp(I.uop(U));
    Done = std::max(Done, Stamp);
    if (Uops.desc(I.uop(U)).WritesResult)
      Result = std::max(Result, Stamp);
  }
  I.DoneTime = Done;
  I.ResultTime = Result >= 0 ? Result : Done;
}

long Core::nextTimedEvent() {
  double At = std::min(Sched.nextPendingTime(), Exec.nextFreeTime(now()));
  if (!ROB.empty()) {
    InFlightInstr &H = ROB.front();
    finishIfDone(H);
    if (H.DoneTime != Unknown && H.DoneTime > now() + Eps)
      At = std::min(At, H.DoneTime);
  }
  if (At == Unknown)
    return std::numeric_limits<long>::max();
  assert(At > now() + Eps && "a moment still to come");
  return std::max(Cycle + 1, cycleReaching(At));
}

} // namespace sim
} // namespace luarch
