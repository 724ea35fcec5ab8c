//===- Simulator.cpp - Uop Flow Simulation -------------------------------===//
//
// Design notes (see also docs/simulator.md):
// * Time is counted in cycles, but completion stamps are real numbers so
//   that scaled latencies (sensitivity sweeps) accumulate exactly; a value
//   is available at cycle c when its stamp <= c.
// * Per-cycle capacities are credits: each cycle a resource gains its
//   capacity, an action spends one credit, and only a fraction of a credit
//   carries over (unused capacity is lost, as in hardware).
// * Resources freed in a cycle become usable in the next (UFS rule).
// * Dynamic instruction k*N + i is instruction i of iteration k; producers
//   are found through a rename map from register units to sequence numbers.
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Simulator.h"

#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>

using namespace llvm;

namespace luarch {

StringRef stallCauseName(StallCause C) {
  switch (C) {
  case StallCause::Retiring: return "retiring";
  case StallCause::FrontEnd: return "front end";
  case StallCause::Dependency: return "dependency";
  case StallCause::PortContention: return "port contention";
  case StallCause::DividerBusy: return "divider busy";
  case StallCause::SerialBusy: return "serialised";
  case StallCause::Executing: return "executing";
  case StallCause::NumCauses: break;
  }
  return "?";
}

StringRef stallCauseDescription(StallCause C) {
  switch (C) {
  case StallCause::Retiring: return "retired at full width";
  case StallCause::FrontEnd: return "nothing in flight to retire: the front "
                                    "end or issue did not deliver";
  case StallCause::Dependency: return "the oldest instruction waits for an "
                                      "operand";
  case StallCause::PortContention: return "the oldest instruction is ready "
                                          "but its port served another uop";
  case StallCause::DividerBusy: return "the oldest instruction waits for the "
                                       "divider";
  case StallCause::SerialBusy: return "the oldest instruction waits for a "
                                      "locked/microcoded instruction";
  case StallCause::Executing: return "the oldest instruction is executing "
                                     "(its latency is not over)";
  case StallCause::NumCauses: break;
  }
  return "?";
}

StringRef allocCauseName(AllocCause C) {
  switch (C) {
  case AllocCause::IssuedFullWidth: return "issued at full width";
  case AllocCause::FrontEnd: return "front end";
  case AllocCause::ROBFull: return "ROB full";
  case AllocCause::RSFull: return "RS full";
  case AllocCause::LoadBufferFull: return "load buffer full";
  case AllocCause::StoreBufferFull: return "store buffer full";
  case AllocCause::RegisterFileFull: return "register file full";
  case AllocCause::NumCauses: break;
  }
  return "?";
}

StringRef allocCauseDescription(AllocCause C) {
  switch (C) {
  case AllocCause::IssuedFullWidth: return "allocation issued at full width";
  case AllocCause::FrontEnd: return "the uop queue had fewer uops than the "
                                    "issue width";
  case AllocCause::ROBFull: return "allocation stalled: reorder buffer full";
  case AllocCause::RSFull: return "allocation stalled: scheduler full";
  case AllocCause::LoadBufferFull: return "allocation stalled: load buffer "
                                          "full";
  case AllocCause::StoreBufferFull: return "allocation stalled: store buffer "
                                           "full";
  case AllocCause::RegisterFileFull: return "allocation stalled: no free "
                                            "physical register";
  case AllocCause::NumCauses: break;
  }
  return "?";
}

namespace {

constexpr double Unknown = std::numeric_limits<double>::infinity();
constexpr double Eps = 1e-9;

//--- Static view of the kernel ------------------------------------------===//

struct SUop {
  PortMask Ports = 0;
  double Latency = 1;
  UopKind Kind = UopKind::Compute;
  bool ReadsAddr = false, ReadsSrc = false, WritesResult = false;
  int8_t Input = -1;
  /// Its index in the decoded instruction (events report that one).
  uint8_t Decoded = 0;
  /// A load renamed onto an earlier store's data: its value does not wait
  /// for a load port. The load still executes (to check the prediction)
  /// and takes its port's time, but later uops wait for that, not it.
  bool Renamed = false;
  double DivCycles = 0;
  double SerialCycles = 0;
};

/// One issue slot: the uops that enter the back end with it.
struct SSlot {
  uint8_t FirstUop = 0, NumUops = 0;
  uint8_t ROBEntries = 1, Loads = 0, Stores = 0;
};

enum class Completion : uint8_t { Normal, AtIssue, PassThrough };

struct SInstr {
  SmallVector<SUop, 4> Uops;
  SmallVector<SSlot, 2> Slots;
  unsigned RetireSlots = 1;
  SmallVector<RegUnit, 4> Reads, AddrReads, Writes;
  bool WritesGPR = false, WritesVec = false;
  Completion Done = Completion::Normal;
  /// Store→load forwarding: the store's position and iteration distance.
  int MemProducer = -1;
  unsigned MemDistance = 0;
  double MemExtra = 0; ///< store-data done + this = earliest load start
  /// Forwarding fails (partial overlap): the load waits for the store to
  /// retire, then MemExtra more cycles (commit) before it can start.
  bool MemBlocked = false;
};

LatencyClass latencyClass(const DecodedInstr &D, const Uop &U) {
  if (U.Kind == UopKind::Load)
    return LatencyClass::Load;
  if (U.DividerCycles || D.DividerCycles)
    return LatencyClass::Divider;
  for (RegUnit R : D.Writes)
    if (isVecUnit(R))
      return LatencyClass::FPVec;
  return LatencyClass::IntALU;
}

/// See SimResult::StallLimit.
long stallLimit(ArrayRef<DecodedInstr> D, const SimConfig &C) {
  long Occupancy = 0, Slots = 0;
  for (const DecodedInstr &I : D) {
    Slots += I.IssueSlots;
    for (const Uop &U : I.Uops)
      Occupancy += U.Latency + U.SerialCycles + U.DividerCycles;
  }
  long ItersInFlight = 1 + long(C.ROBSize) / std::max(1L, Slots);
  return 20000 + 2 * ItersInFlight * Occupancy;
}

/// Distributes \p T's uops over its \p Slots issue slots: micro-fused
/// pairs share a slot (they come first: load+op, then store-address+data);
/// the last slot takes whatever remains (rare wide instructions).
void buildSlots(SInstr &T, unsigned Slots, const SimConfig &C) {
  T.Slots.clear();
  unsigned N = T.Uops.size();
  unsigned Pairs = N > Slots ? std::min(N - Slots, Slots) : 0;
  unsigned U = 0;
  for (unsigned Sl = 0; Sl < Slots; ++Sl) {
    SSlot Q;
    Q.FirstUop = U;
    Q.NumUops = std::min<unsigned>(Sl < Pairs ? 2 : 1, N - U);
    if (Sl + 1 == Slots)
      Q.NumUops = N - U;
    for (unsigned K = U; K < U + Q.NumUops; ++K) {
      Q.Loads += T.Uops[K].Kind == UopKind::Load;
      Q.Stores += T.Uops[K].Kind == UopKind::StoreAddress;
    }
    Q.ROBEntries = C.ROBMicroFusion ? 1 : std::max<unsigned>(1, Q.NumUops);
    U += Q.NumUops;
    T.Slots.push_back(Q);
  }
}

/// Whether a uop of \p T takes its input from a uop issued in a later slot.
bool inputFromLaterSlot(const SInstr &T) {
  SmallVector<unsigned, 8> SlotOf(T.Uops.size(), 0);
  for (unsigned Sl = 0; Sl < T.Slots.size(); ++Sl)
    for (unsigned K = 0; K < T.Slots[Sl].NumUops; ++K)
      SlotOf[T.Slots[Sl].FirstUop + K] = Sl;
  for (unsigned U = 0; U < T.Uops.size(); ++U)
    if (T.Uops[U].Input > int(U) && SlotOf[T.Uops[U].Input] != SlotOf[U])
      return true;
  return false;
}

/// Moves the loads first, keeping the uops' input indices.
void loadsFirst(SmallVectorImpl<SUop> &Uops) {
  std::stable_partition(Uops.begin(), Uops.end(), [](const SUop &V) {
    return V.Kind == UopKind::Load;
  });
  SmallVector<int8_t, 8> NewIndex(Uops.size());
  for (unsigned U = 0; U < Uops.size(); ++U)
    NewIndex[Uops[U].Decoded] = int8_t(U);
  for (SUop &V : Uops)
    if (V.Input >= 0)
      V.Input = NewIndex[V.Input];
}

std::vector<SInstr> buildStatic(ArrayRef<DecodedInstr> D,
                                const DependencyAnalysis &Deps,
                                const SimConfig &C) {
  std::vector<SInstr> S(D.size());
  for (size_t I = 0; I < D.size(); ++I) {
    const DecodedInstr &X = D[I];
    SInstr &T = S[I];
    T.Reads.assign(X.Reads.begin(), X.Reads.end());
    T.AddrReads.assign(X.AddressReads.begin(), X.AddressReads.end());
    T.Writes.assign(X.Writes.begin(), X.Writes.end());
    for (RegUnit U : X.Writes) {
      T.WritesGPR |= isGPRUnit(U);
      T.WritesVec |= isVecUnit(U);
    }
    if (X.EliminatedMove) {
      T.Done = Completion::PassThrough;
      T.WritesGPR = T.WritesVec = false; // shares the source's register
    } else if (X.Uops.empty()) {
      T.Done = Completion::AtIssue;
    }
    for (const Uop &U : X.Uops) {
      SUop V;
      V.Ports = U.Ports;
      V.Kind = U.Kind;
      V.ReadsAddr = U.ReadsAddress;
      V.ReadsSrc = U.ReadsSources;
      V.WritesResult = U.WritesResult;
      V.Input = U.InputUop;
      V.Decoded = uint8_t(T.Uops.size());
      V.Latency = U.Latency * C.LatencyScale[unsigned(latencyClass(X, U))];
      if (I < C.InstrLatencyScale.size() && U.Kind != UopKind::Load)
        V.Latency *= C.InstrLatencyScale[I];
      V.DivCycles = U.DividerCycles / C.DividerSpeed;
      V.SerialCycles = U.SerialCycles;
      T.Uops.push_back(V);
    }
    buildSlots(T, X.IssueSlots, C);
    // A uop waiting in the scheduler for a load of its own instruction
    // that has not issued yet: with enough of them (uops.info's 57-uop
    // IDIV m64 on Haswell has its load after 51 compute uops) the scheduler
    // fills before the load can enter and nothing retires again. Microcode
    // issues such a load first; so does the simulator. Unlaminated load+op
    // pairs (one waiting uop, never a deadlock) keep the decoded order,
    // compute slot first: which order the hardware uses is not measured,
    // and the pinned Gus Jacobi figures were derived with this one.
    if (!X.Unlaminated && inputFromLaterSlot(T)) {
      loadsFirst(T.Uops);
      buildSlots(T, X.IssueSlots, C);
    }
    T.RetireSlots = X.IssueSlots;
  }
  for (const DepEdge &E : Deps.Edges)
    if (E.K == DepEdge::Memory && E.To < S.size()) {
      SInstr &L = S[E.To];
      L.MemProducer = E.From;
      L.MemDistance = E.Distance;
      double LoadLat = D[E.To].LoadLatency *
                       C.LatencyScale[unsigned(LatencyClass::Load)];
      double Forward = (C.Model ? C.Model->Memory.StoreForwardLatency.Value
                                : 5) *
                       C.LatencyScale[unsigned(LatencyClass::Load)];
      L.MemExtra = std::max(0.0, Forward - LoadLat);
      if (E.Renamed) {
        // The value comes from the store's data register at rename.
        L.MemExtra = 0;
        for (SUop &V : L.Uops)
          if (V.Kind == UopKind::Load) {
            V.Latency = 0;
            V.Renamed = true;
          }
      }
    } else if (E.K == DepEdge::MemoryBlocked && E.To < S.size()) {
      SInstr &L = S[E.To];
      L.MemProducer = E.From;
      L.MemDistance = E.Distance;
      L.MemBlocked = true;
      double LoadLat = D[E.To].LoadLatency *
                       C.LatencyScale[unsigned(LatencyClass::Load)];
      double Block = (C.Model ? C.Model->Memory.StoreForwardBlockLatency.Value
                              : 13) *
                     C.LatencyScale[unsigned(LatencyClass::Load)];
      // From the store's retirement: commit to L1, then the reload.
      L.MemExtra = std::max(0.0, Block - LoadLat - 1);
    }
  return S;
}

//--- Dynamic state --------------------------------------------------------===//

enum class UopState : uint8_t { NotIssued, Waiting, Dispatched };

struct DUop {
  UopState State = UopState::NotIssued;
  int8_t Port = -1;
  long IssueCycle = -1;
  long DispatchCycle = -1;
  double Stamp = Unknown; ///< completion time once dispatched
  /// Earliest start once every producer's time is known (cached: producers
  /// leave the window when they retire, their times must not be lost).
  double ReadyCache = Unknown;
  /// What the last readiness check found unresolved: a producer
  /// instruction, or an input uop of the same instruction. The uop is
  /// parked there and woken when it dispatches.
  int64_t WaitingOn = -1;
  int8_t WaitingOnUop = -1;
};

struct DInstr {
  uint64_t Seq = 0;
  unsigned Iter = 0, Index = 0;
  /// Uops (seq, index) waiting for this instruction's results.
  SmallVector<std::pair<uint64_t, uint8_t>, 2> Waiters;
  unsigned SlotsIssued = 0;
  bool Renamed = false, FullyIssued = false, Retired = false;
  long IssueCycle = -1, LastIssueCycle = -1;
  SmallVector<int64_t, 4> SrcProd, AddrProd;
  int64_t MemProd = -1;
  SmallVector<DUop, 4> Uops;
  unsigned UopsDispatched = 0;
  double ResultTime = Unknown; ///< when its register results are available
  double DoneTime = Unknown;   ///< when all its uops have completed
  // Resources held until retirement.
  unsigned ROBHeld = 0, LBHeld = 0, SBHeld = 0;
  bool IntPRFHeld = false, VecPRFHeld = false;
};

/// In-flight instructions, oldest first: a ring of reusable DInstrs (their
/// small vectors keep their capacity, so steady state does not allocate).
class InFlightRing {
public:
  bool empty() const { return Count == 0; }
  size_t size() const { return Count; }
  DInstr &operator[](size_t I) { return Slots[(Head + I) & Mask]; }
  DInstr &front() { return (*this)[0]; }
  DInstr &back() { return (*this)[Count - 1]; }
  void pop_front() {
    Head = (Head + 1) & Mask;
    --Count;
  }
  /// A fresh DInstr at the back.
  DInstr &push_back() {
    if (Count == Slots.size())
      grow();
    DInstr &X = (*this)[Count++];
    X.Waiters.clear();
    X.SrcProd.clear();
    X.AddrProd.clear();
    X.Uops.clear();
    X.SlotsIssued = X.UopsDispatched = 0;
    X.Renamed = X.FullyIssued = X.Retired = false;
    X.IssueCycle = X.LastIssueCycle = -1;
    X.MemProd = -1;
    X.ResultTime = X.DoneTime = std::numeric_limits<double>::infinity();
    X.ROBHeld = X.LBHeld = X.SBHeld = 0;
    X.IntPRFHeld = X.VecPRFHeld = false;
    return X;
  }
  template <typename F> void forEach(F Fn) {
    for (size_t I = 0; I < Count; ++I)
      Fn((*this)[I]);
  }

private:
  void grow() {
    std::vector<DInstr> Bigger(std::max<size_t>(64, Slots.size() * 2));
    for (size_t I = 0; I < Count; ++I)
      Bigger[I] = std::move((*this)[I]);
    Slots = std::move(Bigger);
    Head = 0;
    Mask = Slots.size() - 1;
  }
  std::vector<DInstr> Slots;
  size_t Head = 0, Count = 0, Mask = 0;
};

/// A slot waiting in the uop queue.
struct QueuedSlot {
  unsigned Iter, Index;
  int Slot; ///< -1: an instruction with no issue slot (a fused jcc)
};

class Engine {
public:
  Engine(const Kernel &K, ArrayRef<DecodedInstr> D,
         const DependencyAnalysis &Deps, const SimConfig &C,
         const SimOptions &O)
      : K(K), D(D), C(C), O(O), S(buildStatic(D, Deps, C)), N(D.size()) {
    NP = C.PortCapacity.size();
    RSByPort.resize(NP);
    PendingByPort.resize(NP);
    RSCount.assign(NP, 0);
    InFlightCount.assign(NP, 0);
    PortFreeAt.assign(NP, 0);
    Rename.assign(regunit::Count, -1);
    size_t Ring = 64;
    while (Ring < 2 * std::min(C.ROBSize, 8192.0) + 64)
      Ring *= 2;
    Retired.assign(Ring, {~uint64_t(0), 0.0});
    RetiredAt.assign(Ring, {~uint64_t(0), 0.0});
    MaxIter = O.MaxIterations ? O.MaxIterations : 2000;
    for (const SInstr &I : S)
      SlotsPerIter += I.Slots.size();
    // A region without a branch repeats through an implicit back edge: no
    // taken branch ends the front end's delivery cycle.
    EndsWithBranch = !D.empty() && D.back().IsBranch;
  }

