//===- CandidateLoopIdentity.h - What a marked loop became -----*- C++ -*-===//
//
// After the optimisation pipeline, a marked source loop may have become a
// vector body, a vector epilogue, a scalar remainder, an unrolled scalar
// loop... This names each loop of the optimised copy: its marker (which
// source loop), its role, and how many source iterations one iteration
// runs. One call, identifyCandidateLoops, so that a machine-level
// classifier (include/luarch/Passes/LoopRole.h on the plugin branch) can
// take its place.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_PASSES_CANDIDATELOOPIDENTITY_H
#define LUARCH_LIB_PASSES_CANDIDATELOOPIDENTITY_H

#include "luarch/Passes/TuneCandidate.h"
#include "luarch/Passes/TuneScore.h"

#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace llvm {
class BasicBlock;
class Loop;
class LoopInfo;
class MDNode;
class Metadata;
class LLVMContext;
class ScalarEvolution;
} // namespace llvm

namespace luarch {

/// The loop attribute naming a loop for the tuner: !{!"luarch.tune.marker",
/// i32 N}. Not an llvm.loop.* attribute, so no pass interprets it, and the
/// vectorizer and unroller copy it to the loops they create.
llvm::Metadata *tuneMarker(llvm::LLVMContext &Ctx, unsigned Marker);
std::optional<unsigned> tuneMarkerOf(const llvm::MDNode *LoopID);

/// The name the copy gives a marked loop's header, "luarch.loop.N.h".
/// Loops the unroller clones without the loop's attributes (its runtime
/// remainder) keep it as a prefix ("luarch.loop.N.h.prol").
std::string tuneHeaderName(unsigned Marker);
std::optional<unsigned> tuneMarkerOfHeader(llvm::StringRef Name);

/// The step per iteration of the induction variable that controls \p L's
/// exit (bytes for a pointer), or 0 when there is none.
int64_t exitInductionStep(llvm::Loop &L, llvm::ScalarEvolution &SE);

/// Splits a header name into the name of the loop it was cloned from and
/// the suffix the unroller gave copies made by unrolling an enclosing loop
/// (".1", ".2"...; empty for the original).
std::pair<llvm::StringRef, llvm::StringRef> splitCopySuffix(llvm::StringRef Name);

struct CandidateLoopIdentity {
  unsigned Marker = 0;
  /// Known by its header's name only: a clone the unroller made without
  /// the loop's attributes (its runtime remainder).
  bool Clone = false;
  /// Which copy of the source loop's code this is, when an enclosing loop
  /// was unrolled (splitCopySuffix; empty for the original).
  std::string Copy;
  CandidateLoopRole Role = CandidateLoopRole::Unknown;
  /// Source iterations per iteration.
  unsigned Elements = 1;
  /// Vector lanes (1: scalar) and the interleave count Elements / VF.
  unsigned VF = 1, IC = 1;
};

/// Every marked loop of the optimised copy, by header block (outer loops:
/// Role Unknown, with their elements per iteration).
/// \p ExitSteps gives each source loop's exitInductionStep (by marker).
llvm::DenseMap<const llvm::BasicBlock *, CandidateLoopIdentity>
identifyCandidateLoops(llvm::LoopInfo &LI, llvm::ScalarEvolution &SE,
                       llvm::ArrayRef<int64_t> ExitSteps,
                       const std::map<unsigned, TuneCandidate> &Forced);

} // namespace luarch

#endif
