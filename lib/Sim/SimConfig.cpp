//===- SimConfig.cpp - A MachineModel as simulator parameters ------------===//
#include "luarch/Sim/SimConfig.h"

namespace luarch {

SimConfig SimConfig::fromModel(const MachineModel &M) {
  SimConfig C;
  C.Model = &M;
  C.IssueWidth = M.FrontEnd.IssueWidth;
  C.RetireWidth = M.BackEnd.RetireWidth;
  C.FrontEndWidth = M.FrontEnd.UopCacheWidth ? M.FrontEnd.UopCacheWidth.Value
                                             : M.FrontEnd.IssueWidth.Value;
  C.PortCapacity.assign(M.numPorts(), 1.0);
  C.ROBSize = M.BackEnd.ROBSize;
  C.RSSize = M.BackEnd.SchedulerSize;
  C.LoadBufferSize = M.BackEnd.LoadBufferSize;
  C.StoreBufferSize = M.BackEnd.StoreBufferSize;
  C.IntPRFSize = M.BackEnd.IntPRFSize;
  C.VecPRFSize = M.BackEnd.VecPRFSize;
  C.UopQueueSize = M.FrontEnd.UopQueueSize ? M.FrontEnd.UopQueueSize.Value : 64;
  C.IterationBoundaryRule = M.FrontEnd.IterationBoundaryRule;
  C.ROBMicroFusion = M.BackEnd.ROBMicroFusion;
  C.UseLSD = M.FrontEnd.HasLSD;
  return C;
}

} // namespace luarch
