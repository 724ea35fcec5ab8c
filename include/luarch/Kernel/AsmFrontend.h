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

#include "luarch/Kernel/AsmPrescan.h"
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
  /// What the text may ask of LLVM's parser (checked before it runs).
  AsmLimits Limits;
  /// Stop parsing once this many labels, instructions, data and comments
  /// were recorded: a second bound on expansion the pre-scan cannot see
  /// (e.g. macro arguments that grow at each level).
  size_t MaxRecordedEvents = 4000000;
};

struct AsmKernels {
  RegionSelection Selection = RegionSelection::Loops;
  std::vector<Kernel> Kernels;
  /// Non-fatal observations ("loop body contains a call"), file:line first.
  std::vector<std::string> Warnings;
};

/// Parses \p Buffer (named \p FileName in messages). Errors carry
/// "file:line:col: message" for malformed input, missing end markers, or
/// when nothing to analyse is found; 16- and 32-bit code (.code16,
/// .code32) and text beyond Opts.Limits are refused.
llvm::Expected<AsmKernels> parseAsmKernels(TargetContext &TC,
                                           llvm::StringRef Buffer,
                                           llvm::StringRef FileName,
                                           const AsmParseOptions &Opts = {});

} // namespace luarch

#endif
