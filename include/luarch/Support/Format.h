//===- Format.h - Figures written into remarks and reasons -----*- C++ -*-===//
//
// Remarks, bottleneck reasons and sensitivity advice write cycle figures
// with two decimals ("12.50"); the tests match them as text, so every
// place writes them through this one function.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SUPPORT_FORMAT_H
#define LUARCH_SUPPORT_FORMAT_H

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace luarch {

/// \p V with two decimals ("%.2f").
inline std::string fmt2(double V) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format("%.2f", V);
  return S;
}

} // namespace luarch

#endif
