//===- StoreDataLatencyTest.cpp - The store-data uop's latency ------------===//
//
// The decoder gives every store-data uop the description's latency
// (MemoryDesc::StoreDataLatency, debt21: it was a bare 1 in the decoder),
// and what the field means in the simulator: when the store is done, not
// when a forwarded load gets its value (forwarding counts from the uop's
// dispatch).
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Simulator.h"
#include "DecodeFixture.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

/// The store-data uops of \p D, in order.
std::vector<const Uop *> storeDataUops(ArrayRef<DecodedInstr> D) {
  std::vector<const Uop *> Out;
  for (const DecodedInstr &X : D)
    for (const Uop &U : X.Uops)
      if (U.Kind == UopKind::StoreData && !U.PipeOccupancyCopy)
        Out.push_back(&U);
  return Out;
}

// A plain store, an indexed one, a store of an immediate, a
// read-modify-write and a vector store.
const char *Stores = "movq %rax, 8(%rbx)\n"
                     "movq %rax, 8(%rbx,%rcx,8)\n"
                     "movl $1, (%rbx)\n"
                     "addq %rax, (%rbx)\n"
                     "vmovups %ymm0, 32(%rdi)\n";

TEST(StoreDataLatency, FromTheDescription) {
  for (const MachineModel *Described : allMachineModels()) {
    SCOPED_TRACE(Described->Name);
    // No published measurement: every description says 1, assumed.
    EXPECT_EQ(unsigned(Described->Memory.StoreDataLatency), 1u);
    EXPECT_TRUE(StringRef(Described->Memory.StoreDataLatency.Source)
                    .starts_with("assumed; no public measurement found"));
    test::Decoded R = test::decodeAsm(Described->Name, Stores);
    ASSERT_EQ(R.D.size(), 5u);
    std::vector<const Uop *> STD = storeDataUops(R.D);
    ASSERT_GE(STD.size(), 5u) << "each store has a data uop";
    for (const Uop *U : STD)
      EXPECT_EQ(U->Latency, 1u);
    // Another value in the description reaches every store's data uop.
    MachineModel M = *Described;
    M.Memory.StoreDataLatency = {3, "test"};
    UopDecoder Dec(M, *R.TC);
    std::vector<DecodedInstr> D = Dec.decodeKernel(R.K);
    std::vector<const Uop *> STD3 = storeDataUops(D);
    ASSERT_EQ(STD3.size(), STD.size());
    for (const Uop *U : STD3)
      EXPECT_EQ(U->Latency, 3u);
  }
}

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
