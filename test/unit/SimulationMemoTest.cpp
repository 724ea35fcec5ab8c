//===- SimulationMemoTest.cpp - simulate() results by their input ---------===//
//
// The memo's key renames general-purpose and vector registers: a loop and
// the same loop with other registers must share the key and simulate
// alike (the invariance the memo relies on), and loops whose registers
// connect their instructions differently must not share it.
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/SimulationMemo.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

using test::Loop;

/// Every figure of a SimResult the reports read.
void expectSameResult(const SimResult &A, const SimResult &B,
                      const std::string &What) {
  EXPECT_EQ(A.CyclesPerIteration, B.CyclesPerIteration) << What;
  EXPECT_EQ(A.SteadyState, B.SteadyState) << What;
  EXPECT_EQ(A.RateError, B.RateError) << What;
  EXPECT_EQ(A.Period, B.Period) << What;
  EXPECT_EQ(A.IterationsSimulated, B.IterationsSimulated) << What;
  EXPECT_EQ(A.Cycles, B.Cycles) << What;
  EXPECT_EQ(A.Stalls, B.Stalls) << What;
  EXPECT_EQ(A.StallsPerInstr, B.StallsPerInstr) << What;
  EXPECT_EQ(A.Allocation, B.Allocation) << What;
  EXPECT_EQ(A.PortUopsPerIteration, B.PortUopsPerIteration) << What;
  EXPECT_EQ(A.DividerBusyPerIteration, B.DividerBusyPerIteration) << What;
  EXPECT_EQ(A.CyclesPerEntry, B.CyclesPerEntry) << What;
  EXPECT_EQ(A.Stalled, B.Stalled) << What;
}

// The same loop twice, the second with every general-purpose and vector
// register exchanged for another of the same encoding length (rax..rdi
// but rsp and rbp need no REX prefix, and neither do xmm0..xmm7): equal
// sizes, so the front end's layout is the same. The loop has an
// eliminated move (Zen 4 and Cascade Lake track the registers it shares,
// MoveEliminationSlots), a zeroing idiom, a flag chain, address registers
// and a load fed by a store.
const char *Original = "movq %rax, %rbx\n"
                       "xorl %ecx, %ecx\n"
                       "addq (%rsi,%rdx,8), %rbx\n"
                       "adcq %rbx, %rcx\n"
                       "movq %rcx, 8(%rdi)\n"
                       "addq 8(%rdi), %rax\n"
                       "vaddpd %xmm1, %xmm2, %xmm3\n"
                       "vmulpd %xmm3, %xmm3, %xmm1\n"
                       "movapd %xmm1, %xmm2\n"
                       "decq %rdx\n"
                       "jne .Lloop\n";
const char *Renamed = "movq %rdi, %rdx\n"
                      "xorl %esi, %esi\n"
                      "addq (%rax,%rbx,8), %rdx\n"
                      "adcq %rdx, %rsi\n"
                      "movq %rsi, 8(%rcx)\n"
                      "addq 8(%rcx), %rdi\n"
                      "vaddpd %xmm5, %xmm0, %xmm7\n"
                      "vmulpd %xmm7, %xmm7, %xmm5\n"
                      "movapd %xmm5, %xmm0\n"
                      "decq %rbx\n"
                      "jne .Lloop\n";

std::string wrap(const char *Body) {
  return std::string(".Lloop:\n") + Body;
}

TEST(SimulationMemo, RenamedRegistersShareTheKeyAndTheResult) {
  for (const char *CPU : {"znver4", "cascadelake", "alderlake", "znver2"}) {
    Loop A = test::loadLoop(CPU, wrap(Original));
    Loop B = test::loadLoop(CPU, wrap(Renamed));
    ASSERT_TRUE(A.M && B.M) << CPU;
    ASSERT_EQ(A.D.size(), B.D.size()) << CPU;
    for (unsigned TripCount : {0u, 5u}) {
      SimOptions O;
      O.LowerBound = A.St.Throughput;
      O.TripCount = TripCount;
      std::string What = std::string(CPU) + " trip count " +
                         std::to_string(TripCount);
      EXPECT_EQ(A.St.Throughput, B.St.Throughput) << What;
      EXPECT_EQ(simulationKey(A.K, A.D, A.St.Deps, A.C, O),
                simulationKey(B.K, B.D, B.St.Deps, B.C, O))
          << What;
      expectSameResult(simulate(A.K, A.D, A.St.Deps, A.C, O),
                       simulate(B.K, B.D, B.St.Deps, B.C, O), What);
    }
  }
}

