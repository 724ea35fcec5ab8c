//===- Driver.cpp - Load, analyse, report --------------------------------===//
#include "Driver.h"
#include "IRInput.h"

#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/ObjectFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Measure/Measure.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Report/Pipeline.h"
#include "luarch/Report/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

using namespace llvm;

namespace luarch {

static Error fileError(StringRef File, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "%s: %s",
                           File.str().c_str(), Msg.str().c_str());
}

/// Whether \p Warning is about one of \p Kernels (names it in quotes).
static bool namesAKernel(StringRef Warning, ArrayRef<Kernel> Kernels) {
  return any_of(Kernels, [&](const Kernel &K) {
    return Warning.contains("'" + K.Name + "'");
  });
}

/// `.S` files are meant for the C preprocessor, which we do not run: its
/// directives would read as comments and macros as undefined symbols.
static std::optional<std::string> preprocessorWarning(StringRef Name,
                                                      StringRef Data) {
  SmallVector<StringRef, 0> Lines;
  Data.split(Lines, '\n');
  for (StringRef L : Lines) {
    StringRef T = L.ltrim();
    for (StringRef D : {"#include", "#define", "#if", "#ifdef", "#ifndef",
                        "#undef", "#elif", "#else", "#endif"})
      if (T.starts_with(D) && (T.size() == D.size() || isSpace(T[D.size()])))
        return (Name + ": warning: C preprocessor directives ('" +
                T.take_until(isSpace) +
                "') are not run; they read as comments and macros as "
                "undefined symbols: preprocess first (clang-22 -E -P " + Name +
                " | loop-uarch-report -)")
            .str();
  }
  return std::nullopt;
}

/// The kernels to analyse: from --hex bytes, an object file, or assembly.
static Expected<AsmKernels> loadKernels(const DriverOptions &Opts,
                                        TargetContext &TC) {
  if (!Opts.Hex.empty()) {
    auto Bytes = parseHex(Opts.Hex);
    if (!Bytes)
      return Bytes.takeError();
    auto K = kernelFromBytes(TC, *Bytes, "--hex");
    if (!K)
      return K.takeError();
    K->Shape = Opts.Shape;
    K->Name = "--hex";
    AsmKernels R;
    R.Selection = RegionSelection::Loops;
    R.Kernels.push_back(std::move(*K));
    return R;
  }
  auto Buf = MemoryBuffer::getFileOrSTDIN(Opts.InputFile, /*IsText=*/false);
  if (!Buf)
    return fileError(Opts.InputFile, "cannot read: " + Buf.getError().message());
  StringRef Name = Opts.InputFile == "-" ? "<stdin>" : StringRef(Opts.InputFile);
  StringRef Data = (*Buf)->getBuffer();
  if (Data.trim().empty())
    return fileError(Name, "error: empty input, nothing to analyse");
  if (isIRInput(Name, Data)) {
    if (!Opts.Features.empty())
      WithColor::warning(errs(), "loop-uarch-report")
          << "-mattr is ignored for LLVM IR inputs: the IR's own "
             "target-features apply\n";
    return kernelsFromIR(Data, Name, Opts.CodegenCPU.empty()
                                         ? StringRef(Opts.Model->Name)
                                         : StringRef(Opts.CodegenCPU));
  }
  if (!isObjectFile(Data)) {
    // Assembly is text: refuse binary data up front rather than print
    // garbage in a parser diagnostic.
    size_t Binary = count_if(Data.take_front(4096), [](char C) {
      unsigned char U = C;
      return U == 0 || (U < 32 && U != '\n' && U != '\r' && U != '\t' &&
                        U != '\f' && U != '\v');
    });
    if (Binary > 0)
      return fileError(Name, "error: binary data that is not a supported "
                             "object file (expected assembly text, an "
                             "x86-64 object file, or --hex)");
  }
  AsmParseOptions PO;
  PO.MaxKernelInstrs = Opts.MaxInstructions;
  auto Parsed = isObjectFile(Data)
                    ? parseObjectKernels(TC, MemoryBufferRef(Data, Name), PO)
                    : parseAsmKernels(TC, Data, Name, PO);
  if (Parsed && !isObjectFile(Data))
    if (auto W = preprocessorWarning(Name, Data))
      Parsed->Warnings.insert(Parsed->Warnings.begin(), *W);
  return Parsed;
}

