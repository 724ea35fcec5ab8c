//===- IRInput.h - LLVM IR inputs, compiled like llc -----------*- C++ -*-===//
#ifndef LUARCH_TOOLS_IRINPUT_H
#define LUARCH_TOOLS_IRINPUT_H

#include "luarch/Kernel/AsmFrontend.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace luarch {

/// Whether \p FileName / \p Data is LLVM IR (.ll text or bitcode).
bool isIRInput(llvm::StringRef FileName, llvm::StringRef Data);

/// Runs LLVM's codegen on the IR in \p Data for \p CPU (like llc -O2), with
/// the LoopUArch pass after block placement collecting every innermost
/// loop; loops it cannot analyse become warnings.
llvm::Expected<AsmKernels> kernelsFromIR(llvm::StringRef Data,
                                         llvm::StringRef FileName,
                                         llvm::StringRef CPU);

} // namespace luarch

#endif
