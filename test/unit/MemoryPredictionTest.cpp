//===- MemoryPredictionTest.cpp - Cape nodes beyond L1 -------------------===//
//
// Hand-derived from the descriptions: Skylake's DRAM at 250 cycles, 12
// fill buffers, 26-cycle page walks, 2 walkers; Zen 4's DRAM at 405
// cycles, 24 L1 miss buffers and 15 misses in flight beyond L2.
//
//===----------------------------------------------------------------------===//
#include "LoopFixture.h"
#include "luarch/Report/MemoryPrediction.h"
#include "luarch/Sim/Simulator.h"

using namespace luarch;
using namespace luarch::test;

namespace {

MemoryPrediction predict(Loop &L, std::optional<double> WS) {
  SimResult R = simulate(L.K, L.D, L.St.Deps, L.C);
  MemoryOptions O;
  O.WorkingSet = WS;
  return predictMemory(L.K, L.D, L.St.Deps, L.C, R, O);
}

const MemoryNode *node(const LevelPrediction &P, llvm::StringRef Name) {
  for (const MemoryNode &N : P.Nodes)
    if (N.Name == Name)
      return &N;
  return nullptr;
}

TEST(MemoryPrediction, ParsesByteSizes) {
  EXPECT_EQ(*parseByteSize("65536"), 65536u);
  EXPECT_EQ(*parseByteSize("64K"), 65536u);
  EXPECT_EQ(*parseByteSize("64KiB"), 65536u);
  EXPECT_EQ(*parseByteSize("3MB"), 3u << 20);
  EXPECT_EQ(*parseByteSize("1.5G"), 3ull << 29);
  for (const char *Bad : {"", "lots", "-4K", "0", "4T", "K"}) {
    auto B = parseByteSize(Bad);
    EXPECT_FALSE(bool(B)) << Bad;
    llvm::consumeError(B.takeError());
  }
}

TEST(MemoryPrediction, PointerChaseIsLatencyBound) {
  // Each load's address is the previous load's value: irregular, not
  // prefetched; from DRAM each load takes the DRAM latency (250 on
  // Skylake) instead of the L1's 4: 250 cycles per iteration.
  Loop L = loadLoop("skylake", R"(
.L:
  movq (%rax), %rax
  decq %rcx
  jne .L
)");
  MemoryPrediction P = predict(L, 64 << 20);
  ASSERT_TRUE(P.Applicable);
  EXPECT_EQ(P.Applicable->Name, "DRAM");
  EXPECT_NEAR(P.Applicable->Core, 250, 1);
  EXPECT_EQ(P.Applicable->Limiter, "DRAM latency");
  EXPECT_EQ(P.Applicable->verdict(), "memory-bound (DRAM latency)");
  // In L1 the chase takes the load-to-use latency.
  EXPECT_NEAR(P.Levels[0].Cape, 4, 0.01);
  EXPECT_NEAR(P.Levels[1].Core, 12, 0.5);
  // The latency sensitivity names DRAM.
  ASSERT_FALSE(P.Sensitivity.empty());
  EXPECT_EQ(P.Sensitivity.front().Name, "DRAM latency");
  EXPECT_EQ(P.Sensitivity.front().Role, "bottleneck");
}

TEST(MemoryPrediction, GatherIsBoundByMissBuffers) {
  // x[idx[i]] on Zen 4: one unprefetched line per iteration from DRAM
  // (405 cycles on the measured host) over the 15 misses the L2 keeps in
  // flight (measured, utils/page-walk.c) = 27 cycles (the L1's 24 would
  // allow 16.88); idx streams.
  Loop L = loadLoop("znver4", R"(
.L:
  movslq (%rsi,%rax,4), %rcx
  addsd (%rdi,%rcx,8), %xmm0
  incq %rax
  cmpq %rdx, %rax
  jb .L
)");
  MemoryPrediction P = predict(L, 1ull << 30);
  ASSERT_TRUE(P.Applicable);
  const MemoryNode *MB = node(*P.Applicable, "DRAM latency (miss buffers)");
  ASSERT_TRUE(MB);
  EXPECT_NEAR(MB->Cycles, 405.0 / 15, 1e-9);
  EXPECT_GE(P.Applicable->Cape, 405.0 / 15);
}

TEST(MemoryPrediction, ColumnWalkPaysPageWalks) {
  // A new line and a new page every iteration (stride 8 KiB): beyond
  // Skylake's 1536-entry L2 TLB with 64 MiB, one 26-cycle walk per
  // iteration over 2 walkers = 13 cycles; 250 / 12 fill buffers = 20.8.
  Loop L = loadLoop("skylake", R"(
.L:
  addsd (%rdi), %xmm0
  addq $8192, %rdi
  decq %rcx
  jne .L
)");
  MemoryPrediction P = predict(L, 64 << 20);
  ASSERT_TRUE(P.Applicable);
  const MemoryNode *TLB = node(*P.Applicable, "TLB (page walks)");
  ASSERT_TRUE(TLB);
  EXPECT_NEAR(TLB->Cycles, 13, 1e-9);
  const MemoryNode *MB = node(*P.Applicable, "DRAM latency (miss buffers)");
  ASSERT_TRUE(MB);
  EXPECT_NEAR(MB->Cycles, 250.0 / 12, 1e-9);
  // 64 KiB of data one line per page spans 1024 pages, within the L2
  // TLB's reach: no walks (2 MiB would span 32,768).
  MemoryPrediction Small = predict(L, 64 << 10);
  ASSERT_TRUE(Small.Applicable);
  EXPECT_FALSE(node(*Small.Applicable, "TLB (page walks)"));
}

TEST(MemoryPrediction, PageWalksFromSCEVPagesAddToTheRest) {
  // Zen 4 on the measured host: a cyclic walk keeps its translations up
  // to 2,048 pages and misses on every new page from 4,096 on
  // (utils/page-walk.c); a walk costs 54 cycles over 6 walkers, 9 per
  // page. One new page per iteration (stride 9,600 bytes).
  Loop L = loadLoop("znver4", R"(
.L:
  addsd (%rdi), %xmm0
  addq $9600, %rdi
  decq %rcx
  jne .L
)");
  auto run = [&](double Pages) {
    SimResult R = simulate(L.K, L.D, L.St.Deps, L.C);
    MemoryOptions O;
    O.WorkingSet = 64 << 20;
    O.InstrReusePages.assign(L.K.size(), -1);
    O.InstrReusePages[0] = Pages;
    return predictMemory(L.K, L.D, L.St.Deps, L.C, R, O);
  };
  // 3,072 pages between two uses of a page: half the new pages walk.
  MemoryPrediction Half = run(3072);
  ASSERT_TRUE(Half.Applicable);
  const MemoryNode *TLB = node(*Half.Applicable, "TLB (page walks)");
  ASSERT_TRUE(TLB);
  EXPECT_NEAR(TLB->Cycles, 0.5 * 54 / 6, 1e-9);
  // The walks add to what the loop takes with huge pages (how they were
  // measured): Cape is the largest other node plus the walks.
  double Rest = Half.Applicable->Core;
  for (const MemoryNode &N : Half.Applicable->Nodes)
    if (N.Name != "TLB (page walks)")
      Rest = std::max(Rest, N.Cycles);
  EXPECT_NEAR(Half.Applicable->Cape, Rest + 4.5, 1e-9);
  // SCEV's 1,000 pages: no walks, although 64 MiB one line per page
  // would span 16,384 pages (the estimate from bytes, without SCEV).
  MemoryPrediction Few = run(1000);
  ASSERT_TRUE(Few.Applicable);
  EXPECT_FALSE(node(*Few.Applicable, "TLB (page walks)"));
  MemoryPrediction Unknown = run(-1);
  ASSERT_TRUE(Unknown.Applicable);
  const MemoryNode *All = node(*Unknown.Applicable, "TLB (page walks)");
  ASSERT_TRUE(All);
  EXPECT_NEAR(All->Cycles, 9, 1e-9);
}

TEST(MemoryPrediction, NoWorkingSetNoApplicablePrediction) {
  Loop L = loadLoop("skylake", R"(
.L:
  addsd (%rdi), %xmm0
  addq $8, %rdi
  decq %rcx
  jne .L
)");
  MemoryPrediction P = predict(L, std::nullopt);
  EXPECT_FALSE(P.Applicable);
  EXPECT_TRUE(P.Sensitivity.empty());
  ASSERT_EQ(P.Levels.size(), 4u);
  // 8 bytes per iteration from DRAM at 5 bytes/cycle.
  const MemoryNode *BW = node(P.Levels[3], "DRAM bandwidth");
  ASSERT_TRUE(BW);
  EXPECT_NEAR(BW->Cycles, 8.0 / 5, 1e-9);
  EXPECT_EQ(memoryHeadline(P), "");
}

} // namespace

