//===- LoopUArchPass.cpp - Remarks for every innermost loop --------------===//
#include "luarch/Passes/LoopUArchPass.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Kernel/ThreadCPUTime.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/RegisterRenaming.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Passes/InnermostCycles.h"
#include "luarch/Passes/LoopRole.h"
#include "luarch/Passes/LoopStreamsSCEV.h"
#include "luarch/Passes/PreLSRTripCounts.h"
#include "luarch/Passes/RemarkText.h"
#include "luarch/Passes/MachineLoopKernel.h"
#include "luarch/Report/Pipeline.h"
#include "luarch/Sim/SimulationMemo.h"
#include "luarch/Support/Format.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/CodeGen/MachineBlockFrequencyInfo.h"
#include "llvm/CodeGen/MachineBranchProbabilityInfo.h"
#include "llvm/CodeGen/MachineCycleAnalysis.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/Pass.h"
#include "llvm/PassRegistry.h"
#include "llvm/Remarks/RemarkStreamer.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Target/TargetMachine.h"

#include <cmath>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <tuple>

using namespace llvm;

#define PASS_NAME "uarch"

namespace luarch {

static cl::OptionCategory UArchCat("LoopUArch remark options (-mllvm)");
static cl::opt<std::string>
    UArchCPU("uarch-mcpu",
             cl::desc("CPU model for uarch remarks (LLVM -mcpu name); "
                      "default: the function's target-cpu, else the host"),
             cl::cat(UArchCat));
/// Trip counts per entry up to this get the per-entry simulation.
static cl::opt<unsigned> MaxRemarkTripCount(
    "uarch-max-trip-count", cl::Hidden,
    cl::desc("Simulate entries of SCEV's trip count only up to this many "
             "iterations per entry (compile-time experiments)"),
    cl::init(64), cl::cat(UArchCat));
/// The iteration cap of such a run whose entries do not repeat.
static cl::opt<unsigned> TripCountMaxIterations(
    "uarch-trip-count-max-iterations", cl::Hidden,
    cl::desc("Stop a trip-count run whose entries do not repeat after this "
             "many iterations (compile-time experiments)"),
    cl::init(2000), cl::cat(UArchCat));
/// Iterations of the memory prediction's re-simulations (the tool: 1,000).
static cl::opt<unsigned> MemoryIterations(
    "uarch-memory-iterations", cl::Hidden,
    cl::desc("Simulate this many iterations (fewer for a large loop) for "
             "each level's memory prediction (compile time; the tool runs "
             "1000)"),
    cl::init(500), cl::cat(UArchCat));

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
static cl::opt<bool> UArchMemory(
    "uarch-memory",
    cl::desc("Predict beyond L1 where SCEV gives the working set (default "
             "on)"),
    cl::init(true), cl::cat(UArchCat));
static cl::opt<bool> UArchTripCount(
    "uarch-trip-count",
    cl::desc("Also simulate entries of a short trip count SCEV knows "
             "(default on)"),
    cl::init(true), cl::cat(UArchCat));
static cl::opt<bool> UArchVerbose(
    "uarch-verbose",
    cl::desc("List each loop's instructions with their decoding in the "
             "-Rpass-analysis=uarch remark"),
    cl::cat(UArchCat));
static cl::opt<bool> UArchTimeReport(
    "uarch-time-report", cl::Hidden,
    cl::desc("Print the time spent in each stage of the pass at exit"),
    cl::cat(UArchCat));
/// Checks the analysis cache's sharing between loops equal up to their
/// registers (RegisterRenaming.h): each loop served by another loop's
/// analysis is also analysed on its own, and a difference in what the
/// remarks print is reported on stderr.
static cl::opt<bool> UArchVerifySharing(
    "uarch-verify-shared-analyses", cl::Hidden,
    cl::desc("Also analyse each loop that shares another loop's analysis "
             "(equal up to registers) and report any difference"),
    cl::cat(UArchCat));
/// Checks InnermostCycles against LLVM's MachineCycleInfo in every
/// function: the same innermost cycles, headers and block orders.
static cl::opt<bool> UArchVerifyCycles(
    "uarch-verify-cycles", cl::Hidden,
    cl::desc("Also compute MachineCycleInfo and report any innermost cycle "
             "it finds otherwise"),
    cl::cat(UArchCat));
static cl::opt<unsigned> UArchMaxInstructions(
    "uarch-max-instructions",
    cl::desc("Loops with more machine instructions get a missed remark"),
    cl::init(2000), cl::cat(UArchCat));

/// Set when LOOPUARCH_OPTIONS could not be used; said once as a warning.
static std::string EnvironmentOptionsError;

void parseOptionsFromEnvironment() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    std::optional<std::string> Value =
        sys::Process::GetEnv("LOOPUARCH_OPTIONS");
    if (!Value || StringRef(*Value).trim().empty())
      return;
    BumpPtrAllocator Alloc;
    StringSaver Saver(Alloc);
    SmallVector<const char *, 8> Argv{"LoopUArch"};
    cl::TokenizeGNUCommandLine(*Value, Saver, Argv);
    // Only LoopUArch's own options: the variable must not reach (and
    // change) the code generator's.
    for (size_t I = 1; I < Argv.size(); ++I)
      if (!StringRef(Argv[I]).starts_with("-uarch-")) {
        EnvironmentOptionsError = "LOOPUARCH_OPTIONS: '" +
                                  std::string(Argv[I]) +
                                  "' is not a LoopUArch option (-uarch-...); "
                                  "the variable is ignored";
        return;
      }
    std::string Err;
    raw_string_ostream OS(Err);
    if (!cl::ParseCommandLineOptions(Argv.size(), Argv.data(), "", &OS))
      EnvironmentOptionsError =
          "LOOPUARCH_OPTIONS: " + StringRef(Err).trim().str();
  });
}

