//===- CandidateLoopIdentity.cpp - What a marked loop became -------------===//
#include "CandidateLoopIdentity.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"

#include <cstdlib>

using namespace llvm;

namespace luarch {

static constexpr StringLiteral MarkerName = "luarch.tune.marker";

Metadata *tuneMarker(LLVMContext &Ctx, unsigned Marker) {
  return MDNode::get(
      Ctx, {MDString::get(Ctx, MarkerName),
            ConstantAsMetadata::get(
                ConstantInt::get(Type::getInt32Ty(Ctx), Marker))});
}

std::optional<unsigned> tuneMarkerOf(const MDNode *LoopID) {
  if (!LoopID)
    return std::nullopt;
  for (unsigned I = 1; I < LoopID->getNumOperands(); ++I) {
    auto *Attr = dyn_cast<MDNode>(LoopID->getOperand(I));
    if (!Attr || Attr->getNumOperands() != 2)
      continue;
    auto *Name = dyn_cast<MDString>(Attr->getOperand(0));
    if (!Name || Name->getString() != MarkerName)
      continue;
    if (auto *V = mdconst::dyn_extract<ConstantInt>(Attr->getOperand(1)))
      return unsigned(V->getZExtValue());
  }
  return std::nullopt;
}

std::string tuneHeaderName(unsigned Marker) {
  return "luarch.loop." + std::to_string(Marker) + ".h";
}

std::optional<unsigned> tuneMarkerOfHeader(StringRef Name) {
  if (!Name.consume_front("luarch.loop."))
    return std::nullopt;
  unsigned Marker;
  if (Name.consumeInteger(10, Marker) || !Name.starts_with(".h"))
    return std::nullopt;
  return Marker;
}

std::pair<StringRef, StringRef> splitCopySuffix(StringRef Name) {
  StringRef Base = Name;
  while (true) {
    size_t Dot = Base.rfind('.');
    if (Dot == StringRef::npos || Dot + 1 == Base.size())
      break;
    StringRef Tail = Base.drop_front(Dot + 1);
    if (!all_of(Tail, isDigit))
      break;
    Base = Base.take_front(Dot);
  }
  return {Base, Name.drop_front(Base.size())};
}

int64_t exitInductionStep(Loop &L, ScalarEvolution &SE) {
  BasicBlock *Exiting = L.getLoopLatch();
  if (!Exiting || !L.isLoopExiting(Exiting))
    Exiting = L.getExitingBlock();
  if (!Exiting)
    return 0;
  auto *BI = dyn_cast<BranchInst>(Exiting->getTerminator());
  if (!BI || !BI->isConditional())
    return 0;
  auto *Cmp = dyn_cast<ICmpInst>(BI->getCondition());
  if (!Cmp)
    return 0;
  for (Value *Op : Cmp->operands()) {
    if (!SE.isSCEVable(Op->getType()))
      continue;
    auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Op));
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      continue;
    if (auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)))
      return std::llabs(C->getAPInt().getSExtValue());
  }
  return 0;
}

/// The fewest lanes of the loop's vector values (1: scalar code). The
/// vectorizer widens every value to VF lanes; interleave groups load wider
/// vectors and shuffle them back to VF.
static unsigned vectorLanes(const Loop &L) {
  unsigned Lanes = 0;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      Type *Ty = I.getType();
      if (auto *SI = dyn_cast<StoreInst>(&I))
        Ty = SI->getValueOperand()->getType();
      if (auto *VT = dyn_cast<FixedVectorType>(Ty))
        if (VT->getNumElements() > 1 &&
            (Lanes == 0 || VT->getNumElements() < Lanes))
          Lanes = VT->getNumElements();
    }
  return Lanes ? Lanes : 1;
}

