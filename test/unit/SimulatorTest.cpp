//===- SimulatorTest.cpp - Simulator robustness ---------------------------===//
//
// A kernel whose decoded uops can never all execute must not turn into a
// prediction: the simulator stops after SimResult::StallLimit cycles without a
// retirement and says so. And uops fed by a load of their own instruction
// never wait for it from an earlier issue slot.
//
//===----------------------------------------------------------------------===//
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