namespace {

SimulationMemo &simulations();

/// Time per stage (-uarch-time-report), printed when the process exits.
/// ThinLTO backends run the pass in several threads of one process: the
/// totals are updated under a lock (Times.add).
struct StageTimes {
  double Kernel = 0, Memory = 0, Analysis = 0, Identity = 0, Remarks = 0;
  /// The whole pass, and what it does per function besides the loops
  /// (choosing the model, finding the cycles).
  double Total = 0, Functions = 0;
  /// Of Remarks: what happens to a remark once built (LLVMContext::diagnose:
  /// clang's handler finds its source location and prints it, or the
  /// optimization record writes it), synchronously, inside the pass.
  double Printing = 0;
  /// The analysis's steps (analyses the cache serves take none).
  PipelineStageTimes Steps;
  unsigned Loops = 0;
  /// Simulated iterations of the analyses run (cache hits run none):
  /// steady-state runs and short-trip-count runs.
  uint64_t SteadyIterations = 0, TripIterations = 0;
  unsigned Analyses = 0;
  std::mutex Lock;
  void add(double &Stage, double Seconds) {
    if (!UArchTimeReport)
      return;
    std::lock_guard<std::mutex> G(Lock);
    Stage += Seconds;
  }
  void add(const PipelineStageTimes &T) {
    if (!UArchTimeReport)
      return;
    std::lock_guard<std::mutex> G(Lock);
    Steps.Decode += T.Decode;
    Steps.Static += T.Static;
    Steps.Simulate += T.Simulate;
    Steps.TripCount += T.TripCount;
    Steps.Sensitivity += T.Sensitivity;
    Steps.Memory += T.Memory;
  }
  ~StageTimes() {
    if (!UArchTimeReport || !Loops)
      return;
    errs() << format("uarch: %u loops, kernel %.1f ms, memory (SCEV) %.1f "
                     "ms, analysis %.1f ms, identity %.1f ms, remarks %.1f "
                     "ms; %u analyses simulated %llu steady-state and %llu "
                     "trip-count iterations\n",
                     Loops, Kernel * 1e3, Memory * 1e3, Analysis * 1e3,
                     Identity * 1e3, Remarks * 1e3, Analyses,
                     (unsigned long long)SteadyIterations,
                     (unsigned long long)TripIterations);
    errs() << format("uarch: pass %.1f ms, of which per function %.1f ms, "
                     "remark printing %.1f ms\n",
                     Total * 1e3, Functions * 1e3, Printing * 1e3);
    errs() << format("uarch: analysis steps: decode %.1f ms, static %.1f ms, "
                     "simulation %.1f ms, trip count %.1f ms, sensitivity "
                     "%.1f ms, memory %.1f ms\n",
                     Steps.Decode * 1e3, Steps.Static * 1e3,
                     Steps.Simulate * 1e3, Steps.TripCount * 1e3,
                     Steps.Sensitivity * 1e3, Steps.Memory * 1e3);
    printPreLSRTripCountsReport(errs());
    // The iterations above count those of reused simulations too.
    errs() << format("uarch: simulations: %u run, %u reused (the same "
                     "input up to registers)\n",
                     simulations().misses(), simulations().hits());
  }
};
StageTimes Times;

/// CPU time of this thread: what the pass costs, whatever else the machine
/// is doing (a shared build machine's wall clock says little). Only with
/// -uarch-time-report (0 otherwise): the clock is a system call.
double now() {
  if (!UArchTimeReport)
    return 0;
  return threadCPUSeconds();
}

/// Decoders per (triple, CPU), shared by every function of the process:
/// building the MC layer and parsing a uops.info table happen once.
struct DecoderCache {
  struct Entry {
    std::unique_ptr<TargetContext> TC;
    std::unique_ptr<UopDecoder> Decoder;
    /// The analysis cache's key of a kernel up to its registers.
    std::unique_ptr<RegisterRenaming> Renaming;
  };
  std::mutex Lock;
  /// By triple, model and thread: a UopDecoder memoizes decodings without
  /// a lock, and ThinLTO backends run in several threads.
  std::map<std::tuple<std::string, const MachineModel *, std::thread::id>,
           Entry>
      Entries;

  Expected<Entry *> get(StringRef Triple, const MachineModel &M) {
    std::lock_guard<std::mutex> G(Lock);
    auto Key = std::make_tuple(Triple.str(), &M, std::this_thread::get_id());
    auto It = Entries.find(Key);
    if (It != Entries.end())
      return &It->second;
    auto TC = TargetContext::create(Triple, M.Name);
    if (!TC)
      return TC.takeError();
    Entry E;
    E.TC = std::move(*TC);
    E.Decoder = std::make_unique<UopDecoder>(M, *E.TC);
    E.Renaming = std::make_unique<RegisterRenaming>(E.Decoder->semantics());
    return &Entries.emplace(Key, std::move(E)).first->second;
  }
};

/// Never destroyed (nor the analysis cache): freeing the process-wide
/// caches at exit is work the compile pays and no one needs, as clang
/// itself does not free its AST at exit (-disable-free). sqlite3.c at
/// -O2 -Rpass=uarch: 41 ms of exit handlers (`perf`, 83 samples at 2 kHz;
/// the analyses 25 ms, the uops.info tables 6, the kernels' text memo 6,
/// the decoders 4), outside the pass timer but inside the compile. Still
/// reachable from a static, so no leak checker reports them.
DecoderCache &decoders() {
  static DecoderCache &Cache = *new DecoderCache;
  return Cache;
}

/// An analysed loop: the kernel and its report (which points into it).
/// One serves every loop of the same text (AnalysisCache), so the kernel
/// keeps no place of its own: its name and locations are cleared before
/// the analysis, and a remark takes its loop's place from the MachineCycle
/// (the analysis reads neither; only the tool's reports, from their own
/// kernels, name lines).
struct AnalysedLoop {
  Kernel K;
  KernelReport R;
};

void countSimulated(const KernelReport &R) {
  if (!UArchTimeReport)
    return;
  std::lock_guard<std::mutex> G(Times.Lock);
  ++Times.Analyses;
  if (R.Sim)
    Times.SteadyIterations += R.Sim->IterationsSimulated;
  if (R.TripSim)
    Times.TripIterations += R.TripSim->IterationsSimulated;
}

/// Every figure and text of a report that the pass's remarks print, for
/// -uarch-verify-shared-analyses: two loops that share an analysis must
/// have equal fingerprints.
std::string remarkFingerprint(const KernelReport &R) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%a %a %u %u|", R.cyclesPerIteration(), R.Static.Throughput,
               R.Static.FusedUops, R.Static.UnfusedUops);
  for (const ThroughputBound &B : R.Static.Bounds)
    OS << boundKindName(B.Kind) << format(" %a;", B.Cycles);
  for (BoundKind B : R.Static.Limiters)
    OS << boundKindName(B) << "+";
  OS << "|" << R.bottleneck() << "|";
  if (R.Sim)
    for (double C : R.Sim->Stalls)
      OS << format("%a ", C);
  if (R.TripSim)
    OS << format("|trip %u %a %a", R.TripSim->TripCount,
                 R.TripSim->CyclesPerEntry, R.TripSim->CyclesPerIteration);
  if (R.Sensitivity && !R.Sensitivity->Verdict.empty())
    OS << "|" << R.Sensitivity->Verdict.front();
  if (R.Memory && R.Memory->Applicable)
    OS << "|" << R.Memory->Applicable->Name
       << format(" %a %a ", R.Memory->Applicable->cycles(),
                 R.Memory->Applicable->ECM)
       << R.Memory->Applicable->verdict();
  for (const std::string &W : R.Warnings)
    OS << "|" << W;
  for (const DecodedInstr &D : R.Decoded)
    OS << "|" << decodeSourceName(D.Source) << ":" << D.Variant << ":"
       << describeUops(*R.M, D);
  return S;
}

