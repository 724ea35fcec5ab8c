//===- AddressRules.cpp - Stores and lines after decoding ----------------===//
//
// Rules that need a kernel's addresses, applied at the end of
// UopDecoder::decodeKernel with the caller's address context. A register's
// value is a version (a value not followed: a load outside the harness
// context, a multiply...) plus a constant;
// version 0 is a known absolute value (the harness context, an immediate);
// an unknown value counts as aligned.
// * MemoryDesc::StoreCommitPairBytes: stores are followed in program order
//   and around the loop (the last store of an iteration comes before the
//   first of the next); two stores pair when their addresses have the same
//   versions and their constants fall in one aligned chunk.
// * MemoryDesc::LineFillPorts: under the harness context, the
//   lines each iteration enters that the iterations before it did not
//   touch fill from L2.
// * MemoryDesc::NewPageAccessFillCycles: with the line fills, each access
//   to a 4 KiB page outside the L1 DTLB's reach (the pages used most
//   recently) holds the fill path that many cycles more.
// * MemoryDesc::STLBHitLoadCycles: under the harness context, a load whose
//   4 KiB page no access of the iterations before it (nor an earlier one
//   of its own iteration) touched misses the L1 DTLB: its result comes
//   that many cycles later, averaged over the iterations.
// * MemoryDesc::MovingStackLoadPasses: under the harness context, a load
//   through rsp whose address moves between iterations passes its load
//   pipe more than once.
// * MemoryDesc::STLBHitHoldsStorePorts: under the harness context, the
//   new pages stores touch hold the store-data ports for STLBHitLoadCycles
//   each, at most a cycle per iteration for each store that walks.
// * MemoryDesc::SplitLineStoreDataCycles: under the harness context, a
//   store whose bytes cross a cache line (the L1's LineBytes) holds its store-data port that
//   many cycles in the iterations where it splits.
// * Both port rules (and MemoryDesc::STLBHitHoldsLoadPorts) charge the
//   mean cycles per iteration, a fraction carried across iterations
//   (Uop::Share), from half a cycle on (PortHoldMinCycles).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/AddressRules.h"

#include "luarch/Model/GPRWriteValue.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>
#include <optional>

using namespace llvm;

