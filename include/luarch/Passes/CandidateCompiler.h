//===- CandidateCompiler.h - Compile a function with forced loop choices -*- C++ -*-//
//
// The tuner's compiler: a copy of one function (with declarations of what
// it references) lives in a private LLVMContext whose diagnostic handler
// swallows everything, so nested remarks never reach the user and the
// user's module is never touched. For each round, the copy gets loop
// metadata forcing a candidate on some loops, then runs the rest of the
// -O2/-O3 module optimisation pipeline (PassBuilder::
// buildModuleOptimizationPipeline: loop rotation, the loop vectorizer,
// unrolling, clean-ups) and LLVM's code generator with the function's own
// target-cpu/target-features, and a machine pass after block placement
// predicts each resulting machine loop with analyzeKernel (the remarks'
// model, no sensitivity sweep).
//
// Loops are named by markers: their index in the function's loop preorder,
// identical in the user's function and in the copy, carried through the
// pipeline as a "luarch.tune.marker" loop attribute (the vectorizer and the
// unroller keep unknown attributes on the loops they create).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_CANDIDATECOMPILER_H
#define LUARCH_PASSES_CANDIDATECOMPILER_H

#include "luarch/Passes/TuneCandidate.h"
#include "luarch/Passes/TuneScore.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Loop;
class LoopInfo;
} // namespace llvm

namespace luarch {

struct MachineModel;

/// One machine loop of a compiled candidate that came from a marked loop.
struct CandidateMachineLoop {
  unsigned Marker = 0;
  CandidateLoopRole Role = CandidateLoopRole::Unknown;
  /// Which copy of the loop's code, when an enclosing loop was unrolled
  /// ("" for the original, ".1", ".2"...).
  std::string Copy;
  /// Inside the main machine loop of the source loop's parent (or the
  /// source loop has no parent): counted against that loop's iterations.
  bool InRegion = true;
  /// Source iterations per iteration.
  unsigned Elements = 1;
  /// Lanes of the vector code (1: scalar) and elements / lanes.
  unsigned VF = 1, IC = 1;
  /// The prediction (when Error is empty).
  std::string Error;
  double Cycles = 0;
  double StaticBound = 0;
  std::string Bottleneck;
  unsigned Instructions = 0;
  /// Instructions the model does not know (modelled as a generic uop).
  unsigned UnknownInstructions = 0;
  /// Spill or reload instructions (stack-slot accesses added by the
  /// register allocator).
  unsigned SpillInstructions = 0;
};

/// Region keys for the straight-line code around loops: a marker of an
/// outer loop (its blocks that are in no inner loop), or FunctionRegion
/// (the blocks in no loop).
constexpr int FunctionRegion = -1;

/// What the loop vectorizer said about a marked loop (its remarks, caught
/// in the private context).
struct VectorizerOutcome {
  /// Vectorized (VF > 1) or interleaved (VF = 1, IC > 1).
  bool Transformed = false;
  unsigned VF = 1, IC = 1;
  /// Why not, from its first analysis remark.
  std::string Reason;
};

struct CandidateCompileResult {
  std::vector<CandidateMachineLoop> Loops;
  /// The vectorizer's decision for each marked loop it reported on.
  std::map<unsigned, VectorizerOutcome> Vectorizer;
  /// Predicted cycles of the straight-line code of each requested region
  /// that was found (static bound of each block, summed), per iteration of
  /// the region's machine loop.
  std::map<int, double> RegionCycles;
  /// Source iterations of the parent loop per iteration of its machine
  /// loop (the parent's unroll factor; 1 for FunctionRegion).
  std::map<int, unsigned> RegionElements;
  /// Wall time of this round (optimisation + code generation + analysis),
  /// and of its parts.
  double Seconds = 0;
  double OptimiseSeconds = 0, CodeGenSeconds = 0, AnalysisSeconds = 0;
};

/// Compiles one function over and over with different loop choices.
class CandidateCompiler {
public:
  /// Copies \p F (its loops as in \p LI) into a private context. \p Model
  /// predicts the machine loops; \p Level is the pipeline's level.
  static llvm::Expected<std::unique_ptr<CandidateCompiler>>
  create(llvm::Function &F, llvm::LoopInfo &LI, llvm::OptimizationLevel Level,
         const MachineModel &Model);
  ~CandidateCompiler();

  /// The marker of a loop of the user's function given to create().
  unsigned markerOf(const llvm::Loop *L) const;

  /// Compiles the copy with \p Forced candidates (by marker; other loops
  /// keep clang's choice) and returns the machine loops of the forced
  /// loops and the straight-line cycles of their regions, \p RegionOf
  /// (marker of the parent loop, or FunctionRegion, by forced marker).
  llvm::Expected<CandidateCompileResult>
  compile(const std::map<unsigned, TuneCandidate> &Forced,
          const std::map<unsigned, int> &RegionOf);

private:
  struct Impl;
  explicit CandidateCompiler(std::unique_ptr<Impl> I);
  std::unique_ptr<Impl> P;
};

/// Whether the current thread is inside a candidate compilation (the
/// plugin's remark pass stays out of those code generators).
bool inCandidateCompile();

} // namespace luarch

#endif
