//===- Report.h - Rendering analysis results -------------------*- C++ -*-===//
//
// Everything a report shows about one kernel, and the renderers: a text
// report for people, JSON (schema "loop-uarch-report", versioned, see
// docs/json-schema.md) for tools.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_REPORT_REPORT_H
#define LUARCH_REPORT_REPORT_H

#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Report/MemoryPrediction.h"
#include "luarch/Sim/Sensitivity.h"
#include "luarch/Sim/Simulator.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace luarch {

/// JSON schema version; bump on incompatible changes (docs/json-schema.md).
constexpr unsigned JSONSchemaVersion = 1;

struct KernelReport {
  const Kernel *K = nullptr;
  const MachineModel *M = nullptr;
  std::vector<DecodedInstr> Decoded;
  StaticAnalysis Static;
  /// The UFS simulation, when it ran.
  std::optional<SimResult> Sim;
  /// Changes to the simulated machine ("rs=1000"), empty if none.
  std::string WhatIf;
  /// The sensitivity sweep, when it ran.
  std::optional<SensitivityReport> Sensitivity;
  /// Predictions beyond L1 (data in L2, L3, DRAM), when asked for.
  std::optional<MemoryPrediction> Memory;
  /// --measure: cycles per iteration measured on the host, how, or why not.
  std::optional<double> Measured;
  std::string MeasureDetail;
  /// The throughput canary never ran quiet: the core was shared throughout
  /// and the measured figure is probably too high.
  bool MeasuredContended = false;
  /// How -mcpu=native was resolved (host and model), empty otherwise.
  std::string CPUNote;
  /// How the region was selected ("innermost loops", "IACA markers").
  std::string Selection;
  std::vector<std::string> Warnings;

  /// The headline prediction: simulated when available, else the static
  /// bound; and its limiting resource.
  double cyclesPerIteration() const {
    return Sim ? Sim->CyclesPerIteration : Static.Throughput;
  }
  std::string bottleneck() const;
};

struct ReportOptions {
  bool ShowTable = true;
  bool ShowDecoding = false;
  /// Print an llvm-mca-style timeline of the first iterations (needs a
  /// simulation run with a trace).
  bool ShowTimeline = false;
  unsigned TimelineIterations = 3;
};

void printTextReport(llvm::raw_ostream &OS, const KernelReport &R,
                     const ReportOptions &Opts = {});
llvm::json::Value toJSON(const KernelReport &R);
/// One self-contained HTML page for all \p Reports (rendered from their
/// JSON form, with the text report embedded).
void printHtmlReport(llvm::raw_ostream &OS, llvm::StringRef Title,
                     llvm::ArrayRef<const KernelReport *> Reports,
                     const ReportOptions &Opts = {});

/// Flags column letters for an instruction ("F^", "Z", ...).
std::string instrFlags(const DecodedInstr &D);

} // namespace luarch

#endif
