//===- Plugin.cpp - LoopUArch.so, loaded with clang -fpass-plugin --------===//
//
// Loading the plugin registers a target-pass-config callback (LLVM's
// RegisterTargetPassConfigCallback); every codegen pipeline built afterwards
// gets the LoopUArch pass after block placement, and the pass recording
// its trip counts before loop strength reduction (except the tuner's own
// candidate compilations). The new-pass-manager hook adds the loop tuner at
// the vectorizer-start extension point; it does nothing unless
// -uarch-tune-loops (or -uarch-tune-force) is given.
//
//===----------------------------------------------------------------------===//
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Passes/CandidateCompiler.h"
#include "luarch/Passes/LoopUArchPass.h"
#include "luarch/Passes/PreLSRTripCounts.h"
#include "luarch/Passes/TuneLoops.h"

#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"

using namespace llvm;

static RegisterTargetPassConfigCallback
    AddLoopUArch([](TargetMachine &TM, PassManagerBase &PM,
                    TargetPassConfig *PassConfig) {
      // Every target: on others the pass says that it cannot analyse them
      // (when uarch remarks are asked for) instead of staying silent. Not
      // in the loop tuner's candidate compilations (they collect their
      // loops themselves).
      if (PassConfig && !luarch::inCandidateCompile()) {
        luarch::insertLoopUArchPass(*PassConfig);
        // Its trip counts, taken before LSR rewrites the loops' exits.
        luarch::insertPreLSRTripCountsPass(*PassConfig);
      }
    });

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "LoopUArch", "1.0",
          [](PassBuilder &PB) {
            luarch::initializeTargets();
            luarch::parseOptionsFromEnvironment();
            luarch::registerTuneLoops(PB);
          }};
}
