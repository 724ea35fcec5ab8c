//===- CodeBuilder.cpp - The machine code the harness runs ---------------===//
//
// Hand-encoded: the wrapper needs a dozen fixed instructions, and encoding
// them here keeps the harness independent of the assembler.
//
//===----------------------------------------------------------------------===//
#include "MeasureInternal.h"

#include <cstddef>

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

/// xmm0-15 = (1.0, 1.0) as doubles (clobbers rax).
static void setVectorsToOne(Bytes &B) {
  movImm(B, RAX, 0x3FF0000000000000ULL); // 1.0
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
  setVectorsToOne(B);
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

Bytes reentered(const Bytes &Block, unsigned CounterReg, uint64_t RegValue,
                uint64_t RegStep, uint64_t Trips, uint32_t Entries,
                const VectorResets &V) {
  // Once: the entry count into memory (mov qword [r11], imm32), and the
  // vector state wrapCallable does not set (xmm16-31, k1-k7).
  Bytes Init;
  movImm(Init, R11, EntryCountAddr);
  Init.insert(Init.end(), {0x49, 0xC7, 0x03});
  for (int I = 0; I < 4; ++I)
    Init.push_back(uint8_t(Entries >> (8 * I)));
  if (V.AVX512) {
    for (unsigned X = 0; X < 16; ++X) // vmovdqa64 xmm(16+X), xmm0 (EVEX)
      Init.insert(Init.end(), {0x62, uint8_t(X < 8 ? 0xE1 : 0x61), 0xFD,
                               0x08, 0x6F, uint8_t(0xC0 | (X & 7) << 3)});
    for (unsigned K = 1; K < 8; ++K) { // kxnorq/kxnorw kK, kK, kK
      uint8_t VVVV = uint8_t(0x80 | (~K & 0xF) << 3 | 0x04);
      if (V.MaskBits64)
        Init.insert(Init.end(), {0xC4, 0xE1, VVVV}); // VEX.W = 1 (bit 7)
      else
        Init.insert(Init.end(), {0xC5, VVVV}); // bit 7: inverted VEX.R
      Init.insert(Init.end(), {0x46, uint8_t(0xC0 | K << 3 | K)});
    }
  }
  // With V.EveryEntry, first the vector registers: vmovq xmmX, rax and
  // vpunpcklqdq xmmX, xmmX, xmmX (VEX.128: the upper bits become zero, no
  // merge with the previous entry's value), then xmm16-31 from xmm0.
  Bytes Entry;
  if (V.EveryEntry && V.AVX) {
    movImm(Entry, RAX, 0x3FF0000000000000ULL); // 1.0
    for (unsigned X = 0; X < 16; ++X) {
      uint8_t NotR = X < 8 ? 0x80 : 0, NotVVVV = uint8_t((~X & 0xF) << 3);
      uint8_t ModRM = uint8_t(0xC0 | (X & 7) << 3);
      // VEX.128.66.0F.W1 6E /r: vmovq xmmX, rax
      Entry.insert(Entry.end(), {0xC4, uint8_t(NotR | 0x61), 0xF9, 0x6E, ModRM});
      // VEX.128.66.0F.WIG 6C /r: vpunpcklqdq xmmX, xmmX, xmmX
      Entry.insert(Entry.end(), {0xC4, uint8_t(NotR | (X < 8 ? 0x20 : 0) | 0x41),
                                 uint8_t(NotVVVV | 0x01), 0x6C,
                                 uint8_t(ModRM | (X & 7))});
    }
    if (V.AVX512)
      for (unsigned X = 0; X < 16; ++X) // vmovdqa64 xmm(16+X), xmm0 (EVEX)
        Entry.insert(Entry.end(), {0x62, uint8_t(X < 8 ? 0xE1 : 0x61), 0xFD,
                                   0x08, 0x6F, uint8_t(0xC0 | (X & 7) << 3)});
  }
  // Every entry: the general registers. Otherwise vector and mask registers
  // carry over from one entry to the next, so that a recurrence through
  // them (an FP accumulator) runs on instead of restarting: restarted
  // chains of consecutive entries overlap in the out-of-order window, and
  // a 4-cycle FMA chain measured 2.5-3.5 cycles per iteration with
  // 128-192 iterations per entry.
  for (unsigned R = 0; R < 16; ++R)
    movImm(Entry, R, R == CounterReg ? Trips : RegValue + R * RegStep);
  // Padding (run once) so that the loop's top lands on 64 bytes, given
  // that wrapCallable places this body at a 64-byte boundary.
  Bytes B = Init;
  while ((B.size() + Entry.size()) % 64)
    B.push_back(0x90);
  size_t Outer = B.size();
  B.insert(B.end(), Entry.begin(), Entry.end());
  Bytes Loop = counted(Block, CounterReg);
  B.insert(B.end(), Loop.begin(), Loop.end());
  // After the entry: dec qword [EntryCountAddr]; jnz outer.
  movImm(B, R11, EntryCountAddr);
  B.insert(B.end(), {0x49, 0xFF, 0x0B});
  int32_t Rel = int32_t(Outer) - int32_t(B.size() + 6);
  B.insert(B.end(), {0x0F, 0x85});
  for (int I = 0; I < 4; ++I)
    B.push_back(uint8_t(uint32_t(Rel) >> (8 * I)));
  return B;
}

} // namespace measure
} // namespace luarch
