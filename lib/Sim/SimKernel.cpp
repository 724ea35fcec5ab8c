//===- SimKernel.cpp - The loop body as the simulator sees it ------------===//
#include "SimKernel.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <array>
#include <cmath>

using namespace llvm;

namespace luarch {
namespace sim {

static LatencyClass latencyClass(const DecodedInstr &D, const Uop &U) {
  if (U.Kind == UopKind::Load)
    return LatencyClass::Load;
  if (U.DividerCycles || D.DividerCycles)
    return LatencyClass::Divider;
  for (RegUnit R : D.Writes)
    if (isVecUnit(R))
      return LatencyClass::FPVec;
  return LatencyClass::IntALU;
}

long stallLimit(ArrayRef<DecodedInstr> D, const SimConfig &C) {
  long Occupancy = 0, Slots = 0;
  for (const DecodedInstr &I : D) {
    Slots += I.IssueSlots;
    for (const Uop &U : I.Uops)
      Occupancy += U.Latency + U.SerialCycles +
                   long(std::ceil(U.DividerCycles /
                                  C[ResourceId::DividerSpeed]));
  }
  long ItersInFlight = 1 + long(C[ResourceId::ROB]) / std::max(1L, Slots);
  return 20000 + 2 * ItersInFlight * Occupancy;
}

/// Distributes \p T's uops over its \p Slots issue slots: micro-fused
/// pairs share a slot (they come first: load+op, then store-address+data);
/// the last slot takes whatever remains (rare wide instructions).
static void buildSlots(SInstr &T, unsigned Slots, const SimConfig &C) {
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
      Q.VecSchedulerUops += T.Uops[K].VecScheduler;
    }
    Q.ROBEntries = C.ROBMicroFusion ? 1 : std::max<unsigned>(1, Q.NumUops);
    U += Q.NumUops;
    T.Slots.push_back(Q);
  }
}

