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
  /// Byte offset of the first instruction within its 64-byte line (the
  /// front end's fetch blocks and uop-cache windows depend on it): the
  /// address in objects, 0 for assembly and bytes unless an option says.
  unsigned Alignment = 0;
  /// Unrolled shape: how many copies run back to back (the front end's
  /// uop cache holds them all, or not). BHive and the harness measure 200.
  unsigned UnrolledCopies = 200;
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
