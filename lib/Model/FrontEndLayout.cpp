//===- FrontEndLayout.cpp - A kernel as the front end sees it ------------===//
#include "luarch/Model/FrontEndLayout.h"
#include "luarch/Model/FrontEndRules.h"
#include "luarch/Support/Format.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <climits>
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

/// FrontEndDesc::DSBExtraEntryEndsDelivery: a uop-cache entry holds a
/// 32-bit immediate, and a 16-bit one beside a memory operand's address
/// ([uiCA-sim] getDSBBlocks, after [Agner §9.3]); more takes a second entry.
static bool needsExtraEntry(const DecodedInstr &X) {
  if (X.FE.Encoding.Imm64)
    return true;
  if (!X.FE.HasImmValue)
    return false;
  // The encoding holds at most 32 bits (movabs aside): mov r32, 0xffffffff
  // is the 32-bit value -1.
  int64_t V = int64_t(int32_t(uint32_t(X.FE.ImmValue)));
  bool Memory = X.Mem && (X.MayLoad || X.MayStore);
  return !isInt<32>(V) || (Memory && !isInt<16>(V));
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
/// whatever their size: one instruction with a length-changing prefix
/// (UnrolledLCPFromLegacyDecode) in the block.
static bool unrolledFromLegacyByRule(const FrontEndLayout &L,
                                     const FrontEndDesc &FE) {
  if (!FE.UnrolledLCPFromLegacyDecode)
    return false;
  return any_of(L.Instrs, [](const FrontEndInstr &X) { return X.LCP; });
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
  L.DSBWayDelivery = FE.DSBWayDelivery;
  L.DSBSlotsPerWay = std::max(1u, unsigned(FE.DSBSlotsPerWay));
  L.DSBWindowBytes = std::max(1u, unsigned(FE.DSBWindowBytes));
  unsigned Offset = 0, FusedTotal = 0;
  bool LSDUsable = true;
  L.Instrs.reserve(D.size()); // one allocation (the plugin: per loop)
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
    F.ExtraEntry = FE.DSBExtraEntryEndsDelivery && needsExtraEntry(X);
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
    // UnrolledDSBMaxSlots: where the copies leave the uop cache below its
    // documented capacity.
    unsigned MaxSlots = FE.UopCacheUops;
    if (FE.UnrolledDSBMaxSlots)
      MaxSlots = std::min(MaxSlots, unsigned(FE.UnrolledDSBMaxSlots));
    bool Fits = ImplicitBackEdge ||
                (!unrolledFromLegacyByRule(L, FE) &&
                 uint64_t(Slots) * Copies <= MaxSlots &&
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

/// The uop cache without way limits: the front window, then the next one
/// when it follows contiguously; a taken branch ends the group.
static void dsbWindowCycle(BlockQueue &Windows, const FrontEndLayout &L,
                           unsigned Width, std::vector<InstrRef> &Out) {
  unsigned Uops = 0;
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
      // FrontEndDesc::DSBExtraEntryEndsDelivery: two slots, then no more.
      if (!Out.empty() && X.ExtraEntry && Uops + 2 > Width)
        return false;
      Windows.popInstr();
      Out.push_back(R);
      Uops += X.DecoderUops;
      // Its fused jcc comes with it (it is no uop of its own).
      if (X.FusedWithNext && !Windows.frontEmpty() &&
          L.Instrs[Windows.frontInstr().Index].FusedIntoPrev)
        Windows.popInstr();
      if (X.MicrocodeUops || X.ExtraEntry)
        return false; // the MS takes over; an extra entry ends the group
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

/// Entries an instruction takes in its uop-cache way.
static unsigned wayEntries(const FrontEndInstr &X) {
  return std::max(1u, X.DecoderUops) + X.ExtraEntry;
}

/// The first instruction of the front window that is not a jcc fused into
/// the one before (those are dropped: they ride with their pair).
static bool frontInstr(BlockQueue &Windows, const FrontEndLayout &L,
                       InstrRef &R) {
  for (; !Windows.frontEmpty(); Windows.popInstr()) {
    R = Windows.frontInstr();
    if (!L.Instrs[R.Index].FusedIntoPrev)
      return true;
  }
  return false;
}

/// The uop cache with FrontEndDesc::DSBWayDelivery ([uiCA-sim] DSB.cycle):
/// a group from at most two ways; where a way ends and the next lies in
/// another window, the slots left depend on the uops delivered.
static void dsbWayCycle(BlockQueue &Windows, DSBCursor &S,
                        const FrontEndLayout &L, unsigned Width,
                        std::vector<InstrRef> &Out) {
  const unsigned PerWay = L.DSBSlotsPerWay;
  bool ExtraEndedPrev = S.ExtraEndedPrev;
  S.ExtraEndedPrev = false;
  InstrRef R;
  for (; !Windows.empty() && !frontInstr(Windows, L, R); Windows.popBlock())
    S.InWindow = false;
  if (Windows.empty())
    return;
  auto startsWay = [&](const FrontEndInstr &X) {
    return !S.InWindow || X.MicrocodeUops || S.WayUsed + wayEntries(X) > PerWay;
  };
  // uiCA's limits differ for a group that began at a way's first entry.
  const bool FromWayStart = startsWay(L.Instrs[R.Index]);
  bool NewWay = FromWayStart; // R opens a way
  unsigned Remaining = Width, Delivered = 0;
  bool SecondWay = false;
  for (;;) {
    const FrontEndInstr &X = L.Instrs[R.Index];
    // Whole instructions; one that needs more than a narrower front end
    // (--what-if) has starts a cycle of its own.
    if (!Out.empty() && (X.DecoderUops > Remaining ||
                         (X.ExtraEntry && Remaining < 2)))
      return;
    if (NewWay) {
      S.InWindow = true;
      S.WayUsed = 0;
    }
    unsigned LastSlot = S.WayUsed + std::max(1u, X.DecoderUops) - 1;
    S.WayUsed = X.MicrocodeUops ? PerWay : S.WayUsed + wayEntries(X);
    Windows.popInstr();
    Out.push_back(R);
    Delivered += X.DecoderUops;
    Remaining -= std::min(Remaining, X.DecoderUops);
    if (X.ExtraEntry) {
      Remaining = 0;
      S.ExtraEndedPrev = true;
    }
    if (X.MicrocodeUops)
      Remaining = 0; // the MS takes over
    InstrRef Next;
    bool WindowDone = !frontInstr(Windows, L, Next);
    if (!WindowDone && !startsWay(L.Instrs[Next.Index])) {
      if (!Remaining)
        return;
      R = Next; // on in the same way
      NewWay = false;
      continue;
    }
    // The way ends here. Its last instruction's fused jcc came with it;
    // the pair ends the loop when the jcc is its back edge.
    unsigned Addr = L.address(R.Copy, R.Index), End = Addr + X.Length;
    bool LoopEnd = L.Loop && X.Taken;
    if (X.FusedWithNext && R.Index + 1 < L.Instrs.size()) {
      const FrontEndInstr &J = L.Instrs[R.Index + 1];
      End += J.Length;
      LoopEnd |= L.Loop && J.Taken;
    }
    if (WindowDone) {
      Windows.popBlock();
      S.InWindow = false;
      for (; !Windows.empty() && !frontInstr(Windows, L, Next);
           Windows.popBlock())
        ;
    }
    if (!Remaining || Windows.empty())
      return;
    unsigned NextAddr = L.address(Next.Copy, Next.Index);
    bool SameWindow =
        NextAddr / L.DSBWindowBytes == Addr / L.DSBWindowBytes;
    if (SameWindow && LoopEnd && !ExtraEndedPrev)
      return;
    if (!SameWindow) {
      unsigned Left = Remaining;
      if (FromWayStart) {
        if (Delivered == 1 || Delivered == 2)
          Left = 4;
        else if (Delivered == 3 || Delivered == 4)
          Left = 2;
        else if (Delivered == 5)
          Left = 1;
      } else if (LoopEnd) {
        Left = Delivered == 1 || (Delivered == 2 && LastSlot >= 4)
                   ? 4
                   : std::min(Remaining, 2u);
      }
      Remaining = std::min(Left, Width > Delivered ? Width - Delivered : 0);
      if (!Remaining)
        return;
    }
    // A second way, not a microcoded instruction's, that follows
    // contiguously or starts the loop again.
    if (SecondWay || L.Instrs[Next.Index].MicrocodeUops)
      return;
    if (!LoopEnd && End != NextAddr)
      return;
    SecondWay = true;
    R = Next;
    NewWay = true;
  }
}

void dsbCycle(BlockQueue &Windows, DSBCursor &Cursor, const FrontEndLayout &L,
              unsigned Width, std::vector<InstrRef> &Out) {
  Out.clear();
  if (L.DSBWayDelivery)
    dsbWayCycle(Windows, Cursor, L, Width, Out);
  else
    dsbWindowCycle(Windows, L, Width, Out);
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

/// Cycles per iteration in which the uop cache delivers a loop's cached
/// windows [0, CachedEnd) with unlimited queues, \p Width uops per cycle
/// (whole: isWholeRate). Each iteration starts
/// afresh where the legacy decoders take the rest, or where the group ends
/// at the back edge; under DSBWayDelivery a group goes on into the next
/// iteration, so copies run until the state at a cycle's start (the front
/// instruction and the DSBCursor) repeats: the cycles between, per copy,
/// are exact, as the simulator's uop queue only delays the same groups.
static double loopDSBCycles(const FrontEndLayout &L, const FrontEndDesc &FE,
                            unsigned CachedEnd, unsigned Width) {
  assert(Width > 0 && "a front end delivers");
  frontend::BlockQueue Windows;
  frontend::DSBCursor Cursor;
  std::vector<InstrRef> Group;
  if (!L.DSBWayDelivery || CachedEnd < L.Instrs.size()) {
    frontend::appendBlocks(Windows, L, 0, 0, CachedEnd, FE.DSBWindowBytes,
                           false, false);
    double Cycles = 0;
    while (!Windows.empty()) {
      frontend::dsbCycle(Windows, Cursor, L, Width, Group);
      Cycles += 1;
    }
    return Cycles;
  }
  frontend::BlockTemplate Copy;
  Copy.add(L, 0, CachedEnd, FE.DSBWindowBytes, false);
  struct Seen {
    unsigned Index;
    frontend::DSBCursor Cursor;
    unsigned Cycle, Copy;
  };
  std::vector<Seen> States;
  unsigned NextCopy = 0;
  // Every state has a front instruction, a way fill and two flags: the
  // loop repeats within that many cycles.
  unsigned Limit = 4 * (L.DSBSlotsPerWay + 1) * (CachedEnd + 1) + 8;
  for (unsigned Cycle = 0; Cycle < Limit; ++Cycle) {
    while (Windows.size() < 3)
      Copy.appendTo(Windows, NextCopy++);
    // Drop the jccs fused into the instruction before (they ride with it).
    while (L.Instrs[Windows.frontInstr().Index].FusedIntoPrev) {
      Windows.popInstr();
      if (Windows.frontEmpty()) {
        Windows.popBlock();
        Cursor.InWindow = false;
      }
    }
    InstrRef Front = Windows.frontInstr();
    for (const Seen &P : States)
      if (P.Index == Front.Index && P.Cursor == Cursor)
        return double(Cycle - P.Cycle) / double(Front.Copy - P.Copy);
    States.push_back({Front.Index, Cursor, Cycle, Front.Copy});
    frontend::dsbCycle(Windows, Cursor, L, Width, Group);
  }
  assert(false && "the uop cache's delivery of a loop repeats");
  // Unreachable by the argument on Limit; should it ever be reached, the
  // delivery width alone still gives a lower bound (1 need not be one).
  unsigned Uops = 0;
  for (unsigned I = 0; I < CachedEnd; ++I)
    Uops += L.Instrs[I].DecoderUops;
  return double(Uops) / double(Width);
}

/// Cycles for \p Slots uops at \p Rate per cycle when a new cycle starts
/// after them (a taken branch, a refill): whole cycles at a whole rate; at
/// a fractional one the front end or issue carries up to one uop of credit
/// over, so only the ratio, and one cycle, bound it.
static double wholeCycles(double Slots, double Rate) {
  if (isWholeRate(Rate))
    return std::ceil(Slots / Rate - 1e-9);
  return std::max(Slots / Rate, Slots > 0 ? 1.0 : 0.0);
}

FrontEndBound frontEndDeliveryBound(const FrontEndLayout &L,
                                    const MachineModel &M,
                                    const MachineRates &Rates) {
  const FrontEndDesc &FE = M.FrontEnd;
  assert(Rates.Delivery >= 1 && Rates.Issue >= 1 &&
         "--what-if and the sweep keep rates at one uop per cycle or more");
  FrontEndBound B;
  unsigned Slots = 0, Fused = 0;
  for (const FrontEndInstr &X : L.Instrs) {
    Slots += X.Slots;
    Fused += X.FusedUops;
  }
  bool BackEdge = L.Loop && !L.Instrs.empty() && L.Instrs.back().Branch;
  switch (L.Source) {
  case UopSource::UopCache: {
    double W = Rates.Delivery;
    // A taken back edge ends the cycle's delivery.
    B.Cycles = BackEdge ? wholeCycles(Slots, W) : Slots / W;
    B.Detail = std::to_string(Slots) + " issue slots from the uop cache at " +
               fmt2(W) + " per cycle" +
               (BackEdge ? ", a new cycle after the taken branch" : "");
    return B;
  }
  case UopSource::LoopStream: {
    // The uops issue from the uop queue at the issue width.
    unsigned N = L.LSDUnroll;
    double W = Rates.Issue;
    B.Cycles = wholeCycles(double(Slots) * N, W) / N;
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
    unsigned DecoderUops = 0, Extras = 0;
    for (const FrontEndInstr &X : L.Instrs) {
      DecoderUops += X.DecoderUops;
      Extras += X.ExtraEntry;
    }
    // FrontEndDesc::DSBExtraEntryEndsDelivery: a cycle per instruction
    // with an extra entry.
    double ExtraCycles = double(Extras);
    B.Cycles = std::max({double(DecoderUops) / Rates.Delivery,
                         double(L.ByteSize) / (2.0 * FE.DSBWindowBytes),
                         ExtraCycles}) +
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
    double DSBCycles;
    if (isWholeRate(Rates.Delivery)) {
      DSBCycles = loopDSBCycles(
          L, FE, CachedEnd,
          unsigned(std::min(Rates.Delivery, double(UINT_MAX / 2))));
    } else {
      // A fractional width (what-if, sweep): the simulator's uop cache
      // delivers whole uops, floor(credit) per cycle with only the
      // fraction carried, so W per cycle on average at most; its grouping
      // rules only take more cycles.
      unsigned Uops = 0;
      for (unsigned I = 0; I < CachedEnd; ++I)
        Uops += L.Instrs[I].DecoderUops;
      DSBCycles = double(Uops) / Rates.Delivery;
    }
    DSB = DSBCycles + microcodeCycles(L, FE, FE.DSBToMSStall, 0, CachedEnd);
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
