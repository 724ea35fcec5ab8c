//===- Streams.cpp - The memory streams of a loop body -------------------===//
#include "luarch/Analysis/Streams.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/MCValue.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;

namespace luarch {

StringRef accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load: return "load";
  case AccessKind::Store: return "store";
  case AccessKind::ReadModifyWrite: return "read-modify-write";
  }
  llvm_unreachable("bad AccessKind");
}

namespace {

constexpr double Inf = std::numeric_limits<double>::infinity();

/// An address or register value: sum of Coef * (a root register's value at
/// iteration start) + Const.
struct AffineValue {
  std::map<RegUnit, int64_t> Terms;
  int64_t Const = 0;
  void add(const AffineValue &O, int64_t Scale) {
    for (auto [U, C] : O.Terms)
      if ((Terms[U] += Scale * C) == 0)
        Terms.erase(U);
    Const += Scale * O.Const;
  }
};

/// How each general register changes within one iteration.
class RegisterFlow {
public:
  RegisterFlow(ArrayRef<DecodedInstr> D) : D(D) {
    for (size_t I = 0; I < D.size(); ++I)
      for (RegUnit U : D[I].Writes)
        if (isGPRUnit(U))
          Writers[U].push_back(I);
  }

  /// Bytes a root register advances per iteration (0 if never written);
  /// nullopt if it is not a root (written otherwise than by constant
  /// increments).
  std::optional<int64_t> rootStride(RegUnit U) const {
    auto It = Writers.find(U);
    if (It == Writers.end())
      return 0;
    int64_t Sum = 0;
    for (size_t W : It->second) {
      std::optional<int64_t> Inc = increment(W, U);
      if (!Inc)
        return std::nullopt;
      Sum += *Inc;
    }
    return Sum;
  }

  /// The value of \p U just before instruction \p I executes, in terms of
  /// the roots' values at iteration start; nullopt if not followed.
  std::optional<AffineValue> valueAt(RegUnit U, size_t I,
                                     unsigned Depth = 0) const {
    if (Depth > 8)
      return std::nullopt;
    if (std::optional<int64_t> S = rootStride(U)) {
      (void)S;
      AffineValue V;
      V.Terms[U] = 1;
      auto It = Writers.find(U);
      if (It != Writers.end())
        for (size_t W : It->second)
          if (W < I)
            V.Const += *increment(W, U);
      return V;
    }
    // A derived register: one affine write from followed registers.
    const std::vector<size_t> &Ws = Writers.find(U)->second;
    if (Ws.size() != 1)
      return std::nullopt;
    size_t W = Ws[0];
    const DecodedInstr::GPRWrite &G = D[W].GPRResult;
    if (G.K != DecodedInstr::GPRWrite::Affine || G.Dest != U ||
        G.Base == U || G.Index == U)
      return std::nullopt;
    AffineValue V;
    V.Const = G.Imm;
    for (auto [Src, Scale] : {std::pair<RegUnit, int64_t>{G.Base, 1},
                              {G.Index, G.Scale}}) {
      if (Src == regunit::None || Scale == 0)
        continue;
      std::optional<AffineValue> SV = valueAt(Src, W, Depth + 1);
      if (!SV)
        return std::nullopt;
      V.add(*SV, Scale);
    }
    // Written at or after I: I sees the previous iteration's value.
    if (W >= I) {
      std::optional<int64_t> S = strideOf(V);
      if (!S)
        return std::nullopt;
      V.Const -= *S;
    }
    return V;
  }

  std::optional<int64_t> strideOf(const AffineValue &V) const {
    int64_t S = 0;
    for (auto [U, C] : V.Terms) {
      std::optional<int64_t> R = rootStride(U);
      if (!R)
        return std::nullopt;
      S += C * *R;
    }
    return S;
  }

private:
  ArrayRef<DecodedInstr> D;
  std::map<RegUnit, std::vector<size_t>> Writers;

