//===- LoopUArchPass.cpp - Remarks for every innermost loop --------------===//
#include "luarch/Passes/LoopUArchPass.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Passes/LoopStreamsSCEV.h"
#include "luarch/Passes/MachineLoopKernel.h"
#include "luarch/Report/Pipeline.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>

using namespace llvm;

#define PASS_NAME "uarch"

namespace luarch {

static cl::OptionCategory UArchCat("LoopUArch remark options (-mllvm)");
static cl::opt<std::string>
    UArchCPU("uarch-mcpu",
             cl::desc("CPU model for uarch remarks (LLVM -mcpu name); "
                      "default: the function's target-cpu, else the host"),
             cl::cat(UArchCat));
static cl::opt<unsigned> UArchIterations(
    "uarch-iterations",
    cl::desc("Simulate at most this many iterations (0 = until a steady "
             "state, capped)"),
    cl::init(0), cl::cat(UArchCat));
static cl::opt<bool> UArchStaticOnly(
    "uarch-static", cl::desc("Static bounds only, no simulation"),
    cl::cat(UArchCat));
static cl::opt<bool> UArchSensitivity(
    "uarch-sensitivity",
    cl::desc("Run the sensitivity sweep and name the top resource (costs "
             "tens of ms per loop)"),
    cl::cat(UArchCat));
static cl::opt<bool> UArchVerbose(
    "uarch-verbose",
    cl::desc("List each loop's instructions with their decoding in the "
             "-Rpass-analysis=uarch remark"),
    cl::cat(UArchCat));
static cl::opt<bool> UArchTimeReport(
    "uarch-time-report", cl::Hidden,
    cl::desc("Print the time spent in each stage of the pass at exit"));
static cl::opt<unsigned> UArchMaxInstructions(
    "uarch-max-instructions",
    cl::desc("Loops with more machine instructions get a missed remark"),
    cl::init(2000), cl::cat(UArchCat));

namespace {

/// Time per stage (-uarch-time-report), printed when the process exits.
struct StageTimes {
  double Kernel = 0, Analysis = 0, Remarks = 0;
  unsigned Loops = 0;
  ~StageTimes() {
    if (UArchTimeReport && Loops)
      errs() << format("uarch: %u loops, kernel %.1f ms, analysis %.1f ms, "
                       "remarks %.1f ms\n",
                       Loops, Kernel * 1e3, Analysis * 1e3, Remarks * 1e3);
  }
};
StageTimes Times;

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Decoders per (triple, CPU), shared by every function of the process:
/// building the MC layer and parsing a uops.info table happen once.
struct DecoderCache {
  struct Entry {
    std::unique_ptr<TargetContext> TC;
    std::unique_ptr<UopDecoder> Decoder;
  };
  std::mutex Lock;
  std::map<std::string, Entry> Entries;

  Expected<Entry *> get(StringRef Triple, const MachineModel &M) {
    std::lock_guard<std::mutex> G(Lock);
    std::string Key = Triple.str() + "|" + M.Name;
    auto It = Entries.find(Key);
    if (It != Entries.end())
      return &It->second;
    auto TC = TargetContext::create(Triple, M.Name);
    if (!TC)
      return TC.takeError();
    Entry E;
    E.TC = std::move(*TC);
    E.Decoder = std::make_unique<UopDecoder>(M, *E.TC);
    return &Entries.emplace(Key, std::move(E)).first->second;
  }
};

DecoderCache &decoders() {
  static DecoderCache Cache;
  return Cache;
}

const LoopKernelSink *GlobalSink = nullptr;

/// The model for \p F: -uarch-mcpu, else its target-cpu when modelled, else
/// the host's. \p Why tells which, for the remark.
Expected<const MachineModel &> modelFor(const Function &F, std::string &Why) {
  if (!UArchCPU.empty())
    return getMachineModel(UArchCPU);
  StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
  if (!CPU.empty()) {
    auto M = getMachineModel(CPU);
    if (M)
      return M;
    consumeError(M.takeError());
  }
  std::string Note;
  auto Host = getMachineModel("native", &Note);
  if (Host)
    Why = "target-cpu '" + (CPU.empty() ? std::string("none") : CPU.str()) +
          "' has no model; using the host's, " + Host->Name;
  return Host;
}

std::string fmt2(double V) {
  std::string S;
  raw_string_ostream(S) << format("%.2f", V);
  return S;
}

class LoopUArchPass : public MachineFunctionPass {
public:
  static char ID;
  explicit LoopUArchPass(const LoopKernelSink *Sink = nullptr)
      : MachineFunctionPass(ID), Sink(Sink ? Sink : GlobalSink) {}