/// Analyses by kernel up to its registers (RegisterRenaming) and model,
/// shared by every function of the process: inlining and macros repeat
/// loops, and register allocation gives the copies other registers
/// (sqlite3.c at -O2: 1,296 distinct kernel texts among 1,587 loops), and
/// an analysis is deterministic.
class AnalysisCache {
  std::mutex Lock;
  StringMap<std::shared_ptr<const AnalysedLoop>> Entries;
  static constexpr unsigned MaxEntries = 1 << 14;

  static bool sameTexts(const Kernel &A, const Kernel &B) {
    return A.size() == B.size() &&
           llvm::all_of(llvm::zip(A.Instrs, B.Instrs), [](const auto &P) {
             return std::get<0>(P).Text == std::get<1>(P).Text;
           });
  }

  static std::shared_ptr<AnalysedLoop>
  analyse(Kernel &&K, const UopDecoder &D, const PipelineOptions &PO) {
    auto A = std::make_shared<AnalysedLoop>();
    A->K = std::move(K);
    // Places are not in the key: the first loop's would be shown for every
    // later loop of this text (no output reads them today). The pass's
    // kernels are built without them (kernelFromMachineCycle's WithPlaces).
    assert(A->K.Name.empty() && !A->K.Loc.isValid() &&
           llvm::none_of(A->K.Instrs,
                         [](const KernelInstr &I) { return I.Loc.isValid(); }) &&
           "a shared kernel names no place");
    A->R = analyzeKernel(A->K, D, PO);
    countSimulated(A->R);
    return A;
  }

public:
  /// The analysis of \p K, or of a kernel equal to it up to registers.
  /// \p K is moved into a new analysis (\p Moved set), or left as it is
  /// when an earlier one serves: the remarks then read the instructions'
  /// texts from \p K (the shared kernel names another loop's registers).
  std::shared_ptr<const AnalysedLoop> get(Kernel &K, const UopDecoder &D,
                                          const RegisterRenaming &Renaming,
                                          const PipelineOptions &PO,
                                          bool &Moved) {
    Moved = false;
    // Appended in place (a temporary string per piece was an allocation
    // each); numbers as their bytes, each text after its length.
    std::string Key;
    auto Put = [&Key](auto V) {
      Key.append(reinterpret_cast<const char *>(&V), sizeof(V));
    };
    Put(uint8_t(PO.Simulate));
    Put(uint64_t(PO.Sim.MaxIterations));
    Put(uint8_t(PO.Sim.Views));
    Put(uint8_t(PO.Sensitivity));
    Put(uint64_t(PO.TripCount));
    Put(uint8_t(PO.Memory));
    // Memory facts come from SCEV, per loop: the same code over another
    // working set is another prediction.
    if (PO.Memory) {
      const MemoryOptions &MO = PO.MemoryOpts;
      Put(uint64_t(MO.FixedIterations));
      Put(double(MO.WorkingSet.value_or(-1)));
      MO.appendKey(Key);
    }
    // What else of the kernel the analysis reads (the front end's layout;
    // the plugin's kernels are all loops at offset 0 today).
    Put(uint8_t(K.Shape));
    Put(uint32_t(K.Alignment));
    Put(uint32_t(K.UnrollFactor));
    Put(uint32_t(K.UnrolledCopies));
    Put(uint64_t(D.model().Name.size()));
    Key += D.model().Name;
    // The sensitivity sweep's verdict, which the passed remark prints, names
    // registers ("the loop-carried dependency through rcx",
    // Recurrence::Carried): with it, loops share by their text only.
    if (PO.Sensitivity || !Renaming.appendKernelKey(Key, K)) {
      // By the text (an operand the renaming cannot write). The opcode
      // too: one text can be two encodings of one length (LLVM's _REV
      // forms: addq %rbx, %rax as 01 /r or 03 /r), which the decoder
      // matches to two uops.info variants.
      Put(uint8_t(0xff));
      for (const KernelInstr &I : K.Instrs) {
        Put(uint32_t(I.Inst.getOpcode()));
        Put(uint32_t(I.Size));
        Put(uint32_t(I.Text.size()));
        Key += I.Text;
      }
    }
    std::shared_ptr<const AnalysedLoop> Found;
    {
      std::lock_guard<std::mutex> G(Lock);
      auto It = Entries.find(Key);
      if (It != Entries.end())
        Found = It->second;
    }
    if (Found) {
      // A warning may quote an instruction (a buffer too small for it):
      // the other loop's registers. Such a loop is analysed on its own.
      bool Own = !Found->R.Warnings.empty() && !sameTexts(Found->K, K);
      if (!Own && UArchVerifySharing && !sameTexts(Found->K, K)) {
        Kernel Copy = K;
        std::shared_ptr<AnalysedLoop> Mine = analyse(std::move(Copy), D, PO);
        std::string Theirs = remarkFingerprint(Found->R),
                    Ours = remarkFingerprint(Mine->R);
        if (Theirs != Ours) {
          std::string Listing;
          for (size_t I = 0; I < K.size(); ++I)
            Listing += "\n  " + K.Instrs[I].Text + "  |  " +
                       Found->K.Instrs[I].Text;
          errs() << "uarch: a shared analysis differs from the loop's own ("
                 << D.model().Name << "):\n  own:    " << Ours
                 << "\n  shared: " << Theirs << Listing << "\n";
        }
      }
      if (!Own)
        return Found;
      Moved = true;
      return analyse(std::move(K), D, PO); // not remembered
    }
    Moved = true;
    std::shared_ptr<AnalysedLoop> A = analyse(std::move(K), D, PO);
    std::lock_guard<std::mutex> G(Lock);
    if (Entries.size() < MaxEntries)
      Entries[Key] = A;
    return A;
  }
};

AnalysisCache &analyses() {
  static AnalysisCache &Cache = *new AnalysisCache; // see decoders()
  return Cache;
}

/// Simulations by their input with registers renamed (SimulationMemo.h),
/// shared by every function of the process: kernels that the analysis
/// cache tells apart by their text often differ in registers only
/// (sqlite3.c at -O2 on Zen 4: 1,336 runs asked for, 668 simulated).
SimulationMemo &simulations() {
  static SimulationMemo &Memo = *new SimulationMemo; // see decoders()
  return Memo;
}

const LoopKernelSink *GlobalSink = nullptr;

/// The model chosen for a function, or why there is none; what the remark
/// should say about the choice, and what deserves a warning.
struct ModelChoice {
  const MachineModel *Model = nullptr;
  std::string Error;   // no model at all: every loop gets a missed remark
  std::string Note;    // for each remark: how the model was chosen
  std::string Warning; // once per compilation
};

/// "generic", "x86-64", "x86-64-v3", "i686": ISA levels, not cores; having
/// no model of their own is expected.
bool isGenericCPU(StringRef CPU) {
  return CPU == "generic" || CPU.starts_with("x86-64") ||
         CPU.starts_with("i386") || CPU.starts_with("i486") ||
         CPU.starts_with("i586") || CPU.starts_with("i686");
}

