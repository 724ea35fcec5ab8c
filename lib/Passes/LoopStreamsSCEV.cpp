//===- LoopStreamsSCEV.cpp - Working set and levels from SCEV ------------===//
#include "luarch/Passes/LoopStreamsSCEV.h"
#include "luarch/Analysis/Streams.h"
#include "luarch/Passes/PreLSRTripCounts.h"
#include "luarch/Passes/RemarkText.h"
#include "luarch/Report/Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <map>
#include <set>
#include <memory>
#include <numeric>
#include <optional>
#include <tuple>

using namespace llvm;

static llvm::cl::opt<bool> VerifyTripShortcut(
    "uarch-verify-trip-shortcut", llvm::cl::Hidden,
    llvm::cl::desc("Ask SCEV for the trip count of every loop the IR check "
                   "calls uncountable too, and warn where SCEV counts it "
                   "(a test of the check; see docs/plugin.md)"));

namespace luarch {
namespace {

/// The memory step's note for a loop SCEV cannot count.
constexpr const char *UnknownTripCount =
    "the loop's trip count is unknown to SCEV";
/// The note for a loop inside one SCEV cannot count.
constexpr const char *UnknownEnclosingTripCount =
    "the trip count of an enclosing loop is unknown to SCEV";

/// The page size the TLB's reach is counted in (4 KiB: what a program
/// gets without asking for huge pages).
constexpr double PageBytes = 4096;

/// The IR analyses of one function, built on demand (the machine pass runs
/// after the IR pipeline; nothing here changes the IR).
struct IRAnalyses {
  const Function *F = nullptr;
  unsigned FunctionNumber = 0;
  std::string Name;
  std::unique_ptr<TargetLibraryInfoImpl> TLII;
  std::unique_ptr<TargetLibraryInfo> TLI;
  /// The code generator's assumption tracker, if at hand (for scev()).
  AssumptionCacheTracker *ACT = nullptr;
  /// Built here when the code generator's tracker is not at hand.
  std::unique_ptr<AssumptionCache> OwnAC;
  /// OwnAC, or the code generator's (borrowed: its scan of the function
  /// for assumptions is then done once, not again per pass).
  AssumptionCache *AC = nullptr;
  /// Built here when the code generator holds none for the function.
  std::unique_ptr<DominatorTree> OwnDT;
  std::unique_ptr<LoopInfo> OwnLI;
  /// The ones in use: OwnDT/OwnLI, or the code generator's (borrowed).
  DominatorTree *DT = nullptr;
  LoopInfo *LI = nullptr;
  std::unique_ptr<ScalarEvolution> SE;
  /// The counts taken before LSR for this function (null where that pass
  /// did not run).
  std::unique_ptr<PreLSRTripCounts> Recorded;
  /// Block frequencies: with a profile (-fprofile-instr-use), how many
  /// times each block ran.
  std::unique_ptr<BranchProbabilityInfo> BPI;
  std::unique_ptr<BlockFrequencyInfo> BFI;
  /// The accesses and trip counts of each outermost loop (and line size),
  /// shared by the inner loops it contains: sqlite3.c's interpreter loop
  /// holds hundreds of inner loops, and decomposing its every access again
  /// for each of them made this analysis quadratic (292 ms of the pass's
  /// 1.2 s there). shared_ptr: Nest is defined below.
  std::map<std::pair<const Loop *, unsigned>, std::shared_ptr<class Nest>>
      Nests;

  /// The library table (SCEV's, and the branch probabilities').
  TargetLibraryInfo &tli() {
    if (!TLI) {
      TLII = std::make_unique<TargetLibraryInfoImpl>(
          Triple(F->getParent()->getTargetTriple()));
      TLI = std::make_unique<TargetLibraryInfo>(*TLII, F);
    }
    return *TLI;
  }

