//===- CodeStream.h - Code as a frontend saw it, before regions -*- C++ -*-===//
//
// A flat, ordered record of what an assembly or disassembly frontend saw:
// instructions, labels, raw bytes (for IACA byte markers) and comments (for
// llvm-mca/OSACA markers). extractKernels() turns it into Kernels.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_CODESTREAM_H
#define LUARCH_KERNEL_CODESTREAM_H

#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/Kernel.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/MC/MCInst.h"
#include <optional>
#include <string>
#include <vector>

namespace luarch {

struct CodeEvent {
  enum Kind { Instr, Label, Data, Comment } K = Instr;
  llvm::MCInst Inst;
  std::string Text; ///< printed instruction, label name, or comment text
  llvm::SmallVector<uint8_t, 8> Bytes;
  SourceLocation Loc;
  unsigned Size = 0;
  bool IntelSyntax = false;
  /// Disassembled code: the instruction's address, and its branch target.
  std::optional<uint64_t> Address;
  std::optional<uint64_t> BranchTarget;
};

struct CodeStream {
  std::string FileName;
  std::vector<CodeEvent> Events;
  llvm::StringSet<> FunctionSymbols;
};

/// Selects regions (markers) or innermost loops from a code stream.
llvm::Expected<AsmKernels> extractKernels(const CodeStream &S,
                                          const TargetContext &TC,
                                          unsigned MaxKernelInstrs);

} // namespace luarch

#endif
