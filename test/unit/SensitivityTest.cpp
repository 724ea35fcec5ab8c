//===- SensitivityTest.cpp - Gus-style sweeps on the simulator -----------===//
#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Sim/Sensitivity.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

using test::Loop;

Loop load(StringRef CPU, StringRef Asm) { return test::loadLoop(CPU, Asm); }

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
  for (const ResourceSensitivity &RS : R.Resources) {
    if (RS.R.Kind == ResourceKind::PortGroup) {
      EXPECT_NEAR(RS.Accelerated, 0.0, 1e-9) << RS.R.Name;
    }
  }
}

} // namespace

namespace {

/// The toy of the Gus paper (Fig. 4/7/8): 12 independent single-uop
/// instructions with fixed ports (Fig. 8: mul p1, sbb p0, rol p6, bsf p1,
/// rol p0, pop p2, mov p3, sahf p6, movsx p2, sahf p0, sbb p6, xor p5) on an
/// 8-port core issuing and retiring 4 per cycle, with a 4-entry ROB.
struct Toy {
  Kernel K;
  std::vector<DecodedInstr> D;
  MachineModel M;
  SimConfig C;
  Toy() {
    static const unsigned Ports[12] = {1, 0, 6, 1, 0, 2, 3, 6, 2, 0, 6, 5};
    M.Name = "toy";
    for (unsigned P = 0; P < 8; ++P)
      M.Ports.push_back({std::to_string(P), ""});
    for (unsigned I = 0; I < 12; ++I) {
      DecodedInstr X;
      Uop U;
      U.Ports = PortMask(1) << Ports[I];
      U.Latency = 1;
      U.WritesResult = true;
      X.Uops.push_back(U);
      X.FusedUops = X.IssueSlots = 1;
      D.push_back(X);
      KernelInstr KI;
      KI.Text = "toy" + std::to_string(I);
      K.Instrs.push_back(KI);
    }
    K.Shape = KernelShape::Unrolled;
    C.Model = &M;
    C[ResourceId::IssueWidth] = C[ResourceId::RetireWidth] =
        C[ResourceId::FrontEndWidth] = 4;
    C.PortCapacity.assign(8, 1.0);
    C[ResourceId::ROB] = 4;
    for (ResourceId Id : {ResourceId::Scheduler, ResourceId::LoadBuffer,
                          ResourceId::StoreBuffer, ResourceId::IntRegisters,
                          ResourceId::VecRegisters})
      C[Id] = 1000;
  }
  double cycles(const SimConfig &Config) {
    return simulate(K, D, DependencyAnalysis(), Config).CyclesPerIteration;
  }
};

TEST(Sensitivity, GusToyPortExampleOnTheUopFlowModel) {
  Toy T;
  // UFS pipeline: a uop issued in cycle c dispatches at c+1, completes and
  // retires at c+2, and its ROB entry is reusable at c+3: four entries turn
  // over every 3 cycles, 4 uops per 3 cycles, 9 cycles for the 12 uops
  // (Gus' model, executing and retiring in the issue cycle, needs 4).
  EXPECT_DOUBLE_EQ(T.cycles(T.C), 9.0);
  // The window, not the ports, limits: doubling port 1 (Gus: 4 -> 3) or
  // the saturated port 6 changes nothing here...
  Resource P1{ResourceKind::PortGroup, PortMask(1) << 1, {}, "p1"};
  Resource P6{ResourceKind::PortGroup, PortMask(1) << 6, {}, "p6"};
  EXPECT_DOUBLE_EQ(T.cycles(scaleResource(T.C, P1, 2.0)), 9.0);
  EXPECT_DOUBLE_EQ(T.cycles(scaleResource(T.C, P6, 2.0)), 9.0);
  // ...and with a window that hides the 3-cycle turnaround (12 entries, as
  // 4 entries do for Gus' zero-depth pipeline), the ports bind: ports 0 and
  // 6 carry 3 uops each, issue 12/4 = 3 cycles.
  SimConfig Wide = T.C;
  Wide[ResourceId::ROB] = 12;
  EXPECT_DOUBLE_EQ(T.cycles(Wide), 3.0);
  // Port 6 is busy every cycle, yet doubling it does not help: saturated,
  // not a bottleneck (issue width and port 0 bind as well).
  EXPECT_DOUBLE_EQ(T.cycles(scaleResource(Wide, P6, 2.0)), 3.0);
}

} // namespace

namespace {

bool hasRow(ArrayRef<Resource> Rows, StringRef Name) {
  return any_of(Rows, [&](const Resource &R) { return R.Name == Name; });
}

TEST(Sensitivity, FPSchedulerRowOnlyForUopsTheSimulatorPutsInIt) {
  // Zen 4 has a separate FP scheduler (BackEnd.VecSchedulerSize) for uops
  // whose ports are all FP0-FP5. An integer loop has no such uop: no row.
  Loop L = load("znver4", ".L:\nadd %rax, %rbx\ndec %r15\njnz .L\n");
  ASSERT_TRUE(L.M);
  ASSERT_TRUE(L.M->BackEnd.VecSchedulerSize);
  ASSERT_FALSE(hasRow(loopResources(L.K, L.D, L.C), "FP scheduler"));
  // A pipe-occupancy copy on FP0 (as a line-fill or port-holding rule could
  // place one) takes no entry of that scheduler in the simulator, so
  // scaling it cannot change the loop: still no row.
  PortMask FP0 = PortMask(1) << 8;
  ASSERT_TRUE(L.M->BackEnd.VecSchedulerPorts & FP0);
  ASSERT_FALSE(L.D[0].Uops.empty());
  Uop Copy = occupancyCopy(L.D[0].Uops.front());
  Copy.Ports = FP0;
  L.D[0].Uops.push_back(Copy);
  EXPECT_FALSE(hasRow(loopResources(L.K, L.D, L.C), "FP scheduler"));
  // An FP0 uop of its own does take an entry: the row appears.
  L.D[0].Uops.back().PipeOccupancyCopy = false;
  EXPECT_TRUE(hasRow(loopResources(L.K, L.D, L.C), "FP scheduler"));
}

} // namespace

namespace {

TEST(Sensitivity, NoLatencyRowForAStoreGivenOnlyAStackSyncUop) {
  // After push/pop, the next explicit reader of rsp takes a stack-sync uop
  // (FrontEndDesc::StackSyncUop on Zen 4): a compute uop that adjusts rsp
  // and computes nothing from the store's inputs. A store does not compute,
  // with or without it: no latency(movq) row (the dependency graph gives
  // the same store a data latency of 0).
  Loop L = load("znver4", ".L:\npush %rax\npop %rbx\nmov %rax, (%rsp)\n"
                          "dec %r15\njnz .L\n");
  ASSERT_TRUE(L.M);
  ASSERT_TRUE(L.M->FrontEnd.StackSyncUop);
  ASSERT_EQ(L.D.size(), 5u);
  ASSERT_TRUE(L.D[2].StackSync && L.D[2].MayStore);
  std::vector<Resource> Rows = loopResources(L.K, L.D, L.C);
  EXPECT_FALSE(hasRow(Rows, "latency(movq)"));
  // decq computes: its row is there.
  EXPECT_TRUE(hasRow(Rows, "latency(decq)"));
}

} // namespace
