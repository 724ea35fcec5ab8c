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

} // namespace measure
} // namespace luarch

#endif
