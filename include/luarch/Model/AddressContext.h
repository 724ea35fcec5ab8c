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
};

} // namespace luarch

#endif