  /// SCEV, built on first use: a function whose analysed loops SCEV cannot
  /// count (countIsHopeless) needs none, nor its construction and
  /// destruction (sqlite3.c -O2: 187 of the 509 functions that reach the
  /// memory step).
  ScalarEvolution &scev() {
    if (!SE) {
      Function &MutF = const_cast<Function &>(*F); // read-only analyses
      if (ACT) {
        AC = &ACT->getAssumptionCache(MutF);
      } else {
        OwnAC = std::make_unique<AssumptionCache>(MutF);
        AC = OwnAC.get();
      }
      SE = std::make_unique<ScalarEvolution>(MutF, tli(), *AC, *DT, *LI);
    }
    return *SE;
  }
};

/// One per thread: ThinLTO's backends run a pipeline per thread, each
/// analysing its own functions' loops one after the other. A cache shared
/// by the threads was rebuilt whenever another thread's function came in
/// between two loops, and the rebuilt one found its function's counts from
/// before LSR already taken (takePreLSRTripCounts gives them once): the
/// loops after it were counted on LSR's IR instead, differently from run
/// to run (review17: 153 to 159 of 160 unroll remainders counted, four
/// links with --thinlto-jobs=4). The memory step of every thread also
/// waited on the one lock.
thread_local IRAnalyses Cache;

/// The analyses of \p MF's function; rebuilt when another function comes
/// (the pass visits a function's loops one after the other). The dominator
/// tree and loop info are the code generator's when it still holds them
/// (\p Borrowed): the IR has not changed since instruction selection, and
/// building them again was a fifth of this analysis' time (sqlite3.c -O2).
IRAnalyses &analysesFor(const MachineFunction &MF,
                        const BorrowedIRAnalyses &Borrowed) {
  const Function &F = MF.getFunction();
  bool Borrow = Borrowed.DT && Borrowed.LI;
  if (Cache.F == &F && Cache.FunctionNumber == MF.getFunctionNumber() &&
      Cache.Name == F.getName() && (!Borrow || (Cache.DT == Borrowed.DT &&
                                                Cache.LI == Borrowed.LI)))
    return Cache;
  Cache = IRAnalyses();
  Function &MutF = const_cast<Function &>(F); // read-only analyses
  Cache.F = &F;
  Cache.FunctionNumber = MF.getFunctionNumber();
  Cache.Name = F.getName().str();
  Cache.ACT = Borrowed.AC;
  Cache.Recorded = takePreLSRTripCounts(F);
  if (Borrow) {
    assert(Borrowed.DT->getRoot() == &F.getEntryBlock() &&
           "another function's dominator tree");
    Cache.DT = Borrowed.DT;
    Cache.LI = Borrowed.LI;
  } else {
    Cache.OwnDT = std::make_unique<DominatorTree>(MutF);
    Cache.OwnLI = std::make_unique<LoopInfo>(*Cache.OwnDT);
    Cache.DT = Cache.OwnDT.get();
    Cache.LI = Cache.OwnLI.get();
  }
  if (F.getEntryCount()) {
    Cache.BPI = std::make_unique<BranchProbabilityInfo>(F, *Cache.LI,
                                                        &Cache.tli(),
                                                        Cache.DT);
    Cache.BFI = std::make_unique<BlockFrequencyInfo>(F, *Cache.BPI, *Cache.LI);
  }
  return Cache;
}

/// One memory access as SCEV sees it: base object + offset, the constant
/// stride in each loop it moves in.
struct IRAccess {
  const SCEV *Base = nullptr;
  const SCEV *Offset = nullptr;
  std::map<const Loop *, int64_t> Strides;
  unsigned Bytes = 8;
  /// Affine with constant strides, from registers set outside the nest.
  bool Regular = false;
  /// The offset from the base at the nest's first iteration, when constant.
  std::optional<int64_t> Start;
  /// A gather or scatter whose lanes are evenly spaced along its loop's
  /// stride: taken as one access with the lanes' spacing as its stride in
  /// LaneLoop, whose trip count counts LaneCount times (the scalar loop it
  /// was vectorized from).
  const Loop *LaneLoop = nullptr;
  double LaneCount = 1;
  int64_t stride(const Loop *L) const {
    auto It = Strides.find(L);
    return It == Strides.end() ? 0 : It->second;
  }
};

/// Whether \p S depends on a value computed inside \p Nest (a loaded
/// index or pointer: not an affine walk).
bool variesInside(const SCEV *S, const Loop *Nest) {
  return SCEVExprContains(S, [&](const SCEV *X) {
    if (const auto *U = dyn_cast<SCEVUnknown>(X))
      if (const auto *I = dyn_cast<Instruction>(U->getValue()))
        return Nest->contains(I);
    return false;
  });
}

IRAccess decomposeSCEV(ScalarEvolution &SE, const SCEV *S, unsigned Bytes,
                       const Loop *Nest) {
  IRAccess A;
  A.Bytes = Bytes;
  if (!S)
    return A;
  A.Base = SE.getPointerBase(S);
  if (isa<SCEVCouldNotCompute>(A.Base) || variesInside(A.Base, Nest))
    return A;
  A.Offset = SE.removePointerBase(S);
  const SCEV *E = A.Offset;
  while (const auto *AR = dyn_cast<SCEVAddRecExpr>(E)) {
    const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!AR->isAffine() || !Step)
      return A;
    A.Strides[AR->getLoop()] = Step->getAPInt().getSExtValue();
    E = AR->getStart();
  }
  A.Regular = !variesInside(E, Nest) && !SE.containsAddRecurrence(E);
  if (const auto *C = dyn_cast<SCEVConstant>(E))
    if (C->getAPInt().getSignificantBits() <= 64)
      A.Start = C->getAPInt().getSExtValue();
  return A;
}

/// How many of \p A's pieces (the L1 serves \p PieceBytes at a time)
/// split a line per execution, its base object taken to start on a line
/// (PolyBench's arrays are page-aligned, large globals line-aligned): the
/// positions its offset takes modulo the line (its start plus any
/// combination of its strides) counted as equally frequent. -1 when the
/// offset is not known.
double lineSplits(const IRAccess &A, unsigned Line, unsigned PieceBytes) {
  if (!A.Regular || !A.Start || A.Bytes <= 1 || A.Bytes > Line)
    return -1;
  uint64_t G = Line;
  for (auto [L, Stride] : A.Strides)
    G = std::gcd(G, Stride < 0 ? 0 - uint64_t(Stride) : uint64_t(Stride));
  return meanSplitPieces(*A.Start, unsigned(G), A.Bytes, PieceBytes, Line);
}

IRAccess decompose(ScalarEvolution &SE, const Value *Ptr, unsigned Bytes,
                   const Loop *Nest) {
  if (!Ptr || !Ptr->getType()->isPointerTy() || !SE.isSCEVable(Ptr->getType()))
    return decomposeSCEV(SE, nullptr, Bytes, Nest);
  return decomposeSCEV(SE, SE.getSCEV(const_cast<Value *>(Ptr)), Bytes, Nest);
}

/// Lane \p K of a vector of addresses or indices as a scalar SCEV (SCEV
/// has no vectors): constants, splats, the vectorizer's vector induction
/// (a header phi stepping by a splat), additions, multiplications, shifts,
/// extensions and GEPs of those; nullptr for anything else.
const SCEV *laneSCEV(ScalarEvolution &SE, const Value *V, unsigned K,
                     const Loop *Inner, unsigned Depth = 0) {
  if (Depth > 12)
    return nullptr;
  auto Lane = [&](const Value *X) {
    return laneSCEV(SE, X, K, Inner, Depth + 1);
  };
  Value *MV = const_cast<Value *>(V);
  if (!V->getType()->isVectorTy())
    return SE.isSCEVable(V->getType()) ? SE.getSCEV(MV) : nullptr;
  if (const auto *C = dyn_cast<Constant>(V)) {
    const auto *E =
        dyn_cast_or_null<ConstantInt>(const_cast<Constant *>(C)
                                          ->getAggregateElement(K));
    return E ? SE.getConstant(const_cast<ConstantInt *>(E)) : nullptr;
  }
  if (const auto *SV = dyn_cast<ShuffleVectorInst>(V)) {
    int M = K < SV->getShuffleMask().size() ? SV->getMaskValue(K) : -1;
    unsigned N =
        cast<FixedVectorType>(SV->getOperand(0)->getType())->getNumElements();
    if (M < 0)
      return nullptr;
    return laneSCEV(SE, SV->getOperand(unsigned(M) < N ? 0 : 1),
                    unsigned(M) % N, Inner, Depth + 1);
  }
  if (const auto *IE = dyn_cast<InsertElementInst>(V)) {
    const auto *Idx = dyn_cast<ConstantInt>(IE->getOperand(2));
    if (!Idx)
      return nullptr;
    return Idx->getZExtValue() == K ? laneSCEV(SE, IE->getOperand(1), 0, Inner,
                                               Depth + 1)
                                    : Lane(IE->getOperand(0));
  }
  if (const auto *Phi = dyn_cast<PHINode>(V)) {
    if (Phi->getParent() != Inner->getHeader() ||
        Phi->getNumIncomingValues() != 2)
      return nullptr;
    const Value *Start = nullptr, *Next = nullptr;
    for (unsigned I = 0; I < 2; ++I)
      (Inner->contains(Phi->getIncomingBlock(I)) ? Next : Start) =
          Phi->getIncomingValue(I);
    const auto *Add = dyn_cast_or_null<BinaryOperator>(Next);
    if (!Start || !Add || Add->getOpcode() != Instruction::Add)
      return nullptr;
    const Value *StepV = Add->getOperand(0) == Phi   ? Add->getOperand(1)
                         : Add->getOperand(1) == Phi ? Add->getOperand(0)
                                                     : nullptr;
    const SCEV *Step = StepV ? Lane(StepV) : nullptr;
    const SCEV *Begin = Lane(Start);
    if (!Step || !Begin || !SE.isLoopInvariant(Step, Inner) ||
        !SE.isLoopInvariant(Begin, Inner))
      return nullptr;
    return SE.getAddRecExpr(Begin, Step, Inner, SCEV::FlagAnyWrap);
  }
  if (const auto *Cast = dyn_cast<CastInst>(V)) {
    const SCEV *X = Lane(Cast->getOperand(0));
    Type *Ty = V->getType()->getScalarType();
    if (!X || !Ty->isIntegerTy())
      return nullptr;
    switch (Cast->getOpcode()) {
    case Instruction::SExt: return SE.getSignExtendExpr(X, Ty);
    case Instruction::ZExt: return SE.getZeroExtendExpr(X, Ty);
    case Instruction::Trunc: return SE.getTruncateExpr(X, Ty);
    default: return nullptr;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(V)) {
    const SCEV *X = Lane(BO->getOperand(0)), *Y = Lane(BO->getOperand(1));
    if (!X || !Y)
      return nullptr;
    switch (BO->getOpcode()) {
    case Instruction::Add: return SE.getAddExpr(X, Y);
    case Instruction::Sub: return SE.getMinusSCEV(X, Y);
    case Instruction::Mul: return SE.getMulExpr(X, Y);
    case Instruction::Shl:
      if (const auto *C = dyn_cast<SCEVConstant>(Y))
        if (C->getAPInt().ult(63))
          return SE.getMulExpr(
              X, SE.getConstant(X->getType(),
                                uint64_t(1) << C->getAPInt().getZExtValue()));
      return nullptr;
    default: return nullptr;
    }
  }
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(V)) {
    const DataLayout &DL = GEP->getDataLayout();
    const SCEV *Addr = laneSCEV(SE, GEP->getPointerOperand(), K, Inner,
                                Depth + 1);
    if (!Addr)
      return nullptr;
    Type *IntPtr = DL.getIntPtrType(GEP->getPointerOperandType()
                                        ->getScalarType());
    for (auto GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E;
         ++GTI) {
      const SCEV *Idx = Lane(GTI.getOperand());
      if (!Idx || !Idx->getType()->isIntegerTy())
        return nullptr;
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        const auto *C = dyn_cast<SCEVConstant>(Idx);
        if (!C)
          return nullptr;
        Addr = SE.getAddExpr(
            Addr, SE.getConstant(IntPtr, DL.getStructLayout(ST)->getElementOffset(
                                             unsigned(C->getAPInt()
                                                          .getZExtValue()))));
        continue;
      }
      uint64_t Size = GTI.getSequentialElementStride(DL).getFixedValue();
      Addr = SE.getAddExpr(
          Addr, SE.getMulExpr(SE.getTruncateOrSignExtend(Idx, IntPtr),
                              SE.getConstant(IntPtr, Size)));
    }
    return Addr;
  }
  return nullptr;
}

/// A masked gather's or scatter's vector of addresses, and its lanes.
struct VectorAccess {
  const Value *Pointers = nullptr;
  unsigned Lanes = 0, Bytes = 8;
};

std::optional<VectorAccess> vectorAccess(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return std::nullopt;
  VectorAccess A;
  const Value *Data = nullptr;
  if (II->getIntrinsicID() == Intrinsic::masked_gather) {
    A.Pointers = II->getArgOperand(0);
    Data = II;
  } else if (II->getIntrinsicID() == Intrinsic::masked_scatter) {
    A.Pointers = II->getArgOperand(1);
    Data = II->getArgOperand(0);
  } else {
    return std::nullopt;
  }
  const auto *VT = dyn_cast<FixedVectorType>(Data->getType());
  if (!VT)
    return std::nullopt;
  A.Lanes = VT->getNumElements();
  A.Bytes = unsigned(
      I.getDataLayout().getTypeStoreSize(VT->getElementType()).getFixedValue());
  return A;
}

/// An offset at the first iteration of the loops \p Inside says: two
/// accesses of an array in sibling loops ({A + 8 i}<L1> and {A + 8 i}<L2>)
/// differ by a constant once their own loops' recurrences are gone.
class FirstIteration : public SCEVRewriteVisitor<FirstIteration> {
public:
  FirstIteration(ScalarEvolution &SE, function_ref<bool(const Loop *)> Inside)
      : SCEVRewriteVisitor(SE), Inside(Inside) {}
  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
    if (Inside(AR->getLoop()))
      return visit(AR->getStart());
    return SCEVRewriteVisitor::visitAddRecExpr(AR);
  }

private:
  function_ref<bool(const Loop *)> Inside;
};

/// Instructions countIsHopeless() visits at most: beyond, it leaves the
/// loop to SCEV. Compile time only (sqlite3.c at -O2: the loops it decides
/// visit a few instructions each; an interpreter's loop would take
/// thousands).
constexpr unsigned HopelessWalkLimit = 64;

/// An instruction SCEV takes as an unknown whatever its operands: a load,
/// or a call but one returning an argument (SCEV looks through it) and
/// the intrinsics it models.
bool opaqueToSCEV(const Value *V) {
  if (isa<LoadInst>(V))
    return true;
  const auto *CB = dyn_cast<CallBase>(V);
  return CB && !isa<IntrinsicInst>(CB) && !CB->getReturnedArgOperand();
}

