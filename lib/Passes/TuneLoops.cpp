//===- TuneLoops.cpp - The model chooses VF, interleave and unroll -------===//
//
// See TuneLoops.h. Per function: find the innermost loops worth tuning,
// give each its candidate list, compile rounds of candidates with
// CandidateCompiler (loops whose surrounding code is shared, i.e. with the
// same parent loop, take turns; the others vary together), score, decide,
// write the metadata, emit remarks.
//
//===----------------------------------------------------------------------===//
#include "luarch/Passes/TuneLoops.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Passes/LoopUArchPass.h"
#include "luarch/Support/Format.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <deque>
#include <set>

using namespace llvm;

#define PASS_NAME "uarch"

namespace luarch {

static cl::OptionCategory TuneCat("LoopUArch loop tuning options (-mllvm)");
static cl::opt<bool> TuneLoops(
    "uarch-tune-loops",
    cl::desc("Let LoopUArch's model choose the vectorization factor, "
             "interleave count and unroll count of innermost loops"),
    cl::cat(TuneCat));
static cl::opt<double> TuneMinGain(
    "uarch-tune-min-gain",
    cl::desc("Override clang only when the best candidate is predicted at "
             "least this many percent faster (default 10)"),
    cl::init(10.0), cl::cat(TuneCat));
static cl::opt<unsigned> TuneTripCount(
    "uarch-tune-trip-count",
    cl::desc("Trip count assumed when neither SCEV nor a profile knows it "
             "(default 100)"),
    cl::init(100), cl::cat(TuneCat));
static cl::opt<unsigned> TuneMaxLoopSize(
    "uarch-tune-max-loop-size",
    cl::desc("Loops with more IR instructions are not tuned (default 200)"),
    cl::init(200), cl::cat(TuneCat));
static cl::opt<unsigned> TuneMaxFunctionSize(
    "uarch-tune-max-function-size",
    cl::desc("Functions with more IR instructions are not tuned (each "
             "candidate compiles the whole function; default 4000)"),
    cl::init(4000), cl::cat(TuneCat));
static cl::opt<unsigned> TuneMaxCompiles(
    "uarch-tune-max-compiles",
    cl::desc("Candidate compilations per function at most (default 64)"),
    cl::init(64), cl::cat(TuneCat));
static cl::opt<unsigned> TuneBudget(
    "uarch-tune-budget",
    cl::desc("Candidate compilations per module, in IR instructions "
             "compiled (function size + 400 per compilation), at most this "
             "percentage of the module's IR instructions, or "
             "-uarch-tune-budget-floor, whichever is larger (default 15)"),
    cl::init(15), cl::cat(TuneCat));
static cl::opt<unsigned> TuneBudgetFloor(
    "uarch-tune-budget-floor",
    cl::desc("Candidate compilations every module may spend, in IR "
             "instructions compiled (default 50000)"),
    cl::init(50000), cl::cat(TuneCat));
static cl::list<std::string> TuneForce(
    "uarch-tune-force",
    cl::desc("Force a candidate on the loop starting at LINE:COL, no "
             "evaluation (e.g. 12:3=8x2, 12:3=u4, 12:3=default); for "
             "measuring every candidate (utils/tune-polybench.py --oracle)"),
    cl::value_desc("line:col=candidate"), cl::CommaSeparated, cl::cat(TuneCat));
static cl::opt<bool> TuneTimeReport(
    "uarch-tune-time-report", cl::Hidden,
    cl::desc("Print the tuner's compilations and time at exit"));

namespace {

/// Processor time (user + system) so far: on a shared machine wall time
/// says more about the neighbours than about the tuner.
double now() { return TimeRecord::getCurrentTime(false).getProcessTime(); }

struct TuneTimes {
  unsigned Functions = 0, Loops = 0, Compiles = 0;
  /// Instructions compiled (function size x rounds), and the module size.
  uint64_t InstructionRounds = 0, ModuleInstructions = 0;
  double Seconds = 0, Optimise = 0, CodeGen = 0, Analysis = 0;
  ~TuneTimes() {
    if (TuneTimeReport && Functions)
      errs() << format("uarch-tune: %u functions, %u loops, %u candidate "
                       "compilations of %llu IR instructions in all (module: "
                       "%llu), %.2f CPU s (optimise %.2f, code generation "
                       "%.2f, prediction %.2f)\n",
                       Functions, Loops, Compiles,
                       (unsigned long long)InstructionRounds,
                       (unsigned long long)ModuleInstructions, Seconds,
                       Optimise, CodeGen, Analysis);
  }
};
TuneTimes Times;

/// The fixed cost of one candidate compilation (pipelines, code generator
/// set-up), in IR instructions: measured as about 400 on a PolyBench main
/// of 104 instructions (46 ms per compilation, 107 us per instruction on
/// SQLite's functions).
constexpr uint64_t CompileOverheadInstructions = 400;

/// What each module may still spend on candidate compilations. A pass
/// instance sees one module at a time per thread (clang: one module;
/// lld's LTO back ends: one per thread).
struct ModuleBudget {
  const Module *M = nullptr;
  std::string Name;
  uint64_t Left = 0;
};

ModuleBudget &budgetFor(const Module &M) {
  thread_local ModuleBudget B;
  if (B.M != &M || B.Name != M.getModuleIdentifier()) {
    B.M = &M;
    B.Name = M.getModuleIdentifier();
    B.Left = std::max<uint64_t>(TuneBudgetFloor,
                                M.getInstructionCount() * TuneBudget / 100);
  }
  return B;
}

std::optional<TuneCandidate> forcedCandidate(const Loop &L) {
  if (TuneForce.empty())
    return std::nullopt;
  DebugLoc DL = L.getStartLoc();
  if (!DL)
    return std::nullopt;
  std::string Here = std::to_string(DL.getLine()) + ":" +
                     std::to_string(DL.getCol()) + "=";
  for (const std::string &Spec : TuneForce)
    if (StringRef(Spec).starts_with(Here))
      return TuneCandidate::parse(StringRef(Spec).drop_front(Here.size()));
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Which loops, which candidates
//===----------------------------------------------------------------------===//

/// Why \p L is not tuned, or empty.
std::string notWorthTuning(Loop &L, ScalarEvolution &SE) {
  if (MDNode *ID = L.getLoopID())
    for (unsigned I = 1; I < ID->getNumOperands(); ++I)
      if (auto *Attr = dyn_cast<MDNode>(ID->getOperand(I)))
        if (Attr->getNumOperands() > 0)
          if (auto *Name = dyn_cast<MDString>(Attr->getOperand(0)))
            if (isTransformationAttribute(Name->getString()))
              return "the loop carries '" + Name->getString().str() +
                     "' (a pragma or an earlier decision is respected)";
  unsigned Size = 0;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      ++Size;
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        if (Call->isInlineAsm())
          return "the loop contains inline assembly";
        auto *II = dyn_cast<IntrinsicInst>(Call);
        if (!II)
          return "the loop contains a call";
        if (isa<MemIntrinsic>(II))
          return "the loop contains a " + II->getCalledFunction()->getName().str();
      }
    }
  if (Size > TuneMaxLoopSize)
    return "the loop has " + std::to_string(Size) +
           " IR instructions (limit -uarch-tune-max-loop-size=" +
           std::to_string(TuneMaxLoopSize) + ")";
  if (!SE.hasLoopInvariantBackedgeTakenCount(&L))
    return "the trip count is not computable (the vectorizer and the "
           "unroller need one)";
  unsigned TC = SE.getSmallConstantTripCount(&L);
  if (TC > 0 && TC < 4)
    return "the loop runs " + std::to_string(TC) + " iterations";
  return "";
}

TripCountEstimate estimateTripCount(Loop &L, ScalarEvolution &SE,
                                    const Function &F) {
  TripCountEstimate T;
  if (unsigned TC = SE.getSmallConstantTripCount(&L)) {
    T.N = TC;
    T.Exact = true;
    T.Source = TripCountSource::Constant;
    return T;
  }
  // Affine in an outer loop with a constant trip count (a triangular
  // nest): the average over the outer loop's iterations.
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(BTC))
    if (AR->isAffine())
      if (auto *Start = dyn_cast<SCEVConstant>(AR->getStart()))
        if (auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)))
          if (unsigned Outer = SE.getSmallConstantTripCount(AR->getLoop())) {
            double Avg = Start->getAPInt().getSExtValue() +
                         Step->getAPInt().getSExtValue() * (Outer - 1) / 2.0;
            if (Avg + 1 >= 1) {
              T.N = Avg + 1;
              T.Source = TripCountSource::OuterAverage;
              return T;
            }
          }
  if (F.hasProfileData())
    if (std::optional<unsigned> P = getLoopEstimatedTripCount(&L))
      if (*P > 0) {
        T.N = *P;
        T.Source = TripCountSource::Profile;
        return T;
      }
  if (unsigned Max = SE.getSmallConstantMaxTripCount(&L))
    if (Max < TuneTripCount) {
      T.N = Max;
      T.Source = TripCountSource::MaxBound;
      return T;
    }
  T.N = TuneTripCount;
  T.Source = TripCountSource::Assumed;
  return T;
}

