//===- Advice.cpp - What to change in the source or the build ------------===//
//
// The rules read the analysis only: the binding loop-carried recurrence and
// the other bounds (docs/design.md), the divider bound, the memory
// dependency edges marked as blocked forwarding, the port pressure of
// gathers, and the kernel's address operands. Every rule is measured to
// help in test/lit/Advice (figures for the host in docs/usage.md).
//
//===----------------------------------------------------------------------===//
#include "luarch/Report/Advice.h"
#include "luarch/Report/Report.h"
#include "luarch/Support/Format.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace luarch {

namespace {

const AdviceRule Rules[] = {
    {"fp-reduction-chain",
     "a scalar floating-point reduction bound by its loop-carried add chain: "
     "several accumulators, or let clang reassociate"},
    {"vector-reduction-interleave",
     "a vectorized reduction still bound by its add chain: interleave more "
     "(more vector accumulators), or -mllvm -uarch-tune-loops"},
    {"fp-contract-chain",
     "a multiply then an add on the loop-carried chain: fuse them into an "
     "FMA (-ffp-contract=fast)"},
    {"divide-bound",
     "the divider is the bottleneck: multiply by a reciprocal where "
     "exactness allows"},
    {"store-forwarding-blocked",
     "a load reads bytes an earlier store wrote only in part: forwarding "
     "fails"},
    {"gather-bound",
     "gathers load the bottleneck: contiguous loads where the indices allow"},
    {"4k-aliasing",
     "a load and an older store 4 KiB apart on a core that matches them "
     "falsely"},
};

StringRef mnemonic(const KernelInstr &KI) {
  return StringRef(KI.Text).ltrim().take_until(isSpace);
}

/// `text` (line N), or (@0xADDR), for naming an instruction in advice.
std::string quote(const KernelInstr &KI) {
  std::string S = "'" + KI.Text + "'";
  if (KI.Loc.Line)
    S += " (line " + std::to_string(KI.Loc.Line) + ")";
  else if (KI.Loc.HasAddress)
    S += " (@0x" + utohexstr(KI.Loc.Address, /*LowerCase=*/true) + ")";
  return S;
}

enum class FPOp { None, AddSub, Mul, FMA };

/// Floating-point arithmetic by mnemonic (AT&T and Intel spell these
/// alike), and whether it is packed.
FPOp fpOp(StringRef Mn, bool *Packed = nullptr) {
  static const Regex Arith("^v?(add|sub|mul)(ss|sd|sh|ps|pd|ph)$");
  static const Regex Fused(
      "^vf(n?)m(add|sub|addsub|subadd)(132|213|231)?(ss|sd|sh|ps|pd|ph)$");
  SmallVector<StringRef, 4> M;
  FPOp Op = FPOp::None;
  StringRef Type;
  if (Arith.match(Mn, &M)) {
    Op = M[1] == "mul" ? FPOp::Mul : FPOp::AddSub;
    Type = M[2];
  } else if (Fused.match(Mn, &M)) {
    Op = FPOp::FMA;
    Type = M[4];
  }
  if (Packed)
    *Packed = Type.starts_with("p");
  return Op;
}

/// The register an instruction writes first (MCInst operand 0), if any.
MCRegister destination(const MCInst &I) {
  if (I.getNumOperands() && I.getOperand(0).isReg())
    return I.getOperand(0).getReg();
  return MCRegister();
}

/// Whether the FP add or FMA \p KI takes \p In as its addend, i.e. a chain
/// through \p In accumulates rather than multiplies. LLVM's FMA3 operands
/// are (dst, src1 = dst, src2, src3): 132 computes src1 * src3 + src2, 213
/// src2 * src1 + src3, 231 src2 * src3 + src1.
bool takesAsAddend(const KernelInstr &KI, FPOp Op, MCRegister In) {
  if (Op == FPOp::AddSub)
    return true;
  if (Op != FPOp::FMA || !In)
    return false;
  StringRef Mn = mnemonic(KI);
  unsigned Addend = Mn.contains("132") ? 2 : Mn.contains("213") ? 3 : 1;
  const MCInst &I = KI.Inst;
  return Addend < I.getNumOperands() && I.getOperand(Addend).isReg() &&
         I.getOperand(Addend).getReg() == In;
}

bool isGather(StringRef Mn) {
  return Mn.starts_with("vgather") || Mn.starts_with("vpgather");
}

/// The largest static bound that is not \p Except, and its name.
std::pair<double, std::string> nextBound(const StaticAnalysis &S,
                                         BoundKind Except) {
  std::pair<double, std::string> Best{0, ""};
  for (const ThroughputBound &B : S.Bounds)
    if (B.Kind != Except && B.Cycles > Best.first)
      Best = {B.Cycles, boundKindName(B.Kind).str()};
  return Best;
}

class Advisor {
public:
  explicit Advisor(const KernelReport &R)
      : R(R), K(*R.K), M(*R.M), S(R.Static),
        // The pace the rules compare against: the prediction, but never
        // below a static bound (a bound the simulation undercuts is the
        // simulation's error, not a property of the loop).
        Pace(std::max(R.cyclesPerIteration(), R.Static.Throughput)) {}

