//===- SimulatorTest.cpp - Simulator robustness ---------------------------===//
//
// A kernel whose decoded uops can never all execute must not turn into a
// prediction: the simulator stops after SimResult::StallLimit cycles without a
// retirement and says so. And uops fed by a load of their own instruction
// never wait for it from an earlier issue slot. A pipe occupancy copy
// with a share of the iterations (Uop::Share) costs that share of a cycle.
//
//===----------------------------------------------------------------------===//
#include "../../lib/Sim/SimKernel.h"
#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Sim/Simulator.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

using test::Loop;

Loop load(StringRef CPU, StringRef Asm) { return test::loadLoop(CPU, Asm); }

TEST(Simulator, UopsFedByALaterLoadOfTheirInstruction) {
  // LLVM's znver3/4 models list MUL m64's ALU use before its AGU use, and
  // uops.info's Haswell IDIV m64 has its load in the middle of 57 uops; a
  // uop waiting for a load of its own instruction that issues later
  // deadlocked the simulation (4,000,000 cycles "predicted"). The
  // simulator issues such loads first.
  struct Case {
    const char *CPU, *Asm;
    double Cycles;
  } Cases[] = {
      {"znver3", "mulq (%rsi)\n", 3.0}, // the rax chain: MUL's latency
      {"znver4", "mulq (%rsi)\n", 3.0},
      {"znver2", "mulq (%rsi)\n", 3.0},
      {"skylake", "mulq (%rsi)\n", 3.0},
      {"haswell", "idivq 16(%rsp)\n", 69.0}, // as the register form
      // LLVM's znver1/2 book the FP divider for several cycles; the
      // decoder drops the repeats down to uops.info's count and must keep
      // the compute uop's input pointing at the load.
      {"znver1", "divsd 96(%rsp), %xmm0\n", 11.0},
      {"znver2", "divsd 96(%rsp), %xmm0\n", 13.0},
  };
  for (const Case &C : Cases) {
    Loop L = load(C.CPU, C.Asm);
    ASSERT_EQ(L.D.size(), 1u);
    SimResult R = simulate(L.K, L.D, L.St.Deps, SimConfig::fromModel(*L.M));
    EXPECT_FALSE(R.Stalled) << C.CPU;
    EXPECT_DOUBLE_EQ(R.CyclesPerIteration, C.Cycles) << C.CPU;
  }
}

TEST(Simulator, DecodedUopInputsStayInsideTheirInstruction) {
  const char *Asm = "divsd 96(%rsp), %xmm0\n"
                    "divq 8(%rbx)\n"
                    "idivq 16(%rsp)\n"
                    "mulq (%rsi)\n"
                    "addq %rdi, 8(%rax)\n"
                    "vfmadd231pd (%rax), %ymm1, %ymm2\n"
                    "sqrtsd (%rax), %xmm3\n";
  for (StringRef CPU : {"sandybridge", "haswell", "skylake", "cascadelake",
                        "icelake-server", "alderlake", "znver1", "znver2",
                        "znver3", "znver4"}) {
    Loop L = load(CPU, Asm);
    for (size_t I = 0; I < L.D.size(); ++I)
      for (const Uop &U : L.D[I].Uops)
        EXPECT_LT(U.InputUop, int(L.D[I].Uops.size()))
            << CPU.str() << " instruction " << I;
  }
}

