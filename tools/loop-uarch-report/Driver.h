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
  const MachineModel *Model = nullptr;
  /// How -mcpu=native was resolved (shown in reports).
  std::string CPUNote;
  unsigned Iterations = 0;
  bool Simulate = true;
  bool Timeline = false;
  bool Sensitivity = true;
  double SensitivityFactor = 1.15;
  unsigned TimelineIterations = 3;
  OutputFormat Format = OutputFormat::Text;
  PortAssignment Ports = PortAssignment::Optimal;
  bool ShowDecoding = false;
  bool DebugMatching = false;
  unsigned Unroll = 1;
  unsigned MaxInstructions = 100000;
  /// --hex: analyse these bytes instead of a file.
  std::string Hex;
  /// --batch: BHive-style CSV in, CSV out.
  std::string BatchFile;
  /// --as: how raw bytes repeat (loop body, or unrolled straight line).
  KernelShape Shape = KernelShape::Loop;
  /// --harness-context: concrete register values, as the measurement
  /// harness (and BHive) sets them.
  AddressContext Addresses;
  /// --measure: run each kernel natively and report the measurement.
  bool Measure = false;
  unsigned MeasureRepetitions = 31;
  /// --what-if: changes to the simulated machine.
  WhatIf SimWhatIf;
  /// Predict beyond L1 (off with --no-memory), and the working set
  /// (--working-set) that decides which level applies.
  bool Memory = true;
  std::optional<double> WorkingSet;
};

/// The harness' options for --measure: the shape, the repetitions, and the
/// throughput canary's quiet value on the host (from the host's model).
MeasureOptions measureOptionsFor(const DriverOptions &Opts, KernelShape Shape);

llvm::Error runDriver(const DriverOptions &Opts);
llvm::Error runBatch(const DriverOptions &Opts);

} // namespace luarch

#endif
