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

#include "SimKernel.h"
#include "luarch/Model/RingQueue.h"
#include "luarch/Model/X86Semantics.h"
#include "luarch/Sim/SimConfig.h"
#include "luarch/Sim/SimEvents.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Compiler.h"
#include <algorithm>
#include <array>
#include <cassert>
#include <limits>
#include <memory>
#include <vector>

namespace luarch {
namespace sim {

constexpr double Unknown = std::numeric_limits<double>::infinity();
constexpr double Eps = 1e-9;

/// The first cycle t at which a moment \p At has come (At <= t + Eps, the
/// comparison every stage makes, by the same double arithmetic as theirs):
/// At > Now + Eps exactly when cycleReaching(At) > Now. \p At is finite,
/// not negative and below 2^52 (where whole cycles are still apart in a
/// double).
inline long cycleReaching(double At) {
  assert(At >= 0 && At < 0x1p52 && "a moment a simulation reaches");
  // The whole part (a conversion, not a call to floor), or the next cycle
  // if At is more than Eps past it (At < T + 1 <= (T + 1) + Eps).
  long T = long(At);
  return At <= double(T) + Eps ? T : T + 1;
}

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

/// A uop in flight, by its position in program order among every uop the
/// run renamed: uop U of an instruction whose first uop is F is F + U, so
/// the numbers order uops by (instruction, index). Its state lives in the
/// reorder buffer's uop store at that number modulo the store's size.
using UopId = uint64_t;
constexpr UopId NoUop = ~UopId(0);

/// The port a uop is bound to (and, once dispatched, started on), in a
/// byte. An enumeration, not int8_t: a store to a character type may
/// alias any object, so after every store to a uop's port the compiler
/// reloaded the data pointers and masks of the stores it had read
/// (dispatch, binding).
enum class UopPort : int8_t { None = -1 };

/// A ring's index mask, in a type of its own: an enumeration is a type
/// apart for type-based alias analysis, so a store of a uint64_t (a uop
/// number, a producer's sequence number) cannot change it and the mask
/// need not be read again after every such store.
enum class RingMask : uint64_t {};
/// A ring's bound (its oldest or next number), a type apart for the same
/// reason.
enum class RingBound : uint64_t {};

/// What a uop's record holds besides its times (8 bytes).
/// (Plain: the store's records are not initialised until allocated.)
/// No field is a character type (see UopPort).
struct UopFlags {
  int32_t IssueCycle; ///< a simulation stops at 4,000,000 cycles
  UopState State;
  UopPort Port;
  /// The last readiness check found it waiting for an input uop of its
  /// own instruction (SUop::Input), which wakes it, not a producer.
  bool WaitsOnInput;
};
static_assert(sizeof(UopFlags) == 8, "a compact uop record");
/// A renamed uop's flags: not issued, no port, waiting for nothing.
constexpr UopFlags NewUopFlags = {-1, UopState::NotIssued, UopPort::None,
                                  false};

/// The in-flight uops' state: flat arrays indexed by UopId modulo their
/// (power-of-two) size, allocated in program order and freed oldest first
/// as their instructions retire (a ring). Two arrays of records, by who
/// reads them: what dispatch, the readiness check and completion read
/// (times, description, flags: 32 bytes), and how the scheduler finds a
/// uop's instruction and parks it (24 bytes). A wider single record (64
/// bytes) ran 10% slower on Zen 4: the in-flight window no longer fitted
/// the L1 cache beside the rest.
class UopStore {
public:
  /// Makes room for \p N uops in flight up front (it grows past that when
  /// it must).
  void reserve(size_t N) {
    if (N > Size)
      resize(N);
  }
  /// Allocates \p N uops at the young end, owned by instruction \p Seq
  /// and described by \p Desc[0..N); returns the first one's number.
  UopId allocate(unsigned N, uint64_t Seq, const SUop *Desc) {
    if (end() - begin() + N > Size)
      resize(end() - begin() + N);
    UopId First = end();
    for (unsigned U = 0; U < N; ++U) {
      size_t S = slot(First + U);
      Hot[S] = {Unknown, Unknown, Desc + U, NewUopFlags};
      Cold[S].Owner = Seq;
      // WaitingOn and NextWaiter are set before they are read (by the
      // readiness check and when the uop is parked).
    }
    End = RingBound(First + N);
    return First;
  }
  /// Frees the \p N oldest uops (their instruction retired).
  void retire(unsigned N) {
    assert(begin() + N <= end() && "frees uops in flight");
    Begin = RingBound(begin() + N);
  }
  /// Whether uop \p Id is still in flight.
  bool inFlight(UopId Id) const { return Id - begin() < end() - begin(); }

