//===- BytesFuzzer.cpp - libFuzzer target: the bytes frontend -------------===//
//
// Input: a mode byte, then the payload. Mode % 3 selects raw machine code
// (kernelFromBytes), hex text (parseHex, then kernelFromBytes) or a BHive
// CSV (parseBHiveCSV, then each block); mode / 3 the CPU model; bit 7 of the
// mode byte repeats the code as straight-line (unrolled) instead of a loop.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"
#include "luarch/Kernel/BytesFrontend.h"

#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <cstdint>

using namespace luarch;
using namespace llvm;

namespace {

constexpr size_t MaxCSVBlocks = 8;

void analyzeBytes(const fuzz::Machine &M, ArrayRef<uint8_t> Bytes,
                  KernelShape Shape) {
  auto K = kernelFromBytes(*M.TC, Bytes, "fuzz");
  if (!K) {
    consumeError(K.takeError());
    return;
  }
  K->Shape = Shape;
  std::vector<Kernel> Ks;
  Ks.push_back(std::move(*K));
  fuzz::analyzeKernels(M, Ks);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  uint8_t Mode = Data[0];
  const fuzz::Machine &M = fuzz::machineFor((Mode & 0x7f) / 3);
  KernelShape Shape = Mode & 0x80 ? KernelShape::Unrolled : KernelShape::Loop;
  ArrayRef<uint8_t> Payload(Data + 1, Size - 1);
  StringRef Text(reinterpret_cast<const char *>(Payload.data()),
                 Payload.size());
  switch ((Mode & 0x7f) % 3) {
  case 0:
    analyzeBytes(M, Payload, Shape);
    break;
  case 1: {
    auto Bytes = parseHex(Text);
    if (!Bytes) {
      consumeError(Bytes.takeError());
      break;
    }
    analyzeBytes(M, *Bytes, Shape);
    break;
  }
  default: {
    auto Blocks = parseBHiveCSV(Text, "fuzz.csv");
    if (!Blocks) {
      consumeError(Blocks.takeError());
      break;
    }
    for (size_t I = 0; I < Blocks->size() && I < MaxCSVBlocks; ++I) {
      auto Bytes = parseHex((*Blocks)[I].Hex);
      if (!Bytes) {
        consumeError(Bytes.takeError());
        continue;
      }
      analyzeBytes(M, *Bytes, Shape);
    }
    break;
  }
  }
  return 0;
}
