//===- FuzzCommon.h - What every LoopUArch fuzz target shares ---*- C++ -*-===//
//
// The libFuzzer targets (docs/robustness.md) feed each frontend arbitrary
// bytes and run the whole analysis on whatever it accepts: decoding, static
// bounds, a bounded simulation, a bounded sensitivity sweep for small
// kernels, and the text and JSON reports. Besides ASan/UBSan reports and
// crashes, two oracles abort: a JSON report that does not parse, and a
// prediction that is not a finite, non-negative number.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_FUZZ_FUZZCOMMON_H
#define LUARCH_FUZZ_FUZZCOMMON_H

#include "luarch/Kernel/Kernel.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <vector>

namespace luarch {

struct MachineModel;
class TargetContext;
class UopDecoder;

namespace fuzz {

/// A CPU model with its MC layer and decoder, built once per process.
struct Machine {
  const MachineModel *Model = nullptr;
  TargetContext *TC = nullptr;
  const UopDecoder *Decoder = nullptr;
};

/// The machine selected by \p Selector (any byte: every model is reachable).
const Machine &machineFor(uint8_t Selector);

/// Analyses at most a few kernels of at most a few hundred instructions
/// each, with small iteration caps, and renders their reports.
void analyzeKernels(const Machine &M, std::vector<Kernel> &Kernels);

} // namespace fuzz
} // namespace luarch

#endif
