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
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
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

namespace {

/// Where LLVM's fatal errors during code generation land ("Cannot select"):
/// the message is kept, then sys::Process::Exit unwinds to the crash-
/// recovery context around codegen instead of ending the tool.
std::string *FatalMessage = nullptr;

void recordFatalError(void *, const char *Reason, bool) {
  if (FatalMessage)
    *FatalMessage = Reason;
  sys::Process::Exit(1);
}

Error irError(StringRef FileName, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "%s: error: %s",
                           FileName.str().c_str(), Msg.str().c_str());
}

} // namespace

Expected<AsmKernels> kernelsFromIR(StringRef Data, StringRef FileName,
                                   StringRef CPU) {
  initializeTargets();
  // Owned by hand: after a crash inside codegen these may be in any state,
  // and are then leaked rather than destroyed.
  auto Ctx = std::make_unique<LLVMContext>();
  // Errors LLVM reports through the context (unsupported features, bad
  // inline assembly) are collected; without a handler LLVM would exit.
  std::vector<std::string> Diagnostics;
  Ctx->setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo *DI, void *Context) {
        if (DI->getSeverity() != DS_Error)
          return;
        std::string Msg;
        raw_string_ostream OS(Msg);
        DiagnosticPrinterRawOStream DP(OS);
        DI->print(DP);
        static_cast<std::vector<std::string> *>(Context)->push_back(Msg);
      },
      &Diagnostics);
  SMDiagnostic Diag;
  std::unique_ptr<Module> M =
      parseIR(MemoryBufferRef(Data, FileName), Diag, *Ctx);
  if (!M) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Diag.print(nullptr, OS, /*ShowColors=*/false);
    return createStringError(inconvertibleErrorCode(), "%s",
                             StringRef(Msg).trim().str().c_str());
  }
  // Code generation assumes valid IR and crashes on the rest (an entry
  // block that is its own loop header): llc verifies first, so do we.
  std::string VerifierMsg;
  raw_string_ostream VOS(VerifierMsg);
  if (verifyModule(*M, &VOS))
    return irError(FileName, "invalid IR (LLVM's verifier): " +
                                 StringRef(VerifierMsg).trim());
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
  auto PM = std::make_unique<legacy::PassManager>();
  SmallString<0> Asm;
  raw_svector_ostream OS(Asm);
  // The sink must be active while the pipeline is built: the pass-config
  // callback adds the LoopUArch pass only then.
  setLoopKernelSink(&Sink);
  ActiveSink = &Sink;
  if (TM->addPassesToEmitFile(*PM, OS, nullptr,
                              CodeGenFileType::AssemblyFile)) {
    ActiveSink = nullptr;
    setLoopKernelSink(nullptr);
    return irError(FileName, "the target cannot emit code");
  }

  // Code generation under a crash-recovery context: LLVM's fatal errors and
  // crashes on IR the verifier accepts end this input, not the tool.
  std::string Fatal;
  bool Recovered;
  {
    FatalMessage = &Fatal;
    ScopedFatalErrorHandler Handler(recordFatalError);
    CrashRecoveryContext::Enable();
    CrashRecoveryContext CRC;
    Recovered = CRC.RunSafely([&] { PM->run(*M); });
    CrashRecoveryContext::Disable();
    FatalMessage = nullptr;
    if (!Recovered && Fatal.empty())
      Fatal = "LLVM crashed during code generation (signal " +
              std::to_string(CRC.RetCode - 128) + ")";
  }
  ActiveSink = nullptr;
  setLoopKernelSink(nullptr);
  if (!Recovered) {
    // Whatever codegen held is in an unknown state: leak it.
    (void)PM.release();
    (void)TM.release();
    (void)M.release();
    (void)Ctx.release();
    return irError(FileName, "code generation failed: " + Fatal);
  }
  if (!Diagnostics.empty())
    return irError(FileName, "code generation failed: " +
                                 StringRef(Diagnostics.front()).trim());
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
