//===- loop-uarch-report.cpp - The standalone analyzer -------------------===//
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/UopDecoder.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace luarch;

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input .s>"),
                                      cl::init("-"));
static cl::opt<std::string> MCPU("mcpu", cl::desc("Target CPU (LLVM name)"),
                                 cl::init("native"));
static cl::opt<bool> ShowDecoding("show-decoding", cl::desc("Print each instruction's uops"));
static cl::opt<bool> DebugMatching("debug-matching", cl::Hidden,
                                   cl::desc("Print uops.info candidates"));
static cl::opt<std::string> MTriple("mtriple", cl::desc("Target triple"),
                                    cl::init("x86_64-unknown-linux-gnu"));

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "LoopUArch loop analyzer\n");
  auto Model = getMachineModel(MCPU);
  if (!Model) {
    WithColor::error() << toString(Model.takeError()) << "\n";
    return 1;
  }
  auto TC = TargetContext::create(MTriple, Model->Name);
  if (!TC) {
    WithColor::error() << toString(TC.takeError()) << "\n";
    return 1;
  }
  auto Buf = MemoryBuffer::getFileOrSTDIN(InputFile);
  if (!Buf) {
    WithColor::error() << InputFile << ": " << Buf.getError().message() << "\n";
    return 1;
  }
  auto Kernels = parseAsmKernels(**TC, (*Buf)->getBuffer(), InputFile);
  if (!Kernels) {
    errs() << toString(Kernels.takeError()) << "\n";
    return 1;
  }
  UopDecoder Dec(*Model, **TC);
  for (const Kernel &K : Kernels->Kernels) {
    outs() << K.Name << " (" << K.Loc.str() << ")\n";
    for (const DecodedInstr &D : Dec.decodeKernel(K)) {
      (void)D;
    }
    auto Ds = Dec.decodeKernel(K);
    for (size_t I = 0; I < K.size(); ++I) {
      const DecodedInstr &D = Ds[I];
      outs() << "  " << left_justify(K.Instrs[I].Text, 40) << " "
             << D.IssueSlots << "/" << D.numUops() << " "
             << describeUops(*Model, D) << " lat=" << D.Latency
             << " ld=" << D.LoadLatency << " [" << decodeSourceName(D.Source)
             << ": " << D.Variant << "]" << (D.ZeroIdiom ? " zero-idiom" : "")
             << (D.DividerCycles ? " div=" + std::to_string(D.DividerCycles)
                                 : "")
             << "\n";
      if (DebugMatching) {
        UopsInfoMatcher M(**TC, Dec.semantics());
        for (const std::string &C : M.candidates(K.Instrs[I].Inst))
          outs() << "      candidate: " << C << "\n";
      }
    }
  }
  return 0;
}
