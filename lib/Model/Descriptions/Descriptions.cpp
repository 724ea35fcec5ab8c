//===- Descriptions.cpp - The list of built-in descriptions --------------===//
#include "luarch/Model/Descriptions.h"

namespace luarch {
namespace descriptions {

static MachineModel (*const List[])() = {
    // Intel
    makeSandyBridge, makeHaswell, makeBroadwell, makeSkylake,
    makeSkylakeAVX512, makeCascadeLake, makeIceLakeClient, makeIceLakeServer,
    makeTigerLake, makeRocketLake, makeAlderLake, makeSapphireRapids,
    // AMD
    makeZnver1, makeZnver2, makeZnver3, makeZnver4,
};

const llvm::ArrayRef<MachineModel (*)()> AllDescriptions = List;

} // namespace descriptions
} // namespace luarch