/// The model for \p F: -uarch-mcpu; else, as clang's own scheduling does,
/// the function's tune-cpu (-mtune) before its target-cpu (-march), when
/// LoopUArch describes it; else the host's.
ModelChoice chooseModel(const Function &F) {
  ModelChoice C;
  if (!UArchCPU.empty()) {
    Expected<const MachineModel &> M = getMachineModel(UArchCPU);
    if (M) {
      C.Model = &*M;
      return C;
    }
    C.Error = toString(M.takeError());
    C.Warning =
        "-uarch-mcpu=" + UArchCPU + ": " + C.Error + "; no loop is analysed";
    return C;
  }
  std::string Missing; // the first named core without a model
  for (StringRef Attr : {"tune-cpu", "target-cpu"}) {
    StringRef CPU = F.getFnAttribute(Attr).getValueAsString();
    if (CPU.empty() || isGenericCPU(CPU))
      continue;
    Expected<const MachineModel &> M = getMachineModel(CPU);
    if (M) {
      C.Model = &*M;
      if (!Missing.empty())
        C.Note = Missing + " has no model; using " + Attr.str() + " '" +
                 CPU.str() + "'";
      break;
    }
    consumeError(M.takeError());
    if (Missing.empty())
      Missing = Attr.str() + " '" + CPU.str() + "'";
  }
  if (!C.Model) {
    std::string HostNote;
    Expected<const MachineModel &> Host = getMachineModel("native", &HostNote);
    if (!Host) {
      C.Error = toString(Host.takeError());
      return C;
    }
    C.Model = &*Host;
    StringRef Target = F.getFnAttribute("target-cpu").getValueAsString();
    C.Note =
        (Missing.empty()
             ? "target-cpu '" + (Target.empty() ? "none" : Target.str()) + "'"
             : Missing) +
        " has no model; using the host's, " + Host->Name;
  }
  if (!Missing.empty())
    C.Warning = "no model for " + Missing +
                " (-mtune/-march); predicting with " + C.Model->Name +
                " (-mllvm -uarch-mcpu=<cpu> chooses a model; "
                "loop-uarch-report --list-cpus lists them)";
  return C;
}

/// chooseModel per (-uarch-mcpu, tune-cpu, target-cpu), shared by every
/// function of the process: finding the host's model asks the CPU for its
/// name (cpuid), which a virtual machine traps (sqlite3.c at -O2: 90 ms
/// for its 2,000-odd functions).
const ModelChoice &cachedModelChoice(const Function &F) {
  static std::mutex Lock;
  static std::map<std::tuple<std::string, std::string, std::string>,
                  ModelChoice>
      Choices;
  auto Key = std::make_tuple(
      std::string(UArchCPU),
      F.getFnAttribute("tune-cpu").getValueAsString().str(),
      F.getFnAttribute("target-cpu").getValueAsString().str());
  std::lock_guard<std::mutex> G(Lock);
  auto It = Choices.find(Key);
  if (It == Choices.end())
    It = Choices.emplace(std::move(Key), chooseModel(F)).first;
  return It->second;
}

/// The thread that loaded the plugin (static initialisation runs in
/// dlopen's caller): clang's compiling thread, or a linker's main thread.
const std::thread::id LoadingThread = std::this_thread::get_id();

/// clang prints each remark to llvm::errs(), which is unbuffered: one
/// write(2) per piece of the diagnostic (location, "remark: ", the message,
/// the option, the source line, the caret: about 43 per remark, counted
/// with strace on PolyBench gemver), some 70,000 system calls for sqlite3.c.
/// While the pass emits a function's remarks, the stream gets a buffer,
/// flushed and removed afterwards: the same bytes in the same order (every
/// diagnostic of the pass goes through this stream, and nothing else runs
/// meanwhile). clang's printer flushes the stream after each diagnostic, so
/// it is one write(2) per remark either way (sqlite3.c: 1,980 writes); the
/// buffer is set up once per function instead of once per loop.
/// Only on the thread that loaded the plugin: ThinLTO backends emit
/// remarks from several threads, and the stream is shared by all.
/// The buffer is the plugin's own, lent to the stream (an external buffer)
/// and the same for every function: a 4 KiB allocation per function is a
/// "large" request to glibc's malloc, which first consolidates every small
/// chunk clang freed since the last one (sqlite3.c at -O2: 1.6% of the
/// pass in `perf`, its most expensive allocation).
class BufferedErrs {
  bool Buffered = false;
  /// raw_ostream::SetBuffer (an external buffer) is protected; a derived
  /// class names it, and the pointer to member applies to any raw_ostream.
  struct ExternalBufferAccess : raw_ostream {
    using raw_ostream::SetBuffer;
  };
  static char Storage[4096];

public:
  BufferedErrs() {
    raw_ostream &OS = errs();
    if (std::this_thread::get_id() != LoadingThread || OS.GetBufferSize())
      return; // another thread, or someone else's buffer: leave it alone
    (OS.*&ExternalBufferAccess::SetBuffer)(Storage, sizeof(Storage));
    Buffered = true;
  }
  ~BufferedErrs() {
    if (Buffered)
      errs().SetUnbuffered(); // flushes first
  }
  BufferedErrs(const BufferedErrs &) = delete;
  BufferedErrs &operator=(const BufferedErrs &) = delete;
};
/// Only the loading thread uses it, one function at a time.
char BufferedErrs::Storage[4096];

/// Which "uarch" remarks anyone listens to: -Rpass=uarch,
/// -Rpass-analysis=uarch, -Rpass-missed=uarch, or an optimization record
/// whose pass filter lets them through (it takes every kind).
struct WantedRemarks {
  bool Passed = false, Analysis = false, Missed = false;
  bool any() const { return Passed || Analysis || Missed; }
};

WantedRemarks remarksWanted(LLVMContext &Ctx) {
  WantedRemarks W;
  remarks::RemarkStreamer *RS = Ctx.getMainRemarkStreamer();
  bool Record = RS && RS->matchesFilter(PASS_NAME);
  const DiagnosticHandler &H = *Ctx.getDiagHandlerPtr();
  W.Passed = Record || H.isPassedOptRemarkEnabled(PASS_NAME);
  W.Analysis = Record || H.isAnalysisRemarkEnabled(PASS_NAME);
  W.Missed = Record || H.isMissedOptRemarkEnabled(PASS_NAME);
  return W;
}