  /// Earliest start once every producer's time is known (cached:
  /// producers leave the window when they retire, their times must not be
  /// lost); Unknown until then.
  double &readyAt(UopId Id) { return hot(Id).ReadyAt; }
  /// Completion time once dispatched.
  double &stamp(UopId Id) { return hot(Id).Stamp; }
  double stamp(UopId Id) const { return hot(Id).Stamp; }
  const SUop &desc(UopId Id) const { return *hot(Id).Desc; }
  UopFlags &flags(UopId Id) { return hot(Id).Flags; }
  const UopFlags &flags(UopId Id) const { return hot(Id).Flags; }
  /// Sequence number of its instruction.
  uint64_t owner(UopId Id) const { return cold(Id).Owner; }
  /// What the last readiness check found unresolved: a producer
  /// instruction (-1: none, or an input uop, UopFlags::WaitsOnInput). The
  /// uop is parked there and woken when it dispatches.
  int64_t &waitingOn(UopId Id) { return cold(Id).WaitingOn; }
  /// The next uop parked on the same producer (a wake-up list threaded
  /// through the store: a uop is parked in at most one place).
  UopId &nextWaiter(UopId Id) { return cold(Id).NextWaiter; }

private:
  struct HotRecord {
    double ReadyAt, Stamp;
    const SUop *Desc;
    UopFlags Flags;
  };
  static_assert(sizeof(HotRecord) == 32, "a compact uop record");
  struct ColdRecord {
    uint64_t Owner;
    int64_t WaitingOn;
    UopId NextWaiter;
  };
  HotRecord &hot(UopId Id) {
    assert(inFlight(Id) && "a uop in flight");
    return Hot[slot(Id)];
  }
  const HotRecord &hot(UopId Id) const {
    assert(inFlight(Id) && "a uop in flight");
    return Hot[slot(Id)];
  }
  ColdRecord &cold(UopId Id) {
    assert(inFlight(Id) && "a uop in flight");
    return Cold[slot(Id)];
  }
  const ColdRecord &cold(UopId Id) const {
    assert(inFlight(Id) && "a uop in flight");
    return Cold[slot(Id)];
  }
  size_t slot(UopId Id) const { return size_t(Id & uint64_t(Mask)); }
  /// Grows the ring to a power of two holding \p N uops, each in-flight
  /// uop moving to its slot in the larger ring. (Records are set when
  /// allocated: the arrays are not zero-filled.)
  void resize(size_t N) {
    size_t NewSize = 16;
    while (NewSize < N)
      NewSize *= 2;
    UopId NewMask = NewSize - 1;
    std::unique_ptr<HotRecord[]> BiggerHot(new HotRecord[NewSize]);
    std::unique_ptr<ColdRecord[]> BiggerCold(new ColdRecord[NewSize]);
    for (UopId Id = begin(); Id < end(); ++Id) {
      BiggerHot[size_t(Id & NewMask)] = Hot[slot(Id)];
      BiggerCold[size_t(Id & NewMask)] = Cold[slot(Id)];
    }
    Hot = std::move(BiggerHot);
    Cold = std::move(BiggerCold);
    Size = NewSize;
    Mask = RingMask(NewMask);
  }

  std::unique_ptr<HotRecord[]> Hot;
  std::unique_ptr<ColdRecord[]> Cold;
  size_t Size = 0;
  RingMask Mask{};
  /// The oldest uop in flight and the next to allocate (see RingMask).
  RingBound Begin{}, End{};
  UopId begin() const { return UopId(Begin); }
  UopId end() const { return UopId(End); }
};

/// Producers of the in-flight instructions' register sources: a ring of
/// sequence numbers indexed like the uop store (first the producer of
/// each of SInstr::Reads, then of each of SInstr::AddrReads).
class ProducerStore {
public:
  void reserve(size_t N) {
    if (N > Size)
      resize(N);
  }
  uint64_t allocate(unsigned N) {
    if (End - Begin + N > Size)
      resize(End - Begin + N);
    uint64_t First = End;
    End += N;
    return First;
  }
  void retire(unsigned N) {
    assert(Begin + N <= End && "frees producers in flight");
    Begin += N;
  }
  int64_t &operator[](uint64_t I) {
    return Prod[size_t(I & uint64_t(Mask))];
  }

private:
  void resize(size_t N) {
    size_t NewSize = 16;
    while (NewSize < N)
      NewSize *= 2;
    // Set when allocated: not zero-filled.
    std::unique_ptr<int64_t[]> Bigger(new int64_t[NewSize]);
    for (uint64_t I = Begin; I < End; ++I)
      Bigger[size_t(I & (NewSize - 1))] = (*this)[I];
    Prod = std::move(Bigger);
    Size = NewSize;
    Mask = RingMask(NewSize - 1);
  }
  std::unique_ptr<int64_t[]> Prod;
  size_t Size = 0;
  RingMask Mask{};
  uint64_t Begin = 0, End = 0;
};

/// Buffers an instruction holds until it retires.
constexpr ResourceId HeldUntilRetire[] = {
    ResourceId::ROB, ResourceId::LoadBuffer, ResourceId::StoreBuffer,
    ResourceId::IntRegisters, ResourceId::VecRegisters};

/// An in-flight instruction: plain data (its uops and source producers
/// live in the reorder buffer's flat stores), every field set when the
/// reorder buffer allocates it (the ring is not initialised up front).
struct InFlightInstr {
  uint64_t Seq;
  unsigned Iter, Index;
  /// Uops parked until this instruction's results are known: the first
  /// and last of a list threaded through the uop store, in parking order.
  UopId FirstWaiter, LastWaiter;
  /// Its uops: FirstUop .. FirstUop + NumUops - 1.
  UopId FirstUop;
  /// Its source producers in the producer store (see ProducerStore).
  uint64_t FirstProd;
  int64_t MemProd;
  unsigned NumUops, NumSrc, NumAddr;
  unsigned SlotsIssued;
  unsigned UopsDispatched;
  bool Renamed, FullyIssued;
  /// An eliminated move that found no elimination slot: it executes its
  /// SInstr::ExecutedMove (its one uop) and is no pass-through.
  bool MoveExecutes;
  long IssueCycle, LastIssueCycle;
  double ResultTime; ///< when its register results are available
  double DoneTime;   ///< when all its uops have completed