/// Bits of the narrowest value the loop loads or stores (its other values
/// when it has no memory access): the widest VF worth trying fills a
/// vector register with those.
unsigned narrowestElementBits(const Loop &L) {
  unsigned Mem = 0, Other = 0;
  auto Note = [](unsigned &Min, Type *Ty) {
    if (!Ty->isIntegerTy() && !Ty->isFloatingPointTy() && !Ty->isPointerTy())
      return;
    unsigned Bits = Ty->isPointerTy() ? 64 : Ty->getScalarSizeInBits();
    if (Bits < 8)
      return;
    if (!Min || Bits < Min)
      Min = Bits;
  };
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (auto *LI = dyn_cast<LoadInst>(&I))
        Note(Mem, LI->getType());
      else if (auto *SI = dyn_cast<StoreInst>(&I))
        Note(Mem, SI->getValueOperand()->getType());
      else if (!I.getType()->isVoidTy())
        Note(Other, I.getType());
    }
  return Mem ? Mem : (Other ? Other : 64);
}

/// Whether \p V, computed in \p L, depends on \p Phi through
/// floating-point operations of which one may not be reassociated.
bool inOrderChain(const Value *V, const PHINode &Phi, const Loop &L,
                  DenseMap<const Value *, std::pair<bool, bool>> &Memo) {
  // Memo: {reaches the phi, with an operation that may not be reordered}.
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return false;
  if (I == &Phi)
    return false;
  auto [It, New] = Memo.try_emplace(I, false, false);
  if (!New)
    return It->second.second;
  bool Reaches = false, Exact = false;
  for (const Use &Op : I->operands()) {
    if (Op.get() == &Phi) {
      Reaches = true;
      continue;
    }
    bool SubExact = inOrderChain(Op.get(), Phi, L, Memo);
    auto Sub = Memo.find(Op.get());
    if (Sub != Memo.end() && Sub->second.first) {
      Reaches = true;
      Exact |= SubExact;
    }
  }
  if (Reaches && isa<FPMathOperator>(I) && !I->hasAllowReassoc())
    Exact = true;
  Memo[I] = {Reaches, Exact};
  return Exact;
}

