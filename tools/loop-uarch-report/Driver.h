//===- Driver.h - loop-uarch-report's work, separated from options -*- C++ -*-//
#ifndef LUARCH_TOOLS_DRIVER_H
#define LUARCH_TOOLS_DRIVER_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Analysis/PortPressure.h"
#include "luarch/Kernel/Kernel.h"
#include "luarch/Measure/Measure.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Sim/SimConfig.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace luarch {

enum class OutputFormat { Text, JSON, HTML };

struct DriverOptions {
  std::string InputFile = "-";
  std::string OutputFile = "-";
  std::string Triple;
  /// -mattr: subtarget features for the MC layer (assembly, decoding).
  std::string Features;
  const MachineModel *Model = nullptr;
  /// The CPU LLVM IR inputs are compiled for (-mcpu as given, or the host).
  std::string CodegenCPU;
  /// How -mcpu=native was resolved (shown in reports).
  std::string CPUNote;
  unsigned Iterations = 0;
  /// --trip-count: iterations per entry (0 = steady state only).
  unsigned TripCount = 0;
  bool Simulate = true;
  bool Timeline = false;
  bool Sensitivity = true;
  double SensitivityFactor = 1.15;
  /// Seconds for one kernel's sweep (< 0: unlimited).
  double SensitivityBudget = 5;
  /// Every resource alone, to its steady state (no screening, no
  /// fixed-length runs).
  bool SensitivityExhaustive = false;
  unsigned TimelineIterations = 3;
  /// Cycles shown by --timeline (0 = unlimited).
  unsigned TimelineMaxCycles = 160;
  /// --html-detail: kernels drawn in full in HTML (0 = all).
  unsigned HtmlDetailed = 10;
  OutputFormat Format = OutputFormat::Text;
  PortAssignment Ports = PortAssignment::Optimal;
  bool ShowDecoding = false;
  bool DebugMatching = false;
  unsigned Unroll = 1;
  /// --alignment-offset (-1 = the kernel's own: its address in objects).
  int AlignmentOffset = -1;
  /// --unrolled-copies.
  unsigned UnrolledCopies = 200;
  unsigned MaxInstructions = 100000;
  /// --hex: analyse these bytes instead of a file.
  std::string Hex;
  /// --batch: BHive-style CSV in, CSV out.
  std::string BatchFile;
  /// --batch-column: the hex column (1-based number or header name; empty
  /// = a header's "hex" column, else the first).
  std::string BatchColumn;
  /// -j: --batch worker threads (0 = one per hardware thread).
  unsigned Jobs = 1;
  /// --as: how raw bytes repeat (loop body, or unrolled straight line).
  KernelShape Shape = KernelShape::Loop;
  /// --harness-context: concrete register values, as the measurement
  /// harness (and BHive) sets them.
  AddressContext Addresses;
  /// --measure: run each kernel natively and report the measurement.
  bool Measure = false;
  unsigned MeasureRepetitions = 31;
  /// --measure-entry-trips, --measure-register-step (re-entered loop form).
  unsigned MeasureEntryTrips = 0;
  uint64_t MeasureRegisterStep = 0;
  bool MeasureEntryResetVectors = false;
  /// --what-if: changes to the simulated machine.
  WhatIf SimWhatIf;
  /// --tune: the loop tuner's candidate tables for an IR input (Tune.h).
  bool Tune = false;
  unsigned TuneOptLevel = 2;
  /// Predict beyond L1 (off with --no-memory), and the working set
  /// (--working-set) that decides which level applies.
  bool Memory = true;
  std::optional<double> WorkingSet;
};

/// The harness' options for --measure: the shape, the repetitions, and the
/// throughput canary's quiet value on the host (from the host's model).
MeasureOptions measureOptionsFor(const DriverOptions &Opts, KernelShape Shape);

/// Applies the front-end placement options to \p K: its alignment (the
/// option, else its first instruction's address) and unrolled copies.
void placeKernel(const DriverOptions &Opts, Kernel &K);

llvm::Error runDriver(const DriverOptions &Opts);
llvm::Error runBatch(const DriverOptions &Opts);

} // namespace luarch

#endif