/// -uarch-verify-cycles: \p Found against MachineCycleInfo's innermost
/// cycles (their headers and blocks, in order), differences on stderr.
void verifyInnermostCycles(MachineFunction &MF, const InnermostCycles &Found) {
  MachineCycleInfo CI;
  CI.compute(MF);
  SmallVector<const MachineCycle *, 8> Theirs;
  SmallVector<const MachineCycle *, 8> Work(CI.toplevel_cycles());
  while (!Work.empty()) {
    const MachineCycle *C = Work.pop_back_val();
    if (C->getNumChildren() == 0)
      Theirs.push_back(C);
    else
      append_range(Work, C->children());
  }
  auto Name = [](const MachineBasicBlock *B) {
    return "bb." + std::to_string(B->getNumber());
  };
  unsigned Same = 0;
  for (const MachineCycle *C : Theirs) {
    bool Match = false;
    for (unsigned I = 0; I < Found.size() && !Match; ++I) {
      CycleBlocks Mine = Found.cycle(I);
      Match = Mine.Header == C->getHeader() &&
              Mine.Blocks.size() == C->getNumBlocks() &&
              std::equal(Mine.Blocks.begin(), Mine.Blocks.end(),
                         C->block_begin());
    }
    Same += Match;
    if (!Match) {
      std::string Blocks;
      for (const MachineBasicBlock *B : C->blocks())
        Blocks += " " + Name(B);
      errs() << "uarch: innermost cycle of " << MF.getName()
             << " not found alike:" << Blocks << "\n";
    }
  }
  if (Same != Found.size() || Theirs.size() != Found.size())
    errs() << "uarch: " << MF.getName() << ": " << Found.size()
           << " innermost cycles found, MachineCycleInfo has "
           << Theirs.size() << " (" << Same << " alike)\n";
}

class LoopUArchPass : public MachineFunctionPass {
public:
  static char ID;
  explicit LoopUArchPass(const LoopKernelSink *Sink = nullptr)
      : MachineFunctionPass(ID), Sink(Sink ? Sink : GlobalSink) {}

  StringRef getPassName() const override {
    return "LoopUArch: cycles per iteration of innermost loops";
  }

  // Requires nothing: a required analysis would be computed for every
  // function of every compile that loads the plugin, remarks or not. The
  // pass computes what it needs itself, only when remarks are asked for.
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    // The IR dominator tree and loop info the code generator computed for
    // instruction selection, kept alive to this pass (no analysis is
    // added: without them the pass builds its own) for SCEV's trip counts.
    AU.addUsedIfAvailable<LoopInfoWrapperPass>();
    AU.addUsedIfAvailable<DominatorTreeWrapperPass>();
    AU.addUsedIfAvailable<AssumptionCacheTracker>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  bool runOnMachineFunction(MachineFunction &MF) override;
  /// The work of runOnMachineFunction once remarks are wanted; \p InLoops
  /// receives the time spent in analyseLoop (-uarch-time-report).
  void analyseFunction(MachineFunction &MF, double &InLoops);

private:
  /// The code generator's IR analyses of the function being analysed, if
  /// it still holds them (analyzeLoopMemory).
  BorrowedIRAnalyses IRAnalyses;
  /// Where a loop is, to tell apart loops that share a source location
  /// (a vector body and its remainder, an unrolled loop and its remainder,
  /// loop versions): its rank among them in layout order, and its header's
  /// assembly label (set only when AtLocation > 1: the remark shows it
  /// only then).
  struct LoopPlace {
    unsigned Ordinal = 1, AtLocation = 1;
    std::string Label;
    /// The loop's blocks in layout order.
    SmallVector<const MachineBasicBlock *, 8> Blocks;
  };
  const LoopKernelSink *Sink;
  /// analyseFunction's layout position of each block, by block number.
  std::vector<unsigned> LayoutTable;
  /// The function's innermost cycles (tables reused between functions).
  InnermostCycles Cycles;
  /// The text of a remark without keyed arguments (RemarkText), reused
  /// between loops: growing a new string to a remark's ~330 bytes was a
  /// few reallocations per remark.
  std::string RemarkBuffer;
  /// Warnings already given: each is given once per compilation.
  static StringSet<> Warned; // process-wide: an LTO link is one compilation
  static std::mutex WarnedLock;
  /// The remarks asked for (set per function): the others are not built.
  WantedRemarks Wanted;
  /// remarksWanted() for the context, diagnostic handler and remark
  /// streamer it was computed for: each of its questions matches a -Rpass
  /// regular expression again, per function (sqlite3.c at -O2: its 2,000-odd
  /// functions, ~3 ms), and they do not change within a compilation. The
  /// pass object serves one pipeline, hence one context; the key guards
  /// against a change.
  struct {
    const LLVMContext *Ctx = nullptr;
    const DiagnosticHandler *Handler = nullptr;
    const remarks::RemarkStreamer *Streamer = nullptr;
    WantedRemarks Wanted;
  } WantedCache;
  WantedRemarks cachedRemarksWanted(LLVMContext &Ctx);
  void warnOnce(LLVMContext &Ctx, const std::string &Msg);
  void analyseLoop(MachineFunction &MF, unsigned Cycle, const LoopPlace &P,
                   const ModelChoice &Choice,
                   DecoderCache::Entry *Decoding, const std::string &Skip,
                   MachineOptimizationRemarkEmitter &ORE);
};

WantedRemarks LoopUArchPass::cachedRemarksWanted(LLVMContext &Ctx) {
  const DiagnosticHandler *Handler = Ctx.getDiagHandlerPtr();
  const remarks::RemarkStreamer *Streamer = Ctx.getMainRemarkStreamer();
  if (WantedCache.Ctx != &Ctx || WantedCache.Handler != Handler ||
      WantedCache.Streamer != Streamer) {
    WantedCache.Ctx = &Ctx;
    WantedCache.Handler = Handler;
    WantedCache.Streamer = Streamer;
    WantedCache.Wanted = remarksWanted(Ctx);
  }
  return WantedCache.Wanted;
}

void LoopUArchPass::warnOnce(LLVMContext &Ctx, const std::string &Msg) {
  if (Sink)
    return;
  {
    std::lock_guard<std::mutex> G(WarnedLock);
    if (!Warned.insert(Msg).second)
      return;
  }
  // A generic diagnostic: clang prints it as "warning: ..." (and -Werror
  // applies, as to any backend warning).
  std::string Text = "LoopUArch: " + Msg;
  Ctx.diagnose(DiagnosticInfoGeneric(Text, DS_Warning));
}

/// Block frequencies for remarks' hotness (-fdiagnostics-show-hotness),
/// computed only when asked for, with the analyses they need.
struct HotnessInfo {
  MachineDominatorTree MDT;
  MachineLoopInfo MLI;
  MachineBranchProbabilityInfo MBPI;
  MachineBlockFrequencyInfo MBFI;
  explicit HotnessInfo(MachineFunction &MF)
      : MDT(MF), MLI(MDT), MBFI(MF, MBPI, MLI) {}
};

/// The assembly label of \p MBB: ".LBB3_7", or "%bb.7" for a block only
/// reached by falling through (the printer gives it no label).
std::string blockLabel(const MachineBasicBlock &MBB) {
  const MachineFunction &MF = *MBB.getParent();
  const MachineBasicBlock *Prev = MBB.getIterator() == MF.begin()
                                      ? nullptr
                                      : &*std::prev(MBB.getIterator());
  bool Labelled = MBB.pred_size() > 1 ||
                  (MBB.pred_size() == 1 && *MBB.pred_begin() != Prev);
  if (!Labelled && Prev && MBB.pred_size() == 1)
    for (const MachineInstr &MI : Prev->terminators())
      for (const MachineOperand &MO : MI.operands())
        Labelled |= MO.isMBB() && MO.getMBB() == &MBB;
  if (!Labelled)
    return "%bb." + std::to_string(MBB.getNumber());
  return (MF.getTarget().getMCAsmInfo()->getPrivateLabelPrefix() + "BB" +
          Twine(MF.getFunctionNumber()) + "_" + Twine(MBB.getNumber()))
      .str();
}