  UopId uop(unsigned U) const {
    assert(U < NumUops && "one of its uops");
    return FirstUop + U;
  }
  uint64_t srcProd(unsigned K) const {
    assert(K < NumSrc && "one of its sources");
    return FirstProd + K;
  }
  uint64_t addrProd(unsigned K) const {
    assert(K < NumAddr && "one of its address sources");
    return FirstProd + NumSrc + K;
  }
};

/// In-flight instructions, oldest first: a ring of plain entries, with the
/// flat stores of their uops and source producers, which are allocated
/// with them in program order and freed with them at retirement.
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
  /// The instruction of in-flight uop \p Id.
  InFlightInstr &ownerOf(UopId Id) {
    InFlightInstr *X = find(int64_t(Uops.owner(Id)));
    assert(X && "a uop in flight has its instruction in flight");
    return *X;
  }
  /// Renames a new instruction at the back, with \p NumUops uops described
  /// by \p Desc and room for \p NumSrc + \p NumAddr source producers.
  /// (Inlined into the allocate stage, its only caller: as a call it cost
  /// about 20 instructions of register saves per instruction renamed.)
  LLVM_ATTRIBUTE_ALWAYS_INLINE InFlightInstr &
  allocate(unsigned NumUops, const SUop *Desc, unsigned NumSrc,
           unsigned NumAddr) {
    InFlightInstr &X = Slots.extend_back();
    X.Seq = NextSeq++;
    X.Iter = X.Index = 0;
    X.FirstWaiter = X.LastWaiter = NoUop;
    X.NumUops = NumUops;
    X.FirstUop = Uops.allocate(NumUops, X.Seq, Desc);
    X.NumSrc = NumSrc;
    X.NumAddr = NumAddr;
    X.FirstProd = Producers.allocate(NumSrc + NumAddr);
    X.MemProd = -1;
    X.SlotsIssued = X.UopsDispatched = 0;
    X.Renamed = X.FullyIssued = X.MoveExecutes = false;
    X.IssueCycle = X.LastIssueCycle = -1;
    X.ResultTime = X.DoneTime = Unknown;
    return X;
  }
  void retireFront() {
    InFlightInstr &X = Slots.front();
    Uops.retire(X.NumUops);
    Producers.retire(X.NumSrc + X.NumAddr);
    Slots.pop_front();
    ++BaseSeq;
  }
  /// Makes room for \p N in-flight instructions and \p NumUops uops up
  /// front (the rings still grow past that when they must).
  void reserve(size_t N, size_t NumUops) {
    Slots.reserve(N);
    Uops.reserve(NumUops);
    Producers.reserve(2 * N);
  }
  /// Sequence number of the oldest in-flight instruction.
  uint64_t baseSeq() const { return BaseSeq; }

