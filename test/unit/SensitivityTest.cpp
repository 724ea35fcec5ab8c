//===- SensitivityTest.cpp - Gus-style sweeps on the simulator -----------===//
#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Sim/Sensitivity.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

struct Loop {
  std::unique_ptr<TargetContext> TC;
  const MachineModel *M = nullptr;
  Kernel K;
  std::vector<DecodedInstr> D;
  StaticAnalysis St;
  SimConfig C;
};

Loop load(StringRef CPU, StringRef Asm) {
  Loop L;
  auto Model = getMachineModel(CPU);
  EXPECT_TRUE(bool(Model));
  L.M = &*Model;
  L.TC = std::move(*TargetContext::create("", L.M->Name));
  auto Ks = parseAsmKernels(*L.TC, Asm, "test.s");
  EXPECT_TRUE(bool(Ks)) << toString(Ks.takeError());
  L.K = Ks->Kernels.front();
  UopDecoder Dec(*L.M, *L.TC);
  L.D = Dec.decodeKernel(L.K);
  L.St = analyzeStatically(L.K, L.D, *L.M);
  L.C = SimConfig::fromModel(*L.M);
  return L;
}

const ResourceSensitivity *find(const SensitivityReport &R, StringRef Name) {
  for (const ResourceSensitivity &RS : R.Resources)
    if (RS.R.Name == Name)
      return &RS;
  return nullptr;
}

TEST(Sensitivity, LatencyChainGainsFifteenPercent) {
  // vaddsd chain (latency 4) + loop control: the latency sets 4 cycles.
  Loop L = load("skylake", ".L:\nvaddsd %xmm1, %xmm0, %xmm0\ndec %r15\njnz .L\n");
  SimResult Base = simulate(L.K, L.D, L.St.Deps, L.C);
  EXPECT_DOUBLE_EQ(Base.CyclesPerIteration, 4.0);
  Resource All{ResourceKind::AllLatencies, 0, {}, "all latencies"};
  SimResult Fast = simulate(L.K, L.D, L.St.Deps, scaleResource(L.C, All, 1.15));
  EXPECT_NEAR(Fast.CyclesPerIteration, 4.0 / 1.15, 1e-3);
  SensitivityReport R = analyzeSensitivity(L.K, L.D, L.St, L.C);
  const ResourceSensitivity *Lat = find(R, "latency(vaddsd)");
  ASSERT_TRUE(Lat);
  EXPECT_NEAR(Lat->Accelerated, 0.15, 1e-3);
  EXPECT_EQ(Lat->Role, "bottleneck");
  for (const ResourceSensitivity &RS : R.Resources)
    if (RS.R.Kind == ResourceKind::PortGroup)
      EXPECT_NEAR(RS.Accelerated, 0.0, 1e-9) << RS.R.Name;
}

} // namespace
