//===- PreLSRTripCountsTest.cpp - Counts recorded before LSR --------------===//
//
// A recorded count is given back only for the loop that was counted: the
// same header block, at the same depth, inside a loop with the same
// header. Both headers are value handles: a block allocated where a
// deleted one was is not it (review18: the parent's header was a raw
// pointer, so a new parent header at a deleted one's address matched).
//
//===----------------------------------------------------------------------===//
#include "luarch/Passes/PreLSRTripCounts.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace luarch;

namespace {

// An outer loop (header %outer, latch %latch) around an inner one (%inner).
const char *Nest = R"(
define void @f(i1 %c) {
entry:
  br label %outer
outer:
  br label %inner
inner:
  br i1 %c, label %inner, label %latch
latch:
  br i1 %c, label %outer, label %exit
exit:
  ret void
}
)";

BasicBlock *block(Function &F, StringRef Name) {
  for (BasicBlock &B : F)
    if (B.getName() == Name)
      return &B;
  return nullptr;
}

TEST(PreLSRTripCounts, ADeletedParentHeaderIsNotItsSuccessor) {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(Nest, Err, Ctx);
  ASSERT_TRUE(M) << Err.getMessage().str();
  Function &F = *M->getFunction("f");
  BasicBlock *Entry = block(F, "entry"), *Outer = block(F, "outer"),
             *Inner = block(F, "inner"), *Latch = block(F, "latch");

  PreLSRTripCounts Counts;
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    const Loop *L = LI.getLoopFor(Inner);
    ASSERT_TRUE(L && L->getParentLoop() &&
                L->getParentLoop()->getHeader() == Outer);
    Counts.record(*L, 7);
    EXPECT_EQ(Counts.trips(*L), std::optional<double>(7));
  }

  // The outer header is deleted (its edges moved by hand, not replaced:
  // no handle follows it) and a new one takes its place; the allocator
  // gives the new block the deleted one's address.
  const void *OldAddress = Outer;
  Outer->getTerminator()->eraseFromParent();
  Outer->eraseFromParent();
  BasicBlock *NewOuter = BasicBlock::Create(Ctx, "outer2", &F, Inner);
  BranchInst::Create(Inner, NewOuter);
  cast<BranchInst>(Entry->getTerminator())->setSuccessor(0, NewOuter);
  cast<BranchInst>(Latch->getTerminator())->setSuccessor(0, NewOuter);
  ASSERT_EQ(static_cast<const void *>(NewOuter), OldAddress)
      << "the case needs the deleted block's address reused";

  DominatorTree DT(F);
  LoopInfo LI(DT);
  const Loop *L = LI.getLoopFor(Inner);
  ASSERT_TRUE(L && L->getParentLoop() &&
              L->getParentLoop()->getHeader() == NewOuter);
  // A new parent: the count is not this loop's (ask SCEV).
  EXPECT_FALSE(Counts.trips(*L).has_value());
  EXPECT_FALSE(Counts.has(*L));
}

} // namespace
