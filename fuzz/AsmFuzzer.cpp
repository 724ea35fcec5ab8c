//===- AsmFuzzer.cpp - libFuzzer target: the assembly frontend ------------===//
//
// Input: assembly text (the first byte also selects the CPU model).
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "luarch/Kernel/AsmFrontend.h"

#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <cstdint>

using namespace luarch;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  const fuzz::Machine &M = fuzz::machineFor(Data[0]);
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  AsmParseOptions Opts;
  Opts.MaxKernelInstrs = 2000;
  auto Parsed = parseAsmKernels(*M.TC, Text, "fuzz.s", Opts);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return 0;
  }
  fuzz::analyzeKernels(M, Parsed->Kernels);
  return 0;
}
