//===- loop-uarch-report.cpp - The standalone loop analyzer --------------===//
//
// loop-uarch-report [options] <input>
//
// Reads assembly (AT&T or Intel), objects, LLVM IR or raw bytes, finds the
// regions to analyse (llvm-mca, OSACA or IACA markers, else every innermost
// loop) and reports predicted cycles per iteration, the bounds, the
// bottleneck and a per-instruction table. Options follow llvm-mca where they
// overlap (-mcpu, -mtriple, -march, -mattr, -iterations, -timeline-max-*,
// -o). See docs/usage.md.
//
//===----------------------------------------------------------------------===//
#include "DescribeMemory.h"
#include "Driver.h"
#include "Tune.h"
#include "luarch/Kernel/HostCPU.h"

#include "luarch/Config/Version.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Report/MemoryPrediction.h"
#include "luarch/Model/MachineModel.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>

using namespace llvm;
using namespace luarch;

static cl::OptionCategory Cat("loop-uarch-report options");

static cl::opt<std::string> InputFile(
    cl::Positional,
    cl::desc("<input: .s/.S assembly (AT&T or Intel), object file or "
             "executable, .ll/.bc LLVM IR, or - for stdin; or --hex=<bytes>, "
             "or --batch=<file.csv>>"),
    cl::init("-"), cl::cat(Cat));
