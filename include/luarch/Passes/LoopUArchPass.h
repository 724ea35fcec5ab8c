//===- LoopUArchPass.h - Cycles per iteration of every innermost loop -*- C++ -*-//
//
// A MachineFunctionPass that runs late in codegen (after register
// allocation and block placement, on the code that will be emitted),
// analyses each innermost loop with the LoopUArch pipeline and either emits
// optimization remarks (pass name "uarch"; the clang plugin) or hands the
// kernels to a collector (loop-uarch-report on .ll inputs). It never
// changes the code.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_LOOPUARCHPASS_H
#define LUARCH_PASSES_LOOPUARCHPASS_H

#include "luarch/Kernel/Kernel.h"
#include <functional>
#include <string>

namespace llvm {
class LLVMContext;
class Pass;
class TargetMachine;
class TargetPassConfig;
} // namespace llvm

namespace luarch {

/// Receives each innermost loop as a kernel (with the function's CPU), or
/// the reason it cannot be analysed.
struct LoopKernelSink {
  std::function<void(Kernel &&K, const std::string &CPU)> Loop;
  std::function<void(const std::string &Where, const std::string &Why)>
      Unsupported;
};

/// Creates the pass. With a sink, kernels go to it and no remark is
/// emitted; without, remarks are emitted when "uarch" remarks are enabled.
llvm::Pass *createLoopUArchPass(const LoopKernelSink *Sink = nullptr);

/// Inserts the pass after machine block placement in \p PassConfig (the
/// plugin does this from a RegisterTargetPassConfigCallback).
void insertLoopUArchPass(llvm::TargetPassConfig &PassConfig);

/// The sink that passes created by insertLoopUArchPass use (null: remarks).
void setLoopKernelSink(const LoopKernelSink *Sink);

/// Whether passes created by insertLoopUArchPass analyse loops' memory in
/// \p Ctx (passed or analysis "uarch" remarks, or an optimization record
/// that takes them, and no sink): what the trip counts before LSR are for.
bool memoryAnalysisWanted(llvm::LLVMContext &Ctx);

/// The value of -uarch-time-report.
bool uarchTimeReport();

/// The value of -uarch-mcpu (empty when not given).
std::string uarchCPUOption();

/// Reads LoopUArch's options (-uarch-...) from the environment variable
/// LOOPUARCH_OPTIONS, once per process. For LTO links: lld parses -mllvm
/// options before it loads pass plugins, so the plugin's options cannot be
/// given there. A bad value becomes a warning when the pass first runs.
void parseOptionsFromEnvironment();

} // namespace luarch

#endif