/// Whether \p L has a floating-point reduction without reassociation
/// flags. The vectorizer keeps such a reduction scalar and in order (x86
/// has no ordered vector reductions), unless loop hints allow reordering:
/// a forced width or interleave count does, and would change the results.
/// The recurrence analysis (LLVM's, when the loop is in simplified form)
/// or a floating-point operation without reassociation on the cycle
/// through a header phi (the analysis also wants LCSSA and a dedicated
/// preheader, which the vectorizer makes and this point of the pipeline
/// need not have).
bool hasInOrderFPReduction(Loop &L, ScalarEvolution &SE, DominatorTree &DT,
                           AssumptionCache &AC) {
  bool Simplified = L.getLoopPreheader() && L.getLoopLatch();
  for (PHINode &Phi : L.getHeader()->phis()) {
    if (!Phi.getType()->isFPOrFPVectorTy())
      continue;
    RecurrenceDescriptor RD;
    if (Simplified &&
        RecurrenceDescriptor::isReductionPHI(&Phi, &L, RD, nullptr, &AC, &DT,
                                             &SE) &&
        RD.getExactFPMathInst())
      return true;
    DenseMap<const Value *, std::pair<bool, bool>> Memo;
    for (unsigned In = 0; In < Phi.getNumIncomingValues(); ++In)
      if (L.contains(Phi.getIncomingBlock(In)) &&
          inOrderChain(Phi.getIncomingValue(In), Phi, L, Memo))
        return true;
  }
  return false;
}

std::vector<TuneCandidate> candidatesFor(Loop &L, ScalarEvolution &SE,
                                         DominatorTree &DT, AssumptionCache &AC,
                                         const TargetTransformInfo &TTI,
                                         const TripCountEstimate &Trip,
                                         std::string &Note) {
  std::vector<TuneCandidate> C = {TuneCandidate::clangDefault(),
                                  TuneCandidate::scalar(1)};
  auto Fits = [&](unsigned Elements) {
    return !Trip.Exact || Elements <= Trip.N;
  };
  if (hasInOrderFPReduction(L, SE, DT, AC)) {
    Note = "no vector or interleaved candidates: the loop has a "
           "floating-point reduction kept in order; reordering it would "
           "change the results";
    for (unsigned U : {2u, 4u, 8u})
      if (Fits(U))
        C.push_back(TuneCandidate::scalar(U));
    return C;
  }
  unsigned RegBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  unsigned MaxVF = std::min(64u, RegBits / narrowestElementBits(L));
  // The probe first: when the vectorizer refuses VF 2, it refuses all.
  if (MaxVF >= 2)
    C.push_back(TuneCandidate::vectorize(2, 1));
  for (unsigned VF = 2; VF <= MaxVF; VF *= 2)
    for (unsigned IC : {1u, 2u, 4u, 8u})
      if ((VF != 2 || IC != 1) && Fits(VF * IC))
        C.push_back(TuneCandidate::vectorize(VF, IC));
  for (unsigned IC : {2u, 4u, 8u})
    if (Fits(IC))
      C.push_back(TuneCandidate::vectorize(1, IC));
  for (unsigned U : {2u, 4u, 8u})
    if (Fits(U))
      C.push_back(TuneCandidate::scalar(U));
  return C;
}

std::string locationOf(const Loop &L, const Function &F, unsigned Marker,
                       unsigned &Line, unsigned &Column) {
  if (DebugLoc DL = L.getStartLoc()) {
    Line = DL.getLine();
    Column = DL.getCol();
    std::string File;
    if (auto *Scope = dyn_cast_or_null<DIScope>(DL.getScope()))
      File = Scope->getFilename().str();
    return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
  }
  return F.getName().str() + ", loop " + std::to_string(Marker);
}

//===----------------------------------------------------------------------===//
// Evaluating a compiled candidate
//===----------------------------------------------------------------------===//

struct LoopWork {
  Loop *L = nullptr;
  unsigned Marker = 0;
  int Region = FunctionRegion;
  LoopTuneReport R;
  std::deque<unsigned> Pending;
};