  /// The constant instruction \p W adds to \p U, if that is all it does.
  std::optional<int64_t> increment(size_t W, RegUnit U) const {
    const DecodedInstr &X = D[W];
    if (X.IncrementedUnit == U)
      return X.Increment;
    // 32-bit self-increments (add ecx, 1; lea ecx, [rcx+4]) zero-extend:
    // the same as long as the index does not wrap.
    const DecodedInstr::GPRWrite &G = X.GPRResult;
    if (G.K == DecodedInstr::GPRWrite::Affine && G.Dest == U && G.Base == U &&
        (G.Index == regunit::None || G.Scale == 0))
      return G.Imm;
    return std::nullopt;
  }
};

/// The symbol and constant of a symbolic displacement ("a", 8 for a+8).
bool symbolicDisp(const KernelInstr &KI, const MemOperand &M,
                  std::string &Symbol, int64_t &Const) {
  unsigned DispIdx = M.dispOperand();
  if (DispIdx >= KI.Inst.getNumOperands())
    return false;
  const MCOperand &Op = KI.Inst.getOperand(DispIdx);
  if (Op.isImm()) {
    Const = Op.getImm();
    return true;
  }
  if (!Op.isExpr())
    return false;
  MCValue V;
  if (!Op.getExpr()->evaluateAsRelocatable(V, nullptr) || V.getSubSym())
    return false;
  if (const MCSymbol *S = V.getAddSym())
    Symbol = S->getName().str();
  Const = V.getConstant();
  return true;
}

bool isNonTemporalStore(const KernelInstr &KI, const DecodedInstr &D) {
  StringRef T = StringRef(KI.Text).ltrim();
  StringRef V = D.Variant;
  return T.starts_with_insensitive("movnt") ||
         T.starts_with_insensitive("vmovnt") || V.starts_with("MOVNT") ||
         V.starts_with("VMOVNT");
}

std::string streamName(const AffineValue &V, StringRef Symbol) {
  std::string S = Symbol.str();
  // Base registers (coefficient 1) first, then scaled indices.
  std::vector<std::pair<RegUnit, int64_t>> Terms(V.Terms.begin(),
                                                 V.Terms.end());
  llvm::stable_sort(Terms, [](const auto &A, const auto &B) {
    return (A.second != 1) < (B.second != 1);
  });
  for (auto [U, C] : Terms) {
    if (!S.empty())
      S += " + ";
    if (C != 1)
      S += std::to_string(C) + "*";
    S += regUnitName(U);
  }
  return S.empty() ? "absolute" : S;
}

} // namespace

LoopStreams findStreams(const Kernel &K, ArrayRef<DecodedInstr> D,
                        unsigned LineBytes) {
  assert(K.size() == D.size() && "kernel and decoding differ");
  LoopStreams R;
  R.LineBytes = LineBytes;
  RegisterFlow Flow(D);
  std::map<std::string, unsigned> StreamOf;
  for (size_t I = 0; I < D.size(); ++I) {
    const DecodedInstr &X = D[I];
    if (!X.Mem || !(X.MayLoad || X.MayStore))
      continue;
    const MemOperand &M = *X.Mem;
    MemoryAccess A;
    A.Instr = I;
    A.Kind = X.MayLoad && X.MayStore ? AccessKind::ReadModifyWrite
             : X.MayStore            ? AccessKind::Store
                                     : AccessKind::Load;
    A.NonTemporal = X.MayStore && !X.MayLoad && isNonTemporalStore(K.Instrs[I], X);
    A.Bytes = X.MemBits ? std::max(1u, X.MemBits / 8) : 8;
    // The address as an affine value of the roots at iteration start.
    std::string Symbol;
    int64_t Disp = M.Disp;
    bool Known = true;
    if (M.SymbolicDisp || M.RIPRelative)
      Known = symbolicDisp(K.Instrs[I], M, Symbol, Disp);
    AffineValue Addr;
    Addr.Const = Disp;
    auto [Base, Index] = memoryAddressUnits(X);
    for (auto [U, Scale] : {std::pair<RegUnit, int64_t>{Base, 1},
                            {Index, int64_t(M.Scale)}}) {
      if (U == regunit::None || !Known)
        continue;
      if (!isGPRUnit(U)) { // a gather's vector index
        Known = false;
        A.Elements = gatherElements(K.Instrs[I].Text);
        continue;
      }
      std::optional<AffineValue> V = Flow.valueAt(U, I);
      if (V)
        Addr.add(*V, Scale);
      else
        Known = false;
    }
    std::optional<int64_t> Stride = Known ? Flow.strideOf(Addr) : std::nullopt;
    std::string Key;
    AffineValue Shape = Addr;
    Shape.Const = 0;
    if (Stride) {
      Key = streamName(Shape, Symbol);
    } else {
      // Irregular: a stream of its own.
      Key = "irregular #" + std::to_string(I);
    }
    auto [It, New] = StreamOf.try_emplace(Key, R.Streams.size());
    if (New) {
      AccessStream S;
      S.Name = Stride ? Key
                      : "irregular (" + K.Instrs[I].Text + ")";
      S.Stride = Stride;
      R.Streams.push_back(S);
    }
    A.Stream = It->second;
    A.Offset = Addr.Const;
    AccessStream &S = R.Streams[A.Stream];
    S.BytesPerIteration += A.Bytes;
    S.HasLoad |= A.Kind != AccessKind::Store;
    S.HasStore |= A.Kind != AccessKind::Load;
    S.NonTemporal |= A.NonTemporal;
    S.Accesses.push_back(R.Accesses.size());
    R.Accesses.push_back(A);
  }

  // Reuse within each stream: order the accesses along the direction of
  // travel, leading first; each reuses the lines of the nearest access
  // ahead of it.
  for (AccessStream &S : R.Streams) {
    auto Pos = [&](unsigned A) {
      int64_t O = R.Accesses[A].Offset;
      return S.Stride && *S.Stride < 0 ? -O : O;
    };
    llvm::stable_sort(S.Accesses, [&](unsigned A, unsigned B) {
      return Pos(A) > Pos(B);
    });
    for (size_t J = 0; J < S.Accesses.size(); ++J) {
      MemoryAccess &A = R.Accesses[S.Accesses[J]];
      if (!S.Stride) {
        A.LinesPerIteration = A.Elements;
        A.PagesPerIteration = A.Elements;
        continue;
      }
      double Stride = std::fabs(double(*S.Stride));
      A.LinesPerIteration = std::min(Stride, double(LineBytes)) / LineBytes;
      A.PagesPerIteration = std::min(Stride, 4096.0) / 4096;
      if (Stride == 0) {
        // Invariant: the same lines every iteration (after the first).
        A.ReuseIterations = J == 0 ? Inf : 0;
        A.LinesPerIteration = A.PagesPerIteration = 0;
        continue;
      }
      for (size_t Ahead = J; Ahead-- > 0;) {
        double Gap = double(Pos(S.Accesses[Ahead]) - Pos(S.Accesses[J]));
        if (Gap < LineBytes && (Stride >= LineBytes || Gap == 0)) {
          A.ReuseIterations = 0; // the same line, this iteration
          break;
        }
        if (Stride < LineBytes) {
          A.ReuseIterations = Gap / Stride;
          break;
        }
        // Sparse: only a gap of (nearly) whole strides meets the same line.
        double M = std::round(Gap / Stride);
        if (M >= 1 && std::fabs(Gap - M * Stride) < LineBytes) {
          A.ReuseIterations = M;
          break;
        }
      }
    }
  }
  // Distinct bytes per iteration: the fronts, and the trailing accesses
  // far enough behind to touch other lines than the access ahead (a
  // stencil's other rows).
  for (const MemoryAccess &A : R.Accesses) {
    const AccessStream &S = R.Streams[A.Stream];
    if (S.invariant())
      continue;
    double Stride = S.Stride ? std::fabs(double(*S.Stride)) : LineBytes;
    if (A.isFront() || A.ReuseIterations * Stride >= 2 * LineBytes)
      R.NewBytesPerIteration += A.LinesPerIteration * LineBytes;
  }
  return R;
}

