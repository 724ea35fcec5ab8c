//===- AsmFrontend.h - Kernels from assembly text --------------*- C++ -*-===//
//
// Parses a .s file (AT&T, or Intel after .intel_syntax) with LLVM's MC asm
// parser and extracts the regions to analyse:
//   * "# LLVM-MCA-BEGIN [name]" ... "# LLVM-MCA-END [name]"
//   * "# OSACA-BEGIN" ... "# OSACA-END"
//   * IACA byte markers: movl $111, %ebx; .byte 0x64,0x67,0x90 (start) and
//     the same with $222 (end), the bytes possibly split over .byte lines
//   * otherwise every innermost loop: a backward branch to a label whose
//     body contains no other such loop.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_ASMFRONTEND_H
#define LUARCH_KERNEL_ASMFRONTEND_H

#include "luarch/Kernel/Kernel.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace luarch {

class TargetContext;

/// How regions were selected.
enum class RegionSelection { LLVMMCAMarkers, OSACAMarkers, IACAMarkers, Loops };
llvm::StringRef regionSelectionName(RegionSelection S);

struct AsmParseOptions {
  /// Refuse kernels longer than this (a clear error instead of a slow run).
  unsigned MaxKernelInstrs = 100000;
};

struct AsmKernels {
  RegionSelection Selection = RegionSelection::Loops;
  std::vector<Kernel> Kernels;
  /// Non-fatal observations ("loop body contains a call"), file:line first.
  std::vector<std::string> Warnings;
};

/// Parses \p Buffer (named \p FileName in messages). Errors carry
/// "file:line:col: message" for malformed input, missing end markers, or
/// when nothing to analyse is found.
llvm::Expected<AsmKernels> parseAsmKernels(TargetContext &TC,
                                           llvm::StringRef Buffer,
                                           llvm::StringRef FileName,
                                           const AsmParseOptions &Opts = {});

} // namespace luarch

#endif