/// Whether SCEV can give \p L no trip count at all (no exact count, no
/// symbolic and no constant maximum), seen from the IR without building a
/// SCEV: most loops of a large program are not counted (1,415 of the 1,614
/// loops sqlite3.c's remarks ask about at -O2; this check finds 945 of
/// them), and SCEV's search for a count it cannot find costs ~55 us.
///
/// SCEV counts an exit of L (ScalarEvolution::computeExitLimit) only when
/// its block dominates L's unique latch and its condition, evaluated at L's
/// scope, either contains an add recurrence of L, or evolves from constants
/// through L's header phis (a brute-force evaluation), or is constant. An
/// add recurrence of L comes only from a header phi of L whose value from
/// the latch is the phi plus something (or from an inner loop's exit
/// value), and a load or a call hides what its operands are (SCEV sees an
/// unknown). So the exits are hopeless when the operands of their
/// conditions inside L stay out of inner loops, reach no header phi of L
/// but behind a load or a call (a search, `a[i] != key`) or phis whose
/// latch value is a load or a call (a list walk, `p = p->next`), no header
/// phi with a constant start (so no brute force) and no instruction with
/// only constant operands (which SCEV folds). Conservative: anything else
/// goes to SCEV. What this does not rule out is two operands SCEV proves
/// equal or a constant apart, a compare InstCombine folds;
/// -uarch-verify-trip-shortcut checks the claim against SCEV.
bool countIsHopeless(const Loop &L, const LoopInfo &LI,
                     const DominatorTree &DT) {
  const BasicBlock *Latch = L.getLoopLatch();
  // Values to follow, and whether they are reached only through the
  // operands of an instruction opaque to SCEV (there an add recurrence of
  // L does no harm: the opaque instruction hides it; a constant start, a
  // brute-force evaluation's, and constant operands, a fold's, still do).
  SmallVector<std::pair<const Value *, bool>, 32> Work;
  // The conditions of the exits SCEV counts (those dominating the latch).
  SmallVector<BasicBlock *, 8> Exiting;
  L.getExitingBlocks(Exiting);
  for (const BasicBlock *E : Exiting) {
    if (!Latch || !DT.dominates(E, Latch))
      continue;
    const Instruction *T = E->getTerminator();
    if (const auto *BI = dyn_cast<BranchInst>(T)) {
      if (!BI->isConditional() || isa<Constant>(BI->getCondition()))
        return false;
      Work.push_back({BI->getCondition(), false});
    } else if (const auto *SI = dyn_cast<SwitchInst>(T)) {
      Work.push_back({SI->getCondition(), false});
    } else {
      return false;
    }
  }
  // Followed in full, and only behind an opaque instruction.
  SmallPtrSet<const Instruction *, 32> Seen, SeenBehind;
  while (!Work.empty()) {
    auto [V, Behind] = Work.pop_back_val();
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I) || Seen.contains(I))
      continue;
    if (!(Behind ? SeenBehind : Seen).insert(I).second)
      continue;
    if (Seen.size() + SeenBehind.size() > HopelessWalkLimit)
      return false;
    if (const auto *P = dyn_cast<PHINode>(I);
        P && P->getParent() == L.getHeader()) {
      for (unsigned K = 0, E = P->getNumIncomingValues(); K < E; ++K) {
        const Value *In = P->getIncomingValue(K);
        if (!L.contains(P->getIncomingBlock(K))) {
          if (isa<Constant>(In))
            return false;
          continue;
        }
        if (!Behind && !opaqueToSCEV(In))
          return false;
        Work.push_back({In, Behind});
      }
      continue;
    }
    // A value of an inner loop: SCEV may know its exit value (a count of
    // that loop), which may be constant or an add recurrence of L.
    if (LI.getLoopFor(I->getParent()) != &L)
      return false;
    if (I->getNumOperands() > 0 &&
        llvm::all_of(I->operands(),
                     [](const Value *Op) { return isa<Constant>(Op); }))
      return false;
    bool Hides = Behind || opaqueToSCEV(I);
    for (const Value *Op : I->operands())
      Work.push_back({Op, Hides});
  }
  return true;
}

/// The nest's accesses and trip counts.
class Nest {
public:
  /// \p Recorded: counts taken before LSR, used instead of SCEV's for the
  /// loops they cover. \p BeforeLSR: the IR is the one before LSR (the
  /// recording pass's), for -uarch-verify-trip-shortcut's warning.
  Nest(ScalarEvolution &SE, const LoopInfo &LI, const DominatorTree &DT,
       const Loop *Top, unsigned Line,
       const PreLSRTripCounts *Recorded = nullptr, bool BeforeLSR = false)
      : SE(SE), LI(LI), DT(DT), Top(Top), Line(Line), Recorded(Recorded),
        BeforeLSR(BeforeLSR) {}

  /// The nest's accesses (Accesses, Where), decomposed on first use: most
  /// loops of a large program have a trip count SCEV cannot tell (1,385 of
  /// sqlite3.c's 1,587) and need only trips(), and decomposing every access
  /// of the outermost loop around them (an interpreter's loop holds
  /// thousands) was half of this analysis' time there.
  void collectAccesses() {
    if (Collected)
      return;
    Collected = true;
    for (const BasicBlock *BB : Top->blocks())
      for (const Instruction &I : *BB) {
        const Value *Ptr = nullptr;
        Type *Ty = nullptr;
        if (const auto *L = dyn_cast<LoadInst>(&I))
          Ptr = L->getPointerOperand(), Ty = L->getType();
        else if (const auto *S = dyn_cast<StoreInst>(&I))
          Ptr = S->getPointerOperand(), Ty = S->getValueOperand()->getType();
        if (std::optional<VectorAccess> VA = vectorAccess(I)) {
          // A gather or scatter with lanes g bytes apart and a stride of
          // lanes x g in its loop walks what the scalar loop it came from
          // walks (stride g, lanes x the trips): so counted, the two
          // versions of the loop fall in one footprint group.
          const Loop *In = LI.getLoopFor(BB);
          const SCEV *L0 = In ? laneSCEV(SE, VA->Pointers, 0, In) : nullptr;
          const SCEV *L1 = In ? laneSCEV(SE, VA->Pointers, 1, In) : nullptr;
          if (!L0 || !L1 || VA->Lanes < 2)
            continue;
          IRAccess A = decomposeSCEV(SE, L0, VA->Bytes, Top);
          const auto *Gap = dyn_cast<SCEVConstant>(SE.getMinusSCEV(L1, L0));
          if (!A.Regular || !Gap)
            continue;
          int64_t G = Gap->getAPInt().getSExtValue();
          if (G == 0 || A.stride(In) != G * int64_t(VA->Lanes))
            continue;
          A.Strides[In] = G;
          A.LaneLoop = In;
          A.LaneCount = VA->Lanes;
          Accesses.push_back(A);
          Where.push_back(I.getParent());
          continue;
        }
        if (!Ptr)
          continue;
        const DataLayout &DL = I.getModule()->getDataLayout();
        unsigned Bytes = unsigned(DL.getTypeStoreSize(Ty).getKnownMinValue());
        Accesses.push_back(decompose(SE, Ptr, Bytes ? Bytes : 8, Top));
        Where.push_back(I.getParent());
      }
  }

  /// Average trip count of \p L (0 = unknown): exact, or a count that
  /// depends on enclosing loops (triangular nests, a vector loop's
  /// rounded-down count) evaluated at their middle iteration, which is the
  /// average for counts linear in their induction variables; else the
  /// constant maximum.
  /// Exact counts from this many iterations on are a negative count seen
  /// through a zero extension (tripsAtFixed), not a count anyone wrote.
  static constexpr double PlausibleMaximum = double(1u << 28);
  /// Maxima (a symbolic maximum that folds to a constant, SCEV's constant
  /// maximum) from this many iterations on are the range of the induction
  /// variable's type divided by the elements a vector iteration takes, not a
  /// count anyone wrote: `for (int i = 0; i < n; i++)` vectorized by 8 has the
  /// constant maximum (2^31 - 1) / 8 = 268,435,455, which the remark took
  /// for the loop's count (a 16 GiB working set "in DRAM"). The widest vector
  /// iteration clang or -uarch-tune-loops builds takes 64 lanes x interleave 8
  /// = 512 elements, so a 32-bit range divided by it is at least 2^22; half
  /// of that leaves a margin. A loop with a real constant maximum of two
  /// million iterations or more, and no exact count, is called uncounted.
  static constexpr double PlausibleMaximumOfMaxima = double(1u << 21);
  /// The same for a narrower type: a maximum of 127, 255, 32,767 or 65,535
  /// iterations is what SCEV derives from an 8- or 16-bit bound
  /// (sqlite3.c: `for (i = 0; i < p->nCol; i++)` with an i16 nCol, 32,767;
  /// `i < pCur->iPage`, an i8, 127; `i < pSorter->nTask`, a u8, 255), not
  /// a count anyone wrote; a real maximum (`i < n && i < 100`) is rarely
  /// exactly one of these. One more for an inclusive bound: `i <= p->s16`
  /// runs at most 32,768 times (review17: counted so, `a[i] = 2 * a[i] +
  /// b[i]` with doubles a 512 KiB working set "in L2", while `i < n` said
  /// unknown; sqlite3.c -O2: 7 of 1,587 remarks lose such a count).
  /// A loop whose induction variable steps by S elements (a vector loop:
  /// its elements per iteration; `i += 4`) has such a range divided by S
  /// as its maximum, rounded either way (review18: `i < n` with an
  /// unsigned char n vectorized by 16 counted 15 iterations, with an
  /// unsigned short n by 32, 2,047 and a 512 KiB working set "in L2").
  /// Only quotients from MinNarrowQuotient on: a small one is also what a
  /// real maximum gives (`i < n && i < 100` by 32 and 127 by 32 are both
  /// 3 iterations), and a few iterations more or less change little.
  static constexpr double MinNarrowQuotient = 8;
  bool isNarrowTypeRange(double Max, const Loop *L) {
    SmallVector<double, 4> Steps;
    bool StepsFound = false;
    for (double Range : {127.0, 255.0, 32767.0, 65535.0})
      for (double R : {Range, Range + 1}) {
        if (Max == R)
          return true;
        if (Max < MinNarrowQuotient || Max > R / 2)
          continue;
        if (!StepsFound) {
          StepsFound = true;
          ivSteps(L, Steps);
        }
        for (double S : Steps)
          if (Max == std::floor(R / S) || Max == std::ceil(R / S))
            return true;
      }
    return false;
  }

