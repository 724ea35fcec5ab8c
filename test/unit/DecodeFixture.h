//===- DecodeFixture.h - Assembly decoded on one CPU, for unit tests -*- C++ -*-===//
//
// Parses assembly (AT&T unless it says otherwise) for one CPU and decodes
// it with the kernel rules (macro-fusion): the common starting point of the
// decoder tests (DecoderTest.cpp, AMDModelTest.cpp).
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

/// The instructions of a kernel decoded on one CPU.
struct Decoded {
  std::unique_ptr<TargetContext> TC;
  const MachineModel *M = nullptr;
  std::vector<DecodedInstr> D;
  std::string ports(size_t I) const { return describeUops(*M, D[I]); }
};

inline Decoded decodeAsm(llvm::StringRef CPU, llvm::StringRef Asm) {
  Decoded R;
  auto Model = getMachineModel(CPU);
  EXPECT_TRUE(bool(Model)) << llvm::toString(Model.takeError());
  R.M = &*Model;
  auto TC = TargetContext::create("", R.M->Name);
  EXPECT_TRUE(bool(TC));
  R.TC = std::move(*TC);
  auto K = parseAsmKernels(*R.TC, Asm, "test.s");
  EXPECT_TRUE(bool(K)) << llvm::toString(K.takeError());
  UopDecoder Dec(*R.M, *R.TC);
  R.D = Dec.decodeKernel(K->Kernels.front());
  return R;
}

} // namespace test
} // namespace luarch

#endif