char LoopUArchPass::ID = 0;
StringSet<> LoopUArchPass::Warned;
std::mutex LoopUArchPass::WarnedLock;

bool LoopUArchPass::runOnMachineFunction(MachineFunction &MF) {
  // Without a consumer, do nothing at all: the plugin costs nothing unless
  // -Rpass*=uarch or an optimization record asks for it.
  LLVMContext &Ctx = MF.getFunction().getContext();
  Wanted = cachedRemarksWanted(Ctx);
  if (!Sink && !Wanted.any())
    return false;
  double Start = now(), InLoops = 0;
  auto *LIWP = getAnalysisIfAvailable<LoopInfoWrapperPass>();
  auto *DTWP = getAnalysisIfAvailable<DominatorTreeWrapperPass>();
  IRAnalyses.DT = LIWP && DTWP ? &DTWP->getDomTree() : nullptr;
  IRAnalyses.LI = LIWP && DTWP ? &LIWP->getLoopInfo() : nullptr;
  IRAnalyses.AC = getAnalysisIfAvailable<AssumptionCacheTracker>();
  analyseFunction(MF, InLoops);
  // The borrowed analyses are freed after this pass; so is the record of
  // counts taken before LSR, used or not.
  releaseLoopMemoryAnalyses();
  takePreLSRTripCounts(MF.getFunction());
  IRAnalyses = {};
  double Spent = now() - Start;
  Times.add(Times.Total, Spent);
  Times.add(Times.Functions, Spent - InLoops);
  return false;
}

void LoopUArchPass::analyseFunction(MachineFunction &MF, double &InLoops) {
  LLVMContext &Ctx = MF.getFunction().getContext();
  if (!EnvironmentOptionsError.empty())
    warnOnce(Ctx, EnvironmentOptionsError);
  // What this function's loops cannot get, said once per compilation and in
  // a missed remark per loop: never silence.
  const Function &F = MF.getFunction();
  const TargetMachine &TM = MF.getTarget();
  const Triple &TT = TM.getTargetTriple();
  std::string Skip;
  ModelChoice Choice;
  if (!TT.isX86() || !TT.isArch64Bit()) {
    Skip = "the target is " + TT.str() + "; LoopUArch models x86-64 only";
    warnOnce(Ctx, Skip + ": no loop is analysed");
  } else if (TM.getOptLevel() == CodeGenOptLevel::None || F.hasOptNone()) {
    Skip = "the function is not optimised (-O0 or optnone); LoopUArch "
           "predicts optimised code";
    if (TM.getOptLevel() == CodeGenOptLevel::None)
      warnOnce(Ctx, "no loop is analysed at -O0: LoopUArch predicts "
                    "optimised code (-O1 or higher)");
  } else {
    Choice = cachedModelChoice(F);
    if (!Choice.Warning.empty())
      warnOnce(Ctx, Choice.Warning);
    if (!Choice.Model)
      Skip = Choice.Error;
  }

  // Layout order (of each loop's first block), and each loop's rank among
  // those at its source location.
  // By block number (a table, not a map: this runs for every function;
  // the pass's own, reused, so that no function allocates it).
  // A function without a branch to the same or an earlier block in layout
  // order has no cycle (a cycle must go back somewhere): most functions
  // need no cycle analysis. Tested in the same walk that numbers the
  // blocks (one walk over a function's blocks instead of two: this runs for
  // every function): a successor already numbered is the block itself or
  // an earlier one. The first such branch settles it.
  constexpr unsigned Unplaced = ~0u;
  std::vector<unsigned> &Layout = LayoutTable;
  Layout.assign(MF.getNumBlockIDs(), Unplaced);
  unsigned Next = 0;
  bool BranchesBack = false;
  for (const MachineBasicBlock &MBB : MF) {
    Layout[MBB.getNumber()] = Next++;
    if (!BranchesBack)
      for (const MachineBasicBlock *Succ : MBB.successors())
        BranchesBack |= Layout[Succ->getNumber()] != Unplaced;
  }
  if (!BranchesBack)
    return;
  auto Position = [&](const MachineBasicBlock *MBB) {
    assert(Layout[MBB->getNumber()] != Unplaced &&
           "a block of another function");
    return Layout[MBB->getNumber()];
  };
  // The remarks of the function's loops (and their missed remarks): one
  // buffer for them all.
  BufferedErrs Buffer;
  std::unique_ptr<HotnessInfo> Hotness;
  if (!Sink && Ctx.getDiagnosticsHotnessRequested())
    Hotness = std::make_unique<HotnessInfo>(MF);
  MachineOptimizationRemarkEmitter ORE(MF, Hotness ? &Hotness->MBFI : nullptr);

  // Cycles rather than natural loops: a loop entered at two blocks (branch
  // folding merges a vector loop's exit test into its scalar remainder's
  // latch) is no natural loop, yet it is a loop of the program. The
  // innermost ones, as MachineCycleInfo finds them (InnermostCycles.h).
  Cycles.compute(MF);
  if (UArchVerifyCycles)
    verifyInnermostCycles(MF, Cycles);
  SmallVector<unsigned, 8> Innermost;
  SmallVector<unsigned, 8> Top; // each cycle's first block in layout order
  for (unsigned C = 0; C < Cycles.size(); ++C) {
    Innermost.push_back(C);
    unsigned First = ~0u;
    for (const MachineBasicBlock *MBB : Cycles.cycle(C).Blocks)
      First = std::min(First, Position(MBB));
    Top.push_back(First);
  }
  llvm::sort(Innermost, [&](unsigned A, unsigned B) { return Top[A] < Top[B]; });
  auto location = [&](unsigned C) {
    DebugLoc DL = loopStartLoc(Cycles.cycle(C).Header,
                               [&](const MachineBasicBlock *MBB) {
                                 return Cycles.contains(C, MBB);
                               });
    return DL ? std::make_pair(DL.getLine(), DL.getCol())
              : std::make_pair(0u, 0u);
  };
  // The model's decoder, looked up once for the function's loops (the
  // cache's key is a string and a map's search under a lock).
  DecoderCache::Entry *Decoding = nullptr;
  if (Skip.empty() && !Innermost.empty()) {
    auto Entry = decoders().get(F.getParent()->getTargetTriple().str(),
                                *Choice.Model);
    if (Entry)
      Decoding = *Entry;
    else
      Skip = toString(Entry.takeError()); // each loop's missed remark
  }
  // Each cycle's location, found once (it walks the header's
  // predecessors).
  SmallVector<std::pair<unsigned, unsigned>, 8> Locations;
  std::map<std::pair<unsigned, unsigned>, unsigned> AtLocation, Seen;
  for (unsigned C : Innermost)
    ++AtLocation[Locations.emplace_back(location(C))];
  for (auto [I, C] : llvm::enumerate(Innermost)) {
    LoopPlace P;
    P.Ordinal = ++Seen[Locations[I]];
    P.AtLocation = AtLocation[Locations[I]];
    // The label is shown only beside the loop's rank among several.
    CycleBlocks CB = Cycles.cycle(C);
    if (P.AtLocation > 1)
      P.Label = blockLabel(*CB.Header);
    P.Blocks.assign(CB.Blocks.begin(), CB.Blocks.end());
    llvm::sort(P.Blocks, [&](const MachineBasicBlock *A,
                             const MachineBasicBlock *B) {
      return Position(A) < Position(B);
    });
    double T = now();
    analyseLoop(MF, C, P, Choice, Decoding, Skip, ORE);
    InLoops += now() - T;
  }
}

