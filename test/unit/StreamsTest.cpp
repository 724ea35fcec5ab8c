//===- StreamsTest.cpp - Streams of hand-written loops -------------------===//
//
// Strides, reuse between accesses of a stream, read-modify-writes,
// irregular and non-temporal accesses, and the lines each level supplies
// (hand-derived: 64-byte lines, Skylake's 32 KiB L1 / 256 KiB L2 /
// 8 MiB L3, layer conditions at half a cache).
//
//===----------------------------------------------------------------------===//
#include "LoopFixture.h"
#include "luarch/Analysis/Streams.h"

using namespace luarch;
using namespace luarch::test;

namespace {

struct Streams {
  Loop L;
  LoopStreams S;
  explicit Streams(llvm::StringRef Asm, llvm::StringRef CPU = "skylake")
      : L(loadLoop(CPU, Asm)) {
    S = findStreams(L.K, L.D);
  }
  const AccessStream &stream(llvm::StringRef Name) const {
    for (const AccessStream &X : S.Streams)
      if (X.Name == Name)
        return X;
    ADD_FAILURE() << "no stream " << Name.str();
    return S.Streams.front();
  }
  const MemoryAccess &access(unsigned Instr) const {
    for (const MemoryAccess &A : S.Accesses)
      if (A.Instr == Instr)
        return A;
    ADD_FAILURE() << "no access at " << Instr;
    return S.Accesses.front();
  }
  const MemoryHierarchyDesc &H() const { return L.M->MemoryHierarchy; }
};

TEST(Streams, CopyHasALoadAndAStoreStream) {
  Streams T(R"(
.L:
  vmovupd (%rsi,%rax,8), %ymm0
  vmovupd %ymm0, (%rdi,%rax,8)
  addq $4, %rax
  cmpq %rdx, %rax
  jb .L
)");
  ASSERT_EQ(T.S.Streams.size(), 2u);
  const AccessStream &Src = T.stream("rsi + 8*rax");
  const AccessStream &Dst = T.stream("rdi + 8*rax");
  EXPECT_EQ(*Src.Stride, 32);
  EXPECT_EQ(*Dst.Stride, 32);
  EXPECT_TRUE(Src.HasLoad && !Src.HasStore);
  EXPECT_TRUE(Dst.HasStore && !Dst.HasLoad);
  EXPECT_EQ(Src.BytesPerIteration, 32u);
  EXPECT_EQ(T.access(0).Kind, AccessKind::Load);
  EXPECT_EQ(T.access(1).Kind, AccessKind::Store);
  EXPECT_TRUE(T.access(0).isFront());
  EXPECT_DOUBLE_EQ(T.access(0).LinesPerIteration, 0.5);
  EXPECT_DOUBLE_EQ(T.S.NewBytesPerIteration, 64);
  // Data in DRAM (level 3): half a line read per stream, the store's
  // half line written back; nothing from L2 or L3.
  TrafficPlan P = planTraffic(T.S, T.H(), 3);
  EXPECT_EQ(P.ServedBy, (std::vector<unsigned>{3, 3}));
  EXPECT_DOUBLE_EQ(P.Levels[3].Read, 1.0);
  EXPECT_DOUBLE_EQ(P.Levels[3].WriteBack, 0.5);
  EXPECT_DOUBLE_EQ(P.Levels[3].LoadBytes, 32);
  EXPECT_DOUBLE_EQ(P.Levels[3].StoreBytes, 32);
  EXPECT_DOUBLE_EQ(P.Levels[3].ReadUnprefetched, 0);
  EXPECT_DOUBLE_EQ(P.Levels[1].Read, 0);
  // Data in L1: nothing from beyond it.
  TrafficPlan P1 = planTraffic(T.S, T.H(), 0);
  EXPECT_DOUBLE_EQ(P1.Levels[3].Read + P1.Levels[2].Read + P1.Levels[1].Read,
                   0);
}

TEST(Streams, NeighbouringElementsShareLines) {
  // a[i] + a[i+1]: the trailing load reuses the leading one's line one
  // iteration later; b[i] is stored.
  Streams T(R"(
.L:
  movsd (%rdi), %xmm0
  addsd 8(%rdi), %xmm0
  movsd %xmm0, (%rsi)
  addq $8, %rdi
  addq $8, %rsi
  decq %rcx
  jne .L
)");
  ASSERT_EQ(T.S.Streams.size(), 2u);
  const AccessStream &A = T.stream("rdi");
  EXPECT_EQ(*A.Stride, 8);
  ASSERT_EQ(A.Accesses.size(), 2u);
  // Leading first: the load at +8.
  EXPECT_EQ(T.S.Accesses[A.Accesses[0]].Instr, 1u);
  EXPECT_TRUE(T.access(1).isFront());
  EXPECT_DOUBLE_EQ(T.access(0).ReuseIterations, 1);
  EXPECT_DOUBLE_EQ(T.access(1).LinesPerIteration, 0.125);
  // The trailing load adds no new bytes: 8 (a) + 8 (b).
  EXPECT_DOUBLE_EQ(T.S.NewBytesPerIteration, 16);
  TrafficPlan P = planTraffic(T.S, T.H(), 2);
  EXPECT_EQ(P.ServedBy, (std::vector<unsigned>{0, 2, 2}));
  EXPECT_DOUBLE_EQ(P.Levels[2].Read, 0.25);
  EXPECT_DOUBLE_EQ(P.Levels[2].WriteBack, 0.125);
}

TEST(Streams, StencilRowsFollowTheLayerCondition) {
  // Three rows of one array 8000 bytes apart, one base register: the
  // leading row brings the lines in, the others reuse them 1000 and 2000
  // iterations later. Per iteration 3 x 8 bytes (rows) + 8 (store) = 32
  // new bytes; 1000 x 32 = 32,000 > 16 KiB (half of L1), <= 128 KiB (half
  // of L2): the trailing rows hit in L2.
  Streams T(R"(
.L:
  movsd 8000(%rdi), %xmm0
  addsd (%rdi), %xmm0
  addsd -8000(%rdi), %xmm0
  movsd %xmm0, (%rsi)
  addq $8, %rdi
  addq $8, %rsi
  decq %rcx
  jne .L
)");
  const AccessStream &A = T.stream("rdi");
  ASSERT_EQ(A.Accesses.size(), 3u);
  EXPECT_TRUE(T.access(0).isFront());
  EXPECT_DOUBLE_EQ(T.access(1).ReuseIterations, 1000);
  EXPECT_DOUBLE_EQ(T.access(2).ReuseIterations, 1000);
  EXPECT_DOUBLE_EQ(T.S.NewBytesPerIteration, 32);
  TrafficPlan P = planTraffic(T.S, T.H(), 3);
  EXPECT_EQ(P.ServedBy, (std::vector<unsigned>{3, 1, 1, 3}));
  EXPECT_DOUBLE_EQ(P.Levels[1].Read, 0.25);
  EXPECT_DOUBLE_EQ(P.Levels[3].Read, 0.25);
  // On a core with a 1 MiB L2 the same (Skylake-SP): still L2.
  // With rows 100 elements apart (800 bytes): 100 x 32 = 3200 <= 16 KiB.
  Streams Near(R"(
.L:
  movsd 800(%rdi), %xmm0
  addsd (%rdi), %xmm0
  addsd -800(%rdi), %xmm0
  movsd %xmm0, (%rsi)
  addq $8, %rdi
  addq $8, %rsi
  decq %rcx
  jne .L
)");
  TrafficPlan PN = planTraffic(Near.S, Near.H(), 3);
  EXPECT_EQ(PN.ServedBy, (std::vector<unsigned>{3, 0, 0, 3}));
}

TEST(Streams, ReadModifyWriteIsWrittenBack) {
  Streams T(R"(
.L:
  addl $1, (%rdi)
  addq $4, %rdi
  decq %rcx
  jne .L
)");
  ASSERT_EQ(T.S.Accesses.size(), 1u);
  EXPECT_EQ(T.access(0).Kind, AccessKind::ReadModifyWrite);
  EXPECT_EQ(*T.stream("rdi").Stride, 4);
  TrafficPlan P = planTraffic(T.S, T.H(), 1);
  EXPECT_DOUBLE_EQ(P.Levels[1].Read, 0.0625);
  EXPECT_DOUBLE_EQ(P.Levels[1].WriteBack, 0.0625);
  EXPECT_DOUBLE_EQ(P.Levels[1].StoreBytes, 4);
  EXPECT_DOUBLE_EQ(P.Levels[1].LoadBytes, 0);
}

TEST(Streams, LoadThenStoreOfOneArrayIsDirty) {
  // x[i] = 2 * x[i] as a load and a store: the line is read once and
  // written back once.
  Streams T(R"(
.L:
  vmovupd (%rdi,%rax,8), %ymm0
  vaddpd %ymm0, %ymm0, %ymm0
  vmovupd %ymm0, (%rdi,%rax,8)
  addq $4, %rax
  cmpq %rdx, %rax
  jb .L
)");
  ASSERT_EQ(T.S.Streams.size(), 1u);
  EXPECT_DOUBLE_EQ(T.access(2).ReuseIterations, 0);
  TrafficPlan P = planTraffic(T.S, T.H(), 3);
  EXPECT_DOUBLE_EQ(P.Levels[3].Read, 0.5);
  EXPECT_DOUBLE_EQ(P.Levels[3].WriteBack, 0.5);
  EXPECT_DOUBLE_EQ(P.Levels[3].StoreBytes, 32);
}

TEST(Streams, GatherIsIrregularAndUnprefetched) {
  // sum += x[idx[i]]: idx is a regular 4-byte stream, x is irregular.
  Streams T(R"(
.L:
  movslq (%rsi,%rax,4), %rcx
  addsd (%rdi,%rcx,8), %xmm0
  incq %rax
  cmpq %rdx, %rax
  jb .L
)");
  ASSERT_EQ(T.S.Streams.size(), 2u);
  EXPECT_EQ(*T.stream("rsi + 4*rax").Stride, 4);
  const AccessStream &X = T.S.Streams[T.access(1).Stream];
  EXPECT_FALSE(X.regular());
  EXPECT_DOUBLE_EQ(T.access(1).LinesPerIteration, 1);
  TrafficPlan P = planTraffic(T.S, T.H(), 3);
  EXPECT_DOUBLE_EQ(P.Levels[3].Read, 1 + 4.0 / 64);
  EXPECT_DOUBLE_EQ(P.Levels[3].ReadUnprefetched, 1);
}

TEST(Streams, VectorGatherTakesALinePerElement) {
  // sum += x[idx[i]], vectorised: vgatherdpd with a ymm of 8 dword indices
  // reads 8 doubles, each possibly in a line and a page of its own (the
  // index register's width over the index size); an AVX2 gather with an
  // xmm of dword indices reads 4; a qword-index zmm scatter 8.
  Streams T(R"(
.L:
  vmovupd (%rax,%rcx), %ymm1
  kxnorb %k0, %k0, %k1
  vxorpd %xmm2, %xmm2, %xmm2
  addq $32, %rax
  vgatherdpd (%rdx,%ymm1,8), %zmm2 {%k1}
  vaddpd %zmm0, %zmm2, %zmm0
  cmpq $1398016, %rax
  jne .L
)");
  ASSERT_EQ(T.S.Streams.size(), 2u);
  const MemoryAccess &G = T.access(4);
  EXPECT_EQ(G.Elements, 8u);
  EXPECT_FALSE(T.S.Streams[G.Stream].regular());
  EXPECT_DOUBLE_EQ(G.LinesPerIteration, 8);
  EXPECT_DOUBLE_EQ(G.PagesPerIteration, 8);
  // From L3: 8 unprefetched lines and the index stream's half line.
  TrafficPlan P = planTraffic(T.S, T.H(), 2);
  EXPECT_DOUBLE_EQ(P.Levels[2].Read, 8.5);
  EXPECT_DOUBLE_EQ(P.Levels[2].ReadUnprefetched, 8);
  EXPECT_EQ(gatherElements("vgatherdpd (%rdx,%xmm1,8), %ymm2, %ymm3"), 4u);
  EXPECT_EQ(gatherElements("vscatterqpd %zmm2, (%rdx,%zmm1,8) {%k1}"), 8u);
  EXPECT_EQ(gatherElements("vgatherqps ymm2 {k1}, [rdx+zmm1*4]"), 8u);
  EXPECT_EQ(gatherElements("vmovupd (%rax,%rcx), %ymm1"), 1u);
}

TEST(Streams, InvariantAndStridedAccesses) {
  // y += c[0] * x[8192 * i]: the constant stays in L1; the column walk
  // takes a new line and a new page every iteration, beyond the 2 KiB
  // the prefetchers follow on Skylake.
  Streams T(R"(
.L:
  movsd (%rdx), %xmm1
  mulsd (%rdi), %xmm1
  addsd %xmm1, %xmm0
  addq $8192, %rdi
  decq %rcx
  jne .L
)");
  EXPECT_TRUE(T.stream("rdx").invariant());
  EXPECT_EQ(*T.stream("rdi").Stride, 8192);
  EXPECT_DOUBLE_EQ(T.access(1).LinesPerIteration, 1);
  EXPECT_DOUBLE_EQ(T.access(1).PagesPerIteration, 1);
  TrafficPlan P = planTraffic(T.S, T.H(), 2);
  EXPECT_EQ(P.ServedBy, (std::vector<unsigned>{0, 2}));
  EXPECT_DOUBLE_EQ(P.Levels[2].Read, 1);
  EXPECT_DOUBLE_EQ(P.Levels[2].ReadUnprefetched, 1);
  EXPECT_DOUBLE_EQ(P.Levels[2].Pages, 1);
}

TEST(Streams, NonTemporalStoresGoToDRAMWithoutARead) {
  Streams T(R"(
.L:
  movntpd %xmm0, (%rdi)
  addq $16, %rdi
  decq %rcx
  jne .L
)");
  EXPECT_TRUE(T.access(0).NonTemporal);
  TrafficPlan P = planTraffic(T.S, T.H(), 1); // even with data "in L2"
  EXPECT_DOUBLE_EQ(P.Levels[1].Read, 0);
  EXPECT_DOUBLE_EQ(P.Levels[3].NonTemporal, 0.25);
  EXPECT_DOUBLE_EQ(P.Levels[3].Read, 0);
}

TEST(Streams, DerivedRegistersJoinTheirStream) {
  // rcx = rdi + 8*rax (lea) addresses the same array as 8(%rdi,%rax,8).
  Streams T(R"(
.L:
  leaq (%rdi,%rax,8), %rcx
  movsd (%rcx), %xmm0
  addsd 8(%rdi,%rax,8), %xmm0
  incq %rax
  cmpq %rdx, %rax
  jb .L
)");
  ASSERT_EQ(T.S.Streams.size(), 1u);
  EXPECT_EQ(T.S.Streams[0].Name, "rdi + 8*rax");
  EXPECT_EQ(*T.S.Streams[0].Stride, 8);
  EXPECT_DOUBLE_EQ(T.access(1).ReuseIterations, 1);
  EXPECT_TRUE(T.access(2).isFront());
}

// Which pieces of an access split a 64-byte line. Zen 4's L1 serves
// 32-byte pieces (utils/line-split.c): a 64-byte load at offset 8 splits
// one of its halves, at offset 32 none; a CPU without the fact splits the
// whole access.
TEST(Streams, SplitPiecesCountThePiecesThatCrossALine) {
  EXPECT_EQ(splitPieces(8, 32, 32, 64), 0u);
  EXPECT_EQ(splitPieces(40, 32, 32, 64), 1u);
  EXPECT_EQ(splitPieces(-24, 32, 32, 64), 1u); // 40 in its line
  EXPECT_EQ(splitPieces(8, 64, 32, 64), 1u);
  EXPECT_EQ(splitPieces(32, 64, 32, 64), 0u);
  EXPECT_EQ(splitPieces(40, 64, 32, 64), 1u);
  EXPECT_EQ(splitPieces(32, 64, 0, 64), 1u);
  EXPECT_EQ(splitPieces(0, 64, 0, 64), 0u);
  EXPECT_EQ(splitPieces(60, 8, 32, 64), 1u);
  // A ymm stream starting 8 bytes into a line: every other load splits.
  EXPECT_DOUBLE_EQ(meanSplitPieces(8, 32, 32, 32, 64), 0.5);
  // Every 8-byte position in turn: (width - 8) / 64 for one piece (the
  // tool's rule for a displacement that is not a multiple of the piece),
  // 6 of 8 positions for a 64-byte access in 32-byte pieces.
  EXPECT_DOUBLE_EQ(meanSplitPieces(0, 8, 32, 0, 64), 3.0 / 8);
  EXPECT_DOUBLE_EQ(meanSplitPieces(0, 8, 64, 0, 64), 7.0 / 8);
  EXPECT_DOUBLE_EQ(meanSplitPieces(0, 8, 64, 32, 64), 6.0 / 8);
}

TEST(Streams, WorkingSetsPickALevel) {
  auto Zen4 = getMachineModel("znver4");
  ASSERT_TRUE(bool(Zen4));
  const MemoryHierarchyDesc &H = Zen4->MemoryHierarchy;
  // Zen 4's L3 is a victim of the L2s: its usable 8 MiB (measured on the
  // busy host; 32 MiB in all) + 1 MiB + 32 KiB.
  EXPECT_DOUBLE_EQ(effectiveCapacity(H, 2), (8192 + 1024 + 32) * 1024.0);
  EXPECT_DOUBLE_EQ(effectiveCapacity(H, 1), 1024 * 1024.0);
  EXPECT_EQ(effectiveCapacity(H, 3), 0);
  EXPECT_EQ(levelForWorkingSet(H, 16 * 1024), 0u);
  EXPECT_EQ(levelForWorkingSet(H, 512 * 1024), 1u);
  EXPECT_EQ(levelForWorkingSet(H, 8 << 20), 2u);
  EXPECT_EQ(levelForWorkingSet(H, 16 << 20), 3u); // beyond the usable L3
  EXPECT_EQ(levelForWorkingSet(H, 1e9), 3u);
}

// Zen 4's L3 on the busy host: usable 8 MiB, 32 MiB in all; with the
// levels above (a victim cache) 9.03 MiB and 33.03 MiB. Data beyond the
// usable capacity is partly still in L3: linearly less from 9.03 MiB to
// none at 33.03 MiB (the probe's load series, docs/memory.md).
TEST(Streams, SharedLevelServesPartOfALargerWorkingSet) {
  auto Zen4 = getMachineModel("znver4");
  ASSERT_TRUE(bool(Zen4));
  const MemoryHierarchyDesc &H = Zen4->MemoryHierarchy;
  const double MiB = 1 << 20, Usable = (8192 + 1024 + 32) * 1024.0,
               Full = (32768 + 1024 + 32) * 1024.0;
  EXPECT_DOUBLE_EQ(fullCapacity(H, 2), Full);
  EXPECT_DOUBLE_EQ(servedShare(H, 2, 8 * MiB), 1);
  EXPECT_DOUBLE_EQ(servedShare(H, 2, 40 * MiB), 0);
  // 21.03 MiB: halfway.
  EXPECT_NEAR(servedShare(H, 2, (Usable + Full) / 2), 0.5, 1e-12);
  // 16 MiB: (33.03 - 16) / 24 = 0.7096.
  EXPECT_NEAR(servedShare(H, 2, 16 * MiB), (Full - 16 * MiB) / (Full - Usable),
              1e-12);
  EXPECT_NEAR(servedShare(H, 2, 16 * MiB), 0.7096, 1e-4);
  // With a safety factor (the layer conditions' half): 4.5 to 16.5 MiB.
  EXPECT_NEAR(servedShare(H, 2, (Usable + Full) / 4, 0.5), 0.5, 1e-12);
  // The L2 is not shared: no usable capacity below its size, no ramp.
  EXPECT_DOUBLE_EQ(servedShare(H, 1, 1.5 * MiB), 0);
  EXPECT_DOUBLE_EQ(servedShare(H, 1, 0.5 * MiB), 1);
}

} // namespace