  /// The constant steps (2 and more) of \p L's integer induction
  /// variables: a vector loop's elements per iteration.
  void ivSteps(const Loop *L, SmallVectorImpl<double> &Steps) {
    for (const PHINode &P : L->getHeader()->phis()) {
      if (!P.getType()->isIntegerTy() || !SE.isSCEVable(P.getType()))
        continue;
      const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(
          const_cast<PHINode *>(&P)));
      if (!AR || AR->getLoop() != L)
        continue;
      const auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      if (!C || C->getAPInt().getSignificantBits() > 32)
        continue;
      double S = std::fabs(double(C->getAPInt().getSExtValue()));
      if (S >= 2 && !is_contained(Steps, S))
        Steps.push_back(S);
    }
  }

  double trips(const Loop *L) {
    auto It = TripCache.find(L);
    if (It != TripCache.end())
      return It->second;
    if (Recorded)
      if (std::optional<double> T = Recorded->trips(*L))
        return TripCache[L] = *T;
    TripCache[L] = 0; // no recursion through a loop being evaluated
    bool Hopeless = countIsHopeless(*L, LI, DT);
    if (Hopeless && !VerifyTripShortcut)
      return 0;
    double T = 0;
    if (unsigned C = SE.getSmallConstantTripCount(L)) {
      T = C;
    } else {
      // The exact count, else the symbolic maximum (a vector loop behind
      // runtime checks usually runs to it).
      // A maximum that is only the range of the induction variable's type
      // (`for (int i = 0; i < p->n; i++)` with p->n reloaded: 2^31 - 1)
      // says "unknown", as a constant maximum does below; the exact count
      // is taken as it is.
      const SCEV *Exact = SE.getBackedgeTakenCount(L);
      const SCEV *SymbolicMax = SE.getSymbolicMaxBackedgeTakenCount(L);
      for (const SCEV *BTC : {Exact, SymbolicMax}) {
        if (isa<SCEVCouldNotCompute>(BTC))
          continue;
        MidpointRewriter R(SE, *this, L);
        if (const auto *C = dyn_cast<SCEVConstant>(R.visit(BTC))) {
          // Wider than 64 bits (an __int128 induction variable past 2^64):
          // no count (its low 64 bits were taken for one: 2^64 + 5
          // iterations said 5).
          if (C->getAPInt().getActiveBits() > 64)
            continue;
          double Count = double(C->getAPInt().getZExtValue()) + 1;
          if (BTC != Exact && (Count >= PlausibleMaximumOfMaxima ||
                               isNarrowTypeRange(Count, L)))
            continue;
          // A count the rewrite made negative (a remainder's n & 7 - 1 at
          // n & 7 = 0, where the loop is not entered), read as unsigned:
          // not a count, as in tripsAtFixed (setupLookaside's remainder
          // came out as 2^32 iterations before LSR).
          if (!isa<SCEVConstant>(BTC) &&
              (C->getAPInt().isNegative() || Count >= PlausibleMaximum))
            continue;
          T = Count;
          break;
        }
      }
      // A constant maximum only when it is a plausible count (2^32 - 1
      // says "unknown").
      if (T <= 0 || T > 1e12)
        if (unsigned Max = SE.getSmallConstantMaxTripCount(L))
          T = Max < PlausibleMaximumOfMaxima && !isNarrowTypeRange(Max, L)
                  ? Max
                  : 0;
    }
    if (T > 1e12)
      T = 0;
    if (Hopeless && T > 0) {
      // Both IRs are checked: the recording pass's before LSR and the
      // machine pass's (which reads no record under the verification), so
      // a loop can be named twice, once for each.
      errs() << "LoopUArch: SCEV counts " << format("%.0f", T)
             << (T == 1 ? " iteration" : " iterations") << " of the loop at "
             << L->getHeader()->getName()
             << " in " << L->getHeader()->getParent()->getName()
             << (BeforeLSR ? " before LSR" : " on the machine pass's IR")
             << ", which the IR check called uncountable\n";
      T = 0; // as without the check's verification
    }
    return TripCache[L] = std::max(0.0, T);
  }

  /// Trip count of \p L with the enclosing loops in Fixed at their fixed
  /// iterations (the others at their middle one): 0 when the count comes
  /// out negative (the guard skips the loop there, as at the first or last
  /// iteration of a triangular nest's outer loop), -1 when unknown.
  double tripsAtFixed(const Loop *L) {
    const SCEV *BTC = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(BTC))
      return -1;
    MidpointRewriter R(SE, *this, L);
    const auto *C = dyn_cast<SCEVConstant>(R.visit(BTC));
    if (!C)
      return -1;
    // A negative count seen through a zero extension (`zext(i - 1)` at
    // i = 0) comes out as an implausibly large one: not entered either
    // (as is one wider than 64 bits, through a zero extension to i128).
    if (C->getAPInt().getSignificantBits() > 64)
      return 0;
    int64_t Count = C->getAPInt().getSExtValue();
    return Count < 0 || double(Count) >= PlausibleMaximum ? 0
                                                          : double(Count) + 1;
  }

  /// What the remark prints as \p Inner's iterations per run of its nest,
  /// given the product of the chain's counts (\p Product): the sum of
  /// nestIterations when it is known, else the product; nullopt (no
  /// figure) for a scalar remainder whose sum is not known. A remainder
  /// runs X mod VF iterations where the loop around it runs X elements, 0
  /// where X is a multiple of VF (its IR loop is not entered): its
  /// per-entry average times every outer iteration counts it on entries
  /// that do not happen (PolyBench syrk's remainder: 2 per entry x 1,200
  /// rows = 2,400, where 1,800 run).
  std::optional<double> nestFigure(const Loop *Inner, double Product) {
    if (Recorded)
      if (std::optional<double> S = Recorded->nestIterations(*Inner))
        return *S >= 0 ? S : std::nullopt;
    bool Remainder = false;
    std::optional<double> Summed = nestIterations(Inner, Remainder);
    if (Remainder)
      return Summed;
    return Summed && *Summed > 0 ? *Summed : Product;
  }

  /// Iterations of \p Inner per run of its nest: the sum over the
  /// iterations of the loops around it of its trip count. The product of
  /// each loop's count at its enclosing loops' middle iteration is that
  /// sum when every count is linear in the induction variables; a count
  /// that is not (the middle loop's summed count in a doubly triangular
  /// nest such as PolyBench nussinov's k < j < i: quadratic) is summed by
  /// Simpson's rule over the first, middle and last iteration, exact up
  /// to cubic counts (the product undercounts nussinov's 500 x 249 x 124
  /// where the nest runs C(500, 3) = 1.34x as many). A scalar remainder
  /// (or vector epilogue) whose start varies with the loops around it
  /// (\p Remainder set) is summed exactly over the one loop its count
  /// varies with (remainderSum); varying with several, it has no sum.
  /// nullopt: some count is unknown at those points (the caller keeps the
  /// product, but for a remainder).
  std::optional<double> nestIterations(const Loop *Inner, bool &Remainder) {
    SmallVector<const Loop *, 4> Chain;
    for (const Loop *L = Inner; L; L = L->getParentLoop())
      Chain.push_back(L);
    SmallPtrSet<const Loop *, 4> VariesWith;
    uint64_t VF = 0;
    Remainder = Chain.size() >= 2 && startVaries(Inner, VariesWith, VF);
    if (Remainder && VariesWith.size() != 1)
      return std::nullopt;
    if (Chain.size() < (Remainder ? 2u : 3u) || Chain.size() > 5)
      return std::nullopt; // linear counts (or too deep to evaluate cheaply)
    std::reverse(Chain.begin(), Chain.end());
    // Counts cached while loops are held fixed would hold for those
    // iterations only: the cache is restored afterwards.
    std::map<const Loop *, double> Saved = TripCache;
    Fixed.clear();
    RemainderVariesWith = Remainder ? *VariesWith.begin() : nullptr;
    RemainderPeriod = VF;
    std::optional<double> Sum = sumOver(Chain, 0);
    RemainderVariesWith = nullptr;
    Fixed.clear();
    TripCache = std::move(Saved);
    return Sum;
  }

  /// Whether \p L is a scalar remainder whose start, where a vector loop
  /// stopped, varies with the loops around it (MidpointRewriter::endBefore
  /// takes its middle iteration's average there); \p VariesWith: the loops
  /// around it whose induction variables its count reads; \p VF: the
  /// largest vector factor (times interleave) of the starts it reads.
  bool startVaries(const Loop *L, SmallPtrSetImpl<const Loop *> &VariesWith,
                   uint64_t &VF) {
    const SCEV *BTC = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(BTC))
      return false;
    MidpointRewriter R(SE, *this, L);
    R.visit(BTC);
    VariesWith.insert(R.Read.begin(), R.Read.end());
    VF = R.MaxVF;
    return R.SawVaryingEnd;
  }

  /// The sum over the \p T iterations of Chain[\p Level] (the loop the
  /// remainder's count varies with; the loops around it fixed) of the
  /// remainder's iterations with that loop at iteration p, the loops
  /// between summed as sumOver does, and the remainder's start exact
  /// (ExactEnds): F(p). With the vector loop's count X affine in p, X &
  /// -VF moves by P times X's step from p to p + P, a multiple of VF when
  /// P is the largest VF of the starts (RemainderPeriod; powers of two),
  /// so F(p + P) - F(p) is one constant D, and the sum is taken from the
  /// first P values and D, which the last period's first value gives and
  /// its other values check (a count that does not keep that form, e.g.
  /// one that reaches 0 in the middle of the range, or whose loops
  /// between have counts varying with p, gives no sum). At most 2P values
  /// of F (P <= 64), however many iterations.
  std::optional<double> remainderSum(ArrayRef<const Loop *> Chain,
                                     size_t Level, double T) {
    const uint64_t Period = RemainderPeriod;
    assert(Period >= 2 && Period <= 64 && isPowerOf2_64(Period) &&
           "endBefore's vector factors");
    const Loop *L = Chain[Level];
    uint64_t N = uint64_t(T);
    ExactEnds = true;
    auto F = [&](uint64_t P) -> double {
      Fixed[L] = P;
      std::optional<double> V = sumOver(Chain, Level + 1);
      return V ? *V : -1;
    };
    std::optional<double> Sum;
    if (N <= 2 * Period) {
      double S = 0;
      bool Known = true;
      for (uint64_t P = 0; P < N && Known; ++P) {
        double V = F(P);
        Known = V >= 0;
        S += V;
      }
      if (Known)
        Sum = S;
    } else {
      // The first period, then the last: its first value gives D, the
      // others check it.
      double Head[64];
      bool Known = true;
      for (uint64_t P = 0; P < Period && Known; ++P)
        Known = (Head[P] = F(P)) >= 0;
      double D = 0;
      for (uint64_t P = N - Period; P < N && Known; ++P) {
        double V = F(P);
        double Periods = double(P / Period);
        if (P == N - Period)
          D = (V - Head[P % Period]) / Periods;
        Known = V >= 0 && V == Head[P % Period] + Periods * D;
      }
      if (Known) {
        double Full = double(N / Period), S0 = 0, Rest = 0;
        for (uint64_t P = 0; P < Period; ++P)
          S0 += Head[P];
        for (uint64_t P = 0; P < N % Period; ++P)
          Rest += Head[P];
        Sum = Full * S0 + double(Period) * D * Full * (Full - 1) / 2 +
              Rest + double(N % Period) * Full * D;
      }
    }
    ExactEnds = false;
    Fixed.erase(L);
    return Sum;
  }

  /// Sum of the innermost loop's trip count over the iterations of
  /// Chain[Level...] (the loops before Level fixed).
  std::optional<double> sumOver(ArrayRef<const Loop *> Chain, size_t Level) {
    const Loop *L = Chain[Level];
    double T = tripsAtFixed(L);
    if (T < 0)
      return std::nullopt;
    if (Level + 1 == Chain.size() || T == 0)
      return T;
    if (L == RemainderVariesWith)
      return remainderSum(Chain, Level, T);
    // Inside remainderSum, the remainder's parent when the remainder's
    // count does not read it: the same count on each of its iterations.
    if (ExactEnds && Level + 2 == Chain.size()) {
      Fixed[L] = 0;
      double Inner = tripsAtFixed(Chain.back());
      Fixed.erase(L);
      if (Inner < 0)
        return std::nullopt;
      return T * Inner;
    }
    uint64_t Last = uint64_t(T) - 1, Mid = Last / 2;
    double F[3];
    const uint64_t Points[3] = {0, Mid, Last};
    for (int P = 0; P < 3; ++P) {
      Fixed[L] = Points[P];
      std::optional<double> V = sumOver(Chain, Level + 1);
      if (!V)
        return std::nullopt;
      F[P] = *V;
    }
    Fixed.erase(L);
    // Linear (up to the middle point's rounding): the middle value.
    if (std::fabs(F[0] + F[2] - 2 * F[1]) <= 1 + 1e-9 * F[1])
      return T * F[1];
    return T * (F[0] + 4 * F[1] + F[2]) / 6;
  }

  /// Replaces the induction variables of the loops around one loop by
  /// their value at the middle iteration.
  class MidpointRewriter : public SCEVRewriteVisitor<MidpointRewriter> {
  public:
    MidpointRewriter(ScalarEvolution &SE, Nest &N, const Loop *Inner)
        : SCEVRewriteVisitor(SE), N(N), Inner(Inner) {}
    const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
      const Loop *L = AR->getLoop();
      if (L == Inner || !L->contains(Inner))
        return AR;
      Read.insert(L);
      if (auto F = N.Fixed.find(L); F != N.Fixed.end())
        return AR->evaluateAtIteration(
            SE.getConstant(AR->getType(), F->second), SE);
      double T = N.trips(L);
      if (T <= 0 || !AR->getType()->isIntegerTy())
        return AR;
      const SCEV *Mid =
          SE.getConstant(AR->getType(), uint64_t(std::floor((T - 1) / 2)));
      return AR->evaluateAtIteration(Mid, SE);
    }

    /// A loop entered from two places starts at a phi: a remainder loop
    /// where the vector loop stopped or at 0 when the runtime checks
    /// failed, a loop after a peeled prologue where the prologue stopped.
    /// Take the largest constant start: the remainder's usual count, and
    /// for a peeled loop nearly its full count (a prologue runs a few
    /// iterations).
    ///
    /// A remainder loop after a vector loop starts where the vector loop
    /// stopped: `X & -VF` (X the vector loop's count; SCEV cannot express
    /// the mask, which also clears the sign bit, and codegen hoists it
    /// into a bitcast). With X constant, exactly; with X varying with the
    /// enclosing loops (a triangular nest), VF/2 before X, the remainder's
    /// average count (VF - 1)/2 rounded up.
    const SCEV *visitUnknown(const SCEVUnknown *U) {
      if (const SCEV *End = vectorEnd(U))
        return End;
      const auto *Phi = dyn_cast<PHINode>(U->getValue());
      if (!Phi || Inner->contains(Phi))
        return U;
      std::optional<APInt> Best;
      for (const Value *In : Phi->incoming_values()) {
        const auto *C = dyn_cast<ConstantInt>(In);
        std::optional<APInt> V;
        if (C) {
          V = C->getValue();
        } else if (const auto *I = dyn_cast<Instruction>(In);
                   I && !Inner->contains(I) && SE.isSCEVable(I->getType())) {
          // The `and` itself when the IR has one: SCEV's VF * (X /u VF)
          // may have folded X (2i + 1 over 8 becomes 2i /u 8, the same
          // quotient with X one less: cholesky's remainder counted 5
          // instead of 4 before LSR). After CodeGenPrepare the mask is
          // hoisted into a bitcast and SCEV sees the `and` as unknown
          // (vectorEnd), with X as written.
          const SCEV *E = maskedEnd(I);
          if (!E)
            E = vectorEnd(SE.getSCEV(const_cast<Instruction *>(I)));
          if (const auto *EC = dyn_cast_or_null<SCEVConstant>(E))
            V = EC->getAPInt();
        }
        if (V && (!Best || V->sgt(*Best)))
          Best = V;
      }
      return Best ? SE.getConstant(*Best) : U;
    }

    /// The start of a remainder loop, when \p S is `X & -VF` (see
    /// visitUnknown); nullptr otherwise.
    const SCEV *vectorEnd(const SCEV *S) {
      const SCEV *X = nullptr;
      uint64_t VF = 0;
      if (const auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
        // SCEV's own form: VF * (X /u VF).
        const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0));
        const auto *Div = Mul->getNumOperands() == 2
                              ? dyn_cast<SCEVUDivExpr>(Mul->getOperand(1))
                              : nullptr;
        if (!C || !Div || Div->getRHS() != C)
          return nullptr;
        X = Div->getLHS();
        VF = C->getAPInt().getLimitedValue();
      } else {
        const auto *U = dyn_cast<SCEVUnknown>(S);
        return U ? maskedEnd(U->getValue()) : nullptr;
      }
      return endBefore(X, VF, S->getType());
    }

    /// vectorEnd() for the IR's `X & -VF` (\p V), X as written.
    const SCEV *maskedEnd(const Value *V) {
      const auto *And = dyn_cast<BinaryOperator>(V);
      if (!And || And->getOpcode() != Instruction::And ||
          Inner->contains(And) || !And->getType()->isIntegerTy())
        return nullptr;
      const Value *Mask = And->getOperand(1);
      if (const auto *Cast = dyn_cast<BitCastInst>(Mask))
        Mask = Cast->getOperand(0);
      const auto *M = dyn_cast<ConstantInt>(Mask);
      if (!M || M->getBitWidth() > 64)
        return nullptr;
      unsigned Bits = M->getBitWidth(), Zeros = M->getValue().countr_zero();
      // Only the low bits cleared (and perhaps the sign bit).
      if (Zeros > 6 || !(M->getValue() | APInt::getSignMask(Bits) |
                         APInt::getLowBitsSet(Bits, Zeros))
                            .isAllOnes())
        return nullptr;
      return endBefore(SE.getSCEV(const_cast<Value *>(And->getOperand(0))),
                       uint64_t(1) << Zeros, And->getType());
    }

    /// The start VF/2 before X at the middle iteration (X constant: X
    /// rounded down to a multiple of VF).
    const SCEV *endBefore(const SCEV *X, uint64_t VF, Type *Ty) {
      // A vector factor times an interleave count, at most 64.
      if (VF < 2 || VF > 64 || (VF & (VF - 1)))
        return nullptr;
      const auto *XMid = dyn_cast<SCEVConstant>(visit(X));
      if (!XMid || XMid->getAPInt().getActiveBits() > 64)
        return nullptr;
      uint64_t XV = XMid->getAPInt().getZExtValue();
      // Nest::ExactEnds: every loop around the remainder is held at a
      // fixed iteration, so X's value is its value there.
      bool Exact = isa<SCEVConstant>(X) || N.ExactEnds;
      SawVaryingEnd |= !Exact;
      MaxVF = std::max(MaxVF, VF);
      uint64_t End = Exact ? XV & ~(VF - 1) : XV > VF / 2 ? XV - VF / 2 : 0;
      return SE.getConstant(Ty, End);
    }

    /// Whether a remainder's start varied with the enclosing loops and
    /// was taken at their middle iteration (endBefore's average).
    bool SawVaryingEnd = false;
    /// The loops around Inner whose induction variables were rewritten.
    SmallPtrSet<const Loop *, 4> Read;
    /// The largest vector factor of the starts endBefore took.
    uint64_t MaxVF = 0;

  private:
    Nest &N;
    const Loop *Inner;
  };

  /// Distinct bytes the accesses inside \p L touch while the loops strictly
  /// inside it run (one iteration of L), or, with \p Including, over all
  /// of L's iterations too; counted in granules of \p Granule bytes
  /// (lines by default; pages for the TLB's reach).
  double footprint(const Loop *L, bool Including, double Granule = 0) {
    collectAccesses();
    if (Granule <= 0)
      Granule = Line;
    auto Key = std::make_tuple(L, Including, Granule);
    auto It = FootCache.find(Key);
    if (It != FootCache.end())
      return It->second;
    auto Inside = [&](const Loop *M) {
      return M && L->contains(M) && (Including || M != L);
    };
    // Group by base and stride pattern over the loops that run: strides
    // and trip counts, not the loops themselves (two sibling loops walking
    // the same column touch the same lines).
    using Pattern = std::vector<std::pair<int64_t, double>>;
    std::map<std::pair<const SCEV *, Pattern>, std::vector<const IRAccess *>>
        Groups;
    for (size_t I = 0; I < Accesses.size(); ++I) {
      const IRAccess &A = Accesses[I];
      if (!A.Regular || !L->contains(Where[I]))
        continue;
      Pattern P;
      for (auto [M, S] : A.Strides)
        if (Inside(M) && S != 0)
          P.push_back({S, std::max(1.0, trips(M) *
                                            (M == A.LaneLoop ? A.LaneCount
                                                             : 1))});
      llvm::sort(P);
      Groups[{A.Base, P}].push_back(&A);
    }
    // Per base: the groups' bytes, and the range they span relative to
    // the first group (a loop's remainder walks the same array with
    // another stride pattern, from a start SCEV cannot relate: such a
    // group counts as inside the range when it is no wider).
    struct BaseRange {
      double Bytes = 0, Lo = HUGE_VAL, Hi = -HUGE_VAL;
      const SCEV *Ref = nullptr;
      double UnrelatedSpan = 0;
    };
    std::map<const SCEV *, BaseRange> Bases;
    for (auto &[Key2, Members] : Groups) {
      unsigned Width = 0;
      for (const IRAccess *A : Members)
        Width = std::max(Width, A->Bytes);
      // The members' offsets, in contiguous clusters (one iteration's
      // accesses of an unrolled or vector loop touch neighbouring bytes).
      std::vector<double> Offsets;
      bool AllKnown = true;
      FirstIteration First(SE, Inside);
      for (const IRAccess *A : Members) {
        const SCEV *D = SE.getMinusSCEV(First.visit(A->Offset),
                                        First.visit(Members.front()->Offset));
        if (const auto *C = dyn_cast<SCEVConstant>(D))
          Offsets.push_back(double(C->getAPInt().getSExtValue()));
        else
          AllKnown = false;
      }
      llvm::sort(Offsets);
      std::vector<std::pair<double, double>> Clusters; // [start, end)
      for (double O : Offsets)
        if (!Clusters.empty() && O <= Clusters.back().second)
          Clusters.back().second = std::max(Clusters.back().second, O + Width);
        else
          Clusters.push_back({O, O + Width});
      double Extent = 0;
      for (auto [Lo, Hi] : Clusters)
        Extent = std::max(Extent, Hi - Lo);
      // Dimensions by increasing stride: a stride within the extent so far
      // extends it (contiguous), a larger one repeats it (chunks).
      std::vector<std::pair<double, double>> Dims;
      for (auto [S, N] : Key2.second)
        Dims.push_back({std::fabs(double(S)), N});
      llvm::sort(Dims);
      double Chunks = 1, ChunkSpan = 0;
      for (auto [S, N] : Dims) {
        if (S <= Extent) {
          Extent += S * (N - 1);
        } else {
          Chunks *= N;
          ChunkSpan += S * (N - 1);
        }
      }
      // The clusters are shifted copies: in lines, a copy more than an
      // extent away is lines of its own.
      double PerCopy = std::ceil(Extent / Granule);
      double Lines = PerCopy;
      for (size_t I = 1; I < Clusters.size(); ++I) {
        double Gap = Clusters[I].first - Clusters[I - 1].first;
        Lines += Gap >= Extent ? PerCopy : std::ceil(Gap / Granule);
      }
      if (!AllKnown)
        Lines += PerCopy; // members SCEV cannot relate: one more copy
      double Span = (Clusters.empty() ? 0
                                      : Clusters.back().first -
                                            Clusters.front().first) +
                    Extent + ChunkSpan;
      // Never more than the range the copies span (rows of a stencil
      // overlap the neighbouring chunks).
      double Bytes = Chunks * Lines * Granule;
      if (AllKnown)
        Bytes = std::min(Bytes, std::ceil(Span / Granule) * Granule);
      BaseRange &B = Bases[Key2.first];
      B.Bytes += Bytes;
      if (!B.Ref)
        B.Ref = Members.front()->Offset;
      const auto *Rel = dyn_cast<SCEVConstant>(SE.getMinusSCEV(
          First.visit(Members.front()->Offset), First.visit(B.Ref)));
      if (!Rel || !AllKnown || Clusters.empty()) {
        B.UnrelatedSpan = std::max(B.UnrelatedSpan, Span);
        continue;
      }
      // Negative strides reach below the first offset.
      double Down = 0;
      for (auto [S2, N2] : Key2.second)
        if (S2 < 0)
          Down += double(-S2) * (N2 - 1);
      double Start = double(Rel->getAPInt().getSExtValue()) +
                     Clusters.front().first - Down;
      B.Lo = std::min(B.Lo, Start);
      B.Hi = std::max(B.Hi, Start + Span);
    }
    double Total = 0;
    for (auto &[Base, B] : Bases) {
      double Range =
          B.Hi > B.Lo ? std::ceil((B.Hi - B.Lo) / Granule) * Granule : 0;
      // (A remainder's range may end a vector or two past the main loop's.)
      double Bytes = Range > 0 && B.UnrelatedSpan <= 1.02 * Range + 4 * Line
                         ? std::min(B.Bytes, Range)
                         : B.Bytes;
      Total += Bytes;
      if (L == Top && Including && Granule == Line)
        NestBytesOf[Base] = Bytes;
    }
    return FootCache[Key] = Total;
  }

  std::vector<IRAccess> Accesses;
  std::vector<const BasicBlock *> Where;
  /// Per base object, the bytes the whole nest's footprint counts for it
  /// (filled by footprint(Top, true)).
  std::map<const SCEV *, double> NestBytesOf;

