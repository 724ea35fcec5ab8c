//===- IRInput.cpp - LLVM IR inputs, compiled like llc -------------------===//
//
// The same machine pass as the clang plugin, so that `loop-uarch-report
// file.ll` and `clang -fpass-plugin=LoopUArch.so` see the same loops.
//
//===----------------------------------------------------------------------===//
#include "IRInput.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Passes/LoopUArchPass.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

namespace luarch {

static cl::opt<unsigned> IRCodegenOptLevel(
    "codegen-opt-level",
    cl::desc(".ll/.bc inputs: the code generator's optimisation level, as "
             "llc -O<n> (clang -O1/-O2 use 2, -O3 uses 3; default 2)"),
    cl::init(2));

/// Set while kernelsFromIR runs codegen: the pass is added only then.
static const LoopKernelSink *ActiveSink = nullptr;

static RegisterTargetPassConfigCallback
    AddCollector([](TargetMachine &, PassManagerBase &, TargetPassConfig *PC) {
      if (ActiveSink && PC)
        insertLoopUArchPass(*PC);
    });

bool isIRInput(StringRef FileName, StringRef Data) {
  return FileName.ends_with(".ll") || FileName.ends_with(".bc") ||
         isBitcode(reinterpret_cast<const unsigned char *>(Data.begin()),
                   reinterpret_cast<const unsigned char *>(Data.end()));
}

Expected<AsmKernels> kernelsFromIR(StringRef Data, StringRef FileName,
                                   StringRef CPU) {
  initializeTargets();
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIR(
      MemoryBufferRef(Data, FileName), Diag, Ctx);
  if (!M) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Diag.print(nullptr, OS, /*ShowColors=*/false);
    return createStringError(inconvertibleErrorCode(), "%s",
                             StringRef(Msg).trim().str().c_str());
  }
  Triple TT = M->getTargetTriple();
  if (TT.getTriple().empty())
    TT = Triple(sys::getDefaultTargetTriple());
  if (!TT.isX86() || !TT.isArch64Bit())
    return createStringError(inconvertibleErrorCode(),
                             "%s: unsupported target triple '%s': LoopUArch "
                             "models x86-64 only",
                             FileName.str().c_str(), TT.str().c_str());
  M->setTargetTriple(TT);
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return createStringError(inconvertibleErrorCode(), "%s", Err.c_str());
  if (IRCodegenOptLevel > 3)
    return createStringError(inconvertibleErrorCode(),
                             "--codegen-opt-level=%u: the levels are 0 to 3",
                             unsigned(IRCodegenOptLevel));
  TargetOptions TO;
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, CPU, "", TO, Reloc::PIC_, std::nullopt,
      *CodeGenOpt::getLevel(IRCodegenOptLevel)));
  if (!TM)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a target machine for '%s'",
                             CPU.str().c_str());
  M->setDataLayout(TM->createDataLayout());

  AsmKernels Out;
  Out.Selection = RegionSelection::Loops;
  LoopKernelSink Sink;
  Sink.Loop = [&](Kernel &&K, const std::string &) {
    if (K.Loc.File.empty())
      K.Loc.File = FileName.str();
    Out.Kernels.push_back(std::move(K));
  };
  Sink.Unsupported = [&](const std::string &Where, const std::string &Why) {
    Out.Warnings.push_back(FileName.str() + ": warning: a loop in '" + Where +
                           "' is not analysed: " + Why);
  };
  setLoopKernelSink(&Sink);
  ActiveSink = &Sink;
  legacy::PassManager PM;
  SmallString<0> Asm;
  raw_svector_ostream OS(Asm);
  bool Failed = TM->addPassesToEmitFile(PM, OS, nullptr,
                                        CodeGenFileType::AssemblyFile);
  if (!Failed)
    PM.run(*M);
  ActiveSink = nullptr;
  setLoopKernelSink(nullptr);
  if (Failed)
    return createStringError(inconvertibleErrorCode(),
                             "the target cannot emit code for '%s'",
                             FileName.str().c_str());
  if (Out.Kernels.empty())
    return createStringError(
        inconvertibleErrorCode(),
        "%s: error: no innermost loop after code generation%s",
        FileName.str().c_str(),
        Out.Warnings.empty() ? ""
                             : (" (" + Out.Warnings.front() + ")").c_str());
  return Out;
}

} // namespace luarch