  std::vector<AdviceRecord> run() {
    reductionChain();
    contractChain();
    divideBound();
    blockedForwarding();
    gathers();
    fourKAliasing();
    // Most valuable first: the largest expected gain.
    llvm::stable_sort(Out, [&](const AdviceRecord &A, const AdviceRecord &B) {
      return gain(A) > gain(B);
    });
    return Out;
  }

private:
  const KernelReport &R;
  const Kernel &K;
  const MachineModel &M;
  const StaticAnalysis &S;
  double Pace;
  std::vector<AdviceRecord> Out;

  double gain(const AdviceRecord &A) const {
    return A.ExpectedCycles && *A.ExpectedCycles > 0
               ? Pace / *A.ExpectedCycles
               : 1.0;
  }

  /// The binding recurrence, if it sets the pace.
  const Recurrence *bindingRecurrence() const {
    if (S.Deps.Recurrences.empty())
      return nullptr;
    const Recurrence &Rec = S.Deps.Recurrences.front();
    if (Rec.CyclesPerIteration < 0.9 * Pace || Rec.CyclesPerIteration <= 0)
      return nullptr;
    return &Rec;
  }

  std::string through(const Recurrence &Rec) const {
    return Rec.Carried.empty() ? std::string("the loop")
                               : join(Rec.Carried, ", ");
  }

  /// Rules 1 and 2: an FP add chain carried from iteration to iteration
  /// (a reduction) sets the pace, and another bound is well below it.
  void reductionChain() {
    const Recurrence *Rec = bindingRecurrence();
    if (!Rec)
      return;
    // A reduction: the carried value only ever enters additions (adds, or
    // FMAs as the addend) and is never multiplied (a Horner chain cannot
    // be split).
    std::vector<unsigned> Adds;
    bool Packed = false;
    const std::vector<unsigned> &Cycle = Rec->Instrs;
    for (size_t J = 0; J < Cycle.size(); ++J) {
      unsigned I = Cycle[J];
      unsigned Prev = Cycle[(J + Cycle.size() - 1) % Cycle.size()];
      bool P = false;
      FPOp Op = fpOp(mnemonic(K.Instrs[I]), &P);
      if (Op == FPOp::None)
        continue;
      if (Op == FPOp::Mul ||
          !takesAsAddend(K.Instrs[I], Op, destination(K.Instrs[Prev].Inst)))
        return;
      Adds.push_back(I);
      Packed |= P;
    }
    if (Adds.empty())
      return;
    auto [Other, OtherName] = nextBound(S, BoundKind::Dependency);
    if (Rec->CyclesPerIteration < 1.25 * Other)
      return; // more accumulators would gain little
    // Accumulators that bring the chain down to the next bound.
    unsigned N = std::clamp<unsigned>(
        unsigned(std::ceil(Rec->CyclesPerIteration / std::max(Other, 1e-9) -
                           1e-9)),
        2, 16);
    double Expected = std::max(Other, Rec->CyclesPerIteration / N);
    AdviceRecord A;
    A.Instrs = Adds;
    A.ExpectedCycles = Expected;
    std::string Chain = std::to_string(Adds.size()) + " x " +
                        mnemonic(K.Instrs[Adds.front()]).str();
    A.Finding = "the loop-carried chain through " + through(*Rec) + " (" +
                Chain + ", " + fmt2(Rec->Latency) + " cycles of latency per " +
                (Rec->Distance > 1 ? std::to_string(Rec->Distance) + " " : "") +
                "iteration" + (Rec->Distance > 1 ? "s" : "") +
                ") sets the pace: " + fmt2(Rec->CyclesPerIteration) +
                " cycles per iteration, while " + OtherName + " would allow " +
                fmt2(Other);
    if (!Packed) {
      A.Rule = "fp-reduction-chain";
      A.Action =
          "split this chain's additions over " + std::to_string(N) +
          " independent accumulators (summed after the loop); that reaches "
          "about " + fmt2(Expected) +
          " cycles per iteration. Where reordering the floating-point "
          "additions is acceptable, clang does it for you: "
          "-fassociative-math -fno-signed-zeros -fno-trapping-math (all in "
          "-ffast-math) let the vectorizer and interleaver reassociate, and "
          "'#pragma clang loop vectorize(enable) interleave_count(" +
          std::to_string(N) + ")' allows it for one loop";
    } else {
      A.Rule = "vector-reduction-interleave";
      A.Action =
          "the reduction is vectorized but has too few vector accumulators "
          "for the add latency: interleave it " + std::to_string(N) +
          " ways (" + std::to_string(N) +
          " independent vector accumulators), e.g. '#pragma clang loop "
          "interleave_count(" + std::to_string(N) +
          ")', or let LoopUArch choose the vector width and interleave count "
          "with the plugin's -mllvm -uarch-tune-loops; that reaches about " +
          fmt2(Expected) + " cycles per iteration";
    }
    Out.push_back(std::move(A));
  }

