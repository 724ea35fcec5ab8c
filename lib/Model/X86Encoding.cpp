//===- X86Encoding.cpp - What the front end sees of an encoding ----------===//
#include "luarch/Model/X86Encoding.h"

namespace luarch {

static bool isLegacyPrefix(uint8_t B) {
  switch (B) {
  case 0xF0: case 0xF2: case 0xF3:             // lock, repne, rep
  case 0x2E: case 0x36: case 0x3E: case 0x26:  // segment overrides
  case 0x64: case 0x65:
  case 0x66: case 0x67:                        // operand, address size
    return true;
  default:
    return false;
  }
}

/// One-byte-map opcodes whose immediate is imm16/imm32 by operand size
/// ("Iz"), so that 66h changes the instruction's length. \p Reg is the
/// ModRM reg field (F7 /0 and /1 are TEST with an immediate).
static bool hasSizeDependentImmediate(uint8_t Op, int Reg) {
  switch (Op) {
  case 0x05: case 0x0D: case 0x15: case 0x1D:  // add/or/adc/sbb eAX, Iz
  case 0x25: case 0x2D: case 0x35: case 0x3D:  // and/sub/xor/cmp eAX, Iz
  case 0x68:                                   // push Iz
  case 0x69:                                   // imul r, r/m, Iz
  case 0x81:                                   // group 1 r/m, Iz
  case 0xA9:                                   // test eAX, Iz
  case 0xC7:                                   // mov r/m, Iz
    return true;
  case 0xF7:                                   // test r/m, Iz (/0, /1)
    return Reg == 0 || Reg == 1;
  default:
    return false;                              // B8+r: exempt (see header)
  }
}

EncodingFacts scanEncoding(llvm::ArrayRef<uint8_t> Bytes) {
  EncodingFacts F;
  size_t I = 0;
  bool OperandSize = false, AddressSize = false, RexW = false;
  while (I < Bytes.size() && isLegacyPrefix(Bytes[I])) {
    OperandSize |= Bytes[I] == 0x66;
    AddressSize |= Bytes[I] == 0x67;
    ++I;
  }
  if (I < Bytes.size() && (Bytes[I] & 0xF0) == 0x40) {
    RexW = Bytes[I] & 0x08;
    ++I;
  }
  if (I >= Bytes.size())
    return F;
  uint8_t B = Bytes[I];
  if (B == 0xC4 || B == 0xC5 || B == 0x62) {
    // VEX (3 or 2 bytes) / EVEX (4 bytes): no legacy length changes.
    F.VexOrEvex = true;
    size_t Len = B == 0xC5 ? 2 : B == 0xC4 ? 3 : 4;
    if (I + Len < Bytes.size())
      F.OpcodeOffset = uint8_t(I + Len);
    return F;
  }
  bool OneByteMap = true;
  if (B == 0x0F) {
    OneByteMap = false;
    ++I;
    if (I < Bytes.size() && (Bytes[I] == 0x38 || Bytes[I] == 0x3A))
      ++I;
  }
  if (I >= Bytes.size())
    return F;
  F.OpcodeOffset = uint8_t(I);
  uint8_t Op = Bytes[I];
  if (!OneByteMap)
    return F;
  int Reg = I + 1 < Bytes.size() ? (Bytes[I + 1] >> 3) & 7 : -1;
  F.LengthChangingPrefix =
      (OperandSize && hasSizeDependentImmediate(Op, Reg)) ||
      // In 64-bit mode 67h changes only the moffs of A0-A3 (8 -> 4 bytes).
      (AddressSize && Op >= 0xA0 && Op <= 0xA3);
  F.Imm64 = RexW && Op >= 0xB8 && Op <= 0xBF;
  // The Iz opcodes with a ModRM operand: a memory operand unless mod = 3.
  bool HasModRM = Op == 0x69 || Op == 0x81 || Op == 0xC7 || Op == 0xF7;
  F.Imm32WithMemory = !OperandSize && HasModRM &&
                      hasSizeDependentImmediate(Op, Reg) &&
                      I + 1 < Bytes.size() && (Bytes[I + 1] >> 6) != 3;
  return F;
}

} // namespace luarch
