//===- DescribeMemory.h - --describe-cpu --measure -------------*- C++ -*-===//
#ifndef LUARCH_TOOLS_DESCRIBEMEMORY_H
#define LUARCH_TOOLS_DESCRIBEMEMORY_H

#include "luarch/Model/MachineModel.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace luarch {

/// Probes the host's memory hierarchy and prints it next to \p M's
/// description (text, or one JSON document).
llvm::Error describeMemoryWithProbe(const MachineModel &M, bool JSON,
                                    llvm::raw_ostream &OS);

} // namespace luarch

#endif
