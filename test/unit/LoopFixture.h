//===- LoopFixture.h - A decoded, analysed kernel for unit tests -*- C++ -*-===//
//
// Parses assembly for one CPU, decodes it and runs the static analysis: the
// common starting point of the simulator and sensitivity tests.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_TEST_UNIT_LOOPFIXTURE_H
#define LUARCH_TEST_UNIT_LOOPFIXTURE_H

#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Sim/SimConfig.h"
#include "gtest/gtest.h"

namespace luarch {
namespace test {

struct Loop {
  std::unique_ptr<TargetContext> TC;
  const MachineModel *M = nullptr;
  Kernel K;
  std::vector<DecodedInstr> D;
  StaticAnalysis St;
  SimConfig C;
};

/// The first kernel of \p Asm on \p CPU, decoded and analysed, with the
/// CPU's simulator configuration.
inline Loop loadLoop(llvm::StringRef CPU, llvm::StringRef Asm) {
  Loop L;
  auto Model = getMachineModel(CPU);
  EXPECT_TRUE(bool(Model)) << CPU.str();
  if (!Model) {
    llvm::consumeError(Model.takeError());
    return L;
  }
  L.M = &*Model;
  L.TC = std::move(*TargetContext::create("", L.M->Name));
  auto Ks = parseAsmKernels(*L.TC, Asm, "test.s");
  EXPECT_TRUE(bool(Ks)) << llvm::toString(Ks.takeError());
  L.K = Ks->Kernels.front();
  UopDecoder Dec(*L.M, *L.TC);
  L.D = Dec.decodeKernel(L.K);
  L.St = analyzeStatically(L.K, L.D, *L.M);
  L.C = SimConfig::fromModel(*L.M);
  return L;
}

} // namespace test
} // namespace luarch

#endif
