//===- AddressContext.h - What is known about register values --*- C++ -*-===//
#ifndef LUARCH_MODEL_ADDRESSCONTEXT_H
#define LUARCH_MODEL_ADDRESSCONTEXT_H

#include <cstdint>

namespace luarch {

/// What is known about register values when the loop runs.
struct AddressContext {
  /// Harness context (BHive's measurement method, and loop-uarch-report
  /// --measure): every general-purpose register holds RegisterValue at the
  /// start, and memory holds it in every aligned 64-bit word (a load reads
  /// loadedValue), so addresses can be computed and aliasing between
  /// different base registers is real. Off: addresses are compared
  /// symbolically.
  bool Concrete = false;
  uint64_t RegisterValue = 0x40000800;

  /// The value a load of \p Bytes (1-8) at \p Addr reads from memory that
  /// holds RegisterValue in every aligned 64-bit word, zero-extended: the
  /// corpus harness's memory (issue 15's brief: 16/32-bit loads at offsets
  /// 4-7 of a word read 0; measured-clx.csv's bhdev-1707, a 16-bit load
  /// at offset 6 used as an index, measures 18.0 where the full value
  /// gives 5.6). The pattern's bytes are below 0x80, so sign extension
  /// reads the same.
  uint64_t loadedValue(uint64_t Addr, unsigned Bytes) const {
    uint64_t V = 0;
    for (unsigned B = 0; B < Bytes && B < 8; ++B) {
      unsigned Offset = unsigned((Addr + B) % 8);
      V |= ((RegisterValue >> (8 * Offset)) & 0xff) << (8 * B);
    }
    return V;
  }
  /// Under the harness context: the physical pages every touched page is
  /// mapped onto, virtual page v onto v mod SharedPhysicalPages. Inferred
  /// from ../shared/data/bhive/measured-clx.csv (its README: "4 shared
  /// physical pages"; the 4K-aliased pairs that stall are those whose page
  /// numbers agree mod 4, see MemoryDesc::FourKAliasedLoadWaitsForStore);
  /// loop-uarch-report's own --measure hands pages out in order of first
  /// touch instead. 0: every page has its own.
  unsigned SharedPhysicalPages = 4;
  /// Iterations of one timed run of the loop, every run starting from the
  /// same register values (the corpus's loop form: measured-clx.csv's
  /// loop_iters_a, ../shared/data/bhive/README.md); 0: not known. When the
  /// pages one run walks fit the L1 DTLB, the runs after the first find
  /// every translation there and the STLB-hit rules cost nothing.
  unsigned RunIterations = 0;
};

} // namespace luarch

#endif
