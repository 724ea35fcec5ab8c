//===- SimulateBody.h - simulate() on a body built beforehand --*- C++ -*-===//
//
// SimulationMemo builds the simulator's body (SimKernel) for its key; on a
// miss it hands that body to the simulation instead of having Core build
// it a second time from the same input.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_SIMULATEBODY_H
#define LUARCH_LIB_SIM_SIMULATEBODY_H

#include "SimKernel.h"
#include "luarch/Sim/Simulator.h"

namespace luarch {
namespace sim {

/// simulate(K, D, Deps, Config, Opts, Extra) where \p Body is
/// buildSimKernel(K, D, Deps, Config, Opts.TripCount).
SimResult simulateBody(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                       SimKernel Body, const SimConfig &Config,
                       const SimOptions &Opts,
                       llvm::ArrayRef<SimListener *> Extra = {});

} // namespace sim
} // namespace luarch

#endif
