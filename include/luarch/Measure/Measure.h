//===- Measure.h - Run a kernel natively and time it -----------*- C++ -*-===//
//
// BHive-style measurement of a kernel on the host: the block is placed in
// an executable buffer, unrolled at two factors (or wrapped in a counted
// loop at two trip counts), with every general register holding one value
// that points into a scratch area whose pages are mapped on demand onto a
// few shared physical pages (so data stays in L1). It runs in a forked
// child with a time limit, so a faulting or hanging kernel cannot take the
// tool down. Time comes from rdtsc, converted to core cycles against a
// dependent chain of one-cycle adds timed the same way (this works without
// hardware performance counters).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MEASURE_MEASURE_H
#define LUARCH_MEASURE_MEASURE_H

#include "luarch/Kernel/Kernel.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace luarch {

class TargetContext;

struct MeasureOptions {
  /// Unrolled: the block repeated back to back. Loop: the block followed by
  /// `dec <counter>; jnz` (BHive's loop form; the counter is the highest of
  /// r15..r8 the block does not use).
  KernelShape Shape = KernelShape::Unrolled;
  /// Copies of the block (unrolled form); scaled down for long blocks so the
  /// code stays within 24 KB (L1i).
  unsigned UnrollLarge = 200, UnrollSmall = 100;
  /// Unrolled form: both unrolled bodies run this many times (in a counted
  /// loop on a register the block does not use).
  unsigned OuterTrips = 50;
  /// Trip counts (loop form).
  unsigned LoopLarge = 20000, LoopSmall = 10000;
  /// Loop form, re-entered (0 = off: one long run of LoopLarge/LoopSmall
  /// iterations). When set, the loop runs in entries of EntryTrips and
  /// EntryTrips / 2 iterations, every entry starting from the harness'
  /// register values (so pointers restart and the data a loop walks
  /// through stays within a small footprint), and every touched page gets
  /// a physical page of its own (no aliasing of distinct linear addresses,
  /// which Zen's linear-address-tagged L1D pays for). Cycles per iteration
  /// come from the difference of the two, which cancels what an entry
  /// costs besides its iterations (register resets, the exit branch).
  unsigned EntryTrips = 0;
  /// Re-entered form: also reset the vector registers every entry (xmm0-31
  /// = 1.0, uppers zeroed), as an outer loop that re-initialises its
  /// accumulator does (`s = 0`); by default they carry over, so that an FP
  /// recurrence runs on.
  bool EntryResetsVectors = false;
  /// Entries per timed run (re-entered form); 0 = enough for about
  /// LoopLarge - LoopSmall iterations in the difference.
  unsigned Entries = 0;
  /// Re-entered form: general register number r (rax = 0 ... r15 = 15)
  /// starts every entry at RegisterValue + r * RegisterStep, so that
  /// pointers in different registers address different data (0 = all
  /// equal, as in BHive).
  uint64_t RegisterStep = 0;
  /// Timed runs per configuration (after one warm-up run).
  unsigned Repetitions = 31;
  /// Wall-clock limit for the whole measurement, seconds.
  unsigned TimeoutSeconds = 20;
  /// The value of every general register (BHive-style).
  uint64_t RegisterValue = 0x40000800;
  /// Re-measure (after a growing pause) while no repetition ran quiet by
  /// the throughput canary (phases when another tenant shares the core);
  /// 0 disables the quiet search altogether.
  unsigned QuietRetries = 6;
  /// How long one measurement may keep repeating to collect Repetitions
  /// quiet repetitions (seconds; only while the canary says the core is
  /// shared).
  double QuietBudgetSeconds = 0.5;
  /// The canary's cycles per copy on an unshared core, if known (eight
  /// independent adds over the host's integer ALUs: 8 / ALU ports); while
  /// no repetition has come near it, the harness keeps looking for a quiet
  /// phase until the budget runs out. 0 = unknown (quiet is then relative
  /// to the lowest canary seen in this process).
  double QuietCanaryCycles = 0;
};

struct Measurement {
  /// Core cycles per block instance (loop form: per iteration, including
  /// the dec/jnz).
  double CyclesPerIteration = 0;
  /// TSC ticks per core cycle, from the calibration chain.
  double TSCPerCycle = 0;
  /// Spread of the samples: (75th - 25th percentile) / median of the
  /// per-iteration estimate, as a rough noise indicator.
  double RelativeSpread = 0;
  /// Pages mapped on demand for the kernel's memory accesses.
  unsigned PagesMapped = 0;
  /// Re-entered loop form: the iterations per entry (large, small) and the
  /// number of entries; 0 otherwise.
  unsigned EntryTripsLarge = 0, EntryTripsSmall = 0, Entries = 0;
  /// Cycles per copy of the throughput canary (eight independent adds)
  /// during the kept measurement.
  double CanaryCycles = 0;
  /// Repetitions run, and how many ran in quiet groups (by the throughput
  /// canary, see Harness.cpp) and were used.
  unsigned Repetitions = 0;
  unsigned QuietRepetitions = 0;
  /// The canary never reached the quiet level: the figure is probably too
  /// high (another tenant shared the core throughout).
  bool Contended = false;
  /// Loop form: the counter register; unrolled form: the factors.
  std::string Detail;
  std::string Method;
};

/// Why a kernel cannot be measured, before running it (syscalls,
/// privileged or VM-exiting instructions, control flow leaving the block);
/// empty if it can be.
std::string screenForMeasurement(const TargetContext &TC, const Kernel &K);

/// Measures \p K (its trailing back-edge branch, if any, is dropped: the
/// harness supplies the loop control in the loop form).
llvm::Expected<Measurement> measureKernel(const TargetContext &TC,
                                          const Kernel &K,
                                          const MeasureOptions &Opts = {});

} // namespace luarch

#endif
