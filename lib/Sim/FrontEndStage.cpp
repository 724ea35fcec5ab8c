//===- FrontEndStage.cpp - Delivery into the uop queue -------------------===//
//
// Two kinds of front end (FrontEndDesc::Kind):
//  * uop cache only: up to the front-end width of issue slots per cycle;
//    without an LSD a taken loop branch ends the cycle's delivery;
//  * Intel's: per cycle one source delivers (after [uiCA §4.1]):
//      - the loop stream detector refills the empty uop queue with
//        LSDUnroll iterations of the loop;
//      - the uop cache (DSB) delivers up to its width from one window and
//        the next one when that follows contiguously;
//      - the legacy decoders: the predecoder takes one 16-byte block's
//        instructions per cycle (length-changing prefixes stall it), the
//        decoders take predecoded instructions after a fixed delay, one
//        complex instruction per group, a branch ending the group;
//      - the microcode sequencer takes over microcoded instructions, after
//        a stall that depends on who handed over.
//    The DSB serves a loop's cached windows; after an uncached one the
//    legacy decoders take over until the loop's back edge.
// No source delivers while the uop queue cannot take a full DSB group.
//
//===----------------------------------------------------------------------===//
#include "Stages.h"

#include <cmath>
#include <limits>

namespace luarch {
namespace sim {

using frontend::InstrRef;

FrontEndStage::FrontEndStage(Core &C)
    : C(C), L(C.Layout),
      // Intel's sources deliver only when the queue has room for a whole
      // DSB group: at least one group (a what-if front end wider than the
      // queue never delivered, a false stall).
      QueueCapacity(std::max(
          {C.Config[ResourceId::UopQueue],
           std::ceil(2 * C.Config[ResourceId::IssueWidth]),
           C.Layout.Kind == FrontEndKind::IntelLegacyDSB
               ? std::ceil(C.Config[ResourceId::FrontEndWidth])
               : 0.0})),
      StopAtBranch(C.Body.Shape == KernelShape::Loop && !C.Config.UseLSD &&
                   C.Body.EndsWithBranch) {
  Source = L.Source;
  // double(n) < QueueCapacity exactly when n < ceil(QueueCapacity) (an
  // unlimited queue is 2^62 slots or more: no whole count reaches it).
  QueueLimit = QueueCapacity >= 0x1p62
                   ? std::numeric_limits<size_t>::max()
                   : size_t(std::ceil(QueueCapacity));
  SlotsOf.reserve(C.Body.size());
  for (const SInstr &SI : C.Body.Instrs)
    SlotsOf.push_back(unsigned(SI.Slots.size()));
  // The uop queue holds about QueueCapacity slots (a delivery may overrun
  // it by a group): room up front instead of growing from 16 in every run
  // (an unlimited queue in a sensitivity run still grows as it needs).
  C.Queue.reserve(size_t(std::min(2 * QueueCapacity, 1024.0)));
  if (L.Kind == FrontEndKind::IntelLegacyDSB && L.Loop && C.Config.Model) {
    for (const CacheWindow &W : L.Windows) {
      if (W.Cached)
        LoopDSBBlocks.add(L, W.FirstInstr, W.EndInstr,
                          C.Config.Model->FrontEnd.DSBWindowBytes, false);
      else
        LoopPredecodeBlocks.add(L, W.FirstInstr, W.EndInstr, 16, true);
    }
  }
}

void FrontEndStage::cycle() {
  if (L.Kind == FrontEndKind::IntelLegacyDSB && !L.Instrs.empty())
    intelCycle();
  else
    uopCacheCycle();
}

/// Whether the uop-cache front end can deliver nothing, whatever its credit.
static bool uopCacheBlocked(unsigned NextIter, unsigned MaxIter,
                            size_t Queued, double QueueCapacity) {
  return NextIter >= MaxIter || double(Queued) >= QueueCapacity;
}

/// The Intel front end's credit after one more cycle (whole uops per
/// cycle; only the width's fraction carries over).
static double nextIntelCredit(double Credit, double Width) {
  double Carry = std::max(0.0, Credit - std::floor(Credit + Eps));
  return Carry + Width;
}

void FrontEndStage::uopCacheCycle() {
  Credit = std::min(Credit, 1.0 - Eps) + C.Config[ResourceId::FrontEndWidth];
  Idle = uopCacheBlocked(NextIter, C.MaxIter, C.Queue.size(), QueueCapacity);
  if (NextIter >= C.MaxIter)
    return;
  // The loop's state in locals, the queue's room as a whole count (size <
  // QueueLimit is double(size) < QueueCapacity) and each instruction's
  // slots from a flat array: per slot delivered, a push and a few integer
  // tests (the Zen cores' front end runs every cycle of every plugin
  // simulation).
  unsigned Iter = NextIter, Index = NextIndex;
  int Slot = NextSlot;
  double Cr = Credit;
  for (size_t Size = C.Queue.size(); Size < QueueLimit; ++Size) {
    unsigned Slots = SlotsOf[Index];
    if (!Slots) {
      C.Queue.push_back({Iter, Index, -1});
    } else {
      if (Cr < 1.0 - Eps)
        break;
      C.Queue.push_back({Iter, Index, Slot});
      Cr -= 1;
      if (++Slot < int(Slots))
        continue;
    }
    Slot = 0;
    if (++Index == C.N) {
      Index = 0;
      if (++Iter >= C.MaxIter || StopAtBranch)
        break;
    }
  }
  NextIter = Iter;
  NextIndex = Index;
  NextSlot = Slot;
  Credit = Cr;
}

void FrontEndStage::deliver(InstrRef R, unsigned From, unsigned To) {
  const SInstr &SI = C.Body[R.Index];
  if (SI.Slots.empty()) {
    C.Queue.push_back({R.Copy, R.Index, -1});
    return;
  }
  for (unsigned S = From; S < To && S < SI.Slots.size(); ++S)
    C.Queue.push_back({R.Copy, R.Index, int(S)});
}

// Inlined into intelCycle(), its two callers (called for every
// instruction the DSB or the decoders hand over).
LLVM_ATTRIBUTE_ALWAYS_INLINE void
FrontEndStage::handOver(InstrRef R, unsigned Stall, unsigned PostStall) {
  const FrontEndInstr &X = L.Instrs[R.Index];
  unsigned Slots = C.Body[R.Index].Slots.size();
  if (!X.MicrocodeUops) {
    deliver(R, 0, Slots);
  } else {
    Microcode.push_back({R, 0, Slots});
    MSStall = Stall;
    MSPostStall = PostStall;
  }
  // The jcc fused into this instruction rides along (it has no slot).
  if (X.FusedWithNext && R.Index + 1 < L.Instrs.size()) {
    InstrRef J{R.Copy, R.Index + 1};
    if (X.MicrocodeUops)
      Microcode.push_back({J, 0, 0});
    else
      deliver(J, 0, 0);
  }
}

void FrontEndStage::microcodeCycle() {
  if (MSStall) {
    --MSStall;
    return;
  }
  unsigned Budget = C.Config.Model->FrontEnd.MSUopsPerCycle;
  while (!Microcode.empty() && Budget) {
    MicrocodeFlow &F = Microcode.front();
    unsigned N = std::min(Budget, F.End - F.Next);
    deliver(F.R, F.Next, F.Next + N);
    F.Next += N;
    Budget -= N;
    if (F.Next >= F.End)
      Microcode.pop_front();
  }
  if (Microcode.empty())
    MSStall = MSPostStall;
}

void FrontEndStage::fetch() {
  const FrontEndDesc &FE = C.Config.Model->FrontEnd;
  unsigned N = L.Instrs.size();
  while (NextCopy < C.MaxIter && DSBWindows.size() < 2 &&
         Predecode.Blocks.size() < 4) {
    unsigned Copy = NextCopy++;
    if (!L.Loop) {
      if (Source == UopSource::DSB)
        frontend::appendBlocks(DSBWindows, L, Copy, 0, N, FE.DSBWindowBytes,
                               Copy > 0, false);
      else
        frontend::appendBlocks(Predecode.Blocks, L, Copy, 0, N, 16, Copy > 0,
                               true);
      continue;
    }
    // A loop: its cached windows for the DSB, the rest for the predecoder
    // (each window's blocks start fresh, so the queues get them in order).
    LoopDSBBlocks.appendTo(DSBWindows, Copy);
    LoopPredecodeBlocks.appendTo(Predecode.Blocks, Copy);
  }
}

void FrontEndStage::intelCycle() {
  const FrontEndDesc &FE = C.Config.Model->FrontEnd;
  // The configured front-end width (a sweep scales it): whole uops per
  // cycle; unused capacity is lost, only the width's fraction carries.
  Credit = nextIntelCredit(Credit, C.Config[ResourceId::FrontEndWidth]);
  unsigned DSBWidth = unsigned(std::floor(Credit + Eps));
  Idle = intelBlocked(DSBWidth) || intelExhausted();
  if (double(C.Queue.size()) + DSBWidth > QueueCapacity)
    return;

  if (Source == UopSource::LoopStream) {
    // Refilled only when it has run empty [uiCA].
    if (!C.Queue.empty())
      return;
    for (unsigned K = 0; K < L.LSDUnroll && NextCopy < C.MaxIter; ++K) {
      unsigned Copy = NextCopy++;
      for (unsigned I = 0; I < L.Instrs.size(); ++I)
        deliver({Copy, I}, 0, C.Body[I].Slots.size());
    }
    return;
  }

  fetch();
  if (!Microcode.empty() || MSStall) {
    microcodeCycle();
    return;
  }
  bool FirstWindowCached = cachedAt(0);
  if (Source == UopSource::LegacyDecode) {
    // Predecoder: a group per cycle, held back by LCP stalls.
    if (!PredecodeStall) {
      if (Predecoded.empty() && !Predecode.idle() &&
          InstrQueue.size() + FE.PredecodeInstrsPerCycle <=
              FE.InstructionQueueSize) {
        unsigned LCPs = 0;
        Predecode.cycle(L, FE.PredecodeInstrsPerCycle, LCPs, Predecoded);
        PredecodeStall = LCPs * FE.LCPPenalty;
      }
      if (!PredecodeStall) {
        for (InstrRef R : Predecoded) {
          R.Time = C.Cycle;
          InstrQueue.push_back(R);
        }
        Predecoded.clear();
      }
    }
    if (PredecodeStall)
      --PredecodeStall;
    // Decoders.
    long Now = C.Cycle;
    unsigned Delay = FE.PredecodeToDecodeDelay;
    frontend::decodeCycle(
        InstrQueue, L, FE,
        [&](InstrRef R) { return R.Time + long(Delay) <= Now; }, Group);
    for (InstrRef R : Group)
      handOver(R, FE.MITEToMSStall, FE.MITEToMSStall);
    // Back at the loop's start: the DSB resumes if it holds that window.
    if (L.Loop && !Group.empty() && FirstWindowCached) {
      const FrontEndInstr &Last = L.Instrs[Group.back().Index];
      if (Last.Branch || Last.FusedWithNext)
        Source = UopSource::DSB;
    }
    return;
  }
  // The uop cache.
  size_t Before = DSBWindows.size();
  frontend::dsbCycle(DSBWindows, DSBState, L, DSBWidth, Group);
  for (InstrRef R : Group) {
    handOver(R, FE.DSBToMSStall, 0);
    Credit -= L.Instrs[R.Index].DecoderUops;
  }
  if (L.Loop && !Group.empty() && DSBWindows.size() < Before) {
    // A window is done: the legacy decoders take over when the code that
    // follows is not cached (after the back edge: the loop's start).
    const FrontEndInstr &Last = L.Instrs[Group.back().Index];
    unsigned Next = Group.back().Index + 1;
    if (Last.Taken || Last.FusedWithNext || Next == L.Instrs.size())
      Next = 0;
    if (!cachedAt(Next))
      Source = UopSource::LegacyDecode;
  }
}

bool FrontEndStage::intelBlocked(unsigned DSBWidth) const {
  return double(C.Queue.size()) + DSBWidth > QueueCapacity ||
         (Source == UopSource::LoopStream &&
          (!C.Queue.empty() || NextCopy >= C.MaxIter));
}

bool FrontEndStage::intelExhausted() const {
  return NextCopy >= C.MaxIter && DSBWindows.empty() && Predecode.idle() &&
         Predecoded.empty() && !PredecodeStall && InstrQueue.empty() &&
         Microcode.empty() && !MSStall;
}

bool FrontEndStage::skipCycle() {
  assert(Idle && "skips only after a cycle in which nothing was delivered");
  if (L.Kind == FrontEndKind::IntelLegacyDSB && !L.Instrs.empty()) {
    double Next = nextIntelCredit(Credit, C.Config[ResourceId::FrontEndWidth]);
    if (!intelBlocked(unsigned(std::floor(Next + Eps))) && !intelExhausted())
      return false;
    Credit = Next;
    return true;
  }
  if (!uopCacheBlocked(NextIter, C.MaxIter, C.Queue.size(), QueueCapacity))
    return false;
  Credit = std::min(Credit, 1.0 - Eps) + C.Config[ResourceId::FrontEndWidth];
  return true;
}

bool FrontEndStage::cachedAt(unsigned Index) const {
  for (const CacheWindow &W : L.Windows)
    if (Index >= W.FirstInstr && Index < W.EndInstr)
      return W.Cached;
  return false;
}

} // namespace sim
} // namespace luarch