TEST(Simulator, OccupancyShareAddsUpAcrossIterations) {
  // Uop::Share: a pipe occupancy copy that passes its pipe in a share of
  // the iterations only (the STLB-hit port rules' fraction of a cycle per
  // iteration). Three pshufd take p5 3 cycles per iteration; a copy of one
  // on p5 in 1/4 (9/16) of the iterations makes 3.25 (3.5625), not 4 or 3,
  // in the simulation and in the static port bound alike.
  for (float Share : {0.25f, 0.5625f, 1.0f}) {
    Loop L = load("skylake", "pshufd $0, %xmm1, %xmm0\n"
                             "pshufd $0, %xmm1, %xmm2\n"
                             "pshufd $0, %xmm1, %xmm3\n");
    ASSERT_EQ(L.D.size(), 3u);
    Uop Copy = occupancyCopy(L.D[0].Uops.front());
    Copy.Share = Share;
    L.D[0].Uops.push_back(Copy);
    L.St = analyzeStatically(L.K, L.D, *L.M);
    EXPECT_DOUBLE_EQ(L.St.Ports.Bound, 3.0 + Share);
    SimResult R = simulate(L.K, L.D, L.St.Deps, SimConfig::fromModel(*L.M));
    EXPECT_FALSE(R.Stalled);
    EXPECT_NEAR(R.CyclesPerIteration, 3.0 + Share, 1e-3) << Share;
  }
  // The iterations it passes in: an even spread, Share x N of N.
  sim::SUop U;
  U.Share = 0.5625f;
  unsigned Present = 0, Longest = 0, Gap = 0;
  for (uint64_t Iter = 0; Iter < 64; ++Iter) {
    bool In = sim::presentIn(U, Iter);
    Present += In;
    Gap = In ? 0 : Gap + 1;
    Longest = std::max(Longest, Gap);
  }
  EXPECT_EQ(Present, 36u);
  EXPECT_EQ(Longest, 1u); // never two iterations in a row without it
}

TEST(Simulator, StopsWhenNothingCanRetire) {
  // A compute uop that waits for its own result: never ready.
  Loop L = load("znver4", "mulq (%rsi)\n");
  ASSERT_EQ(L.D.size(), 1u);
  auto &Us = L.D[0].Uops;
  for (unsigned I = 0; I < Us.size(); ++I)
    if (Us[I].Kind == UopKind::Compute)
      Us[I].InputUop = I;
  SimResult R = simulate(L.K, L.D, L.St.Deps, SimConfig::fromModel(*L.M));
  EXPECT_TRUE(R.Stalled) << R.CyclesPerIteration;
  EXPECT_LE(R.Cycles, static_cast<unsigned long>(R.StallLimit) + 100);
}

} // namespace

