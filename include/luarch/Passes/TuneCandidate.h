//===- TuneCandidate.h - What the tuner forces on one loop -----*- C++ -*-===//
//
// A candidate is one way to transform an innermost loop: clang's own choice,
// a vectorization factor with an interleave count, or a scalar loop with an
// unroll count. The same loop metadata forces it on the clone the tuner
// compiles and, when it wins, on the user's loop, so the code that was
// predicted is the code that is emitted.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_TUNECANDIDATE_H
#define LUARCH_PASSES_TUNECANDIDATE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Metadata;
class MDNode;
} // namespace llvm

namespace luarch {

struct TuneCandidate {
  /// Clang's choice: no metadata at all.
  bool IsDefault = true;
  /// Vectorization factor (1 = scalar).
  unsigned VF = 1;
  /// Interleave count of the loop vectorizer (VF = 1: interleave only).
  unsigned IC = 1;
  /// Unroll count for a scalar loop (VF = IC = 1): 1 = not unrolled.
  unsigned Unroll = 1;

  static TuneCandidate clangDefault() { return {}; }
  static TuneCandidate vectorize(unsigned VF, unsigned IC) {
    return {false, VF, IC, 1};
  }
  static TuneCandidate scalar(unsigned Unroll) { return {false, 1, 1, Unroll}; }

  bool isScalar() const { return !IsDefault && VF == 1 && IC == 1; }
  /// Source iterations per iteration of the main loop it asks for.
  unsigned elementsPerIteration() const {
    return IsDefault ? 0 : VF * IC * Unroll;
  }
  /// "clang's choice", "vectorize x8 interleave x2", "scalar, unroll x4".
  std::string str() const;
  /// A short form for tables and -uarch-tune-force: "default", "8x2"
  /// (VF x interleave count), "1x4" (interleave only), "u4" (scalar,
  /// unrolled 4 times), "u1" (scalar, not unrolled).
  std::string shortStr() const;
  /// Parses shortStr()'s form.
  static std::optional<TuneCandidate> parse(llvm::StringRef S);

  bool operator==(const TuneCandidate &O) const {
    return IsDefault == O.IsDefault && VF == O.VF && IC == O.IC &&
           Unroll == O.Unroll;
  }
};

/// The loop attributes (operands of a llvm.loop node) that force \p C:
/// llvm.loop.vectorize.width, llvm.loop.interleave.count,
/// llvm.loop.unroll.count/disable, with unroll follow-ups carrying
/// \p FollowupExtra (plus llvm.loop.unroll.disable) so the unrolled loop and
/// its remainder are not unrolled again; and a note, !{!"luarch.tune.decision",
/// !"8x2"}, that survives into the optimised IR. Empty for the default.
llvm::SmallVector<llvm::Metadata *, 8>
candidateLoopAttributes(llvm::LLVMContext &Ctx, const TuneCandidate &C,
                        llvm::ArrayRef<llvm::Metadata *> FollowupExtra = {});

/// A new distinct loop ID: \p Keep (attributes of the old ID worth keeping)
/// followed by \p Add.
llvm::MDNode *makeLoopID(llvm::LLVMContext &Ctx,
                         llvm::ArrayRef<llvm::Metadata *> Keep,
                         llvm::ArrayRef<llvm::Metadata *> Add);

/// Whether the attribute \p Name of a loop ID is a transformation request
/// (a user pragma, or a decision already taken): vectorize, interleave,
/// unroll, unroll-and-jam, distribute, isvectorized, disable_nonforced.
bool isTransformationAttribute(llvm::StringRef Name);

} // namespace luarch

#endif
