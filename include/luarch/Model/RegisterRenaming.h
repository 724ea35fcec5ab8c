//===- RegisterRenaming.h - A kernel's key up to its registers -*- C++ -*-===//
//
// The plugin's analysis cache shares one analysis between loops that are
// the same code with other registers (sqlite3.c at -O2: many loops differ
// only in the registers allocation gave them). This writes a kernel's
// instructions with their general-purpose and vector registers renamed in
// order of first use, so that two kernels get the same key exactly when a
// renaming maps one onto the other and every rule of the decoder, the
// static bounds and the simulator reads them alike.
//
// What the rules read of a register besides which values it connects, and
// so what the key keeps:
//  * its width, and of a byte which one: ah..dh, or the low byte of
//    registers 0-3, 4-7 (spl..dil, which need a REX prefix: movzx from
//    them is no eliminable move on some cores) or 8-15 (uops.info's r/m8
//    rows are split at register number 4, _R0/_R4): kept per operand;
//  * its encoding, which the encoded size (kept) follows: registers 8-15
//    need a REX or three-byte VEX bit, 16-31 EVEX, rsp/r12 as a base a SIB
//    byte, rbp/r13 as a base a displacement ([IntelSDM] Vol. 2A §2.1.5
//    Tables 2-2, 2-3, §2.2.1). uops.info's LEA forms also name the
//    displacement of a base like rbp (D8), which the size does not always
//    show (lea (%rbp), %eax and lea (%r8), %eax are 3 bytes each): rbp and
//    r13 are renamed only into each other;
//  * rsp is the stack engine's: kept;
//  * registers an instruction names implicitly (mul's rdx:rax, a shift's
//    cl, a blend's xmm0, string instructions' rsi/rdi): kept in the whole
//    kernel when any of its instructions reads or writes them so;
//  * equality between operands (zero idioms, same-register moves, the
//    dependency graph): the renaming is a bijection, so it keeps them.
// These are the registers the uops.info matcher's shape memo keeps too
// (UopsInfoMatcher::shapeKey), but for the accumulator, which only its
// implicit forms name (and those are kept here).
// Immediates, the opcode, the MCInst's flags and the encoded size are
// written as they are.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_REGISTERRENAMING_H
#define LUARCH_MODEL_REGISTERRENAMING_H

#include "luarch/Kernel/Kernel.h"
#include <cstdint>
#include <string>
#include <vector>

namespace luarch {

class X86Semantics;

class RegisterRenaming {
public:
  /// Indexes \p Sem's register file once (a table per register).
  explicit RegisterRenaming(const X86Semantics &Sem);

  /// Appends \p K's instructions to \p Key with their registers renamed
  /// (the file comment). False, and \p Key unchanged, when an operand is
  /// neither a register nor an immediate (an expression of the assembly
  /// parser): the caller then keys by the text.
  bool appendKernelKey(std::string &Key, const Kernel &K) const;

private:
  struct RegInfo {
    /// Canonical unit (regunit), the group (0: kept) and the operand's
    /// width and which byte, which the renamed register keeps.
    uint8_t Unit = 0xff;
    uint8_t Group = 0;
    uint8_t Kind = 0;
  };
  const X86Semantics &Sem;
  std::vector<RegInfo> Regs;
};

} // namespace luarch

#endif
