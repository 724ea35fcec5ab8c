//===- MemoryProbe.h - Bandwidth and latency of the host's memory -*- C++ -*-//
//
// STREAM/likwid-bench-style kernels (load-only, store-only, copy, triad)
// over working sets from 4 KiB to beyond the last-level cache, and pointer
// chasing (a random cyclic permutation, one load per line, or one per page
// for the TLB), pinned to one CPU. Repetitions are timed on the thread's
// CPU time (a DRAM pass or a long chase spans scheduler time slices on a
// shared machine) and converted to core cycles with the clock the
// harness' calibration gives (TSC ticks per core cycle from a dependent add
// chain, TSC frequency against CLOCK_MONOTONIC). Each timed repetition is
// followed by the harness' throughput canary (eight independent adds):
// repetitions whose canary is more than 10% above the host's unshared
// value are dropped (another tenant shared the core).
//
// The figures per level are the medians over working sets well inside the
// level (the host's cache sizes come from sysfs), with the spread across
// those working sets and across repetitions: on a VM, L3 and DRAM are
// shared with other tenants and noisy.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MEASURE_MEMORYPROBE_H
#define LUARCH_MEASURE_MEMORYPROBE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <cstdint>
#include <string>
#include <vector>

namespace luarch {

/// One data or unified cache of the host, as sysfs describes it.
struct HostCache {
  unsigned Level = 0;
  std::string Type; ///< "Data", "Unified", "Instruction"
  uint64_t SizeBytes = 0;
  unsigned Ways = 0, LineBytes = 0;
  /// CPUs sharing this instance (from shared_cpu_list).
  unsigned SharedCPUs = 1;
};

/// Parses a sysfs cache directory (`/sys/devices/system/cpu/cpu0/cache`:
/// index*/{level,type,size,ways_of_associativity,coherency_line_size,
/// shared_cpu_list}). Instruction caches are left out; the result is sorted
/// by level.
llvm::Expected<std::vector<HostCache>>
readHostCaches(llvm::StringRef Dir = "/sys/devices/system/cpu/cpu0/cache");

/// "32K", "1024K", "32M" (sysfs sizes) in bytes; 0 if malformed.
uint64_t parseCacheSize(llvm::StringRef S);
/// Number of CPUs in a sysfs list such as "0-3,8,10-11"; 0 if malformed.
unsigned countCPUList(llvm::StringRef S);

enum class ProbeKernel {
  Load,
  Store,
  Copy,
  Triad,
  ChaseLine,
  ChasePage,
  /// Independent loads one page apart (a column walk): the page walks the
  /// hardware overlaps, per load.
  PageWalk,
};
llvm::StringRef probeKernelName(ProbeKernel K);

/// A measurement at one working set.
struct ProbePoint {
  uint64_t WorkingSetBytes = 0;
  /// Bandwidth kernels: bytes per cycle (loaded + stored); chases: cycles
  /// per load.
  double Value = 0;
  /// (75th - 25th percentile) / median over the kept repetitions.
  double Spread = 0;
  unsigned Kept = 0, Repetitions = 0;
};

struct ProbeSeries {
  ProbeKernel Kernel = ProbeKernel::Load;
  std::vector<ProbePoint> Points;
};

/// Working sets that lie well inside one level: [Lo, Hi] bytes.
struct LevelWindow {
  std::string Level; ///< "L1d", "L2", "L3", "DRAM"
  uint64_t Lo = 0, Hi = 0;
};

/// The windows for a cache topology: L1d from 4 KiB to half its size; each
/// further level from twice the largest level above it to half its own
/// size; DRAM from four times the last-level cache to \p MaxWorkingSet.
std::vector<LevelWindow> levelWindows(llvm::ArrayRef<HostCache> Caches,
                                      uint64_t MaxWorkingSet);

/// One figure of a level: the median over the window's points, and the
/// lowest and highest point value in the window.
struct LevelFigure {
  double Median = 0, Min = 0, Max = 0;
  unsigned Points = 0;
};

struct LevelFigures {
  std::string Level;
  uint64_t WindowLo = 0, WindowHi = 0;
  LevelFigure Load, Store, Copy, Triad, Latency;
};

/// Summarises \p Series per window (a point belongs to a window when its
/// working set is within it).
std::vector<LevelFigures> summariseLevels(llvm::ArrayRef<ProbeSeries> Series,
                                          llvm::ArrayRef<LevelWindow> Windows);

struct MemoryProbeOptions {
  /// Largest working set; 0 = eight times the last-level cache, at least
  /// 64 MiB.
  uint64_t MaxWorkingSet = 0;
  /// Working sets per doubling (1 = powers of two, 2 = also x1.5 between).
  unsigned StepsPerOctave = 2;
  /// Timed repetitions per working set and kernel.
  unsigned Repetitions = 9;
  /// The throughput canary's cycles per copy on an unshared core (8 / the
  /// host model's ALU count), 0 = unknown: the lowest value seen is then
  /// the reference.
  double QuietCanaryCycles = 0;
  /// Bytes a timed repetition moves at least (bandwidth kernels).
  uint64_t MinBytesPerRepetition = 8u << 20;
  /// Skip the TLB chase (one load per page).
  bool SkipPageChase = false;
};

struct MemoryProbeResult {
  /// Host identity (CPUID) and when.
  std::string Vendor, Brand, LLVMName;
  unsigned Family = 0, Model = 0, Stepping = 0;
  std::string Date; ///< UTC, ISO 8601
  std::vector<HostCache> Caches;
  /// The CPU the probe was pinned to.
  int CPU = -1;
  /// Vector width of the bandwidth kernels (256 with AVX, else 128).
  unsigned VectorBits = 128;
  /// Clocks: TSC ticks per core cycle (calibration chain), TSC GHz (against
  /// CLOCK_MONOTONIC), core GHz = their ratio.
  double TSCPerCycle = 0, TSCGHz = 0, CoreGHz = 0;
  /// Median canary cycles per copy, and the quiet limit used.
  double CanaryCycles = 0, QuietLimit = 0;
  /// Repetitions dropped as contended / all repetitions.
  unsigned Dropped = 0, Total = 0;
  std::vector<ProbeSeries> Series;
  std::vector<LevelWindow> Windows;
  std::vector<LevelFigures> Levels;
  /// Page walk: one-load-per-page chase minus one-load-per-line chase at
  /// the same data footprint, beyond the L2 TLB's reach (cycles), with the
  /// pages of that chase; 0 if not measured. Random page order: the
  /// page-table entries miss the caches too.
  double PageWalkCycles = 0;
  uint64_t PageWalkPages = 0;
  /// Page walks as a column walk pays them (independent loads, pages in
  /// order, the walks overlapped): cycles per load over 16,384 pages minus
  /// the same walk with transparent 2 MiB pages (ColumnWalkHugeCycles);
  /// when the host gives no huge pages, minus the walk over 2,048 pages
  /// (within every described L2 TLB's reach; this also counts the lines
  /// moving from L2 to L3).
  double ColumnWalkCycles = 0;
  double ColumnWalkHugeCycles = 0;
  double Seconds = 0;
};

/// Runs the probe on this host (x86-64 Linux). Takes a few tens of seconds.
llvm::Expected<MemoryProbeResult>
runMemoryProbe(const MemoryProbeOptions &Opts = {});

llvm::json::Value toJSON(const MemoryProbeResult &R);

} // namespace luarch

#endif
