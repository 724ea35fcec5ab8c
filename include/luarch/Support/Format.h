//===- Format.h - Figures written into remarks and reasons -----*- C++ -*-===//
//
// Remarks, bottleneck reasons, advice and the reports write their figures
// through printf formats, cycles with two decimals ("12.50"); the tests
// match them as text, so every place writes them through these functions.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SUPPORT_FORMAT_H
#define LUARCH_SUPPORT_FORMAT_H

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace luarch {

/// \p V written by the printf format \p F, which converts one double
/// ("%.1f GiB", "%+.0f%%").
inline std::string fmt(double V, const char *F = "%.2f") {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format(F, V);
  return S;
}

/// \p V with two decimals ("%.2f").
inline std::string fmt2(double V) { return fmt(V, "%.2f"); }

} // namespace luarch

#endif