void LoopUArchPass::analyseLoop(MachineFunction &MF, unsigned Cycle,
                                const LoopPlace &P, const ModelChoice &Choice,
                                DecoderCache::Entry *Decoding,
                                const std::string &Skip,
                                MachineOptimizationRemarkEmitter &ORE) {
  CycleBlocks L = Cycles.cycle(Cycle);
  auto Contains = [&](const MachineBasicBlock *MBB) {
    return Cycles.contains(Cycle, MBB);
  };
  const MachineBasicBlock *Header = L.Header;
  DebugLoc Loc = loopStartLoc(Header, Contains);
  auto missed = [&](const std::string &Why) {
    if (Sink) {
      if (Sink->Unsupported)
        Sink->Unsupported(MF.getName().str(), Why);
      return;
    }
    if (!Wanted.Missed)
      return;
    ORE.emit([&] {
      return MachineOptimizationRemarkMissed(PASS_NAME, "NotAnalysed", Loc,
                                             Header)
             << "loop not analysed: " << Why;
    });
  };

  if (!Skip.empty())
    return missed(Skip);
  const MachineModel *Model = Choice.Model;
  const std::string &CPUWhy = Choice.Note;
  assert(Decoding && "a decoder for every function without a skip reason");
  const TargetContext &TC = *Decoding->TC;
  double T0 = now();
  // Places only for a sink: the analysis cache's kernels name none (a
  // remark takes its loop's place from L).
  Expected<Kernel> K =
      kernelFromLoopBlocks(MF, Header, P.Blocks, Contains, TC,
                           /*WithPlaces=*/Sink);
  Times.add(Times.Kernel, now() - T0);
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
  if (!Wanted.Passed && !Wanted.Analysis)
    return; // only -Rpass-missed: nothing to analyse

  PipelineOptions PO;
  PO.Simulate = !UArchStaticOnly;
  PO.Sim.MaxIterations = UArchIterations;
  PO.Sim.StopAtSteadyState = UArchIterations == 0;
  PO.Sensitivity = PO.Simulate && UArchSensitivity;
  // The cycle accounting and port statistics feed the analysis remark's
  // "simulated cycles" and the sensitivity sweep only; the passed remark
  // reads neither ("speed17": 4.4% of the simulation's instructions on
  // sqlite3.c with -Rpass=uarch alone). A run's cycles do not depend on
  // it (SimOptions::Views).
  PO.Sim.Views = Wanted.Analysis || PO.Sensitivity;
  PO.SensitivityOpts.Sim = PO.Sim;
  // Beyond L1: the working set and each access's level from SCEV.
  double TM = now();
  LoopMemoryFacts MemFacts = analyzeLoopMemory(
      MF, *Header, P.Blocks,
      [&](const MachineBasicBlock &B) { return Contains(&B); }, L.Entries,
      *K, Model->MemoryHierarchy, IRAnalyses);
  Times.add(Times.Memory, now() - TM);
  // A short trip count per entry: also simulate entries of that many
  // iterations, whose chains restart and overlap (longer entries are the
  // steady state within a few percent, not worth the compile time).
  if (PO.Simulate && UArchTripCount && MemFacts.TripsPerEntry &&
      *MemFacts.TripsPerEntry <= double(MaxRemarkTripCount))
    PO.TripCount =
        std::max(1u, unsigned(std::lround(*MemFacts.TripsPerEntry)));
  // Compile time: a run whose entries do not repeat stops after 2,000
  // iterations (sqlite3.c at -O2: 20,000 made the pass 2.3x slower).
  PO.Sim.TripCountMaxIterations = TripCountMaxIterations;
  PO.Memory = PO.Simulate && UArchMemory && MemFacts.WorkingSet.has_value();
  PO.MemoryOpts.WorkingSet = MemFacts.WorkingSet;
  PO.MemoryOpts.WorkingSetSource = "SCEV";
  // Moved, not copied: the remark needs only the facts' note and counts
  // (appendMemoryRemark).
  static_cast<InstrMemoryFacts &>(PO.MemoryOpts) =
      std::move(static_cast<InstrMemoryFacts &>(MemFacts));
  PO.MemoryOpts.AllLevels = false;
  PO.MemoryOpts.NoPrefetchFigure = false;
  // Compile time: half the tool's re-simulation (sqlite3.c at -O2: the
  // memory step 20 -> 12 ms; PolyBench and sqlite3.c: no predicted cycles
  // change, 6 ECM sums by <= 0.1%; docs/plugin.md).
  PO.MemoryOpts.FixedIterations = MemoryIterations;
  PO.MemoryOpts.Sensitivity = PO.Sensitivity;
  PO.MemoryOpts.Sim = PO.Sim;
  PO.Memo = &simulations();
  PipelineStageTimes Steps;
  if (UArchTimeReport)
    PO.Times = &Steps;
  double T1 = now();
  bool Moved = false;
  std::shared_ptr<const AnalysedLoop> Analysed = analyses().get(
      *K, *Decoding->Decoder, *Decoding->Renaming, PO, Moved);
  Times.add(Steps);
  const KernelReport &R = Analysed->R;
  // This loop's instructions: the analysis may be another loop's, equal up
  // to registers (the verbose listing prints this loop's texts).
  const Kernel &Kern = Moved ? Analysed->K : *K;
  assert(Kern.size() == Analysed->K.size() && "a shared analysis of another "
                                               "length");
  assert(!Kern.Loc.isValid() && Kern.Name.empty() &&
         "a shared kernel names no place: the remarks take it from L");
  double T2 = now();
  Times.add(Times.Analysis, T2 - T1);
  if (UArchTimeReport) {
    std::lock_guard<std::mutex> G(Times.Lock);
    ++Times.Loops;
  }

  unsigned Unknown = 0;
  for (const DecodedInstr &D : R.Decoded)
    Unknown += D.Source == DecodeSource::Unsupported;
  std::string Bound;
  for (BoundKind B : R.Static.Limiters)
    Bound += (Bound.empty() ? "" : "+") + boundKindName(B).str();
  std::string Bottleneck = R.bottleneck();

  LoopIdentity Id = identifyLoopBlocks(Header, L.Blocks);
  double T3 = now();
  Times.add(Times.Identity, T3 - T2);
  // Time spent building the remarks (in the ORE's callbacks); the rest of
  // the remarks stage is their printing.
  double Building = 0;
  // Keyed arguments only for an optimization record; else one string each
  // (RemarkText.h): the message is the same.
  bool Keyed = MF.getFunction().getContext().getLLVMRemarkStreamer();
  std::string &Flat = RemarkBuffer;
  if (Wanted.Passed)
    ORE.emit([&] {
      double B0 = now();
      MachineOptimizationRemark Rem(PASS_NAME, "LoopThroughput", Loc, Header);
      Flat.clear();
      RemarkText T(Rem, Keyed ? nullptr : &Flat);
      T << "loop: ";
      T.nv("LoopKind", loopRoleName(Id.Role));
      if (P.AtLocation > 1) {
        T << " [";
        T.nv("LoopOrdinal", P.Ordinal) << " of ";
        T.nv("LoopsAtLocation", P.AtLocation) << " here, ";
        T.nv("HeaderLabel", P.Label) << "]";
      }
      if (Id.VectorWidth || Id.ElementsPerIteration) {
        T << " (";
        if (Id.VectorWidth) {
          T << "VF ";
          T.nv("VectorWidth", Id.VectorWidth);
        }
        if (Id.VectorWidth && Id.Interleave) {
          T << ", interleave ";
          T.nv("Interleave", Id.Interleave);
        }
        if (Id.VectorWidth && Id.ElementsPerIteration)
          T << ": ";
        if (Id.ElementsPerIteration)
          T.nv("ElementsPerIteration", Id.ElementsPerIteration)
              << (Id.ElementsPerIteration == 1 ? " element" : " elements")
              << "/iteration";
        T << ")";
      }
      T << ": ";
      T.nv("Cycles", fmt2(R.cyclesPerIteration())) << " cycles/iteration";
      if (Id.ElementsPerIteration) {
        T << ", ";
        T.nv("CyclesPerElement",
             fmt3(R.cyclesPerIteration() / Id.ElementsPerIteration))
            << " cycles/element";
      }
      T << " (" << (R.Sim ? "simulated; static bound " : "static bound ");
      T.nv("StaticBound", fmt2(R.Static.Throughput)) << ", ";
      T.nv("Bound", Bound) << ") on ";
      T.nv("CPU", Model->Name) << "; bottleneck: ";
      T.nv("Bottleneck", Bottleneck);
      if (R.TripSim) {
        T << "; for ";
        T.nv("TripCount", R.TripSim->TripCount)
            << " iterations/entry (SCEV): ";
        T.nv("CyclesPerEntry", fmt2(R.TripSim->CyclesPerEntry))
            << " cycles/entry, ";
        T.nv("TripCountCycles", fmt2(R.TripSim->CyclesPerIteration))
            << " cycles/iteration (chains restarting each entry)";
      }
      if (R.Sensitivity && !R.Sensitivity->Verdict.empty()) {
        T << "; top sensitivity: ";
        T.nv("TopSensitivity", R.Sensitivity->Verdict.front());
      }
      appendMemoryRemark(T, R, MemFacts);
      T << " (";
      T.nv("Instructions", unsigned(Kern.size())) << " instructions)";
      if (Unknown) {
        T << "; ";
        T.nv("UnknownInstructions", Unknown)
            << " instruction(s) unknown to the model";
      }
      if (!CPUWhy.empty())
        T << "; " << CPUWhy;
      T << " [LoopUArch ";
      T.nv("LoopUArchVersion", LUARCH_VERSION_STRING) << "]";
      T.finish();
      Building += now() - B0;
      return Rem;
    });

  // Details for -Rpass-analysis=uarch: the bounds and the accounting.
  if (Wanted.Analysis)
    ORE.emit([&] {
      double B0 = now();
      MachineOptimizationRemarkAnalysis Rem(PASS_NAME, "LoopDetails", Loc,
                                            Header);
      Flat.clear();
      RemarkText T(Rem, Keyed ? nullptr : &Flat);
      T << "bounds:";
      for (const ThroughputBound &B : R.Static.Bounds)
        T << " " << boundKindName(B.Kind) << " " << fmt2(B.Cycles) << ";";
      T << " uops: ";
      T.nv("FusedUops", unsigned(R.Static.FusedUops)) << " fused, ";
      T.nv("Uops", unsigned(R.Static.UnfusedUops)) << " executed";
      if (R.Sim) {
        T << "; simulated cycles:";
        for (unsigned C = 0; C < unsigned(StallCause::NumCauses); ++C)
          if (R.Sim->Stalls[C] > 0.005)
            T << " " << stallCauseName(StallCause(C)) << " "
              << fmt2(R.Sim->Stalls[C]) << ";";
      }
      for (const std::string &W : R.Warnings)
        T << " warning: " << W << ";";
      if (UArchVerbose)
        for (size_t I = 0; I < Kern.size(); ++I)
          T << "\n  " << Kern.Instrs[I].Text << "  ["
            << describeUops(*Model, R.Decoded[I]) << ", "
            << decodeSourceName(R.Decoded[I].Source) << ": "
            << R.Decoded[I].Variant << "]";
      T.finish();
      Building += now() - B0;
      return Rem;
    });
  double Spent = now() - T3;
  Times.add(Times.Remarks, Spent);
  Times.add(Times.Printing, Spent - Building);
}

} // namespace