TEST(MemoryPrediction, DRAMStreamWithReReadRowsAddsTheCacheTransfers) {
  // Zen 4 on the measured host (utils/stream-count.c, 'rows'): a loop that
  // streams one row from DRAM and re-reads more than one other row from
  // L2 takes the DRAM copy's time plus the rows' time in L2; with one row
  // re-read the two overlap. Rows 32 KiB apart (rows 1 and 2 re-read from
  // L2 1,024 and 2,048 iterations after row 0 brought them in).
  auto rows = [](const char *Loads) {
    std::string Asm = std::string(".L:\n  vmovupd 65536(%rdi,%rax), %ymm0\n") +
                      Loads +
                      "  vmovupd %ymm0, (%rsi,%rax)\n  addq $32, %rax\n"
                      "  cmpq %rdx, %rax\n  jb .L\n";
    Loop L = loadLoop("znver4", Asm);
    return predict(L, 256 << 20);
  };
  MemoryPrediction Three = rows("  vaddpd 32768(%rdi,%rax), %ymm0, %ymm0\n"
                                "  vaddpd (%rdi,%rax), %ymm0, %ymm0\n");
  ASSERT_TRUE(Three.Applicable);
  ASSERT_EQ(Three.Applicable->Name, "DRAM");
  const MemoryNode *DRAM = node(*Three.Applicable, "DRAM bandwidth");
  const MemoryNode *L2 = node(*Three.Applicable, "L2 bandwidth");
  ASSERT_TRUE(DRAM && L2);
  // The ECM sum, more than Cape's largest node.
  EXPECT_NEAR(Three.Applicable->Cape, Three.Applicable->ECM, 1e-9);
  EXPECT_GT(Three.Applicable->Cape, DRAM->Cycles + L2->Cycles - 1e-9);
  MemoryPrediction Two = rows("  vaddpd 32768(%rdi,%rax), %ymm0, %ymm0\n");
  ASSERT_TRUE(Two.Applicable);
  ASSERT_EQ(Two.Applicable->Name, "DRAM");
  const MemoryNode *DRAM2 = node(*Two.Applicable, "DRAM bandwidth");
  ASSERT_TRUE(DRAM2);
  // Overlapped: the DRAM node plus the page walks (one new page per 128
  // iterations per row), below the ECM sum.
  const MemoryNode *TLB = node(*Two.Applicable, "TLB (page walks)");
  EXPECT_NEAR(Two.Applicable->Cape, DRAM2->Cycles + (TLB ? TLB->Cycles : 0),
              1e-9);
  EXPECT_LT(Two.Applicable->Cape, Two.Applicable->ECM);
}