  /// Rule 3: a multiply feeding an add on the binding chain: one FMA has
  /// one latency where the pair has two.
  void contractChain() {
    const Recurrence *Rec = bindingRecurrence();
    if (!Rec || Rec->Instrs.size() < 2)
      return;
    for (size_t J = 0; J < Rec->Instrs.size(); ++J) {
      unsigned Mul = Rec->Instrs[J];
      unsigned Add = Rec->Instrs[(J + 1) % Rec->Instrs.size()];
      bool PM = false, PA = false;
      if (fpOp(mnemonic(K.Instrs[Mul]), &PM) != FPOp::Mul ||
          fpOp(mnemonic(K.Instrs[Add]), &PA) != FPOp::AddSub || PM != PA)
        continue;
      double Pair = R.Decoded[Mul].Latency + R.Decoded[Add].Latency;
      AdviceRecord A;
      A.Rule = "fp-contract-chain";
      A.Instrs = {Mul, Add};
      A.Finding = "the loop-carried chain through " + through(*Rec) +
                  " runs through a multiply and then an add (" +
                  quote(K.Instrs[Mul]) + ", " + quote(K.Instrs[Add]) +
                  "): " + fmt2(Pair) + " cycles of latency on the chain, " +
                  fmt2(Rec->CyclesPerIteration) + " cycles per iteration";
      A.Action =
          "fuse them into one fused multiply-add, which costs one latency "
          "instead of two: compile for a CPU with FMA (-mfma, or its -march) "
          "and let clang contract across statements with -ffp-contract=fast "
          "(the default, 'on', fuses only within one expression), or write "
          "fma(a, b, c); the result can differ in the last bit (one rounding "
          "instead of two)";
      Out.push_back(std::move(A));
      return;
    }
  }

  /// Rule 4: the divider sets the pace.
  void divideBound() {
    double DividerBound = 0;
    for (const ThroughputBound &B : S.Bounds)
      if (B.Kind == BoundKind::Divider)
        DividerBound = B.Cycles;
    if (DividerBound < 0.9 * Pace || DividerBound <= 0)
      return;
    std::vector<unsigned> FPDiv, IntDiv, Sqrt;
    for (size_t I = 0; I < K.size(); ++I) {
      if (R.Decoded[I].DividerCycles == 0)
        continue;
      static const Regex FPDivide("^v?div(ss|sd|sh|ps|pd|ph)$");
      static const Regex IntDivide("^i?div[bwlq]?$");
      StringRef Mn = mnemonic(K.Instrs[I]);
      if (FPDivide.match(Mn))
        FPDiv.push_back(I);
      else if (IntDivide.match(Mn))
        IntDiv.push_back(I);
      else
        Sqrt.push_back(I); // square roots and the rest of the divider's work
    }
    if (FPDiv.empty() && IntDiv.empty())
      return; // only square roots: no exact rewrite to offer
    auto [Other, OtherName] = nextBound(S, BoundKind::Divider);
    AdviceRecord A;
    A.Rule = "divide-bound";
    A.Instrs = FPDiv;
    llvm::append_range(A.Instrs, IntDiv);
    llvm::sort(A.Instrs);
    A.ExpectedCycles = Other > 0 ? std::optional<double>(Other) : std::nullopt;
    A.Finding = "the divider sets the pace: " + fmt2(DividerBound) +
                " cycles per iteration for " + quote(K.Instrs[A.Instrs[0]]) +
                (A.Instrs.size() > 1
                     ? " and " + std::to_string(A.Instrs.size() - 1) +
                           " more division(s)"
                     : std::string()) +
                (Other > 0 ? ", while " + OtherName + " would allow " +
                                 fmt2(Other)
                           : std::string());
    std::string Act;
    if (!FPDiv.empty())
      Act = "multiply by the reciprocal instead of dividing: x / d becomes "
            "x * r with r = 1 / d computed once before the loop when d does "
            "not change in it (exact when d is a power of two; otherwise "
            "the result can differ in the last bit, which "
            "-freciprocal-math, part of -ffast-math, accepts for clang)";
    if (!IntDiv.empty())
      Act += std::string(Act.empty() ? "" : "; ") +
             "for an integer divisor that does not change in the loop, "
             "precompute its multiplicative inverse once and multiply and "
             "shift per element (as compilers do for constant divisors, "
             "e.g. libdivide), or make it a compile-time constant";
    if (!Sqrt.empty())
      Act += "; the divider's other work (" +
             mnemonic(K.Instrs[Sqrt.front()]).str() +
             ") has no exact rewrite";
    A.Action = Act;
    Out.push_back(std::move(A));
  }