private:
  ScalarEvolution &SE;
  const LoopInfo &LI;
  const DominatorTree &DT;
  const Loop *Top;
  unsigned Line;
  const PreLSRTripCounts *Recorded;
  bool BeforeLSR;
  bool Collected = false;
  std::map<const Loop *, double> TripCache;
  /// Iterations at which nestIterations holds enclosing loops.
  std::map<const Loop *, uint64_t> Fixed;
  /// nestIterations is summing a scalar remainder: the loop its count
  /// varies with, whose level remainderSum sums.
  const Loop *RemainderVariesWith = nullptr;
  /// The largest vector factor of its starts: its count's period.
  uint64_t RemainderPeriod = 0;
  /// remainderSum is evaluating: every loop around the remainder is in
  /// Fixed, and its start is exact (MidpointRewriter::endBefore).
  bool ExactEnds = false;
  std::map<std::tuple<const Loop *, bool, double>, double> FootCache;
};

/// The level whose effective capacity holds \p Bytes of reuse with the
/// layer conditions' safety factor (half the cache).
unsigned levelForReuse(const MemoryHierarchyDesc &H, double Bytes) {
  for (unsigned L = 0; L + 1 < H.Levels.size(); ++L)
    if (Bytes <= 0.5 * effectiveCapacity(H, L))
      return L;
  return H.Levels.size() - 1;
}

