//===- InnermostCycles.h - A function's innermost machine cycles -*- C++ -*-===//
//
// The innermost cycles of a machine function, the same cycles, headers and
// block orders as LLVM's MachineCycleInfo (GenericCycleInfo's algorithm,
// llvm/docs/CycleTerminology.rst), found without building it: the pass
// needs only the cycles that contain no other, and GenericCycleInfo
// allocates a map per block set, a cycle object per cycle and rewrites its
// top-level map on each nesting, per function (sqlite3.c at -O2
// -Rpass=uarch: 924 functions, ~11% of the pass in `perf`, most of it in
// malloc; docs/plugin.md "ct17"). Here every table is a flat array by block
// number, reused from one function to the next.
//
// The algorithm, as GenericCycleInfo runs it: a depth-first search from
// the entry block (successors in list order, the last pushed visited
// first) numbers the blocks in preorder with the end of each subtree. Then
// every block, in reverse preorder, heads a cycle when one of its
// predecessors lies in its DFS subtree; the cycle floods backwards from
// those predecessors through predecessors in the subtree. A block already
// in a cycle found earlier brings that cycle's outermost ancestor in as a
// child (whose entries' predecessors are flooded next); a predecessor
// outside the subtree (and reachable) makes its block an entry. A cycle
// that took in no child when it was found stays innermost: later cycles
// can only become its parents.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_INNERMOSTCYCLES_H
#define LUARCH_PASSES_INNERMOSTCYCLES_H

#include "llvm/ADT/ArrayRef.h"

#include <cassert>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
} // namespace llvm

namespace luarch {

/// An innermost cycle: its header and blocks, in MachineCycle's order (the
/// header first, then as the search found them).
struct CycleBlocks {
  const llvm::MachineBasicBlock *Header = nullptr;
  llvm::ArrayRef<const llvm::MachineBasicBlock *> Blocks;
  /// The blocks that enter it from outside (reachable predecessors): 1,
  /// the header, for a reducible cycle; more for an irreducible one.
  unsigned Entries = 0;
};

class InnermostCycles {
public:
  /// Finds the innermost cycles of \p MF (replacing the last function's).
  void compute(const llvm::MachineFunction &MF);

  /// The innermost cycles, in the order they were found.
  unsigned size() const { return Innermost.size(); }
  CycleBlocks cycle(unsigned I) const {
    const Cycle &C = Cycles[Innermost[I]];
    assert(C.EntriesEnd > C.EntriesBegin && "the header enters its cycle");
    return {CycleBlockList[C.BlocksBegin],
            llvm::ArrayRef(CycleBlockList)
                .slice(C.BlocksBegin, C.BlocksEnd - C.BlocksBegin),
            C.EntriesEnd - C.EntriesBegin};
  }
  /// Whether \p MBB is a block of innermost cycle \p I (every block of an
  /// innermost cycle is its own: it has no child).
  bool contains(unsigned I, const llvm::MachineBasicBlock *MBB) const;

private:
  static constexpr unsigned None = ~0u;
  struct Cycle {
    unsigned Parent = None;
    bool HasChild = false;
    /// Its blocks added directly (header first), in CycleBlockList.
    unsigned BlocksBegin = 0, BlocksEnd = 0;
    /// Its entries (header first), in EntryList.
    unsigned EntriesBegin = 0, EntriesEnd = 0;
  };
  /// By block number: the DFS interval (Start 0: not reached from the
  /// entry) and the cycle the block was first put in.
  std::vector<unsigned> Start, End, CycleOf;
  std::vector<const llvm::MachineBasicBlock *> Preorder, TraverseStack,
      Worklist, CycleBlockList, EntryList;
  std::vector<unsigned> DFSTreeStack, Innermost;
  std::vector<Cycle> Cycles;

  unsigned outermost(unsigned C);
  void dfs(const llvm::MachineBasicBlock *Entry);
};

} // namespace luarch

#endif
