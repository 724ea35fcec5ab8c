//===- SensitivityCostTest.cpp - The sweep's bounds: screening, budget ---===//
//
// The bounded sweep (family screening, fixed-length runs on large kernels,
// the CPU-time budget) must name the same bottleneck as the exhaustive one
// (every resource alone, each run to its steady state).
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Sensitivity.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"
#include <cmath>

using namespace luarch;
using namespace llvm;

namespace {

using test::Loop;

const ResourceSensitivity *find(const SensitivityReport &R, StringRef Name) {
  for (const ResourceSensitivity &RS : R.Resources)
    if (RS.R.Name == Name)
      return &RS;
  return nullptr;
}

std::string roleOf(const SensitivityReport &R, StringRef Name) {
  const ResourceSensitivity *RS = find(R, Name);
  return RS ? RS->Role : "(no such row)";
}

SensitivityOptions exhaustive() {
  SensitivityOptions O;
  O.Screen = false;
  O.RunInstructions = 0;
  O.BudgetSeconds = -1;
  return O;
}

SensitivityOptions bounded() {
  SensitivityOptions O;
  O.BudgetSeconds = -1; // no time-dependent cut in a test
  return O;
}

/// \p N independent `imul r64, r64` (port 1 only on Skylake, latency 3)
/// spread over 10 registers, and the loop's dec/jnz: the port sets N
/// cycles per iteration, the chains only 3 * N / 10.
std::string imulLoop(unsigned N) {
  static const char *Regs[] = {"rbx", "rcx", "rdx", "rsi", "rdi",
                               "r8",  "r9",  "r10", "r11", "r12"};
  std::string S = ".L:\n";
  for (unsigned I = 0; I < N; ++I)
    S += std::string("imul %rax, %") + Regs[I % 10] + "\n";
  return S + "dec %r15\njnz .L\n";
}

TEST(SensitivityCost, ScreeningKeepsTheFiguresOfEveryBindingRow) {
  // The latency chain of vaddsd (4 cycles): latencies bind, the buffers do
  // not. The screened sweep skips the buffers (scaled together they change
  // nothing) and reproduces every other row exactly.
  Loop L = test::loadLoop("skylake",
                          ".L:\nvaddsd %xmm1, %xmm0, %xmm0\ndec %r15\njnz .L\n");
  SensitivityReport Full = analyzeSensitivity(L.K, L.D, L.St, L.C, exhaustive());
  SensitivityReport Fast = analyzeSensitivity(L.K, L.D, L.St, L.C, bounded());
  ASSERT_EQ(Full.Resources.size(), Fast.Resources.size());
  EXPECT_EQ(Full.Verdict, Fast.Verdict);
  EXPECT_EQ(Fast.NotEvaluated, 0u);
  EXPECT_GT(Fast.Skipped, 0u);
  EXPECT_LT(Fast.Simulations, Full.Simulations);
  EXPECT_EQ(Fast.FixedIterations, 0u); // a small kernel runs to steady state
  for (const ResourceSensitivity &F : Fast.Resources) {
    const ResourceSensitivity *E = find(Full, F.R.Name);
    ASSERT_TRUE(E) << F.R.Name;
    if (F.Role == ResourceSensitivity::RoleSkipped) {
      // Skipped only where the row alone is slack too.
      EXPECT_EQ(E->Role, "slack") << F.R.Name;
      EXPECT_LT(std::fabs(E->Accelerated), 0.005) << F.R.Name;
      EXPECT_LT(std::fabs(E->Unlimited), 0.005) << F.R.Name;
      EXPECT_LT(std::fabs(E->Slowed), 0.005) << F.R.Name;
      continue;
    }
    EXPECT_EQ(F.Role, E->Role) << F.R.Name;
    EXPECT_DOUBLE_EQ(F.Accelerated, E->Accelerated) << F.R.Name;
    EXPECT_DOUBLE_EQ(F.Unlimited, E->Unlimited) << F.R.Name;
    EXPECT_DOUBLE_EQ(F.Slowed, E->Slowed) << F.R.Name;
  }
  EXPECT_EQ(roleOf(Fast, "ROB"), ResourceSensitivity::RoleSkipped);
  EXPECT_EQ(roleOf(Fast, "RS"), ResourceSensitivity::RoleSkipped);
  EXPECT_EQ(roleOf(Fast, "latency(vaddsd)"), "bottleneck");
}

TEST(SensitivityCost, LargeKernelRunsFixedLengthAndFindsThePort) {
  // 400 imuls: p1 binds at 400 cycles per iteration (x1.15: 400/1.15, the
  // issue width then at 401/4 is far away: +15.0%). With a run budget of
  // 2,000 dynamic instructions each run is 2 warm-up iterations (the
  // 224-entry ROB holds less than one) and 5 measured ones.
  Loop L = test::loadLoop("skylake", imulLoop(400));
  SensitivityOptions O = bounded();
  O.RunInstructions = 2000;
  SensitivityReport Fast = analyzeSensitivity(L.K, L.D, L.St, L.C, O);
  EXPECT_EQ(Fast.FixedWarmup, 2u);
  EXPECT_EQ(Fast.FixedIterations, 7u);
  EXPECT_DOUBLE_EQ(Fast.BaseCycles, 400.0);
  ASSERT_FALSE(Fast.Resources.empty());
  EXPECT_EQ(Fast.Resources.front().R.Name, "p1");
  EXPECT_EQ(Fast.Resources.front().Role, "bottleneck");
  EXPECT_NEAR(Fast.Resources.front().Accelerated, 0.15, 0.002);
  // The imul chains (120 cycles) cannot bind, even 15% slower.
  EXPECT_EQ(roleOf(Fast, "latency(imulq)"), ResourceSensitivity::RoleSkipped);
  EXPECT_EQ(roleOf(Fast, "ROB"), ResourceSensitivity::RoleSkipped);

  SensitivityReport Full =
      analyzeSensitivity(L.K, L.D, L.St, L.C, exhaustive());
  EXPECT_EQ(Full.FixedIterations, 0u);
  EXPECT_EQ(Full.Resources.front().R.Name, "p1");
  EXPECT_NEAR(Full.Resources.front().Accelerated,
              Fast.Resources.front().Accelerated, 0.002);
  EXPECT_EQ(Full.Verdict.front(), Fast.Verdict.front());
  EXPECT_LT(Fast.Simulations, Full.Simulations);
}

TEST(SensitivityCost, AZeroBudgetEvaluatesNothingAndSaysSo) {
  Loop L = test::loadLoop("skylake", imulLoop(20));
  SimResult Base = simulate(L.K, L.D, L.St.Deps, L.C);
  SensitivityOptions O;
  O.BudgetSeconds = 0;
  O.Baseline = &Base;
  SensitivityReport R = analyzeSensitivity(L.K, L.D, L.St, L.C, O);
  EXPECT_TRUE(R.BudgetExhausted);
  EXPECT_EQ(R.Simulations, 0u); // the baseline was given
  EXPECT_DOUBLE_EQ(R.BaseCycles, Base.CyclesPerIteration);
  EXPECT_EQ(R.NotEvaluated, R.Resources.size());
  EXPECT_TRUE(R.Set.empty());
  for (const ResourceSensitivity &RS : R.Resources)
    EXPECT_EQ(RS.Role, ResourceSensitivity::RoleNotEvaluated) << RS.R.Name;
  ASSERT_EQ(R.Verdict.size(), 1u);
  EXPECT_NE(R.Verdict[0].find("time budget"), std::string::npos)
      << R.Verdict[0];
}

} // namespace
