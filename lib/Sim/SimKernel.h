//===- SimKernel.h - The loop body as the simulator sees it ----*- C++ -*-===//
//
// Built once per simulation from the decoded instructions and the static
// memory dependencies: per instruction, its uops with scaled latencies and
// port masks, its issue slots (what enters the back end together), the
// registers it renames, how it completes, and its store→load forwarding
// producer. Flat and read-only while the simulation runs.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_SIMKERNEL_H
#define LUARCH_LIB_SIM_SIMKERNEL_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Sim/SimConfig.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cassert>
#include <cmath>
#include <vector>

namespace luarch {
namespace sim {

struct SUop {
  PortMask Ports = 0;
  /// Uop::Share (here, where the record has room for it): a pipe
  /// occupancy copy that passes its pipe in this share of the iterations
  /// only (presentIn).
  float Share = 1;
  double Latency = 1;
  UopKind Kind = UopKind::Compute;
  bool ReadsAddr = false, ReadsSrc = false, WritesResult = false;
  /// With ReadsSrc: which of the instruction's register sources.
  SourceSubset Sources = SourceSubset::All;
  int8_t Input = -1;
  /// Its index in the decoded instruction (events report that one).
  uint8_t Decoded = 0;
  /// A pure load that writes part of a register merges it with the old
  /// value (mov al, [m]): its result is not ready before the instruction's
  /// register sources, which it does not wait for to start (weight 0 from
  /// the merged register, as in the static dependency graph).
  bool MergesSources = false;
  /// It reads the instruction's flag sources, and an instruction of the
  /// body whose flags come with its last uop (SInstr::FlagsAtDone) writes
  /// one of them: it takes their time from Core::flagsTime. Derived from
  /// the body when the kernel is built, so not part of SimulationMemo's
  /// key.
  bool LateFlags = false;
  /// It writes the register result of an instruction whose flags come with
  /// its last uop (SInstr::FlagsAtDone): its dispatch may make that result
  /// known before the flags (Core::resultBeforeFlags). Derived like
  /// LateFlags.
  bool ResultBeforeFlags = false;
  /// A load renamed onto an earlier store's data: its value does not wait
  /// for a load port. The load still executes (to check the prediction)
  /// and takes its port's time, but later uops wait for that, not it.
  bool Renamed = false;
  /// A renamed load that starts after its store has committed takes this
  /// latency instead, reading the cache (MemoryDesc::
  /// RenamedLoadAfterCommitReadsCache; 0: keeps its renamed value).
  double CacheLatency = 0;
  /// With CacheLatency: cycles from the store's retirement to its commit,
  /// as a load blocked on the store sees it (the blocked wait less the
  /// load-to-use latency, SimKernel's MemExtra of a blocked load).
  double StoreCommitDelay = 0;
  double DivCycles = 0;
  double SerialCycles = 0;
  /// Takes an entry of the vector side's scheduler too
  /// (BackEndDesc::VecSchedulerSize).
  bool VecScheduler = false;
  /// isPlainUop(*this), worked out once when the kernel is built (the
  /// readiness checks ask for every uop they check). Derived from the
  /// fields above, so not part of SimulationMemo's key.
  bool Plain = false;
  /// DivCycles > 0 || SerialCycles > 0 (a uop that takes the divider or
  /// the serialising path), worked out once like Plain: dispatch asks at
  /// every step for every uop it starts.
  bool SharedUnit = false;
};

/// Whether \p SU passes its pipe in iteration \p Iter: every time, or in
/// Share of the iterations, spread evenly (iteration i when
/// floor((i + 1) * Share) passes a whole number).
inline bool presentIn(const SUop &SU, uint64_t Iter) {
  if (SU.Share >= 1)
    return true;
  assert(SU.Share > 0 && "a share of the iterations, not none");
  double S = SU.Share;
  return std::floor(double(Iter + 1) * S) > std::floor(double(Iter) * S);
}

/// A uop whose readiness depends on its instruction's register sources
/// (all of them, if any) and address registers only: no load (store
/// forwarding, address-path extra), no input uop, no merged value.
inline bool isPlainUop(const SUop &SU) {
  return SU.Kind != UopKind::Load && SU.Input < 0 && !SU.MergesSources &&
         !SU.LateFlags && (!SU.ReadsSrc || SU.Sources == SourceSubset::All);
}

/// One issue slot: the uops that enter the back end with it, and the
/// buffer entries it takes (ResourceId-indexed where it matters).
struct SSlot {
  uint8_t FirstUop = 0, NumUops = 0;
  uint8_t ROBEntries = 1, Loads = 0, Stores = 0, VecSchedulerUops = 0;
};

enum class Completion : uint8_t { Normal, AtIssue, PassThrough };

/// Which pool of move-elimination slots an eliminated move draws on
/// (MoveEliminationDesc::GPRSlots, VectorSlots).
enum class MoveSlotClass : uint8_t { None, GPR, Vector };

struct SInstr {
  llvm::SmallVector<SUop, 4> Uops;
  llvm::SmallVector<SSlot, 2> Slots;
  unsigned RetireSlots = 1;
  llvm::SmallVector<RegUnit, 4> Reads, AddrReads, Writes;
  /// Its load waits for every older store's address (MemoryDesc::
  /// DivideLoadWaitsForStoreAddresses).
  bool LoadWaitsForStoreAddresses = false;
  bool WritesGPR = false, WritesVec = false;
  /// Its flag results come when its last uop completes, not with its
  /// register result (DecodedInstr::FlagsOutLatency).
  bool FlagsAtDone = false;
  Completion Done = Completion::Normal;
  /// An eliminated move under MoveEliminationDesc's slots: its class
  /// (None: no limit) and the uop it executes when no slot is free
  /// (MoveEliminationSlots).
  MoveSlotClass MoveSlots = MoveSlotClass::None;
  /// One of its uops passes its pipe in part of the iterations only
  /// (SUop::Share < 1): the allocate stage asks presentIn for its uops.
  /// Derived from Uops when the kernel is built, so not part of
  /// SimulationMemo's key.
  bool PartialCopies = false;
  SUop ExecutedMove;
  /// Store→load forwarding: the store's position and iteration distance.
  int MemProducer = -1;
  unsigned MemDistance = 0;
  double MemExtra = 0; ///< store-data done + this = earliest load start
  /// MemoryDesc::LoadedStoreAddressForward: store-address done + this =
  /// earliest load start (< 0: the address counts as the data does).
  double MemAddressWait = -1;
  /// Load uops start this long after their address registers are ready
  /// (DecodedInstr::AddressPathExtra).
  double AddressExtra = 0;
  /// Forwarding fails (partial overlap): the load waits for the store to
  /// retire, then MemExtra more cycles (commit) before it can start.
  bool MemBlocked = false;
  /// With MemBlocked (MemoryDesc::StoreForwardBlockAfterRetire): nor
  /// before RenameMap::storeDataAt of the store + this (< 0: not applied).
  double MemBlockedAfterData = -1;
  /// A store whose data and address uops' latest dispatch RenameMap::
  /// recordRetired keeps (the latest of it and every older store's: stores
  /// commit in order), for the loads blocked on it.
  bool KeepsStoreDataTime = false;
};

struct SimKernel {
  std::vector<SInstr> Instrs;
  unsigned SlotsPerIteration = 0;
  /// The body ends with a branch (a loop's back edge); a region without one
  /// repeats through an implicit back edge.
  bool EndsWithBranch = false;
  KernelShape Shape = KernelShape::Loop;
  /// Iterations per entry (SimOptions::TripCount; 0 = one endless entry).
  /// Dependencies through registers and memory do not cross from one
  /// entry into the next.
  unsigned TripCount = 0;
  /// Whether iteration \p Iter is the first of an entry after the first.
  bool startsEntry(uint64_t Iter) const {
    return TripCount && Iter && Iter % TripCount == 0;
  }
  /// Whether iteration \p Iter - \p Distance exists in \p Iter's entry.
  bool sameEntry(uint64_t Iter, unsigned Distance) const {
    return Iter >= Distance && (!TripCount || Iter % TripCount >= Distance);
  }
  size_t size() const { return Instrs.size(); }
  const SInstr &operator[](size_t I) const { return Instrs[I]; }
};

SimKernel buildSimKernel(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                         const DependencyAnalysis &Deps, const SimConfig &C,
                         unsigned TripCount = 0);

/// Whether \p U takes an entry of \p M's separate vector scheduler
/// (BackEndDesc::VecSchedulerSize): all its ports are on the vector side,
/// and it is an operation of its own, not a further pass of one
/// (Uop::PipeOccupancyCopy). The simulator's allocation and the
/// sensitivity sweep's choice of rows both ask this.
bool usesVecScheduler(const MachineModel &M, const Uop &U);

/// See SimResult::StallLimit.
long stallLimit(llvm::ArrayRef<DecodedInstr> D, const SimConfig &C);

} // namespace sim
} // namespace luarch

#endif