Pass *createLoopUArchPass(const LoopKernelSink *Sink) {
  return new LoopUArchPass(Sink);
}

void setLoopKernelSink(const LoopKernelSink *Sink) { GlobalSink = Sink; }

std::string uarchCPUOption() { return UArchCPU; }

bool uarchTimeReport() { return UArchTimeReport; }

bool memoryAnalysisWanted(LLVMContext &Ctx) {
  WantedRemarks W = remarksWanted(Ctx);
  return !GlobalSink && (W.Passed || W.Analysis);
}

// The pass must be known to the PassRegistry: TargetPassConfig creates
// inserted passes by ID.
static RegisterPass<LoopUArchPass>
    Registration("loop-uarch", "LoopUArch: cycles per iteration of innermost "
                               "loops",
                 /*CFGOnly=*/false, /*is_analysis=*/false);

void insertLoopUArchPass(TargetPassConfig &PassConfig) {
  // After the target's pre-emit passes (X86: execution-domain fixes, false
  // dependency breaking, EVEX-to-VEX compression, LEA fixups), so that the
  // kernel is the code the assembler gets; funclet layout, the first pass
  // after them, is in every codegen pipeline at every optimisation level.
  PassConfig.insertPass(&FuncletLayoutID, &LoopUArchPass::ID);
}

} // namespace luarch
