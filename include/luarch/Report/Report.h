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
#include "luarch/Config/Version.h"
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
  /// For a known trip count (PipelineOptions::TripCount): the simulation
  /// of entries of that many iterations, back to back, each restarting its
  /// dependency chains (SimResult::TripCount, CyclesPerEntry). Sim stays
  /// the steady state of one endless entry.
  std::optional<SimResult> TripSim;
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
  /// Scratch pages the measured kernel touched (mapped on demand).
  unsigned MeasuredPages = 0;
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
  /// Cycles shown by the timeline (0 = unlimited).
  unsigned TimelineMaxCycles = 160;
  /// HTML: kernels drawn in full detail (the first ones; 0 = all); the
  /// others get a row in the index only.
  unsigned HtmlDetailed = 10;
};

void printTextReport(llvm::raw_ostream &OS, const KernelReport &R,
                     const ReportOptions &Opts = {});
llvm::json::Value toJSON(const KernelReport &R);
/// The JSON document of one run: schema name and version, LoopUArch's and
/// LLVM's versions, the input, the CPU and the kernels (docs/json-schema.md).
llvm::json::Value reportDocument(llvm::StringRef Input, llvm::StringRef CPU,
                                 llvm::json::Array Kernels);
/// One self-contained HTML page for all \p Reports, rendered from their
/// JSON form: an index of every kernel, then the first
/// ReportOptions::HtmlDetailed in full detail with SVG pictures (port
/// pressure, where the cycles go, sensitivity, a timeline when the
/// simulation was traced).
void printHtmlReport(llvm::raw_ostream &OS, llvm::StringRef Title,
                     llvm::ArrayRef<const KernelReport *> Reports,
                     const ReportOptions &Opts = {});

/// The warnings to show people: the report's own (identical ones once,
/// with a count), then unknown and approximate instructions, one line per
/// reason with a count and the mnemonics when several share it. JSON keeps
/// every instruction's note.
std::vector<std::string> groupedWarnings(const KernelReport &R);

/// Flags column letters for an instruction ("F^", "Z", ...).
std::string instrFlags(const DecodedInstr &D);

} // namespace luarch

#endif
