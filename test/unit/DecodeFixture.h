//===- DecodeFixture.h - Assembly decoded on one CPU, for unit tests -*- C++ -*-===//
//
// Parses assembly (AT&T unless it says otherwise) for one CPU and decodes
// it with the kernel rules (macro-fusion): the common starting point of the
// decoder tests (DecoderTest.cpp, AMDModelTest.cpp) and of LoopFixture.h.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_TEST_UNIT_DECODEFIXTURE_H
#define LUARCH_TEST_UNIT_DECODEFIXTURE_H

#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/UopDecoder.h"
#include "gtest/gtest.h"

namespace luarch {
namespace test {

/// The first kernel of some assembly and its instructions decoded on one
/// CPU (M is null when the CPU has no model; the test has failed then).
struct Decoded {
  std::unique_ptr<TargetContext> TC;
  const MachineModel *M = nullptr;
  Kernel K;
  std::vector<DecodedInstr> D;
  std::string ports(size_t I) const { return describeUops(*M, D[I]); }
};

inline Decoded decodeAsm(llvm::StringRef CPU, llvm::StringRef Asm) {
  Decoded R;
  auto Model = getMachineModel(CPU);
  if (!Model) {
    ADD_FAILURE() << CPU.str() << ": " << llvm::toString(Model.takeError());
    return R;
  }
  auto TC = TargetContext::create("", Model->Name);
  if (!TC) {
    ADD_FAILURE() << llvm::toString(TC.takeError());
    return R;
  }
  R.TC = std::move(*TC);
  auto Ks = parseAsmKernels(*R.TC, Asm, "test.s");
  if (!Ks || Ks->Kernels.empty()) {
    ADD_FAILURE() << (Ks ? "no kernel" : llvm::toString(Ks.takeError()));
    return R;
  }
  R.M = &*Model;
  R.K = Ks->Kernels.front();
  UopDecoder Dec(*R.M, *R.TC);
  R.D = Dec.decodeKernel(R.K);
  return R;
}

} // namespace test
} // namespace luarch

#endif