namespace luarch {

namespace {

/// A register value: Constant alone (Version 0), or an unknown value of
/// the given version plus Constant.
struct Value {
  unsigned Version = 0;
  uint64_t Constant = 0;
};

/// A store address: the versions of its base and index, and the constant.
struct Address {
  unsigned Segment = 0; ///< fs/gs: another linear base
  unsigned BaseVersion = 0, IndexVersion = 0;
  int64_t Scale = 0;
  uint64_t Constant = 0;
  /// Whether both lie in one aligned chunk of 2^Shift bytes.
  bool sameChunk(const Address &O, unsigned Shift) const {
    return Segment == O.Segment && BaseVersion == O.BaseVersion &&
           IndexVersion == O.IndexVersion &&
           (IndexVersion == 0 || Scale == O.Scale) &&
           (Constant >> Shift) == (O.Constant >> Shift);
  }
};

constexpr unsigned NumGPRs = 16;
using regunit::RSP;

class Registers {
public:
  explicit Registers(const AddressContext &Ctx) : Ctx(Ctx) {
    for (unsigned U = 0; U < NumGPRs; ++U)
      Regs[U] = Ctx.Concrete ? Value{0, Ctx.RegisterValue} : fresh();
  }
  Value get(RegUnit U) const {
    if (U == regunit::None)
      return Value{0, 0};
    return U < NumGPRs ? Regs[U] : Value{~0u, 0};
  }
  /// Base + Index * Scale + Imm, if it is a version plus a constant.
  std::optional<Value> affine(RegUnit Base, RegUnit Index, int64_t Scale,
                              int64_t Imm) const {
    Value B = get(Base), I = get(Index);
    if (Index == regunit::None || Scale == 0)
      I = Value{0, 0};
    if (B.Version && I.Version)
      return std::nullopt;
    if (I.Version && Scale != 1)
      return std::nullopt;
    uint64_t C = B.Constant + I.Constant * uint64_t(Scale) + uint64_t(Imm);
    return Value{B.Version | I.Version, C};
  }
  /// The instruction's register writes; \p LoadAt: its memory address,
  /// where known (a loaded value is the harness memory's at that offset).
  void update(const DecodedInstr &X,
              const std::optional<Address> &LoadAt = std::nullopt) {
    const DecodedInstr::GPRWrite &W = X.GPRResult;
    if (W.K != DecodedInstr::GPRWrite::None && W.Dest < NumGPRs) {
      std::optional<uint64_t> Absolute;
      if (LoadAt && !LoadAt->BaseVersion && !LoadAt->IndexVersion &&
          !LoadAt->Segment)
        Absolute = LoadAt->Constant;
      auto Known = [&](RegUnit U) -> std::optional<uint64_t> {
        Value V = get(U);
        return V.Version ? std::nullopt : std::optional<uint64_t>(V.Constant);
      };
      GPRWriteValues New =
          evaluateGPRWrite(W, Known, harnessLoad(Ctx, X, Absolute));
      std::optional<Value> Dest;
      if (New.Dest)
        Dest = Value{0, *New.Dest};
      else if (W.K == DecodedInstr::GPRWrite::Affine && W.Bits == 64 &&
               !W.SignExtend32)
        Dest = affine(W.Base, W.Index, W.Scale, W.Imm); // a version + constant
      Regs[W.Dest] = Dest ? *Dest : fresh();
      if (isDivide(W.K)) // the quotient went to rax, the remainder to rdx
        Regs[regunit::RDX] = New.Remainder ? Value{0, *New.Remainder} : fresh();
    } else {
      for (RegUnit U : X.Writes)
        if (U < NumGPRs)
          Regs[U] = fresh();
    }
    if (X.StackDelta)
      Regs[RSP].Constant += uint64_t(int64_t(X.StackDelta));
  }

private:
  Value fresh() { return Value{++LastVersion, 0}; }
  const AddressContext &Ctx;
  Value Regs[NumGPRs];
  unsigned LastVersion = 0;
};

/// The store's address before the instruction's own writes, if followed.
std::optional<Address> storeAddress(const DecodedInstr &X,
                                    const Registers &R) {
  if (X.StackAccess) {
    Value SP = R.get(RSP);
    // A push or call writes below the stack pointer it moves.
    uint64_t Off = X.StackDelta < 0 ? uint64_t(int64_t(X.StackDelta)) : 0;
    return Address{0, SP.Version, 0, 0, SP.Constant + Off};
  }
  if (!X.Mem || X.Mem->SymbolicDisp || X.Mem->RIPRelative)
    return std::nullopt;
  auto [BaseU, IndexU] = memoryAddressUnits(X);
  Value B = R.get(BaseU), I = R.get(IndexU);
  if (B.Version == ~0u || I.Version == ~0u)
    return std::nullopt;
  Address A;
  A.Segment = X.Mem->Segment.id();
  A.BaseVersion = B.Version;
  A.IndexVersion = I.Version;
  A.Scale = X.Mem->Scale;
  A.Constant = B.Constant + I.Constant * uint64_t(X.Mem->Scale) +
               uint64_t(X.Mem->Disp);
  return A;
}

/// Calls \p Visit(It, I, Address, Bytes) for each access of \p D whose
/// address is absolute (the harness context: no unknown register in it),
/// over \p Iters iterations in program order.
template <typename VisitFn>
void forEachAbsoluteAccess(const std::vector<DecodedInstr> &D,
                           const AddressContext &Ctx, unsigned Iters,
                           VisitFn Visit) {
  Registers Regs(Ctx);
  for (unsigned It = 0; It < Iters; ++It)
    for (size_t I = 0; I < D.size(); ++I) {
      const DecodedInstr &X = D[I];
      std::optional<Address> A;
      if (X.MayLoad || X.MayStore)
        A = storeAddress(X, Regs); // loads' addresses are formed alike
      Regs.update(X, A);
      if (!A || A->BaseVersion || A->IndexVersion || A->Segment)
        continue;
      Visit(It, I, A->Constant, X.MemBits ? std::max(1u, X.MemBits / 8) : 8);
    }
}

/// Iterations the line and page rules evaluate: the units (lines, pages)
/// each of the last NewUnitMeasured iterations enters are compared with
/// those of the NewUnitWindow iterations before it (a stream that stays
/// within a few lines or pages hits).
constexpr unsigned NewUnitWindow = 8, NewUnitMeasured = 16;

/// Per iteration, the (instruction, unit) pairs of the absolute accesses:
/// the units of 2^\p Shift bytes each access touches, over \p Iters
/// iterations (the first iterations of a longer walk are those of a
/// shorter one).
using UnitsByIteration = std::vector<std::vector<std::pair<size_t, uint64_t>>>;
UnitsByIteration unitsByIteration(const std::vector<DecodedInstr> &D,
                                  const AddressContext &Ctx, unsigned Iters,
                                  unsigned Shift) {
  UnitsByIteration Units(Iters);
  forEachAbsoluteAccess(
      D, Ctx, Iters, [&](unsigned It, size_t I, uint64_t Addr, unsigned Bytes) {
        for (uint64_t U = Addr >> Shift; U <= (Addr + Bytes - 1) >> Shift; ++U)
          Units[It].push_back({I, U});
      });
  return Units;
}

/// Calls \p Entered(It, I, U) for each unit U that access I of iteration It
/// (from NewUnitWindow on) enters: no access of the NewUnitWindow
/// iterations before touched it, nor an earlier access of It.
template <typename Fn>
void forEachNewUnit(ArrayRef<UnitsByIteration::value_type> Units,
                    Fn Entered) {
  for (unsigned It = NewUnitWindow; It < Units.size(); ++It) {
    DenseSet<uint64_t> Seen;
    for (unsigned Before = It - NewUnitWindow; Before < It; ++Before)
      for (auto [I, U] : Units[Before])
        Seen.insert(U);
    for (auto [I, U] : Units[It])
      if (Seen.insert(U).second)
        Entered(It, I, U);
  }
}

/// Per instruction of \p D, the units of 2^\p Shift bytes its absolute
/// accesses enter that no access of the window before (nor an earlier one
/// of the same iteration) touched, summed over the measured iterations.
std::vector<unsigned> newUnitsPerAccess(const std::vector<DecodedInstr> &D,
                                        const AddressContext &Ctx,
                                        unsigned Shift) {
  std::vector<unsigned> New(D.size(), 0);
  forEachNewUnit(unitsByIteration(D, Ctx, NewUnitWindow + NewUnitMeasured,
                                  Shift),
                 [&](unsigned, size_t I, uint64_t) { ++New[I]; });
  return New;
}

/// Iterations the page rule warms up and then measures: a stack frame of
/// a few hundred bytes enters a page every 10-20 iterations (16 measured
/// iterations would be a lottery), and a walk over a bounded set of pages
/// must have cycled once before it can hit.
constexpr unsigned NewPageWarmUp = 256, NewPageMeasured = 256;

/// Accesses of \p D to a 4 KiB page outside the \p Reach pages used most
/// recently before the iteration (the L1 DTLB's reach; pages entered
/// earlier in the same iteration count as outside: every pop of an
/// iteration that enters a page pays), summed over NewPageMeasured
/// iterations.
unsigned newPageAccesses(const std::vector<DecodedInstr> &D,
                         const AddressContext &Ctx, unsigned Reach) {
  assert(Reach > 0 && "a TLB holds at least one page");
  constexpr unsigned Shift = 12;
  constexpr unsigned Iters = NewPageWarmUp + NewPageMeasured;
  std::vector<std::vector<std::pair<uint64_t, uint64_t>>> Pages(Iters);
  forEachAbsoluteAccess(
      D, Ctx, Iters, [&](unsigned It, size_t, uint64_t Addr, unsigned Bytes) {
        Pages[It].push_back({Addr >> Shift, (Addr + Bytes - 1) >> Shift});
      });
  // Distinct pages, least recently used first.
  std::vector<uint64_t> Recent;
  auto InReach = [&](uint64_t P) {
    return std::find(Recent.rbegin(), Recent.rend(), P) != Recent.rend();
  };
  unsigned New = 0;
  for (unsigned It = 0; It < Iters; ++It) {
    if (It >= NewPageWarmUp)
      for (auto [First, Last] : Pages[It])
        for (uint64_t P = First; P <= Last; ++P)
          if (!InReach(P)) {
            ++New;
            break;
          }
    for (auto [First, Last] : Pages[It])
      for (uint64_t P = First; P <= Last; ++P) {
        auto Old = std::find(Recent.rbegin(), Recent.rend(), P);
        if (Old != Recent.rend())
          Recent.erase(std::next(Old).base());
        Recent.push_back(P);
        if (Recent.size() > Reach)
          Recent.erase(Recent.begin());
      }
  }
  return New;
}

} // namespace

void applyStoreCommitLines(const MachineModel &M, std::vector<DecodedInstr> &D,
                           const AddressContext &Ctx) {
  PortMask Ports = M.StoreDataPorts;
  unsigned Chunk = M.Memory.StoreCommitPairBytes;
  if (!Chunk || llvm::popcount(Ports) < 2)
    return;
  assert(llvm::isPowerOf2_32(Chunk) && "a pairing chunk is a power of two");
  unsigned Shift = llvm::countr_zero(Chunk);
  PortMask FirstPort = Ports & (~Ports + 1);
  Registers Regs(Ctx);
  std::optional<Address> Previous;
  // The second pass starts from the first one's registers and last store,
  // as the loop's next iteration does.
  for (unsigned Pass = 0; Pass < 2; ++Pass)
    for (DecodedInstr &X : D) {
      std::optional<Address> Here;
      if (X.MayStore || X.MayLoad)
        Here = storeAddress(X, Regs); // loads' addresses are formed alike
      Regs.update(X, Here);
      if (!X.MayStore)
        continue;
      bool Continues = Here && Previous && Here->sameChunk(*Previous, Shift);
      Previous = Here;
      if (Pass == 0 || Continues)
        continue;
      for (Uop &U : X.Uops)
        if (U.Kind == UopKind::StoreData && !U.PipeOccupancyCopy &&
            (U.Ports & FirstPort)) {
          U.Ports = FirstPort;
          break;
        }
    }
}

void applyMovingStackLoadPasses(const MachineModel &M,
                                std::vector<DecodedInstr> &D,
                                const AddressContext &Ctx) {
  unsigned Passes = M.Memory.MovingStackLoadPasses;
  if (Passes <= 1 || !Ctx.Concrete)
    return;
  // Each instruction's address in two consecutive iterations (the second
  // and third: the first may start from a register the loop then sets).
  constexpr unsigned Iters = 3;
  std::vector<std::optional<Address>> Addr[Iters];
  Registers Regs(Ctx);
  for (unsigned It = 0; It < Iters; ++It)
    for (const DecodedInstr &X : D) {
      std::optional<Address> A;
      if (X.MayLoad)
        A = storeAddress(X, Regs); // loads' addresses are formed alike
      Addr[It].push_back(A);
      Regs.update(X, A);
    }
  for (size_t I = 0; I < D.size(); ++I) {
    DecodedInstr &X = D[I];
    bool ThroughRSP = X.StackAccess ||
                      (X.Mem && memoryAddressUnits(X).first == RSP &&
                       memoryAddressUnits(X).second == regunit::None);
    const std::optional<Address> &A = Addr[1][I], &B = Addr[2][I];
    if (!ThroughRSP || !A || !B || A->BaseVersion || B->BaseVersion ||
        A->Constant == B->Constant)
      continue;
    auto Load = find_if(X.Uops, [](const Uop &U) {
      return U.Kind == UopKind::Load && !U.PipeOccupancyCopy;
    });
    if (Load == X.Uops.end())
      continue;
    X.Uops.insert(X.Uops.end(), Passes - 1, occupancyCopy(*Load));
  }
}

void applySplitLineStores(const MachineModel &M, std::vector<DecodedInstr> &D,
                          const AddressContext &Ctx) {
  unsigned Cycles = M.Memory.SplitLineStoreDataCycles;
  if (Cycles <= 1 || !Ctx.Concrete)
    return;
  // The share of the measured iterations (after the window the line rules
  // warm up over) in which each store's bytes cross a line: over
  // as many iterations as the page rule measures, since an address that
  // drifts slowly (bhdev-1360's, a byte every three iterations) splits in
  // a few of every 192 and a short window would see a lottery.
  constexpr unsigned Measured = NewPageMeasured;
  constexpr unsigned Iters = NewUnitWindow + Measured;
  unsigned LineShift = Log2_32(M.MemoryHierarchy.l1LineBytes());
  std::vector<unsigned> Splits(D.size(), 0);
  forEachAbsoluteAccess(
      D, Ctx, Iters, [&](unsigned It, size_t I, uint64_t Addr, unsigned Bytes) {
        if (It >= NewUnitWindow && D[I].MayStore &&
            (Addr >> LineShift) != ((Addr + Bytes - 1) >> LineShift))
          ++Splits[I];
      });
  for (size_t I = 0; I < D.size(); ++I) {
    if (!Splits[I])
      continue;
    DecodedInstr &X = D[I];
    auto Data = find_if(X.Uops, [](const Uop &U) {
      return U.Kind == UopKind::StoreData && !U.PipeOccupancyCopy;
    });
    if (Data == X.Uops.end())
      continue;
    Uop Copy = occupancyCopy(*Data);
    // A share of 1/256: a float holds it exactly.
    Copy.Share = float(Splits[I]) / float(Measured);
    X.Uops.insert(X.Uops.end(), Cycles - 1, Copy);
  }
}

void applyLinearAliasFills(const MachineModel &M, std::vector<DecodedInstr> &D,
                           const AddressContext &Ctx) {
  PortMask Fill = M.Memory.LineFillPorts;
  const MemoryLevelDesc *L2 = M.MemoryHierarchy.level("L2");
  if (!Fill || !Ctx.Concrete || !L2 || L2->LoadBytesPerCycle <= 0)
    return;
  unsigned LineBytes = M.MemoryHierarchy.l1LineBytes();
  unsigned CyclesPerLine =
      unsigned(std::ceil(double(LineBytes) / L2->LoadBytesPerCycle));
  // The fill cycles are the mean over the measured iterations, rounded.
  std::vector<unsigned> NewLines =
      newUnitsPerAccess(D, Ctx, /*Shift=*/Log2_32(LineBytes));
  unsigned Total = std::accumulate(NewLines.begin(), NewLines.end(), 0u);
  double FillCycles = double(Total) * CyclesPerLine / NewUnitMeasured;
  // A new page is a new line: without lines no page walk is needed.
  unsigned PageCycles = M.Memory.NewPageAccessFillCycles;
  if (Total && PageCycles && !M.MemoryHierarchy.TLBs.empty()) {
    unsigned Reach = M.MemoryHierarchy.TLBs.front().Entries4K;
    FillCycles += double(newPageAccesses(D, Ctx, std::max(1u, Reach))) *
                  PageCycles / NewPageMeasured;
  }
  unsigned Copies = unsigned(std::lround(FillCycles));
  if (!Copies)
    return;
  // One fill path: the copies go with the access that enters most lines.
  DecodedInstr &X =
      D[std::max_element(NewLines.begin(), NewLines.end()) - NewLines.begin()];
  auto Mem = find_if(X.Uops, [](const Uop &U) {
    return U.Kind == UopKind::Load || U.Kind == UopKind::StoreAddress;
  });
  if (Mem == X.Uops.end())
    return;
  Uop Copy = occupancyCopy(*Mem);
  Copy.Ports = Fill;
  X.Uops.insert(X.Uops.end(), Copies, Copy);
}

/// Iterations over which the STLB-hit port rules count new pages: more than
/// the line rules' (a stack walking by a few hundred bytes enters a page
/// every 10-20).
static constexpr unsigned PortHoldPagesMeasured = 64;

/// Whether one timed run (\p Ctx.RunIterations, when known) walks no more
/// pages than the first-level DTLB holds (its 4 KB entries, from the
/// description): every run starts from the same registers, so from the
/// second run on every page the run touches is still translated there and
/// no access is an STLB hit. The pages per iteration are those \p Units
/// (pages by iteration) touch after the first NewUnitWindow iterations,
/// spread over those iterations, plus the window's own pages.
static bool runStaysInL1DTLB(const MachineModel &M, const AddressContext &Ctx,
                             const UnitsByIteration &Units) {
  if (!Ctx.RunIterations || M.MemoryHierarchy.TLBs.empty() ||
      Units.size() <= NewUnitWindow)
    return false;
  unsigned Entries = M.MemoryHierarchy.TLBs.front().Entries4K;
  DenseSet<uint64_t> Start, All;
  for (unsigned It = 0; It < Units.size(); ++It)
    for (auto [I, U] : Units[It]) {
      All.insert(U);
      if (It < NewUnitWindow)
        Start.insert(U);
    }
  double PerIteration =
      double(All.size() - Start.size()) / double(Units.size() - NewUnitWindow);
  double RunPages = double(Start.size()) +
                    PerIteration * double(Ctx.RunIterations - std::min(
                                              Ctx.RunIterations,
                                              NewUnitWindow));
  return RunPages <= double(Entries);
}

/// MemoryDesc::STLBHitLoadCycles: each load's latency grows by the penalty
/// times the share of the NewUnitMeasured iterations in which it enters a
/// new page; \p Pages: the pages of every access, by iteration (at least
/// NewUnitWindow + NewUnitMeasured iterations; the rule reads that many).
static void applySTLBHitLoads(const MachineModel &M,
                              std::vector<DecodedInstr> &D,
                              const UnitsByIteration &Pages) {
  unsigned Penalty = M.Memory.STLBHitLoadCycles;
  constexpr unsigned Iters = NewUnitWindow + NewUnitMeasured;
  assert(Pages.size() >= Iters && "the iterations the rule reads");
  // As for the line fills, pages (well within the 64-entry L1 DTLBs of the
  // cores that have the rule); a store entering a page first spares the
  // loads after it.
  std::vector<unsigned> NewPages(D.size(), 0);
  forEachNewUnit(ArrayRef(Pages).take_front(Iters),
                 [&](unsigned, size_t I, uint64_t) { ++NewPages[I]; });
  for (size_t I = 0; I < D.size(); ++I) {
    unsigned Extra = unsigned(
        std::lround(double(NewPages[I]) * Penalty / NewUnitMeasured));
    if (!Extra || !D[I].MayLoad)
      continue;
    D[I].LoadLatency += Extra;
    for (Uop &U : D[I].Uops)
      if (U.Kind == UopKind::Load)
        U.Latency += Extra;
  }
}

/// The smallest cost per iteration the port-holding STLB-hit rules charge
/// (cycles of each port): below it, pages entered further apart than
/// 2 x STLBHitLoadCycles iterations, they charge nothing. Read off the
/// corpus (in-sample): the unrolled blocks whose stack enters such pages
/// (epilogues add rsp, N; pop x6 with N <= 0x48, prologues of pushes,
/// measured-clx.csv) run at their ports' rate, e.g. bhdev-0062 2.996,
/// 1835 2.995, 0514 3.07 against 3.0 (the loops' runs stay within the
/// L1 DTLB's reach there: AddressContext::RunIterations); the rules'
/// earlier rounding to whole cycles had the same threshold.
static constexpr double PortHoldMinCycles = 0.5;

/// The port-holding STLB-hit rules put their cost on the instruction that
/// enters most pages (\p Entered per instruction): \p Cycles per iteration
/// on each port of \p Ports, as occupancy copies of its \p Kind uop, one
/// per cycle each; a fraction of a cycle is a copy that passes its pipe in
/// that share of the iterations (Uop::Share), so the cost adds up across
/// iterations instead of being rounded in each (0.56 cycles had become 1).
static void holdPortsPerCycle(std::vector<DecodedInstr> &D,
                              ArrayRef<unsigned> Entered, double Cycles,
                              UopKind Kind, PortMask Ports) {
  assert(Entered.size() == D.size() && "a count per instruction");
  if (Cycles < PortHoldMinCycles)
    return;
  DecodedInstr &X =
      D[std::max_element(Entered.begin(), Entered.end()) - Entered.begin()];
  auto Mem = find_if(X.Uops, [Kind](const Uop &U) {
    return U.Kind == Kind && !U.PipeOccupancyCopy;
  });
  if (Mem == X.Uops.end())
    return;
  unsigned Whole = unsigned(std::floor(Cycles));
  // Shares of 1/64 (PortHoldPagesMeasured iterations) and whole cycles: a
  // float holds them exactly.
  float Part = float(Cycles - Whole);
  Uop Copy = occupancyCopy(*Mem);
  for (; Ports; Ports &= Ports - 1) {
    Copy.Ports = Ports & (~Ports + 1);
    Copy.Share = 1;
    X.Uops.insert(X.Uops.end(), Whole, Copy);
    if (Part > 0) {
      Copy.Share = Part;
      X.Uops.push_back(Copy);
    }
  }
}

/// MemoryDesc::STLBHitHoldsLoadPorts; \p AllPages: the pages of every
/// access by iteration, over NewUnitWindow + PortHoldPagesMeasured.
static void applySTLBHitLoadPorts(const MachineModel &M,
                                  std::vector<DecodedInstr> &D,
                                  const UnitsByIteration &AllPages) {
  unsigned Penalty = M.Memory.STLBHitLoadCycles;
  if (!M.Memory.STLBHitHoldsLoadPorts || !M.LoadPorts)
    return;
  // Pages entered by two or more loads of an iteration, that no load of
  // the window before touched, over more iterations than the line rules
  // (a stack walking by a few hundred bytes enters a page every 10-20).
  UnitsByIteration Pages(AllPages.size());
  for (unsigned It = 0; It < AllPages.size(); ++It)
    llvm::copy_if(AllPages[It], std::back_inserter(Pages[It]),
                  [&](const auto &Access) { return D[Access.first].MayLoad; });
  std::vector<unsigned> Entered(D.size(), 0);
  forEachNewUnit(Pages, [&](unsigned It, size_t I, uint64_t P) {
    unsigned Loads = llvm::count_if(
        Pages[It], [P](const auto &Access) { return Access.second == P; });
    Entered[I] += Loads >= 2;
  });
  unsigned Total = std::accumulate(Entered.begin(), Entered.end(), 0u);
  // The copies go with the load that enters most pages.
  holdPortsPerCycle(D, Entered,
                    double(Total) * Penalty / PortHoldPagesMeasured,
                    UopKind::Load, M.LoadPorts);
}

/// MemoryDesc::STLBHitHoldsStorePorts; \p Pages: the pages of every
/// access by iteration, over NewUnitWindow + PortHoldPagesMeasured.
static void applySTLBHitStorePorts(const MachineModel &M,
                                   std::vector<DecodedInstr> &D,
                                   const UnitsByIteration &Pages) {
  unsigned Penalty = M.Memory.STLBHitLoadCycles;
  PortMask Ports = M.StoreDataPorts;
  if (!M.Memory.STLBHitHoldsStorePorts || !Ports)
    return;
  // Pages that no access of the window before touched (loads included:
  // their translation is in the DTLB) and a store of the iteration
  // touches, over as many iterations as the load-port rule.
  std::vector<unsigned> Entered(D.size(), 0);
  forEachNewUnit(Pages, [&](unsigned It, size_t, uint64_t P) {
    auto Store = find_if(Pages[It], [&](const auto &Access) {
      return Access.second == P && D[Access.first].MayStore;
    });
    if (Store != Pages[It].end())
      ++Entered[Store->first];
  });
  unsigned Total = std::accumulate(Entered.begin(), Entered.end(), 0u);
  // The stores that walk (touch more than one page over the iterations)
  // bound the cost: a cycle each per iteration at most.
  DenseMap<size_t, DenseSet<uint64_t>> StorePages;
  for (const auto &Iteration : Pages)
    for (auto [I, P] : Iteration)
      if (D[I].MayStore)
        StorePages[I].insert(P);
  unsigned Walking = llvm::count_if(
      StorePages, [](const auto &KV) { return KV.second.size() > 1; });
  double PerIteration =
      std::min(double(Total) * Penalty / PortHoldPagesMeasured,
               double(Walking));
  // The copies go with the store that enters most pages.
  holdPortsPerCycle(D, Entered, PerIteration, UopKind::StoreData, Ports);
}

void applySTLBHitRules(const MachineModel &M, std::vector<DecodedInstr> &D,
                       const AddressContext &Ctx) {
  if (!M.Memory.STLBHitLoadCycles || !Ctx.Concrete)
    return;
  // One walk serves the three rules and the run-length test: the pages of
  // every access by iteration (the rules add latency and occupancy copies,
  // never change an address, so the pages stay what they were).
  static_assert(PortHoldPagesMeasured >= NewUnitMeasured,
                "the load rule reads a prefix of the port rules' iterations");
  UnitsByIteration Pages =
      unitsByIteration(D, Ctx, NewUnitWindow + PortHoldPagesMeasured,
                       /*Shift=*/12);
  if (runStaysInL1DTLB(M, Ctx, Pages))
    return;
  applySTLBHitLoads(M, D, Pages);
  applySTLBHitLoadPorts(M, D, Pages);
  applySTLBHitStorePorts(M, D, Pages);
}

} // namespace luarch