TEST(SimulationMemo, RegistersThatConnectOtherwiseGetAnotherKey) {
  // The same instructions; in the second the add does not read what the
  // imul wrote (a chain through rbx against two independent ones).
  Loop Chain = test::loadLoop("znver4", wrap("imulq %rax, %rbx\n"
                                             "addq %rbx, %rcx\n"
                                             "jmp .Lloop\n"));
  Loop Apart = test::loadLoop("znver4", wrap("imulq %rax, %rbx\n"
                                             "addq %rdx, %rcx\n"
                                             "jmp .Lloop\n"));
  ASSERT_TRUE(Chain.M && Apart.M);
  SimOptions O;
  EXPECT_NE(simulationKey(Chain.K, Chain.D, Chain.St.Deps, Chain.C, O),
            simulationKey(Apart.K, Apart.D, Apart.St.Deps, Apart.C, O));
  // Another option, another key.
  SimOptions Trip = O;
  Trip.TripCount = 4;
  EXPECT_NE(simulationKey(Chain.K, Chain.D, Chain.St.Deps, Chain.C, O),
            simulationKey(Chain.K, Chain.D, Chain.St.Deps, Chain.C, Trip));
}

TEST(SimulationMemo, InstructionLengthsCountOnIntelsFrontEndOnly) {
  // The same uops, encoded in 4 and 7 bytes (an 8-bit against a 32-bit
  // immediate), and a disp8 against a disp32 load.
  const char *Short = "addq $1, %rax\n"
                      "addq 8(%rsi), %rax\n"
                      "decq %rcx\n"
                      "jne .Lloop\n";
  const char *Long = "addq $100000, %rax\n"
                     "addq 800(%rsi), %rax\n"
                     "decq %rcx\n"
                     "jne .Lloop\n";
  // Zen's front end is a uop cache: the lengths change nothing simulated.
  for (const char *CPU : {"znver4", "znver2"}) {
    Loop A = test::loadLoop(CPU, wrap(Short));
    Loop B = test::loadLoop(CPU, wrap(Long));
    ASSERT_TRUE(A.M && B.M) << CPU;
    ASSERT_NE(A.K.Instrs[0].Size, B.K.Instrs[0].Size) << CPU;
    SimOptions O;
    EXPECT_EQ(simulationKey(A.K, A.D, A.St.Deps, A.C, O),
              simulationKey(B.K, B.D, B.St.Deps, B.C, O))
        << CPU;
    expectSameResult(simulate(A.K, A.D, A.St.Deps, A.C, O),
                     simulate(B.K, B.D, B.St.Deps, B.C, O), CPU);
  }
  // Intel's predecoder and decoded-uop cache windows count bytes.
  Loop A = test::loadLoop("cascadelake", wrap(Short));
  Loop B = test::loadLoop("cascadelake", wrap(Long));
  ASSERT_TRUE(A.M && B.M);
  SimOptions O;
  EXPECT_NE(simulationKey(A.K, A.D, A.St.Deps, A.C, O),
            simulationKey(B.K, B.D, B.St.Deps, B.C, O));
}

TEST(SimulationMemo, ServesAnEqualKeyFromTheTable) {
  Loop A = test::loadLoop("znver4", wrap(Original));
  Loop B = test::loadLoop("znver4", wrap(Renamed));
  ASSERT_TRUE(A.M && B.M);
  SimulationMemo Memo;
  SimOptions O;
  SimResult First = Memo.simulate(A.K, A.D, A.St.Deps, A.C, O);
  SimResult Again = Memo.simulate(B.K, B.D, B.St.Deps, B.C, O);
  EXPECT_EQ(Memo.misses(), 1u);
  EXPECT_EQ(Memo.hits(), 1u);
  expectSameResult(First, Again, "memo");
  expectSameResult(First, simulate(A.K, A.D, A.St.Deps, A.C, O), "direct");
  // A traced run is simulated, not remembered.
  SimOptions Traced = O;
  Traced.Trace = true;
  SimResult T = Memo.simulate(A.K, A.D, A.St.Deps, A.C, Traced);
  EXPECT_FALSE(T.Events.empty());
  EXPECT_EQ(Memo.misses() + Memo.hits(), 2u);
}

} // namespace
