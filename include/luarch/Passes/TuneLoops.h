//===- TuneLoops.h - The model chooses VF, interleave and unroll -*- C++ -*-===//
//
// An IR pass at the vectorizer-start extension point (after full
// unrolling, before the loop vectorizer), active with -uarch-tune-loops.
// For each innermost loop without a user transformation pragma it compiles
// the candidates (clang's choice, VF x interleave, scalar unroll counts)
// with CandidateCompiler, scores each by predicted cycles per source
// iteration, and when the best beats clang's choice by at least
// -uarch-tune-min-gain writes it as standard loop metadata
// (llvm.loop.vectorize.width, llvm.loop.interleave.count,
// llvm.loop.unroll.count), with remarks under the pass name "uarch".
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_TUNELOOPS_H
#define LUARCH_PASSES_TUNELOOPS_H

#include "luarch/Passes/CandidateCompiler.h"
#include "luarch/Passes/TuneCandidate.h"
#include "luarch/Passes/TuneScore.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
class raw_ostream;
} // namespace llvm

namespace luarch {

struct MachineModel;

/// One candidate of one loop, compiled and predicted.
struct CandidateEvaluation {
  TuneCandidate Candidate;
  bool Evaluated = false;
  /// The vectorizer or unroller did what the candidate asked (clang's
  /// choice always is).
  bool Feasible = false;
  /// The model cannot be trusted on this code: unknown instructions,
  /// spills, a loop it could not analyse.
  bool Unsure = false;
  /// Why infeasible, unsure or not evaluated.
  std::string Note;
  /// What the vectorizer did (for clang's choice: its own choice).
  unsigned VF = 1, IC = 1;
  /// The candidate's machine loops and the straight-line code around them.
  std::vector<CandidateMachineLoop> Loops;
  /// Iterations of each of Loops per iteration of the parent's machine
  /// loop (0 outside it).
  std::vector<double> Iterations;
  /// Entries into the source loop per iteration of the parent's machine
  /// loop (more than 1 when the parent was unrolled).
  unsigned Entries = 1;
  /// The straight-line code around the loop, per entry.
  double RegionCycles = 0;
  /// Predicted cycles per entry into the source loop (loops and the code
  /// around them) and per source iteration (minus the code around the
  /// plain scalar loop, which every candidate has).
  double CyclesPerEntry = 0;
  double CyclesPerElement = 0;
  /// "vectorized x8, interleaved x2" / "scalar, unrolled x4": what the code
  /// is (for clang's choice, what clang chose).
  std::string describeCode() const;
};

/// The tuner's verdict on one innermost loop.
struct LoopTuneReport {
  std::string Function;
  /// file:line:col of the loop, or "function, loop N".
  std::string Where;
  unsigned Line = 0, Column = 0;
  /// Why the loop was not tuned (then the table is empty).
  std::string Skipped;
  TripCountEstimate Trip;
  std::string CPU;
  /// Why some candidates were not even tried (e.g. an in-order FP
  /// reduction rules out vectorization).
  std::string CandidateNote;
  std::vector<CandidateEvaluation> Table;
  int Default = -1, Best = -1;
  /// The decision was written as loop metadata.
  bool Changed = false;
  /// Why clang's choice was kept (when not Changed).
  std::string Kept;
  double Gain = 0;
  /// Compilations and their time for this loop's function (shared by the
  /// loops of one function).
  unsigned Compiles = 0;
  double Seconds = 0;
};

/// Prints the candidate table of \p R (loop-uarch-report --tune).
void printTuneReport(llvm::raw_ostream &OS, const LoopTuneReport &R);

struct TuneLoopsOptions {
  /// Write decisions as loop metadata (false: report only).
  bool Apply = true;
  /// The model (default: -uarch-mcpu, else each function's target-cpu).
  const MachineModel *Model = nullptr;
  /// Receives each loop's report (the tool); remarks are emitted anyway.
  std::function<void(const LoopTuneReport &)> Sink;
};

class TuneLoopsPass : public llvm::PassInfoMixin<TuneLoopsPass> {
public:
  TuneLoopsPass(llvm::OptimizationLevel Level, TuneLoopsOptions Opts = {})
      : Level(Level), Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static llvm::StringRef name() { return "LoopUArchTuneLoops"; }

private:
  llvm::OptimizationLevel Level;
  TuneLoopsOptions Opts;
};

/// Whether -uarch-tune-loops (or a forced candidate, -uarch-tune-force)
/// asks for the pass.
bool tuneLoopsRequested();

/// Registers the pass at the vectorizer-start extension point of \p PB.
void registerTuneLoops(llvm::PassBuilder &PB, TuneLoopsOptions Opts = {});

} // namespace luarch

#endif