namespace {

SimResult simulateTrips(const Loop &L, unsigned TripCount) {
  SimOptions O;
  O.TripCount = TripCount;
  return simulate(L.K, L.D, L.St.Deps, SimConfig::fromModel(*L.M), O);
}

TEST(Simulator, TripCountRestartsChainsEveryEntry) {
  // Four dependent imuls (3 cycles each, one multiplier on Zen 4, uops.info
  // IMUL (R64, R64)): 12 cycles per iteration in the steady state, the
  // recurrence. Restarting every 2 iterations, an entry is a chain of 8
  // imuls (24 cycles) independent of the previous entry: the multiplier
  // bounds it, 8 cycles per entry, 4 per iteration, with 24 / 8 = 3
  // entries in flight. The same port bound holds for 1, 3 and 16
  // iterations per entry (16: 192-cycle chains, 6 entries in flight, well
  // within the 320-entry ROB).
  Loop L = load("znver4", "imulq %rax, %rax\n"
                          "imulq %rax, %rax\n"
                          "imulq %rax, %rax\n"
                          "imulq %rax, %rax\n");
  ASSERT_EQ(L.D.size(), 4u);
  SimResult Steady =
      simulate(L.K, L.D, L.St.Deps, SimConfig::fromModel(*L.M));
  EXPECT_DOUBLE_EQ(Steady.CyclesPerIteration, 12.0);
  EXPECT_EQ(Steady.TripCount, 0u);

  SimResult Two = simulateTrips(L, 2);
  EXPECT_FALSE(Two.Stalled);
  EXPECT_EQ(Two.TripCount, 2u);
  EXPECT_TRUE(Two.SteadyState);
  EXPECT_DOUBLE_EQ(Two.CyclesPerEntry, 8.0);
  EXPECT_DOUBLE_EQ(Two.CyclesPerIteration, 4.0);
  EXPECT_GE(Two.EntriesMeasured, 8u);
  // The accounting covers the measured entries, per iteration.
  double Sum = 0;
  for (double C : Two.Stalls)
    Sum += C;
  EXPECT_NEAR(Sum, 4.0, 1e-9);
  EXPECT_DOUBLE_EQ(simulateTrips(L, 1).CyclesPerEntry, 4.0);
  EXPECT_DOUBLE_EQ(simulateTrips(L, 3).CyclesPerEntry, 12.0);
  EXPECT_DOUBLE_EQ(simulateTrips(L, 16).CyclesPerEntry, 64.0);
}

TEST(Simulator, TripCountEntriesOverlapWithinTheWindow) {
  // Four dependent 4-cycle addsd on Skylake (p01): 16 cycles per iteration
  // in the steady state. Restarting every 2 iterations: 8 adds per entry on
  // two ports, at best 4 cycles per entry (2 per iteration). Ports are
  // bound at issue, so now and then a ready add waits for its busy port
  // while the other idles: 2.06 simulated, no exact period. The run stops
  // when two windows of 64 entries take the same cycles to within one, and
  // without a period it measures every entry after the warm-up: 137
  // entries, 568 cycles for 274 iterations (147 entries, 607 cycles while
  // the binding snapshot left out the uops dispatched in the cycle of
  // issue; 141 entries, 576 cycles before allocation waited for room for a
  // whole issue group in the scheduler). (It used to run on to its cap and
  // measure only the last 64 entries: 2.047, 2.06 when the binding
  // snapshot counted the uops dispatched in the same cycle.)
  Loop L = load("skylake", "addsd %xmm1, %xmm0\n"
                           "addsd %xmm1, %xmm0\n"
                           "addsd %xmm1, %xmm0\n"
                           "addsd %xmm1, %xmm0\n");
  SimResult Two = simulateTrips(L, 2);
  EXPECT_GE(Two.CyclesPerIteration, 2.0);
  EXPECT_NEAR(Two.CyclesPerIteration, 568.0 / 274, 1e-9);
  EXPECT_EQ(Two.EntriesMeasured, 137u);
  EXPECT_LT(Two.IterationsSimulated, 1000u);
  // Long entries (64 iterations, 1024-cycle chains): the next entry's
  // chain starts as soon as its first iteration is in the window, so two
  // chains run at once while one entry ends and the next begins: between
  // the port bound and the steady state.
  SimResult Long = simulateTrips(L, 64);
  EXPECT_LT(Long.CyclesPerIteration, 16.0);
  EXPECT_GT(Long.CyclesPerIteration, 2.0);
}

TEST(Simulator, TripCountRunsCoverTheWarmupAndStayBounded) {
  TripCountRun Run = tripCountRun(16, 48);
  EXPECT_EQ(Run.MinWarmup, 4u); // ceil(48 / 16) + 1
  EXPECT_EQ(Run.Measured, 8u);  // max(8, 128 / 16)
  EXPECT_EQ(Run.MaxEntries, 1250u);
  Run = tripCountRun(1, 48);
  EXPECT_EQ(Run.MinWarmup, 49u);
  EXPECT_EQ(Run.Measured, 128u);
  EXPECT_EQ(Run.MaxEntries, 20000u);
  Run = tripCountRun(10000, 48);
  EXPECT_EQ(Run.MinWarmup, 1u);
  EXPECT_EQ(Run.Measured, 2u);
  EXPECT_EQ(Run.MaxEntries, 3u);
}

} // namespace

