//===- Core.h - The simulated core: its units and shared queries -*- C++ -*-===//
//
// What every stage works on: the kernel as the simulator sees it, the
// configuration, the hardware units, the clock, and the views subscribed
// to events. It answers the questions several stages ask (when is a value
// available, when can a uop start, has an instruction completed); stages
// own only their per-cycle credits.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_CORE_H
#define LUARCH_LIB_SIM_CORE_H

#include "MoveEliminationSlots.h"
#include "Scheduler.h"
#include "SimKernel.h"
#include "Units.h"
#include "luarch/Model/FrontEndLayout.h"
#include "luarch/Sim/Simulator.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace luarch {
namespace sim {

/// The subscribed views, with the flag that lets stages skip building
/// per-instruction events nobody wants.
class EventBus {
public:
  /// Subscribes \p L to the kinds of events it asks for (in subscription
  /// order within each kind).
  void subscribe(SimListener *L) {
    unsigned Kinds = L->subscribedEvents();
    if (Kinds & CycleEvents)
      CycleViews.push_back(L);
    if (Kinds & IterationEvents)
      IterationViews.push_back(L);
    if (Kinds & InstructionEvents)
      InstrViews.push_back(L);
  }
  /// Asks the views, once per cycle, whether they want instruction events.
  void refresh() {
    WantsInstr = false;
    for (SimListener *V : InstrViews)
      WantsInstr |= V->wantsInstructionEvents();
  }
  bool wantsInstructionEvents() const { return WantsInstr; }
  /// Whether a view takes cycle events (the batch and a run without views
  /// subscribe none: the per-cycle facts need not be worked out).
  bool wantsCycleEvents() const { return !CycleViews.empty(); }
  /// Sends an instruction or uop event (only while one is wanted).
  template <typename Fn> void emitInstr(Fn F) const {
    for (SimListener *V : InstrViews)
      F(*V);
  }
  template <typename Fn> void emitIteration(Fn F) const {
    for (SimListener *V : IterationViews)
      F(*V);
  }
  void emitCycle(const CycleFacts &Facts) const {
    for (SimListener *V : CycleViews)
      V->onCycle(Facts);
  }

private:
  std::vector<SimListener *> CycleViews, IterationViews, InstrViews;
  bool WantsInstr = false;
};

struct Core {
  /// \p Body is buildSimKernel(K, D, Deps, C, O.TripCount) and \p L is
  /// simLayout(K, D, C), built by the caller: SimulationMemo builds them
  /// for its key and hands them on.
  Core(llvm::ArrayRef<DecodedInstr> D, SimKernel Body, FrontEndLayout L,
       const SimConfig &C, const SimOptions &O);

  const SimConfig &Config;
  const SimOptions &Opts;
  const SimKernel Body;
  /// The kernel as the front end sees it (the static bound's layout).
  const FrontEndLayout Layout;
  const size_t N;         ///< instructions per iteration
  /// With a trip count (SimOptions::TripCount): the entries to run; the
  /// simulation's stop test reads the same plan the fetch limit came from.
  const TripCountRun TripRun;
  const unsigned MaxIter; ///< iterations fetched at most

  long Cycle = 0;
  BufferPool Buffers;
  ReorderBuffer ROB;
  RenameMap Rename;
  ExecutionUnits Exec;
  UopQueue Queue;
  Scheduler Sched;
  MoveEliminationSlots MoveSlots;
  EventBus Events;
  /// The buffer entries an instruction holds until it retires, by its
  /// index in the body: the buffers of HeldUntilRetire it takes entries of
  /// and how many, summed over its issue slots in order (the allocate stage
  /// fills it in; the retire stage gives them back).
  struct HeldEntries {
    unsigned Num = 0;
    std::array<ResourceId, std::size(HeldUntilRetire)> Id{};
    std::array<double, std::size(HeldUntilRetire)> N{};
  };
  std::vector<HeldEntries> HeldAtRetire;
  /// Per instruction of the body, the uops whose dispatch can let a uop
  /// parked on it go before its register result is known (bit U: uop U;
  /// uops from 64 on always can): its store-data and store-address uops
  /// (forwarding and store-address waits read them one by one), the
  /// input of another of its uops, and every uop of a pass-through.
  std::vector<uint64_t> WakingUops;

  /// Whether waking \p X's waiters as its uop \p U dispatches would only
  /// have them find what they wait for still unknown and park on it again:
  /// a readiness check parks a uop on the first unknown it finds (its own
  /// instruction first while an input uop is to dispatch), and what it
  /// read before stays known, so the re-check would end where it started.
  /// They are woken at a later uop's dispatch that completes \p X or
  /// feeds them, or at its retirement.
  bool wakeIsFutile(const InFlightInstr &X, unsigned U) const {
    assert(X.Index < WakingUops.size() && U < X.NumUops && "its uop");
    return X.ResultTime == Unknown && U < 64 &&
           !(WakingUops[X.Index] >> U & 1);
  }

