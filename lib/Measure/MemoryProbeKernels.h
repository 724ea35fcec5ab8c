//===- MemoryProbeKernels.h - The probe's timed loops ----------*- C++ -*-===//
//
// Hand-written loops (inline assembly, so that no compiler turns a store
// loop into memset or drops unused loads) and the clocks the probe uses.
// Bandwidth kernels move 128 bytes per iteration with aligned vector
// accesses; Bytes is a multiple of 128 and every pointer 32-byte aligned.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_MEASURE_MEMORYPROBEKERNELS_H
#define LUARCH_LIB_MEASURE_MEMORYPROBEKERNELS_H

#include <cstdint>

namespace luarch {
namespace memprobe {

/// rdtsc between lfences.
uint64_t fencedTSC();

/// \p Passes passes over [P, P + Bytes): loads only.
void loadPasses(const char *P, uint64_t Bytes, uint64_t Passes, bool AVX);
/// Stores only (write-allocate applies).
void storePasses(char *P, uint64_t Bytes, uint64_t Passes, bool AVX);
/// Dst[i] = Src[i] over Bytes each.
void copyPasses(const char *Src, char *Dst, uint64_t Bytes, uint64_t Passes,
                bool AVX);
/// A[i] = B[i] + s * C[i] (doubles) over Bytes each.
void triadPasses(char *A, const char *B, const char *C, uint64_t Bytes,
                 uint64_t Passes, bool AVX);

/// \p Passes passes of independent 8-byte loads from P, P + Stride, ...
/// below End: one line per page with a stride just over a page.
void stridePasses(const char *P, const char *End, uint64_t Stride,
                  uint64_t Passes);

/// Follows \p Loads pointers from \p Start (a multiple of 16); returns
/// where it ended (so the chain cannot be optimised away).
const void *chase(const void *Start, uint64_t Loads);

/// TSC ticks of \p Trips trips of 100 dependent register adds (one cycle
/// each on every x86-64 core).
uint64_t addChainTicks(uint64_t Trips);
/// TSC ticks of \p Trips trips of 50 copies of eight independent register
/// adds (the harness' throughput canary).
uint64_t canaryTicks(uint64_t Trips);

} // namespace memprobe
} // namespace luarch

#endif