namespace {

/// Every figure of two simulations is the same, to the bit.
void expectSameResults(const SimResult &A, const SimResult &B,
                       const std::string &What) {
  EXPECT_EQ(A.CyclesPerIteration, B.CyclesPerIteration) << What;
  EXPECT_EQ(A.Cycles, B.Cycles) << What;
  EXPECT_EQ(A.IterationsSimulated, B.IterationsSimulated) << What;
  EXPECT_EQ(A.SteadyState, B.SteadyState) << What;
  EXPECT_EQ(A.Period, B.Period) << What;
  EXPECT_EQ(A.RateError, B.RateError) << What;
  EXPECT_EQ(A.Stalled, B.Stalled) << What;
  EXPECT_EQ(A.Stalls, B.Stalls) << What;
  EXPECT_EQ(A.Allocation, B.Allocation) << What;
  EXPECT_EQ(A.StallsPerInstr, B.StallsPerInstr) << What;
  EXPECT_EQ(A.PortUopsPerIteration, B.PortUopsPerIteration) << What;
  EXPECT_EQ(A.DividerBusyPerIteration, B.DividerBusyPerIteration) << What;
  EXPECT_EQ(A.CyclesPerEntry, B.CyclesPerEntry) << What;
  ASSERT_EQ(A.Timeline.size(), B.Timeline.size()) << What;
  for (size_t I = 0; I < A.Timeline.size(); ++I)
    for (size_t J = 0; J < A.Timeline[I].size(); ++J) {
      EXPECT_EQ(A.Timeline[I][J].Issued, B.Timeline[I][J].Issued) << What;
      EXPECT_EQ(A.Timeline[I][J].Retired, B.Timeline[I][J].Retired) << What;
    }
}

TEST(Simulator, SkippingIdleCyclesChangesNoFigure) {
  // Latency-bound loops leave the machine idle between completions: a
  // 64-bit divide chain (the divider), a multiply chain with a load, a
  // store/reload chain (forwarded); on the Intel front end (skylake: DSB/LSD rules),
  // Sandy Bridge's iteration rule, Zen 4's uop cache. Skipping must jump
  // over cycles and give exactly the per-cycle figures, in the steady
  // state, with a trip count and with a timeline.
  const char *Kernels[] = {
      "divq %rcx\ndecq %rsi\njne .Lloop\n",
      "imulq (%rsi), %rax\nimulq %rax, %rax\n",
      "movq %rax, 8(%rsp)\nmovq 8(%rsp), %rax\naddq $1, %rax\n",
  };
  for (StringRef CPU : {"skylake", "sandybridge", "znver4"})
    for (const char *Asm : Kernels) {
      Loop L = load(CPU, Asm);
      SimConfig Config = SimConfig::fromModel(*L.M);
      for (unsigned Trips : {0u, 5u})
        for (bool Trace : {false, true}) {
          SimOptions Skip;
          Skip.TripCount = Trips;
          Skip.Trace = Trace;
          SimOptions Each = Skip;
          Each.SkipIdleCycles = false;
          SimResult A = simulate(L.K, L.D, L.St.Deps, Config, Skip);
          SimResult B = simulate(L.K, L.D, L.St.Deps, Config, Each);
          std::string What = CPU.str() + " trips " + std::to_string(Trips) +
                             ": " + Asm;
          expectSameResults(A, B, What);
          // The divide chain waits for the divider (the others may overlap
          // enough to keep a stage busy in every cycle).
          if (Asm == Kernels[0]) {
            EXPECT_GT(A.CyclesSkipped, 0) << What;
          }
          EXPECT_EQ(B.CyclesSkipped, 0) << What;
        }
    }
}

TEST(Simulator, WithoutViewsTheRunIsTheSame) {
  // SimOptions::Views = false (--batch) leaves out the cycle accounting
  // and the port statistics: the same cycles, iterations and cycles per
  // iteration (steady state and trip count), and none of their figures.
  const char *Kernels[] = {
      "divq %rcx\ndecq %rsi\njne .Lloop\n",
      "imulq (%rsi), %rax\nimulq %rax, %rax\n",
      "movq %rax, 8(%rsp)\nmovq 8(%rsp), %rax\naddq $1, %rax\n",
  };
  for (StringRef CPU : {"skylake", "znver4"})
    for (const char *Asm : Kernels) {
      Loop L = load(CPU, Asm);
      SimConfig Config = SimConfig::fromModel(*L.M);
      for (unsigned Trips : {0u, 5u}) {
        SimOptions With;
        With.TripCount = Trips;
        SimOptions Without = With;
        Without.Views = false;
        SimResult A = simulate(L.K, L.D, L.St.Deps, Config, With);
        SimResult B = simulate(L.K, L.D, L.St.Deps, Config, Without);
        std::string What =
            CPU.str() + " trips " + std::to_string(Trips) + ": " + Asm;
        EXPECT_EQ(A.CyclesPerIteration, B.CyclesPerIteration) << What;
        EXPECT_EQ(A.Cycles, B.Cycles) << What;
        EXPECT_EQ(A.IterationsSimulated, B.IterationsSimulated) << What;
        EXPECT_EQ(A.SteadyState, B.SteadyState) << What;
        EXPECT_EQ(A.CyclesPerEntry, B.CyclesPerEntry) << What;
        EXPECT_FALSE(A.PortUopsPerIteration.empty()) << What;
        EXPECT_TRUE(B.PortUopsPerIteration.empty()) << What;
        EXPECT_TRUE(B.StallsPerInstr.empty()) << What;
      }
    }
}

TEST(Simulator, SkippingCoversAnExhaustedFrontEnd) {
  // An unlimited ROB and scheduler (as a sensitivity sweep makes them):
  // the front end fetches and delivers every iteration long before the
  // divide chain retires them, and from then on only its credit changes.
  // Those cycles are skipped, with the same figures (without the LSD, the
  // Intel front end did not count as idle once exhausted: icelake-server
  // skipped 2,165 of 4,709 cycles, fewer than half).
  for (StringRef CPU : {"skylake", "icelake-server"}) {
    Loop L = load(CPU, "divq %rcx\ndecq %rsi\njne .Lloop\n");
    SimConfig Config = SimConfig::fromModel(*L.M);
    Config[ResourceId::ROB] = 1e6;
    Config[ResourceId::Scheduler] = 1e6;
    // All 200 iterations run (a chain of 200 divides).
    SimOptions Skip;
    Skip.MaxIterations = 200;
    Skip.StopAtSteadyState = false;
    SimOptions Each = Skip;
    Each.SkipIdleCycles = false;
    SimResult A = simulate(L.K, L.D, L.St.Deps, Config, Skip);
    SimResult B = simulate(L.K, L.D, L.St.Deps, Config, Each);
    expectSameResults(A, B, CPU.str() + " unlimited ROB");
    EXPECT_GT(A.CyclesSkipped, A.Cycles / 2)
        << CPU.str() << ": " << A.CyclesSkipped << " of " << A.Cycles;
  }
}

TEST(Simulator, SkippingStopsAtTheStallGuard) {
  // Nothing can ever happen: the run jumps to the stall guard's cycle,
  // where it stops as the per-cycle run does.
  Loop L = load("znver4", "mulq (%rsi)\n");
  auto &Us = L.D[0].Uops;
  for (unsigned I = 0; I < Us.size(); ++I)
    if (Us[I].Kind == UopKind::Compute)
      Us[I].InputUop = I;
  SimOptions Each;
  Each.SkipIdleCycles = false;
  SimConfig Config = SimConfig::fromModel(*L.M);
  SimResult A = simulate(L.K, L.D, L.St.Deps, Config);
  SimResult B = simulate(L.K, L.D, L.St.Deps, Config, Each);
  EXPECT_TRUE(A.Stalled);
  expectSameResults(A, B, "stalled");
  EXPECT_GT(A.CyclesSkipped, A.StallLimit / 2);
}

} // namespace
