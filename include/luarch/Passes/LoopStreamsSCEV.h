//===- LoopStreamsSCEV.h - Working set and levels from SCEV ----*- C++ -*-===//
//
// In the plugin the IR is still there under the machine code: each memory
// instruction's MachineMemOperand names its IR pointer, whose SCEV gives
// the base object and the stride in every enclosing loop, and SCEV gives
// the trip counts (averaged over the outer loop for triangular nests).
// From them: the footprint of one iteration of each enclosing loop, the
// working set of the whole nest, and per memory instruction the level its
// data lives in - the first level holding the data touched between two
// uses of the same lines (a loop it does not move in, a loop that moves it
// by less than a line, or another access of the same array a few
// iterations ahead), else the level holding the nest's working set.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_LOOPSTREAMSSCEV_H
#define LUARCH_PASSES_LOOPSTREAMSSCEV_H

#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Report/InstrMemoryFacts.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class AssumptionCacheTracker;
class DiagnosticInfoOptimizationBase;
class DominatorTree;
class Loop;
class LoopInfo;
class ScalarEvolution;
class MachineBasicBlock;
class MachineFunction;
} // namespace llvm

namespace luarch {

struct KernelReport;
class RemarkText;

/// The per-instruction facts are InstrMemoryFacts (one entry per kernel
/// instruction).
struct LoopMemoryFacts : InstrMemoryFacts {
  /// Bytes the outermost loop around this one touches (its working set).
  std::optional<double> WorkingSet;
  /// Executions of the loop's body per execution of the outermost loop
  /// (the product of the nest's trip counts, averaged where they vary).
  std::optional<double> Iterations;
  /// Iterations of this loop per entry (SCEV: exact, averaged over the
  /// enclosing loops' iterations for counts that depend on them, or the
  /// constant maximum).
  std::optional<double> TripsPerEntry;
  /// With profile data (-fprofile-instr-use): how many times the loop's
  /// header ran in the profiled run, all executions of the nest together.
  std::optional<double> ProfileIterations;
  /// Why nothing is known, if so.
  std::string Note;
};

/// What SCEV says about the machine loop with header \p Header whose
/// blocks are \p LayoutBlocks (in layout order), those \p InLoop accepts,
/// entered at \p Entries blocks (InnermostCycles: more than 1 for an
/// irreducible cycle);
/// \p K is its kernel (one instruction per real machine instruction in
/// layout order, as kernelFromMachineLoop builds it). Never fails: unknown
/// facts stay empty, with a note.
///
/// The IR analyses are built once per function and kept until another
/// function comes or releaseLoopMemoryAnalyses(); \p Borrowed, when both
/// are set, are the code generator's dominator tree and loop info of
/// \p MF's function, used instead of building them (they must outlive the
/// function's last call, then releaseLoopMemoryAnalyses()).
/// \p Borrowed.AC, when set, gives the function's assumption cache.
struct BorrowedIRAnalyses {
  llvm::DominatorTree *DT = nullptr;
  llvm::LoopInfo *LI = nullptr;
  llvm::AssumptionCacheTracker *AC = nullptr;
};
LoopMemoryFacts
analyzeLoopMemory(const llvm::MachineFunction &MF,
                  const llvm::MachineBasicBlock &Header,
                  llvm::ArrayRef<const llvm::MachineBasicBlock *> LayoutBlocks,
                  llvm::function_ref<bool(const llvm::MachineBasicBlock &)> InLoop,
                  unsigned Entries, const Kernel &K,
                  const MemoryHierarchyDesc &H,
                  const BorrowedIRAnalyses &Borrowed = {});

/// Frees the IR analyses analyzeLoopMemory keeps for the last function
/// (and so drops any borrowed ones).
void releaseLoopMemoryAnalyses();

class PreLSRTripCounts;

/// Counts the loops of the nest \p Top as analyzeLoopMemory would (each
/// innermost loop's count, its enclosing loops' up to the first unknown
/// one, its iterations per run of the nest; where those are all known,
/// every loop of the nest, whose counts the footprints read) and records
/// them in \p Out. Run before LSR (PreLSRTripCounts.h), where the exits
/// still compare the loops' own induction variables.
void recordNestTripCounts(const llvm::Loop &Top, llvm::ScalarEvolution &SE,
                          const llvm::LoopInfo &LI,
                          const llvm::DominatorTree &DT,
                          PreLSRTripCounts &Out);

/// Appends the memory clause to a remark: "; data in L3 (working set
/// 12582912 B, SCEV): 3.10 cycles/iteration (ECM sum 4.20), memory-bound
/// (L3 bandwidth)", with the YAML arguments MemoryLevel, MemoryCycles,
/// MemoryECM, MemoryVerdict, WorkingSet, Iterations and, with a profile,
/// ProfileIterations; without an
/// applicable memory prediction, why (MemoryNote). The keys reach an
/// optimization record only (RemarkText).
void appendMemoryRemark(RemarkText &T, const KernelReport &R,
                        const LoopMemoryFacts &F);

} // namespace luarch

#endif