void evaluate(LoopWork &W, unsigned Index, const CandidateCompileResult &Res) {
  CandidateEvaluation &E = W.R.Table[Index];
  const TuneCandidate &C = E.Candidate;
  E.Evaluated = true;
  VectorizerOutcome VO;
  auto It = Res.Vectorizer.find(W.Marker);
  if (It != Res.Vectorizer.end())
    VO = It->second;
  for (const CandidateMachineLoop &ML : Res.Loops)
    if (ML.Marker == W.Marker) {
      E.Loops.push_back(ML);
      // Once the vectorizer has run, every scalar loop is its remainder (or
      // the fallback of its runtime checks), even when the vector loop
      // itself was unrolled away.
      if (VO.Transformed && ML.Role == CandidateLoopRole::Scalar)
        E.Loops.back().Role = CandidateLoopRole::ScalarRemainder;
    }
  if (VO.Transformed) {
    E.VF = VO.VF;
    E.IC = VO.IC;
  }
  unsigned MainHint = 0;
  if (C.IsDefault) {
    E.Feasible = true;
    MainHint = VO.Transformed ? VO.VF * VO.IC : 0;
  } else if (C.VF > 1 || C.IC > 1) {
    E.Feasible = VO.Transformed && VO.VF == C.VF && VO.IC == C.IC;
    if (!E.Feasible)
      E.Note = VO.Transformed
                   ? "the vectorizer made it " + std::to_string(VO.VF) + "x" +
                         std::to_string(VO.IC)
                   : "refused by the vectorizer" +
                         (VO.Reason.empty() ? std::string()
                                            : ": " + VO.Reason);
    MainHint = C.VF * C.IC;
  } else {
    E.Feasible = true;
    for (const CandidateMachineLoop &ML : E.Loops)
      if (ML.InRegion && ML.Role == CandidateLoopRole::Scalar &&
          ML.Elements != C.Unroll) {
        E.Feasible = false;
        E.Note = "the unroller made it x" + std::to_string(ML.Elements);
      }
    MainHint = C.Unroll;
  }
  if (!E.Feasible)
    return;
  for (const CandidateMachineLoop &ML : E.Loops) {
    std::string Why;
    if (ML.InRegion && ML.Role == CandidateLoopRole::Unknown)
      Why = "a machine loop's role is unknown";
    else if (!ML.Error.empty())
      Why = "a loop is not analysed: " + ML.Error;
    else if (ML.UnknownInstructions)
      Why = std::to_string(ML.UnknownInstructions) +
            " instruction(s) unknown to the model";
    else if (ML.SpillInstructions)
      Why = std::to_string(ML.SpillInstructions) +
            " spill/reload instruction(s) in the loop";
    if (!Why.empty() && !E.Unsure) {
      E.Unsure = true;
      E.Note = Why;
    }
  }
  // No main loop left (the vectorizer's or the scalar loop): it was fully
  // unrolled into straight-line code, which is scored by its static bound
  // only, and the loops left are remainders or runtime-check fallbacks
  // whose share of the iterations is a guess (PolyBench atax at SMALL on
  // Zen 4: clang's VF 8 x 4 unrolled away, its x4 scalar fallback counted
  // as a 7-iteration remainder; the candidates chosen against it ran 8-13%
  // slower).
  bool HasMain = any_of(E.Loops, [](const CandidateMachineLoop &ML) {
    return ML.InRegion && (ML.Role == CandidateLoopRole::VectorBody ||
                           ML.Role == CandidateLoopRole::Scalar);
  });
  // A candidate then never wins; clang's choice is scored in the way most
  // favourable to it (its leftover iterations in the unrolled code, none in
  // the remainder loops), so it is only overridden when it loses anyway.
  bool OptimisticDefault = !HasMain && C.IsDefault;
  if (!HasMain && !C.IsDefault && !E.Unsure) {
    E.Unsure = true;
    E.Note = "its main loop was fully unrolled: straight-line code is "
             "scored by a static bound only";
  }
  if (OptimisticDefault && E.Note.empty())
    E.Note = "its main loop was fully unrolled: scored without its "
             "remainder loops (the most favourable case)";
  auto Region = Res.RegionCycles.find(W.Region);
  if (Region == Res.RegionCycles.end()) {
    E.Unsure = true;
    if (E.Note.empty())
      E.Note = "the code around the loop was not found";
  } else {
    E.RegionCycles = Region->second;
  }
  // The loops inside the parent's machine loop, one group per copy of the
  // code (an unrolled parent holds several): each copy is one entry.
  std::map<std::string, std::vector<size_t>> Copies;
  for (size_t I = 0; I < E.Loops.size(); ++I)
    if (E.Loops[I].InRegion)
      Copies[E.Loops[I].Copy].push_back(I);
  E.Iterations.assign(E.Loops.size(), 0.0);
  double Cycles = E.RegionCycles;
  for (auto &[Copy, Indices] : Copies) {
    std::vector<ScoredLoop> Scored;
    for (size_t I : Indices) {
      ScoredLoop S;
      S.Role = E.Loops[I].Role;
      S.Elements = E.Loops[I].Elements;
      S.Cycles = E.Loops[I].Cycles;
      Scored.push_back(S);
    }
    std::vector<double> Iters = iterationsPerEntry(Scored, W.R.Trip, MainHint);
    if (OptimisticDefault)
      std::fill(Iters.begin(), Iters.end(), 0.0);
    for (size_t J = 0; J < Indices.size(); ++J) {
      E.Iterations[Indices[J]] = Iters[J];
      Cycles += Iters[J] * Scored[J].Cycles;
    }
  }
  // One iteration of the parent's machine loop enters the loop once per
  // source iteration of the parent it runs.
  unsigned ParentElements = 1;
  auto PE = Res.RegionElements.find(W.Region);
  if (PE != Res.RegionElements.end())
    ParentElements = PE->second;
  E.Entries = std::max<unsigned>({1u, ParentElements, unsigned(Copies.size())});
  E.RegionCycles /= E.Entries;
  E.CyclesPerEntry = Cycles / E.Entries;
}