DenseMap<const BasicBlock *, CandidateLoopIdentity>
identifyCandidateLoops(LoopInfo &LI, ScalarEvolution &SE,
                       ArrayRef<int64_t> ExitSteps,
                       const std::map<unsigned, TuneCandidate> &Forced) {
  DenseMap<const BasicBlock *, CandidateLoopIdentity> Out;
  // Innermost loops of one instance of a source loop's code (same marker,
  // same enclosing loop, same copy number: the enclosing loop's runtime
  // remainder holds other instances, its unrolled copies are numbered), to
  // settle main loop vs remainder. A loop's own runtime remainder
  // (".prol"/".epil") is in its instance.
  std::map<std::tuple<unsigned, const BasicBlock *, std::string>,
           SmallVector<const BasicBlock *, 4>>
      Groups;
  for (Loop *L : LI.getLoopsInPreorder()) {
    const BasicBlock *H = L->getHeader();
    auto [Base, NumericCopy] = splitCopySuffix(H->getName());
    const BasicBlock *Parent =
        L->getParentLoop() ? L->getParentLoop()->getHeader() : nullptr;
    std::optional<unsigned> Marker = tuneMarkerOf(L->getLoopID());
    // The unroller can leave the loop ID on an exiting branch that is no
    // longer the latch (an unrolled loop with an exit in every copy).
    for (BasicBlock *BB : L->blocks()) {
      if (Marker)
        break;
      if (LI.getLoopFor(BB) == L && BB->getTerminator())
        Marker = tuneMarkerOf(
            BB->getTerminator()->getMetadata(LLVMContext::MD_loop));
    }
    // A clone without the loop's attributes (the unroller's runtime
    // remainder) is known by its header's name.
    bool Clone = !Marker;
    if (!Marker)
      Marker = tuneMarkerOfHeader(Base);
    if (!Marker)
      continue;
    CandidateLoopIdentity Id;
    Id.Marker = *Marker;
    Id.Clone = Clone;
    Id.Copy = NumericCopy.str();
    int64_t Step = exitInductionStep(*L, SE);
    int64_t Orig = *Marker < ExitSteps.size() ? ExitSteps[*Marker] : 0;
    // A scalar loop unrolled U times: its exit induction steps U times as
    // far as the source loop's.
    unsigned Ratio =
        Orig > 0 && Step > 0 && Step % Orig == 0 ? unsigned(Step / Orig) : 1;
    if (!L->isInnermost()) {
      Id.Elements = Ratio;
      Out[H] = Id;
      continue;
    }
    // The loop vectorizer names the blocks it creates (the private context
    // keeps value names): vector.body, vec.epilog.vector.body. Its
    // canonical induction counts source iterations.
    bool Epilogue = Base.starts_with("vec.epilog.vector.body");
    bool Vector = Epilogue || Base.starts_with("vector.body");
    if (Vector) {
      Id.Role = Epilogue ? CandidateLoopRole::VectorEpilogue
                         : CandidateLoopRole::VectorBody;
      Id.Elements = Step > 0 ? unsigned(Step) : 1;
      if (Step <= 0 && !Epilogue) {
        auto It = Forced.find(*Marker);
        if (It != Forced.end() && !It->second.IsDefault)
          Id.Elements = It->second.VF * It->second.IC;
      }
      Id.VF = vectorLanes(*L);
      Id.IC = Id.Elements % Id.VF == 0 ? Id.Elements / Id.VF : 1;
    } else {
      Id.Role = Clone ? CandidateLoopRole::ScalarRemainder
                      : CandidateLoopRole::Scalar;
      Id.Elements = Ratio;
    }
    Out[H] = Id;
    Groups[{*Marker, Parent, Id.Copy}].push_back(H);
  }
  // A scalar loop next to a vector body, or next to a scalar loop running
  // more elements per iteration, is a remainder.
  for (auto &[Key, Headers] : Groups) {
    const BasicBlock *Main = nullptr;
    for (const BasicBlock *H : Headers)
      if (Out[H].Role == CandidateLoopRole::VectorBody)
        Main = H;
    if (!Main)
      for (const BasicBlock *H : Headers)
        if (Out[H].Role == CandidateLoopRole::Scalar &&
            (!Main || Out[H].Elements > Out[Main].Elements))
          Main = H;
    for (const BasicBlock *H : Headers)
      if (H != Main && Out[H].Role == CandidateLoopRole::Scalar)
        Out[H].Role = CandidateLoopRole::ScalarRemainder;
  }
  return Out;
}

} // namespace luarch
