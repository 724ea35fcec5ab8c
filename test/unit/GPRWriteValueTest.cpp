//===- GPRWriteValueTest.cpp - The harness walks' register arithmetic ----===//
//
// evaluateGPRWrite and divideResult (GPRWriteValue.h), the arithmetic both
// register walks share (the dependency analysis' concrete accesses, the
// address rules), pinned to hand-derived values.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/GPRWriteValue.h"
#include "gtest/gtest.h"

using namespace luarch;

namespace {

// GPRWrite::DivideUnsigned / DivideSigned: the harness walk's div/idiv
// results (Intel SDM vol. 2A DIV, IDIV), hand-derived.
TEST(DivideResult, QuotientAndRemainderOrFault) {
  using QR = std::pair<uint64_t, uint64_t>;
  // 0x40000800 / 5 = 0x0cccce66 remainder 2 (5 x 0x0cccce66 = 0x400007fe).
  EXPECT_EQ(divideResult(false, 64, 0, 0x40000800, 5),
            std::optional<QR>(QR{0x0cccce66, 2}));
  // rdx:rax = 1:0 is 2^64: / 2 = 2^63.
  EXPECT_EQ(divideResult(false, 64, 1, 0, 2),
            std::optional<QR>(QR{uint64_t(1) << 63, 0}));
  // A quotient of 2^64 does not fit: #DE. A zero divisor: #DE.
  EXPECT_EQ(divideResult(false, 64, 1, 0, 1), std::nullopt);
  EXPECT_EQ(divideResult(false, 64, 0, 7, 0), std::nullopt);
  // 32-bit: edx:eax from the low halves, results zero-extended; the upper
  // halves of rdx and rax do not count.
  EXPECT_EQ(divideResult(false, 32, 0xffffffff00000000u, 0x1234500000007u, 2),
            std::optional<QR>(QR{3, 1}));
  // idiv truncates toward zero, the remainder takes the dividend's sign:
  // -7 / 2 = -3 remainder -1 (cqo of -7 gives rdx = -1).
  EXPECT_EQ(divideResult(true, 64, ~uint64_t(0), uint64_t(-7), 2),
            std::optional<QR>(QR{uint64_t(-3), uint64_t(-1)}));
  // 32-bit: -7 / 2 in eax, zero-extended results.
  EXPECT_EQ(divideResult(true, 32, 0xffffffffu, 0xfffffff9u, 2),
            std::optional<QR>(QR{0xfffffffdu, 0xffffffffu}));
  // INT64_MIN / -1 overflows: #DE.
  EXPECT_EQ(divideResult(true, 64, ~uint64_t(0), uint64_t(1) << 63,
                         ~uint64_t(0)),
            std::nullopt);
}

using GW = DecodedInstr::GPRWrite;
constexpr RegUnit RBX = 3, RCX = 1;

/// Known values: rax..r15 from \p Values where given, the rest unknown.
struct KnownRegs {
  std::optional<uint64_t> Values[16];
  std::optional<uint64_t> operator()(RegUnit U) const {
    if (U == regunit::None)
      return uint64_t(0);
    return U < 16 ? Values[U] : std::nullopt;
  }
};

GW write(GW::Kind K, RegUnit Dest, RegUnit Base, RegUnit Index = regunit::None,
         int64_t Scale = 0, int64_t Imm = 0, unsigned Bits = 64) {
  GW W;
  W.K = K;
  W.Dest = Dest;
  W.Base = Base;
  W.Index = Index;
  W.Scale = Scale;
  W.Imm = Imm;
  W.Bits = Bits;
  return W;
}

TEST(GPRWriteValue, AffineWidths) {
  KnownRegs R;
  R.Values[RBX] = 0x100000004;
  R.Values[RCX] = 2;
  // lea rax, [rbx + 4*rcx - 8] = 0x100000004 + 8 - 8.
  GW Lea = write(GW::Affine, regunit::RAX, RBX, RCX, 4, -8);
  EXPECT_EQ(evaluateGPRWrite(Lea, R, std::nullopt).Dest, 0x100000004u);
  // The 32-bit form zero-extends: 0x00000004.
  Lea.Bits = 32;
  EXPECT_EQ(evaluateGPRWrite(Lea, R, std::nullopt).Dest, 4u);
  // movsxd rax, ebx of 0x80000000: the low 32 bits, sign-extended.
  R.Values[RBX] = 0x80000000;
  GW Movsxd = write(GW::Affine, regunit::RAX, RBX);
  Movsxd.SignExtend32 = true;
  EXPECT_EQ(evaluateGPRWrite(Movsxd, R, std::nullopt).Dest,
            0xffffffff80000000u);
  // An unknown source: not known.
  R.Values[RCX].reset();
  EXPECT_EQ(evaluateGPRWrite(write(GW::Affine, regunit::RAX, RBX, RCX, 1), R,
                             std::nullopt)
                .Dest,
            std::nullopt);
}

TEST(GPRWriteValue, LowPartKeepsTheUpperBits) {
  // xor dx, dx under the harness: 0x40000800 keeps 0x40000000.
  KnownRegs R;
  R.Values[regunit::RDX] = 0x40000800;
  GW Xor16 = write(GW::LowPart, regunit::RDX, regunit::None, regunit::None, 0,
                   0, 16);
  EXPECT_EQ(evaluateGPRWrite(Xor16, R, std::nullopt).Dest, 0x40000000u);
}

TEST(GPRWriteValue, LoadsUnderTheHarness) {
  AddressContext Ctx;
  Ctx.Concrete = true; // every aligned word holds 0x40000800
  DecodedInstr Load16;
  Load16.MemBits = 16;
  KnownRegs R;
  R.Values[RBX] = 5;
  GW Loaded = write(GW::Loaded, RBX, regunit::None);
  GW Add = write(GW::AddLoaded, RBX, RBX, regunit::None, 1);
  GW Mul = write(GW::MulLoaded, RBX, RBX);
  // A 16-bit load at offset 0 of a word reads 0x0800; at offset 4, 0.
  auto At0 = harnessLoad(Ctx, Load16, 0x1000);
  auto At4 = harnessLoad(Ctx, Load16, 0x1004);
  EXPECT_EQ(evaluateGPRWrite(Loaded, R, At0).Dest, 0x800u);
  EXPECT_EQ(evaluateGPRWrite(Loaded, R, At4).Dest, 0u);
  EXPECT_EQ(evaluateGPRWrite(Add, R, At0).Dest, 5u + 0x800u);
  EXPECT_EQ(evaluateGPRWrite(Mul, R, At0).Dest, 5u * 0x800u);
  // Where the address is not known, a load reads the register value; the
  // register-and-memory forms are not followed.
  auto Anywhere = harnessLoad(Ctx, Load16, std::nullopt);
  EXPECT_EQ(evaluateGPRWrite(Loaded, R, Anywhere).Dest, 0x40000800u);
  EXPECT_EQ(evaluateGPRWrite(Add, R, Anywhere).Dest, std::nullopt);
  // Outside the harness context nothing loaded is known.
  Ctx.Concrete = false;
  EXPECT_EQ(harnessLoad(Ctx, Load16, 0x1000), std::nullopt);
  EXPECT_EQ(evaluateGPRWrite(Loaded, R, std::nullopt).Dest, std::nullopt);
}

TEST(GPRWriteValue, BitwiseAndShifts) {
  KnownRegs R;
  R.Values[RBX] = 0x40000800;
  R.Values[RCX] = uint64_t(-0x40000800); // neg rcx of the harness value
  auto dest = [&](GW W) { return evaluateGPRWrite(W, R, std::nullopt).Dest; };
  // and rbx, rcx: x & -x is x's lowest set bit, 0x800.
  EXPECT_EQ(dest(write(GW::AndReg, RBX, RBX, RCX)), 0x800u);
  EXPECT_EQ(dest(write(GW::OrReg, RBX, RBX, RCX)), uint64_t(-0x800));
  EXPECT_EQ(dest(write(GW::XorReg, RBX, RBX, RCX)), uint64_t(-0x1000));
  EXPECT_EQ(dest(write(GW::AndImm, RBX, RBX, regunit::None, 0, 0xff00)),
            0x800u);
  EXPECT_EQ(dest(write(GW::ShlImm, RBX, RBX, regunit::None, 0, 4)),
            0x400008000u);
}

TEST(GPRWriteValue, DivideQuotientAndRemainder) {
  // div rcx of rdx:rax = 0:0x40000800 by 5 (see DivideResult above).
  KnownRegs R;
  R.Values[regunit::RAX] = 0x40000800;
  R.Values[regunit::RDX] = 0;
  R.Values[RCX] = 5;
  GW Div = write(GW::DivideUnsigned, regunit::RAX, regunit::None, RCX);
  GPRWriteValues V = evaluateGPRWrite(Div, R, std::nullopt);
  EXPECT_EQ(V.Dest, 0x0cccce66u);
  EXPECT_EQ(V.Remainder, 2u);
  // div qword [m] under the harness: 0x40000800 / 0x40000800 = 1 rem 0.
  AddressContext Ctx;
  Ctx.Concrete = true;
  DecodedInstr Load64;
  Load64.MemBits = 64;
  Div.Index = regunit::None;
  V = evaluateGPRWrite(Div, R, harnessLoad(Ctx, Load64, 0x2000));
  EXPECT_EQ(V.Dest, 1u);
  EXPECT_EQ(V.Remainder, 0u);
  // A zero divisor faults: nothing known.
  R.Values[RCX] = 0;
  Div.Index = RCX;
  V = evaluateGPRWrite(Div, R, std::nullopt);
  EXPECT_EQ(V.Dest, std::nullopt);
  EXPECT_EQ(V.Remainder, std::nullopt);
}

} // namespace
