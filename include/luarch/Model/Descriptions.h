//===- Descriptions.h - The built-in microarchitecture descriptions -*- C++ -*-//
//
// One function per microarchitecture, each defined in its own file
// lib/Model/Descriptions/<Name>.cpp. To add a CPU: write the file, declare
// the function here, and list it in AllDescriptions (Descriptions.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_DESCRIPTIONS_H
#define LUARCH_MODEL_DESCRIPTIONS_H

#include "luarch/Model/MachineModel.h"

namespace luarch {
namespace descriptions {

MachineModel makeSandyBridge();
MachineModel makeHaswell();
MachineModel makeBroadwell();
MachineModel makeSkylake();
MachineModel makeSkylakeAVX512();
MachineModel makeCascadeLake();
MachineModel makeIceLakeClient();
MachineModel makeIceLakeServer();
MachineModel makeTigerLake();
MachineModel makeRocketLake();
MachineModel makeAlderLake();
MachineModel makeSapphireRapids();
MachineModel makeZnver1();
MachineModel makeZnver2();
MachineModel makeZnver3();
MachineModel makeZnver4();

/// Every built-in description, in a stable order.
extern const llvm::ArrayRef<MachineModel (*)()> AllDescriptions;

} // namespace descriptions
} // namespace luarch

#endif