/// Whether a uop of \p T takes its input from a uop issued in a later slot.
static bool inputFromLaterSlot(const SInstr &T) {
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
static void loadsFirst(SmallVectorImpl<SUop> &Uops) {
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

bool usesVecScheduler(const MachineModel &M, const Uop &U) {
  if (!M.BackEnd.VecSchedulerSize || !U.Ports || U.PipeOccupancyCopy)
    return false;
  return (U.Ports & ~M.BackEnd.VecSchedulerPorts) == 0;
}

/// MoveEliminationDesc's slots: a register-to-register move of a class
/// with slots may find none and execute: one uop, latency 1.
static void setExecutedMove(SInstr &T, const DecodedInstr &X,
                            const SimConfig &C) {
  if (!C.Model || !X.Uops.empty() || X.Reads.size() != 1 ||
      X.Writes.empty())
    return;
  const MoveEliminationDesc &ME = C.Model->MoveElimination;
  RegUnit Src = X.Reads.front();
  bool GPR = isGPRUnit(Src) && ME.GPRSlots && C.Model->IntALUPorts;
  bool Vec = isVecUnit(Src) && ME.VectorSlots && ME.VectorMovePorts;
  if (!GPR && !Vec)
    return;
  T.MoveSlots = GPR ? MoveSlotClass::GPR : MoveSlotClass::Vector;
  SUop &V = T.ExecutedMove;
  V.Ports = GPR ? C.Model->IntALUPorts : ME.VectorMovePorts;
  V.Kind = UopKind::Compute;
  V.ReadsSrc = V.WritesResult = true;
  V.Latency = C.LatencyScale[unsigned(GPR ? LatencyClass::IntALU
                                           : LatencyClass::FPVec)];
  // Worked out like the body's uops' (buildSimKernel): Core::plainUop
  // asserts it, and a move that executes is a plain uop.
  V.Plain = isPlainUop(V);
  V.SharedUnit = false;
}

static SInstr buildInstr(const DecodedInstr &X, unsigned I,
                         const SimConfig &C) {
  SInstr T;
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
    setExecutedMove(T, X, C);
  } else if (X.Uops.empty()) {
    T.Done = Completion::AtIssue;
  }
  T.FlagsAtDone = X.FlagsOutLatency >= 0 && !X.Uops.empty();
  for (const Uop &U : X.Uops) {
    SUop V;
    V.Ports = U.Ports;
    V.Kind = U.Kind;
    V.ReadsAddr = U.ReadsAddress;
    V.ReadsSrc = U.ReadsSources;
    V.Sources = U.Sources;
    V.WritesResult = U.WritesResult;
    V.Input = U.InputUop;
    V.Decoded = uint8_t(T.Uops.size());
    V.Latency = U.Latency * C.LatencyScale[unsigned(latencyClass(X, U))];
    if (I < C.InstrLatencyScale.size() && U.Kind != UopKind::Load)
      V.Latency *= C.InstrLatencyScale[I];
    V.DivCycles = U.DividerCycles / C[ResourceId::DividerSpeed];
    V.SerialCycles = U.SerialCycles;
    V.Share = U.Share;
    V.VecScheduler = C.Model && usesVecScheduler(*C.Model, U);
    V.ResultBeforeFlags = T.FlagsAtDone && V.WritesResult;
    T.PartialCopies |= V.Share < 1;
    T.Uops.push_back(V);
  }
  // A pure load with register sources merges them into its result.
  if (!X.Reads.empty() && none_of(T.Uops, [](const SUop &V) {
        return V.ReadsSrc;
      }))
    for (SUop &V : T.Uops)
      if (V.Kind == UopKind::Load && V.WritesResult)
        V.MergesSources = true;
  T.AddressExtra = X.AddressPathExtra *
                   C.LatencyScale[unsigned(LatencyClass::Load)];
  buildSlots(T, X.IssueSlots, C);
  // A uop waiting in the scheduler for a load of its own instruction that
  // has not issued yet: with enough of them (uops.info's 57-uop IDIV m64
  // on Haswell has its load after 51 compute uops) the scheduler fills
  // before the load can enter and nothing retires again. Microcode issues
  // such a load first; so does the simulator. Unlaminated load+op pairs
  // (one waiting uop, never a deadlock) keep the decoded order, compute
  // slot first: which order the hardware uses is not measured, and the
  // pinned Gus Jacobi figures were derived with this one.
  if (!X.Unlaminated && inputFromLaterSlot(T)) {
    loadsFirst(T.Uops);
    buildSlots(T, X.IssueSlots, C);
  }
  T.RetireSlots = X.IssueSlots;
  return T;
}

/// Store→load edges found statically: the load waits for the store's data
/// (forwarding) or, when forwarding fails, for the store's retirement.
static void addMemoryProducers(SimKernel &S, ArrayRef<DecodedInstr> D,
                               const DependencyAnalysis &Deps,
                               const SimConfig &C) {
  double LoadScale = C.LatencyScale[unsigned(LatencyClass::Load)];
  // Per load: whether its (last) memory edge forwards plainly (no flush,
  // renaming, address wait or block), for ForwardSkipsCycles below.
  std::vector<bool> PlainForward(S.size(), false);
  for (const DepEdge &E : Deps.Edges) {
    if ((E.K != DepEdge::Memory && E.K != DepEdge::MemoryBlocked) ||
        E.To >= S.size())
      continue;
    SInstr &L = S.Instrs[E.To];
    L.MemProducer = E.From;
    L.MemDistance = E.Distance;
    PlainForward[E.To] = E.K == DepEdge::Memory && !E.Flushed && !E.Renamed &&
                         !E.WaitsForAddress;
    double LoadLat = D[E.To].LoadLatency * LoadScale;
    // A load that waits for the store to commit (a blocked forward):
    // beyond its load-to-use latency, from the store's retirement, the
    // commit to L1 and the reload (MemoryDesc::LockedStoreForwardBlockLatency
    // for a locked store).
    auto ExtraAfterCommit = [&] {
      double Block =
          (C.Model ? C.Model->Memory.forwardBlockLatency(D[E.From].Locked)
                   : 13) *
          LoadScale;
      return std::max(0.0, Block - LoadLat - 1);
    };
    if (E.K == DepEdge::Memory) {
      double Forward =
          (C.Model ? C.Model->Memory.StoreForwardLatency.Value : 5) *
          LoadScale;
      L.MemExtra = std::max(0.0, Forward - LoadLat);
      // Drifting addresses that overlap partly in some iterations: that
      // share of the blocked wait on top (DepEdge::BlockedShare).
      if (E.BlockedShare > 0 && C.Model)
        L.MemExtra += E.BlockedShare *
                      std::max(0.0, (C.Model->Memory.StoreForwardBlockLatency -
                                     C.Model->Memory.StoreForwardLatency.Value) *
                                        LoadScale);
      if (E.WaitsForAddress && C.Model)
        L.MemAddressWait = std::max(
            0.0, C.Model->Memory.LoadedStoreAddressForward * LoadScale -
                     LoadLat);
      // MemoryDesc::LoadedStoreAddressFlush: the flushed load's value
      // comes that many cycles after the store's address.
      if (E.Flushed && C.Model)
        L.MemExtra = std::max(
            0.0, C.Model->Memory.LoadedStoreAddressFlush * LoadScale - LoadLat);
      if (E.Renamed) {
        // The value comes from the store's data register at rename.
        L.MemExtra = 0;
        for (SUop &V : L.Uops)
          if (V.Kind == UopKind::Load) {
            if (C.Model &&
                C.Model->Memory.RenamedLoadAfterCommitReadsCache.Value) {
              V.CacheLatency = V.Latency;
              V.StoreCommitDelay = ExtraAfterCommit();
            }
            V.Latency = 0;
            V.Renamed = true;
          }
      }
      continue;
    }
    L.MemBlocked = true;
    L.MemExtra = ExtraAfterCommit();
    // MemoryDesc::StoreForwardBlockAfterRetire (not for locked stores,
    // whose wait LockedStoreForwardBlockLatency gives from retirement, nor
    // for a locked load, which waits for the store buffer to drain): the
    // value comes that long after the store retires, and no sooner than
    // StoreForwardBlockLatency after the data and address uops of the
    // store and of every older one (stores commit in order).
    if (C.Model && C.Model->Memory.StoreForwardBlockAfterRetire &&
        !D[E.From].isLockedRMW() && !D[E.To].isLockedRMW()) {
      const MemoryDesc &Mem = C.Model->Memory;
      L.MemExtra = std::max(
          0.0, Mem.StoreForwardBlockAfterRetire * LoadScale - LoadLat);
      L.MemBlockedAfterData =
          std::max(0.0, Mem.StoreForwardBlockLatency * LoadScale - LoadLat);
    }
  }
  // MemoryDesc::ForwardedLoadSkipsComplexAddress: a forwarded load's value
  // does not wait for its complex address's extra cycle, which stays on
  // the address path (as DecodedInstr::AddressPathExtra's does).
  for (size_t I = 0; I < S.size() && I < D.size(); ++I) {
    if (!PlainForward[I] || !D[I].ForwardSkipsCycles || !C.Model)
      continue;
    SInstr &L = S.Instrs[I];
    double LoadLat = D[I].LoadLatency * LoadScale;
    double Cut = D[I].ForwardSkipsCycles * LoadScale;
    double Forward = C.Model->Memory.StoreForwardLatency.Value * LoadScale;
    for (SUop &V : L.Uops)
      if (V.Kind == UopKind::Load)
        V.Latency = std::max(0.0, V.Latency - Cut);
    L.AddressExtra += Cut;
    L.MemExtra += std::max(0.0, Forward - (LoadLat - Cut)) -
                  std::max(0.0, Forward - LoadLat);
  }
}

SimKernel buildSimKernel(const Kernel &K, ArrayRef<DecodedInstr> D,
                         const DependencyAnalysis &Deps, const SimConfig &C,
                         unsigned TripCount) {
  SimKernel S;
  S.Instrs.reserve(D.size());
  for (size_t I = 0; I < D.size(); ++I) {
    S.Instrs.push_back(buildInstr(D[I], I, C));
    S.SlotsPerIteration += S.Instrs.back().Slots.size();
  }
  addMemoryProducers(S, D, Deps, C);
  // Stores commit in order: a load blocked on one waits for the data and
  // address of every older store too (MemoryDesc::
  // StoreForwardBlockAfterRetire).
  if (C.Model && C.Model->Memory.StoreForwardBlockAfterRetire)
    for (SInstr &I : S.Instrs)
      for (const SUop &U : I.Uops)
        I.KeepsStoreDataTime |= U.Kind == UopKind::StoreData;
  if (C.Model)
    for (size_t I = 0; I < D.size(); ++I)
      S.Instrs[I].LoadWaitsForStoreAddresses =
          loadWaitsForStoreAddresses(D[I], *C.Model);
  // Readers of flags that come late (SInstr::FlagsAtDone).
  std::array<bool, regunit::Count> LateFlagUnits{};
  for (const SInstr &I : S.Instrs)
    if (I.FlagsAtDone)
      for (RegUnit U : I.Writes)
        if (isFlagUnit(U))
          LateFlagUnits[U] = true;
  for (SInstr &I : S.Instrs)
    if (any_of(I.Reads, [&](RegUnit U) {
          return U < regunit::Count && LateFlagUnits[U];
        }))
      for (SUop &U : I.Uops)
        U.LateFlags = U.ReadsSrc && U.Sources != SourceSubset::NonFlags;
  for (SInstr &I : S.Instrs)
    for (SUop &U : I.Uops) {
      U.Plain = isPlainUop(U);
      U.SharedUnit = U.DivCycles > 0 || U.SerialCycles > 0;
    }
  S.EndsWithBranch = !D.empty() && D.back().IsBranch;
  S.Shape = K.Shape;
  S.TripCount = TripCount;
  return S;
}

} // namespace sim
} // namespace luarch
