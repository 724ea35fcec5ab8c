//===- SimulationMemo.h - simulate() results by their input ---*- C++ -*-===//
//
// A program's loops repeat up to the choice of registers: inlining and
// macros give the same loop body with other registers, displacements or
// immediates. The simulator does not look at which register a unit is,
// only at which units are the same one and at their class, so such loops
// simulate alike (sqlite3.c at -O2 on Zen 4: 1,296 kernel texts among its
// 1,587 loops, 1,336 steady-state and trip-count runs asked for, 668
// distinct inputs). The memo keys a simulation by what the
// simulator reads (the body as it sees it, the front end's layout, the
// configuration and options), with the general-purpose and vector register
// units renamed in order of first use, and returns an earlier result for
// an equal key.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_SIMULATIONMEMO_H
#define LUARCH_SIM_SIMULATIONMEMO_H

#include "luarch/Sim/Simulator.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <mutex>
#include <string>

namespace luarch {

/// The key of simulate(K, D, Deps, Config, Opts): equal keys give equal
/// results. It holds the simulator's whole input: the body it builds
/// (uops, slots, register units, memory producers), the front-end layout,
/// the stall limit, every configuration value (the model by address: it
/// lives as long as the process) and every option. Register units are
/// renamed by a bijection that keeps each unit's class: general-purpose
/// units (but rsp) and vector units, each in order of first use; every
/// other unit as it is. The simulator treats units by identity and by
/// class only (RenameMap, MoveEliminationSlots, the flag sources), so two
/// inputs that differ by such a renaming simulate alike
/// (SimulationMemoTest checks it).
std::string simulationKey(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                          const DependencyAnalysis &Deps,
                          const SimConfig &Config, const SimOptions &Opts);

/// simulate() through a table of earlier results by simulationKey. Safe
/// to share between threads (ThinLTO backends).
class SimulationMemo {
public:
  /// simulate(K, D, Deps, Config, Opts), or an earlier result of an equal
  /// key. A traced run is not remembered (its events are for its caller).
  SimResult simulate(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                     const DependencyAnalysis &Deps, const SimConfig &Config,
                     const SimOptions &Opts);
  /// Simulations served from the table, and run.
  unsigned hits() const;
  unsigned misses() const;

private:
  /// At most this many results (each a few hundred bytes to a few KiB);
  /// beyond it new results are not remembered.
  static constexpr unsigned MaxEntries = 1 << 15;
  mutable std::mutex Lock;
  llvm::StringMap<std::shared_ptr<const SimResult>> Results;
  unsigned Hits = 0, Misses = 0;
};

} // namespace luarch

#endif
