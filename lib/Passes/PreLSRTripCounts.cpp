//===- PreLSRTripCounts.cpp - Trip counts recorded before LSR ------------===//
//
// A legacy loop pass in the codegen IR pipeline, in the loop pass manager
// that runs canon-freeze, IVUsers and LSR on each loop: on the first loop
// of each nest it reaches it counts the whole nest (recordNestTripCounts)
// on the code generator's SCEV. The loop pass manager visits a nest's loops
// one after the other, innermost first, so no loop of the nest has been
// through LSR yet; IVUsers and LSR then find the induction variables'
// SCEVs built. It requires only what LSR requires anyway (loop info,
// dominator tree, SCEV) and preserves everything; without uarch remarks it
// returns at once.
//
//===----------------------------------------------------------------------===//
#include "luarch/Passes/PreLSRTripCounts.h"
#include "luarch/Kernel/ThreadCPUTime.h"
#include "luarch/Passes/LoopStreamsSCEV.h"
#include "luarch/Passes/LoopUArchPass.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopPass.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <mutex>

using namespace llvm;

namespace luarch {

const PreLSRTripCounts::Entry *
PreLSRTripCounts::find(const Loop &L) const {
  const BasicBlock *H = L.getHeader();
  auto It = Loops.find(H);
  if (It == Loops.end())
    return nullptr;
  const Entry &E = It->second;
  const Loop *P = L.getParentLoop();
  // The same block (not one allocated where a deleted header was), at the
  // same depth, in a loop with the same header: the loop that was counted.
  // The passes between LSR and the machine pass (LSR itself,
  // CodeGenPrepare) rewrite exits and split or merge blocks but do not
  // change how often a loop runs; a loop they restructure gets a new
  // header or parent, and SCEV is asked.
  if (E.Header != H || E.Depth != L.getLoopDepth() ||
      E.ParentHeader != static_cast<const Value *>(P ? P->getHeader()
                                                     : nullptr))
    return nullptr;
  return &E;
}

void PreLSRTripCounts::record(const Loop &L, double Trips,
                              std::optional<double> NestIterations) {
  const Loop *P = L.getParentLoop();
  Entry &E = Loops[L.getHeader()];
  E.Header = L.getHeader();
  E.ParentHeader = P ? P->getHeader() : nullptr;
  E.Depth = L.getLoopDepth();
  E.Trips = Trips;
  if (NestIterations)
    E.NestIterations = NestIterations;
}

void PreLSRTripCounts::markNest(const Loop &Top) {
  Nests.insert(Top.getHeader());
}

bool PreLSRTripCounts::hasNest(const Loop &Top) const {
  return Nests.contains(Top.getHeader());
}

void PreLSRTripCounts::merge(PreLSRTripCounts &&Other) {
  for (auto &[Header, E] : Other.Loops)
    Loops[Header] = std::move(E);
  Nests.insert(Other.Nests.begin(), Other.Nests.end());
  Other.Loops.clear();
  Other.Nests.clear();
}

std::optional<double> PreLSRTripCounts::trips(const Loop &L) const {
  if (const Entry *E = find(L))
    return E->Trips;
  return std::nullopt;
}

std::optional<double> PreLSRTripCounts::nestIterations(const Loop &L) const {
  if (const Entry *E = find(L))
    return E->NestIterations;
  return std::nullopt;
}

namespace {

/// The records of the functions between the two passes, by function. The
/// function's handle guards against a record left by a function deleted
/// since (its address reused by another).
struct Registry {
  std::mutex Lock;
  struct Slot {
    WeakVH F;
    std::unique_ptr<PreLSRTripCounts> Counts;
  };
  DenseMap<const Function *, Slot> Records;
};

Registry &registry() {
  static Registry R;
  return R;
}

} // namespace

void updatePreLSRTripCounts(const Function &F,
                            function_ref<void(PreLSRTripCounts &)> Update) {
  Registry &R = registry();
  std::lock_guard<std::mutex> G(R.Lock);
  Registry::Slot &S = R.Records[&F];
  if (!S.Counts || S.F != &F) {
    S.F = const_cast<Function *>(&F);
    S.Counts = std::make_unique<PreLSRTripCounts>();
  }
  Update(*S.Counts);
}

std::unique_ptr<PreLSRTripCounts> takePreLSRTripCounts(const Function &F) {
  Registry &R = registry();
  std::lock_guard<std::mutex> G(R.Lock);
  auto It = R.Records.find(&F);
  if (It == R.Records.end())
    return nullptr;
  std::unique_ptr<PreLSRTripCounts> Counts;
  if (It->second.F == &F)
    Counts = std::move(It->second.Counts);
  R.Records.erase(It);
  return Counts;
}

namespace {

/// -uarch-time-report's figures (ThinLTO: several threads).
struct Report {
  std::atomic<unsigned> Nests{0}, Loops{0};
  std::atomic<unsigned> Sources[3] = {0, 0, 0};
  std::mutex Lock;
  double Seconds = 0;
} TheReport;

} // namespace

void noteCountSource(CountSource S) { ++TheReport.Sources[unsigned(S)]; }

void printPreLSRTripCountsReport(raw_ostream &OS) {
  std::lock_guard<std::mutex> G(TheReport.Lock);
  OS << format("uarch: trip counts before LSR: %u loops in %u nests, %.1f "
               "ms; the memory step took %u loops' counts from them, asked "
               "SCEV after LSR for %u, found %u uncountable from the IR\n",
               TheReport.Loops.load(), TheReport.Nests.load(),
               TheReport.Seconds * 1e3,
               TheReport.Sources[unsigned(CountSource::BeforeLSR)].load(),
               TheReport.Sources[unsigned(CountSource::SCEVAfterLSR)].load(),
               TheReport.Sources[unsigned(CountSource::HopelessAfterLSR)]
                   .load());
}

namespace {

class PreLSRTripCountsPass : public LoopPass {
public:
  static char ID;
  PreLSRTripCountsPass() : LoopPass(ID) {}

