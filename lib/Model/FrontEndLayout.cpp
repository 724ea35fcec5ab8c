//===- FrontEndLayout.cpp - A kernel as the front end sees it ------------===//
#include "luarch/Model/FrontEndLayout.h"
#include "luarch/Model/FrontEndRules.h"
#include "luarch/Support/Format.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace llvm;

namespace luarch {

StringRef uopSourceName(UopSource S) {
  switch (S) {
  case UopSource::UopCache: return "uop cache";
  case UopSource::LoopStream: return "loop stream detector";
  case UopSource::DSB: return "uop cache (DSB)";
  case UopSource::LegacyDecode: return "legacy decoders";
  }
  return "?";
}

bool FrontEndLayout::fullyCached() const {
  return !Windows.empty() && all_of(Windows, [](const CacheWindow &W) {
    return W.Cached;
  });
}

static bool macroFusibleClass(const MachineModel &M, StringRef C) {
  const MacroFusionRules &R = M.MacroFusion;
  return (C == "cmp" && R.Cmp) || (C == "test" && R.Test) ||
         (C == "add" && R.Add) || (C == "sub" && R.Sub) ||
         (C == "and" && R.And) || ((C == "inc" || C == "dec") && R.IncDec) ||
         ((C == "or" || C == "xor") && R.OrXor);
}

/// Whether window \p W can live in the uop cache, and why not.
static bool cacheable(const FrontEndLayout &L, const CacheWindow &W,
                      const FrontEndDesc &FE, std::string &Why) {
  unsigned Slots = 0, Microcoded = 0;
  for (unsigned I = W.FirstInstr; I < W.EndInstr; ++I) {
    const FrontEndInstr &X = L.Instrs[I];
    if (X.MicrocodeUops)
      ++Microcoded; // a whole way
    else
      Slots += X.CacheSlots;
  }
  unsigned PerWay = std::max(1u, unsigned(FE.DSBSlotsPerWay));
  unsigned Ways = (Slots + PerWay - 1) / PerWay + Microcoded;
  if (Ways > FE.DSBWaysPerWindow) {
    Why = std::to_string(Slots) + " uop slots" +
          (Microcoded ? " and microcode" : "") + " exceed " +
          std::to_string(unsigned(FE.DSBWaysPerWindow)) + " ways";
    return false;
  }
  if (FE.JCCErratum && W.EndInstr > W.FirstInstr) {
    const FrontEndInstr &Last = L.Instrs[W.EndInstr - 1];
    unsigned End = L.StartAddress + Last.Offset + Last.Length;
    if (Last.FusedWithNext) {
      Why = "JCC erratum: a macro-fused pair crosses the window's end";
      return false;
    }
    if (Last.Branch && End >= W.Address + FE.DSBWindowBytes) {
      Why = "JCC erratum: a branch crosses or ends at the window's end";
      return false;
    }
  }
  return true;
}

/// Groups a loop's instructions into uop-cache windows and marks which are
/// cached: none after the first that cannot be (the uop cache then stays
/// off until the loop restarts [uiCA]), nor the windows of a 64-byte line
/// whose other half cannot be, where the core requires both.
static void layOutWindows(FrontEndLayout &L, const FrontEndDesc &FE) {
  unsigned Bytes = std::max(1u, unsigned(FE.DSBWindowBytes));
  for (unsigned I = 0; I < L.Instrs.size(); ++I) {
    unsigned Start = (L.address(0, I) / Bytes) * Bytes;
    if (L.Windows.empty() || L.Windows.back().Address != Start) {
      CacheWindow W;
      W.FirstInstr = I;
      W.Address = Start;
      L.Windows.push_back(W);
    }
    L.Windows.back().EndInstr = I + 1;
  }
  std::vector<bool> Can(L.Windows.size());
  for (size_t W = 0; W < L.Windows.size(); ++W)
    Can[W] = cacheable(L, L.Windows[W], FE, L.Windows[W].WhyNot);
  bool Off = false;
  for (size_t W = 0; W < L.Windows.size(); ++W) {
    if (!Off && FE.DSBBothHalvesOfLine) {
      unsigned Line = L.Windows[W].Address / (2 * Bytes);
      for (size_t V = 0; V < L.Windows.size(); ++V)
        if (L.Windows[V].Address / (2 * Bytes) == Line && !Can[V]) {
          Off = true;
          if (L.Windows[W].WhyNot.empty())
            L.Windows[W].WhyNot = "the other half of its 64-byte line is "
                                  "not cacheable";
        }
    }
    Off |= !Can[W];
    L.Windows[W].Cached = !Off;
    if (Off && L.Windows[W].WhyNot.empty())
      L.Windows[W].WhyNot = "follows a window that is not cached";
  }
}

/// Whether \p Copies copies of straight-line code, back to back from the
/// layout's start address, fit the uop cache set by set: each 32-byte
/// window takes whole ways (an MS instruction one of its own) of the set
/// its address selects, at most DSBWaysPerWindow, and no set may need more
/// than DSBWaysPerSet. Without a set organisation every copy fits here
/// (the uop count alone decides).
static bool unrolledCopiesFitSets(const FrontEndLayout &L,
                                  const FrontEndDesc &FE, unsigned Copies) {
  unsigned PerWay = FE.DSBSlotsPerWay, WaysPerSet = FE.DSBWaysPerSet;
  unsigned WindowBytes = FE.DSBWindowBytes;
  if (!WaysPerSet || !PerWay || !WindowBytes || L.Instrs.empty())
    return true;
  unsigned Sets = FE.UopCacheUops / (PerWay * WaysPerSet);
  if (Sets == 0)
    return false;
  std::vector<unsigned> SetWays(Sets, 0);
  uint64_t Window = ~uint64_t(0);
  unsigned Slots = 0, Microcoded = 0;
  auto closeWindow = [&]() -> bool {
    if (Window == ~uint64_t(0))
      return true;
    unsigned Ways = (Slots + PerWay - 1) / PerWay + Microcoded;
    unsigned &InSet = SetWays[Window % Sets];
    InSet += Ways;
    return Ways <= FE.DSBWaysPerWindow && InSet <= WaysPerSet;
  };
  for (unsigned C = 0; C < Copies; ++C)
    for (const FrontEndInstr &X : L.Instrs) {
      uint64_t Address =
          L.StartAddress + uint64_t(C) * L.ByteSize + X.Offset;
      if (Address / WindowBytes != Window) {
        if (!closeWindow())
          return false;
        Window = Address / WindowBytes;
        Slots = Microcoded = 0;
      }
      if (X.MicrocodeUops)
        ++Microcoded;
      else
        Slots += X.CacheSlots;
    }
  return closeWindow();
}

/// Whether a named rule sends straight-line copies to the legacy decoders
/// whatever their size: one instruction with a 64-bit immediate
/// (UnrolledImm64FromLegacyDecode), a length-changing prefix
/// (UnrolledLCPFromLegacyDecode) or a listed mnemonic
/// (UnrolledLegacyMnemonics) in the block.
static bool unrolledFromLegacyByRule(const FrontEndLayout &L,
                                     ArrayRef<DecodedInstr> D,
                                     const FrontEndDesc &FE) {
  auto listed = [&](const DecodedInstr &X) {
    return mnemonicListed(X, FE.UnrolledLegacyMnemonics.Value);
  };
  for (size_t I = 0; I < L.Instrs.size(); ++I) {
    const FrontEndInstr &X = L.Instrs[I];
    if ((FE.UnrolledImm64FromLegacyDecode && X.Imm64) ||
        (FE.UnrolledLCPFromLegacyDecode && X.LCP) || listed(D[I]))
      return true;
  }
  return false;
}

FrontEndLayout buildFrontEndLayout(const Kernel &K, ArrayRef<DecodedInstr> D,
                                   const MachineModel &M,
                                   unsigned AlignmentOffset) {
  assert(K.size() == D.size() && "one decoding per instruction");
  const FrontEndDesc &FE = M.FrontEnd;
  FrontEndLayout L;
  L.Kind = FE.Kind;
  // A region without a branch repeats through an implicit back edge: to
  // the front end that is straight-line code.
  bool ImplicitBackEdge = K.Shape == KernelShape::Loop &&
                          (D.empty() || !D.back().IsBranch);
  L.Loop = K.Shape == KernelShape::Loop && !ImplicitBackEdge;
  L.StartAddress = AlignmentOffset % 64;
  L.DSBOneImm64PerCycle = FE.DSBOneImm64PerCycle;
  unsigned Offset = 0, FusedTotal = 0;
  bool LSDUsable = true;
  for (size_t I = 0; I < D.size(); ++I) {
    const DecodedInstr &X = D[I];
    FrontEndInstr F;
    F.Offset = Offset;
    F.Length = std::max(1u, K.Instrs[I].Size);
    Offset += F.Length;
    F.FusedIntoPrev = X.MacroFusedIntoPrev;
    F.FusedWithNext = X.MacroFusedWithNext;
    F.FusedUops = F.FusedIntoPrev ? 0 : X.FusedUops;
    F.Slots = X.IssueSlots;
    F.DecoderUops = F.FusedIntoPrev ? 0 : X.FE.DecoderUops;
    F.MicrocodeUops = F.FusedIntoPrev ? 0 : X.FE.MicrocodeUops;
    bool TwoSlots = X.FE.Encoding.Imm64 ||
                    (FE.DSBImm32WithMemoryTwoSlots &&
                     X.FE.Encoding.Imm32WithMemory);
    F.CacheSlots = F.FusedUops * (TwoSlots ? 2 : 1);
    F.Imm64 = X.FE.Encoding.Imm64;
    F.Complex = X.FE.ComplexDecoder;
    unsigned PerCycle = FE.DecodeUopsPerCycle;
    F.SimpleDecodersAfter =
        F.Complex && PerCycle > F.DecoderUops
            ? std::min<unsigned>(FE.Decoders - 1, PerCycle - F.DecoderUops)
            : 0;
    F.OpcodeOffset = X.FE.Encoding.OpcodeOffset;
    F.LCP = X.FE.Encoding.LengthChangingPrefix && FE.LCPPenalty > 0;
    F.Branch = X.IsBranch;
    // A loop's last branch is its back edge; unconditional jumps are taken.
    F.Taken = X.IsBranch && L.Loop &&
              (!X.IsConditionalBranch || I + 1 == D.size());
    F.MacroFusible = macroFusibleClass(M, X.FusionClass);
    F.LSDUsable = !F.MicrocodeUops && X.StackDelta == 0 && !X.FE.High8 &&
                  !X.IsCall && !X.IsReturn;
    LSDUsable &= F.LSDUsable;
    FusedTotal += F.FusedUops;
    L.Instrs.push_back(F);
  }
  L.ByteSize = Offset;

  if (L.Kind == FrontEndKind::UopCacheOnly) {
    L.Source = K.Shape == KernelShape::Loop && FE.HasLSD
                   ? UopSource::LoopStream
                                   : UopSource::UopCache;
    return L;
  }
  if (!L.Loop) {
    // All copies in the uop cache (slots; an MS instruction takes a way)?
    unsigned Slots = 0;
    for (const FrontEndInstr &X : L.Instrs)
      Slots += X.MicrocodeUops ? unsigned(FE.DSBSlotsPerWay) : X.CacheSlots;
    unsigned Copies = std::max(1u, K.UnrolledCopies);
    bool Fits = ImplicitBackEdge ||
                (!unrolledFromLegacyByRule(L, D, FE) &&
                 uint64_t(Slots) * Copies <= FE.UopCacheUops &&
                 unrolledCopiesFitSets(L, FE, Copies));
    L.Source = FE.UnrolledCodeFromLegacyDecode && !Fits
                   ? UopSource::LegacyDecode
                   : UopSource::DSB;
    return L;
  }
  layOutWindows(L, FE);
  bool AllCacheable = all_of(L.Windows, [](const CacheWindow &W) {
    return W.WhyNot.empty() || W.WhyNot == "follows a window that is not "
                                           "cached";
  });
  // [uiCA]: the LSD streams a loop whose windows could all be cached, with
  // no microcode, stack-engine or high-8 instruction, that fits the queue.
  if (FE.HasLSD && AllCacheable && LSDUsable && FusedTotal > 0 &&
      FusedTotal <= FE.UopQueueSize) {
    L.Source = UopSource::LoopStream;
    const std::vector<unsigned> &T = FE.LSDUnrollByUops.Value;
    unsigned N = FusedTotal < T.size() ? T[FusedTotal] : 1;
    L.LSDUnroll = std::max(1u, std::min(N, FE.UopQueueSize / FusedTotal));
    return L;
  }
  L.Source = !L.Windows.empty() && L.Windows.front().Cached
                 ? UopSource::DSB
                 : UopSource::LegacyDecode;
  return L;
}

//--- The per-cycle rules ------------------------------------------------===//

namespace frontend {

void appendBlocks(BlockQueue &Blocks, const FrontEndLayout &L,
                  unsigned Copy, unsigned First, unsigned End,
                  unsigned BlockBytes, bool Continues, bool BranchSpill) {
  bool Fresh = !Continues;
  // The block number of the last instruction queued (after the first
  // instruction of this call, the one before in this copy).
  unsigned PrevBlockNo = 0;
  bool KnowPrev = false;
  for (unsigned I = First; I < End; ++I) {
    unsigned Addr = L.address(Copy, I);
    unsigned BlockNo = Addr / BlockBytes;
    bool NewBlock = Fresh || Blocks.empty() || Blocks.backEmpty();
    if (!NewBlock) {
      if (!KnowPrev) {
        InstrRef Prev = Blocks.backInstr();
        PrevBlockNo = L.address(Prev.Copy, Prev.Index) / BlockBytes;
      }
      NewBlock = PrevBlockNo != BlockNo;
    }
    if (NewBlock)
      Blocks.newBlock();
    Fresh = false;
    PrevBlockNo = BlockNo;
    KnowPrev = true;
    Blocks.append({Copy, I});
    const FrontEndInstr &X = L.Instrs[I];
    if (BranchSpill && X.Branch &&
        Addr % BlockBytes + X.Length > BlockBytes) {
      Blocks.newBlock(); // the tail of the branch
      Fresh = true;
    }
  }
}

void BlockTemplate::add(const FrontEndLayout &L, unsigned First, unsigned End,
                        unsigned BlockBytes, bool BranchSpill) {
  assert(L.Loop && "only a loop's copies share their addresses");
  BlockQueue Q;
  appendBlocks(Q, L, 0, First, End, BlockBytes, false, BranchSpill);
  for (; !Q.empty(); Q.popBlock()) {
    Sizes.push_back(Q.frontSize());
    for (; !Q.frontEmpty(); Q.popInstr())
      Indices.push_back(Q.frontInstr().Index);
  }
}

static bool crosses(const FrontEndLayout &L, InstrRef R, unsigned Bytes) {
  return L.address(R.Copy, R.Index) % Bytes + L.Instrs[R.Index].Length >
         Bytes;
}

void Predecoder::cycle(const FrontEndLayout &L, unsigned Width,
                       unsigned &LCPs, std::vector<InstrRef> &Group) {
  Group.clear();
  if (Partial) {
    Group.push_back(*Partial);
    Partial.reset();
  }
  if (!Blocks.empty()) {
    while (!Blocks.frontEmpty() && Group.size() < Width &&
           !crosses(L, Blocks.frontInstr(), 16)) {
      Group.push_back(Blocks.frontInstr());
      Blocks.popInstr();
    }
    if (Blocks.frontSize() == 1 && crosses(L, Blocks.frontInstr(), 16)) {
      InstrRef R = Blocks.frontInstr();
      unsigned OpcodeAt = L.address(R.Copy, R.Index) % 16 +
                          L.Instrs[R.Index].OpcodeOffset;
      if (Group.size() < Width || OpcodeAt >= 16) {
        Partial = R;
        Blocks.popInstr();
      }
    }
    if (Blocks.frontEmpty())
      Blocks.popBlock();
  }
  LCPs = 0;
  for (InstrRef R : Group)
    LCPs += L.Instrs[R.Index].LCP;
}

void dsbCycle(BlockQueue &Windows, const FrontEndLayout &L, unsigned Width,
              std::vector<InstrRef> &Out) {
  Out.clear();
  unsigned Uops = 0;
  bool Imm64Taken = false;
  // Takes from the front window; false when the group must end.
  auto take = [&]() {
    while (!Windows.frontEmpty() && Uops < Width) {
      InstrRef R = Windows.frontInstr();
      const FrontEndInstr &X = L.Instrs[R.Index];
      if (X.FusedIntoPrev) {
        Windows.popInstr();
        continue;
      }
      if (!Out.empty() && Uops + X.DecoderUops > Width)
        return false; // next cycle
      // FrontEndDesc::DSBOneImm64PerCycle: a second 64-bit immediate waits.
      if (L.DSBOneImm64PerCycle && X.Imm64 && Imm64Taken)
        return false;
      Imm64Taken |= X.Imm64;
      Windows.popInstr();
      Out.push_back(R);
      Uops += X.DecoderUops;
      // Its fused jcc comes with it (it is no uop of its own).
      if (X.FusedWithNext && !Windows.frontEmpty() &&
          L.Instrs[Windows.frontInstr().Index].FusedIntoPrev)
        Windows.popInstr();
      if (X.MicrocodeUops)
        return false; // the MS takes over
    }
    return true;
  };
  if (Windows.empty())
    return;
  bool Go = take();
  if (!Windows.frontEmpty())
    return;
  Windows.popBlock();
  if (!Go || Windows.empty() || Uops >= Width || Out.empty())
    return;
  // The next window, if it follows contiguously (no taken branch between).
  assert(!Windows.frontEmpty() && "uop-cache windows hold instructions");
  InstrRef Prev = Out.back(), Next = Windows.frontInstr();
  const FrontEndInstr &P = L.Instrs[Prev.Index];
  if (P.Taken || L.address(Prev.Copy, Prev.Index) + P.Length !=
                     L.address(Next.Copy, Next.Index))
    return;
  take();
  if (Windows.frontEmpty())
    Windows.popBlock();
}

} // namespace frontend

//--- The delivery bound --------------------------------------------------===//

using frontend::InstrRef;

/// Copies of straight-line code after which the byte layout repeats.
static unsigned layoutPeriod(const FrontEndLayout &L, unsigned Bytes) {
  if (L.Loop || L.ByteSize == 0)
    return 1;
  return Bytes / std::gcd(L.ByteSize % Bytes ? L.ByteSize % Bytes : Bytes,
                          Bytes);
}

/// Cycles of the microcode sequencer for instructions [First, End) of a
/// copy, with its switch stalls.
static double microcodeCycles(const FrontEndLayout &L, const FrontEndDesc &FE,
                              unsigned SwitchStall, unsigned First,
                              unsigned End) {
  double C = 0;
  for (unsigned I = First; I < End; ++I)
    if (const FrontEndInstr &X = L.Instrs[I]; X.MicrocodeUops)
      C += std::ceil(double(X.MicrocodeUops) /
                     std::max(1u, unsigned(FE.MSUopsPerCycle))) +
           SwitchStall;
  return C;
}

/// The legacy decoders with unlimited queues and no delays: predecode
/// cycles (with LCP stalls) and decode cycles per copy.
static double legacyDecodeCycles(const FrontEndLayout &L,
                                 const FrontEndDesc &FE, unsigned First,
                                 unsigned End, std::string &Why) {
  unsigned Period = layoutPeriod(L, 16);
  frontend::Predecoder P;
  for (unsigned C = 0; C < Period; ++C)
    frontend::appendBlocks(P.Blocks, L, C, First, End, 16,
                           /*Continues=*/!L.Loop && C > 0,
                           /*BranchSpill=*/true);
  double Predecode = 0;
  std::vector<InstrRef> Group;
  while (!P.idle()) {
    unsigned LCPs = 0;
    P.cycle(L, FE.PredecodeInstrsPerCycle, LCPs, Group);
    Predecode += 1 + double(LCPs) * FE.LCPPenalty;
  }
  // The decoders' groups are greedy, and a late instruction can make the
  // greedy grouping better, not worse: the bound counts only what every
  // grouping needs. A group holds at most Decoders instructions, one
  // complex or microcoded instruction (which starts it), and ends at a
  // branch or a fused pair.
  unsigned Instrs = 0, Leaders = 0, Enders = 0;
  for (unsigned I = First; I < End; ++I) {
    const FrontEndInstr &X = L.Instrs[I];
    if (X.FusedIntoPrev)
      continue;
    ++Instrs;
    Leaders += X.Complex || X.MicrocodeUops;
    Enders += X.Branch || X.FusedWithNext;
  }
  // (A loop's groups end at its back edge; straight-line copies run on.)
  double PerDecoders = double(Instrs) / std::max(1u, unsigned(FE.Decoders));
  if (L.Loop)
    PerDecoders = std::ceil(PerDecoders - 1e-9);
  double Decode =
      std::max({PerDecoders, double(Leaders), double(Enders)}) +
      microcodeCycles(L, FE, FE.MITEToMSStall, First, End);
  Predecode /= Period;
  Why = Predecode >= Decode ? "predecoder" : "decoders";
  return std::max(Predecode, Decode);
}

FrontEndBound frontEndDeliveryBound(const FrontEndLayout &L,
                                    const MachineModel &M) {
  const FrontEndDesc &FE = M.FrontEnd;
  FrontEndBound B;
  unsigned Slots = 0, Fused = 0;
  for (const FrontEndInstr &X : L.Instrs) {
    Slots += X.Slots;
    Fused += X.FusedUops;
  }
  bool BackEdge = L.Loop && !L.Instrs.empty() && L.Instrs.back().Branch;
  switch (L.Source) {
  case UopSource::UopCache: {
    double W = FE.UopCacheWidth ? double(FE.UopCacheWidth)
                                : double(FE.IssueWidth);
    // A taken back edge ends the cycle's delivery.
    B.Cycles = BackEdge ? std::ceil(Slots / W - 1e-9) : Slots / W;
    B.Detail = std::to_string(Slots) + " issue slots from the uop cache at " +
               fmt2(W) + " per cycle" +
               (BackEdge ? ", a new cycle after the taken branch" : "");
    return B;
  }
  case UopSource::LoopStream: {
    unsigned N = L.LSDUnroll;
    double W = FE.IssueWidth;
    B.Cycles = std::ceil(double(Slots) * N / W - 1e-9) / N;
    B.Detail = "loop stream detector: " + std::to_string(N) +
               " iterations per refill, " + std::to_string(Slots * N) +
               " slots issued " + fmt2(W) + " per cycle";
    return B;
  }
  case UopSource::DSB:
  case UopSource::LegacyDecode:
    break;
  }
  // A loop streams its cached windows from the DSB, then the rest from the
  // legacy decoders (uncached windows follow the cached ones); straight-
  // line code from the legacy decoders.
  if (!L.Loop && L.Source == UopSource::DSB) {
    // Straight-line copies from the uop cache: windows run on into the
    // next copy; a cycle delivers at most the DSB's width, from at most
    // two windows.
    unsigned DecoderUops = 0, Imm64s = 0;
    for (const FrontEndInstr &X : L.Instrs) {
      DecoderUops += X.DecoderUops;
      Imm64s += X.Imm64;
    }
    // FrontEndDesc::DSBOneImm64PerCycle: a cycle per 64-bit immediate.
    double Imm64Cycles = L.DSBOneImm64PerCycle ? double(Imm64s) : 0.0;
    B.Cycles = std::max({double(DecoderUops) /
                             std::max(1u, unsigned(FE.UopCacheWidth)),
                         double(L.ByteSize) / (2.0 * FE.DSBWindowBytes),
                         Imm64Cycles}) +
               microcodeCycles(L, FE, FE.DSBToMSStall, 0, L.Instrs.size());
    B.Detail = std::to_string(Fused) + " uops from the uop cache (DSB), "
               "straight-line copies";
    return B;
  }
  unsigned CachedEnd = 0;
  for (const CacheWindow &W : L.Windows)
    if (W.Cached)
      CachedEnd = W.EndInstr;
  double DSB = 0;
  if (CachedEnd) {
    frontend::BlockQueue Windows;
    frontend::appendBlocks(Windows, L, 0, 0, CachedEnd, FE.DSBWindowBytes,
                           false, false);
    std::vector<InstrRef> Group;
    while (!Windows.empty()) {
      frontend::dsbCycle(Windows, L, FE.UopCacheWidth, Group);
      DSB += 1;
    }
    DSB += microcodeCycles(L, FE, FE.DSBToMSStall, 0, CachedEnd);
  }
  std::string Why;
  double Legacy = CachedEnd < L.Instrs.size()
                      ? legacyDecodeCycles(L, FE, CachedEnd, L.Instrs.size(),
                                           Why)
                      : 0;
  B.Cycles = DSB + Legacy;
  if (!Legacy)
    B.Detail = std::to_string(Fused) + " uops from the uop cache (DSB), " +
               std::to_string(L.Windows.size()) + " window(s)";
  else if (!DSB)
    B.Detail = "legacy decode (" + Why + ")" +
               (L.Loop ? ": " + (L.Windows.empty() ? std::string()
                                                   : L.Windows.front().WhyNot)
                       : std::string(": straight-line code"));
  else
    B.Detail = "uop cache " + fmt2(DSB) + " + legacy decode " + fmt2(Legacy) +
               " (" + Why + ")";
  return B;
}

} // namespace luarch