/// Drops the candidates the first results rule out.
void prune(LoopWork &W, unsigned Index) {
  const CandidateEvaluation &E = W.R.Table[Index];
  auto Drop = [&](auto Pred, const char *Why) {
    for (auto It = W.Pending.begin(); It != W.Pending.end();) {
      if (Pred(W.R.Table[*It].Candidate)) {
        W.R.Table[*It].Note = Why;
        It = W.Pending.erase(It);
      } else {
        ++It;
      }
    }
  };
  if (E.Candidate.IsDefault && E.Unsure)
    Drop([](const TuneCandidate &) { return true; },
         "not evaluated: the model is unsure about clang's choice");
  if (!E.Candidate.IsDefault && E.Candidate.VF == 2 && E.Candidate.IC == 1 &&
      !E.Feasible && StringRef(E.Note).starts_with("refused"))
    Drop([](const TuneCandidate &C) { return C.VF > 1 || C.IC > 1; },
         "not evaluated: the vectorizer refused VF 2");
  // Under a budget the candidates closest to clang's choice matter most:
  // evaluate them first (the base and the probe stay in front).
  if (E.Candidate.IsDefault && E.Evaluated) {
    unsigned Unroll = 1;
    for (const CandidateMachineLoop &ML : E.Loops)
      if (ML.InRegion && ML.Role == CandidateLoopRole::Scalar)
        Unroll = ML.Elements;
    auto Distance = [&](const TuneCandidate &C) {
      return std::abs(int(Log2_32(C.VF)) - int(Log2_32(E.VF))) +
             std::abs(int(Log2_32(C.IC)) - int(Log2_32(E.IC))) +
             std::abs(int(Log2_32(C.Unroll)) - int(Log2_32(Unroll)));
    };
    auto First = W.Pending.begin();
    while (First != W.Pending.end() &&
           (W.R.Table[*First].Candidate.isScalar() ||
            (W.R.Table[*First].Candidate.VF == 2 &&
             W.R.Table[*First].Candidate.IC == 1)) &&
           First - W.Pending.begin() < 2)
      ++First;
    std::stable_sort(First, W.Pending.end(), [&](unsigned A, unsigned B) {
      return Distance(W.R.Table[A].Candidate) <
             Distance(W.R.Table[B].Candidate);
    });
  }
}

//===----------------------------------------------------------------------===//
// Deciding
//===----------------------------------------------------------------------===//

void decide(LoopTuneReport &R) {
  std::vector<CandidateEvaluation> &T = R.Table;
  // Per source iteration, without the code around the plain scalar loop
  // (which every candidate has): the scalar candidate's, else the least.
  auto Usable = [](const CandidateEvaluation &E) {
    return E.Evaluated && E.Feasible && !E.Unsure;
  };
  double Base = 0;
  bool HaveBase = false;
  if (T.size() > 1 && Usable(T[1]) && T[1].Candidate.isScalar() &&
      T[1].Candidate.Unroll == 1) {
    Base = T[1].RegionCycles;
    HaveBase = true;
  }
  for (const CandidateEvaluation &E : T)
    if (!HaveBase && Usable(E) && (Base == 0 || E.RegionCycles < Base))
      Base = E.RegionCycles;
  for (CandidateEvaluation &E : T)
    if (E.Evaluated && E.Feasible)
      E.CyclesPerElement =
          (E.CyclesPerEntry - Base) / std::max(1.0, R.Trip.N);
  // Straight-line code is scored by its static bound, a lower bound (no
  // simulation, no front-end cost of a long body). A candidate whose
  // prediction rests mostly on straight-line code it adds (a fully
  // unrolled vector loop) may look cheaper than it runs: PolyBench atax at
  // SMALL, 4 x 31 iterations unrolled, predicted 55% faster than clang's
  // choice, ran 8% slower on Zen 4. Such a candidate never overrides.
  for (size_t I = 1; I < T.size(); ++I) {
    CandidateEvaluation &E = T[I];
    if (!Usable(E))
      continue;
    double Added = E.RegionCycles - Base;
    double Work = E.CyclesPerEntry - Base;
    if (Work > 0 && Added > 0.5 * Work) {
      E.Unsure = true;
      E.Note = "most of its predicted cycles (" + fmt2(Added) + " of " +
               fmt2(Work) +
               ") are straight-line code, scored by a static bound only";
    }
  }
  R.Default = 0;
  const CandidateEvaluation &D = T[0];
  if (!D.Evaluated) {
    R.Kept = StringRef(D.Note).starts_with("not evaluated: ")
                 ? D.Note.substr(strlen("not evaluated: "))
                 : "clang's choice could not be compiled: " + D.Note;
    return;
  }
  if (D.Unsure) {
    R.Kept = "the model is unsure about clang's choice: " + D.Note;
    return;
  }
  int Best = 0;
  for (size_t I = 1; I < T.size(); ++I)
    if (T[I].Evaluated && T[I].Feasible && !T[I].Unsure &&
        T[I].CyclesPerEntry < T[Best].CyclesPerEntry)
      Best = I;
  R.Best = Best;
  if (Best == 0) {
    R.Kept = "clang's choice is predicted best";
    return;
  }
  const CandidateEvaluation &B = T[Best];
  R.Gain = D.CyclesPerEntry > 0 ? 1 - B.CyclesPerEntry / D.CyclesPerEntry : 0;
  if (B.describeCode() == D.describeCode()) {
    R.Kept = "the best candidate, " + B.Candidate.str() +
             ", is clang's own choice";
    return;
  }
  if (R.Gain * 100 < TuneMinGain) {
    R.Kept = "the best candidate, " + B.Candidate.str() + " (" +
             fmt2(B.CyclesPerElement) + " cycles/element), is " +
             fmt2(R.Gain * 100) + "% better, below -uarch-tune-min-gain=" +
             fmt2(TuneMinGain);
    return;
  }
}

