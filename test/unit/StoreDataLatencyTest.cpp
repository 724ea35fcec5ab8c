//===- StoreDataLatencyTest.cpp - The store-data uop's latency ------------===//
//
// What the store-data uop's latency (MemoryDesc::StoreDataLatency, debt21)
// means in the simulator: when the store is done, not when a forwarded
// load gets its value (forwarding counts from the uop's dispatch). That the
// decoder takes it from the description is StoreUopLatency.FromTheDescription
// (StoreAddressLatencyTest.cpp).
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Simulator.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

// A value stored and reloaded each iteration (the address never changes):
// the chain is the forwarding, StoreForwardLatency (4 on Cascade Lake)
// from the store-data uop's dispatch to the reload's result, and the
// reload's value goes straight into the next store's data uop. The data
// uop's own latency is not on it: 4.00 cycles per iteration with 1 and
// with 3.
const char *Reload = ".L:\n"
                     "movq %rax, (%rdi)\n"
                     "movq (%rdi), %rax\n"
                     "decq %r15\n"
                     "jne .L\n";

TEST(StoreDataLatency, ForwardingCountsFromTheDispatch) {
  test::Loop L = test::loadLoop("cascadelake", Reload);
  ASSERT_EQ(L.D.size(), 4u);
  ASSERT_EQ(unsigned(L.M->Memory.StoreForwardLatency), 4u);
  for (unsigned Latency : {1u, 3u}) {
    SCOPED_TRACE(Latency);
    for (Uop &U : L.D[0].Uops)
      if (U.Kind == UopKind::StoreData)
        U.Latency = Latency;
    L.St = analyzeStatically(L.K, L.D, *L.M);
    SimResult R = simulate(L.K, L.D, L.St.Deps, L.C);
    EXPECT_FALSE(R.Stalled);
    EXPECT_DOUBLE_EQ(R.CyclesPerIteration, 4.0);
  }
}

} // namespace
