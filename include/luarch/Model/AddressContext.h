//===- AddressContext.h - What is known about register values --*- C++ -*-===//
#ifndef LUARCH_MODEL_ADDRESSCONTEXT_H
#define LUARCH_MODEL_ADDRESSCONTEXT_H

#include <cstdint>

namespace luarch {

/// What is known about register values when the loop runs.
struct AddressContext {
  /// Harness context (BHive's measurement method, and loop-uarch-report
  /// --measure): every general-purpose register holds RegisterValue at the
  /// start, and every 32/64-bit value loaded from memory equals it, so
  /// addresses can be computed and aliasing between different base
  /// registers is real. Off: addresses are compared symbolically.
  bool Concrete = false;
  uint64_t RegisterValue = 0x40000800;
  /// Under the harness context: the physical pages every touched page is
  /// mapped onto, virtual page v onto v mod SharedPhysicalPages. Inferred
  /// from ../shared/data/bhive/measured-clx.csv (its README: "4 shared
  /// physical pages"; the 4K-aliased pairs that stall are those whose page
  /// numbers agree mod 4, see MemoryDesc::FourKAliasedLoadWaitsForStore);
  /// loop-uarch-report's own --measure hands pages out in order of first
  /// touch instead. 0: every page has its own.
  unsigned SharedPhysicalPages = 4;
};

} // namespace luarch

#endif
