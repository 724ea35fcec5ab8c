//===- Resources.cpp - The one table of scalable machine resources -------===//
#include "luarch/Sim/Resources.h"
#include "luarch/Model/MachineModel.h"

using namespace llvm;

namespace luarch {

StringRef allocCauseName(AllocCause C) {
  switch (C) {
  case AllocCause::IssuedFullWidth: return "issued at full width";
  case AllocCause::FrontEnd: return "front end";
  case AllocCause::ROBFull: return "ROB full";
  case AllocCause::RSFull: return "RS full";
  case AllocCause::LoadBufferFull: return "load buffer full";
  case AllocCause::StoreBufferFull: return "store buffer full";
  case AllocCause::RegisterFileFull: return "register file full";
  case AllocCause::NumCauses: break;
  }
  return "?";
}

StringRef allocCauseDescription(AllocCause C) {
  switch (C) {
  case AllocCause::IssuedFullWidth: return "allocation issued at full width";
  case AllocCause::FrontEnd: return "the uop queue had fewer uops than the "
                                    "issue width";
  case AllocCause::ROBFull: return "allocation stalled: reorder buffer full";
  case AllocCause::RSFull: return "allocation stalled: scheduler full";
  case AllocCause::LoadBufferFull: return "allocation stalled: load buffer "
                                          "full";
  case AllocCause::StoreBufferFull: return "allocation stalled: store buffer "
                                           "full";
  case AllocCause::RegisterFileFull: return "allocation stalled: no free "
                                            "physical register";
  case AllocCause::NumCauses: break;
  }
  return "?";
}

namespace {

constexpr ResourceId None = ResourceId::NumResources;

// The described rates come from MachineRates::of, the rates the static
// bounds of the described machine use: one definition of each.
double issueRate(const MachineModel &M) { return MachineRates::of(M).Issue; }
double retireRate(const MachineModel &M) {
  return MachineRates::of(M).Retire;
}
double deliveryRate(const MachineModel &M) {
  return MachineRates::of(M).Delivery;
}
double dividerSpeed(const MachineModel &M) {
  return MachineRates::of(M).DividerSpeed;
}

// Why a resource is no input of a static bound.
const char NotABoundBuffer[] =
    "a buffer: the static bounds are throughput limits that hold with any "
    "number of entries; fewer entries only slow the simulation, and more "
    "cannot beat a width, a port or a recurrence";
const char NotABoundQueue[] =
    "the uop queue between delivery and issue: the delivery bounds assume "
    "an unlimited queue (a smaller one only delays groups, and the "
    "simulator keeps room for two issue groups), and whether a loop fits "
    "the LSD is decided on the described size, in the layout the static "
    "bounds and the simulator share";

const ResourceSpec Table[] = {
    {ResourceId::DividerSpeed, "divider", "divider", ResourceClass::Speed, "",
     dividerSpeed, FreedAt::Never, AllocCause::NumCauses, false, true,
     NeededBy::Divides, None, &MachineRates::DividerSpeed, nullptr},
    {ResourceId::IssueWidth, "issue-width", "issue width",
     ResourceClass::Width, "FrontEnd.IssueWidth", issueRate, FreedAt::Never,
     AllocCause::NumCauses, false, true, NeededBy::Always,
     ResourceId::FrontEndWidth, &MachineRates::Issue, nullptr},
    {ResourceId::RetireWidth, "retire-width", "retire width",
     ResourceClass::Width, "BackEnd.RetireWidth", retireRate, FreedAt::Never,
     AllocCause::NumCauses, false, true, NeededBy::Always, None,
     &MachineRates::Retire, nullptr},
    {ResourceId::ROB, "rob", "ROB", ResourceClass::Buffer, "BackEnd.ROBSize",
     [](const MachineModel &M) { return double(M.BackEnd.ROBSize); },
     FreedAt::Retire, AllocCause::ROBFull, true, true, NeededBy::Always, None,
     nullptr, NotABoundBuffer},
    {ResourceId::Scheduler, "rs", "RS", ResourceClass::Buffer,
     "BackEnd.SchedulerSize",
     [](const MachineModel &M) { return double(M.BackEnd.SchedulerSize); },
     FreedAt::Dispatch, AllocCause::RSFull, true, true, NeededBy::Always,
     None, nullptr, NotABoundBuffer},
    // The vector side's own scheduler (BackEndDesc::VecSchedulerSize);
    // without one, the unified size (never the tighter of the two).
    {ResourceId::VecScheduler, "fp-rs", "FP scheduler", ResourceClass::Buffer,
     "BackEnd.VecSchedulerSize",
     [](const MachineModel &M) {
       return M.BackEnd.VecSchedulerSize
                  ? double(M.BackEnd.VecSchedulerSize)
                  : double(M.BackEnd.SchedulerSize);
     },
     FreedAt::Dispatch, AllocCause::RSFull, true, true,
     NeededBy::VecSchedulerUops, None, nullptr, NotABoundBuffer},
    {ResourceId::LoadBuffer, "lb", "load buffer", ResourceClass::Buffer,
     "BackEnd.LoadBufferSize",
     [](const MachineModel &M) { return double(M.BackEnd.LoadBufferSize); },
     FreedAt::Retire, AllocCause::LoadBufferFull, true, true, NeededBy::Loads,
     None, nullptr, NotABoundBuffer},
    {ResourceId::StoreBuffer, "sb", "store buffer", ResourceClass::Buffer,
     "BackEnd.StoreBufferSize",
     [](const MachineModel &M) { return double(M.BackEnd.StoreBufferSize); },
     FreedAt::Retire, AllocCause::StoreBufferFull, true, true,
     NeededBy::Stores, None, nullptr, NotABoundBuffer},
    {ResourceId::IntRegisters, "int-prf", "integer registers",
     ResourceClass::Buffer, "BackEnd.IntPRFSize",
     [](const MachineModel &M) { return double(M.BackEnd.IntPRFSize); },
     FreedAt::Retire, AllocCause::RegisterFileFull, true, true,
     NeededBy::GPRWrites, None, nullptr, NotABoundBuffer},
    {ResourceId::VecRegisters, "vec-prf", "vector registers",
     ResourceClass::Buffer, "BackEnd.VecPRFSize",
     [](const MachineModel &M) { return double(M.BackEnd.VecPRFSize); },
     FreedAt::Retire, AllocCause::RegisterFileFull, true, true,
     NeededBy::VecWrites, None, nullptr, NotABoundBuffer},
    // The uop queue (IDQ) between the front end and allocation; 64 where a
    // description gives no size.
    {ResourceId::UopQueue, "uop-queue", "uop queue", ResourceClass::Buffer,
     "FrontEnd.UopQueueSize",
     [](const MachineModel &M) {
       return M.FrontEnd.UopQueueSize ? double(M.FrontEnd.UopQueueSize) : 64;
     },
     FreedAt::Issue, AllocCause::NumCauses, false, false, NeededBy::Always,
     None, nullptr, NotABoundQueue},
    // Uops delivered into the uop queue per cycle: the uop cache's width,
    // else the issue width.
    {ResourceId::FrontEndWidth, "frontend-width", "front-end width",
     ResourceClass::Width, "FrontEnd.UopCacheWidth", deliveryRate,
     FreedAt::Never, AllocCause::NumCauses, false, false, NeededBy::Always,
     None, &MachineRates::Delivery, nullptr},
};
static_assert(sizeof(Table) / sizeof(Table[0]) == NumResources,
              "one row per ResourceId");

} // namespace

ArrayRef<ResourceSpec> resourceTable() {
#ifndef NDEBUG
  for (unsigned I = 0; I < NumResources; ++I)
    assert(unsigned(Table[I].Id) == I && "rows in ResourceId order");
#endif
  return Table;
}

} // namespace luarch