void placeKernel(const DriverOptions &Opts, Kernel &K) {
  if (Opts.AlignmentOffset >= 0)
    K.Alignment = unsigned(Opts.AlignmentOffset);
  else if (!K.empty() && K.Instrs.front().Loc.HasAddress)
    K.Alignment = unsigned(K.Instrs.front().Loc.Address % 64);
  K.UnrolledCopies = Opts.UnrolledCopies;
}

MeasureOptions measureOptionsFor(const DriverOptions &Opts, KernelShape Shape) {
  MeasureOptions MO;
  MO.Shape = Shape;
  MO.Repetitions = Opts.MeasureRepetitions;
  MO.EntryTrips = Opts.MeasureEntryTrips;
  MO.RegisterStep = Opts.MeasureRegisterStep;
  MO.EntryResetsVectors = Opts.MeasureEntryResetVectors;
  // The canary is eight independent register adds: on an unshared core they
  // take 8 / (integer ALU ports) cycles, or 8 / issue width if that is
  // narrower. The host's own model says how many ALUs it has.
  if (auto Host = getMachineModel("native")) { // with the host fallbacks
    unsigned ALUs = llvm::popcount(Host->IntALUPorts);
    unsigned Width = std::min<unsigned>(ALUs, Host->FrontEnd.IssueWidth);
    if (Width > 0)
      MO.QuietCanaryCycles = 8.0 / Width;
  } else {
    consumeError(Host.takeError());
  }
  return MO;
}