/// Where one access of the innermost loop is served from (SCEV).
struct AccessHome {
  int Level = -1;
  /// Bytes touched between two uses of its lines.
  double ReuseBytes = -1;
  /// 4 KiB pages touched between two uses of its lines (-1: unknown): the
  /// TLB entries its new pages compete with.
  double ReusePages = -1;
  /// Of its lines, the share whose first use comes from where the nest's
  /// data lives (WSLevel) rather than from the reuse level: a walk that
  /// takes a new line every iteration, reused by the next iterations of a
  /// loop that moves it by less than a line (utils/column-rmw.c).
  double FirstUse = 0;
  /// Bytes touched between two first uses of a line (the footprint of the
  /// next loop out that moves it by less than a line, else the working
  /// set): where those lines come from.
  double FirstUseBytes = -1;
};

/// The level serving access \p A of the innermost loop \p Inner, and the
/// bytes and pages touched between two uses of its lines.
AccessHome homeOf(const IRAccess &A, const Loop *Inner, Nest &N,
                  const MemoryHierarchyDesc &H, unsigned WSLevel, double WS,
                  unsigned Line, ScalarEvolution &SE) {
  if (!A.Regular)
    return {int(WSLevel), WS, -1};
  const Loop *Top = Inner->getOutermostLoop();
  for (const Loop *L = Inner->getParentLoop(); L; L = L->getParentLoop()) {
    int64_t S = A.stride(L);
    double Reuse = -1, Times = 0;
    if (std::llabs(S) < int64_t(Line)) {
      // L does not move it, or by less than a line: the next iteration of
      // L touches the same lines.
      Reuse = N.footprint(L, false);
      Times = 1;
    } else {
      // Another access of the array, k iterations of L ahead.
      for (const IRAccess &B : N.Accesses) {
        if (!B.Regular || B.Base != A.Base || &B == &A)
          continue;
        bool SamePattern = true;
        for (const Loop *M = Inner; M && M != L && SamePattern;
             M = M->getParentLoop())
          SamePattern = B.stride(M) == A.stride(M);
        if (!SamePattern)
          continue;
        const auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(B.Offset, A.Offset));
        if (!D)
          continue;
        int64_t Delta = D->getAPInt().getSExtValue();
        if (Delta % S == 0 && Delta / S >= 1 && Delta / S <= 8) {
          double R = double(Delta / S) * N.footprint(L, false);
          if (Reuse < 0 || R < Reuse) {
            Reuse = R;
            Times = double(Delta / S);
          }
        }
      }
    }
    if (Reuse >= 0) {
      AccessHome Home{int(std::min(levelForReuse(H, Reuse), WSLevel)),
                      std::min(Reuse, WS),
                      Times * N.footprint(L, false, PageBytes) / PageBytes};
      if (S != 0 && std::llabs(S) < int64_t(Line) &&
          std::llabs(A.stride(Inner)) >= int64_t(Line) &&
          Home.Level < int(WSLevel)) {
        Home.FirstUse = double(std::llabs(S)) / Line;
        Home.FirstUseBytes = WS;
        for (const Loop *M = L->getParentLoop(); M; M = M->getParentLoop())
          if (std::llabs(A.stride(M)) < int64_t(Line)) {
            Home.FirstUseBytes = std::min(N.footprint(M, false), WS);
            break;
          }
      }
      return Home;
    }
  }
  return {int(WSLevel), WS, N.footprint(Top, true, PageBytes) / PageBytes};
}