static cl::opt<std::string> OutputFile("o",
                                       cl::desc("Output file (default stdout; "
                                                "also --output=<file>)"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(Cat));
static cl::alias OutputLong("output", cl::desc("Alias for -o"),
                            cl::aliasopt(OutputFile), cl::cat(Cat));
static cl::opt<std::string>
    MTriple("mtriple", cl::desc("Target triple (x86_64 only)"),
            cl::init("x86_64-unknown-linux-gnu"), cl::cat(Cat));
static cl::opt<std::string>
    MArch("march",
          cl::desc("Target architecture, as in llvm-mca: x86-64 (the only "
                   "one modelled; the CPU is -mcpu)"),
          cl::value_desc("arch"), cl::cat(Cat));
static cl::opt<std::string>
    MAttr("mattr",
          cl::desc("Subtarget features (+avx512f,-avx2), as in llvm-mca: "
                   "passed to LLVM's MC layer, whose x86 assembler and "
                   "disassembler accept every instruction whatever the "
                   "features, so they change almost nothing; the timing is "
                   "the -mcpu model's"),
          cl::value_desc("+a1,-a2,..."), cl::cat(Cat));
static cl::opt<std::string>
    MCPU("mcpu",
         cl::desc("Target CPU, an LLVM -mcpu name (see --list-cpus; names "
                  "without a model of their own map to the nearest described "
                  "core, with a note); 'native' = the host"),
         cl::value_desc("cpu"), cl::init("native"), cl::cat(Cat));
static cl::opt<unsigned>
    Iterations("iterations",
               cl::desc("Iterations to simulate (0 = until steady state)"),
               cl::init(0), cl::cat(Cat));
/// Entries longer than this are simulated for at least 3 x N iterations
/// and differ from the steady state by the one chain that restarts.
static constexpr unsigned MaxTripCount = 10000;
static cl::opt<unsigned> TripCount(
    "trip-count",
    cl::desc("Iterations per entry of the loop: also predict cycles per "
             "entry and per iteration for entries of N iterations back to "
             "back, whose dependency chains restart every entry (the "
             "steady state stays the headline)"),
    cl::value_desc("N"), cl::init(0), cl::cat(Cat));
static cl::opt<bool>
    StaticOnly("static", cl::desc("Static bounds only (no simulation)"),
               cl::cat(Cat));
static cl::opt<bool> NoSensitivity(
    "no-sensitivity",
    cl::desc("Skip the sensitivity sweep (faster; no bottleneck ranking)"),
    cl::cat(Cat));
static cl::opt<double> SensitivityFactor(
    "sensitivity-factor",
    cl::desc("Acceleration factor of the sensitivity sweep, greater than 1 "
             "and at most 10 (default 1.15)"),
    cl::init(1.15), cl::cat(Cat));
/// Beyond this a resource is as good as unlimited, which the sweep reports
/// in a column of its own.
constexpr double MaxSensitivityFactor = 10;
static cl::opt<std::string> SensitivityBudget(
    "sensitivity-budget",
    cl::desc("CPU seconds for one kernel's sensitivity sweep, or "
             "'unlimited' (default 5); resources left when it runs out are "
             "reported as not evaluated"),
    cl::init("5"), cl::value_desc("seconds"), cl::cat(Cat));
static cl::opt<bool> SensitivityExhaustive(
    "sensitivity-exhaustive",
    cl::desc("Sweep every resource on its own, each run to its steady "
             "state, without a time budget (slow on large kernels)"),
    cl::cat(Cat));
static cl::opt<bool> Timeline("timeline",
                              cl::desc("Print a per-instruction timeline of "
                                       "the first iterations"),
                              cl::cat(Cat));
static cl::opt<unsigned> TimelineIters(
    "timeline-iterations",
    cl::desc("Iterations shown by --timeline (also "
             "-timeline-max-iterations, llvm-mca's spelling)"),
    cl::init(3), cl::cat(Cat));
static cl::alias TimelineMaxIters("timeline-max-iterations",
                                  cl::desc("Alias for --timeline-iterations "
                                           "(llvm-mca's spelling)"),
                                  cl::aliasopt(TimelineIters), cl::cat(Cat));
static cl::opt<unsigned> TimelineMaxCycles(
    "timeline-max-cycles",
    cl::desc("Cycles shown by --timeline (0 = unlimited)"), cl::init(160),
    cl::cat(Cat));
static cl::opt<OutputFormat>
    Format("format", cl::desc("Report format"),
           cl::values(clEnumValN(OutputFormat::Text, "text", "text report"),
                      clEnumValN(OutputFormat::JSON, "json",
                                 "JSON (docs/json-schema.md)"),
                      clEnumValN(OutputFormat::HTML, "html",
                                 "one self-contained HTML page")),
           cl::init(OutputFormat::Text), cl::cat(Cat));
static cl::opt<bool> JSON("json", cl::desc("Same as --format=json"),
                          cl::cat(Cat));
static cl::opt<unsigned> HtmlDetail(
    "html-detail",
    cl::desc("--format=html: kernels drawn in full (the first n; 0 = all); "
             "the others get a row in the index"),
    cl::value_desc("n"), cl::init(10), cl::cat(Cat));
static cl::opt<PortAssignment> PortAssign(
    "port-assignment", cl::desc("How flexible uops spread over ports"),
    cl::values(clEnumValN(PortAssignment::Optimal, "optimal",
                          "min-max optimal assignment (default)"),
               clEnumValN(PortAssignment::EqualSplit, "equal",
                          "OSACA's fixed 1/n split")),
    cl::init(PortAssignment::Optimal), cl::cat(Cat));
static cl::opt<bool> ShowDecoding("show-decoding",
                                  cl::desc("Show each instruction's uops, "
                                           "ports and data source"),
                                  cl::cat(Cat));
static cl::opt<bool> DescribeCPU("describe-cpu",
                                 cl::desc("Print the -mcpu model with the "
                                          "source of every number and exit"),
                                 cl::cat(Cat));
static cl::opt<bool> ListCPUs("list-cpus", cl::desc("List supported CPUs"),
                              cl::cat(Cat));
static cl::opt<unsigned>
    Unroll("unroll",
           cl::desc("Source iterations per kernel iteration (divides the "
                    "headline figure)"),
           cl::init(1), cl::cat(Cat));
static cl::opt<int> AlignmentOffset(
    "alignment-offset",
    cl::desc("Place each kernel's first instruction at this byte offset "
             "(0-63) of a 64-byte line, for the front end's 16-byte fetch "
             "blocks and 32-byte uop-cache windows (default: the address "
             "in objects, 0 otherwise)"),
    cl::init(-1), cl::cat(Cat));
static cl::opt<unsigned> UnrolledCopies(
    "unrolled-copies",
    cl::desc("--as=unrolled: copies of the block run back to back (whether "
             "they all fit the uop cache; default 200, as BHive and "
             "--measure run them)"),
    cl::init(200), cl::cat(Cat));
static cl::opt<unsigned> MaxInstructions(
    "max-instructions",
    cl::desc("Refuse kernels with more instructions than this"),
    cl::init(100000), cl::cat(Cat));
static cl::opt<std::string>
    Hex("hex", cl::desc("Analyse these machine-code bytes (hex) instead of a "
                        "file"),
        cl::value_desc("bytes"), cl::cat(Cat));
static cl::opt<std::string>
    Batch("batch",
          cl::desc("BHive-style CSV (hex[,anything] per line): write CSV "
                   "hex,cycles_per_iteration,bound per block"),
          cl::value_desc("file.csv"), cl::cat(Cat));
static cl::opt<std::string> BatchColumn(
    "batch-column",
    cl::desc("The --batch CSV column holding the hex: a 1-based number or a "
             "header name (default: a header's 'hex' column, else the "
             "first)"),
    cl::value_desc("n|name"), cl::cat(Cat));
static cl::opt<unsigned>
    Jobs("j",
         cl::desc("--batch worker threads (0 = one per hardware thread); "
                  "the output does not depend on it"),
         cl::value_desc("n"), cl::init(1), cl::Prefix, cl::cat(Cat));
static cl::opt<KernelShape> As(
    "as", cl::desc("How raw bytes (--hex, --batch) repeat"),
    cl::values(clEnumValN(KernelShape::Loop, "loop",
                          "as a loop body (a trailing branch, or an "
                          "implicit back edge)"),
               clEnumValN(KernelShape::Unrolled, "unrolled",
                          "as straight-line code repeated back to back")),
    cl::init(KernelShape::Loop), cl::cat(Cat));
static cl::opt<bool> HarnessContext(
    "harness-context",
    cl::desc("Assume the measurement harness' state (as in BHive and "
             "--measure): every register, and every aligned 64-bit word "
             "of memory, equals --harness-value (a narrower load reads "
             "its bytes at its offset); memory dependencies between "
             "different base registers then become visible"),
    cl::cat(Cat));
static cl::opt<unsigned long long> HarnessValue(
    "harness-value", cl::desc("Register value of --harness-context"),
    cl::init(0x40000800), cl::cat(Cat));
static cl::opt<unsigned> HarnessRunIterations(
    "harness-run-iterations",
    cl::desc("With --harness-context: iterations of one timed run of the "
             "loop, each run starting from the same registers (the BHive "
             "corpus' loop_iters_a); when the pages one run walks fit the "
             "L1 DTLB, the STLB-hit rules cost nothing (0: not known; "
             "--batch: a run_iterations column per row)"),
    cl::init(0), cl::cat(Cat));
static cl::opt<std::string> WhatIfSpec(
    "what-if",
    cl::desc("Simulate a changed machine, e.g. --what-if=buffers=1000 or "
             "rs=unlimited,rob=400 (sizes: rob, rs, fp-rs, lb, sb, int-prf, "
             "vec-prf, buffers, uop-queue; rates: issue-width, "
             "retire-width, frontend-width; divider: a speed factor; "
             "binding: a port-binding policy; docs/usage.md)"),
    cl::value_desc("name=value,..."), cl::cat(Cat));
static cl::opt<bool> Measure(
    "measure",
    cl::desc("Also run each kernel natively on this host (x86-64 Linux; "
             "forked, time-limited) and report measured cycles/iteration "
             "beside the prediction (docs/measurement.md)"),
    cl::cat(Cat));
static cl::opt<unsigned> MeasureReps(
    "measure-repetitions", cl::desc("Timed runs per configuration"),
    cl::init(31), cl::cat(Cat));
static cl::opt<unsigned> MeasureEntryTrips(
    "measure-entry-trips",
    cl::desc("Measure a loop re-entered with this many and half as many "
             "iterations per entry, registers reset every entry and a "
             "physical page per touched page, so a streaming loop's data "
             "stays in L1 (0: one long run, BHive's loop form; "
             "docs/measurement.md)"),
    cl::init(0), cl::cat(Cat));
static cl::opt<bool> MeasureEntryResetVectors(
    "measure-entry-reset-vectors",
    cl::desc("With --measure-entry-trips: also reset the vector registers "
             "every entry (AVX hosts), so that no vector value, e.g. an FP "
             "accumulator, carries into the next entry (default: they carry "
             "over)"),
    cl::cat(Cat));
static cl::opt<uint64_t> MeasureRegisterStep(
    "measure-register-step",
    cl::desc("With --measure-entry-trips: register number r starts every "
             "entry at the harness value + r * step, so that pointers in "
             "different registers address different data (0: all equal)"),
    cl::init(0), cl::cat(Cat));
static cl::opt<bool> Tune(
    "tune",
    cl::desc("For LLVM IR not yet optimised (clang -O2 -Xclang "
             "-disable-llvm-optzns -emit-llvm): print the loop tuner's "
             "candidate table for every innermost loop (docs/plugin.md)"),
    cl::cat(Cat));
static cl::opt<unsigned> TuneOptLevel(
    "tune-opt-level", cl::desc("Pipeline level of --tune: 2 or 3 (default 2)"),
    cl::init(2), cl::cat(Cat));
static cl::opt<std::string> WorkingSet(
    "working-set",
    cl::desc("Bytes the loop's data occupies (e.g. 64M, 3MiB, 100000): "
             "decides which memory level's prediction applies "
             "(docs/memory.md)"),
    cl::value_desc("bytes"), cl::cat(Cat));
static cl::opt<bool> NoMemory(
    "no-memory",
    cl::desc("Skip the predictions beyond L1 (data in L2, L3, DRAM)"),
    cl::cat(Cat));
static cl::opt<bool> DebugMatching("debug-matching", cl::Hidden,
                                   cl::desc("Print uops.info candidates"));

/// -march, as llvm-mca has it, names the target architecture; only x86-64
/// is modelled. clang's meaning (the CPU) gets a pointer to -mcpu.
static Error checkArch(StringRef Arch) {
  if (Arch.empty() || Arch == "x86-64" || Arch == "x86_64")
    return Error::success();
  if (Arch == "x86" || Arch == "i386" || Arch == "i686")
    return createStringError(inconvertibleErrorCode(),
                             "-march=%s: 32-bit x86 is not modelled; "
                             "LoopUArch analyses x86-64 code (-march=x86-64)",
                             Arch.str().c_str());
  auto Modelled = getMachineModel(Arch);
  bool IsCPU = Arch == "native" || findCPUNameMapping(Arch) || bool(Modelled);
  if (!Modelled)
    consumeError(Modelled.takeError());
  if (IsCPU)
    return createStringError(
        inconvertibleErrorCode(),
        "-march=%s: as in llvm-mca, -march names the target architecture "
        "(x86-64); to choose the CPU, use -mcpu=%s",
        Arch.str().c_str(), Arch.str().c_str());
  return createStringError(inconvertibleErrorCode(),
                           "-march=%s: unknown target architecture; "
                           "LoopUArch models -march=x86-64 only",
                           Arch.str().c_str());
}

/// Options that mean nothing in --batch mode (one CSV row per block, no
/// report) or outside it are refused rather than silently ignored.
static Error checkBatchOptions() {
  auto Given = [](const cl::Option &O) { return O.getNumOccurrences() > 0; };
  if (Batch.empty()) {
    for (const cl::Option *O : {static_cast<const cl::Option *>(&BatchColumn),
                                static_cast<const cl::Option *>(&Jobs)})
      if (Given(*O))
        return createStringError(inconvertibleErrorCode(),
                                 "%s%s applies to --batch only",
                                 O->ArgStr.size() == 1 ? "-" : "--",
                                 O->ArgStr.str().c_str());
    return Error::success();
  }
  const cl::Option *NotInBatch[] = {
      &InputFile, &Hex,           &Format,          &JSON,
      &Timeline,  &TimelineIters, &TimelineMaxCycles, &ShowDecoding,
      &NoSensitivity, &SensitivityFactor, &Unroll,  &DebugMatching,
      &HtmlDetail, &SensitivityBudget, &SensitivityExhaustive};
  for (const cl::Option *O : NotInBatch)
    if (Given(*O))
      return createStringError(
          inconvertibleErrorCode(),
          "--batch writes one CSV row per block (hex, cycles per iteration, "
          "bound; no report, no sensitivity sweep): %s does not apply",
          O->ArgStr.empty()
              ? ("the input file '" + InputFile + "'").c_str()
              : ((O->ArgStr.size() == 1 ? "-" : "--") + O->ArgStr.str())
                    .c_str());
  if (Measure && Jobs != 1)
    return createStringError(
        inconvertibleErrorCode(),
        "--measure times blocks natively: other threads working beside it "
        "would disturb the timing; use -j 1");
  return Error::success();
}

/// --version: LoopUArch's version first (what users quote in bug reports),
/// then the LLVM it was built with and what -mcpu=native means here.
static void printVersion(raw_ostream &OS) {
  OS << "loop-uarch-report (LoopUArch) " << LUARCH_VERSION_STRING << "\n"
     << "  built with LLVM " << LUARCH_LLVM_VERSION_STRING << "\n"
     << "  default target: " << sys::getDefaultTargetTriple() << "\n"
     << "  host CPU: " << sys::getHostCPUName() << "\n";
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  // IRInput.cpp's option is ours too (docs/usage.md): shown by --help.
  if (cl::Option *O = cl::getRegisteredOptions().lookup("codegen-opt-level"))
    O->addCategory(Cat);
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(
      argc, argv,
      "LoopUArch: cycles per iteration of x86-64 loops, and what limits "
      "them\n");

  if (ListCPUs) {
    for (const MachineModel *M : allMachineModels()) {
      outs() << left_justify(M->Name, 16) << M->Vendor << " "
             << M->Description;
      if (!M->Aliases.empty()) {
        outs() << " (also:";
        for (const std::string &A : M->Aliases)
          outs() << " " << A;
        outs() << ")";
      }
      outs() << "\n";
    }
    outs() << "\nOther LLVM -mcpu names and the described core standing in "
              "for them:\n";
    for (const CPUNameMapping &Row : cpuNameMappings())
      outs() << left_justify(Row.Name, 24) << " "
             << left_justify(Row.Model ? Row.Model : "-", 15) << " "
             << left_justify(cpuMatchName(Row.Match), 10) << " " << Row.Reason
             << "\n";
    return 0;
  }

  if (Error E = joinErrors(checkArch(MArch), checkBatchOptions())) {
    WithColor::error(errs(), "loop-uarch-report")
        << toString(std::move(E)) << "\n";
    return 1;
  }

  std::string CPUNote;
  auto Model = getNearestMachineModel(MCPU, &CPUNote);
  if (!Model) {
    WithColor::error(errs(), "loop-uarch-report")
        << toString(Model.takeError()) << "\n";
    return 1;
  }
  if (MCPU == "native" || MCPU.empty())
    CPUNote += " [" + detectHostCPU().str() + "]";
  if (!MAttr.empty())
    CPUNote += std::string(CPUNote.empty() ? "" : "; ") + "-mattr=" + MAttr +
               " was passed to LLVM's MC layer, which assembles and decodes "
               "x86 instructions whatever the features; the timing is " +
               Model->Name + "'s";
  if (DescribeCPU) {
    bool AsJSON = JSON || Format == OutputFormat::JSON;
    if (!(Measure && AsJSON)) {
      if (!CPUNote.empty())
        outs() << CPUNote << "\n";
      outs() << describeMachineModel(*Model);
    }
    // --measure: the host's memory hierarchy next to the description's.
    if (Measure)
      if (Error E = describeMemoryWithProbe(*Model, AsJSON, outs())) {
        WithColor::error(errs(), "loop-uarch-report")
            << toString(std::move(E)) << "\n";
        return 1;
      }
    return 0;
  }

  if (!(std::isfinite(SensitivityFactor) && SensitivityFactor > 1 &&
        SensitivityFactor <= MaxSensitivityFactor)) {
    WithColor::error(errs(), "loop-uarch-report")
        << "--sensitivity-factor must be a number greater than 1 and at most "
        << format("%g", MaxSensitivityFactor) << " (got "
        << format("%g", SensitivityFactor.getValue()) << ")\n";
    return 1;
  }

  double BudgetSeconds = -1;
  if (SensitivityBudget != "unlimited" &&
      (StringRef(SensitivityBudget).trim().getAsDouble(BudgetSeconds) ||
       !std::isfinite(BudgetSeconds) || BudgetSeconds < 0)) {
    WithColor::error(errs(), "loop-uarch-report")
        << "--sensitivity-budget must be a number of seconds (0 or more) or "
           "'unlimited' (got '"
        << SensitivityBudget << "')\n";
    return 1;
  }

  DriverOptions Opts;
  Opts.InputFile = InputFile;
  Opts.OutputFile = OutputFile;
  Opts.Triple = MTriple;
  Opts.Features = MAttr;
  Opts.Model = &*Model;
  // IR is compiled for the CPU named (an LLVM name even when the model is a
  // stand-in for it), or the host's.
  Opts.CodegenCPU = MCPU == "native" || MCPU.empty()
                        ? sys::getHostCPUName().str()
                        : MCPU.getValue();
  Opts.CPUNote = CPUNote;
  Opts.Measure = Measure;
  Opts.MeasureRepetitions = MeasureReps;
  Opts.MeasureEntryTrips = MeasureEntryTrips;
  Opts.MeasureRegisterStep = MeasureRegisterStep;
  Opts.MeasureEntryResetVectors = MeasureEntryResetVectors;
  Opts.Iterations = Iterations;
  Opts.TripCount = TripCount;
  Opts.Simulate = !StaticOnly;
  Opts.Timeline = Timeline;
  Opts.Sensitivity = !NoSensitivity && !StaticOnly;
  Opts.SensitivityFactor = SensitivityFactor;
  Opts.SensitivityBudget = SensitivityExhaustive ? -1 : BudgetSeconds;
  Opts.SensitivityExhaustive = SensitivityExhaustive;
  Opts.TimelineIterations = TimelineIters;
  Opts.TimelineMaxCycles = TimelineMaxCycles;
  Opts.HtmlDetailed = HtmlDetail;
  Opts.Format = JSON ? OutputFormat::JSON : Format.getValue();
  Opts.Ports = PortAssign;
  Opts.ShowDecoding = ShowDecoding;
  Opts.DebugMatching = DebugMatching;
  Opts.Unroll = Unroll;
  // (-1, the default, stands for "not given": given, it is out of range.)
  if (AlignmentOffset >= 64 ||
      (AlignmentOffset < 0 && AlignmentOffset.getNumOccurrences())) {
    WithColor::error(errs(), "loop-uarch-report")
        << "--alignment-offset must be 0-63 (a byte in a 64-byte line)\n";
    return 1;
  }
  if (TripCount > MaxTripCount) {
    WithColor::error(errs(), "loop-uarch-report")
        << "--trip-count must be at most " << MaxTripCount
        << " (longer entries are the steady state)\n";
    return 1;
  }
  if (TripCount && (StaticOnly || !Batch.empty())) {
    WithColor::error(errs(), "loop-uarch-report")
        << "--trip-count needs the simulation of one kernel at a time (not "
           "with --static or --batch)\n";
    return 1;
  }
  if (Unroll == 0) {
    // It divides the headline figure: 0 source iterations per kernel
    // iteration has no meaning (it was taken silently as 1).
    WithColor::error(errs(), "loop-uarch-report")
        << "--unroll must be at least 1 (source iterations per kernel "
           "iteration)\n";
    return 1;
  }
  if (UnrolledCopies == 0) {
    WithColor::error(errs(), "loop-uarch-report")
        << "--unrolled-copies must be at least 1\n";
    return 1;
  }
  Opts.AlignmentOffset = AlignmentOffset;
  Opts.UnrolledCopies = UnrolledCopies;
  Opts.MaxInstructions = MaxInstructions;
  Opts.Hex = Hex;
  Opts.BatchFile = Batch;
  Opts.BatchColumn = BatchColumn;
  Opts.Jobs = Jobs;
  Opts.Shape = As;
  Opts.Addresses.Concrete = HarnessContext;
  Opts.Addresses.RegisterValue = HarnessValue;
  if (HarnessRunIterations && !HarnessContext) {
    WithColor::error(errs(), "loop-uarch-report")
        << "--harness-run-iterations needs --harness-context\n";
    return 1;
  }
  Opts.Addresses.RunIterations = HarnessRunIterations;
  Opts.Memory = !NoMemory;
  if (!WorkingSet.empty()) {
    auto Bytes = parseByteSize(WorkingSet);
    if (!Bytes) {
      WithColor::error(errs(), "loop-uarch-report")
          << toString(Bytes.takeError()) << "\n";
      return 1;
    }
    Opts.WorkingSet = double(*Bytes);
  }
  if (!WhatIfSpec.empty()) {
    auto W = parseWhatIf(WhatIfSpec);
    if (!W) {
      WithColor::error(errs(), "loop-uarch-report")
          << toString(W.takeError()) << "\n";
      return 1;
    }
    Opts.SimWhatIf = std::move(*W);
  }
  Opts.Tune = Tune;
  Opts.TuneOptLevel = TuneOptLevel;
  if (Error E = Tune            ? runTune(Opts)
                : Batch.empty() ? runDriver(Opts)
                                : runBatch(Opts)) {
    std::string Msg = toString(std::move(E));
    // Messages that already carry "file:line: error:" are printed as is.
    if (StringRef(Msg).contains(": error:"))
      errs() << Msg << "\n";
    else
      WithColor::error(errs(), "loop-uarch-report") << Msg << "\n";
    return 1;
  }
  return 0;
}
