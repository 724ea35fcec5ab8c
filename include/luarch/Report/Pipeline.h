//===- Pipeline.h - One kernel from decoding to a report -------*- C++ -*-===//
//
// The single analysis path shared by loop-uarch-report (files, --hex,
// --batch) and the clang plugin: decode, static bounds, simulation,
// sensitivity. Same kernel, same options → same numbers, whoever calls.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_REPORT_PIPELINE_H
#define LUARCH_REPORT_PIPELINE_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Analysis/PortPressure.h"
#include "luarch/Report/Report.h"

namespace luarch {

class SimulationMemo;
class UopDecoder;

/// Thread CPU seconds spent in each step of analyzeKernel, added to by
/// every call given it (the plugin's -uarch-time-report).
struct PipelineStageTimes {
  double Decode = 0, Static = 0, Simulate = 0, TripCount = 0,
         Sensitivity = 0, Memory = 0;
};

struct PipelineOptions {
  PortAssignment Ports = PortAssignment::Optimal;
  AddressContext Addresses;
  bool Simulate = true;
  /// Changes to the simulated machine (also seen by the sensitivity sweep).
  WhatIf SimWhatIf;
  /// Simulation options (iteration cap, trace for --timeline).
  SimOptions Sim;
  /// Iterations per entry (--trip-count, the plugin's SCEV count; 0 =
  /// unknown): a second simulation of entries of that many iterations
  /// back to back, chains restarting (KernelReport::TripSim).
  unsigned TripCount = 0;
  bool Sensitivity = false;
  SensitivityOptions SensitivityOpts;
  /// Predict beyond L1 (needs the simulation): KernelReport::Memory.
  bool Memory = false;
  MemoryOptions MemoryOpts;
  /// Where to add the time of each step (null: not timed).
  PipelineStageTimes *Times = nullptr;
  /// Earlier simulations to reuse (the steady-state, trip-count and
  /// memory runs; null: every run is simulated). The plugin's: a program repeats loops
  /// with other registers.
  SimulationMemo *Memo = nullptr;
};

/// Analyses \p K with \p Decoder's model. The report points at \p K, which
/// must outlive it.
KernelReport analyzeKernel(const Kernel &K, const UopDecoder &Decoder,
                           const PipelineOptions &Opts);

} // namespace luarch

#endif
