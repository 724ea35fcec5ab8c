//===- FuzzCommon.cpp - What every LoopUArch fuzz target shares ----------===//
#include "FuzzCommon.h"

#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Report/Pipeline.h"
#include "luarch/Report/Report.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace llvm;

namespace luarch {
namespace fuzz {

namespace {

/// Bounds that keep one input fast (libFuzzer wants thousands per second).
constexpr size_t MaxKernels = 4;
constexpr size_t MaxInstrs = 300;
constexpr size_t MaxInstrsForSensitivity = 24;
constexpr unsigned SimIterations = 40;
constexpr unsigned SensitivityIterations = 24;

[[noreturn]] void fail(const char *What, const std::string &Detail) {
  fprintf(stderr, "fuzz oracle: %s\n%s\n", What, Detail.c_str());
  abort();
}

} // namespace

const Machine &machineFor(uint8_t Selector) {
  // Never destroyed, like the models (a static vector's destructor would
  // run before LeakSanitizer's check and leave the contexts unreachable).
  static const std::vector<Machine> &Machines = *[] {
    auto *Ms = new std::vector<Machine>;
    for (const MachineModel *M : allMachineModels()) {
      auto TC = TargetContext::create("", M->Name);
      if (!TC) {
        fprintf(stderr, "%s\n", toString(TC.takeError()).c_str());
        abort();
      }
      Machine X;
      X.Model = M;
      X.TC = TC->release(); // lives as long as the process
      X.Decoder = new UopDecoder(*M, *X.TC);
      Ms->push_back(X);
    }
    return Ms;
  }();
  return Machines[Selector % Machines.size()];
}

void analyzeKernels(const Machine &M, std::vector<Kernel> &Kernels) {
  for (size_t I = 0; I < Kernels.size() && I < MaxKernels; ++I) {
    const Kernel &K = Kernels[I];
    if (K.empty() || K.size() > MaxInstrs)
      continue;
    PipelineOptions PO;
    PO.Simulate = true;
    PO.Sim.MaxIterations = SimIterations;
    PO.Sim.Trace = (I == 0);
    PO.Sim.TraceIterations = 2;
    PO.Sensitivity = K.size() <= MaxInstrsForSensitivity;
    PO.SensitivityOpts.Sim.MaxIterations = SensitivityIterations;
    PO.Addresses.Concrete = (K.size() % 2) == 0;
    KernelReport R = analyzeKernel(K, *M.Decoder, PO);
    double C = R.cyclesPerIteration();
    if (!std::isfinite(C) || C < 0)
      fail("prediction is not a finite non-negative number",
           formatv("{0} cycles per iteration for '{1}'", C, K.Name).str());
    std::string Text;
    raw_string_ostream TOS(Text);
    ReportOptions RO;
    RO.ShowDecoding = true;
    RO.ShowTimeline = PO.Sim.Trace;
    RO.TimelineIterations = 2;
    printTextReport(TOS, R, RO);
    std::string JSON = formatv("{0}", toJSON(R)).str();
    if (auto Parsed = json::parse(JSON); !Parsed)
      fail("JSON report does not parse",
           toString(Parsed.takeError()) + "\n" + JSON.substr(0, 4000));
  }
}

} // namespace fuzz
} // namespace luarch
