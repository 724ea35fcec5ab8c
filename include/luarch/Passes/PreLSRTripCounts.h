//===- PreLSRTripCounts.h - Trip counts recorded before LSR ----*- C++ -*-===//
//
// The machine pass reads each loop's trip count from SCEV on the IR under
// the machine code, which loop strength reduction has rewritten: its exits
// compare LSR's variables, and SCEV counts them again from scratch (the
// largest part of the memory step's time on sqlite3.c). Right before LSR,
// in the same codegen IR pipeline, the code generator's own SCEV is built
// and LSR's induction-variable users are about to ask it the same
// questions: a loop pass there records the counts of every loop nest
// (Nest::trips, the innermost loops' iterations per run of the nest), per
// IR loop header, and the machine pass takes them instead of asking SCEV
// on LSR's IR (docs/plugin.md "Trip counts before LSR").
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_PRELSRTRIPCOUNTS_H
#define LUARCH_PASSES_PRELSRTRIPCOUNTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/ValueHandle.h"
#include <memory>
#include <optional>

namespace llvm {
class BasicBlock;
class Function;
class Loop;
class TargetPassConfig;
class raw_ostream;
} // namespace llvm

namespace luarch {

/// One function's loops as counted before LSR, by IR header block.
class PreLSRTripCounts {
public:
  /// NestIterations of a nest counted whose figure is not known (a scalar
  /// remainder whose sum over the loops around it could not be taken):
  /// the remark prints none, and the count is not taken again after LSR.
  static constexpr double NoNestFigure = -1;
  /// Records \p L's count (0: unknown) and, for an innermost loop whose
  /// nest is counted, its iterations per run of the nest (NoNestFigure:
  /// none).
  void record(const llvm::Loop &L, double Trips,
              std::optional<double> NestIterations = std::nullopt);
  /// Whether \p L's count was recorded (as it is now: same header).
  bool has(const llvm::Loop &L) const { return find(L) != nullptr; }
  /// The count recorded for \p L, if its header still heads a loop of the
  /// same depth inside a loop with the same header (or none) as when it
  /// was recorded; nullopt otherwise (ask SCEV).
  std::optional<double> trips(const llvm::Loop &L) const;
  /// The iterations per run of the nest recorded for innermost loop \p L
  /// (nullopt: not recorded, or the nest's counts are not all known;
  /// NoNestFigure: counted, no figure).
  std::optional<double> nestIterations(const llvm::Loop &L) const;
  /// Notes that the nest \p Top has been counted (whether or not its
  /// outermost loop's count was needed, hence recorded).
  void markNest(const llvm::Loop &Top);
  bool hasNest(const llvm::Loop &Top) const;
  /// Takes \p Other's records (a nest counted without the lock held).
  void merge(PreLSRTripCounts &&Other);
  unsigned size() const { return Loops.size(); }

private:
  struct Entry {
    /// The header, null once deleted: a block allocated later at the same
    /// address is not the loop counted.
    llvm::WeakVH Header;
    /// The parent loop's header (null: none), null too once deleted: the
    /// depth tells the two apart.
    llvm::WeakVH ParentHeader;
    unsigned Depth = 0;
    double Trips = 0;
    std::optional<double> NestIterations;
  };
  const Entry *find(const llvm::Loop &L) const;
  llvm::DenseMap<const llvm::BasicBlock *, Entry> Loops;
  /// The headers of the nests counted (the loop pass runs on each loop of a
  /// nest; the first counts it).
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Nests;
};

/// The record being filled for \p F (created on first use); the pass that
/// fills it runs on the compiling thread, the machine pass takes it later
/// on the same one. Thread-safe (ThinLTO's backends run one pipeline per
/// thread).
void updatePreLSRTripCounts(
    const llvm::Function &F,
    llvm::function_ref<void(PreLSRTripCounts &)> Update);
/// Removes and returns \p F's record (null if none): the machine pass's.
std::unique_ptr<PreLSRTripCounts> takePreLSRTripCounts(const llvm::Function &F);

/// How the memory step got its loops' counts (-uarch-time-report).
enum class CountSource { BeforeLSR, SCEVAfterLSR, HopelessAfterLSR };
void noteCountSource(CountSource S);
/// The -uarch-time-report line: the loops and nests counted before LSR,
/// the time taken, and where the memory step's counts came from.
void printPreLSRTripCountsReport(llvm::raw_ostream &OS);

/// Inserts the recording pass before LSR (after canon-freeze, in the same
/// loop pass manager). Where LSR does not run (-O0, -disable-lsr) neither
/// does the pass, and the machine pass asks SCEV as before.
void insertPreLSRTripCountsPass(llvm::TargetPassConfig &PassConfig);

} // namespace luarch

#endif
