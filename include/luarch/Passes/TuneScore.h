//===- TuneScore.h - Cycles per source iteration of a candidate -*- C++ -*-===//
//
// A candidate's code for one source loop is a main loop (vector body, or
// the scalar loop), maybe a vector epilogue and a scalar remainder, plus
// straight-line code around them (runtime checks, setup, fully unrolled
// parts). Given how many source iterations one entry runs (the trip count,
// exact or estimated), this file computes how many times each machine loop
// iterates and the predicted cycles per entry; pure arithmetic, no LLVM IR.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_TUNESCORE_H
#define LUARCH_PASSES_TUNESCORE_H

#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace luarch {

/// Where the trip count comes from, best first.
enum class TripCountSource {
  Constant,     ///< SCEV: a compile-time constant
  OuterAverage, ///< SCEV: affine in an outer loop with a constant trip count
  Profile,      ///< branch weights / llvm.loop.estimated_trip_count
  MaxBound,     ///< SCEV: a small constant upper bound
  Assumed,      ///< nothing known: -uarch-tune-trip-count
};

struct TripCountEstimate {
  /// Source iterations per entry into the loop (an average unless Exact).
  double N = 0;
  /// N is the same on every entry (a constant trip count).
  bool Exact = false;
  TripCountSource Source = TripCountSource::Assumed;
  /// "constant 70", "average 59.5 over the outer loop", "assumed 100"...
  std::string describe() const;
};

/// What a machine loop of a candidate does for its source loop. The roles
/// are those of LoopRole.h (plugin branch); one classification call.
enum class CandidateLoopRole {
  Scalar,          ///< the loop, not vectorized (maybe unrolled/interleaved)
  VectorBody,      ///< the vectorizer's main loop
  VectorEpilogue,  ///< the vectorizer's epilogue vector loop
  ScalarRemainder, ///< the scalar loop after a vector or unrolled main loop
  Unknown,
};
const char *candidateLoopRoleName(CandidateLoopRole R);

struct ScoredLoop {
  CandidateLoopRole Role = CandidateLoopRole::Unknown;
  /// Source iterations per iteration of this loop.
  unsigned Elements = 1;
  /// Predicted cycles per iteration of this loop.
  double Cycles = 0;
};

/// Iterations per entry of each loop of \p Loops (same order). The main
/// loop (vector body, else the scalar loop with the most elements per
/// iteration) runs floor(N / E) times; the vector epilogue takes what
/// remains in steps of its own E, the scalar remainder the rest. Without an
/// exact N the counts are averaged over the E_main consecutive trip counts
/// centred on N (each residue equally likely). \p MainElementsHint is the
/// main loop's E when the main loop itself was fully unrolled (0: unknown).
std::vector<double> iterationsPerEntry(llvm::ArrayRef<ScoredLoop> Loops,
                                       const TripCountEstimate &Trip,
                                       unsigned MainElementsHint = 0);

/// Sum over the loops of cycles per iteration x iterations per entry.
double loopCyclesPerEntry(llvm::ArrayRef<ScoredLoop> Loops,
                          const TripCountEstimate &Trip,
                          unsigned MainElementsHint = 0);

} // namespace luarch

#endif
