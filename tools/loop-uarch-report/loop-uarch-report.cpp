//===- loop-uarch-report.cpp - The standalone loop analyzer --------------===//
//
// loop-uarch-report [options] <input>
//
// Reads assembly (AT&T or Intel), finds the regions to analyse (llvm-mca,
// OSACA or IACA markers, else every innermost loop) and reports predicted
// cycles per iteration, the bounds, the bottleneck and a per-instruction
// table. Options follow llvm-mca where they overlap. See docs/usage.md.
//
//===----------------------------------------------------------------------===//
#include "DescribeMemory.h"
#include "Driver.h"
#include "luarch/Kernel/HostCPU.h"

#include "luarch/Kernel/TargetContext.h"
#include "luarch/Report/MemoryPrediction.h"
#include "luarch/Model/MachineModel.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace luarch;

static cl::OptionCategory Cat("loop-uarch-report options");

static cl::opt<std::string> InputFile(cl::Positional,
                                      cl::desc("<input .s file, or - for stdin>"),
                                      cl::init("-"), cl::cat(Cat));
static cl::opt<std::string> OutputFile("o", cl::desc("Output file (default stdout)"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(Cat));
static cl::opt<std::string>
    MTriple("mtriple", cl::desc("Target triple (x86_64 only)"),
            cl::init("x86_64-unknown-linux-gnu"), cl::cat(Cat));
static cl::opt<std::string>
    MCPU("mcpu",
         cl::desc("Target CPU, an LLVM -mcpu name (see --list-cpus); "
                  "'native' = the host"),
         cl::value_desc("cpu"), cl::init("native"), cl::cat(Cat));
static cl::opt<unsigned>
    Iterations("iterations",
               cl::desc("Iterations to simulate (0 = until steady state)"),
               cl::init(0), cl::cat(Cat));
static cl::opt<bool>
    StaticOnly("static", cl::desc("Static bounds only (no simulation)"),
               cl::cat(Cat));
static cl::opt<bool> NoSensitivity(
    "no-sensitivity",
    cl::desc("Skip the sensitivity sweep (faster; no bottleneck ranking)"),
    cl::cat(Cat));
static cl::opt<double> SensitivityFactor(
    "sensitivity-factor",
    cl::desc("Acceleration factor of the sensitivity sweep (default 1.15)"),
    cl::init(1.15), cl::cat(Cat));
static cl::opt<bool> Timeline("timeline",
                              cl::desc("Print a per-instruction timeline of "
                                       "the first iterations"),
                              cl::cat(Cat));
static cl::opt<unsigned> TimelineIters(
    "timeline-iterations", cl::desc("Iterations shown by --timeline"),
    cl::init(3), cl::cat(Cat));
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
             "--measure): every register, and every value loaded from "
             "memory, equals --harness-value; memory dependencies between "
             "different base registers then become visible"),
    cl::cat(Cat));
static cl::opt<unsigned long long> HarnessValue(
    "harness-value", cl::desc("Register value of --harness-context"),
    cl::init(0x40000800), cl::cat(Cat));
static cl::opt<std::string> WhatIfSpec(
    "what-if",
    cl::desc("Simulate a changed machine, e.g. --what-if=buffers=1000 or "
             "rs=unlimited,rob=400 (rob, rs, lb, sb, int-prf, vec-prf, "
             "buffers, issue-width, retire-width, frontend-width)"),
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

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Cat);
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
    return 0;
  }

  std::string CPUNote;
  auto Model = getMachineModel(MCPU, &CPUNote);
  if (!Model) {
    WithColor::error(errs(), "loop-uarch-report")
        << toString(Model.takeError()) << "\n";
    return 1;
  }
  if (MCPU == "native" || MCPU.empty())
    CPUNote += " [" + detectHostCPU().str() + "]";
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

  DriverOptions Opts;
  Opts.InputFile = InputFile;
  Opts.OutputFile = OutputFile;
  Opts.Triple = MTriple;
  Opts.Model = &*Model;
  Opts.CPUNote = CPUNote;
  Opts.Measure = Measure;
  Opts.MeasureRepetitions = MeasureReps;
  Opts.Iterations = Iterations;
  Opts.Simulate = !StaticOnly;
  Opts.Timeline = Timeline;
  Opts.Sensitivity = !NoSensitivity && !StaticOnly;
  Opts.SensitivityFactor = SensitivityFactor;
  Opts.TimelineIterations = TimelineIters;
  Opts.Format = JSON ? OutputFormat::JSON : Format.getValue();
  Opts.Ports = PortAssign;
  Opts.ShowDecoding = ShowDecoding;
  Opts.DebugMatching = DebugMatching;
  Opts.Unroll = Unroll;
  Opts.MaxInstructions = MaxInstructions;
  Opts.Hex = Hex;
  Opts.BatchFile = Batch;
  Opts.Shape = As;
  Opts.Addresses.Concrete = HarnessContext;
  Opts.Addresses.RegisterValue = HarnessValue;
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
  if (Error E = Batch.empty() ? runDriver(Opts) : runBatch(Opts)) {
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