  /// Rule 5: blocked store forwarding on the binding chain, or anywhere
  /// when the prediction is as slow as a blocked forward (the simulation
  /// can see a chain the static recurrences do not).
  void blockedForwarding() {
    const Recurrence *Rec = bindingRecurrence();
    for (const DepEdge &E : S.Deps.Edges) {
      if (E.K != DepEdge::MemoryBlocked)
        continue;
      double Block =
          M.Memory.forwardBlockLatency(R.Decoded[E.From].Locked);
      bool OnChain = Rec && is_contained(Rec->Instrs, E.From) &&
                     is_contained(Rec->Instrs, E.To);
      if (!OnChain && Pace < 0.9 * Block)
        continue;
      AdviceRecord A;
      A.Rule = "store-forwarding-blocked";
      A.Instrs = {E.From, E.To};
      if (OnChain) {
        // Forwarding that works costs the forwarding latency instead.
        auto [Other, OtherName] = nextBound(S, BoundKind::Dependency);
        double Saved = Block - double(M.Memory.StoreForwardLatency);
        double Expected = std::max(
            Other, (Rec->Latency - Saved) / std::max(1u, Rec->Distance));
        if (Expected > 0)
          A.ExpectedCycles = Expected;
      }
      A.Finding = "the load " + quote(K.Instrs[E.To]) +
                  " reads bytes that the store " + quote(K.Instrs[E.From]) +
                  " wrote only in part (a wider or shifted access): store "
                  "forwarding fails and the load waits about " +
                  std::to_string(unsigned(Block)) +
                  " cycles for the store to commit" +
                  (OnChain ? ", on the loop-carried chain" : "") + " (" +
                  fmt2(Pace) + " cycles per iteration)";
      A.Action =
          "load with the same address and width as the store (or keep the "
          "value in a register instead of storing and reloading it; do not "
          "write a value in parts and read it whole, or write it whole and "
          "read a wider or shifted part)";
      Out.push_back(std::move(A));
      return;
    }
  }

