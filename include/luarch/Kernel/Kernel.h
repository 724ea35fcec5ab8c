//===- Kernel.h - A loop body as a list of MCInsts -------------*- C++ -*-===//
//
// A Kernel is what every analysis in LoopUArch works on: the instructions of
// one loop body (or one marked region) in program order, each with its
// encoding size and where it came from. No performance knowledge lives here.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_KERNEL_H
#define LUARCH_KERNEL_KERNEL_H

#include "llvm/MC/MCInst.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace luarch {

struct SourceLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  /// Code from an object file or raw bytes: the instruction's address.
  bool HasAddress = false;
  uint64_t Address = 0;
  bool isValid() const { return Line != 0 || HasAddress; }
  std::string str() const;
};

struct KernelInstr {
  llvm::MCInst Inst;
  /// Encoded length in bytes (0 when it could not be encoded).
  unsigned Size = 0;
  /// Printed assembly text (AT&T unless the input was Intel syntax).
  std::string Text;
  SourceLocation Loc;
};

/// How the body repeats when it is measured or simulated.
enum class KernelShape {
  /// The last instruction is a branch back to the first one.
  Loop,
  /// Straight-line code, executed back to back (BHive's unrolled form).
  Unrolled,
};

struct Kernel {
  /// Human-readable identity: "function:label" or a region name.
  std::string Name;
  /// Location of the loop header / region start.
  SourceLocation Loc;
  std::vector<KernelInstr> Instrs;
  KernelShape Shape = KernelShape::Loop;
  /// Source iterations per kernel iteration (divides reported figures).
  unsigned UnrollFactor = 1;
  /// Keeps alive whatever the instructions' symbolic operands (MCExpr) point
  /// into, e.g. the MCContext of the assembly parser.
  std::shared_ptr<const void> ExprOwner;

  size_t size() const { return Instrs.size(); }
  bool empty() const { return Instrs.empty(); }
  /// Total encoded size in bytes.
  unsigned byteSize() const;
};

} // namespace luarch

#endif
