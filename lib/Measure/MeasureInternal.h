//===- MeasureInternal.h - Shared pieces of the harness --------*- C++ -*-===//
#ifndef LUARCH_LIB_MEASURE_MEASUREINTERNAL_H
#define LUARCH_LIB_MEASURE_MEASUREINTERNAL_H

#include <cstdint>
#include <vector>

namespace luarch {
namespace measure {

using Bytes = std::vector<uint8_t>;

/// x86-64 general registers by hardware number (rax = 0 ... r15 = 15).
enum : unsigned { RAX = 0, RSP = 4, R8 = 8, R11 = 11, R15 = 15 };

/// Fixed addresses of the child's world (far from the kernel's scratch
/// values, which cluster around small multiples of the register value).
constexpr uint64_t SaveSlotAddr = 0x7e0000000000ULL; ///< saved rsp
/// The re-entered form's entry counter (same harness page).
constexpr uint64_t EntryCountAddr = SaveSlotAddr + 8;

/// A callable block: pushes callee-saved registers, saves rsp, sets the
/// vector registers to 1.0, sets every GPR (rsp included)
/// to \p RegValue (the loop counter, if any, to \p Trips), runs \p Body
/// (placed at a 64-byte boundary of the page-aligned buffer), restores and
/// returns.
Bytes wrapCallable(const Bytes &Body, uint64_t RegValue, bool ZeroUpper,
                   int CounterReg = -1, uint64_t Trips = 0);

/// \p Block repeated \p Copies times.
Bytes unrolled(const Bytes &Block, unsigned Copies);

/// `top: Block; dec Counter; jnz top`, top aligned to 64 bytes.
Bytes counted(const Bytes &Block, unsigned CounterReg);

/// The vector state the re-entered form sets once, besides wrapCallable's.
struct VectorResets {
  bool AVX = false;     ///< (unused: wrapCallable's vzeroupper suffices)
  bool AVX512 = false;  ///< xmm16-31 = 1.0 (EVEX moves zero the uppers)
  bool MaskBits64 = false; ///< k1-k7 all ones, 64 bits (AVX512BW) or 16
  /// Reset xmm0-15 (and xmm16-31 on AVX-512 hosts) to 1.0 every entry
  /// instead of once, with VEX/EVEX moves that zero the upper bits, so that
  /// no vector value (an FP accumulator) carries from one entry into the
  /// next: the loop as it runs inside an outer loop that re-initialises it.
  bool EveryEntry = false;
};

/// The re-entered loop (a body for wrapCallable): xmm16-31 and k1-k7 set
/// once, then \p Entries times { GPR number r = \p RegValue + r *
/// \p RegStep, the counter = \p Trips; top: Block; dec Counter; jnz top }.
/// Vector registers carry over between entries. The entry count lives in
/// memory (EntryCountAddr), so no register besides the counter is
/// reserved; top is aligned to 64 bytes and the padding runs once.
Bytes reentered(const Bytes &Block, unsigned CounterReg, uint64_t RegValue,
                uint64_t RegStep, uint64_t Trips, uint32_t Entries,
                const VectorResets &V);

} // namespace measure
} // namespace luarch

#endif
