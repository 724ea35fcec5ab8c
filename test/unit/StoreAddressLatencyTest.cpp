//===- StoreAddressLatencyTest.cpp - One store-address latency ------------===//
//
// The dependency graph's rules that wait for a store's address
// (MemoryDesc::DivideLoadWaitsForStoreAddresses, LoadedStoreAddressForward,
// the address edge into a plain store) weigh the store-address uop's
// latency as the decoder gave it, which is what the simulator times; a
// constant of one cycle in the graph (review18's debt (a)) kept the bound
// where it was when the uop's latency moved. The decoder takes that latency
// from the description (MemoryDesc::StoreAddressLatency, debt20: it was a
// bare 1 in the decoder), as it takes the store-data uop's
// (MemoryDesc::StoreDataLatency, debt21): StoreUopLatency tests both.
//
//===----------------------------------------------------------------------===//
#include "luarch/Sim/Simulator.h"
#include "DecodeFixture.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

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

/// The uops of kind \p Kind that each instruction of \p D has (pipe
/// occupancy copies left out: they are not the uop's result).
std::vector<std::vector<const Uop *>> uopsOfKind(ArrayRef<DecodedInstr> D,
                                                 UopKind Kind) {
  std::vector<std::vector<const Uop *>> Out;
  for (const DecodedInstr &X : D) {
    Out.emplace_back();
    for (const Uop &U : X.Uops)
      if (U.Kind == Kind && !U.PipeOccupancyCopy)
        Out.back().push_back(&U);
  }
  return Out;
}

// A plain store, an indexed one, a store of an immediate, a
// read-modify-write and a vector store: each has an address and a data
// uop, and each takes its description's latency.
const char *Stores = "movq %rax, 8(%rbx)\n"
                     "movq %rax, 8(%rbx,%rcx,8)\n"
                     "movl $1, (%rbx)\n"
                     "addq %rax, (%rbx)\n"
                     "vmovups %ymm0, 32(%rdi)\n";

/// The store uops' latencies of the description (debt20, debt21: they were
/// bare 1s in the decoder).
struct StoreUopLatency {
  UopKind Kind;
  Sourced<unsigned> MemoryDesc::*Field;
};
const StoreUopLatency StoreUopLatencies[] = {
    {UopKind::StoreAddress, &MemoryDesc::StoreAddressLatency},
    {UopKind::StoreData, &MemoryDesc::StoreDataLatency},
};

TEST(StoreUopLatency, FromTheDescription) {
  for (const StoreUopLatency &S : StoreUopLatencies)
    for (const MachineModel *Described : allMachineModels()) {
      SCOPED_TRACE((Twine(Described->Name) + " " + uopKindName(S.Kind)).str());
      const Sourced<unsigned> &Field = Described->Memory.*S.Field;
      // No published measurement: every description says 1, assumed.
      EXPECT_EQ(unsigned(Field), 1u);
      EXPECT_TRUE(StringRef(Field.Source)
                      .starts_with("assumed; no public measurement found"));
      test::Decoded R = test::decodeAsm(Described->Name, Stores);
      ASSERT_EQ(R.D.size(), 5u);
      for (const std::vector<const Uop *> &Us : uopsOfKind(R.D, S.Kind)) {
        ASSERT_FALSE(Us.empty()) << "each store has the uop";
        for (const Uop *U : Us)
          EXPECT_EQ(U->Latency, 1u);
      }
      // Another value in the description reaches every store's uop.
      MachineModel M = *Described;
      M.Memory.*S.Field = {3, "test"};
      UopDecoder Dec(M, *R.TC);
      std::vector<DecodedInstr> D = Dec.decodeKernel(R.K);
      for (const std::vector<const Uop *> &Us : uopsOfKind(D, S.Kind)) {
        ASSERT_FALSE(Us.empty());
        for (const Uop *U : Us)
          EXPECT_EQ(U->Latency, 3u);
      }
    }
}

} // namespace