  StringRef getPassName() const override {
    return "LoopUArch: cycles per iteration of innermost loops";
  }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  const LoopKernelSink *Sink;
  void analyseLoop(MachineFunction &MF, MachineLoop &L,
                   MachineOptimizationRemarkEmitter &ORE);
};

char LoopUArchPass::ID = 0;

bool LoopUArchPass::runOnMachineFunction(MachineFunction &MF) {
  auto &ORE = getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();
  // Without a consumer, do nothing at all: the plugin costs nothing unless
  // -Rpass*=uarch or an optimization record asks for it.
  if (!Sink && !ORE.allowExtraAnalysis(PASS_NAME))
    return false;
  auto &MLI = getAnalysis<MachineLoopInfoWrapperPass>().getLI();
  SmallVector<MachineLoop *, 8> Worklist(MLI.begin(), MLI.end());
  while (!Worklist.empty()) {
    MachineLoop *L = Worklist.pop_back_val();
    if (!L->isInnermost()) {
      Worklist.append(L->begin(), L->end());
      continue;
    }
    analyseLoop(MF, *L, ORE);
  }
  return false;
}

void LoopUArchPass::analyseLoop(MachineFunction &MF, MachineLoop &L,
                                MachineOptimizationRemarkEmitter &ORE) {
  const Function &F = MF.getFunction();
  MachineBasicBlock *Header = L.getHeader();
  DebugLoc Loc = L.getStartLoc();
  auto missed = [&](const std::string &Why) {
    if (Sink) {
      if (Sink->Unsupported)
        Sink->Unsupported(MF.getName().str(), Why);
      return;
    }
    ORE.emit([&] {
      return MachineOptimizationRemarkMissed(PASS_NAME, "NotAnalysed", Loc,
                                             Header)
             << "loop not analysed: " << Why;
    });
  };

  std::string CPUWhy;
  Expected<const MachineModel &> Model = modelFor(F, CPUWhy);
  if (!Model)
    return missed(toString(Model.takeError()));
  std::string Triple = F.getParent()->getTargetTriple().str();
  auto Entry = decoders().get(Triple, *Model);
  if (!Entry)
    return missed(toString(Entry.takeError()));
  const TargetContext &TC = *(*Entry)->TC;
  double T0 = now();
  Expected<Kernel> K = kernelFromMachineLoop(MF, L, TC);
  Times.Kernel += now() - T0;
  if (!K)
    return missed(toString(K.takeError()));
  if (K->size() > UArchMaxInstructions)
    return missed("the loop has " + std::to_string(K->size()) +
                  " instructions (limit -uarch-max-instructions=" +
                  std::to_string(UArchMaxInstructions) + ")");
  if (Sink) {
    if (Sink->Loop)
      Sink->Loop(std::move(*K), Model->Name);
    return;
  }

  PipelineOptions PO;
  PO.Simulate = !UArchStaticOnly;
  PO.Sim.MaxIterations = UArchIterations;
  PO.Sim.StopAtSteadyState = UArchIterations == 0;
  PO.Sensitivity = PO.Simulate && UArchSensitivity;
  PO.SensitivityOpts.Sim = PO.Sim;
  // Beyond L1: the working set and each access's level from SCEV.
  LoopMemoryFacts MemFacts = analyzeLoopMemory(
      MF, *Header, [&](const MachineBasicBlock &B) { return L.contains(&B); },
      *K, Model->MemoryHierarchy);
  PO.Memory = PO.Simulate && MemFacts.WorkingSet.has_value();
  PO.MemoryOpts.WorkingSet = MemFacts.WorkingSet;
  PO.MemoryOpts.WorkingSetSource = "SCEV";
  PO.MemoryOpts.InstrHomes = MemFacts.InstrHomes;
  PO.MemoryOpts.InstrReuseBytes = MemFacts.InstrReuseBytes;
  PO.MemoryOpts.AllLevels = false;
  PO.MemoryOpts.Sensitivity = PO.Sensitivity;
  PO.MemoryOpts.Sim = PO.Sim;
  double T1 = now();
  KernelReport R = analyzeKernel(*K, *(*Entry)->Decoder, PO);
  double T2 = now();
  Times.Analysis += T2 - T1;
  ++Times.Loops;

  unsigned Unknown = 0;
  for (const DecodedInstr &D : R.Decoded)
    Unknown += D.Source == DecodeSource::Unsupported;
  std::string Bound;
  for (BoundKind B : R.Static.Limiters)
    Bound += (Bound.empty() ? "" : "+") + boundKindName(B).str();
  std::string Bottleneck = R.bottleneck();

  ORE.emit([&] {
    MachineOptimizationRemark Rem(PASS_NAME, "LoopThroughput", Loc, Header);
    Rem << "loop: " << ore::NV("Cycles", fmt2(R.cyclesPerIteration()))
        << " cycles/iteration ("
        << (R.Sim ? "simulated; static bound " : "static bound ")
        << ore::NV("StaticBound", fmt2(R.Static.Throughput)) << ", "
        << ore::NV("Bound", Bound) << ") on " << ore::NV("CPU", Model->Name)
        << "; bottleneck: " << ore::NV("Bottleneck", Bottleneck);
    if (R.Sensitivity && !R.Sensitivity->Verdict.empty())
      Rem << "; top sensitivity: "
          << ore::NV("TopSensitivity", R.Sensitivity->Verdict.front());
    appendMemoryRemark(Rem, R, MemFacts);
    Rem << " (" << ore::NV("Instructions", unsigned(K->size()))
        << " instructions)";
    if (Unknown)
      Rem << "; " << ore::NV("UnknownInstructions", Unknown)
          << " instruction(s) unknown to the model";
    if (!CPUWhy.empty())
      Rem << "; " << CPUWhy;
    return Rem;
  });

  // Details for -Rpass-analysis=uarch: the bounds and the accounting.
  ORE.emit([&] {
    MachineOptimizationRemarkAnalysis Rem(PASS_NAME, "LoopDetails", Loc,
                                          Header);
    Rem << "bounds:";
    for (const ThroughputBound &B : R.Static.Bounds)
      Rem << " " << boundKindName(B.Kind) << " " << fmt2(B.Cycles) << ";";
    Rem << " uops: " << ore::NV("FusedUops", unsigned(R.Static.FusedUops))
        << " fused, " << ore::NV("Uops", unsigned(R.Static.UnfusedUops))
        << " executed";
    if (R.Sim) {
      Rem << "; simulated cycles:";
      for (unsigned C = 0; C < unsigned(StallCause::NumCauses); ++C)
        if (R.Sim->Stalls[C] > 0.005)
          Rem << " " << stallCauseName(StallCause(C)) << " "
              << fmt2(R.Sim->Stalls[C]) << ";";
    }
    for (const std::string &W : R.Warnings)
      Rem << " warning: " << W << ";";
    if (UArchVerbose)
      for (size_t I = 0; I < K->size(); ++I)
        Rem << "\n  " << K->Instrs[I].Text << "  ["
            << describeUops(*Model, R.Decoded[I]) << ", "
            << decodeSourceName(R.Decoded[I].Source) << ": "
            << R.Decoded[I].Variant << "]";
    return Rem;
  });
  Times.Remarks += now() - T2;
}

} // namespace

Pass *createLoopUArchPass(const LoopKernelSink *Sink) {
  return new LoopUArchPass(Sink);
}

void setLoopKernelSink(const LoopKernelSink *Sink) { GlobalSink = Sink; }

// The pass must be known to the PassRegistry: TargetPassConfig creates
// inserted passes by ID.
static RegisterPass<LoopUArchPass>
    Registration("loop-uarch", "LoopUArch: cycles per iteration of innermost "
                               "loops",
                 /*CFGOnly=*/false, /*is_analysis=*/false);

void insertLoopUArchPass(TargetPassConfig &PassConfig) {
  PassConfig.insertPass(&MachineBlockPlacementID, &LoopUArchPass::ID);
}

} // namespace luarch
