//===- Tune.h - loop-uarch-report --tune ------------------------*- C++ -*-===//
#ifndef LUARCH_TOOLS_TUNE_H
#define LUARCH_TOOLS_TUNE_H

#include "Driver.h"
#include "llvm/Support/Error.h"

namespace luarch {

/// --tune: runs the -O<OptLevel> pipeline on the IR input with the loop
/// tuner in report-only mode and prints each innermost loop's candidate
/// table; nothing is written but the report.
llvm::Error runTune(const DriverOptions &Opts);

} // namespace luarch

#endif