  double now() const { return double(Cycle); }
  /// An eliminated move whose value is its source's (not one that found
  /// no elimination slot and executes).
  bool passesThrough(const InFlightInstr &P) const {
    return Body[P.Index].Done == Completion::PassThrough && !P.MoveExecutes;
  }
  /// When the value produced by dynamic instruction \p Seq is available
  /// (0 if it retired long ago or never existed, Unknown if not yet
  /// known; then \p Blocker names the instruction to wait for).
  double valueTime(int64_t Seq, int64_t *Blocker = nullptr) {
    InFlightInstr *P = ROB.find(Seq);
    if (!P)
      return Seq < 0 ? 0 : Rename.resultTime(uint64_t(Seq));
    if (P->ResultTime != Unknown)
      return P->ResultTime;
    if (!P->Renamed || !passesThrough(*P)) {
      // Not known until it executes.
      if (Blocker)
        *Blocker = int64_t(P->Seq);
      return Unknown;
    }
    return inFlightValueTime(*P, Blocker);
  }
  /// valueTime for a flag unit of \p Seq: the time its last uop completes
  /// where its flags come with that (SInstr::FlagsAtDone), else its
  /// result's.
  double flagsTime(int64_t Seq, int64_t *Blocker = nullptr) {
    // Dynamic instruction k*N + i is the body's instruction i.
    if (Seq < 0 || !Body[uint64_t(Seq) % N].FlagsAtDone)
      return valueTime(Seq, Blocker);
    InFlightInstr *P = ROB.find(Seq);
    if (!P)
      return Rename.flagsTime(uint64_t(Seq));
    assert(P->Index == uint64_t(Seq) % N && "sequence numbers follow the body");
    if (P->DoneTime != Unknown)
      return P->DoneTime;
    if (Blocker)
      *Blocker = int64_t(P->Seq);
    return Unknown;
  }
  /// valueTime of a renamed eliminated move in flight whose result time is
  /// not set: its source's, once known.
  double inFlightValueTime(InFlightInstr &P, int64_t *Blocker);
  /// Earliest start of uop \p Id of \p I (Unknown while a producer's time
  /// is unknown; the uop records what it waits on).
  double uopReadyTime(InFlightInstr &I, UopId Id) {
    double Cached = ROB.Uops.readyAt(Id);
    if (Cached != Unknown)
      return Cached;
    return plainUop(ROB.Uops.desc(Id)) ? plainReadyTime(I, Id)
                                       : computeReadyTime(I, Id);
  }
  /// isPlainUop (SimKernel.h), as the kernel's build recorded it: one test
  /// instead of five per readiness check.
  static bool plainUop(const SUop &SU) {
    assert(SU.Plain == isPlainUop(SU) && "set by buildSimKernel");
    return SU.Plain;
  }
  /// computeReadyTime for a plainUop: the same steps, in the same order,
  /// without the tests and set-up of the other cases (most checks are of
  /// such uops, and the general function's register saves alone were a
  /// tenth of its cost). The steps they share are waitForProducers.
  double plainReadyTime(InFlightInstr &I, UopId Id);
  /// The later of \p T and the time each of the \p Num producers from \p
  /// First in the producer store has its value (Unknown if one is not
  /// known); names in \p WaitingOn (unless it names one already) what the
  /// first unknown one waits for. The register part of a uop's readiness,
  /// which plainReadyTime and computeReadyTime both take from here.
  double waitForProducers(uint64_t First, unsigned Num, double T,
                          int64_t &WaitingOn);
  bool uopDone(UopId Id) const {
    return ROB.Uops.flags(Id).State == UopState::Dispatched &&
           ROB.Uops.stamp(Id) <= now() + Eps;
  }
  /// uopReadyTime when it is not cached yet (caches it once known).
  double computeReadyTime(InFlightInstr &I, UopId Id);
  /// Sets DoneTime/ResultTime once every uop has dispatched.
  void finishIfDone(InFlightInstr &I) {
    // finish() does nothing while uops are still to dispatch (unless the
    // instruction completes at issue): that check is made here, without a
    // call per uop dispatched.
    if (I.FullyIssued && I.DoneTime == Unknown &&
        (I.UopsDispatched >= I.NumUops ||
         Body[I.Index].Done == Completion::AtIssue))
      finish(I);
  }
  /// finishIfDone as uop \p SU of \p I dispatches, completing at \p
  /// Stamp: a fully issued one-uop instruction that completes normally
  /// (most of them) is finished here, as finish() would (the same
  /// maxima), without the call.
  LLVM_ATTRIBUTE_ALWAYS_INLINE void
  finishAtDispatch(InFlightInstr &I, const SUop &SU, double Stamp) {
    if (I.NumUops == 1 && I.FullyIssued && I.DoneTime == Unknown &&
        Body[I.Index].Done == Completion::Normal) {
      assert(I.UopsDispatched == 1 && "its one uop dispatched");
      assert(&SU == &ROB.Uops.desc(I.FirstUop) &&
             Stamp == ROB.Uops.stamp(I.FirstUop) && "its one uop's stamp");
      double Done = std::max(0.0, Stamp);
      double Result = SU.WritesResult ? std::max(-1.0, Stamp) : -1;
      I.DoneTime = Done;
      I.ResultTime = Result >= 0 ? Result : Done;
      return;
    }
    if (LLVM_UNLIKELY(SU.ResultBeforeFlags) && I.ResultTime == Unknown)
      resultBeforeFlags(I);
    finishIfDone(I);
  }
  /// Of an instruction whose flags come with its last uop (SInstr::
  /// FlagsAtDone): sets its result time once the uops that write the
  /// result have dispatched, so that its register readers do not wait for
  /// the flag uops (which wait for the old flags).
  void resultBeforeFlags(InFlightInstr &I);
  /// finishIfDone for a fully issued instruction without a done time.
  void finish(InFlightInstr &I);
  /// The first cycle after this one in which time alone changes something
  /// (a waiting uop's ready time comes, a port, the divider or the
  /// serialising path frees up, the ROB head completes); LONG_MAX if
  /// nothing waits on time. Cycle skipping's bound: in a cycle where no
  /// stage acted, nothing changes before it.
  long nextTimedEvent();
};

} // namespace sim
} // namespace luarch

#endif