  SimResult run();

private:
  // Stages.
  void retire();
  void dispatch();
  bool dispatchPort(unsigned P);
  void issue();
  void frontEnd();
  void account();

  DInstr *find(int64_t Seq) {
    if (Seq < 0 || uint64_t(Seq) < BaseSeq ||
        uint64_t(Seq) >= BaseSeq + ROB.size())
      return nullptr;
    return &ROB[Seq - BaseSeq];
  }
  /// When the value produced by dynamic instruction Seq is available
  /// (0 if it retired or never existed, Unknown if not yet known).
  double valueTime(int64_t Seq, int64_t *Blocker = nullptr);
  double uopReadyTime(DInstr &I, unsigned U);
  void bindPort(DInstr &I, unsigned U);
  /// Puts an issued uop where dispatch will find it: on its port's
  /// candidate list once its ready time is known, else parked on the
  /// producer it waits for (woken when that producer dispatches).
  void schedule(DInstr &I, unsigned U);
  void wake(DInstr &Producer);
  bool uopDone(const DInstr &I, unsigned U) const {
    return I.Uops[U].State == UopState::Dispatched &&
           I.Uops[U].Stamp <= double(Cycle) + Eps;
  }
  void finishIfDone(DInstr &I);

  const Kernel &K;
  ArrayRef<DecodedInstr> D;
  const SimConfig &C;
  const SimOptions &O;
  std::vector<SInstr> S;
  size_t N;
  unsigned NP = 0;
  unsigned SlotsPerIter = 0;
  bool EndsWithBranch = false;
  unsigned MaxIter = 2000;

