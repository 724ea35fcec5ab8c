//===- LoopFixture.h - A decoded, analysed kernel for unit tests -*- C++ -*-===//
//
// Parses assembly for one CPU, decodes it and runs the static analysis: the
// common starting point of the simulator and sensitivity tests.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_TEST_UNIT_LOOPFIXTURE_H
#define LUARCH_TEST_UNIT_LOOPFIXTURE_H

#include "DecodeFixture.h"
#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Sim/SimConfig.h"

namespace luarch {
namespace test {

/// A decoded kernel (DecodeFixture.h) with its static analysis and the
/// CPU's simulator configuration.
struct Loop : Decoded {
  StaticAnalysis St;
  SimConfig C;
};

/// The first kernel of \p Asm on \p CPU, decoded and analysed.
inline Loop loadLoop(llvm::StringRef CPU, llvm::StringRef Asm) {
  Loop L;
  static_cast<Decoded &>(L) = decodeAsm(CPU, Asm);
  if (!L.M)
    return L;
  L.St = analyzeStatically(L.K, L.D, *L.M);
  L.C = SimConfig::fromModel(*L.M);
  return L;
}

} // namespace test
} // namespace luarch

#endif