  StringRef getPassName() const override {
    return "LoopUArch: trip counts before LSR";
  }

  // What LSR, the next pass but one, requires at this point: no analysis
  // is added to the pipeline (test/lit/Plugin/no-analyses.c).
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<LoopInfoWrapperPass>();
    AU.addRequired<DominatorTreeWrapperPass>();
    AU.addRequired<ScalarEvolutionWrapperPass>();
    AU.setPreservesAll();
  }

  bool runOnLoop(Loop *L, LPPassManager &) override {
    const Function &F = *L->getHeader()->getParent();
    // LSR skips such functions (skipLoop); the machine pass analyses none
    // of them, nor any loop of another target than x86-64.
    const Triple &TT = F.getParent()->getTargetTriple();
    if (F.hasOptNone() || !TT.isX86() || !TT.isArch64Bit() ||
        !wanted(F.getContext()))
      return false;
    const Loop *Top = L->getOutermostLoop();
    bool Done = false;
    updatePreLSRTripCounts(
        F, [&](PreLSRTripCounts &R) { Done = R.hasNest(*Top); });
    if (Done)
      return false;
    ScalarEvolution &SE = getAnalysis<ScalarEvolutionWrapperPass>().getSE();
    LoopInfo &LI = getAnalysis<LoopInfoWrapperPass>().getLoopInfo();
    DominatorTree &DT = getAnalysis<DominatorTreeWrapperPass>().getDomTree();
    double Start = uarchTimeReport() ? threadCPUSeconds() : 0;
    PreLSRTripCounts Counted;
    recordNestTripCounts(*Top, SE, LI, DT, Counted);
    Counted.markNest(*Top);
    if (uarchTimeReport()) {
      std::lock_guard<std::mutex> G(TheReport.Lock);
      TheReport.Seconds += threadCPUSeconds() - Start;
      ++TheReport.Nests;
      TheReport.Loops += Counted.size();
    }
    updatePreLSRTripCounts(
        F, [&](PreLSRTripCounts &R) { R.merge(std::move(Counted)); });
    return false;
  }

private:
  /// memoryAnalysisWanted() for the context it was computed for: it
  /// matches -Rpass regular expressions, and this runs per loop.
  bool wanted(LLVMContext &Ctx) {
    const DiagnosticHandler *Handler = Ctx.getDiagHandlerPtr();
    const remarks::RemarkStreamer *Streamer = Ctx.getMainRemarkStreamer();
    if (WantedCtx != &Ctx || WantedHandler != Handler ||
        WantedStreamer != Streamer) {
      WantedCtx = &Ctx;
      WantedHandler = Handler;
      WantedStreamer = Streamer;
      Wanted = memoryAnalysisWanted(Ctx);
    }
    return Wanted;
  }
  const LLVMContext *WantedCtx = nullptr;
  const DiagnosticHandler *WantedHandler = nullptr;
  const remarks::RemarkStreamer *WantedStreamer = nullptr;
  bool Wanted = false;
};

char PreLSRTripCountsPass::ID = 0;

// TargetPassConfig creates inserted passes by ID from the registry.
RegisterPass<PreLSRTripCountsPass>
    Registration("loop-uarch-trip-counts",
                 "LoopUArch: trip counts before LSR", /*CFGOnly=*/false,
                 /*is_analysis=*/false);

} // namespace

void insertPreLSRTripCountsPass(TargetPassConfig &PassConfig) {
  // canon-freeze is added right before LSR, under the same condition
  // (optimisation on, LSR enabled): after it, the pass shares LSR's loop
  // pass manager.
  PassRegistry &PR = *PassRegistry::getPassRegistry();
  initializeCanonicalizeFreezeInLoopsPass(PR);
  const PassInfo *CanonFreeze = PR.getPassInfo(StringRef("canon-freeze"));
  assert(CanonFreeze && "canon-freeze registered above");
  PassConfig.insertPass(CanonFreeze->getTypeInfo(),
                        &PreLSRTripCountsPass::ID);
}

} // namespace luarch