void applyCandidate(Loop &L, const TuneCandidate &C) {
  LLVMContext &Ctx = L.getHeader()->getContext();
  SmallVector<Metadata *, 8> Keep;
  SmallVector<Metadata *, 2> Extra;
  if (MDNode *Old = L.getLoopID())
    for (unsigned Op = 1; Op < Old->getNumOperands(); ++Op) {
      Metadata *M = Old->getOperand(Op);
      Keep.push_back(M);
      if (auto *Attr = dyn_cast<MDNode>(M))
        if (Attr->getNumOperands() == 1)
          if (auto *Name = dyn_cast<MDString>(Attr->getOperand(0)))
            if (Name->getString() == "llvm.loop.mustprogress")
              Extra.push_back(M);
    }
  L.setLoopID(makeLoopID(Ctx, Keep, candidateLoopAttributes(Ctx, C, Extra)));
}

//===----------------------------------------------------------------------===//
// Remarks
//===----------------------------------------------------------------------===//

std::string tableText(const LoopTuneReport &R) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "candidates (trip count " << R.Trip.describe() << ", " << R.CPU
     << (R.CandidateNote.empty() ? "" : "; " + R.CandidateNote) << "):";
  for (size_t I = 0; I < R.Table.size(); ++I) {
    const CandidateEvaluation &E = R.Table[I];
    OS << " " << E.Candidate.shortStr();
    if (E.Candidate.IsDefault && E.Evaluated)
      OS << " [" << E.describeCode() << "]";
    OS << ": ";
    if (!E.Evaluated)
      OS << (E.Note.empty() ? "not evaluated" : E.Note);
    else if (!E.Feasible)
      OS << "infeasible (" << E.Note << ")";
    else {
      OS << fmt2(E.CyclesPerElement) << " cycles/element";
      if (E.Unsure)
        OS << " (unsure: " << E.Note << ")";
    }
    OS << ";";
  }
  return S;
}

void emitRemarks(OptimizationRemarkEmitter &ORE, const Loop &L,
                 const LoopTuneReport &R) {
  DebugLoc Loc = L.getStartLoc();
  BasicBlock *Header = L.getHeader();
  if (!R.Skipped.empty()) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(PASS_NAME, "NotTuned", Loc, Header)
             << "loop not tuned: " << ore::NV("Reason", R.Skipped);
    });
    return;
  }
  if (R.Changed) {
    const CandidateEvaluation &B = R.Table[R.Best];
    const CandidateEvaluation &D = R.Table[R.Default];
    ORE.emit([&] {
      OptimizationRemark Rem(PASS_NAME, "Tuned", Loc, Header);
      Rem << B.Candidate.str() << ": predicted "
          << ore::NV("CyclesPerElement", fmt2(B.CyclesPerElement))
          << " cycles/element; clang's choice "
          << ore::NV("ClangChoice", D.describeCode()) << ": "
          << ore::NV("ClangCyclesPerElement", fmt2(D.CyclesPerElement))
          << " (" << ore::NV("Gain", fmt2(R.Gain * 100))
          << "% fewer cycles; trip count " << ore::NV("TripCount",
                                                       R.Trip.describe())
          << "; " << ore::NV("CPU", R.CPU) << ")" << ore::setExtraArgs()
          << ore::NV("VF", B.Candidate.VF) << ore::NV("IC", B.Candidate.IC)
          << ore::NV("Unroll", B.Candidate.Unroll);
      return Rem;
    });
  } else if (R.Table.size() == 1) {
    // A forced candidate was kept as clang's choice: nothing to say.
  } else {
    const CandidateEvaluation &D = R.Table[R.Default < 0 ? 0 : R.Default];
    ORE.emit([&] {
      OptimizationRemarkMissed Rem(PASS_NAME, "ClangChoiceKept", Loc, Header);
      Rem << "clang's choice kept";
      if (D.Evaluated && D.Feasible)
        Rem << " (" << ore::NV("ClangChoice", D.describeCode()) << ": "
            << ore::NV("ClangCyclesPerElement", fmt2(D.CyclesPerElement))
            << " cycles/element)";
      Rem << ": " << ore::NV("Reason", R.Kept);
      return Rem;
    });
  }
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(PASS_NAME, "TuneCandidates", Loc, Header)
           << ore::NV("Candidates", tableText(R));
  });
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The model for \p F, or why there is none: -uarch-mcpu, else its
/// target-cpu. Unlike the remarks, tuning does not fall back to the host:
/// tuning code for one CPU with another's model would be a guess.
Expected<const MachineModel &> tuningModelFor(const Function &F,
                                              const MachineModel *Given) {
  if (Given)
    return *Given;
  std::string Override = uarchCPUOption();
  if (!Override.empty())
    return getMachineModel(Override);
  StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
  auto M = getMachineModel(CPU.empty() ? StringRef("none") : CPU);
  if (M)
    return M;
  consumeError(M.takeError());
  return createStringError(
      inconvertibleErrorCode(),
      "no LoopUArch model for target-cpu '%s' (use -march=<cpu> or "
      "-mllvm -uarch-mcpu=<cpu>)",
      CPU.empty() ? "none" : CPU.str().c_str());
}

} // namespace

std::string CandidateEvaluation::describeCode() const {
  if (VF > 1 || IC > 1) {
    std::string S = VF > 1 ? "vectorized x" + std::to_string(VF)
                           : std::string("scalar");
    if (IC > 1)
      S += ", interleaved x" + std::to_string(IC);
    return S;
  }
  unsigned Unroll = 1;
  for (const CandidateMachineLoop &ML : Loops)
    if (ML.InRegion && ML.Role == CandidateLoopRole::Scalar)
      Unroll = ML.Elements;
  if (Loops.empty() && !Candidate.IsDefault)
    Unroll = Candidate.Unroll;
  if (Loops.empty() && Candidate.IsDefault)
    return "not vectorized";
  return Unroll > 1 ? "scalar, unrolled x" + std::to_string(Unroll)
                    : "scalar, not unrolled";
}