  UopStore Uops;
  ProducerStore Producers;

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
    // Not initialised: an entry is read only while remembered(), so after
    // it was recorded (a fill of the ring per run was 0.4% of a bench
    // run's instructions and most of its cache write misses at start).
    Retired.reset(new RetiredInstr[Ring]);
    RetiredMask = Ring - 1;
    assert((Ring & RetiredMask) == 0 && "the ring's size is a power of two");
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
  /// Instruction \p Seq retired: instructions retire in program order,
  /// each once, so the ring holds the last retired ones and knows which
  /// without storing their numbers (remembered()).
  void recordRetired(uint64_t Seq, double ResultTime, long Cycle,
                     double StoreDataAt = 0) {
    assert(Seq == NumRetired && "instructions retire in order, each once");
    Retired[Seq & RetiredMask] = {ResultTime, double(Cycle), StoreDataAt};
    NumRetired = Seq + 1;
  }
  /// Keeps the flags' time of the instructions whose flags come with their
  /// last uop (SInstr::FlagsAtDone; only a body that has one asks).
  void keepFlagsTimes() { FlagsTimes.assign(RetiredMask + 1, 0.0); }
  /// Retired instruction \p Seq (recorded first) had its flags at \p T.
  void recordFlagsTime(uint64_t Seq, double T) {
    assert(!FlagsTimes.empty() && "keepFlagsTimes was asked");
    assert(remembered(Seq) && "recorded first");
    FlagsTimes[Seq & RetiredMask] = T;
  }
  /// When retired instruction \p Seq's result was available (0 if it is
  /// too old to remember: then it was long ago).
  double resultTime(uint64_t Seq) const {
    return remembered(Seq) ? Retired[Seq & RetiredMask].ResultTime : 0;
  }
  /// When retired instruction \p Seq's flags were available, of one whose
  /// flags come with its last uop (recordFlagsTime; 0 if too old to
  /// remember).
  double flagsTime(uint64_t Seq) const {
    assert(!FlagsTimes.empty() && "keepFlagsTimes was asked");
    return remembered(Seq) ? FlagsTimes[Seq & RetiredMask] : 0;
  }
  /// When retired instruction \p Seq retired, if remembered.
  bool retiredAt(uint64_t Seq, double &Cycle) const {
    if (!remembered(Seq))
      return false;
    Cycle = Retired[Seq & RetiredMask].Cycle;
    return true;
  }
  /// The latest dispatch of a data or address uop of retired store \p Seq
  /// and every older store (SInstr::KeepsStoreDataTime; 0 if not kept or
  /// too old to remember).
  double storeDataAt(uint64_t Seq) const {
    return remembered(Seq) ? Retired[Seq & RetiredMask].StoreDataAt : 0;
  }

private:
  /// Whether \p Seq is one of the last ring-size instructions retired (the
  /// one whose entry its slot holds). One unsigned comparison: one not yet
  /// retired (Seq >= NumRetired) wraps to a huge distance.
  bool remembered(uint64_t Seq) const {
    return NumRetired - 1 - Seq <= RetiredMask;
  }

  std::vector<int64_t> Producer;
  uint64_t RestartedAt = 0;
  /// Recently retired instructions, by sequence number modulo the size.
  struct RetiredInstr {
    double ResultTime, Cycle, StoreDataAt;
  };
  std::unique_ptr<RetiredInstr[]> Retired;
  /// The ring's size - 1, a power of two less one.
  uint64_t RetiredMask = 0;
  /// Instructions retired so far (the next to retire: their sequence
  /// numbers are 0, 1, ...).
  uint64_t NumRetired = 0;
  /// By sequence number modulo the size, as Retired (keepFlagsTimes).
  std::vector<double> FlagsTimes;
};

/// Ports, the divider and the serialising path, as real-valued "free at"
/// times: a port is free again 1/capacity after a uop starts, so scaled
/// capacities take effect exactly while decisions stay cycle by cycle.
class ExecutionUnits {
public:
  explicit ExecutionUnits(const SimConfig &C)
      : Capacity(C.PortCapacity), PortFreeAt(C.PortCapacity.size(), 0),
        Dispatched(C.PortCapacity.size(), 0) {
    // The time a uop holds its port, 1/capacity: the same value per start,
    // without a division per start.
    Hold.reserve(Capacity.size());
    for (double Cap : Capacity)
      Hold.push_back(1.0 / Cap);
  }
  unsigned numPorts() const { return Capacity.size(); }
  double portFreeAt(unsigned P) const { return PortFreeAt[P]; }
  bool dividerBusy(double Now) const { return DividerFreeAt > Now + Eps; }
  bool serialBusy(double Now) const { return SerialFreeAt > Now + Eps; }
  double dividerFreeAt() const { return DividerFreeAt; }
  double serialFreeAt() const { return SerialFreeAt; }
  /// A uop starts on port \p P at \p Start.
  void start(unsigned P, double Start) {
    PortFreeAt[P] = std::max(PortFreeAt[P], Start) + Hold[P];
    Dispatched[P] += 1;
  }
  /// A uop that starts at \p Start also holds the divider or the
  /// serialising path for the given cycles (after start()).
  void startShared(double Start, double DivCycles, double SerialCycles) {
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
  std::vector<double> Capacity, Hold, PortFreeAt, Dispatched;
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