/// Elements of a gather or scatter: its index vector's width over the
/// index size (v[p]gather/scatter + d or q: 4- or 8-byte indices), the
/// index register in the memory operand (AT&T "(%rdx,%ymm1,8)" or Intel
/// "[rdx+ymm1*8]"); 1 if the text does not say.
unsigned gatherElements(StringRef Text) {
  StringRef Mnemonic = Text.ltrim().take_until([](char C) {
    return C == ' ' || C == '\t';
  });
  size_t At = Mnemonic.find("gather");
  size_t Len = 6;
  if (At == StringRef::npos) {
    At = Mnemonic.find("scatter");
    Len = 7;
  }
  if (At == StringRef::npos || At + Len >= Mnemonic.size())
    return 1;
  char Kind = Mnemonic[At + Len];
  unsigned IndexBytes = Kind == 'd' ? 4 : Kind == 'q' ? 8 : 0;
  size_t Open = Text.find_first_of("([");
  if (!IndexBytes || Open == StringRef::npos)
    return 1;
  StringRef Mem = Text.substr(Open).take_until(
      [](char C) { return C == ')' || C == ']'; });
  unsigned Width = Mem.contains("zmm") ? 64
                   : Mem.contains("ymm") ? 32
                   : Mem.contains("xmm") ? 16
                                         : 0;
  return Width ? std::max(1u, Width / IndexBytes) : 1;
}

namespace {
double capacity(const MemoryHierarchyDesc &H, unsigned L, bool Usable) {
  assert(L < H.Levels.size());
  const MemoryLevelDesc &D = H.Levels[L];
  double C = double(Usable && D.UsableKiB.Value ? D.UsableKiB.Value
                                                : D.SizeKiB.Value) *
             1024;
  if (C == 0)
    return 0;
  if (!H.Levels[L].Inclusive.Value)
    for (unsigned Up = 0; Up < L; ++Up)
      C += double(H.Levels[Up].SizeKiB.Value) * 1024;
  return C;
}
} // namespace

