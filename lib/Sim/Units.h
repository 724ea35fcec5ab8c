//===- Units.h - Hardware units of the simulated core ----------*- C++ -*-===//
//
// Units own state and answer questions; stages (Stages.h) move uops
// between them. Everything here is plain data over flat arrays: the
// simulation's hot loop calls no virtual function per uop.
//
//   BufferPool     - occupancy of every buffer of the resource table
//   ReorderBuffer  - the in-flight instructions, oldest first
//   RenameMap      - register units -> producing instruction; result and
//                    retirement times of recently retired instructions
//   ExecutionUnits - when each port, the divider and the serialising path
//                    are free again; what they executed
//   UopQueue       - issue slots waiting between front end and allocation
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_UNITS_H
#define LUARCH_LIB_SIM_UNITS_H

#include "luarch/Model/RingQueue.h"
#include "luarch/Model/X86Semantics.h"
#include "luarch/Sim/SimConfig.h"
#include "luarch/Sim/SimEvents.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <array>
#include <cassert>
#include <limits>
#include <vector>

namespace luarch {
namespace sim {

constexpr double Unknown = std::numeric_limits<double>::infinity();
constexpr double Eps = 1e-9;

/// Occupancy of the buffers of the resource table. Entries given back in a
/// cycle become usable in the next (UFS rule: a freed entry is reused one
/// cycle later).
class BufferPool {
public:
  explicit BufferPool(const SimConfig &C) {
    for (const ResourceSpec &R : resourceTable())
      Limit[unsigned(R.Id)] = C[R.Id] + Eps;
  }
  bool fits(ResourceId Id, double N) const {
    assert(isBuffer(Id));
    return Used[unsigned(Id)] + N <= Limit[unsigned(Id)];
  }
  void take(ResourceId Id, double N) { Used[unsigned(Id)] += N; }
  /// Gives \p N entries back at the start of the next cycle.
  void release(ResourceId Id, double N) { Freed[unsigned(Id)] += N; }
  void beginCycle() {
    for (unsigned I = 0; I < NumResources; ++I)
      Used[I] -= Freed[I];
    Freed.fill(0);
  }
  double used(ResourceId Id) const { return Used[unsigned(Id)]; }

private:
  /// Each buffer's size + Eps (the bound fits() compares with).
  std::array<double, NumResources> Limit{}, Used{}, Freed{};
};

enum class UopState : uint8_t { NotIssued, Waiting, Dispatched };

/// 32 bytes: a reorder buffer entry holds four inline, and the ROB's
/// entries are what the stages touch most.
struct InFlightUop {
  double Stamp = Unknown; ///< completion time once dispatched
  /// Earliest start once every producer's time is known (cached: producers
  /// leave the window when they retire, their times must not be lost).
  double ReadyCache = Unknown;
  /// What the last readiness check found unresolved: a producer
  /// instruction, or an input uop of the same instruction. The uop is
  /// parked there and woken when it dispatches.
  int64_t WaitingOn = -1;
  int32_t IssueCycle = -1; ///< a simulation stops at 4,000,000 cycles
  UopState State = UopState::NotIssued;
  int8_t Port = -1;
  int8_t WaitingOnUop = -1;
};
static_assert(sizeof(InFlightUop) == 32, "a compact uop record");

/// A uop in flight: its instruction's sequence number and its index in
/// one word, ordered by (sequence number, index). (One word copies and
/// compares at once; the scheduler's lists move these a lot.)
class UopRef {
public:
  UopRef() = default;
  UopRef(uint64_t Seq, unsigned Uop) : Key(Seq << 8 | Uop) {
    assert(Uop < 256 && Seq < (uint64_t(1) << 56) && "fits the key");
  }
  uint64_t seq() const { return Key >> 8; }
  unsigned uop() const { return unsigned(Key & 0xff); }
  bool operator<(UopRef O) const { return Key < O.Key; }
  bool operator==(UopRef O) const { return Key == O.Key; }

private:
  uint64_t Key = 0;
};

/// Buffers an instruction holds until it retires.
constexpr ResourceId HeldUntilRetire[] = {
    ResourceId::ROB, ResourceId::LoadBuffer, ResourceId::StoreBuffer,
    ResourceId::IntRegisters, ResourceId::VecRegisters};

struct InFlightInstr {
  /// User-provided: a ring of these is value-initialised up front, which
  /// would otherwise zero every entry before running the initialisers.
  InFlightInstr() {}
  uint64_t Seq = 0;
  unsigned Iter = 0, Index = 0;
  /// Uops waiting for this instruction's results.
  llvm::SmallVector<UopRef, 2> Waiters;
  unsigned SlotsIssued = 0;
  bool Renamed = false, FullyIssued = false;
  long IssueCycle = -1, LastIssueCycle = -1;
  llvm::SmallVector<int64_t, 4> SrcProd, AddrProd;
  int64_t MemProd = -1;
  llvm::SmallVector<InFlightUop, 4> Uops;
  unsigned UopsDispatched = 0;
  double ResultTime = Unknown; ///< when its register results are available
  double DoneTime = Unknown;   ///< when all its uops have completed
  /// Entries held until retirement, by position in HeldUntilRetire.
  std::array<double, std::size(HeldUntilRetire)> Held{};

