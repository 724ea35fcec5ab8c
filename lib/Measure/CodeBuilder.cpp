//===- CodeBuilder.cpp - The machine code the harness runs ---------------===//
//
// Hand-encoded: the wrapper needs a dozen fixed instructions, and encoding
// them here keeps the harness independent of the assembler.
//
//===----------------------------------------------------------------------===//
#include "MeasureInternal.h"

namespace luarch {
namespace measure {

static void imm64(Bytes &B, uint64_t V) {
  for (int I = 0; I < 8; ++I)
    B.push_back(uint8_t(V >> (8 * I)));
}

/// movabs reg, imm64
static void movImm(Bytes &B, unsigned Reg, uint64_t V) {
  B.push_back(Reg >= 8 ? 0x49 : 0x48);
  B.push_back(0xB8 + (Reg & 7));
  imm64(B, V);
}

static void push(Bytes &B, unsigned Reg) {
  if (Reg >= 8)
    B.push_back(0x41);
  B.push_back(0x50 + (Reg & 7));
}

static void pop(Bytes &B, unsigned Reg) {
  if (Reg >= 8)
    B.push_back(0x41);
  B.push_back(0x58 + (Reg & 7));
}

Bytes wrapCallable(const Bytes &Body, uint64_t RegValue, bool ZeroUpper,
                   int CounterReg, uint64_t Trips) {
  static const unsigned Saved[] = {3, 5, 12, 13, 14, 15}; // rbx rbp r12-r15
  Bytes B;
  for (unsigned R : Saved)
    push(B, R);
  movImm(B, R11, SaveSlotAddr);
  B.insert(B.end(), {0x49, 0x89, 0x23}); // mov [r11], rsp
  if (ZeroUpper)
    B.insert(B.end(), {0xC5, 0xF8, 0x77}); // vzeroupper
  movImm(B, RAX, 0x3FF0000000000000ULL);  // 1.0
  for (unsigned X = 0; X < 16; ++X) {
    uint8_t RexR = X >= 8 ? 0x4C : 0x48;
    // movq xmmX, rax
    B.insert(B.end(), {0x66, RexR, 0x0F, 0x6E, uint8_t(0xC0 | (X & 7) << 3)});
    // punpcklqdq xmmX, xmmX
    if (X >= 8)
      B.push_back(0x66), B.push_back(0x45);
    else
      B.push_back(0x66);
    B.insert(B.end(), {0x0F, 0x6C, uint8_t(0xC0 | (X & 7) << 3 | (X & 7))});
  }
  // rsp too holds the register value: pushes, pops and frame accesses of
  // the kernel land in the scratch area, mapped on demand like any other
  // data (a block with a function prologue, unrolled, walks down by
  // kilobytes).
  for (unsigned R = 0; R < 16; ++R)
    movImm(B, R, int(R) == CounterReg ? Trips : RegValue);
  // The body (a loop head, for the counted form) starts on a 64-byte
  // boundary of the page-aligned buffer; the nops run once.
  while (B.size() % 64)
    B.push_back(0x90);
  B.insert(B.end(), Body.begin(), Body.end());
  movImm(B, R11, SaveSlotAddr);
  B.insert(B.end(), {0x49, 0x8B, 0x23}); // mov rsp, [r11]
  for (int I = 5; I >= 0; --I)
    pop(B, Saved[I]);
  B.push_back(0xC3); // ret
  return B;
}

Bytes unrolled(const Bytes &Block, unsigned Copies) {
  Bytes B;
  B.reserve(Block.size() * Copies);
  for (unsigned I = 0; I < Copies; ++I)
    B.insert(B.end(), Block.begin(), Block.end());
  return B;
}

Bytes counted(const Bytes &Block, unsigned CounterReg) {
  Bytes B;
  // The block, then dec r64 (REX.W FF /1) and jnz rel32 back to the top
  // (wrapCallable aligns the top to 64 bytes).
  B.insert(B.end(), Block.begin(), Block.end());
  B.push_back(CounterReg >= 8 ? 0x49 : 0x48);
  B.push_back(0xFF);
  B.push_back(0xC8 | (CounterReg & 7));
  int32_t Rel = -int32_t(B.size() + 6);
  B.insert(B.end(), {0x0F, 0x85});
  for (int I = 0; I < 4; ++I)
    B.push_back(uint8_t(uint32_t(Rel) >> (8 * I)));
  return B;
}

} // namespace measure
} // namespace luarch