/// The IR loop an irreducible machine cycle runs, when the cycle is an IR
/// loop that the code generator entered at a second block: branch folding
/// merges the vector epilogue's exit test (`n == n.vec`, in the enclosing
/// loop) with the scalar remainder's latch test, which becomes a block of
/// the remainder's cycle entered from the epilogue (PolyBench syrk and
/// syr2k at -O3 -march=znver4), and LoopInfo's loop of the cycle header's
/// block is then the enclosing one (\p Around, null at the top level).
/// Sound only when the cycle is that loop plus blocks of its parent: every
/// IR block of the cycle belongs to one innermost loop directly inside
/// \p Around or to \p Around itself (outside any loop it holds), and the
/// cycle holds every block of that loop, so each trip around the cycle is
/// one of its iterations. Null otherwise (a goto into a loop's middle: the
/// cycle's blocks are the enclosing loop's, no loop of their own).
const Loop *loopOfIrreducibleCycle(const LoopInfo &LI, const Loop *Around,
                                   ArrayRef<const MachineBasicBlock *> Blocks) {
  SmallPtrSet<const BasicBlock *, 8> IRBlocks;
  const Loop *Found = nullptr;
  for (const MachineBasicBlock *MBB : Blocks) {
    // A block the code generator made (a split edge) has no IR block.
    const BasicBlock *BB = MBB->getBasicBlock();
    if (!BB || !IRBlocks.insert(BB).second)
      continue;
    const Loop *L = LI.getLoopFor(BB);
    if (L == Around)
      continue;
    if (!L || L->getParentLoop() != Around || !L->isInnermost() ||
        (Found && Found != L))
      return nullptr;
    Found = L;
  }
  if (!Found || !all_of(Found->blocks(), [&](const BasicBlock *BB) {
        return IRBlocks.contains(BB);
      }))
    return nullptr;
  return Found;
}

} // namespace

void releaseLoopMemoryAnalyses() {
  Cache = IRAnalyses();
}