void printTuneReport(raw_ostream &OS, const LoopTuneReport &R) {
  OS << "Loop " << R.Where << " (" << R.Function << ")\n";
  if (!R.Skipped.empty()) {
    OS << "  not tuned: " << R.Skipped << "\n\n";
    return;
  }
  OS << "  trip count: " << R.Trip.describe() << "; model: " << R.CPU
     << "; " << R.Compiles << " compilations of the function, "
     << format("%.2f", R.Seconds) << " s\n";
  if (!R.CandidateNote.empty())
    OS << "  " << R.CandidateNote << "\n";
  OS << format("  %-9s %-30s %10s %10s  %s\n", "candidate", "code",
               "cyc/elem", "cyc/entry", "machine loops (role: cycles/iter x "
               "elements, iterations per entry) | notes");
  for (size_t I = 0; I < R.Table.size(); ++I) {
    const CandidateEvaluation &E = R.Table[I];
    std::string Mark = int(I) == R.Best && R.Best != R.Default
                           ? (R.Changed ? "*" : "+")
                           : " ";
    if (!E.Evaluated || !E.Feasible) {
      OS << format(" %s%-9s %-30s %10s %10s  %s\n", Mark.c_str(),
                   E.Candidate.shortStr().c_str(), "-", "-", "-",
                   (E.Evaluated ? "infeasible: " + E.Note
                                : (E.Note.empty() ? std::string("not evaluated")
                                                  : E.Note))
                       .c_str());
      continue;
    }
    std::string Loops;
    for (size_t L = 0; L < E.Loops.size(); ++L) {
      const CandidateMachineLoop &ML = E.Loops[L];
      if (!ML.InRegion)
        continue;
      Loops += (Loops.empty() ? "" : "; ") +
               std::string(candidateLoopRoleName(ML.Role)) + ML.Copy + ": " +
               (ML.Error.empty() ? fmt2(ML.Cycles) : std::string("?")) +
               " x" + std::to_string(ML.Elements) + ", " +
               fmt2(L < E.Iterations.size() ? E.Iterations[L] : 0);
    }
    Loops += " | around " + fmt2(E.RegionCycles);
    if (E.Entries > 1)
      Loops += " | parent unrolled x" + std::to_string(E.Entries);
    if (E.Unsure)
      Loops += " | unsure: " + E.Note;
    else if (!E.Note.empty())
      Loops += " | " + E.Note;
    OS << format(" %s%-9s %-30s %10s %10s  %s\n", Mark.c_str(),
                 E.Candidate.shortStr().c_str(), E.describeCode().c_str(),
                 fmt2(E.CyclesPerElement).c_str(),
                 fmt2(E.CyclesPerEntry).c_str(), Loops.c_str());
  }
  if (R.Changed)
    OS << "  decision: " << R.Table[R.Best].Candidate.str() << " ("
       << format("%.1f", R.Gain * 100) << "% fewer cycles than clang's "
       << "choice)\n\n";
  else
    OS << "  decision: clang's choice kept: " << R.Kept << "\n\n";
}

bool tuneLoopsRequested() { return TuneLoops || !TuneForce.empty(); }

