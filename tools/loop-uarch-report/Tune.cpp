//===- Tune.cpp - loop-uarch-report --tune -------------------------------===//
//
// The clang plugin's tuner (TuneLoopsPass) on a .ll/.bc file, as clang
// would run it: the whole -O2/-O3 module pipeline, with the tuner at the
// vectorizer start in report-only mode. The input must be IR that has not
// been through the optimiser yet (clang -O2 -Xclang -disable-llvm-optzns
// -emit-llvm): in optimised IR the loops are already vectorized.
//
//===----------------------------------------------------------------------===//
#include "Tune.h"
#include "IRInput.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Passes/TuneLoops.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

namespace luarch {

static Error tuneError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Error runTune(const DriverOptions &Opts) {
  initializeTargets();
  std::string Name = Opts.InputFile == "-" ? "<stdin>" : Opts.InputFile;
  auto Buf = MemoryBuffer::getFileOrSTDIN(Opts.InputFile, /*IsText=*/false);
  if (!Buf)
    return tuneError(Name + ": cannot read: " + Buf.getError().message());
  if (!isIRInput(Name, (*Buf)->getBuffer()))
    return tuneError(Name + ": error: --tune needs LLVM IR (.ll or .bc) "
                            "that has not been optimised yet, e.g. from "
                            "clang -O2 -Xclang -disable-llvm-optzns "
                            "-emit-llvm");
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIR((*Buf)->getMemBufferRef(), Diag, Ctx);
  if (!M) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    Diag.print(nullptr, OS, /*ShowColors=*/false);
    return tuneError(StringRef(Msg).trim());
  }
  Triple TT = M->getTargetTriple();
  if (TT.getTriple().empty())
    TT = Triple(sys::getDefaultTargetTriple());
  if (!TT.isX86() || !TT.isArch64Bit())
    return tuneError(Name + ": error: unsupported target triple '" +
                     TT.str() + "': LoopUArch models x86-64 only");
  M->setTargetTriple(TT);
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return tuneError(Err);
  OptimizationLevel Level =
      Opts.TuneOptLevel >= 3 ? OptimizationLevel::O3 : OptimizationLevel::O2;
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, Opts.Model->Name, "", TargetOptions(), Reloc::PIC_, std::nullopt,
      Opts.TuneOptLevel >= 3 ? CodeGenOptLevel::Aggressive
                             : CodeGenOptLevel::Default));
  if (!TM)
    return tuneError("cannot create a target machine for '" + TT.str() + "'");
  if (M->getDataLayout().isDefault())
    M->setDataLayout(TM->createDataLayout());
  bool Unoptimisable = !M->empty();
  for (Function &F : *M)
    if (!F.isDeclaration() && !F.hasOptNone())
      Unoptimisable = false;
  if (Unoptimisable)
    return tuneError(Name + ": error: every function is optnone (-O0 IR); "
                            "use clang -O2 -Xclang -disable-llvm-optzns");

  std::vector<LoopTuneReport> Reports;
  TuneLoopsOptions TO;
  TO.Apply = false;
  TO.Model = Opts.Model;
  TO.Sink = [&](const LoopTuneReport &R) { Reports.push_back(R); };
  PipelineTuningOptions PTO;
  PTO.LoopInterleaving = PTO.LoopVectorization = PTO.SLPVectorization = true;
  PTO.LoopUnrolling = true;
  PassBuilder PB(TM.get(), PTO);
  registerTuneLoops(PB, TO);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  TargetLibraryInfoImpl TLII(TT);
  FAM.registerPass([&] { return PB.buildDefaultAAPipeline(); });
  FAM.registerPass([&] { return TargetLibraryAnalysis(TLII); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(Level);
  MPM.run(*M, MAM);

  if (Reports.empty())
    return tuneError(Name + ": error: no innermost loop reached the "
                            "vectorizer (already optimised IR? use clang "
                            "-O2 -Xclang -disable-llvm-optzns -emit-llvm)");
  std::error_code EC;
  ToolOutputFile Out(Opts.OutputFile, EC, sys::fs::OF_Text);
  if (EC)
    return tuneError(Opts.OutputFile + ": cannot write: " + EC.message());
  Out.os() << "Loop tuning candidates for " << Name << " (-O"
           << (Opts.TuneOptLevel >= 3 ? 3 : 2) << ", model "
           << Opts.Model->Name << ")\n\n";
  for (const LoopTuneReport &R : Reports)
    printTuneReport(Out.os(), R);
  Out.keep();
  return Error::success();
}

} // namespace luarch
