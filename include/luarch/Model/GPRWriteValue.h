//===- GPRWriteValue.h - What a GPRWrite writes, from known values -*- C++ -*-===//
//
// The arithmetic of DecodedInstr::GPRWrite's kinds over known values, for
// the walks that evaluate a kernel's registers (the harness context's
// concrete addresses): the dependency analysis' concrete accesses
// (lib/Analysis/DependencyGraph.cpp) and the address rules' register
// values (lib/Model/AddressRules.cpp). Each walk keeps its own register
// file (known values only, or versions plus constants); what a write
// computes from known values is said once, here.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_GPRWRITEVALUE_H
#define LUARCH_MODEL_GPRWRITEVALUE_H

#include "luarch/Model/AddressContext.h"
#include "luarch/Model/DecodedInstr.h"
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>
#include <utility>

namespace luarch {

/// The quotient and remainder of a \p Bits-bit (32 or 64) div or idiv of
/// \p Hi:\p Lo (rdx:rax; edx:eax use their low halves) by \p Divisor
/// (Intel SDM vol. 2A, DIV and IDIV), zero-extended to 64 bits; nullopt
/// where the instruction faults (#DE: a zero divisor, a quotient that does
/// not fit). For GPRWrite::DivideUnsigned and DivideSigned.
inline std::optional<std::pair<uint64_t, uint64_t>>
divideResult(bool Signed, unsigned Bits, uint64_t Hi, uint64_t Lo,
             uint64_t Divisor) {
  assert((Bits == 32 || Bits == 64) && "a 32- or 64-bit divide");
  using U128 = unsigned __int128;
  using S128 = __int128;
  const uint64_t Mask = Bits == 64 ? ~uint64_t(0) : 0xffffffffu;
  if (Bits == 32) {
    Lo = (Lo & Mask) | ((Hi & Mask) << 32);
    Hi = 0;
    Divisor &= Mask;
  }
  if (Divisor == 0)
    return std::nullopt;
  U128 Dividend = (U128(Hi) << 64) | Lo;
  if (!Signed) {
    U128 Q = Dividend / Divisor;
    if (Q > Mask)
      return std::nullopt;
    return std::make_pair(uint64_t(Q), uint64_t(Dividend % Divisor));
  }
  // Signed: the dividend and divisor as two's complement of 2 x Bits and
  // Bits bits; the quotient truncates toward zero.
  S128 N = Bits == 64 ? S128(Dividend) : S128(int64_t(Lo));
  S128 Dv = Bits == 64 ? S128(int64_t(Divisor))
                       : S128(int32_t(uint32_t(Divisor)));
  if (Dv == -1 && N == S128(U128(1) << 127))
    return std::nullopt; // the one quotient 128 bits cannot hold
  S128 Q = N / Dv, R = N % Dv;
  S128 Min = -(S128(1) << (Bits - 1)), Max = (S128(1) << (Bits - 1)) - 1;
  if (Q < Min || Q > Max)
    return std::nullopt;
  return std::make_pair(uint64_t(Q) & Mask, uint64_t(R) & Mask);
}

/// What an instruction's load reads under the harness context
/// (AddressContext::Concrete): the harness memory's bytes where the
/// address is known, else the register value every aligned word holds.
struct HarnessLoad {
  /// The harness memory's bytes at the load's address, where the address
  /// is known and the access at most 8 bytes.
  std::optional<uint64_t> AtKnownAddress;
  /// Taken where the address is not known.
  uint64_t Otherwise = 0;
  uint64_t value() const { return AtKnownAddress.value_or(Otherwise); }
};

/// \p X's load under \p Ctx, at \p Addr (nullopt: the address is not
/// known); none outside the harness context (what a load reads is then
/// not known).
inline std::optional<HarnessLoad>
harnessLoad(const AddressContext &Ctx, const DecodedInstr &X,
            std::optional<uint64_t> Addr) {
  if (!Ctx.Concrete)
    return std::nullopt;
  unsigned Bytes = X.MemBits ? std::max(1u, X.MemBits / 8) : 8;
  HarnessLoad L;
  if (Addr && Bytes <= 8)
    L.AtKnownAddress = Ctx.loadedValue(*Addr, Bytes);
  L.Otherwise = Ctx.RegisterValue;
  return L;
}

inline bool isDivide(DecodedInstr::GPRWrite::Kind K) {
  return K == DecodedInstr::GPRWrite::DivideUnsigned ||
         K == DecodedInstr::GPRWrite::DivideSigned;
}

/// The known values a GPRWrite writes: Dest's, and for a divide the
/// remainder (rdx; the quotient is Dest's, rax). Nullopt: not known.
struct GPRWriteValues {
  std::optional<uint64_t> Dest, Remainder;
};

/// What \p W (a kind other than None) writes, computed from the values
/// before the instruction: \p Known(U) is register unit U's known value
/// (nullopt: not known; regunit::None reads 0), \p Load what its load
/// reads (none: not known). The width rules are applied: 32-bit writes
/// zero-extend, movsxd sign-extends the low 32 bits, and a LowPart write
/// keeps the destination's bits above its own.
template <typename KnownFn>
GPRWriteValues evaluateGPRWrite(const DecodedInstr::GPRWrite &W,
                                KnownFn Known,
                                const std::optional<HarnessLoad> &Load) {
  using GW = DecodedInstr::GPRWrite;
  assert(W.K != GW::None && "an instruction whose write is described");
  GPRWriteValues Out;
  if (isDivide(W.K)) {
    assert(W.Dest == regunit::RAX && "the quotient goes to rax");
    // The divisor is a register, or the loaded value where Index is None.
    std::optional<uint64_t> Divisor =
        W.Index != regunit::None ? Known(W.Index)
        : Load                   ? std::optional<uint64_t>(Load->value())
                                 : std::nullopt;
    std::optional<uint64_t> Hi = Known(regunit::RDX), Lo = Known(regunit::RAX);
    if (Hi && Lo && Divisor)
      if (auto QR = divideResult(W.K == GW::DivideSigned, W.Bits, *Hi, *Lo,
                                 *Divisor)) {
        Out.Dest = QR->first;
        Out.Remainder = QR->second;
      }
    return Out;
  }
  // Base + Index * Scale + Imm; an index with scale 0 does not count.
  auto affine = [&]() -> std::optional<uint64_t> {
    std::optional<uint64_t> B = Known(W.Base);
    std::optional<uint64_t> Ix =
        W.Scale ? Known(W.Index) : std::optional<uint64_t>(0);
    if (!B || !Ix)
      return std::nullopt;
    return *B + *Ix * uint64_t(W.Scale) + uint64_t(W.Imm);
  };
  std::optional<uint64_t> New;
  switch (W.K) {
  case GW::Affine:
    New = affine();
    break;
  case GW::LowPart: {
    // The low Bits from the affine value, the rest from the old one.
    assert((W.Bits == 8 || W.Bits == 16) && "a partial write");
    std::optional<uint64_t> Value = affine(), Old = Known(W.Dest);
    if (Value && Old) {
      uint64_t Low = (uint64_t(1) << W.Bits) - 1;
      New = (*Old & ~Low) | (*Value & Low);
    }
    break;
  }
  case GW::Loaded:
    if (Load)
      New = Load->value();
    break;
  case GW::AddLoaded:
  case GW::MulLoaded: {
    // The register and the harness memory's bytes at a known address.
    std::optional<uint64_t> B = Known(W.Base);
    if (B && Load && Load->AtKnownAddress) {
      uint64_t Loaded = *Load->AtKnownAddress;
      New = W.K == GW::MulLoaded ? *B * Loaded
                                 : *B + uint64_t(W.Scale) * Loaded;
    }
    break;
  }
  case GW::AndReg:
  case GW::OrReg:
  case GW::XorReg: {
    std::optional<uint64_t> B = Known(W.Base), Ix = Known(W.Index);
    if (B && Ix)
      New = W.K == GW::AndReg  ? *B & *Ix
            : W.K == GW::OrReg ? *B | *Ix
                               : *B ^ *Ix;
    break;
  }
  case GW::AndImm:
  case GW::ShlImm:
    if (std::optional<uint64_t> B = Known(W.Base))
      New = W.K == GW::AndImm ? *B & uint64_t(W.Imm) : *B << (W.Imm & 63);
    break;
  case GW::None:
  case GW::Unknown:
  case GW::DivideUnsigned:
  case GW::DivideSigned:
    break;
  }
  if (New && W.Bits == 32)
    New = *New & 0xffffffffu;
  if (New && W.SignExtend32)
    New = uint64_t(int64_t(int32_t(uint32_t(*New))));
  Out.Dest = New;
  return Out;
}

} // namespace luarch

#endif