LoopMemoryFacts
analyzeLoopMemory(const MachineFunction &MF, const MachineBasicBlock &Header,
                  ArrayRef<const MachineBasicBlock *> LayoutBlocks,
                  function_ref<bool(const MachineBasicBlock &)> InLoop,
                  unsigned Entries, const Kernel &K,
                  const MemoryHierarchyDesc &H,
                  const BorrowedIRAnalyses &Borrowed) {
  assert(Entries >= 1 && "a cycle is entered at its header at least");
  LoopMemoryFacts Facts;
  Facts.InstrHomes.assign(K.size(), -1);
  Facts.InstrReuseBytes.assign(K.size(), -1);
  Facts.InstrReusePages.assign(K.size(), -1);
  Facts.InstrLineSplits.assign(K.size(), -1);
  Facts.InstrFirstUse.assign(K.size(), 0);
  Facts.InstrFirstUseBytes.assign(K.size(), -1);
  if (H.Levels.empty())
    return Facts;
  const BasicBlock *BB = Header.getBasicBlock();
  if (!BB) {
    Facts.Note = "the loop header has no IR block";
    return Facts;
  }
  IRAnalyses &IR = analysesFor(MF, Borrowed);
  if (IR.BFI)
    if (std::optional<uint64_t> C = IR.BFI->getBlockProfileCount(BB))
      Facts.ProfileIterations = double(*C);
  const Loop *Inner = IR.LI->getLoopFor(BB);
  // An irreducible cycle (entered at more than one block) whose header's
  // block is no IR loop's, or whose IR loop is an enclosing one (its
  // header is not in the cycle): the enclosing loop's counts are not the
  // cycle's (review18: a goto into a loop's middle, inside a loop of 64
  // iterations, said "for 64 iterations/entry"). A cycle that holds the IR
  // loop's header runs that loop's iterations, however the code
  // generator's tail duplication entered it. Otherwise it is an IR loop
  // inside entered at a second block, the code generator's irreducible
  // scalar remainders (loopOfIrreducibleCycle: that loop's count), or an
  // irreducible region of the enclosing loop, which no IR loop counts.
  if (Entries > 1 &&
      (!Inner || (Inner->getHeader() != BB &&
                  none_of(LayoutBlocks, [&](const MachineBasicBlock *B) {
                    return B->getBasicBlock() == Inner->getHeader();
                  })))) {
    const Loop *Own = loopOfIrreducibleCycle(*IR.LI, Inner, LayoutBlocks);
    if (!Own && Inner) {
      Facts.Note = "the loop is irreducible (entered at several blocks): "
                   "no IR loop to count";
      return Facts;
    }
    // The profile's count stays the cycle header's block's, as for any
    // cycle whose header is not its IR loop's (block frequencies estimate
    // both from branch weights: syrk-like code under -fprofile-instr-use
    // says 506 for the merged test, 456 for the remainder's body).
    if (Own)
      Inner = Own;
  }
  if (!Inner) {
    Facts.Note = "no IR loop for the header";
    return Facts;
  }
  // The counts taken before LSR (not when the IR check is being verified:
  // that is a check of SCEV on this IR).
  const PreLSRTripCounts *Recorded =
      VerifyTripShortcut ? nullptr : IR.Recorded.get();
  if (Recorded && Recorded->has(*Inner)) {
    // Recorded up to the first unknown count: the answer needs no SCEV
    // (most loops of a large program; the same facts as below).
    const Loop *Unknown = nullptr;
    bool Covered = true;
    for (const Loop *L = Inner; L && !Unknown && Covered;
         L = L->getParentLoop()) {
      std::optional<double> T = Recorded->trips(*L);
      Covered = T.has_value();
      if (T && *T <= 0)
        Unknown = L;
    }
    if (Covered && Unknown) {
      noteCountSource(CountSource::BeforeLSR);
      if (double T = *Recorded->trips(*Inner); T > 0)
        Facts.TripsPerEntry = T;
      Facts.Note =
          Unknown == Inner ? UnknownTripCount : UnknownEnclosingTripCount;
      return Facts;
    }
  } else if (!VerifyTripShortcut &&
             countIsHopeless(*Inner, *IR.LI, *IR.DT)) {
    // A loop SCEV cannot count gets what Nest::trips() would give it (no
    // count, hence no footprint) without building SCEV.
    noteCountSource(CountSource::HopelessAfterLSR);
    Facts.Note = UnknownTripCount;
    return Facts;
  }
  ScalarEvolution &SE = IR.scev();
  const Loop *Top = Inner->getOutermostLoop();
  unsigned Line = H.Levels.front().LineBytes.Value ? H.Levels.front().LineBytes.Value : 64;
  std::shared_ptr<Nest> &Shared = IR.Nests[{Top, Line}];
  if (!Shared)
    Shared = std::make_shared<Nest>(SE, *IR.LI, *IR.DT, Top, Line, Recorded);
  Nest &N = *Shared;
  noteCountSource(Recorded && Recorded->has(*Inner) ? CountSource::BeforeLSR
                                                    : CountSource::SCEVAfterLSR);
  if (double T = N.trips(Inner); T > 0)
    Facts.TripsPerEntry = T;
  // Up to the first unknown count: the counts of the loops around an
  // unknown one serve nothing (most of sqlite3.c's loops have no count, and
  // SCEV's trip counts are most of this analysis' time there).
  double Iters = 1;
  for (const Loop *L = Inner; L && Iters > 0; L = L->getParentLoop()) {
    double T = N.trips(L);
    Iters = T > 0 ? Iters * T : 0;
  }
  if (Iters > 0)
    Facts.Iterations = N.nestFigure(Inner, Iters);
  // Footprints take an unknown trip count as one iteration (a versioned
  // or remainder loop walks data the main loop walks too); the loops
  // around this one must be known.
  for (const Loop *L = Inner; L; L = L->getParentLoop())
    if (N.trips(L) <= 0) {
      Facts.Note = L == Inner
                       ? UnknownTripCount
                       : UnknownEnclosingTripCount;
      return Facts;
    }
  double WS = N.footprint(Top, true);
  // Arrays SCEV cannot follow all the way (an unrolled loop's start comes
  // through a phi of its prologue, an index is loaded): a global array
  // counts whole.
  // What the affine accesses of that array already count is part of the
  // whole (a vector loop's remainder starts where the vector loop stopped,
  // a phi SCEV cannot follow: before, strided DRAM's 256 MiB array counted
  // twice).
  std::set<const GlobalVariable *> Whole;
  for (const IRAccess &A : N.Accesses)
    if (!A.Regular && A.Base)
      if (const auto *U = dyn_cast<SCEVUnknown>(A.Base))
        if (const auto *GV = dyn_cast<GlobalVariable>(U->getValue()))
          if (Whole.insert(GV).second) {
            double Size = double(
                GV->getParent()->getDataLayout().getTypeAllocSize(
                    GV->getValueType()).getKnownMinValue());
            auto Counted = N.NestBytesOf.find(A.Base);
            WS += std::max(0.0, Size - (Counted == N.NestBytesOf.end()
                                            ? 0.0
                                            : Counted->second));
          }
  if (WS <= 0) {
    Facts.Note = "no affine access in the loop nest";
    return Facts;
  }
  Facts.WorkingSet = WS;
  unsigned WSLevel = levelForWorkingSet(H, WS);

  // The machine instructions in kernel order (the kernel's own rules: no
  // meta, debug or CFI instructions, no jump out of the loop).
  std::vector<const MachineInstr *> Body;
  for (const MachineBasicBlock *MBB : LayoutBlocks) {
    assert(InLoop(*MBB) && "a block outside the loop");
    for (const MachineInstr &MI : *MBB) {
      if (MI.isMetaInstruction() || MI.isDebugInstr() || MI.isCFIInstruction())
        continue;
      if (MI.isUnconditionalBranch() && MI.getNumExplicitOperands() > 0 &&
          MI.getOperand(0).isMBB() && !InLoop(*MI.getOperand(0).getMBB()))
        continue;
      Body.push_back(&MI);
    }
  }
  if (Body.size() != K.size()) {
    Facts.Note = "the machine instructions do not match the kernel";
    return Facts;
  }
  // Gathers and scatters: their machine memory operands name no IR value;
  // the loop's IR gathers and scatters do, in the same order when there are
  // as many.
  std::vector<VectorAccess> IRVector;
  for (const BasicBlock *B : Inner->blocks())
    for (const Instruction &I : *B)
      if (std::optional<VectorAccess> VA = vectorAccess(I))
        IRVector.push_back(*VA);
  std::vector<size_t> NoValue;
  for (size_t I = 0; I < Body.size(); ++I)
    if (Body[I]->mayLoadOrStore() &&
        llvm::none_of(Body[I]->memoperands(), [](const MachineMemOperand *M) {
          return M->getValue() != nullptr;
        }))
      NoValue.push_back(I);
  if (NoValue.size() == IRVector.size())
    for (size_t J = 0; J < NoValue.size(); ++J) {
      IRAccess A = decomposeSCEV(
          SE, laneSCEV(SE, IRVector[J].Pointers, 0, Inner), IRVector[J].Bytes,
          Top);
      AccessHome Home = homeOf(A, Inner, N, H, WSLevel, WS, Line, SE);
      Facts.InstrHomes[NoValue[J]] = Home.Level;
      Facts.InstrReuseBytes[NoValue[J]] = Home.ReuseBytes;
      Facts.InstrReusePages[NoValue[J]] = Home.ReusePages;
    }
  for (size_t I = 0; I < Body.size(); ++I) {
    const MachineInstr &MI = *Body[I];
    if (!MI.mayLoadOrStore())
      continue;
    for (const MachineMemOperand *MMO : MI.memoperands()) {
      const Value *V = MMO->getValue();
      if (!V)
        continue;
      IRAccess A = decompose(SE, V, unsigned(MMO->getSize().hasValue()
                                                  ? MMO->getSize().getValue()
                                                            .getKnownMinValue()
                                                  : 8),
                             Top);
      AccessHome Home = homeOf(A, Inner, N, H, WSLevel, WS, Line, SE);
      Facts.InstrHomes[I] = Home.Level;
      Facts.InstrReuseBytes[I] = Home.ReuseBytes;
      Facts.InstrReusePages[I] = Home.ReusePages;
      Facts.InstrLineSplits[I] =
          lineSplits(A, Line, H.L1AccessBytes.Value);
      Facts.InstrFirstUse[I] = Home.FirstUse;
      Facts.InstrFirstUseBytes[I] = Home.FirstUseBytes;
      break;
    }
  }
  return Facts;
}

namespace {
/// Whether \p L holds a call that stays one in machine code: any call but
/// an intrinsic's (inline assembly included).
bool callsOut(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (CB->isInlineAsm() || !isa<IntrinsicInst>(CB))
          return true;
  return false;
}
} // namespace

void recordNestTripCounts(const Loop &Top, ScalarEvolution &SE,
                          const LoopInfo &LI, const DominatorTree &DT,
                          PreLSRTripCounts &Out) {
  // The line size serves footprints only, which are not taken here.
  Nest N(SE, LI, DT, &Top, /*Line=*/64, /*Recorded=*/nullptr,
         /*BeforeLSR=*/true);
  bool AnyChainCounted = false;
  for (const Loop *Inner : Top.getLoopsInPreorder()) {
    // A loop with a call (or inline assembly) becomes a machine loop with
    // a call, which the machine pass refuses without asking its count
    // (sqlite3.c at -O2: 711 of its 2,298 innermost loops).
    if (!Inner->isInnermost() || callsOut(*Inner))
      continue;
    // As analyzeLoopMemory asks: the loop's count, the enclosing loops' up
    // to the first unknown one, and with all known the nest's iterations.
    double Iters = 1;
    for (const Loop *L = Inner; L && Iters > 0; L = L->getParentLoop()) {
      double T = N.trips(L);
      Out.record(*L, T);
      Iters = T > 0 ? Iters * T : 0;
    }
    if (Iters > 0) {
      std::optional<double> Figure = N.nestFigure(Inner, Iters);
      Out.record(*Inner, N.trips(Inner),
                 Figure ? *Figure : PreLSRTripCounts::NoNestFigure);
      AnyChainCounted = true;
    }
  }
  // A counted chain gets a footprint, which reads the counts of every loop
  // of the nest its accesses move in.
  if (AnyChainCounted)
    for (const Loop *L : Top.getLoopsInPreorder())
      Out.record(*L, N.trips(L));
}

void appendMemoryRemark(RemarkText &T, const KernelReport &R,
                        const LoopMemoryFacts &F) {
  auto fmt0 = [](double V) {
    std::string S;
    raw_string_ostream(S) << format("%.0f", V);
    return S;
  };
  if (!R.Memory || !R.Memory->Applicable) {
    if (!F.Note.empty()) {
      T << "; memory level unknown: ";
      T.nv("MemoryNote", F.Note);
    }
    if (F.ProfileIterations) {
      T << " (profile: ";
      T.nv("ProfileIterations", fmt0(*F.ProfileIterations))
          << " iterations in all)";
    }
    return;
  }
  const LevelPrediction &A = *R.Memory->Applicable;
  auto fmt = [](const char *Fmt, double V) {
    std::string S;
    raw_string_ostream(S) << format(Fmt, V);
    return S;
  };
  T << "; data in ";
  T.nv("MemoryLevel", A.Name);
  if (R.Memory->WorkingSet) {
    T << " (working set ";
    T.nv("WorkingSet", uint64_t(*R.Memory->WorkingSet))
        << " B, " << R.Memory->WorkingSetSource << ")";
  }
  T << ": ";
  T.nv("MemoryCycles", fmt("%.2f", A.cycles()))
      << " cycles/iteration (ECM sum ";
  T.nv("MemoryECM", fmt("%.2f", A.ECM)) << ")";
  std::string V = A.verdict();
  if (!V.empty()) {
    T << ", ";
    T.nv("MemoryVerdict", V);
  }
  if (F.Iterations) {
    T << "; ";
    T.nv("Iterations", fmt("%.0f", *F.Iterations))
        << " iterations per run of the nest";
  }
  if (F.ProfileIterations) {
    T << " (profile: ";
    T.nv("ProfileIterations", fmt0(*F.ProfileIterations))
        << " iterations in all)";
  }
}

} // namespace luarch