TEST(MemoryPrediction, LineSplittingPiecesCostAnL1Access) {
  // Zen 4 serves L1 accesses in 32-byte pieces, and a piece that splits a
  // line takes a second access (utils/line-split.c on the host: half a
  // cycle more per split load of 16, 32 or 64 bytes). Two 64-byte loads a
  // line apart into two sums: 128 bytes at the L1's 64 bytes/cycle, 2 cycles, when their
  // pieces are on the lines (displacement 32).
  auto l1 = [](const char *Disp, const std::vector<double> &Splits) {
    std::string Asm = std::string(".L:\n  vaddpd ") + Disp +
                      "(%rdi,%rax), %zmm0, %zmm0\n  vaddpd 64+" + Disp +
                      "(%rdi,%rax), %zmm1, %zmm1\n  addq $128, %rax\n"
                      "  cmpq %rdx, %rax\n  jb .L\n";
    Loop L = loadLoop("znver4", Asm);
    SimResult R = simulate(L.K, L.D, L.St.Deps, L.C);
    MemoryOptions O;
    O.WorkingSet = 16 << 10;
    O.InstrLineSplits = Splits;
    MemoryPrediction P = predictMemory(L.K, L.D, L.St.Deps, L.C, R, O);
    const MemoryNode *N =
        P.Applicable ? node(*P.Applicable, "L1 bandwidth") : nullptr;
    return N ? N->Cycles : -1.0;
  };
  EXPECT_NEAR(l1("32", {}), 2, 1e-9);
  // Displacement 8, nothing else known: 6 of the 8 positions of a line
  // split one piece, 0.75 x 32 bytes more per load: 2 x 88 / 64.
  EXPECT_NEAR(l1("8", {}), 2 * 88.0 / 64, 1e-9);
  // SCEV knows better: the first load's pieces always on the lines (its
  // base pointer 8 bytes off a line), the second's one split per
  // execution: 64 + 96 bytes.
  EXPECT_NEAR(l1("8", {0, 1, -1, -1, -1}), 160.0 / 64, 1e-9);
}

