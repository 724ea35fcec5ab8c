//===- MemoryPrediction.h - Cycles per iteration beyond L1 -----*- C++ -*-===//
//
// Cape nodes on the uop flow simulation (Palomares thesis §4.3, the
// combination the thesis planned and never built): for data in L1, L2, L3
// and DRAM, the in-core cycles from the simulation plus one node per level
// that serves data (bytes it supplies / its bandwidth, load and store
// streams mixed as the description's copy bandwidth says), a node for the
// misses the prefetchers cannot hide (Little's law on the fill buffers),
// an L1 bandwidth node and a TLB node. Reported combined two ways: Cape's
// max (full overlap) and the ECM-style sum (no overlap). The second mode:
// the simulation re-run with the level's latency on the loads it serves
// without prefetching (irregular and large-stride addresses), so that the
// ROB and load buffer limit memory-level parallelism; and re-run with
// every such load at the level's latency, as if nothing were prefetched.
//
// Sensitivity over the memory nodes (bandwidth and latency per level, the
// TLB) uses the same s = T/T' - 1 as the core resources' sweep.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_REPORT_MEMORYPREDICTION_H
#define LUARCH_REPORT_MEMORYPREDICTION_H

#include "luarch/Analysis/DependencyGraph.h"
#include "luarch/Analysis/Streams.h"
#include "luarch/Report/InstrMemoryFacts.h"
#include "luarch/Sim/Simulator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace luarch {

class SimulationMemo;

/// One Cape node: a workload over a bandwidth, in cycles per iteration.
/// How a node combines with the others into Cape and ECM.
enum class MemoryNodeKind : uint8_t {
  Transfer,    ///< a level's bandwidth beyond L1: overlaps (Cape); ECM adds it
  L1Bandwidth, ///< the L1's: overlaps; ECM counts it with the in-core time
  MissBuffers, ///< Little's law on the miss buffers: overlaps; ECM's other bound
  PageWalks,   ///< added to the rest (measured, utils/page-walk.c)
  FirstUse,    ///< added to the rest, the larger of it and the page walks
               ///< (measured, utils/column-rmw.c)
};

struct MemoryNode {
  /// "L3 bandwidth", "DRAM latency (fill buffers)", "TLB (page walks)",
  /// "L1 bandwidth".
  std::string Name;
  double Cycles = 0;
  MemoryNodeKind Kind = MemoryNodeKind::Transfer;
};

/// The prediction with the loop's data in one level (or, for the
/// applicable prediction, each stream in its own level).
struct LevelPrediction {
  /// Index into MemoryHierarchyDesc::Levels of where the data lives; for
  /// a mixed assignment, the farthest level serving data.
  unsigned Level = 0;
  std::string Name;
  TrafficPlan Traffic;
  /// The simulation with the loads the prefetchers cannot hide at the
  /// latency of the level serving them (the L1 simulation if none).
  double Core = 0;
  std::vector<MemoryNode> Nodes;
  /// Cape: max(Core, nodes). ECM-style: Core plus every node beyond L1.
  double Cape = 0, ECM = 0;
  /// Re-simulated with every load served beyond L1 at its level's latency.
  double NoPrefetch = 0;
  /// Of the lines of data beyond a shared level's usable capacity, the
  /// share that level still serves (servedShare); the figures above weigh
  /// the prediction with the data there (NearName) by it. 0 = none.
  double NearShare = 0;
  std::string NearName;
  /// What sets Cape: "core" or a node's name.
  std::string Limiter;
  double cycles() const { return Cape; }
  /// "memory-bound (L3 bandwidth)", or empty when the core limits.
  std::string verdict() const;
};

/// s = T/T' - 1 for one memory node scaled (a bandwidth or a latency of
/// one level, or the page walks).
struct MemorySensitivity {
  std::string Name; ///< "L3 bandwidth", "DRAM latency", "TLB"
  std::string Kind; ///< "bandwidth", "latency", "tlb"
  double Accelerated = 0, Unlimited = 0, Slowed = 0;
  /// "bottleneck" (faster at the factor helps), "saturated" (only slower
  /// hurts), "slack".
  std::string Role;
};

struct MemoryPrediction {
  /// The model's level names ("L1d", "L2", "L3", "DRAM").
  std::vector<std::string> LevelNames;
  LoopStreams Streams;
  /// Data in L1, L2, L3, DRAM (parallel to MemoryHierarchyDesc::Levels;
  /// empty without MemoryOptions::AllLevels).
  std::vector<LevelPrediction> Levels;
  /// The working set, when known, and where it came from
  /// ("--working-set", "SCEV").
  std::optional<double> WorkingSet;
  std::string WorkingSetSource;
  /// The prediction that applies (the working set's level, or the
  /// streams' own levels from SCEV).
  std::optional<LevelPrediction> Applicable;
  /// Sensitivity of the applicable prediction to each memory node.
  std::vector<MemorySensitivity> Sensitivity;
  double Factor = 1.15;
};

/// The per-instruction facts (InstrMemoryFacts) come from SCEV in the
/// plugin; the tool has none (empty: the working set decides).
struct MemoryOptions : InstrMemoryFacts {
  /// Bytes the loop's data occupies (decides the applicable level).
  std::optional<double> WorkingSet;
  std::string WorkingSetSource = "--working-set";
  /// Predict with the data in every level (the report's table); without,
  /// only the applicable prediction (the plugin: less compile time).
  bool AllLevels = true;
  /// Also simulate the applicable level with no load prefetched (the
  /// report's "no prefetch" column: one more long simulation; the plugin's
  /// remarks do not show it).
  bool NoPrefetchFigure = true;
  /// Iterations of each re-simulation with the loads' levels (fewer for a
  /// large kernel; MemoryPrediction.cpp says why it is a fixed count). The
  /// plugin takes 500 (-uarch-memory-iterations, compile time: on PolyBench
  /// and sqlite3.c no predicted cycles change, 6 ECM sums by <= 0.1%).
  unsigned FixedIterations = 1000;
  bool Sensitivity = true;
  double Factor = 1.15;
  double Threshold = 0.01;
  SimOptions Sim;
};

/// Predicts \p K (decoded as \p D, L1 simulation \p L1) with its data in
/// every level of \p Config's model. The re-simulations go through \p Memo
/// when there is one (the plugin's: loops equal up to registers repeat
/// their memory runs too).
MemoryPrediction predictMemory(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                               const DependencyAnalysis &Deps,
                               const SimConfig &Config, const SimResult &L1,
                               const MemoryOptions &Opts = {},
                               SimulationMemo *Memo = nullptr);

/// The streams found in \p K with \p M's line size.
LoopStreams kernelStreams(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                          const MachineModel &M);

/// "65536", "64K", "64KiB", "3M", "3MB", "1.5G" (binary multiples) in
/// bytes; an error for anything else, zero or negative.
llvm::Expected<uint64_t> parseByteSize(llvm::StringRef S);

void printMemoryPrediction(llvm::raw_ostream &OS, const MemoryPrediction &P);
/// One line for the report's headline: the applicable level's figure and
/// verdict ("" without a working set).
std::string memoryHeadline(const MemoryPrediction &P);
llvm::json::Value toJSON(const MemoryPrediction &P);

} // namespace luarch

#endif