  long Cycle = 0;
  InFlightRing ROB; ///< in-flight instructions, oldest first
  uint64_t BaseSeq = 0;   ///< sequence number of ROB.front()
  uint64_t NextSeq = 0;   ///< next instruction to rename
  std::deque<QueuedSlot> Queue;
  unsigned NextFetchIter = 0, NextFetchIndex = 0;
  int NextFetchSlot = 0;

  // Occupancy and pending frees (applied at the start of the next cycle).
  double ROBUsed = 0, RSUsed = 0, LBUsed = 0, SBUsed = 0, IntPRFUsed = 0,
         VecPRFUsed = 0;
  double FreeROB = 0, FreeRS = 0, FreeLB = 0, FreeSB = 0, FreeInt = 0,
         FreeVec = 0;
  std::vector<int64_t> Rename;
  /// Result times of recently retired instructions, by sequence number:
  /// a consumer still in flight is at most ~2 ROB sizes younger.
  std::vector<std::pair<uint64_t, double>> Retired;
  /// Retirement cycles of recently retired instructions (blocked loads).
  std::vector<std::pair<uint64_t, double>> RetiredAt;
  /// Per port: uops whose ready time has come, oldest first; and uops whose
  /// ready time is known but later (a min-heap on that time).
  std::vector<std::vector<std::pair<uint64_t, uint8_t>>> RSByPort;
  struct Pending {
    double Ready;
    uint64_t Seq;
    uint8_t Uop;
    bool operator>(const Pending &O) const {
      return Ready > O.Ready || (Ready == O.Ready && Seq > O.Seq);
    }
  };
  std::vector<std::vector<Pending>> PendingByPort;
  /// Uops woken this cycle, scheduled after the current port pass.
  std::vector<std::pair<uint64_t, uint8_t>> Woken;
  std::vector<unsigned> RSCount, InFlightCount;
  std::vector<double> PortFreeAt;
  double IssueCredit = 0, RetireCredit = 0, FECredit = 0;
  double DividerFreeAt = 0, SerialFreeAt = 0;
  unsigned RoundRobin = 0;

