// Decodes `addq %rbx, %rax` (48 01 d8) and analyses it as a loop body on
// Skylake through LoopUArch's installed headers and libraries.
#include "luarch/Config/Version.h"
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Report/Pipeline.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int main() {
  auto Model = luarch::getMachineModel("skylake");
  if (!Model) {
    errs() << toString(Model.takeError()) << "\n";
    return 1;
  }
  auto TC = luarch::TargetContext::create("x86_64-unknown-linux-gnu",
                                          Model->Name);
  auto Bytes = luarch::parseHex("4801d8");
  if (!TC || !Bytes) {
    errs() << "setup failed\n";
    return 1;
  }
  auto K = luarch::kernelFromBytes(**TC, *Bytes, "downstream");
  if (!K) {
    errs() << toString(K.takeError()) << "\n";
    return 1;
  }
  luarch::UopDecoder Decoder(*Model, **TC);
  luarch::PipelineOptions Opts;
  luarch::KernelReport R = luarch::analyzeKernel(*K, Decoder, Opts);
  outs() << "LoopUArch " << LUARCH_VERSION_STRING << ": "
         << K->Instrs[0].Text << " on " << Model->Name << ": "
         << format("%.2f", R.cyclesPerIteration()) << " cycles/iteration, "
         << "static bound " << format("%.2f", R.Static.Throughput) << "\n";
  return 0;
}
