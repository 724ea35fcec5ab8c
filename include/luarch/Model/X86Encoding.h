//===- X86Encoding.h - What the front end sees of an encoding --*- C++ -*-===//
//
// The facts of an x86-64 instruction encoding that the legacy decode
// pipeline cares about, read from its bytes: where the nominal opcode sits
// (after legacy prefixes, REX, VEX/EVEX and escape bytes), whether a
// length-changing prefix (LCP) alters the length of an immediate or a
// displacement, and whether it carries a 64-bit immediate (movabs).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_X86ENCODING_H
#define LUARCH_MODEL_X86ENCODING_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>

namespace luarch {

struct EncodingFacts {
  /// Offset of the nominal opcode byte from the instruction's first byte.
  uint8_t OpcodeOffset = 0;
  /// A 66h prefix changes the size of an imm16/32 immediate, or a 67h
  /// prefix the size of the ModRM displacement: the predecoder must
  /// re-decode the length [IntelOpt §3.4.2.3 "Length-Changing Prefixes"].
  /// MOV r16, imm16 (B8+r) is exempt [Agner microarchitecture §9.1, §10.1].
  bool LengthChangingPrefix = false;
  /// A 64-bit immediate (REX.W B8+r, movabs): two uop-cache slots
  /// [IntelOpt §2.6.2.2 Decoded ICache].
  bool Imm64 = false;
  /// A 32-bit immediate (Iz without 66h) together with a memory operand
  /// (ModRM mod != 3), e.g. mov qword ptr [rbp + 0x28], 0 (C7 /0).
  bool Imm32WithMemory = false;
  /// VEX or EVEX encoded.
  bool VexOrEvex = false;
};

/// Scans \p Bytes (one whole instruction). Unknown or truncated encodings
/// give the defaults (no LCP, opcode at offset 0).
EncodingFacts scanEncoding(llvm::ArrayRef<uint8_t> Bytes);

} // namespace luarch

#endif