  // Per-cycle facts for accounting.
  double RetiredThisCycle = 0;
  int FirstRetiredIndex = -1;
  AllocCause AllocThisCycle = AllocCause::FrontEnd;
  std::vector<bool> PortUsedThisCycle;
  bool DividerBlockedThisCycle = false;

  // Logs.
  std::vector<long> IterRetireCycle;
  struct CycleLog {
    uint8_t Stall, Alloc;
    uint32_t Instr;
  };
  std::vector<CycleLog> Log;
  std::vector<std::vector<double>> PortDispatchAtIter; // cumulative
  std::vector<double> PortDispatched;
  std::vector<double> DividerBusyAtIter;
  double DividerBusy = 0;
  SimResult R;
};

double Engine::valueTime(int64_t Seq, int64_t *Blocker) {
  DInstr *P = find(Seq);
  if (!P) {
    // Retired (or never existed): its value was ready at its recorded time.
    if (Seq < 0)
      return 0;
    const auto &Slot = Retired[uint64_t(Seq) & (Retired.size() - 1)];
    return Slot.first == uint64_t(Seq) ? Slot.second : 0;
  }
  if (P->ResultTime != Unknown)
    return P->ResultTime;
  if (P->Renamed && S[P->Index].Done == Completion::PassThrough) {
    // An eliminated move: its value is its source's.
    double T = 0;
    for (int64_t Src : P->SrcProd)
      T = std::max(T, valueTime(Src, Blocker));
    if (T != Unknown)
      P->ResultTime = std::max<double>(T, P->IssueCycle);
    return P->ResultTime;
  }
  if (Blocker)
    *Blocker = Seq;
  return Unknown;
}

double Engine::uopReadyTime(DInstr &I, unsigned U) {
  DUop &DU = I.Uops[U];
  if (DU.ReadyCache != Unknown)
    return DU.ReadyCache;
  DU.WaitingOn = -1;
  DU.WaitingOnUop = -1;
  const SUop &SU = S[I.Index].Uops[U];
  double T = DU.IssueCycle + 1; // dispatch after the issue cycle
  auto addProducer = [&](int64_t P) {
    int64_t Blocker = -1;
    double V = valueTime(P, &Blocker);
    if (V == Unknown && DU.WaitingOn < 0)
      DU.WaitingOn = Blocker;
    T = std::max(T, V);
  };
  if (SU.ReadsSrc)
    for (int64_t P : I.SrcProd)
      addProducer(P);
  if (SU.ReadsAddr)
    for (int64_t P : I.AddrProd)
      addProducer(P);
  if (SU.Input >= 0) {
    const DUop &In = I.Uops[SU.Input];
    if (In.State != UopState::Dispatched)
      DU.WaitingOnUop = SU.Input;
    T = std::max(T, In.State == UopState::Dispatched ? In.Stamp : Unknown);
  }
  if (SU.Kind == UopKind::Load && I.MemProd >= 0 && S[I.Index].MemBlocked) {
    if (find(I.MemProd)) {
      if (DU.WaitingOn < 0)
        DU.WaitingOn = I.MemProd; // woken when the store retires
      T = Unknown;
    } else {
      const auto &Slot = RetiredAt[uint64_t(I.MemProd) & (RetiredAt.size() - 1)];
      if (Slot.first == uint64_t(I.MemProd))
        T = std::max(T, Slot.second + S[I.Index].MemExtra);
    }
  } else if (SU.Kind == UopKind::Load && I.MemProd >= 0) {
    if (DInstr *St = find(I.MemProd)) {
      // Forwarding latency counts from the store data's dispatch (as in
      // the static analysis: store + reload = the forwarding latency).
      // The store's address must be known too (its STA has executed).
      double Data = 0;
      for (unsigned V = 0; V < St->Uops.size(); ++V) {
        const SUop &SV = S[St->Index].Uops[V];
        if (SV.Kind == UopKind::StoreData)
          Data = std::max(Data, St->Uops[V].State == UopState::Dispatched
                                    ? St->Uops[V].Stamp - SV.Latency
                                    : Unknown);
        else if (SV.Kind == UopKind::StoreAddress)
          Data = std::max(Data, St->Uops[V].State == UopState::Dispatched
                                    ? St->Uops[V].Stamp
                                    : Unknown);
      }
      if (Data == Unknown && DU.WaitingOn < 0)
        DU.WaitingOn = I.MemProd;
      T = std::max(T, Data + S[I.Index].MemExtra);
    }
  }
  DU.ReadyCache = T;
  return T;
}

void Engine::bindPort(DInstr &I, unsigned U) {
  PortMask Mask = S[I.Index].Uops[U].Ports;
  int Best = -1;
  if (C.Binding == PortBinding::RoundRobin) {
    for (unsigned K = 0; K < NP && Best < 0; ++K) {
      unsigned P = (RoundRobin + K) % NP;
      if (Mask & (PortMask(1) << P))
        Best = P;
    }
    RoundRobin = (Best + 1) % NP;
  } else {
    const std::vector<unsigned> &Count =
        C.Binding == PortBinding::LeastLoadedInRS ? RSCount : InFlightCount;
    unsigned BestCount = ~0u;
    for (unsigned P = 0; P < NP; ++P)
      if ((Mask & (PortMask(1) << P)) && Count[P] < BestCount) {
        Best = P;
        BestCount = Count[P];
      }
  }
  if (Best < 0)
    Best = 0; // a uop without ports cannot happen: the decoder never emits one
  I.Uops[U].Port = Best;
  ++RSCount[Best];
  ++InFlightCount[Best];
  schedule(I, U);
}

void Engine::schedule(DInstr &I, unsigned U) {
  DUop &DU = I.Uops[U];
  if (uopReadyTime(I, U) == Unknown) {
    DInstr *On = DU.WaitingOnUop >= 0 ? &I : find(DU.WaitingOn);
    if (On) {
      On->Waiters.push_back({I.Seq, uint8_t(U)});
      return;
    }
    DU.WaitingOn = -1; // defensive: an unknown blocker cannot be waited on
  }
  if (DU.ReadyCache > double(Cycle) + Eps) {
    auto &Heap = PendingByPort[DU.Port];
    Heap.push_back({DU.ReadyCache, I.Seq, uint8_t(U)});
    std::push_heap(Heap.begin(), Heap.end(), std::greater<Pending>());
    return;
  }
  auto &List = RSByPort[DU.Port];
  std::pair<uint64_t, uint8_t> Key{I.Seq, uint8_t(U)};
  List.insert(std::lower_bound(List.begin(), List.end(), Key), Key);
}

void Engine::wake(DInstr &Producer) {
  for (auto W : Producer.Waiters)
    Woken.push_back(W);
  Producer.Waiters.clear();
}

void Engine::finishIfDone(DInstr &I) {
  if (!I.FullyIssued || I.DoneTime != Unknown)
    return;
  const SInstr &SI = S[I.Index];
  if (SI.Done == Completion::AtIssue) {
    I.DoneTime = I.ResultTime = I.LastIssueCycle;
    return;
  }
  if (SI.Done == Completion::PassThrough) {
    // Done at rename; its value is its source's (valueTime resolves it).
    I.DoneTime = I.LastIssueCycle;
    return;
  }
  if (I.UopsDispatched < I.Uops.size())
    return;
  double Done = 0, Result = -1;
  for (unsigned U = 0; U < I.Uops.size(); ++U) {
    Done = std::max(Done, I.Uops[U].Stamp);
    if (SI.Uops[U].WritesResult)
      Result = std::max(Result, I.Uops[U].Stamp);
  }
  I.DoneTime = Done;
  I.ResultTime = Result >= 0 ? Result : Done;
}

void Engine::retire() {
  RetireCredit = std::min(RetireCredit, 1.0 - Eps) + C.RetireWidth;
  RetiredThisCycle = 0;
  FirstRetiredIndex = -1;
  while (!ROB.empty()) {
    DInstr &H = ROB.front();
    if (!H.FullyIssued)
      break;
    finishIfDone(H);
    if (H.DoneTime == Unknown || H.DoneTime > double(Cycle) + Eps)
      break;
    unsigned Slots = S[H.Index].RetireSlots;
    // Wider-than-width instructions retire over several cycles' credit.
    double Need = std::min<double>(Slots, std::floor(C.RetireWidth + Eps));
    if (Slots && RetireCredit + Eps < Need)
      break;
    RetireCredit -= Slots;
    RetiredThisCycle += Slots;
    if (FirstRetiredIndex < 0)
      FirstRetiredIndex = H.Index;
    FreeROB += H.ROBHeld;
    FreeLB += H.LBHeld;
    FreeSB += H.SBHeld;
    FreeInt += H.IntPRFHeld;
    FreeVec += H.VecPRFHeld;
    valueTime(H.Seq); // resolve a pass-through value before it leaves
    Retired[H.Seq & (Retired.size() - 1)] = {H.Seq, H.ResultTime};
    RetiredAt[H.Seq & (RetiredAt.size() - 1)] = {H.Seq, double(Cycle)};
    wake(H); // loads blocked on this store may go now
    if (O.Trace && H.Iter < O.TraceIterations) {
      auto &T = R.Timeline[H.Iter][H.Index];
      T.Retired = Cycle;
      if (T.Completed < 0)
        T.Completed = long(std::ceil(H.DoneTime - Eps));
    }
    bool LastOfIter = H.Index + 1 == N;
    unsigned Iter = H.Iter;
    ROB.pop_front();
    ++BaseSeq;
    if (LastOfIter) {
      IterRetireCycle.push_back(Cycle);
      PortDispatchAtIter.push_back(PortDispatched);
      DividerBusyAtIter.push_back(DividerBusy);
      (void)Iter;
    }
  }
}

void Engine::dispatch() {
  std::fill(PortUsedThisCycle.begin(), PortUsedThisCycle.end(), false);
  DividerBlockedThisCycle = false;
  // Uops woken by a dispatch may be ready in the same cycle (a load
  // forwarded from a store, zero-latency scaled chains): schedule them and
  // give the ports another pass while that happens.
  for (unsigned Pass = 0; Pass < 4; ++Pass) {
    bool Any = false;
    for (unsigned P = 0; P < NP; ++P) {
      Any |= dispatchPort(P);
      for (auto [Seq, U] : Woken)
        if (DInstr *X = find(Seq))
          schedule(*X, U);
      Woken.clear();
    }
    if (!Any)
      break;
  }
  // In-flight counts (for the in-flight binding policy) drop at completion.
  if (C.Binding == PortBinding::LeastLoadedInFlight) {
    std::fill(InFlightCount.begin(), InFlightCount.end(), 0);
    ROB.forEach([&](DInstr &X) {
      for (unsigned U = 0; U < X.Uops.size(); ++U)
        if (X.Uops[U].Port >= 0 && !uopDone(X, U))
          ++InFlightCount[X.Uops[U].Port];
    });
  }
}

bool Engine::dispatchPort(unsigned P) {
  bool Dispatched = false;
  auto &List = RSByPort[P];
  // Uops whose ready time has come join the age-ordered ready list.
  auto &Heap = PendingByPort[P];
  while (!Heap.empty() && Heap.front().Ready <= double(Cycle) + Eps) {
    std::pair<uint64_t, uint8_t> Key{Heap.front().Seq, Heap.front().Uop};
    List.insert(std::lower_bound(List.begin(), List.end(), Key), Key);
    std::pop_heap(Heap.begin(), Heap.end(), std::greater<Pending>());
    Heap.pop_back();
  }
  for (size_t I = 0; I < List.size();) {
    auto [Seq, U] = List[I];
    DInstr *X = find(Seq);
    if (!X) { // cannot happen: uops leave the RS before retirement
      List.erase(List.begin() + I);
      continue;
    }
    // A uop starts when its operands are ready and its port (and divider)
    // is free. Ports are free again 1/capacity after a start: real-valued,
    // so that scaled latencies and capacities take effect exactly, while
    // decisions are still taken cycle by cycle, oldest uop first.
    double Ready = uopReadyTime(*X, U);
    const SUop &SU = S[X->Index].Uops[U];
    if (Ready > double(Cycle) + Eps) {
      ++I; // not ready (its readiness is cached for later cycles)
      continue;
    }
    double Start = SU.Renamed ? Ready : std::max(Ready, PortFreeAt[P]);
    if (Start > double(Cycle) + Eps) {
      ++I; // the port is busy this cycle
      continue;
    }
    if (SU.DivCycles > 0 && DividerFreeAt > double(Cycle) + Eps) {
      DividerBlockedThisCycle = true;
      ++I;
      continue;
    }
    if (SU.SerialCycles > 0 && SerialFreeAt > double(Cycle) + Eps) {
      ++I;
      continue;
    }
    if (SU.DivCycles > 0)
      Start = std::max(Start, DividerFreeAt);
    if (SU.SerialCycles > 0) {
      Start = std::max(Start, SerialFreeAt);
      SerialFreeAt = Start + SU.SerialCycles;
    }
    DUop &DU = X->Uops[U];
    DU.State = UopState::Dispatched;
    DU.DispatchCycle = Cycle;
    DU.Stamp = Start + SU.Latency;
    if (SU.DivCycles > 0) {
      DividerFreeAt = Start + SU.DivCycles;
      DividerBusy += SU.DivCycles;
    }
    Dispatched = true;
    ++X->UopsDispatched;
    --RSCount[P];
    FreeRS += 1;
    PortFreeAt[P] = std::max(PortFreeAt[P], Start) + 1.0 / C.PortCapacity[P];
    PortUsedThisCycle[P] = true;
    PortDispatched[P] += 1;
    finishIfDone(*X);
    wake(*X);
    if (O.Trace && X->Iter < O.TraceIterations) {
      UopEvent E;
      E.Iteration = X->Iter;
      E.Instr = X->Index;
      E.Uop = SU.Decoded;
      E.Issued = DU.IssueCycle;
      E.Dispatched = Cycle;
      E.Completed = long(std::ceil(DU.Stamp - Eps));
      E.Port = P;
      R.Events.push_back(E);
      auto &T = R.Timeline[X->Iter][X->Index];
      if (T.Dispatched < 0 || Cycle < T.Dispatched)
        T.Dispatched = Cycle;
      T.Completed = std::max(T.Completed, E.Completed);
    }
    List.erase(List.begin() + I);
  }
  return Dispatched;
}

void Engine::issue() {
  IssueCredit = std::min(IssueCredit, 1.0 - Eps) + C.IssueWidth;
  AllocThisCycle = AllocCause::FrontEnd;
  double Issued = 0;
  int FirstIter = -1;
  while (!Queue.empty()) {
    QueuedSlot Q = Queue.front();
    if (C.IterationBoundaryRule && FirstIter >= 0 && int(Q.Iter) != FirstIter)
      break; // SNB/IVB: one iteration per issue cycle
    if (Q.Slot >= 0 && IssueCredit < 1.0 - Eps) {
      AllocThisCycle = AllocCause::IssuedFullWidth;
      break;
    }
    const SInstr &SI = S[Q.Index];
    // The instruction being issued is the youngest in the ROB, or new.
    bool New = ROB.empty() || ROB.back().Iter != Q.Iter ||
               ROB.back().Index != Q.Index || ROB.back().FullyIssued;
    const SSlot *Slot = Q.Slot >= 0 ? &SI.Slots[Q.Slot] : nullptr;
    double NeedROB = Slot ? Slot->ROBEntries : 0;
    double NeedRS = Slot ? Slot->NumUops : 0;
    double NeedLB = Slot ? Slot->Loads : 0, NeedSB = Slot ? Slot->Stores : 0;
    bool NeedInt = New && SI.WritesGPR, NeedVec = New && SI.WritesVec;
    if (ROBUsed + NeedROB > C.ROBSize + Eps) {
      AllocThisCycle = AllocCause::ROBFull;
      break;
    }
    if (RSUsed + NeedRS > C.RSSize + Eps) {
      AllocThisCycle = AllocCause::RSFull;
      break;
    }
    if (LBUsed + NeedLB > C.LoadBufferSize + Eps) {
      AllocThisCycle = AllocCause::LoadBufferFull;
      break;
    }
    if (SBUsed + NeedSB > C.StoreBufferSize + Eps) {
      AllocThisCycle = AllocCause::StoreBufferFull;
      break;
    }
    if ((NeedInt && IntPRFUsed + 1 > C.IntPRFSize + Eps) ||
        (NeedVec && VecPRFUsed + 1 > C.VecPRFSize + Eps)) {
      AllocThisCycle = AllocCause::RegisterFileFull;
      break;
    }
    Queue.pop_front();
    if (FirstIter < 0)
      FirstIter = Q.Iter;
    if (New) {
      DInstr &X = ROB.push_back();
      X.Seq = NextSeq++;
      X.Iter = Q.Iter;
      X.Index = Q.Index;
      X.IssueCycle = Cycle;
      X.Uops.resize(SI.Uops.size());
      // Rename: producers of the sources, then this instruction's results.
      for (RegUnit U : SI.Reads)
        X.SrcProd.push_back(Rename[U]);
      for (RegUnit U : SI.AddrReads)
        X.AddrProd.push_back(Rename[U]);
      if (SI.MemProducer >= 0 && Q.Iter >= SI.MemDistance)
        X.MemProd = int64_t(Q.Iter - SI.MemDistance) * N + SI.MemProducer;
      for (RegUnit U : SI.Writes)
        Rename[U] = X.Seq;
      X.Renamed = true;
      if (NeedInt) {
        IntPRFUsed += 1;
        X.IntPRFHeld = true;
      }
      if (NeedVec) {
        VecPRFUsed += 1;
        X.VecPRFHeld = true;
      }
    }
    DInstr &X = ROB.back();
    X.LastIssueCycle = Cycle;
    if (Slot) {
      ROBUsed += NeedROB;
      RSUsed += NeedRS;
      LBUsed += NeedLB;
      SBUsed += NeedSB;
      X.ROBHeld += NeedROB;
      X.LBHeld += NeedLB;
      X.SBHeld += NeedSB;
      for (unsigned U = Slot->FirstUop; U < Slot->FirstUop + Slot->NumUops;
           ++U) {
        X.Uops[U].State = UopState::Waiting;
        X.Uops[U].IssueCycle = Cycle;
        bindPort(X, U);
      }
      ++X.SlotsIssued;
      IssueCredit -= 1;
      Issued += 1;
    }
    if (X.SlotsIssued == SI.Slots.size()) {
      X.FullyIssued = true;
      finishIfDone(X);
      if (O.Trace && X.Iter < O.TraceIterations)
        R.Timeline[X.Iter][X.Index].Issued = X.IssueCycle;
    }
  }
  if (AllocThisCycle == AllocCause::FrontEnd &&
      Issued + Eps >= std::floor(C.IssueWidth + Eps))
    AllocThisCycle = AllocCause::IssuedFullWidth;
}

void Engine::frontEnd() {
  // Uop-cache / loop-stream-detector delivery into the uop queue. Without an
  // LSD the uop cache stops at the taken loop branch: the next iteration
  // starts in the next cycle.
  FECredit = std::min(FECredit, 1.0 - Eps) + C.FrontEndWidth;
  bool StopAtBranch = K.Shape == KernelShape::Loop && !C.UseLSD &&
                      EndsWithBranch;
  while (NextFetchIter < MaxIter && Queue.size() < C.UopQueueSize) {
    const SInstr &SI = S[NextFetchIndex];
    if (SI.Slots.empty()) {
      Queue.push_back({NextFetchIter, NextFetchIndex, -1});
    } else {
      if (FECredit < 1.0 - Eps)
        break;
      Queue.push_back({NextFetchIter, NextFetchIndex, NextFetchSlot});
      FECredit -= 1;
      if (++NextFetchSlot < int(SI.Slots.size()))
        continue;
    }
    NextFetchSlot = 0;
    if (++NextFetchIndex == N) {
      NextFetchIndex = 0;
      ++NextFetchIter;
      if (StopAtBranch)
        break;
    }
  }
}

void Engine::account() {
  CycleLog L;
  L.Alloc = uint8_t(AllocThisCycle);
  L.Instr = 0;
  if (RetiredThisCycle + Eps >= std::floor(C.RetireWidth + Eps) &&
      RetiredThisCycle > 0) {
    L.Stall = uint8_t(StallCause::Retiring);
    L.Instr = FirstRetiredIndex;
    Log.push_back(L);
    return;
  }
  // The oldest unfinished instruction decides.
  DInstr *H = nullptr;
  for (size_t I = 0; I < ROB.size(); ++I) {
    DInstr &X = ROB[I];
    finishIfDone(X);
    if (X.DoneTime == Unknown || X.DoneTime > double(Cycle) + Eps) {
      H = &X;
      break;
    }
  }
  if (!H) {
    L.Stall = uint8_t(StallCause::FrontEnd);
    L.Instr = Queue.empty() ? 0 : Queue.front().Index;
    Log.push_back(L);
    return;
  }
  L.Instr = H->Index;
  StallCause Cause = StallCause::Executing;
  if (!H->FullyIssued || H->LastIssueCycle >= Cycle) {
    Cause = StallCause::FrontEnd; // it only just arrived
  } else {
    for (unsigned U = 0; U < H->Uops.size(); ++U) {
      if (H->Uops[U].State == UopState::Dispatched)
        continue;
      double Ready = uopReadyTime(*H, U);
      if (Ready > double(Cycle) + Eps)
        Cause = StallCause::Dependency;
      else if (S[H->Index].Uops[U].DivCycles > 0 &&
               DividerFreeAt > double(Cycle) + Eps)
        Cause = StallCause::DividerBusy;
      else if (S[H->Index].Uops[U].SerialCycles > 0 &&
               SerialFreeAt > double(Cycle) + Eps)
        Cause = StallCause::SerialBusy;
      else
        Cause = StallCause::PortContention;
      break;
    }
  }
  L.Stall = uint8_t(Cause);
  Log.push_back(L);
}

SimResult Engine::run() {
  PortUsedThisCycle.assign(NP, false);
  PortDispatched.assign(NP, 0);
  if (O.Trace)
    R.Timeline.assign(std::min(O.TraceIterations, MaxIter),
                      std::vector<SimResult::InstrTimes>(N));
  if (N == 0 || SlotsPerIter == 0) {
    // Nothing occupies the machine: e.g. a body of fused branches only.
    R.CyclesPerIteration = 0;
    return R;
  }
  // Iterations needed before a steady state can show: the buffers fill.
  // (Capped: an "unlimited" ROB in a sensitivity run never fills.)
  unsigned Warmup =
      8 + unsigned(std::min(
              32.0, std::ceil(C.ROBSize / std::max(1u, SlotsPerIter))));
  // Scaled (fractional) configurations have long exact periods: check a
  // longer stretch before trusting a short one.
  bool Fractional = std::fmod(C.IssueWidth, 1) || std::fmod(C.RetireWidth, 1) ||
                    std::fmod(C.DividerSpeed, 1) || !C.InstrLatencyScale.empty();
  for (double V : C.PortCapacity)
    Fractional |= std::fmod(V, 1) != 0;
  for (double V : C.LatencyScale)
    Fractional |= V != 1;
  const size_t MinChecks = Fractional ? 32 : 16;
  const unsigned MaxPeriod = 64;
  unsigned long MaxCycles = 4000000;
  size_t Found = 0;
  unsigned Period = 0;
  bool Converged = false;
  size_t LastChecked = 0;
  long LastRetireCycle = 0;
  R.StallLimit = stallLimit(D, C);
  for (Cycle = 0; IterRetireCycle.size() < MaxIter && Cycle < long(MaxCycles);
       ++Cycle) {
    // Resources freed last cycle become usable now.
    ROBUsed -= FreeROB;
    RSUsed -= FreeRS;
    LBUsed -= FreeLB;
    SBUsed -= FreeSB;
    IntPRFUsed -= FreeInt;
    VecPRFUsed -= FreeVec;
    FreeROB = FreeRS = FreeLB = FreeSB = FreeInt = FreeVec = 0;
    uint64_t RetiredBefore = BaseSeq;
    retire();
    if (BaseSeq != RetiredBefore)
      LastRetireCycle = Cycle;
    else if (Cycle - LastRetireCycle > R.StallLimit) {
      R.Stalled = true;
      break;
    }
    dispatch();
    issue();
    frontEnd();
    account();
    if (O.StopAtSteadyState && IterRetireCycle.size() != LastChecked) {
      LastChecked = IterRetireCycle.size();
      size_t Kk = LastChecked;
      if (Kk > Warmup) {
        // The retirement rhythm repeats with period p: over at least two
        // periods and 32 iterations (scaled, fractional configurations can
        // have long exact periods, e.g. 23 iterations for 4/1.15 cycles).
        for (unsigned P = 1; P <= MaxPeriod; ++P) {
          size_t Checks = std::max<size_t>(2 * P, MinChecks);
          if (Checks + P + 1 + Warmup / 2 > Kk)
            break;
          bool Same = true;
          for (size_t J = 0; J < Checks && Same; ++J) {
            size_t A = Kk - 1 - J, B = A - P;
            long DA = IterRetireCycle[A] - IterRetireCycle[A - 1];
            long DB = IterRetireCycle[B] - IterRetireCycle[B - 1];
            Same = DA == DB;
          }
          if (Same) {
            Found = Kk;
            Period = P;
            break;
          }
        }
        if (Found)
          break;
        // No exact period (quasi-periodic scaled configurations): stop once
        // two consecutive windows of W iterations agree within one cycle.
        const size_t W = 64;
        if (Kk >= Warmup + 2 * W + 1) {
          long A = IterRetireCycle[Kk - 1] - IterRetireCycle[Kk - 1 - W];
          long B = IterRetireCycle[Kk - 1 - W] - IterRetireCycle[Kk - 1 - 2 * W];
          if (std::labs(A - B) <= 1) {
            Converged = true;
            break;
          }
        }
      }
    }
  }
  R.Cycles = Cycle;
  R.IterationsSimulated = IterRetireCycle.size();
  size_t Done = IterRetireCycle.size();
  if (Done < 2) {
    R.CyclesPerIteration = double(Cycle) / std::max<size_t>(1, Done);
    return R;
  }
  // The measured window: whole periods (at least 10 iterations) ending at
  // the last retired iteration, else the second half.
  size_t Last = Done - 1, First;
  if (Found) {
    R.SteadyState = true;
    R.Period = Period;
    size_t Reps = std::max<size_t>(1, (10 + Period - 1) / Period);
    while (Reps > 1 && Reps * Period > Last)
      --Reps;
    First = Last - std::min(Last, Reps * Period);
  } else if (Converged) {
    R.SteadyState = true;
    First = Last - 128;
  } else {
    First = Last / 2;
  }
  double Iters = double(Last - First);
  long C0 = IterRetireCycle[First], C1 = IterRetireCycle[Last];
  R.CyclesPerIteration = double(C1 - C0) / Iters;

  R.StallsPerInstr.assign(N, {});
  for (long Cy = C0 + 1; Cy <= C1 && Cy < long(Log.size()); ++Cy) {
    const CycleLog &L = Log[Cy];
    R.Stalls[L.Stall] += 1.0 / Iters;
    R.Allocation[L.Alloc] += 1.0 / Iters;
    if (L.Instr < N)
      R.StallsPerInstr[L.Instr][L.Stall] += 1.0 / Iters;
  }
  R.PortUopsPerIteration.assign(NP, 0);
  for (unsigned P = 0; P < NP; ++P)
    R.PortUopsPerIteration[P] =
        (PortDispatchAtIter[Last][P] - PortDispatchAtIter[First][P]) / Iters;
  R.DividerBusyPerIteration =
      (DividerBusyAtIter[Last] - DividerBusyAtIter[First]) / Iters;
  return R;
}

} // namespace

SimResult simulate(const Kernel &K, ArrayRef<DecodedInstr> D,
                   const DependencyAnalysis &Deps, const SimConfig &Config,
                   const SimOptions &Opts) {
  Engine E(K, D, Deps, Config, Opts);
  SimResult R = E.run();
  // Uop events are recorded at dispatch; retirement is per instruction.
  for (UopEvent &Ev : R.Events)
    if (Ev.Iteration < R.Timeline.size() &&
        Ev.Instr < R.Timeline[Ev.Iteration].size())
      Ev.Retired = R.Timeline[Ev.Iteration][Ev.Instr].Retired;
  return R;
}

} // namespace luarch
