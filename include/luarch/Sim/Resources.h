//===- Resources.h - The one table of scalable machine resources -*- C++ -*-===//
//
// Every buffer and width the simulator models appears here once: the name
// `--what-if` accepts, the label reports and the sensitivity sweep print,
// what kind of quantity it is, where its size comes from in the
// MachineModel, which allocation stall it causes when full, and when the
// sweep should scale it. SimConfig stores the values by ResourceId;
// `--what-if`, SimConfig::fromModel and the sweep all iterate this table,
// so adding a resource is one row (plus the unit that uses it).
//
// Every row also says how the static bounds take it: a rate of
// MachineRates they divide by (so that under `--what-if` they stay lower
// bounds of the simulated machine), or why it is no input of any static
// bound. WhatIfBoundsTest fails on a row that says neither, and checks
// every row on a kernel the what-if changes.
//
// Ports and latencies are not rows: a model has its own port list (the
// sweep scales port groups), and latencies belong to uops.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_RESOURCES_H
#define LUARCH_SIM_RESOURCES_H

#include "luarch/Model/MachineRates.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace luarch {

struct MachineModel;

/// Scalable resources, in the order the sensitivity sweep reports them;
/// the buffers among them in the order the allocation stage checks them
/// (which decides the reported stall when several are full).
enum class ResourceId : uint8_t {
  DividerSpeed,
  IssueWidth,
  RetireWidth,
  ROB,
  Scheduler,
  VecScheduler,
  LoadBuffer,
  StoreBuffer,
  IntRegisters,
  VecRegisters,
  UopQueue,
  FrontEndWidth,
  NumResources
};
constexpr unsigned NumResources = unsigned(ResourceId::NumResources);

enum class ResourceClass : uint8_t {
  /// Entries held by in-flight uops or instructions (whole numbers).
  Buffer,
  /// Uops per cycle (per-cycle credits; fractional values are exact).
  Width,
  /// A speed multiplier (1 = as described).
  Speed,
};

/// When a buffer entry is given back.
enum class FreedAt : uint8_t { Retire, Dispatch, Issue, Never };

/// Allocation-view cycle accounting: why the issue stage stopped.
enum class AllocCause : uint8_t {
  IssuedFullWidth, ///< issued at full width
  FrontEnd,        ///< the uop queue had too little to issue
  ROBFull,
  RSFull,
  LoadBufferFull,
  StoreBufferFull,
  RegisterFileFull,
  NumCauses
};
llvm::StringRef allocCauseName(AllocCause C);
llvm::StringRef allocCauseDescription(AllocCause C);

/// What a loop must use for a resource to matter to it (the sweep skips
/// resources a loop cannot feel).
enum class NeededBy : uint8_t {
  Always,
  Loads,
  Stores,
  GPRWrites,
  VecWrites,
  Divides,
  VecSchedulerUops, ///< uops of a separate vector scheduler (keep last)
};
constexpr unsigned NumNeededBy = unsigned(NeededBy::VecSchedulerUops) + 1;

struct ResourceSpec {
  ResourceId Id;
  /// `--what-if` name ("rob").
  const char *WhatIfName;
  /// Name in reports and the sensitivity sweep ("ROB").
  const char *Label;
  ResourceClass Class;
  /// The MachineModel field its size comes from, for documentation
  /// ("BackEnd.ROBSize"); "" for resources that are not sizes.
  const char *ModelField;
  /// The described size or width.
  double (*FromModel)(const MachineModel &);
  /// Buffers: when an entry is freed and which stall a full buffer causes.
  FreedAt Freed;
  AllocCause WhenFull;
  /// Part of `--what-if=buffers=N`.
  bool InBuffersGroup;
  /// Scaled by the sensitivity sweep (when the loop needs it).
  bool Swept;
  NeededBy Needed;
  /// Scaled together with this one by the sensitivity sweep (the front
  /// end delivers what issue can take), or NumResources. `--what-if`
  /// changes only the resources it names.
  ResourceId ScaledWith;
  /// The MachineRates field the static bounds take this resource's value
  /// from (SimConfig::rates()), or null ...
  double MachineRates::*BoundRate;
  /// ... and then why no static bound depends on it (non-empty).
  const char *NotABound;
};

/// The table, indexed by ResourceId.
llvm::ArrayRef<ResourceSpec> resourceTable();
inline const ResourceSpec &resourceSpec(ResourceId Id) {
  return resourceTable()[unsigned(Id)];
}
inline bool isBuffer(ResourceId Id) {
  return resourceSpec(Id).Class == ResourceClass::Buffer;
}

} // namespace luarch

#endif