  /// Rule 6: gathers carry a large share of the bottleneck.
  void gathers() {
    std::vector<unsigned> G;
    for (size_t I = 0; I < K.size(); ++I)
      if (isGather(mnemonic(K.Instrs[I])))
        G.push_back(I);
    if (G.empty())
      return;
    // Their share of the issue slots and of the busiest ports.
    unsigned Slots = 0;
    double OnBottleneck = 0;
    for (unsigned I : G) {
      Slots += R.Decoded[I].IssueSlots;
      for (unsigned P = 0; P < M.numPorts(); ++P)
        if (S.Ports.BottleneckPorts & (1u << P))
          OnBottleneck += S.Ports.PerInstr[I][P];
    }
    double PortTotal = 0;
    for (unsigned P = 0; P < M.numPorts(); ++P)
      if (S.Ports.BottleneckPorts & (1u << P))
        PortTotal += S.Ports.PerPort[P];
    double SlotShare = S.IssueSlots ? double(Slots) / S.IssueSlots : 0;
    double PortShare = PortTotal > 0 ? OnBottleneck / PortTotal : 0;
    if (std::max(SlotShare, PortShare) < 0.25)
      return;
    AdviceRecord A;
    A.Rule = "gather-bound";
    A.Instrs = G;
    const DecodedInstr &D = R.Decoded[G.front()];
    A.Finding = std::to_string(G.size()) +
                (G.size() > 1 ? " gathers" : " gather") + " (" +
                quote(K.Instrs[G.front()]) +
                ": " + std::to_string(D.numUops()) + " uops, " +
                std::to_string(D.IssueSlots) + " issue slots on " + M.Name +
                (G.size() > 1 ? ") take " : ") takes ") +
                std::to_string(int(std::lround(
                                100 * std::max(SlotShare, PortShare)))) +
                "% of the " +
                (SlotShare >= PortShare ? std::string("issue slots")
                                        : "bottleneck ports' work") +
                " at " + fmt2(Pace) + " cycles per iteration";
    A.Action =
        "where the indices are consecutive or a constant stride apart, let "
        "the compiler use contiguous loads instead: store the data as a "
        "structure of arrays rather than an array of structures, index with "
        "the loop counter; to compare with scalar loads, compile with "
        "clang's -mno-gather, which keeps the vectorizer from emitting "
        "gathers";
    Out.push_back(std::move(A));
  }

  /// Rule 7: a load and an older store of the same iteration whose
  /// addresses (same base, index and scale) differ by a multiple of 4 KiB
  /// in bits 11:0 only, on a core that documents false matches.
  void fourKAliasing() {
    if (!M.Memory.FourKAliasing.Value)
      return;
    for (size_t L = 0; L < K.size(); ++L) {
      const DecodedInstr &DL = R.Decoded[L];
      if (!DL.MayLoad || !DL.Mem || DL.Mem->SymbolicDisp ||
          DL.Mem->RIPRelative || !DL.Mem->Base)
        continue;
      for (size_t St = 0; St < L; ++St) {
        const DecodedInstr &DS = R.Decoded[St];
        if (!DS.MayStore || !DS.Mem || DS.Mem->SymbolicDisp ||
            DS.Mem->RIPRelative)
          continue;
        const MemOperand &A = *DS.Mem, &B = *DL.Mem;
        if (A.Base != B.Base || A.Index != B.Index || A.Scale != B.Scale ||
            A.Segment != B.Segment)
          continue;
        if (addressRewritten(St, L))
          continue;
        int64_t SBytes = std::max(1u, DS.MemBits / 8);
        int64_t LBytes = std::max(1u, DL.MemBits / 8);
        int64_t Delta = B.Disp - A.Disp;
        bool Overlap = Delta < SBytes && -Delta < LBytes;
        if (Overlap)
          continue; // a real dependency, not a false match
        // Bits 11:0 of the two accesses overlap.
        int64_t Low = ((Delta % 4096) + 4096) % 4096;
        bool LowOverlap = Low < SBytes || 4096 - Low < LBytes;
        if (!LowOverlap)
          continue;
        AdviceRecord Adv;
        Adv.Rule = "4k-aliasing";
        Adv.Instrs = {unsigned(St), unsigned(L)};
        Adv.Finding = "the load " + quote(K.Instrs[L]) + " is " +
                      std::to_string(std::llabs(Delta)) +
                      " bytes from the older store " + quote(K.Instrs[St]) +
                      ": their addresses agree in bits 11:0, so " + M.Name +
                      " may match them falsely (4K aliasing) and re-issue the "
                      "load after the store";
        Adv.Action = "move the two accesses apart in bits 11:0: offset one "
                     "array by a cache line (e.g. allocate 64 bytes more "
                     "and start 64 bytes in), or pad rows of 4096-byte "
                     "multiples to a pitch of 4096 + 64 bytes";
        Out.push_back(std::move(Adv));
        return;
      }
    }
  }

  /// Whether an instruction between \p From and \p To writes a register of
  /// \p To's address.
  bool addressRewritten(size_t From, size_t To) const {
    const DecodedInstr &D = R.Decoded[To];
    for (size_t I = From + 1; I < To; ++I)
      for (RegUnit W : R.Decoded[I].Writes)
        if (is_contained(D.AddressReads, W))
          return true;
    return false;
  }
};

} // namespace

ArrayRef<AdviceRule> adviceRules() { return Rules; }

std::vector<AdviceRecord> adviseKernel(const KernelReport &R) {
  if (!R.K || !R.M || R.Decoded.size() != R.K->size())
    return {};
  return Advisor(R).run();
}

} // namespace luarch
