//===- DependencyGraph.cpp - CP and loop-carried recurrences -------------===//
#include "luarch/Analysis/DependencyGraph.h"

#include "luarch/Model/GPRWriteValue.h"
#include "luarch/Model/X86Semantics.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>

using namespace llvm;

namespace luarch {

bool computesFromInputs(const DecodedInstr &D) {
  // The stack-synchronisation uop (FrontEndDesc::StackSyncUop) adjusts rsp
  // for the stack engine; it computes nothing from the instruction's
  // inputs, so a store given one still passes its data at 0 (as in the
  // simulator, where the sync uop feeds no other uop).
  size_t Computing = count_if(D.Uops, [](const Uop &U) {
    return U.Kind == UopKind::Compute || U.Kind == UopKind::Branch;
  });
  assert((!D.StackSync || Computing > 0) && "the sync uop is a compute uop");
  return Computing > (D.StackSync ? 1u : 0u);
}

namespace {

constexpr double NegInf = -std::numeric_limits<double>::infinity();

/// A register move whose copy the stack-sync uop makes (FrontEndDesc::
/// StackSyncUop; UopDecoder::addStackSyncUops: mov rbp, rsp after a push
/// is not eliminated, its one uop, the sync uop, reads the synced rsp and
/// writes the copy a cycle later). Its result then costs that uop's
/// latency, as in the simulator.
bool syncedMove(const DecodedInstr &D) {
  return D.StackSync && D.Uops.size() == 1 && D.Uops[0].ReadsSources &&
         D.Uops[0].WritesResult;
}

/// Time from a data (register) input to the instruction's result.
double dataLatency(const DecodedInstr &D) {
  if (D.MacroFusedIntoPrev)
    return 0;
  if (computesFromInputs(D) || D.EliminatedMove || D.ZeroIdiom ||
      syncedMove(D))
    return D.Latency;
  return 0; // a store's data, or an instruction without register results
}

/// Time from the register input \p U to the instruction's result: the
/// flags may take longer, or not feed it (DecodedInstr::FlagsLatency).
static double readLatency(const DecodedInstr &D, RegUnit U) {
  double L = dataLatency(D);
  return L > 0 && D.FlagsLatency >= 0 && isFlagUnit(U) ? D.FlagsLatency : L;
}

/// How much later than \p D's result its flag result \p U comes
/// (DecodedInstr::FlagsOutLatency), counted from the result: exact from
/// its register inputs. Its flag inputs feed its flags only, which the
/// graph, one time per instruction (its result's), cannot hold apart from
/// its result: they get no edge (flagInputFeedsResult), a lower bound, as
/// the static bounds must be.
static double lateFlags(const DecodedInstr &D, RegUnit U) {
  if (D.FlagsOutLatency < 0 || !isFlagUnit(U))
    return 0;
  return std::max(0.0, double(D.FlagsOutLatency) - dataLatency(D));
}

/// Whether \p D's result waits for its input \p U: not for the old flags
/// of an instruction whose flags come late (DecodedInstr::FlagsOutLatency:
/// its flag uops merge them; its result uop does not read them). An edge
/// of weight 0 from them held the register result back to the old flags,
/// which the simulator does not (imul rbx, rdx, 3; shl rdx, cl on Cascade
/// Lake: a 3.00 bound through rdx over a 2.00 simulation).
static bool flagInputFeedsResult(const DecodedInstr &D, RegUnit U) {
  return D.FlagsOutLatency < 0 || !isFlagUnit(U);
}

/// Of an instruction without a memory access that reads address
/// registers (LatencyRulesDesc::ThreeComponentLEABase's base): the longest
/// path from a uop that reads them to a uop that writes the result (0:
/// none does, as a NOP's address operand).
static double addressPathLatency(const DecodedInstr &D) {
  double Longest = 0;
  for (size_t R = 0; R < D.Uops.size(); ++R) {
    if (!D.Uops[R].WritesResult)
      continue;
    double L = 0;
    for (int I = int(R); I >= 0; I = D.Uops[I].InputUop) {
      L += D.Uops[I].Latency;
      if (D.Uops[I].ReadsAddress) {
        Longest = std::max(Longest, L);
        break;
      }
    }
  }
  return Longest;
}

/// Time from a store's address input to its store-address uop's result
/// (before forwarding), whether or not the store's instruction also loads
/// (a read-modify-write computes its address once, for the load and the
/// store alike, before the load): the uop's latency as the decoder gave it
/// and the simulator times it (the largest of several); 0 without such a
/// uop, whose address the simulator then waits for nowhere.
double storeAddressLatency(const DecodedInstr &D) {
  double L = 0;
  for (const Uop &U : D.Uops)
    if (U.Kind == UopKind::StoreAddress)
      L = std::max(L, double(U.Latency));
  return L;
}

bool hasStoreAddressUop(const DecodedInstr &D) {
  return any_of(D.Uops,
                [](const Uop &U) { return U.Kind == UopKind::StoreAddress; });
}

/// Time from an address input to the instruction's result.
double addressLatency(const DecodedInstr &D) {
  if (!D.MayLoad)
    return D.MayStore ? storeAddressLatency(D) : addressPathLatency(D);
  return D.LoadLatency + D.AddressPathExtra +
         (computesFromInputs(D) ? D.Latency : 0);
}

double ownLatency(const DecodedInstr &D) {
  return std::max(dataLatency(D), addressLatency(D));
}

/// Register units whose every write in the body is `unit += constant`:
/// their value at a position is (value at iteration start) + offset.
/// Fixed-size tables per unit and a small vector per instruction, on the
/// stack for the loops the plugin sees (the graph's heap temporaries, per
/// loop on the heap clang fragments, were 21 of its 47 perf samples on
/// sqlite3.c).
struct AffineUnits {
  /// Per unit: all writes are constant increments.
  std::array<bool, regunit::Count> Affine;
  /// Per unit: total increment per iteration.
  std::array<int64_t, regunit::Count> Stride;
  /// Per instruction and unit: increment applied before that instruction.
  /// The units are the instruction's address registers (base, index): a
  /// small map in place, not a DenseMap's 1 KiB of buckets allocated per
  /// memory instruction (per loop the plugin analyses, on clang's heap).
  SmallVector<SmallDenseMap<RegUnit, int64_t, 4>, 16> OffsetBefore;
};

void affineUnits(ArrayRef<DecodedInstr> D, AffineUnits &A) {
  A.Affine.fill(true);
  A.Stride.fill(0);
  A.OffsetBefore.resize(D.size());
  std::array<int64_t, regunit::Count> Running;
  Running.fill(0);
  for (size_t I = 0; I < D.size(); ++I) {
    for (RegUnit U : D[I].AddressReads) {
      // The semantics drop untracked registers (riz, eip: regunit::None).
      assert(U < regunit::Count && "an address register is a tracked unit");
      A.OffsetBefore[I][U] = Running[U];
    }
    for (RegUnit U : D[I].Writes) {
      if (U >= regunit::Count)
        continue;
      if (D[I].IncrementedUnit == U)
        Running[U] += D[I].Increment;
      else
        A.Affine[U] = false;
    }
  }
  A.Stride = Running;
}

/// Addresses that can be compared: the registers (and scale, segment) of
/// the operand, plus the displacement normalised to the registers' values
/// at iteration start (constant increments folded in).
struct AddrKey {
  unsigned Base, Index, Scale, Segment;
  int64_t Offset;
  bool operator<(const AddrKey &O) const {
    return std::tie(Base, Index, Scale, Segment, Offset) <
           std::tie(O.Base, O.Index, O.Scale, O.Segment, O.Offset);
  }
};

/// The key of instruction I's memory operand, shifted by Distance
/// iterations; false if the address cannot be tracked.
bool addressKey(ArrayRef<DecodedInstr> D, const AffineUnits &A, size_t I,
                unsigned Distance, AddrKey &K) {
  const MemOperand &M = *D[I].Mem;
  if (M.SymbolicDisp || M.RIPRelative)
    return false;
  auto [Base, Index] = memoryAddressUnits(D[I]);
  K = {M.Base.id(), M.Index.id(), M.Scale, M.Segment.id(), M.Disp};
  for (auto [U, Scale] :
       {std::pair<RegUnit, int64_t>{Base, 1}, {Index, int64_t(M.Scale)}}) {
    if (U == regunit::None)
      continue;
    if (A.Affine[U])
      K.Offset += Scale * (A.OffsetBefore[I].lookup(U) + Distance * A.Stride[U]);
    else if (Distance)
      return false; // changes across iterations in a way we cannot follow
  }
  return true;
}

/// The registers of a normalised address, without its offset: accesses
/// through the same registers can be compared by offset.
AddrKey registersOf(AddrKey K) {
  K.Offset = 0;
  return K;
}

/// Bytes an instruction's memory operand accesses (8 if unknown).
int64_t accessBytes(const DecodedInstr &X) {
  return X.MemBits ? std::max(1u, X.MemBits / 8) : 8;
}

/// A store in a loop body, at a normalised offset from its registers.
struct StoreAt {
  unsigned Pos;
  int64_t Offset;
  int64_t Bytes;
};

/// Stores scanned per load and iteration distance (youngest first): bounds
/// the analysis of very long straight-line blocks.
constexpr unsigned MaxStoresScanned = 256;

/// The register as the producer spells it (xmm1 rather than the canonical
/// zmm1, eax rather than rax), found in its printed text.
std::string writtenRegName(StringRef Text, RegUnit U) {
  std::string Canon = regUnitName(U);
  if (isVecUnit(U)) {
    std::string Num = Canon.substr(3);
    for (const char *P : {"xmm", "ymm", "zmm"}) {
      std::string Cand = P + Num;
      // A whole register name, not the prefix of xmm12 when looking for xmm1.
      for (size_t At = Text.find(Cand); At != StringRef::npos;
           At = Text.find(Cand, At + 1))
        if (At + Cand.size() == Text.size() ||
            !isdigit(static_cast<unsigned char>(Text[At + Cand.size()])))
          return Cand;
    }
  }
  return Canon;
}

} // namespace

bool loadWaitsForStoreAddresses(const DecodedInstr &X,
                                const MachineModel &M) {
  return M.Memory.DivideLoadWaitsForStoreAddresses.Value && X.MayLoad &&
         X.DividerCycles > 0 &&
         any_of(X.Writes, [](RegUnit U) { return isGPRUnit(U); });
}

double maxCycleMean(ArrayRef<double> WTable, size_t N,
                    SmallVectorImpl<unsigned> *Cycle) {
  assert(WTable.size() == N * N && "a row-major N x N matrix");
  // Pred holds node numbers as int (W, N x N, could never be that large:
  // the bound also tells GCC that the tables' sizes cannot overflow,
  // silencing -Walloc-size-larger-than).
  if (N == 0 || N > size_t(std::numeric_limits<int>::max()))
    return NegInf;
  auto W = [&](size_t U, size_t V) { return WTable[U * N + V]; };
  // Karp: F[k][v] = max weight of a walk of exactly k edges ending at v,
  // starting anywhere (a virtual source with 0-weight edges to every node).
  // Row-major tables, on the stack for the usual handful of carried
  // values: the plugin runs this for every loop, on a heap clang has
  // fragmented.
  SmallVector<double, 128> FTable((N + 1) * N, NegInf);
  SmallVector<int, 128> PredTable((N + 1) * N, -1);
  auto F = [&](size_t K) { return FTable.data() + K * N; };
  auto Pred = [&](size_t K) { return PredTable.data() + K * N; };
  for (size_t V = 0; V < N; ++V)
    F(0)[V] = 0;
  for (size_t K = 1; K <= N; ++K)
    for (size_t U = 0; U < N; ++U) {
      if (F(K - 1)[U] == NegInf)
        continue;
      for (size_t V = 0; V < N; ++V)
        if (W(U, V) != NegInf && F(K - 1)[U] + W(U, V) > F(K)[V]) {
          F(K)[V] = F(K - 1)[U] + W(U, V);
          Pred(K)[V] = U;
        }
    }
  double Best = NegInf;
  int BestV = -1;
  for (size_t V = 0; V < N; ++V) {
    if (F(N)[V] == NegInf)
      continue;
    double Worst = std::numeric_limits<double>::infinity();
    for (size_t K = 0; K < N; ++K)
      if (F(K)[V] != NegInf)
        Worst = std::min(Worst, (F(N)[V] - F(K)[V]) / double(N - K));
    if (Worst > Best) {
      Best = Worst;
      BestV = V;
    }
  }
  if (Cycle && BestV >= 0) {
    // The N-edge walk ending at BestV contains a maximum-mean cycle: walk
    // back and cut at the first repeated vertex.
    SmallVector<unsigned, 32> Walk;
    int V = BestV;
    for (size_t K = N; K > 0 && V >= 0; --K) {
      Walk.push_back(V);
      V = Pred(K)[V];
    }
    if (V >= 0)
      Walk.push_back(V);
    std::reverse(Walk.begin(), Walk.end());
    // Find the cycle with the best mean among repeated-vertex segments.
    double BestMean = NegInf;
    for (size_t I = 0; I < Walk.size(); ++I)
      for (size_t J = I + 1; J < Walk.size(); ++J)
        if (Walk[J] == Walk[I]) {
          double Sum = 0;
          for (size_t K = I; K < J; ++K)
            Sum += W(Walk[K], Walk[K + 1]);
          double Mean = Sum / double(J - I);
          if (Mean > BestMean + 1e-12) {
            BestMean = Mean;
            Cycle->assign(Walk.begin() + I, Walk.begin() + J);
          }
          break;
        }
  }
  return Best;
}

/// A memory access at a known address.
struct ConcreteAccess {
  bool Known = false, Load = false, Store = false;
  uint64_t Addr = 0;
  unsigned Bytes = 8;
};

/// Iterations evaluated concretely: dependencies are read off the last one,
/// far enough that transients (a stack pointer drifting past a fixed
/// address) are over, as in a measurement's steady state.
constexpr unsigned ConcreteIters = 65;
/// Memory dependencies are looked for this many iterations back.
constexpr unsigned MaxMemDistance = 4;
/// Iterations over which a concrete memory dependency's weight is averaged
/// (a multiple of 2, 3 and 4: patterns that repeat with those periods
/// average exactly).
constexpr unsigned MeanIters = 12;
static_assert(MeanIters + MaxMemDistance < ConcreteIters,
              "the mean's iterations and the stores they look back to are "
              "evaluated");

/// Evaluates ConcreteIters iterations with every register (and loaded
/// value) equal to the context's value; returns the accesses of each
/// (iteration, instr).
std::vector<std::vector<ConcreteAccess>>
concreteAccesses(ArrayRef<DecodedInstr> D, const AddressContext &Ctx) {
  constexpr unsigned Iters = ConcreteIters;
  constexpr unsigned RSP = 4; // regunit of rsp
  std::vector<std::optional<uint64_t>> Reg(16, Ctx.RegisterValue);
  std::vector<std::vector<ConcreteAccess>> Out(
      Iters, std::vector<ConcreteAccess>(D.size()));
  auto val = [&](RegUnit U) -> std::optional<uint64_t> {
    if (U == regunit::None)
      return uint64_t(0);
    return U < 16 ? Reg[U] : std::nullopt;
  };
  for (unsigned It = 0; It < Iters; ++It)
    for (size_t I = 0; I < D.size(); ++I) {
      const DecodedInstr &X = D[I];
      ConcreteAccess &A = Out[It][I];
      A.Load = X.MayLoad;
      A.Store = X.MayStore;
      if (X.StackAccess) {
        if (auto SP = Reg[RSP]) {
          A.Known = true;
          A.Addr = X.StackDelta < 0 ? *SP + X.StackDelta : *SP;
        }
      } else if (X.Mem && (X.MayLoad || X.MayStore) && !X.Mem->SymbolicDisp &&
                 !X.Mem->RIPRelative && !X.Mem->Segment) {
        auto [BaseU, IndexU] = memoryAddressUnits(X);
        auto B = val(BaseU), Ix = val(IndexU);
        if (B && Ix) {
          A.Known = true;
          A.Addr = *B + *Ix * X.Mem->Scale + X.Mem->Disp;
        }
      }
      if (X.MemBits)
        A.Bytes = std::max(1u, X.MemBits / 8);
      // The destination's new value, from the values before it.
      const DecodedInstr::GPRWrite &W = X.GPRResult;
      if (W.K != DecodedInstr::GPRWrite::None && W.Dest < 16) {
        std::optional<uint64_t> LoadAt;
        if (A.Known)
          LoadAt = A.Addr;
        GPRWriteValues New =
            evaluateGPRWrite(W, val, harnessLoad(Ctx, X, LoadAt));
        Reg[W.Dest] = New.Dest;
        if (isDivide(W.K))
          Reg[regunit::RDX] = New.Remainder; // the quotient went to rax
      } else {
        for (RegUnit U : X.Writes)
          if (U < 16)
            Reg[U] = std::nullopt; // a write we do not follow
      }
      if (X.StackDelta && Reg[RSP])
        Reg[RSP] = *Reg[RSP] + X.StackDelta;
    }
  return Out;
}

DependencyAnalysis analyzeDependencies(const Kernel &K,
                                       ArrayRef<DecodedInstr> D,
                                       const MachineModel &M,
                                       const AddressContext &Ctx) {
  DependencyAnalysis R;
  size_t N = D.size();
  R.CPContribution.assign(N, 0);
  R.LCDContribution.assign(N, 0);
  if (N == 0)
    return R;

  // Final writer of each unit in the body (for loop-carried edges).
  // Per-unit tables on the stack, and the edges in one allocation: at most
  // one register edge per register input, one memory edge per load and
  // one more per locked RMW rule (the address rules below may add a few).
  std::array<int, regunit::Count> FinalWriter;
  FinalWriter.fill(-1);
  size_t EdgeBound = 2 * N;
  for (size_t I = 0; I < N; ++I) {
    EdgeBound += D[I].Reads.size() + D[I].AddressReads.size();
    for (RegUnit U : D[I].Writes)
      if (U < regunit::Count)
        FinalWriter[U] = I;
  }
  R.Edges.reserve(EdgeBound);

  std::array<int, regunit::Count> LastWriter;
  LastWriter.fill(-1);
  for (size_t V = 0; V < N; ++V) {
    auto addFrom = [&](RegUnit U, double W, DepEdge::Kind Kd) {
      if (U >= regunit::Count)
        return;
      if (LastWriter[U] >= 0)
        R.Edges.push_back({unsigned(LastWriter[U]), unsigned(V),
                           W + lateFlags(D[LastWriter[U]], U), 0, Kd, U});
      else if (FinalWriter[U] >= 0)
        R.Edges.push_back({unsigned(FinalWriter[U]), unsigned(V),
                           W + lateFlags(D[FinalWriter[U]], U), 1, Kd, U});
    };
    for (RegUnit U : D[V].Reads)
      if (flagInputFeedsResult(D[V], U))
        addFrom(U, readLatency(D[V], U), DepEdge::Register);
    for (RegUnit U : D[V].AddressReads)
      addFrom(U, addressLatency(D[V]), DepEdge::Address);
    for (RegUnit U : D[V].Writes)
      if (U < regunit::Count)
        LastWriter[U] = V;
  }

  // Memory: the nearest store before each load that provably writes what
  // it reads (same iteration), else the last such store of the previous
  // iteration. Stores are indexed by normalised address: O(n log n).
  AffineUnits A;
  affineUnits(D, A);
  // The stores by their registers (the key without its offset), each
  // group in body order: one sorted array (a map node and a vector per
  // group were allocations per loop).
  SmallVector<std::pair<AddrKey, StoreAt>, 16> Tagged;
  for (size_t S = 0; S < N; ++S) {
    AddrKey Key;
    if (D[S].MayStore && D[S].Mem && addressKey(D, A, S, 0, Key))
      Tagged.push_back(
          {registersOf(Key), {unsigned(S), Key.Offset, accessBytes(D[S])}});
  }
  // The stores of a group in body order (ascending Pos; std::sort: a
  // stable sort takes a heap buffer).
  llvm::sort(Tagged, [](const auto &X, const auto &Y) {
    return X.first < Y.first ||
           (!(Y.first < X.first) && X.second.Pos < Y.second.Pos);
  });
  SmallVector<AddrKey, 16> StoreRegs;
  SmallVector<StoreAt, 16> StoreList;
  for (const auto &[Regs, Store] : Tagged) {
    StoreRegs.push_back(Regs);
    StoreList.push_back(Store);
  }
  auto storesThrough = [&](const AddrKey &Regs) {
    auto [First, Last] =
        std::equal_range(StoreRegs.begin(), StoreRegs.end(), Regs);
    return ArrayRef<StoreAt>(StoreList).slice(First - StoreRegs.begin(),
                                              Last - First);
  };
  // Positions of writes to each unit, to reject a same-iteration match
  // when a register of a non-affine address changes in between: (unit,
  // position) pairs in order, one allocation (a vector per unit was 75
  // allocations per loop, the first of them a "large" request that makes
  // glibc consolidate the heap, which the plugin shares with clang).
  SmallVector<std::pair<RegUnit, unsigned>, 64> Writes;
  for (size_t I = 0; I < N; ++I)
    for (RegUnit U : D[I].Writes)
      if (U < regunit::Count)
        Writes.push_back({U, unsigned(I)});
  llvm::sort(Writes);
  auto writtenBetween = [&](RegUnit U, size_t From, size_t To) {
    auto It = std::upper_bound(Writes.begin(), Writes.end(),
                               std::make_pair(U, unsigned(From)));
    return It != Writes.end() && It->first == U && It->second < To;
  };
  // Masked stores (AVX-512 write masks) that cannot forward their data
  // (MemoryDesc::MaskedStoreForwards): a later overlapping load waits as
  // for a partial overlap.
  auto forwards = [&](size_t S) {
    return !D[S].MaskedStore || M.Memory.MaskedStoreForwards.Value;
  };
  std::vector<std::vector<ConcreteAccess>> Concrete;
  if (Ctx.Concrete)
    Concrete = concreteAccesses(D, Ctx);
  auto computeLat = [&](size_t L) {
    return computesFromInputs(D[L]) ? D[L].Latency : 0;
  };
  // A forwarded value reaches the load no sooner than its own load-to-use
  // latency (as in the simulator, SimKernel's forwarding extra), less the
  // cycles a forwarded value skips (MemoryDesc::
  // ForwardedLoadSkipsComplexAddress).
  auto forwardLat = [&](size_t L) {
    return std::max(double(M.Memory.StoreForwardLatency),
                    double(D[L].LoadLatency - D[L].ForwardSkipsCycles));
  };
  // Memory renaming (MemoryDesc::MemoryRenaming; the measurements behind
  // each condition below are in the znver4 description's source): a 32/64-
  // bit GPR load, or a plain read-modify-write, from the start of an older
  // 32/64-bit GPR store. Load-op forms (add r, [m]) are not renamed.
  // push/pop's implicit stack slot (no memory operand of their own) when
  // the description renames it (MemoryDesc::StackAccessRenaming).
  auto stackSlot = [&](const DecodedInstr &X) {
    return M.Memory.StackAccessRenaming.Value && X.StackAccess && !X.Mem;
  };
  auto accessBits = [&](const DecodedInstr &X) {
    return stackSlot(X) ? 64u : X.MemBits;
  };
  auto gprAccess = [&](const DecodedInstr &X) {
    if (accessBits(X) != 32 && accessBits(X) != 64)
      return false;
    for (RegUnit U : X.Reads)
      if (isVecUnit(U))
        return false;
    for (RegUnit U : X.Writes)
      if (isVecUnit(U))
        return false;
    return true;
  };
  // Straight-line code needs the same address expression (registers,
  // scale, displacement); in a loop an aliasing pair is renamed too (the
  // same instructions recur and a predictor learns the pair).
  auto sameName = [&](size_t S, size_t L) {
    const auto &A = *D[S].Mem, &B = *D[L].Mem;
    return A.Base == B.Base && A.Index == B.Index && A.Scale == B.Scale &&
           A.Disp == B.Disp && A.Segment == B.Segment && !A.SymbolicDisp &&
           !B.SymbolicDisp && !A.RIPRelative && !B.RIPRelative && A.Base;
  };
  // Not renamed: locked and exchanging read-modify-writes (cmpxchg, xadd
  // write a register too).
  auto plainRMW = [&](const DecodedInstr &X) {
    return !X.Locked &&
           none_of(X.Writes, [](RegUnit U) { return isGPRUnit(U); });
  };
  // Straight-line code also needs the address registers unchanged between
  // the store and the load.
  auto addressRewritten = [&](size_t S, size_t L, unsigned Back) {
    // Copies: C++17 lambdas cannot capture structured bindings.
    auto [BaseUnit, IndexUnit] = memoryAddressUnits(D[L]);
    RegUnit Base = BaseUnit, Index = IndexUnit;
    auto writes = [&](size_t I) {
      for (RegUnit U : D[I].Writes)
        if (U != regunit::None && (U == Base || U == Index))
          return true;
      return false;
    };
    if (Back == 0) {
      for (size_t I = S + 1; I < L; ++I)
        if (writes(I))
          return true;
      return false;
    }
    for (size_t I = 0; I < N; ++I)
      if ((I > S || I < L || (Back > 1 && I != S)) && writes(I))
        return true;
    return false;
  };
  // A plain load whose only computing uop is the stack-sync uop (mov r,
  // [rsp] after a push): its data does not pass through that uop.
  auto syncOnlyLoad = [&](const DecodedInstr &X) {
    return M.Memory.StackAccessRenaming.Value && X.StackSync &&
           !X.MayStore && count_if(X.Uops, [](const Uop &U) {
                            return U.Kind == UopKind::Compute ||
                                   U.Kind == UopKind::Branch;
                          }) == 1;
  };
  // MemoryDesc::StackOffsetRenaming: rsp-based accesses (push/pop's slot
  // or [rsp+d]) are named by the stack engine's rsp.
  auto rspBased = [&](const DecodedInstr &X) {
    if (X.StackAccess && !X.Mem)
      return true;
    if (!X.Mem)
      return false;
    auto [Base, Index] = memoryAddressUnits(X);
    return Base == regunit::RSP && Index == regunit::None;
  };
  auto renamed = [&](size_t S, size_t L, unsigned Back) {
    bool StackPair = (stackSlot(D[S]) && stackSlot(D[L])) ||
                     (M.Memory.StackOffsetRenaming.Value && rspBased(D[S]) &&
                      rspBased(D[L]));
    if (!M.Memory.MemoryRenaming.Value || !gprAccess(D[S]) ||
        !gprAccess(D[L]) || accessBits(D[L]) > accessBits(D[S]) ||
        !(D[S].Mem || stackSlot(D[S])) || !(D[L].Mem || stackSlot(D[L])) ||
        D[S].Locked)
      return false;
    // Straight-line push/pop pairs (and rsp-based pairs under
    // StackOffsetRenaming) are named by the stack engine's offset, which
    // the addresses already matched.
    if (K.Shape == KernelShape::Unrolled && !StackPair &&
        (!D[S].Mem || !D[L].Mem || !sameName(S, L) ||
         addressRewritten(S, L, Back)))
      return false;
    if (D[L].MayStore)
      return plainRMW(D[L]);
    return !computesFromInputs(D[L]) || syncOnlyLoad(D[L]);
  };
  // MemoryDesc::LoadedStoreAddressFlush: straight-line code (each copy a
  // new store and load to predict) where the store's address register was
  // last written by a plain load and the load's were not, so the store's
  // address comes too late to stop the aliasing younger load before it
  // delivers its value (a load whose address is loaded too waits as long).
  // push/pop's rsp update is the stack engine's, not a register write here.
  auto addressLoaded = [&](size_t I) {
    auto [BaseUnit, IndexUnit] = memoryAddressUnits(D[I]);
    RegUnit Base = BaseUnit, Index = IndexUnit; // capturable copies (C++17)
    std::optional<size_t> W = closestWriter(D, I, [&](RegUnit U) {
      return U != regunit::None && (U == Base || U == Index);
    });
    return W && D[*W].MayLoad && !D[*W].MayStore;
  };
  auto flushed = [&](size_t S, size_t L) {
    return M.Memory.LoadedStoreAddressFlush.Value &&
           K.Shape == KernelShape::Unrolled && D[S].Mem && D[L].Mem &&
           addressLoaded(S) && !addressLoaded(L);
  };
  // MemoryDesc::LoadedStoreAddressForward: the same pairs, where no
  // flush applies, wait for the store's address and then forward.
  auto waitsForAddress = [&](size_t S, size_t L) {
    return M.Memory.LoadedStoreAddressForward.Value && D[S].Mem &&
           D[L].Mem && addressLoaded(S) && !addressLoaded(L) &&
           !flushed(S, L);
  };
  auto renamedLat = [&](size_t L) {
    return syncOnlyLoad(D[L]) ? 0.0 : double(computeLat(L));
  };
  auto forwardWeight = [&](size_t S, size_t L, unsigned Back) {
    return renamed(S, L, Back) ? renamedLat(L)
                               : forwardLat(L) + computeLat(L);
  };
  // MemoryDesc::LockedRMWCycles: a locked RMW waits for an older locked
  // RMW through their serial occupancy, not by forwarding.
  auto lockOrdered = [&](size_t S, size_t L) {
    return M.Memory.LockedRMWCycles && D[S].Locked && D[L].Locked;
  };
  // MemoryDesc::FourKAliasedLoadWaitsForStore: bytes that meet in address
  // bits 11:0 at different linear addresses on one physical page (the
  // harness maps pages onto AddressContext::SharedPhysicalPages) are, for
  // the load, as a partial overlap: it waits for the store to commit.
  const bool FourKAliasWaits = M.Memory.FourKAliasedLoadWaitsForStore.Value &&
                               Ctx.Concrete && Ctx.SharedPhysicalPages;
  auto linearOverlap = [](const ConcreteAccess &S, const ConcreteAccess &L) {
    return S.Addr < L.Addr + L.Bytes && L.Addr < S.Addr + S.Bytes;
  };
  // A load whose value addresses memory (a pointer) reads, once aliased,
  // what the store wrote instead of the harness value: the concrete
  // addresses after it are not followed, so no alias is claimed for it
  // (bhdev-1829: the pointer it loads is the one the store increments).
  std::array<bool, regunit::Count> AddressesMemory;
  AddressesMemory.fill(false);
  if (FourKAliasWaits)
    for (const DecodedInstr &X : D)
      for (RegUnit U : X.AddressReads)
        if (U < regunit::Count)
          AddressesMemory[U] = true;
  auto loadsPointer = [&](size_t L) {
    return llvm::any_of(D[L].Writes, [&](RegUnit U) {
      return U < regunit::Count && AddressesMemory[U];
    });
  };
  auto meets = [&](const ConcreteAccess &S, const ConcreteAccess &L,
                   size_t LoadPos) {
    if (linearOverlap(S, L))
      return true;
    if (!FourKAliasWaits || loadsPointer(LoadPos))
      return false;
    constexpr uint64_t PageMask = 4095;
    if (((S.Addr >> 12) - (L.Addr >> 12)) % Ctx.SharedPhysicalPages)
      return false; // another physical page: a false match, re-issued
    uint64_t LoadAfterStore = (L.Addr - S.Addr) & PageMask;
    uint64_t StoreAfterLoad = (S.Addr - L.Addr) & PageMask;
    return LoadAfterStore < S.Bytes || StoreAfterLoad < L.Bytes;
  };
  for (size_t L = 0; L < N; ++L) {
    // MemoryDesc::LockedWaitsForStoreCommit: a locked RMW (or xchg with
    // memory) reads only after every older store has committed; stores
    // commit in order, so it waits for the youngest (this iteration or the
    // previous one), as a load whose forwarding is blocked. An older
    // locked RMW orders it through the serial occupancy instead.
    if (M.Memory.LockedWaitsForStoreCommit.Value && D[L].isLockedRMW() &&
        D[L].MayLoad) {
      std::optional<size_t> S = closestBefore(
          D, L, [](const DecodedInstr &X) { return X.MayStore; });
      if (S && !D[*S].isLockedRMW()) {
        R.Edges.push_back(
            {unsigned(*S), unsigned(L),
             double(M.Memory.forwardBlockLatency(/*LockedStore=*/false)) +
                 computeLat(L),
             iterationsBefore(*S, L), DepEdge::MemoryBlocked, regunit::None,
             false});
        continue;
      }
    }
    const unsigned Last = ConcreteIters - 1;
    if (Ctx.Concrete && D[L].MayLoad && Concrete[Last][L].Known) {
      // The youngest earlier store overlapping the load's bytes, in this
      // iteration or up to MaxMemDistance iterations back.
      const ConcreteAccess &LA = Concrete[Last][L];
      for (size_t Step = 0; Step < L + MaxMemDistance * N; ++Step) {
        unsigned Back = Step < L ? 0 : 1 + (Step - L) / N;
        size_t S = Step < L ? L - 1 - Step : N - 1 - (Step - L) % N;
        const ConcreteAccess &SA = Concrete[Last - Back][S];
        if (!SA.Store || !SA.Known)
          continue;
        if (!meets(SA, LA, L))
          continue;
        if (lockOrdered(S, L))
          break;
        // The pair's weight in iteration It: forwarded, renamed, blocked
        // (a partial overlap), or none (the bytes no longer meet).
        auto weightAt = [&](unsigned It, bool &Contains, bool &Renamed) {
          const ConcreteAccess &SI = Concrete[It - Back][S];
          const ConcreteAccess &LI = Concrete[It][L];
          Contains = Renamed = false;
          if (!SI.Known || !LI.Known || !meets(SI, LI, L))
            return 0.0;
          Contains = SI.Addr <= LI.Addr &&
                     LI.Addr + LI.Bytes <= SI.Addr + SI.Bytes && forwards(S);
          Renamed = Contains && SI.Addr == LI.Addr && renamed(S, L, Back);
          if (Contains && !Renamed && flushed(S, L))
            return double(M.Memory.LoadedStoreAddressFlush) + computeLat(L);
          return Renamed    ? renamedLat(L)
                 : Contains ? forwardLat(L) + computeLat(L)
                            : double(M.Memory.forwardBlockLatency(
                                  D[S].Locked)) +
                                  computeLat(L);
        };
        // Addresses that drift between iterations (rotating registers,
        // bhdev-1360: a partial overlap every third iteration): the mean
        // weight over the last iterations the evaluation covers, and the
        // kind most of them have (the simulator takes the kind).
        double Sum = 0;
        unsigned Blocked = 0, RenamedIn = 0;
        for (unsigned It = Last + 1 - MeanIters; It <= Last; ++It) {
          bool C, Rn;
          double WI = weightAt(It, C, Rn);
          Sum += WI;
          Blocked += WI > 0 && !C;
          RenamedIn += Rn;
        }
        bool Contains = 2 * Blocked <= MeanIters;
        bool Renamed = Contains && RenamedIn == MeanIters;
        double W = Sum / MeanIters;
        R.Edges.push_back({unsigned(S), unsigned(L), W, Back,
                           Contains ? DepEdge::Memory : DepEdge::MemoryBlocked,
                           regunit::None, Renamed,
                           Contains ? double(Blocked) / MeanIters : 0.0,
                           Contains && !Renamed && flushed(S, L)});
        R.Edges.back().WaitsForAddress =
            Contains && !Renamed && waitsForAddress(S, L);
        break;
      }
      continue;
    }
    if (!D[L].MayLoad || !D[L].Mem)
      continue;
    // The youngest earlier store through the same registers (constant
    // increments folded in) whose bytes overlap the load's, in this
    // iteration or up to MaxMemDistance iterations back: a store that
    // contains the load forwards, a partial overlap blocks forwarding.
    AddrKey LK;
    if (!addressKey(D, A, L, 0, LK))
      continue;
    ArrayRef<StoreAt> Stores = storesThrough(registersOf(LK));
    if (Stores.empty())
      continue;
    int64_t LBytes = accessBytes(D[L]);
    bool Found = false;
    for (unsigned Back = 0; Back <= MaxMemDistance && !Found; ++Back) {
      if (Back && !addressKey(D, A, L, Back, LK))
        break; // a register changes across iterations in a way not followed
      // Youngest first; in the load's own iteration only stores before it.
      auto It = Stores.rbegin();
      if (Back == 0)
        It = std::make_reverse_iterator(std::lower_bound(
            Stores.begin(), Stores.end(), unsigned(L),
            [](const StoreAt &X, unsigned Pos) { return X.Pos < Pos; }));
      for (unsigned Seen = 0; It != Stores.rend() && Seen < MaxStoresScanned;
           ++It, ++Seen) {
        unsigned S = It->Pos;
        bool Overlap = It->Offset < LK.Offset + LBytes &&
                       LK.Offset < It->Offset + It->Bytes;
        if (!Overlap)
          continue;
        if (lockOrdered(S, L)) {
          Found = true;
          break;
        }
        if (Back == 0) {
          auto [Base, Index] = memoryAddressUnits(D[L]);
          bool Stable = true;
          for (RegUnit U : {Base, Index})
            if (U != regunit::None && !A.Affine[U] && writtenBetween(U, S, L))
              Stable = false;
          if (!Stable)
            continue;
        }
        bool Contains = It->Offset <= LK.Offset &&
                        LK.Offset + LBytes <= It->Offset + It->Bytes &&
                        forwards(S);
        bool Renamed = Contains && It->Offset == LK.Offset &&
                       renamed(S, L, Back);
        double W = !Contains ? double(M.Memory.forwardBlockLatency(
                                   D[S].Locked)) +
                                   computeLat(L)
                             : forwardWeight(S, L, Back);
        R.Edges.push_back({S, unsigned(L), W, Back,
                           Contains ? DepEdge::Memory : DepEdge::MemoryBlocked,
                           regunit::None, Renamed});
        Found = true;
        break;
      }
    }
  }

  // MemoryDesc::LoadsWaitForLockedRMW: a load younger than a locked RMW
  // (this iteration's, or the previous iteration's when the load comes
  // first) reads only after the lock's store has committed: as a load
  // whose forwarding is blocked, from the lock. A load that already waits
  // for a store keeps that producer (the simulator follows one memory
  // producer per load).
  if (M.Memory.LoadsWaitForLockedRMW.Value) {
    SmallVector<bool, 64> HasMemoryProducer(N, false);
    for (const DepEdge &E : R.Edges)
      if (E.K == DepEdge::Memory || E.K == DepEdge::MemoryBlocked)
        HasMemoryProducer[E.To] = true;
    for (size_t L = 0; L < N; ++L) {
      if (!D[L].MayLoad || HasMemoryProducer[L] || D[L].isLockedRMW())
        continue;
      std::optional<size_t> Lock = closestBefore(
          D, L, [](const DecodedInstr &X) { return X.isLockedRMW(); });
      if (Lock)
        R.Edges.push_back(
            {unsigned(*Lock), unsigned(L),
             double(M.Memory.forwardBlockLatency(/*LockedStore=*/false)) +
                 computeLat(L),
             iterationsBefore(*Lock, L), DepEdge::MemoryBlocked,
             regunit::None, false});
    }
  }

  // The simulator follows a memory edge only into a load uop: an
  // instruction that LLVM marks as loading but whose uops hold no load
  // (fxsave on the Intel cores, from LLVM's scheduling model: a store and
  // an ALU uop) reads memory in neither model. Its edge made a 100-cycle
  // recurrence through fxsave's 96-cycle latency over a simulation of 1.21
  // cycles per iteration on Skylake.
  llvm::erase_if(R.Edges, [&](const DepEdge &E) {
    return (E.K == DepEdge::Memory || E.K == DepEdge::MemoryBlocked) &&
           none_of(D[E.To].Uops,
                   [](const Uop &U) { return U.Kind == UopKind::Load; });
  });

  // MemoryDesc::DivideLoadWaitsForStoreAddresses: such a load waits for
  // the address of every older store, in this iteration or the previous
  // one: an edge from each producer of a store's address register (the
  // store's address edge) to the load's result, through the store-address
  // uop and the load.
  {
    std::vector<DepEdge> AfterAddresses;
    for (size_t L = 0; L < N; ++L) {
      if (!loadWaitsForStoreAddresses(D[L], M))
        continue;
      for (const DepEdge &E : R.Edges) {
        // A store without a store-address uop holds no load back in the
        // simulator.
        if (E.K != DepEdge::Address || !D[E.To].MayStore || E.To == L ||
            !hasStoreAddressUop(D[E.To]))
          continue;
        unsigned Distance = E.Distance + (E.To > L ? 1 : 0);
        // A store younger than the load in the load's own iteration is
        // older only as last iteration's copy.
        if (Distance > 1)
          continue;
        // Not the load's own address path (AddressPathExtra): the wait
        // is on the store's address, as in the simulator. Nor the store's
        // own load when it is a read-modify-write (its address edge
        // weighs the load and the operation, E.Weight): the store-address
        // uop is ready when its address is.
        AfterAddresses.push_back(
            {E.From, unsigned(L),
             storeAddressLatency(D[E.To]) + addressLatency(D[L]) -
                 D[L].AddressPathExtra,
             Distance, DepEdge::Address, E.Unit});
      }
    }
    R.Edges.insert(R.Edges.end(), AfterAddresses.begin(),
                   AfterAddresses.end());
  }

  // MemoryDesc::LoadedStoreAddressForward: the load's value comes that
  // long after the store-address uop: an edge from each producer of the
  // store's address (the uop's latency, storeAddressLatency, also when the
  // store is a read-modify-write, whose address edge weighs its load and
  // operation) to the load.
  {
    std::vector<DepEdge> AfterAddresses;
    for (const DepEdge &Mem : R.Edges) {
      if (!Mem.WaitsForAddress)
        continue;
      for (const DepEdge &E : R.Edges)
        if (E.K == DepEdge::Address && E.To == Mem.From &&
            hasStoreAddressUop(D[Mem.From]))
          AfterAddresses.push_back(
              {E.From, Mem.To,
               storeAddressLatency(D[Mem.From]) +
                   M.Memory.LoadedStoreAddressForward +
                   computeLat(Mem.To),
               E.Distance + Mem.Distance, DepEdge::Address, E.Unit});
    }
    R.Edges.insert(R.Edges.end(), AfterAddresses.begin(),
                   AfterAddresses.end());
  }

  // A renamed load's value comes from the store's data register at rename:
  // it does not wait a load-to-use latency after its address (unless the
  // store has committed by then, MemoryDesc::RenamedLoadAfterCommitReadsCache,
  // which only the simulator sees: the bound stays a lower bound). Measured
  // on the EPYC 9004
  // host (eval/bhive/probes-znver4/renamed-address.s): mov [rdi+8], rdx;
  // mov rdx, [rdx+8] 1.03 cycles per iteration, not the 4 of an address
  // edge at load latency. The same weight as the simulator's renamed load
  // uop (latency 0 after its address).
  SmallVector<bool, 64> RenamedLoad(N, false);
  for (const DepEdge &E : R.Edges)
    if (E.K == DepEdge::Memory && E.Renamed)
      RenamedLoad[E.To] = true;
  for (DepEdge &E : R.Edges)
    if (E.K == DepEdge::Address && RenamedLoad[E.To])
      E.Weight = D[E.To].AddressPathExtra + renamedLat(E.To);

  // A load whose forwarding is blocked waits for the store to commit,
  // which needs both of the store's uops: its address reaches that point
  // no later than its data. The blocked wait (forwardBlockLatency) is
  // counted from the data, whose edge into a store weighs 0, so a store
  // address on such a chain weighs 0 too (the 1 of addressLatency is for
  // forwarding, which starts once the address is known). As in the
  // simulator, where a blocked load waits for the store's retirement;
  // bhind-0737 of the independent BHive set (mov rax, [rsp]; mov ecx,
  // [rsp+12]; mov [rax], ecx) had a bound one cycle above its simulation
  // on every model. A store that also forwards to another load keeps its
  // weight lower here: the bound stays a lower bound.
  SmallVector<bool, 64> BlocksALoad(N, false);
  for (const DepEdge &E : R.Edges)
    if (E.K == DepEdge::MemoryBlocked && D[E.From].MayStore &&
        !D[E.From].MayLoad)
      BlocksALoad[E.From] = true;
  for (DepEdge &E : R.Edges)
    if (E.K == DepEdge::Address && BlocksALoad[E.To])
      E.Weight = std::min(E.Weight, 0.0);

  // Critical path of one iteration (distance-0 edges go forward).
  // Each instruction's incoming edges in edge order, one array for all
  // (a vector per instruction was most of this step's allocations).
  SmallVector<unsigned, 64> InStart(N + 1, 0);
  for (const DepEdge &E : R.Edges)
    ++InStart[E.To + 1];
  for (size_t V = 0; V < N; ++V)
    InStart[V + 1] += InStart[V];
  SmallVector<const DepEdge *, 128> In(R.Edges.size());
  {
    SmallVector<unsigned, 64> Fill(InStart.begin(), InStart.end() - 1);
    for (const DepEdge &E : R.Edges)
      In[Fill[E.To]++] = &E;
  }
  auto InEdges = [&](size_t V) {
    return llvm::ArrayRef<const DepEdge *>(In).slice(
        InStart[V], InStart[V + 1] - InStart[V]);
  };
  SmallVector<double, 64> CP(N);
  SmallVector<int, 64> CPPred(N, -1);
  for (size_t V = 0; V < N; ++V) {
    CP[V] = ownLatency(D[V]);
    for (const DepEdge *E : InEdges(V))
      if (E->Distance == 0 && CP[E->From] + E->Weight > CP[V]) {
        CP[V] = CP[E->From] + E->Weight;
        CPPred[V] = E->From;
      }
  }
  size_t End = std::max_element(CP.begin(), CP.end()) - CP.begin();
  R.CriticalPath = CP[End];
  for (int V = End; V >= 0; V = CPPred[V]) {
    R.CriticalPathInstrs.push_back(V);
    R.CPContribution[V] =
        CPPred[V] >= 0 ? CP[V] - CP[CPPred[V]] : CP[V];
  }
  std::reverse(R.CriticalPathInstrs.begin(), R.CriticalPathInstrs.end());

  // Carried values: one per distinct (producer, unit, distance) of a
  // loop-carried edge. A value consumed d > 1 iterations later passes
  // through d - 1 delay nodes (weight 0, one iteration each), so every
  // matrix step is exactly one iteration.
  // The tables are on the stack for the usual handful of carried values
  // and a few dozen instructions, and a value's name is written only for
  // the recurrences reported (a string per carried value was an
  // allocation each, per loop).
  struct Carried {
    int Producer;   ///< instruction whose result this is; -1: a delay node
    int DelayOf;    ///< delay node: the carried value it delays
    RegUnit Unit;
    bool Memory;    ///< carried through memory (the first edge's kind)
  };
  SmallVector<Carried, 16> C;
  SmallDenseMap<uint64_t, unsigned, 16> CarriedIdx;
  // Per edge, the carried value (its last delay node) it starts from; ~0u
  // for an edge within the iteration.
  SmallVector<unsigned, 128> StartOf(R.Edges.size(), ~0u);
  for (size_t EI = 0; EI < R.Edges.size(); ++EI) {
    const DepEdge &E = R.Edges[EI];
    if (E.Distance == 0)
      continue;
    assert(E.From < (1u << 31) && E.Distance < (1u << 24) &&
           "a carried value's key packs into 64 bits");
    uint64_t Key =
        (uint64_t(E.From) << 32) | (uint64_t(E.Unit) << 24) | E.Distance;
    auto [It, New] = CarriedIdx.try_emplace(Key, 0);
    if (New) {
      C.push_back({int(E.From), -1, E.Unit,
                   E.K == DepEdge::Memory || E.K == DepEdge::MemoryBlocked});
      for (unsigned Delay = 1; Delay < E.Distance; ++Delay)
        C.push_back({-1, int(C.size() - 1), E.Unit, false});
      It->second = C.size() - 1; // consumers read the last (delayed) node
    }
    StartOf[EI] = It->second;
  }
  auto carriedName = [&](const Carried &X) {
    assert(X.Producer >= 0 && "a delay node is not named in a recurrence");
    StringRef Text = K.Instrs[X.Producer].Text;
    return X.Memory ? "memory written by " + Text.str()
                    : writtenRegName(Text, X.Unit);
  };
  size_t NC = C.size();
  // Row-major: W[Ci][Cj], and per carried value Ci its longest paths
  // Dist[Ci][V] and their predecessors PathPred[Ci][V].
  SmallVector<double, 64> W(NC * NC, NegInf);
  SmallVector<int, 256> PathPred(NC * N);
  SmallVector<double, 256> Dist(NC * N);
  for (size_t Ci = 0; Ci < NC; ++Ci) {
    MutableArrayRef<double> Dd = MutableArrayRef<double>(Dist).slice(Ci * N, N);
    MutableArrayRef<int> P = MutableArrayRef<int>(PathPred).slice(Ci * N, N);
    std::fill(Dd.begin(), Dd.end(), NegInf);
    std::fill(P.begin(), P.end(), -2); // -1: entered from the carried value,
                                       // -2: unreached
    for (size_t EI = 0; EI < R.Edges.size(); ++EI) {
      if (StartOf[EI] != Ci)
        continue;
      const DepEdge &E = R.Edges[EI];
      if (E.Weight > Dd[E.To]) {
        Dd[E.To] = E.Weight;
        P[E.To] = -1;
      }
    }
    for (size_t V = 0; V < N; ++V)
      for (const DepEdge *E : InEdges(V))
        if (E->Distance == 0 && Dd[E->From] != NegInf &&
            Dd[E->From] + E->Weight > Dd[V]) {
          Dd[V] = Dd[E->From] + E->Weight;
          P[V] = E->From;
        }
    for (size_t Cj = 0; Cj < NC; ++Cj)
      W[Ci * NC + Cj] = C[Cj].Producer >= 0       ? Dd[C[Cj].Producer]
                        : C[Cj].DelayOf == int(Ci) ? 0.0
                                                   : NegInf;
  }

  auto pathInstrs = [&](unsigned Ci, unsigned Target,
                        SmallVectorImpl<unsigned> &Path) {
    Path.clear();
    for (int V = Target; V >= 0; V = PathPred[Ci * N + V])
      Path.push_back(V);
    std::reverse(Path.begin(), Path.end());
  };
  auto makeRecurrence = [&](ArrayRef<unsigned> Cycle) {
    Recurrence Rec;
    SmallVector<unsigned, 32> Path;
    for (size_t I = 0; I < Cycle.size(); ++I) {
      unsigned Ci = Cycle[I], Cj = Cycle[(I + 1) % Cycle.size()];
      Rec.Latency += W[Ci * NC + Cj];
      if (C[Ci].Producer >= 0)
        Rec.Carried.push_back(carriedName(C[Ci]));
      if (C[Cj].Producer >= 0) {
        pathInstrs(Ci, C[Cj].Producer, Path);
        Rec.Instrs.insert(Rec.Instrs.end(), Path.begin(), Path.end());
      }
    }
    Rec.Distance = Cycle.size();
    Rec.CyclesPerIteration = Rec.Latency / Rec.Distance;
    return Rec;
  };

  SmallVector<unsigned, 16> Critical;
  double Bound = maxCycleMean(W, NC, &Critical);
  if (Bound != NegInf && !Critical.empty()) {
    R.RecurrenceBound = std::max(0.0, Bound);
    Recurrence Main = makeRecurrence(Critical);
    // Per-instruction contribution on the binding cycle.
    SmallVector<unsigned, 32> Path;
    for (size_t I = 0; I < Critical.size(); ++I) {
      unsigned Ci = Critical[I], Cj = Critical[(I + 1) % Critical.size()];
      if (C[Cj].Producer < 0)
        continue;
      pathInstrs(Ci, C[Cj].Producer, Path);
      double Prev = 0;
      for (unsigned V : Path) {
        R.LCDContribution[V] += Dist[Ci * N + V] - Prev;
        Prev = Dist[Ci * N + V];
      }
    }
    R.Recurrences.push_back(std::move(Main));
  }
  // Self-recurrences of other carried values (induction variables...).
  for (size_t Ci = 0; Ci < NC; ++Ci) {
    if (W[Ci * NC + Ci] == NegInf || C[Ci].Producer < 0)
      continue;
    if (Critical.size() == 1 && Critical[0] == Ci)
      continue;
    R.Recurrences.push_back(makeRecurrence({unsigned(Ci)}));
  }
  // Strongest first after the binding one, in a stable insertion sort
  // (a handful of recurrences; std::stable_sort takes a heap buffer).
  for (size_t I = 2; I < R.Recurrences.size(); ++I)
    for (size_t J = I; J > 1 && R.Recurrences[J].CyclesPerIteration >
                                    R.Recurrences[J - 1].CyclesPerIteration;
         --J)
      std::swap(R.Recurrences[J], R.Recurrences[J - 1]);
  return R;
}

} // namespace luarch