PreservedAnalyses TuneLoopsPass::run(Function &F,
                                     FunctionAnalysisManager &FAM) {
  if (!Opts.Sink && !tuneLoopsRequested())
    return PreservedAnalyses::all();
  if (F.isDeclaration() || F.hasOptNone() || F.hasOptSize() ||
      Level.getSpeedupLevel() < 2)
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return PreservedAnalyses::all();
  double T0 = now();
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  OptimizationRemarkEmitter &ORE =
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  AssumptionCache &AC = FAM.getResult<AssumptionAnalysis>(F);
  auto &MAMProxy = FAM.getResult<ModuleAnalysisManagerFunctionProxy>(F);
  ProfileSummaryInfo *PSI =
      MAMProxy.getCachedResult<ProfileSummaryAnalysis>(*F.getParent());
  BlockFrequencyInfo *BFI =
      F.hasProfileData() ? &FAM.getResult<BlockFrequencyAnalysis>(F) : nullptr;

  SmallVector<Loop *, 8> Innermost;
  for (Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost())
      Innermost.push_back(L);

  auto Report = [&](Loop &L, LoopTuneReport &R) {
    emitRemarks(ORE, L, R);
    if (Opts.Sink)
      Opts.Sink(R);
  };

  // Forced candidates (the oracle): applied as given, nothing compiled.
  SmallVector<Loop *, 8> ToTune;
  for (Loop *L : Innermost) {
    if (std::optional<TuneCandidate> C = forcedCandidate(*L)) {
      if (!C->IsDefault && Opts.Apply) {
        applyCandidate(*L, *C);
      }
      ORE.emit([&] {
        return OptimizationRemark(PASS_NAME, "Forced", L->getStartLoc(),
                                  L->getHeader())
               << "forced by -uarch-tune-force: " << C->str();
      });
      continue;
    }
    if (TuneLoops || Opts.Sink)
      ToTune.push_back(L);
  }
  // Only loop metadata ever changes: every analysis stays valid.
  if (ToTune.empty())
    return PreservedAnalyses::all();

  std::string Unsupported;
  const Triple &TT = F.getParent()->getTargetTriple();
  Expected<const MachineModel &> Model = tuningModelFor(F, Opts.Model);
  if (!TT.isX86() || !TT.isArch64Bit()) {
    Unsupported = "LoopUArch models x86-64 only (target '" + TT.str() + "')";
    if (!Model)
      consumeError(Model.takeError());
  } else if (!Model) {
    Unsupported = toString(Model.takeError());
  } else if (F.getInstructionCount() > TuneMaxFunctionSize) {
    Unsupported = "the function has " +
                  std::to_string(F.getInstructionCount()) +
                  " IR instructions (limit -uarch-tune-max-function-size=" +
                  std::to_string(TuneMaxFunctionSize) + ")";
  }

  std::vector<LoopWork> Work;
  std::unique_ptr<CandidateCompiler> CC;
  for (Loop *L : ToTune) {
    LoopWork W;
    W.L = L;
    W.R.Function = F.getName().str();
    W.R.Skipped = Unsupported;
    if (W.R.Skipped.empty())
      W.R.Skipped = notWorthTuning(*L, SE);
    if (W.R.Skipped.empty() && PSI && BFI &&
        PSI->isColdBlock(L->getHeader(), BFI))
      W.R.Skipped = "the loop is cold (profile)";
    if (W.R.Skipped.empty() && !CC) {
      auto Created = CandidateCompiler::create(F, LI, Level, *Model);
      if (!Created)
        Unsupported = "the function cannot be copied for compiling "
                      "candidates: " +
                      toString(Created.takeError());
      else
        CC = std::move(*Created);
      W.R.Skipped = Unsupported;
    }
    W.Marker = CC ? CC->markerOf(L) : 0;
    W.R.Where = locationOf(*L, F, W.Marker, W.R.Line, W.R.Column);
    if (!W.R.Skipped.empty()) {
      Report(*L, W.R);
      continue;
    }
    W.Region = L->getParentLoop() ? int(CC->markerOf(L->getParentLoop()))
                                  : FunctionRegion;
    W.R.CPU = Model->Name;
    W.R.Trip = estimateTripCount(*L, SE, F);
    for (const TuneCandidate &C :
         candidatesFor(*L, SE, DT, AC, TTI, W.R.Trip, W.R.CandidateNote)) {
      CandidateEvaluation E;
      E.Candidate = C;
      W.Pending.push_back(W.R.Table.size());
      W.R.Table.push_back(E);
    }
    Work.push_back(std::move(W));
  }

  // Rounds: loops of different regions vary together; within a region one
  // loop at a time, the others keep clang's choice.
  unsigned Compiles = 0;
  double CompileSeconds = 0;
  ModuleBudget &Budget = budgetFor(*F.getParent());
  uint64_t RoundCost = F.getInstructionCount() + CompileOverheadInstructions;
  bool OverBudget = false;
  while (CC && Compiles < TuneMaxCompiles) {
    if (RoundCost > Budget.Left) {
      OverBudget = true;
      break;
    }
    std::map<unsigned, TuneCandidate> Forced;
    std::map<unsigned, int> RegionOf;
    std::vector<std::pair<LoopWork *, unsigned>> Round;
    std::set<int> Regions;
    for (LoopWork &W : Work) {
      if (W.Pending.empty() || Regions.count(W.Region))
        continue;
      unsigned Index = W.Pending.front();
      W.Pending.pop_front();
      Forced[W.Marker] = W.R.Table[Index].Candidate;
      RegionOf[W.Marker] = W.Region;
      Round.push_back({&W, Index});
      Regions.insert(W.Region);
    }
    if (Round.empty())
      break;
    Expected<CandidateCompileResult> Res = CC->compile(Forced, RegionOf);
    ++Compiles;
    Budget.Left -= RoundCost;
    Times.InstructionRounds += F.getInstructionCount();
    if (!Res) {
      std::string Msg = toString(Res.takeError());
      for (auto &[W, Index] : Round) {
        W->R.Table[Index].Evaluated = true;
        W->R.Table[Index].Note = "compilation failed: " + Msg;
      }
      continue;
    }
    CompileSeconds += Res->Seconds;
    Times.Optimise += Res->OptimiseSeconds;
    Times.CodeGen += Res->CodeGenSeconds;
    Times.Analysis += Res->AnalysisSeconds;
    for (auto &[W, Index] : Round) {
      evaluate(*W, Index, *Res);
      prune(*W, Index);
    }
  }

  for (LoopWork &W : Work) {
    for (unsigned Index : W.Pending)
      W.R.Table[Index].Note =
          OverBudget ? "not evaluated: the module's compile budget "
                       "(-uarch-tune-budget) is spent"
                     : "not evaluated: -uarch-tune-max-compiles=" +
                           std::to_string(TuneMaxCompiles) + " reached";
    W.R.Compiles = Compiles;
    W.R.Seconds = CompileSeconds;
    decide(W.R);
    if (W.R.Kept.empty() && W.R.Best > 0 && Opts.Apply) {
      applyCandidate(*W.L, W.R.Table[W.R.Best].Candidate);
      W.R.Changed = true;
    } else if (W.R.Kept.empty()) {
      W.R.Kept = "report only";
    }
    Report(*W.L, W.R);
  }
  if (!Times.ModuleInstructions)
    Times.ModuleInstructions = F.getParent()->getInstructionCount();
  ++Times.Functions;
  Times.Loops += Work.size();
  Times.Compiles += Compiles;
  Times.Seconds += now() - T0;
  return PreservedAnalyses::all();
}

void registerTuneLoops(PassBuilder &PB, TuneLoopsOptions Opts) {
  PB.registerVectorizerStartEPCallback(
      [Opts](FunctionPassManager &FPM, OptimizationLevel Level) {
        FPM.addPass(TuneLoopsPass(Level, Opts));
      });
}

} // namespace luarch
