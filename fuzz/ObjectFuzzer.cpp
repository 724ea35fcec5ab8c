//===- ObjectFuzzer.cpp - libFuzzer target: the object frontend -----------===//
//
// Input: an object file or executable (ELF, COFF, Mach-O). The CPU model
// follows from the input's size, so that byte edits keep it.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "luarch/Kernel/ObjectFrontend.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBufferRef.h"
#include <cstddef>
#include <cstdint>

using namespace luarch;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  if (!isObjectFile(Bytes))
    return 0;
  const fuzz::Machine &M = fuzz::machineFor(static_cast<uint8_t>(Size));
  AsmParseOptions Opts;
  Opts.MaxKernelInstrs = 2000;
  auto Parsed =
      parseObjectKernels(*M.TC, llvm::MemoryBufferRef(Bytes, "fuzz.o"), Opts);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return 0;
  }
  fuzz::analyzeKernels(M, Parsed->Kernels);
  return 0;
}
