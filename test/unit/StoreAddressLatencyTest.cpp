//===- StoreAddressLatencyTest.cpp - One store-address latency ------------===//
//
// The dependency graph's rules that wait for a store's address
// (MemoryDesc::DivideLoadWaitsForStoreAddresses, LoadedStoreAddressForward,
// the address edge into a plain store) weigh the store-address uop's
// latency as the decoder gave it, which is what the simulator times; a
// constant of one cycle in the graph (review18's debt (a)) kept the bound
// where it was when the uop's latency moved.
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Simulator.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

using namespace luarch;

namespace {

// lit Sim/zen4-divide-load.test's late.s: the next divisor load waits for
// this store's address: remainder -> store-address uop (1) -> load (4) ->
// divide (14) = 19.00 per iteration, in both models.
const char *Late = ".L:\n"
                   "movq %rcx, %rax\n"
                   "xorl %edx, %edx\n"
                   "divq 8(%rbx)\n"
                   "movq %rbx, (%rcx,%rdx,8)\n"
                   "decq %r15\n"
                   "jne .L\n";

double boundAndSimulation(test::Loop &L, double &Simulated) {
  L.St = analyzeStatically(L.K, L.D, *L.M);
  SimResult R = simulate(L.K, L.D, L.St.Deps, L.C);
  EXPECT_FALSE(R.Stalled);
  Simulated = R.CyclesPerIteration;
  return L.St.Deps.RecurrenceBound;
}

TEST(StoreAddressLatency, TheBoundReadsTheUopsLatency) {
  test::Loop L = test::loadLoop("znver4", Late);
  ASSERT_EQ(L.D.size(), 6u);
  Uop *STA = nullptr;
  for (Uop &U : L.D[3].Uops)
    if (U.Kind == UopKind::StoreAddress)
      STA = &U;
  ASSERT_TRUE(STA) << "the store's address uop";
  ASSERT_EQ(STA->Latency, 1u);
  double Sim = 0;
  EXPECT_DOUBLE_EQ(boundAndSimulation(L, Sim), 19.0);
  EXPECT_DOUBLE_EQ(Sim, 19.0);
  // Three cycles more on the store-address uop: 22.00 in both.
  STA->Latency = 4;
  EXPECT_DOUBLE_EQ(boundAndSimulation(L, Sim), 22.0);
  EXPECT_DOUBLE_EQ(Sim, 22.0);
}

} // namespace
