//===- Batch.cpp - loop-uarch-report --batch: one CSV line per block -----===//
//
// Reads BHive-style lines (hex[,anything]) and writes
//   hex,cycles_per_iteration,bound
// in input order; a block that cannot be analysed gets "error: <reason>" in
// the bound column and an empty number. With --measure, two more columns:
//   measured_cycles,measure_status   ("ok", or why the block was refused) Decoding is cached per instruction
// across blocks, so large corpora run fast.
//
//===----------------------------------------------------------------------===//
#include "Driver.h"

#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Measure/Measure.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Report/Pipeline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace llvm;

namespace luarch {

/// A message as one CSV field: no commas or newlines.
static std::string csvField(std::string Msg) {
  for (char &C : Msg)
    if (C == ',' || C == '\n' || C == '\r')
      C = ';';
  return Msg;
}

/// Measures one block natively (--measure): "cycles,ok" or ",reason".
static std::string measureBlock(const DriverOptions &Opts,
                                const TargetContext &TC, StringRef Hex,
                                unsigned Line) {
  auto Bytes = parseHex(Hex);
  if (!Bytes)
    return "," + csvField(toString(Bytes.takeError()));
  auto K = kernelFromBytes(TC, *Bytes, ("line " + Twine(Line)).str());
  if (!K)
    return "," + csvField(toString(K.takeError()));
  K->Shape = Opts.Shape;
  MeasureOptions MO = measureOptionsFor(Opts, Opts.Shape);
  auto M = measureKernel(TC, *K, MO);
  if (!M)
    return "," + csvField(toString(M.takeError()));
  std::string S;
  // "contended": the throughput canary never ran quiet, so another tenant
  // shared the core throughout and the figure is probably too high.
  raw_string_ostream(S) << format("%.4f", M->CyclesPerIteration)
                        << (M->Contended ? ",contended" : ",ok");
  return S;
}

/// Analyses one block; returns cycles per iteration and the limiting bound.
static Expected<std::pair<double, std::string>>
analyzeBlock(const DriverOptions &Opts, const TargetContext &TC,
             const UopDecoder &Decoder, StringRef Hex, unsigned Line) {
  auto Bytes = parseHex(Hex);
  if (!Bytes)
    return Bytes.takeError();
  auto K = kernelFromBytes(TC, *Bytes, ("line " + Twine(Line)).str());
  if (!K)
    return K.takeError();
  K->Shape = Opts.Shape;
  if (K->size() > Opts.MaxInstructions)
    return createStringError(inconvertibleErrorCode(),
                             "block has %zu instructions (limit %u)",
                             K->size(), Opts.MaxInstructions);
  PipelineOptions PO;
  PO.Ports = Opts.Ports;
  PO.Addresses = Opts.Addresses;
  PO.Simulate = Opts.Simulate;
  PO.SimWhatIf = Opts.SimWhatIf;
  PO.Sim.MaxIterations = Opts.Iterations;
  PO.Sim.StopAtSteadyState = Opts.Iterations == 0;
  KernelReport R = analyzeKernel(*K, Decoder, PO);
  std::string Bound;
  for (BoundKind B : R.Static.Limiters)
    Bound += (Bound.empty() ? "" : "+") + boundKindName(B).str();
  double Cycles = R.cyclesPerIteration();
  return std::make_pair(Cycles, Bound);
}

Error runBatch(const DriverOptions &Opts) {
  auto TCOr =
      TargetContext::create(Opts.Triple, Opts.Model->Name, Opts.Features);
  if (!TCOr)
    return TCOr.takeError();
  auto Blocks = readBHiveCSV(Opts.BatchFile);
  if (!Blocks)
    return Blocks.takeError();
  std::error_code EC;
  ToolOutputFile Out(Opts.OutputFile, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC, "%s: cannot write: %s",
                             Opts.OutputFile.c_str(), EC.message().c_str());
  UopDecoder Decoder(*Opts.Model, **TCOr);
  raw_ostream &OS = Out.os();
  OS << "hex,cycles_per_iteration,bound"
     << (Opts.Measure ? ",measured_cycles,measure_status" : "") << "\n";
  for (const BHiveBlock &B : *Blocks) {
    auto R = analyzeBlock(Opts, **TCOr, Decoder, B.Hex, B.Line);
    OS << B.Hex << ",";
    if (R)
      OS << format("%.4f", R->first) << "," << R->second;
    else
      OS << ",error: " << csvField(toString(R.takeError()));
    if (Opts.Measure)
      OS << "," << measureBlock(Opts, **TCOr, B.Hex, B.Line);
    OS << "\n";
  }
  Out.keep();
  return Error::success();
}

} // namespace luarch
