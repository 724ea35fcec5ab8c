//===- Descriptions.cpp - The list of built-in descriptions --------------===//
#include "luarch/Model/Descriptions.h"

namespace luarch {
namespace descriptions {

static MachineModel (*const List[])() = {
    makeSkylake,
};

const llvm::ArrayRef<MachineModel (*)()> AllDescriptions = List;

} // namespace descriptions
} // namespace luarch