  void reset() {
    Waiters.clear();
    SrcProd.clear();
    AddrProd.clear();
    Uops.clear();
    SlotsIssued = UopsDispatched = 0;
    Renamed = FullyIssued = false;
    IssueCycle = LastIssueCycle = -1;
    MemProd = -1;
    ResultTime = DoneTime = Unknown;
    Held.fill(0);
  }
};

/// In-flight instructions, oldest first: a ring of reusable entries (their
/// small vectors keep their capacity, so steady state does not allocate).
/// Dynamic instruction k*N + i is instruction i of iteration k; its
/// sequence number is its position in program order.
class ReorderBuffer {
public:
  bool empty() const { return Slots.empty(); }
  size_t size() const { return Slots.size(); }
  InFlightInstr &operator[](size_t I) { return Slots[I]; }
  InFlightInstr &front() { return Slots.front(); }
  InFlightInstr &back() { return Slots.back(); }
  /// The in-flight instruction with sequence number \p Seq, or null.
  InFlightInstr *find(int64_t Seq) {
    // One unsigned comparison: a negative Seq or one below BaseSeq wraps
    // to a huge offset.
    uint64_t Offset = uint64_t(Seq) - BaseSeq;
    if (Offset >= Slots.size())
      return nullptr;
    return &Slots[Offset];
  }
  /// Renames a new instruction at the back.
  InFlightInstr &allocate() {
    InFlightInstr &X = Slots.extend_back();
    X.reset();
    X.Seq = NextSeq++;
    return X;
  }
  void retireFront() {
    Slots.pop_front();
    ++BaseSeq;
  }
  /// Makes room for \p N in-flight instructions up front (the ring still
  /// grows past that when it must).
  void reserve(size_t N) { Slots.reserve(N); }
  /// Sequence number of the oldest in-flight instruction.
  uint64_t baseSeq() const { return BaseSeq; }

private:
  RingQueue<InFlightInstr> Slots;
  uint64_t BaseSeq = 0, NextSeq = 0;
};

/// Register units to their latest producer, and what is known about
/// producers that have already retired.
class RenameMap {
public:
  explicit RenameMap(double ROBSize) : Producer(regunit::Count, -1) {
    // A consumer still in flight is at most ~2 ROB sizes younger than a
    // retired producer it reads.
    size_t Ring = 64;
    while (Ring < 2 * std::min(ROBSize, 8192.0) + 64)
      Ring *= 2;
    ResultAt.assign(Ring, {~uint64_t(0), 0.0});
    RetiredAt.assign(Ring, {~uint64_t(0), 0.0});
  }
  int64_t producer(RegUnit U) const { return Producer[U]; }
  void rename(RegUnit U, uint64_t Seq) { Producer[U] = int64_t(Seq); }
  /// A new entry of the loop begins with iteration \p Iter: the code
  /// before it wrote every register the loop reads (values ready, as if
  /// written long ago). Once per entry, however many instructions ask.
  void restartEntry(uint64_t Iter) {
    if (Iter == RestartedAt)
      return;
    RestartedAt = Iter;
    std::fill(Producer.begin(), Producer.end(), -1);
  }
  void recordRetired(uint64_t Seq, double ResultTime, long Cycle) {
    ResultAt[Seq & (ResultAt.size() - 1)] = {Seq, ResultTime};
    RetiredAt[Seq & (RetiredAt.size() - 1)] = {Seq, double(Cycle)};
  }
  /// When retired instruction \p Seq's result was available (0 if it is
  /// too old to remember: then it was long ago).
  double resultTime(uint64_t Seq) const {
    const auto &S = ResultAt[Seq & (ResultAt.size() - 1)];
    return S.first == Seq ? S.second : 0;
  }
  /// When retired instruction \p Seq retired, if remembered.
  bool retiredAt(uint64_t Seq, double &Cycle) const {
    const auto &S = RetiredAt[Seq & (RetiredAt.size() - 1)];
    if (S.first != Seq)
      return false;
    Cycle = S.second;
    return true;
  }

private:
  std::vector<int64_t> Producer;
  uint64_t RestartedAt = 0;
  std::vector<std::pair<uint64_t, double>> ResultAt, RetiredAt;
};

/// Ports, the divider and the serialising path, as real-valued "free at"
/// times: a port is free again 1/capacity after a uop starts, so scaled
/// capacities take effect exactly while decisions stay cycle by cycle.
class ExecutionUnits {
public:
  explicit ExecutionUnits(const SimConfig &C)
      : Capacity(C.PortCapacity), PortFreeAt(C.PortCapacity.size(), 0),
        Dispatched(C.PortCapacity.size(), 0) {}
  unsigned numPorts() const { return Capacity.size(); }
  double portFreeAt(unsigned P) const { return PortFreeAt[P]; }
  bool dividerBusy(double Now) const { return DividerFreeAt > Now + Eps; }
  bool serialBusy(double Now) const { return SerialFreeAt > Now + Eps; }
  double dividerFreeAt() const { return DividerFreeAt; }
  double serialFreeAt() const { return SerialFreeAt; }
  /// A uop starts on port \p P at \p Start (holding the divider or the
  /// serialising path for the given cycles).
  void start(unsigned P, double Start, double DivCycles, double SerialCycles) {
    PortFreeAt[P] = std::max(PortFreeAt[P], Start) + 1.0 / Capacity[P];
    Dispatched[P] += 1;
    if (DivCycles > 0) {
      DividerFreeAt = Start + DivCycles;
      DividerBusy += DivCycles;
    }
    if (SerialCycles > 0)
      SerialFreeAt = Start + SerialCycles;
  }
  ExecutionCounters counters() const { return {Dispatched, DividerBusy, {}}; }
  /// The earliest time after \p Now at which a port, the divider or the
  /// serialising path becomes free (Unknown if all are free).
  double nextFreeTime(double Now) const {
    double T = Unknown;
    auto consider = [&](double At) {
      if (At > Now + Eps)
        T = std::min(T, At);
    };
    for (double At : PortFreeAt)
      consider(At);
    consider(DividerFreeAt);
    consider(SerialFreeAt);
    return T;
  }

private:
  std::vector<double> Capacity, PortFreeAt, Dispatched;
  double DividerFreeAt = 0, SerialFreeAt = 0, DividerBusy = 0;
};

/// An issue slot waiting in the uop queue.
struct QueuedSlot {
  unsigned Iter, Index;
  int Slot; ///< -1: an instruction with no issue slot (a fused jcc)
};
using UopQueue = RingQueue<QueuedSlot>;

} // namespace sim
} // namespace luarch

#endif