TEST(MemoryPrediction, ColumnWalkFirstUsesComeFromFarAndAdd) {
  // A column walk (rows 9,600 bytes apart) whose lines L2 keeps for the
  // next sweeps, but each line's first use of 8 comes from DRAM, where the
  // arrays live (utils/column-rmw.c on the Zen 4 host: 4.4 cycles per
  // iteration with the lines in L2, 9.4-11.7 with the first uses from
  // DRAM): 1/8 of a line per iteration at DRAM's 405 cycles over the 15
  // misses the L2 keeps in flight = 3.375 cycles, added to the rest.
  Loop L = loadLoop("znver4", R"(
.L:
  addsd (%rdi), %xmm0
  addq $9600, %rdi
  decq %rcx
  jne .L
)");
  auto run = [&](double FirstUse) {
    SimResult R = simulate(L.K, L.D, L.St.Deps, L.C);
    MemoryOptions O;
    O.WorkingSet = 64 << 20;
    O.InstrHomes.assign(L.K.size(), -1);
    O.InstrHomes[0] = 1;
    O.InstrReusePages.assign(L.K.size(), -1);
    O.InstrReusePages[0] = 100;
    O.InstrFirstUse.assign(L.K.size(), 0);
    O.InstrFirstUse[0] = FirstUse;
    O.InstrFirstUseBytes.assign(L.K.size(), -1);
    O.InstrFirstUseBytes[0] = 64 << 20;
    return predictMemory(L.K, L.D, L.St.Deps, L.C, R, O);
  };
  MemoryPrediction Reused = run(0), Column = run(0.125);
  ASSERT_TRUE(Reused.Applicable && Column.Applicable);
  EXPECT_EQ(Column.Applicable->Name, "L2");
  EXPECT_FALSE(node(*Reused.Applicable, "DRAM latency (first use)"));
  const MemoryNode *First = node(*Column.Applicable, "DRAM latency (first use)");
  ASSERT_TRUE(First);
  EXPECT_NEAR(First->Cycles, 0.125 * 405 / 15, 1e-9);
  EXPECT_NEAR(Column.Applicable->Cape, Reused.Applicable->Cape + 3.375, 1e-9);
  // The first uses from a level that holds the bytes between them (2 MiB:
  // L3, 50 cycles) cost 1/8 x 50 / 15.
  MemoryOptions O;
  SimResult R = simulate(L.K, L.D, L.St.Deps, L.C);
  O.WorkingSet = 64 << 20;
  O.InstrHomes = {1, -1, -1, -1};
  O.InstrReusePages = {100, -1, -1, -1};
  O.InstrFirstUse = {0.125, 0, 0, 0};
  O.InstrFirstUseBytes = {2 << 20, -1, -1, -1};
  MemoryPrediction P = predictMemory(L.K, L.D, L.St.Deps, L.C, R, O);
  ASSERT_TRUE(P.Applicable);
  const MemoryNode *FromL3 = node(*P.Applicable, "L3 latency (first use)");
  ASSERT_TRUE(FromL3);
  EXPECT_NEAR(FromL3->Cycles, 0.125 * 50 / 15, 1e-9);
}
