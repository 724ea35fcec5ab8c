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

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace luarch {

static Error fileError(StringRef File, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "%s: %s",
                           File.str().c_str(), Msg.str().c_str());
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
  if (isIRInput(Name, Data))
    return kernelsFromIR(Data, Name, Opts.Model->Name);
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
  return Parsed;
}

MeasureOptions measureOptionsFor(const DriverOptions &Opts, KernelShape Shape) {
  MeasureOptions MO;
  MO.Shape = Shape;
  MO.Repetitions = Opts.MeasureRepetitions;
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
  auto TCOr = TargetContext::create(Opts.Triple, M.Name);
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
  for (Kernel &K : Parsed->Kernels) {
    K.UnrollFactor = std::max(1u, Opts.Unroll);
    PipelineOptions PO;
    PO.Ports = Opts.Ports;
    PO.Addresses = Opts.Addresses;
    PO.Simulate = Opts.Simulate;
    PO.SimWhatIf = Opts.SimWhatIf;
    PO.Sim.MaxIterations = Opts.Iterations;
    PO.Sim.StopAtSteadyState = Opts.Iterations == 0;
    PO.Sim.Trace = Opts.Timeline;
    PO.Sim.TraceIterations = Opts.TimelineIterations;
    PO.Sensitivity = Opts.Simulate && Opts.Sensitivity;
    PO.SensitivityOpts.Factor = Opts.SensitivityFactor;
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
    for (const std::string &W : Parsed->Warnings)
      if (StringRef(W).contains("'" + K.Name + "'") ||
          Parsed->Kernels.size() == 1)
        R.Warnings.push_back(W);
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
    printHtmlReport(Out.os(), Name, Ptrs, RO);
  }
  if (Opts.Format == OutputFormat::JSON) {
    json::Object Root{{"schema", "loop-uarch-report"},
                      {"version", int64_t(JSONSchemaVersion)},
                      {"input", Name},
                      {"cpu", M.Name},
                      {"kernels", std::move(KernelsJSON)}};
    Out.os() << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
  }
  Out.keep();
  return Error::success();
}

} // namespace luarch