Error runDriver(const DriverOptions &Opts) {
  const MachineModel &M = *Opts.Model;
  auto TCOr = TargetContext::create(Opts.Triple, M.Name, Opts.Features);
  if (!TCOr)
    return TCOr.takeError();
  TargetContext &TC = **TCOr;

  Expected<AsmKernels> Parsed = loadKernels(Opts, TC);
  if (!Parsed)
    return Parsed.takeError();
  StringRef Name = Opts.Hex.empty() ? (Opts.InputFile == "-" ? StringRef("<stdin>")
                                                            : StringRef(Opts.InputFile))
                                    : StringRef("--hex");

  std::error_code EC;
  ToolOutputFile Out(Opts.OutputFile, EC, sys::fs::OF_Text);
  if (EC)
    return fileError(Opts.OutputFile, "cannot write: " + EC.message());

  UopDecoder Decoder(M, TC);
  json::Array KernelsJSON;
  std::vector<KernelReport> HtmlReports;
  HtmlReports.reserve(Parsed->Kernels.size());
  // Which warnings are about the whole input, decided once: asking per
  // kernel made a 1,587-loop module (sqlite3.c) cubic in its loops, two
  // minutes of string searches.
  SmallVector<bool, 0> AboutWholeInput;
  for (const std::string &W : Parsed->Warnings)
    AboutWholeInput.push_back(Parsed->Kernels.size() == 1 ||
                              !namesAKernel(W, Parsed->Kernels));
  for (size_t Index = 0; Index < Parsed->Kernels.size(); ++Index) {
    Kernel &K = Parsed->Kernels[Index];
    K.UnrollFactor = std::max(1u, Opts.Unroll);
    placeKernel(Opts, K);
    // HTML draws a timeline of the kernels it shows in full.
    bool DrawnInFull = Opts.Format == OutputFormat::HTML &&
                       (Opts.HtmlDetailed == 0 || Index < Opts.HtmlDetailed);
    PipelineOptions PO;
    PO.Ports = Opts.Ports;
    PO.Addresses = Opts.Addresses;
    PO.Simulate = Opts.Simulate;
    PO.SimWhatIf = Opts.SimWhatIf;
    PO.Sim.MaxIterations = Opts.Iterations;
    PO.Sim.StopAtSteadyState = Opts.Iterations == 0;
    PO.Sim.Trace = Opts.Timeline || DrawnInFull;
    PO.Sim.TraceIterations = Opts.TimelineIterations;
    PO.TripCount = Opts.TripCount;
    PO.Sensitivity = Opts.Simulate && Opts.Sensitivity;
    PO.SensitivityOpts.Factor = Opts.SensitivityFactor;
    PO.SensitivityOpts.BudgetSeconds = Opts.SensitivityBudget;
    if (Opts.SensitivityExhaustive) {
      PO.SensitivityOpts.Screen = false;
      PO.SensitivityOpts.RunInstructions = 0;
    }
    PO.SensitivityOpts.Sim.MaxIterations = Opts.Iterations;
    PO.SensitivityOpts.Sim.StopAtSteadyState = Opts.Iterations == 0;
    PO.Memory = Opts.Simulate && Opts.Memory;
    PO.MemoryOpts.WorkingSet = Opts.WorkingSet;
    PO.MemoryOpts.Sensitivity = PO.Sensitivity;
    PO.MemoryOpts.Factor = Opts.SensitivityFactor;
    PO.MemoryOpts.Sim = PO.Sim;
    PO.MemoryOpts.Sim.Trace = false;
    KernelReport R = analyzeKernel(K, Decoder, PO);
    R.Selection = regionSelectionName(Parsed->Selection).str();
    R.CPUNote = Opts.CPUNote;
    if (Opts.Measure) {
      MeasureOptions MO = measureOptionsFor(Opts, K.Shape);
      if (auto Meas = measureKernel(TC, K, MO)) {
        R.Measured = Meas->CyclesPerIteration;
        R.MeasuredContended = Meas->Contended;
        R.MeasuredPages = Meas->PagesMapped;
        std::string Spread;
        raw_string_ostream(Spread)
            << format(", spread %.1f%%; ", 100 * Meas->RelativeSpread);
        R.MeasureDetail = Meas->Detail + Spread + Meas->Method;
        if (K.Shape == KernelShape::Loop)
          R.MeasureDetail += "; the loop's own control is replaced by the "
                             "harness' dec/jnz";
      } else {
        R.MeasureDetail = toString(Meas.takeError());
      }
    }
    // A warning about one kernel goes to that kernel; one that names no
    // kernel (about the whole input) goes to every kernel.
    for (size_t WI = 0; WI < Parsed->Warnings.size(); ++WI) {
      const std::string &W = Parsed->Warnings[WI];
      if (AboutWholeInput[WI] || StringRef(W).contains("'" + K.Name + "'"))
        R.Warnings.push_back(W);
    }
    if (Opts.Format == OutputFormat::JSON) {
      KernelsJSON.push_back(toJSON(R));
      continue;
    }
    if (Opts.Format == OutputFormat::HTML) {
      HtmlReports.push_back(std::move(R));
      continue;
    }
    ReportOptions RO;
    RO.ShowDecoding = Opts.ShowDecoding;
    RO.ShowTimeline = Opts.Timeline;
    RO.TimelineIterations = Opts.TimelineIterations;
    RO.TimelineMaxCycles = Opts.TimelineMaxCycles;
    printTextReport(Out.os(), R, RO);
    if (Opts.DebugMatching) {
      UopsInfoMatcher Matcher(TC, Decoder.semantics());
      for (const KernelInstr &KI : K.Instrs) {
        Out.os() << KI.Text << "\n";
        for (const std::string &C : Matcher.candidates(KI.Inst))
          Out.os() << "    candidate: " << C << "\n";
      }
    }
  }
  if (Opts.Format == OutputFormat::HTML) {
    std::vector<const KernelReport *> Ptrs;
    for (const KernelReport &R : HtmlReports)
      Ptrs.push_back(&R);
    ReportOptions RO;
    RO.ShowTimeline = Opts.Timeline;
    RO.TimelineIterations = Opts.TimelineIterations;
    RO.TimelineMaxCycles = Opts.TimelineMaxCycles;
    RO.HtmlDetailed = Opts.HtmlDetailed;
    printHtmlReport(Out.os(), Name, Ptrs, RO);
  }
  if (Opts.Format == OutputFormat::JSON) {
    Out.os() << formatv("{0:2}",
                        reportDocument(Name, M.Name, std::move(KernelsJSON)))
             << "\n";
  }
  Out.keep();
  return Error::success();
}

} // namespace luarch
