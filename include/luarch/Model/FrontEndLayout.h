//===- FrontEndLayout.h - A kernel as the front end sees it ----*- C++ -*-===//
//
// The one description of how a core's front end delivers a kernel, shared
// by the static front-end bound (lib/Analysis) and the simulator's
// front-end stage (lib/Sim): each instruction at its byte address with
// what the decoders and the uop cache need (length, fused uops, complex
// decoder, microcode, length-changing prefix, branch and fusion), the
// uop-cache windows of a loop and whether each is cached, the source a
// loop streams from (loop stream detector, uop cache, legacy decoders)
// and the LSD's unrolling; and the delivery bounds derived from them.
//
// Rules follow the machine description (FrontEndDesc); their measured
// basis is uiCA's (Abel & Reineke, ICS 2022, §4) and Intel's optimization
// manual, cited on each description field.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_FRONTENDLAYOUT_H
#define LUARCH_MODEL_FRONTENDLAYOUT_H

#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Model/MachineRates.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace luarch {

/// Where the front end takes a kernel's uops from.
enum class UopSource : uint8_t {
  UopCache,      ///< a uop/op cache only (FrontEndKind::UopCacheOnly)
  LoopStream,    ///< the loop stream detector, from the uop queue
  DSB,           ///< Intel's decoded ICache
  LegacyDecode,  ///< predecoder + decoders (MITE), with the MS
};
llvm::StringRef uopSourceName(UopSource S);

struct FrontEndInstr {
  /// Bytes from the start of the kernel's first copy; length in bytes.
  unsigned Offset = 0, Length = 0;
  /// Fused uops the front end delivers (0 for a jcc fused into the
  /// previous instruction), and issue slots (after unlamination).
  unsigned FusedUops = 0, Slots = 0;
  unsigned DecoderUops = 0, MicrocodeUops = 0;
  /// Uop-cache slots (a 64-bit immediate takes two per uop).
  unsigned CacheSlots = 0;
  /// Simple decoders still usable in the cycle a complex instruction is
  /// decoded (the legacy pipeline's uops-per-cycle cap).
  unsigned SimpleDecodersAfter = 0;
  uint8_t OpcodeOffset = 0;
  bool Complex = false, LCP = false, Branch = false;
  /// Takes an extra entry of its uop-cache way and ends the cycle's DSB
  /// delivery (FrontEndDesc::DSBExtraEntryEndsDelivery).
  bool ExtraEntry = false;
  /// Control leaves sequential order after it: the back edge of a loop,
  /// an unconditional jump.
  bool Taken = false;
  bool FusedWithNext = false, FusedIntoPrev = false;
  /// A macro-fusion candidate (cmp, test, add...) on this core.
  bool MacroFusible = false;
  /// The loop stream detector can stream it (no microcode, no implicit
  /// stack-pointer change, no high-8 register [uiCA]).
  bool LSDUsable = true;
};

/// One uop-cache window of a loop: the instructions that start in it.
struct CacheWindow {
  unsigned FirstInstr = 0, EndInstr = 0;
  unsigned Address = 0; ///< window start (aligned)
  bool Cached = false;
  std::string WhyNot;   ///< when not cached: too many uops, JCC erratum...
};

struct FrontEndLayout {
  FrontEndKind Kind = FrontEndKind::UopCacheOnly;
  /// Address of the first instruction (its offset in a 64-byte line).
  unsigned StartAddress = 0;
  /// Bytes of one copy of the body.
  unsigned ByteSize = 0;
  /// A loop restarts at its first instruction each iteration; straight-line
  /// code (BHive's unrolled form) continues with the next copy.
  bool Loop = true;
  std::vector<FrontEndInstr> Instrs;
  /// Loops on Intel cores: uop-cache windows in address order.
  std::vector<CacheWindow> Windows;
  UopSource Source = UopSource::UopCache;
  /// Loop iterations the LSD puts into the uop queue per refill.
  unsigned LSDUnroll = 1;
  /// Per-way delivery limits (FrontEndDesc::DSBWayDelivery); entries per
  /// way.
  bool DSBWayDelivery = false;
  unsigned DSBSlotsPerWay = 6, DSBWindowBytes = 32;

  unsigned address(size_t Copy, size_t I) const {
    return StartAddress + unsigned(Copy) * (Loop ? 0 : ByteSize) +
           Instrs[I].Offset;
  }
  /// Windows are cached for every instruction (a pure uop-cache loop).
  bool fullyCached() const;
};

/// Lays out \p D (the decoded kernel \p K) for \p M's front end;
/// \p AlignmentOffset places the first instruction at that byte offset of
/// a 64-byte line (reports' --alignment-offset; objects' addresses).
FrontEndLayout buildFrontEndLayout(const Kernel &K,
                                   llvm::ArrayRef<DecodedInstr> D,
                                   const MachineModel &M,
                                   unsigned AlignmentOffset = 0);

/// The fewest cycles per iteration in which the front end can deliver the
/// kernel (before issue): a hard lower bound of the simulator's front-end
/// stage, which applies the same rules, at \p Rates' delivery and issue
/// widths (the described machine's, or a what-if machine's).
struct FrontEndBound {
  double Cycles = 0;
  std::string Detail;
};
FrontEndBound frontEndDeliveryBound(const FrontEndLayout &L,
                                    const MachineModel &M,
                                    const MachineRates &Rates);

} // namespace luarch

#endif