double effectiveCapacity(const MemoryHierarchyDesc &H, unsigned L) {
  return capacity(H, L, /*Usable=*/true);
}

double fullCapacity(const MemoryHierarchyDesc &H, unsigned L) {
  return capacity(H, L, /*Usable=*/false);
}

double servedShare(const MemoryHierarchyDesc &H, unsigned L, double Bytes,
                   double Safety) {
  if (L >= H.Levels.size())
    return 0;
  double Usable = Safety * effectiveCapacity(H, L),
         Full = Safety * fullCapacity(H, L);
  if (Bytes <= Usable)
    return 1;
  if (Full <= Usable || Bytes >= Full)
    return 0;
  return (Full - Bytes) / (Full - Usable);
}

unsigned levelForWorkingSet(const MemoryHierarchyDesc &H, double Bytes) {
  assert(!H.Levels.empty());
  for (unsigned L = 0; L + 1 < H.Levels.size(); ++L)
    if (Bytes <= effectiveCapacity(H, L))
      return L;
  return H.Levels.size() - 1;
}

TrafficPlan planTraffic(const LoopStreams &S, const MemoryHierarchyDesc &H,
                        ArrayRef<unsigned> Home, double Safety) {
  assert(Home.size() == S.Streams.size());
  TrafficPlan P;
  unsigned NL = H.Levels.size();
  P.Levels.assign(NL, {});
  double Line = S.LineBytes;
  for (const MemoryAccess &A : S.Accesses) {
    const AccessStream &Str = S.Streams[A.Stream];
    unsigned Served = std::min(Home[A.Stream], NL - 1);
    if (Str.invariant()) {
      Served = 0;
    } else if (!A.isFront()) {
      // Layer condition: the first level holding what the loop touched
      // since the access ahead touched this line.
      double Volume = A.ReuseIterations * S.NewBytesPerIteration;
      for (unsigned L = 0; L < Served; ++L)
        if (Volume <= Safety * effectiveCapacity(H, L)) {
          Served = L;
          break;
        }
    }
    P.ServedBy.push_back(Served);
    if (Served == 0 || A.LinesPerIteration == 0)
      continue;
    LevelLines &LL = P.Levels[Served];
    double Lines = A.LinesPerIteration;
    bool Prefetched = Str.Stride && std::fabs(double(*Str.Stride)) <=
                                        H.PrefetchStrideBytes.Value;
    if (A.NonTemporal && H.NonTemporalStores.Value) {
      P.Levels[NL - 1].NonTemporal += Lines;
      P.Levels[NL - 1].StoreBytes += Lines * Line;
      P.Levels[NL - 1].Pages += A.PagesPerIteration;
      continue;
    }
    LL.Read += Lines; // a load, or a store's write-allocate
    if (!Prefetched)
      LL.ReadUnprefetched += Lines;
    // A line that a store of the stream writes (now or as it passes) is
    // written back: the traffic of a store stream with write-allocate.
    bool Dirty = A.Kind != AccessKind::Load ||
                 (Str.HasStore && !Str.NonTemporal);
    if (Dirty) {
      LL.StoreBytes += Lines * Line;
      LL.WriteBack += Lines;
    } else {
      LL.LoadBytes += Lines * Line;
    }
    LL.Pages += A.PagesPerIteration;
  }
  return P;
}

TrafficPlan planTraffic(const LoopStreams &S, const MemoryHierarchyDesc &H,
                        unsigned Home, double Safety) {
  std::vector<unsigned> Homes(S.Streams.size(), Home);
  return planTraffic(S, H, Homes, Safety);
}

unsigned splitPieces(int64_t Position, unsigned Bytes, unsigned PieceBytes,
                     unsigned LineBytes) {
  assert(LineBytes > 0 && "a line has bytes");
  unsigned Piece = PieceBytes && PieceBytes < Bytes ? PieceBytes : Bytes;
  unsigned Splits = 0;
  for (unsigned At = 0; Piece && At < Bytes; At += Piece) {
    int64_t P = ((Position + At) % LineBytes + LineBytes) % LineBytes;
    if (P + std::min(Piece, Bytes - At) > LineBytes)
      ++Splits;
  }
  return Splits;
}

double meanSplitPieces(int64_t First, unsigned Step, unsigned Bytes,
                       unsigned PieceBytes, unsigned LineBytes) {
  assert(Step > 0 && LineBytes % Step == 0 && "positions cycle in a line");
  unsigned Splits = 0, Positions = LineBytes / Step;
  for (unsigned K = 0; K < Positions; ++K)
    Splits += splitPieces(First + int64_t(K) * Step, Bytes, PieceBytes,
                          LineBytes);
  return double(Splits) / Positions;
}

} // namespace luarch
