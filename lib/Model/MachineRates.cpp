//===- MachineRates.cpp - The rates the static bounds divide by ----------===//
#include "luarch/Model/MachineRates.h"
#include "luarch/Model/MachineModel.h"

namespace luarch {

MachineRates MachineRates::of(const MachineModel &M) {
  MachineRates R;
  R.Issue = M.FrontEnd.IssueWidth;
  R.Retire = M.BackEnd.RetireWidth;
  R.Delivery = M.FrontEnd.UopCacheWidth ? double(M.FrontEnd.UopCacheWidth)
                                        : double(M.FrontEnd.IssueWidth);
  R.DividerSpeed = 1;
  return R;
}

} // namespace luarch
