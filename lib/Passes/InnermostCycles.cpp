//===- InnermostCycles.cpp - A function's innermost machine cycles -------===//
#include "luarch/Passes/InnermostCycles.h"

#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"

using namespace llvm;

namespace luarch {

unsigned InnermostCycles::outermost(unsigned C) {
  unsigned Root = C;
  while (Cycles[Root].Parent != None)
    Root = Cycles[Root].Parent;
  // Shortened on the way (a nesting chain is walked once per query).
  while (Cycles[C].Parent != None && Cycles[C].Parent != Root) {
    unsigned Next = Cycles[C].Parent;
    Cycles[C].Parent = Root;
    C = Next;
  }
  return Root;
}

void InnermostCycles::dfs(const MachineBasicBlock *Entry) {
  // GenericCycleInfoCompute::dfs: a block stays on the traversal stack
  // while its successors are searched; it is closed (its subtree's end
  // recorded) when the stack is back to the depth it was opened at.
  unsigned Counter = 0;
  TraverseStack.assign(1, Entry);
  DFSTreeStack.clear();
  do {
    const MachineBasicBlock *B = TraverseStack.back();
    unsigned N = B->getNumber();
    if (!Start[N]) {
      Start[N] = ++Counter;
      DFSTreeStack.push_back(TraverseStack.size());
      TraverseStack.insert(TraverseStack.end(), B->succ_begin(),
                           B->succ_end());
      Preorder.push_back(B);
    } else {
      assert(!DFSTreeStack.empty() && "a block revisited with no open block");
      if (DFSTreeStack.back() == TraverseStack.size()) {
        End[N] = Counter;
        DFSTreeStack.pop_back();
      }
      TraverseStack.pop_back();
    }
  } while (!TraverseStack.empty());
  assert(DFSTreeStack.empty() && "every opened block closed");
}

void InnermostCycles::compute(const MachineFunction &MF) {
  unsigned NB = MF.getNumBlockIDs();
  Start.assign(NB, 0);
  End.assign(NB, 0);
  CycleOf.assign(NB, None);
  Preorder.clear();
  CycleBlockList.clear();
  EntryList.clear();
  Innermost.clear();
  Cycles.clear();
  if (MF.empty())
    return;
  dfs(&MF.front());

  for (auto It = Preorder.rbegin(); It != Preorder.rend(); ++It) {
    const MachineBasicBlock *H = *It;
    unsigned HStart = Start[H->getNumber()], HEnd = End[H->getNumber()];
    // In H's DFS subtree (H itself included): isAncestorOf.
    auto inSubtree = [&](const MachineBasicBlock *P) {
      unsigned N = P->getNumber();
      return HStart <= Start[N] && End[N] <= HEnd;
    };
    Worklist.clear();
    for (const MachineBasicBlock *P : H->predecessors())
      if (inSubtree(P))
        Worklist.push_back(P);
    if (Worklist.empty())
      continue;

    unsigned C = Cycles.size();
    Cycles.emplace_back();
    Cycles[C].BlocksBegin = CycleBlockList.size();
    Cycles[C].EntriesBegin = EntryList.size();
    EntryList.push_back(H);
    CycleBlockList.push_back(H);
    assert(CycleOf[H->getNumber()] == None &&
           "a header in an earlier cycle (those lie in later subtrees)");
    CycleOf[H->getNumber()] = C;

    // The predecessors of a block just taken in: those in the subtree
    // continue the flood; a reached one outside it makes the block an
    // entry (an unreached one, Start 0, is ignored).
    auto processPredecessors = [&](const MachineBasicBlock *B) {
      bool IsEntry = false;
      for (const MachineBasicBlock *P : B->predecessors()) {
        if (inSubtree(P))
          Worklist.push_back(P);
        else if (Start[P->getNumber()])
          IsEntry = true;
      }
      if (IsEntry)
        EntryList.push_back(B);
    };

    do {
      const MachineBasicBlock *B = Worklist.back();
      Worklist.pop_back();
      if (B == H)
        continue;
      unsigned In = CycleOf[B->getNumber()];
      if (In != None) {
        unsigned Top = outermost(In);
        if (Top == C)
          continue; // already taken in, itself or with a child
        // A cycle found earlier (still outermost) nests in this one.
        Cycles[Top].Parent = C;
        Cycles[C].HasChild = true;
        for (unsigned E = Cycles[Top].EntriesBegin; E < Cycles[Top].EntriesEnd;
             ++E)
          processPredecessors(EntryList[E]);
        continue;
      }
      CycleOf[B->getNumber()] = C;
      CycleBlockList.push_back(B);
      processPredecessors(B);
    } while (!Worklist.empty());
    Cycles[C].BlocksEnd = CycleBlockList.size();
    Cycles[C].EntriesEnd = EntryList.size();
  }
  for (unsigned C = 0; C < Cycles.size(); ++C)
    if (!Cycles[C].HasChild)
      Innermost.push_back(C);
}

bool InnermostCycles::contains(unsigned I,
                               const MachineBasicBlock *MBB) const {
  unsigned N = MBB->getNumber();
  return N < CycleOf.size() && CycleOf[N] == Innermost[I];
}

} // namespace luarch
