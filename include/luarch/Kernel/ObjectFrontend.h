//===- ObjectFrontend.h - Kernels from object files ------------*- C++ -*-===//
//
// Disassembles the executable sections of an object file or executable
// (ELF, COFF, Mach-O) and finds regions like the assembly frontend does:
// IACA byte markers, else innermost loops (backward branches, targets from
// MCInstrAnalysis), named after the enclosing function symbol.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_OBJECTFRONTEND_H
#define LUARCH_KERNEL_OBJECTFRONTEND_H

#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/CodeStream.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace luarch {

/// True if \p Buffer looks like an object file or executable.
bool isObjectFile(llvm::StringRef Buffer);

llvm::Expected<AsmKernels> parseObjectKernels(const TargetContext &TC,
                                              llvm::MemoryBufferRef Buffer,
                                              const AsmParseOptions &Opts = {});

/// Disassembles \p Bytes (loaded at \p Address) into \p Out: instructions
/// with their addresses and branch targets; the IACA marker tail
/// (64 67 90) becomes raw data. Undecodable bytes are an error unless
/// \p SkipInvalid, in which case they become raw data too.
llvm::Error disassembleInto(const TargetContext &TC,
                            llvm::ArrayRef<uint8_t> Bytes, uint64_t Address,
                            CodeStream &Out, bool SkipInvalid);

} // namespace luarch

#endif
