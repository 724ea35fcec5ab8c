//===- AddressRules.h - Rules that need a kernel's addresses ---*- C++ -*-===//
//
// The memory rules that need a kernel's addresses (MemoryDesc::
// StoreCommitPairBytes, MovingStackLoadPasses, LineFillPorts and
// NewPageAccessFillCycles, the STLB-hit rules). UopDecoder::decodeKernel
// applies them with the caller's address context, so every consumer of a
// decoded kernel sees them.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_ADDRESSRULES_H
#define LUARCH_MODEL_ADDRESSRULES_H

#include "luarch/Model/AddressContext.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Model/MachineModel.h"
#include <vector>

namespace luarch {

/// Where \p M has the rule, gives the first store-data uop of every store
/// that does not write the previous store's chunk (program order, around
/// the loop) the first store-data port only. Addresses are followed
/// as register values plus constants; with \p Ctx.Concrete every register
/// and loaded value starts as the harness value, otherwise each register is
/// an unknown taken as aligned.
void applyStoreCommitLines(const MachineModel &M, std::vector<DecodedInstr> &D,
                           const AddressContext &Ctx);

/// Where \p M has MemoryDesc::MovingStackLoadPasses and \p Ctx is the
/// harness context: each load through rsp whose address changes from one
/// iteration to the next gets MovingStackLoadPasses - 1 occupancy copies
/// of its load uop on the same ports.
void applyMovingStackLoadPasses(const MachineModel &M,
                                std::vector<DecodedInstr> &D,
                                const AddressContext &Ctx);

/// Where \p M has MemoryDesc::SplitLineStoreDataCycles and \p Ctx is the
/// harness context: each store whose bytes cross a 64-byte line holds its
/// store-data port that many cycles, in the share of the iterations where
/// it splits (occupancy copies of its store-data uop, Uop::Share).
void applySplitLineStores(const MachineModel &M, std::vector<DecodedInstr> &D,
                          const AddressContext &Ctx);

/// Where \p M has MemoryDesc::LineFillPorts and \p Ctx is the harness
/// context: each memory access that enters a line no access touched in the
/// previous iterations (a moving stream; the harness aliases its pages)
/// occupies the fill ports for 64 / L2's load bytes per cycle per new line,
/// and MemoryDesc::NewPageAccessFillCycles more per access to a page
/// outside the L1 DTLB's reach (its entries' most recently used pages).
void applyLinearAliasFills(const MachineModel &M, std::vector<DecodedInstr> &D,
                           const AddressContext &Ctx);

/// Where \p M has MemoryDesc::STLBHitLoadCycles and \p Ctx is the harness
/// context, the STLB-hit rules, from one walk of the pages each access
/// touches (none applies when AddressContext::RunIterations is known and
/// the pages one run walks fit the first-level DTLB):
/// * each load whose page no access of the previous iterations (or earlier
///   in its own) touched gets that many more cycles of load-to-use
///   latency, averaged over the iterations and rounded;
/// * with MemoryDesc::STLBHitHoldsLoadPorts, the pages that two or more
///   loads of an iteration enter first hold every load port for
///   STLBHitLoadCycles each, averaged over the iterations and rounded
///   (occupancy copies of the load that enters most of them, one per cycle
///   on each load port);
/// * with MemoryDesc::STLBHitHoldsStorePorts, the pages that a store of an
///   iteration touches and no access of the iterations before touched hold
///   every store-data port for STLBHitLoadCycles each, averaged over the
///   iterations, at most one cycle per iteration for each store whose page
///   changes over the iterations, rounded (occupancy copies of the store
///   that enters most of them).
void applySTLBHitRules(const MachineModel &M, std::vector<DecodedInstr> &D,
                       const AddressContext &Ctx);

} // namespace luarch

#endif
