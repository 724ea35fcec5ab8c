//===- SimulateBody.h - simulate() on a body built beforehand --*- C++ -*-===//
//
// SimulationMemo builds the simulator's body (SimKernel) and, on Intel,
// the front-end layout for its key; on a miss it hands them to the
// simulation instead of having Core build them a second time from the same
// input.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_SIMULATEBODY_H
#define LUARCH_LIB_SIM_SIMULATEBODY_H

#include "SimKernel.h"
#include "luarch/Model/FrontEndLayout.h"
#include "luarch/Sim/Simulator.h"

namespace luarch {
namespace sim {

/// The kernel as the simulated front end sees it: buildFrontEndLayout on
/// the configuration's model (an empty layout without one).
FrontEndLayout simLayout(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                         const SimConfig &Config);

/// simulate(K, D, Deps, Config, Opts, Extra) where \p Body is
/// buildSimKernel(K, D, Deps, Config, Opts.TripCount) and \p Layout is
/// simLayout(K, D, Config).
SimResult simulateBody(llvm::ArrayRef<DecodedInstr> D, SimKernel Body,
                       FrontEndLayout Layout, const SimConfig &Config,
                       const SimOptions &Opts,
                       llvm::ArrayRef<SimListener *> Extra = {});

} // namespace sim
} // namespace luarch

#endif
