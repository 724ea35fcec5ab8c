//===- AMDModelTest.cpp - Pinned decodings on znver1-4 --------------------===//
//
// Exact decompositions on the AMD models: uops.info's AMD tables give ports
// for the FP pipes only, so integer instructions combine uops.info's
// macro-op count and latency with the ports of LLVM's znver scheduling
// models (DecodeSource::UopsInfoPartial). These tests pin both halves, the
// idioms, the divider, stores, branch fusion and the key sizes per CPU.
//
//===----------------------------------------------------------------------===//
#include "DecodeFixture.h"
#include "luarch/Model/X86Semantics.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

using test::Decoded;
using test::decodeAsm;

unsigned count(const DecodedInstr &D, UopKind K) {
  unsigned N = 0;
  for (const Uop &U : D.Uops)
    N += U.Kind == K;
  return N;
}

/// Every uop of every instruction has at least one port.
void expectAllUopsHavePorts(const Decoded &R) {
  for (size_t I = 0; I < R.D.size(); ++I)
    for (const Uop &U : R.D[I].Uops)
      EXPECT_NE(U.Ports, 0u) << "instruction " << I << " on " << R.M->Name;
}

constexpr const char *IntegerLoop = ".L:\n"
                                    "addq %rax, %rbx\n"
                                    "imulq %rcx, %rdx\n"
                                    "movq (%rsi), %r8\n"
                                    "movq %r9, (%rdi)\n"
                                    "decl %ecx\n"
                                    "jnz .L\n";

//===----------------------------------------------------------------------===//
// All four
//===----------------------------------------------------------------------===//

TEST(AMDModels, IntegerInstructionsGetLLVMPorts) {
  for (const char *CPU : {"znver1", "znver2", "znver3", "znver4"}) {
    SCOPED_TRACE(CPU);
    Decoded R = decodeAsm(CPU, IntegerLoop);
    ASSERT_EQ(R.D.size(), 6u);
    expectAllUopsHavePorts(R);
    for (unsigned I = 0; I < 5; ++I)
      EXPECT_EQ(R.D[I].Source, DecodeSource::UopsInfoPartial) << I;
    EXPECT_EQ(R.ports(1), "ALU1"); // the multiplier sits behind ALU1
    EXPECT_EQ(R.D[1].Latency, 3u);
    EXPECT_EQ(R.D[2].Uops[0].Kind, UopKind::Load);
    EXPECT_EQ(R.D[2].LoadLatency, 4u);
    EXPECT_EQ(count(R.D[3], UopKind::StoreAddress), 1u);
    EXPECT_EQ(count(R.D[3], UopKind::StoreData), 1u);
  }
}

TEST(AMDModels, SizesAndWidths) {
  struct Row {
    const char *CPU;
    unsigned Ports, ROB, RS, LB, SB, IntPRF, VecPRF, OpCache, Loads, Stores;
  };
  for (const Row &W : {Row{"znver1", 11, 192, 120, 72, 44, 168, 160, 8, 2, 1},
                       Row{"znver2", 12, 224, 128, 72, 48, 180, 160, 8, 2, 1},
                       Row{"znver3", 16, 256, 160, 72, 64, 192, 160, 8, 3, 2},
                       // Zen 4: Zen 3's 16 and the line-fill pseudo port.
                       Row{"znver4", 17, 320, 160, 136, 64, 224, 192, 9, 3,
                           2}}) {
    SCOPED_TRACE(W.CPU);
    auto M = getMachineModel(W.CPU);
    ASSERT_TRUE(bool(M)) << toString(M.takeError());
    EXPECT_EQ(M->Vendor, "AMD");
    EXPECT_EQ(M->numPorts(), W.Ports);
    EXPECT_EQ(unsigned(M->FrontEnd.IssueWidth), 6u);
    EXPECT_EQ(unsigned(M->FrontEnd.UopCacheWidth), W.OpCache);
    EXPECT_EQ(unsigned(M->BackEnd.RetireWidth), 8u);
    EXPECT_EQ(unsigned(M->BackEnd.ROBSize), W.ROB);
    EXPECT_EQ(unsigned(M->BackEnd.SchedulerSize), W.RS);
    EXPECT_EQ(unsigned(M->BackEnd.LoadBufferSize), W.LB);
    EXPECT_EQ(unsigned(M->BackEnd.StoreBufferSize), W.SB);
    EXPECT_EQ(unsigned(M->BackEnd.IntPRFSize), W.IntPRF);
    EXPECT_EQ(unsigned(M->BackEnd.VecPRFSize), W.VecPRF);
    EXPECT_EQ(unsigned(M->Memory.LoadsPerCycle), W.Loads);
    EXPECT_EQ(unsigned(M->Memory.StoresPerCycle), W.Stores);
    EXPECT_EQ(M->Unlamination.Value, UnlaminationRule::Never);
    // The FP pipes must parse the way uops.info names them.
    EXPECT_NE(M->parsePortSet("FP0123"), 0u);
    EXPECT_NE(M->parsePortSet("FP23"), 0u);
  }
  // FP4/FP5 (uops.info's FP45: FP store data, FP-to-integer) from Zen 3 on.
  EXPECT_EQ(getMachineModel("znver2")->parsePortSet("FP45"), 0u);
  EXPECT_NE(getMachineModel("znver3")->parsePortSet("FP45"), 0u);
}

//===----------------------------------------------------------------------===//
// znver1
//===----------------------------------------------------------------------===//

TEST(AMDZnver1, LoadOpStoreAndDivider) {
  Decoded R = decodeAsm("znver1", "addq (%rbx), %rax\n"
                                  "movq %rax, 8(%rbx)\n"
                                  "divq %rcx\n"
                                  "divsd %xmm1, %xmm0\n");
  expectAllUopsHavePorts(R);
  // One macro-op keeps its memory operand: a load and an ALU uop.
  EXPECT_EQ(R.D[0].Variant, "ADD (R64, M64)");
  EXPECT_EQ(R.D[0].FusedUops, 1u);
  EXPECT_EQ(R.ports(0), "AGU0|AGU1+ALU0|ALU1|ALU2|ALU3");
  EXPECT_EQ(R.D[0].Uops[0].Kind, UopKind::Load);
  EXPECT_EQ(R.D[0].Uops[1].Kind, UopKind::Compute);
  EXPECT_EQ(R.D[0].Latency, 1u);
  EXPECT_EQ(R.D[0].IssueSlots, 1u);
  // A store: address on an AGU, data through the one-per-cycle store slot.
  EXPECT_EQ(R.ports(1), "AGU0|AGU1+ST0");
  EXPECT_EQ(R.D[1].Uops[0].Kind, UopKind::StoreAddress);
  EXPECT_EQ(R.D[1].Uops[1].Kind, UopKind::StoreData);
  // 64-bit divide on ALU2 (LLVM) for 14 cycles (uops.info throughput).
  EXPECT_EQ(R.ports(2), "ALU2");
  EXPECT_EQ(R.D[2].DividerCycles, 14u);
  EXPECT_EQ(R.D[2].Latency, 25u); // middle of uops.info's 8..41
  EXPECT_EQ(R.ports(3), "FP3");
  EXPECT_EQ(R.D[3].DividerCycles, 4u);
}

TEST(AMDZnver1, IdiomsAndFusion) {
  Decoded R = decodeAsm("znver1", ".L:\n"
                                  "xorl %eax, %eax\n"
                                  "movq %rax, %rbx\n"
                                  "vmovaps %ymm1, %ymm6\n"
                                  "vfmadd231pd %ymm1, %ymm2, %ymm3\n"
                                  "cmpq %rsi, %rdi\n"
                                  "jne .L\n");
  EXPECT_TRUE(R.D[0].ZeroIdiom);
  EXPECT_TRUE(R.D[0].Reads.empty());
  EXPECT_EQ(R.D[0].numUops(), 0u);
  EXPECT_TRUE(R.D[1].EliminatedMove);
  EXPECT_EQ(R.D[1].Latency, 0u);
  EXPECT_TRUE(R.D[2].EliminatedMove);
  // 128-bit FP pipes: a YMM FMA is two macro-ops on FP0|FP1, latency 5.
  EXPECT_EQ(R.ports(3), "2*FP0|FP1");
  EXPECT_EQ(R.D[3].Latency, 5u);
  // CMP + Jcc fuse.
  EXPECT_TRUE(R.D[4].MacroFusedWithNext);
  EXPECT_TRUE(R.D[5].MacroFusedIntoPrev);
  EXPECT_EQ(R.D[5].numUops(), 0u);
  // ADD + Jcc does not (Zen 3 and later only).
  Decoded A = decodeAsm("znver1", ".L:\naddq $1, %rcx\njne .L\n");
  EXPECT_FALSE(A.D[0].MacroFusedWithNext);
}

//===----------------------------------------------------------------------===//
// znver2
//===----------------------------------------------------------------------===//

TEST(AMDZnver2, WideFPPipesAndThirdAGU) {
  Decoded R = decodeAsm("znver2", "vfmadd231pd %ymm1, %ymm2, %ymm3\n"
                                  "vaddpd %ymm1, %ymm2, %ymm3\n"
                                  "movq (%rsi), %r8\n"
                                  "movq %r9, (%rdi)\n"
                                  "vmovd %xmm0, %eax\n");
  expectAllUopsHavePorts(R);
  // 256-bit pipes: one macro-op, exact uops.info ports.
  EXPECT_EQ(R.D[0].Source, DecodeSource::UopsInfo);
  EXPECT_EQ(R.ports(0), "FP0|FP1");
  EXPECT_EQ(R.D[0].Latency, 5u);
  EXPECT_EQ(R.ports(1), "FP2|FP3");
  EXPECT_EQ(R.D[1].Latency, 3u);
  EXPECT_EQ(R.ports(2), "AGU0|AGU1|AGU2");
  EXPECT_EQ(R.ports(3), "AGU0|AGU1|AGU2+ST0");
  EXPECT_EQ(R.ports(4), "FP2");
}

TEST(AMDZnver2, DividerZeroIdiomAndMoves) {
  Decoded R = decodeAsm("znver2", "divl %ecx\n"
                                  "sqrtsd %xmm1, %xmm0\n"
                                  "subl %edx, %edx\n"
                                  "movl %esi, %edi\n");
  EXPECT_EQ(R.ports(0), "ALU2");
  EXPECT_GT(R.D[0].DividerCycles, 0u);
  EXPECT_EQ(R.ports(1), "FP3");
  EXPECT_GT(R.D[1].DividerCycles, 0u);
  EXPECT_TRUE(R.D[2].ZeroIdiom);
  EXPECT_EQ(R.D[2].numUops(), 0u);
  EXPECT_TRUE(R.D[3].EliminatedMove);
}

//===----------------------------------------------------------------------===//
// znver3
//===----------------------------------------------------------------------===//

TEST(AMDZnver3, LoadOpFMAIdiomsAndMoves) {
  Decoded R = decodeAsm("znver3", "addq (%rbx), %rax\n"
                                  "vfmadd231pd %ymm1, %ymm2, %ymm3\n"
                                  "xorl %eax, %eax\n"
                                  "movq %rax, %rbx\n"
                                  "vpcmpeqd %xmm7, %xmm7, %xmm7\n");
  expectAllUopsHavePorts(R);
  EXPECT_EQ(R.D[0].Source, DecodeSource::UopsInfoPartial);
  EXPECT_EQ(R.D[0].FusedUops, 1u);
  EXPECT_EQ(R.ports(0), "AGU0|AGU1|AGU2+ALU0|ALU1|ALU2|ALU3");
  EXPECT_EQ(count(R.D[0], UopKind::Load), 1u);
  EXPECT_EQ(count(R.D[0], UopKind::Compute), 1u);
  EXPECT_EQ(R.D[0].LoadLatency, 4u);
  EXPECT_EQ(R.D[1].Source, DecodeSource::UopsInfo);
  EXPECT_EQ(R.ports(1), "FP0|FP1");
  EXPECT_EQ(R.D[1].Latency, 4u);
  EXPECT_TRUE(R.D[2].ZeroIdiom);
  EXPECT_EQ(R.D[2].numUops(), 0u);
  EXPECT_TRUE(R.D[3].EliminatedMove);
  EXPECT_EQ(R.D[3].numUops(), 0u);
  // All-ones idiom: no input dependency, but it still executes.
  EXPECT_TRUE(R.D[4].OnesIdiom);
  EXPECT_TRUE(R.D[4].Reads.empty());
  EXPECT_EQ(R.ports(4), "FP0|FP1|FP2|FP3");
}

TEST(AMDZnver3, DividerStoresAndBranchUnit) {
  Decoded R = decodeAsm("znver3", "divq %rcx\n"
                                  "movq %rax, 8(%rbx)\n"
                                  "vmovd %xmm0, %eax\n"
                                  "cmovneq %r11, %r12\n"
                                  "jne .L\n"
                                  ".L:\n");
  expectAllUopsHavePorts(R);
  // Integer divide: uops.info's 2 macro-ops, on ALU0 (the divider's ALU),
  // 7 cycles of divider occupancy.
  EXPECT_EQ(R.ports(0), "2*ALU0");
  EXPECT_EQ(R.D[0].DividerCycles, 7u);
  EXPECT_EQ(R.D[0].Latency, 14u);
  // Two stores per cycle: the data through ST0|ST1, the address on an AGU.
  EXPECT_EQ(R.ports(1), "ST0|ST1+AGU0|AGU1|AGU2");
  EXPECT_EQ(R.D[1].Uops[0].Kind, UopKind::StoreData);
  EXPECT_EQ(R.D[1].Uops[1].Kind, UopKind::StoreAddress);
  // FP-to-integer moves on uops.info's FP45 pipes.
  EXPECT_EQ(R.ports(2), "FP4|FP5");
  EXPECT_EQ(R.ports(3), "ALU0|ALU3");
  // A lone branch runs on ALU0 or the branch unit.
  EXPECT_EQ(R.ports(4), "ALU0|BRU1");
  EXPECT_EQ(R.D[4].Uops[0].Kind, UopKind::Branch);
}

TEST(AMDZnver3, ArithmeticFusesWithBranches) {
  Decoded R = decodeAsm("znver3", IntegerLoop);
  // dec + jnz: one macro-op on the branch pipes.
  EXPECT_TRUE(R.D[4].MacroFusedWithNext);
  EXPECT_EQ(R.ports(4), "ALU0|BRU1");
  EXPECT_EQ(R.D[5].FusedUops, 0u);
  // Zen 3 fuses with every condition, sign and overflow included.
  for (const char *Pair : {".L:\nsubq $1, %rcx\njs .L\n",
                           ".L:\nxorl %eax, %edx\njne .L\n",
                           ".L:\norq %rax, %rdx\njo .L\n",
                           ".L:\nandl $7, %eax\njne .L\n"}) {
    Decoded F = decodeAsm("znver3", Pair);
    EXPECT_TRUE(F.D[0].MacroFusedWithNext) << Pair;
  }
  // No fusion of a memory operand with an immediate.
  Decoded MI = decodeAsm("znver3", ".L:\ncmpl $0, (%rdi)\njne .L\n");
  EXPECT_FALSE(MI.D[0].MacroFusedWithNext);
}

//===----------------------------------------------------------------------===//
// znver4
//===----------------------------------------------------------------------===//

TEST(AMDZnver4, AVX512AndFPStores) {
  Decoded R = decodeAsm("znver4", "vfmadd231pd %zmm1, %zmm2, %zmm3\n"
                                  "vaddpd %zmm1, %zmm2, %zmm3\n"
                                  "vmovapd %ymm0, (%rdi)\n"
                                  "vdivpd %ymm1, %ymm2, %ymm3\n");
  expectAllUopsHavePorts(R);
  EXPECT_EQ(R.D[0].Source, DecodeSource::UopsInfo);
  // 512-bit operations pass twice through a 256-bit pipe (uops.info: 1.00
  // cycles per zmm FMA where FP0|FP1 allow 0.50): two uops, one latency.
  EXPECT_EQ(R.ports(0), "2*FP0|FP1");
  EXPECT_EQ(R.D[0].Latency, 4u);
  EXPECT_EQ(R.ports(1), "2*FP2|FP3");
  // FP store: uops.info's FP45 store-data pipe (one store per cycle
  // measured: two passes over the pair), the address on an AGU (which
  // uops.info's AMD rows do not list) and two 128-bit store-data slots.
  EXPECT_EQ(R.ports(2), "2*FP4|FP5+AGU0|AGU1|AGU2+2*ST0|ST1");
  EXPECT_EQ(count(R.D[2], UopKind::StoreData), 2u);
  EXPECT_EQ(count(R.D[2], UopKind::StoreAddress), 1u);
  // FP divide occupies the divider (on FP1 in this model).
  EXPECT_EQ(R.M->Divider.Port, unsigned(R.M->portIndex("FP1")));
  EXPECT_GT(R.D[3].DividerCycles, 0u);
}

TEST(AMDZnver4, VectorDataPaths) {
  // The rules of MemoryDesc::VectorLoadPorts / VectorLoadBits /
  // StoreDataBits and PipeOccupancyFromMeasuredThroughput (measured figures
  // in the znver4 description and test/lit/Vector/zen4-datapaths.test).
  Decoded R = decodeAsm("znver4", "vmovups (%rsi), %xmm0\n"
                                  "vmovups (%rsi), %zmm1\n"
                                  "vaddps 64(%rsi), %zmm2, %zmm2\n"
                                  "vmovups %zmm3, (%rdi)\n"
                                  "movq %rax, (%rdi)\n"
                                  "movq (%rsi), %rbx\n"
                                  "vmovq %xmm4, %rcx\n");
  expectAllUopsHavePorts(R);
  // A vector load is a load on two of the three load pipes, nothing else
  // (LLVM's FP45 booking dropped: uops.info lists no pipe).
  EXPECT_EQ(R.ports(0), "AGU0|AGU1");
  EXPECT_EQ(R.D[0].Latency, 8u);
  // 512 bits: two 256-bit load slots.
  EXPECT_EQ(R.ports(1), "2*AGU0|AGU1");
  EXPECT_EQ(count(R.D[1], UopKind::Load), 2u);
  EXPECT_EQ(R.ports(2), "2*AGU0|AGU1+2*FP2|FP3");
  EXPECT_EQ(R.D[2].Latency, 3u);
  // A zmm store: FP45 four times (uops.info: 2.00 cycles where the pair
  // allows 0.50), four 128-bit store-data slots, one store-queue address.
  EXPECT_EQ(count(R.D[3], UopKind::StoreData), 4u);
  EXPECT_EQ(count(R.D[3], UopKind::StoreAddress), 1u);
  EXPECT_EQ(R.ports(3), "4*FP4|FP5+AGU0|AGU1|AGU2+4*ST0|ST1");
  // GPR loads and stores are unchanged.
  EXPECT_EQ(R.ports(4), "ST0|ST1+AGU0|AGU1|AGU2");
  EXPECT_EQ(R.ports(5), "AGU0|AGU1|AGU2");
  // FP-to-GPR moves share the one-per-cycle FP45 pass with stores.
  EXPECT_EQ(R.ports(6), "2*FP4|FP5");
  // Extra passes take no issue slots (the zmm store is two macro-ops in
  // uops.info's count).
  for (size_t I = 0; I < R.D.size(); ++I)
    EXPECT_EQ(R.D[I].IssueSlots, I == 3 ? 2u : 1u) << "instruction " << I;
}

TEST(AMDZnver4, MicrocodedGathersSerialise) {
  // MachineModel::MicrocodeSequencerOps: 81 macro-ops at uops.info's
  // measured 16.50 cycles occupy the sequencer (lround: 17); a 2-op
  // instruction is not affected.
  Decoded R = decodeAsm("znver4", "vgatherdps (%rdi,%zmm0,4), %zmm1 {%k1}\n"
                                  "vcvttsd2si %xmm0, %rax\n");
  EXPECT_EQ(R.D[0].SerialCycles, 17u);
  EXPECT_EQ(R.D[0].FusedUops, 81u);
  EXPECT_EQ(R.D[1].SerialCycles, 0u);
  // Zen 3's model does not have the rule.
  Decoded Z = decodeAsm("znver3", "vgatherdps %ymm2, (%rdi,%ymm0,4), %ymm1\n");
  EXPECT_EQ(Z.D[0].SerialCycles, 0u);
}

TEST(AMDZnver4, DividerSticks512BitMode) {
  // DividerDesc::Sticky512BitMode (measured, eval/vector-loops/probes/
  // zen4-divider.s): beside a 512-bit divide, a scalar or 256-bit FP divide
  // or square root takes its own zmm form's divider time (uops.info:
  // VDIVPD zmm 9, VDIVPS zmm 6, VSQRTPD zmm 16); integer divides keep theirs.
  Decoded R = decodeAsm("znver4", "vdivpd %zmm4, %zmm1, %zmm8\n"
                                  "vdivsd %xmm7, %xmm1, %xmm11\n"
                                  "vdivsd %xmm7, %xmm1, %xmm16\n"
                                  "divss %xmm7, %xmm12\n"
                                  "vdivpd %ymm4, %ymm1, %ymm9\n"
                                  "vsqrtsd %xmm1, %xmm1, %xmm13\n"
                                  "divq %rcx\n");
  EXPECT_EQ(R.D[0].DividerCycles, 9u);
  EXPECT_EQ(R.D[1].DividerCycles, 9u);
  EXPECT_EQ(R.D[2].DividerCycles, 9u); // EVEX-encoded (xmm16)
  EXPECT_EQ(R.D[3].DividerCycles, 6u);
  EXPECT_EQ(R.D[4].DividerCycles, 9u);
  EXPECT_EQ(R.D[5].DividerCycles, 16u);
  EXPECT_EQ(R.D[6].DividerCycles, 7u);
  for (unsigned I = 1; I < 6; ++I) {
    unsigned OnUops = 0;
    for (const Uop &U : R.D[I].Uops)
      OnUops += U.DividerCycles;
    EXPECT_EQ(OnUops, R.D[I].DividerCycles) << "instruction " << I;
  }
  // Without a 512-bit divide, uops.info's own figures.
  Decoded N = decodeAsm("znver4", "vaddpd %zmm4, %zmm1, %zmm8\n"
                                  "vdivsd %xmm7, %xmm1, %xmm11\n"
                                  "divss %xmm7, %xmm12\n");
  EXPECT_EQ(N.D[1].DividerCycles, 5u);
  EXPECT_EQ(N.D[2].DividerCycles, 3u);
}

TEST(AMDZnver4, IntegerCoreAsZen3) {
  Decoded R = decodeAsm("znver4", "addq (%rbx), %rax\n"
                                  "movq %rax, 8(%rbx)\n"
                                  "divq %rcx\n"
                                  "xorl %eax, %eax\n"
                                  "movq %rax, %rdx\n");
  // (rbx stays: the store writes its own chunk every iteration, so
  // MemoryDesc::StoreCommitPairBytes leaves it both store-data ports.)
  expectAllUopsHavePorts(R);
  EXPECT_EQ(R.ports(0), "AGU0|AGU1|AGU2+ALU0|ALU1|ALU2|ALU3");
  EXPECT_EQ(R.D[0].FusedUops, 1u);
  EXPECT_EQ(R.ports(1), "ST0|ST1+AGU0|AGU1|AGU2");
  EXPECT_EQ(R.ports(2), "2*ALU0");
  EXPECT_EQ(R.D[2].DividerCycles, 7u);
  EXPECT_TRUE(R.D[3].ZeroIdiom);
  EXPECT_TRUE(R.D[4].EliminatedMove);
  Decoded F = decodeAsm("znver4", ".L:\nincq %rax\njne .L\n");
  EXPECT_TRUE(F.D[0].MacroFusedWithNext);
}

} // namespace

namespace {
TEST(AMDZnver4, SbbSameRegisterReadsTheCarryOnly) {
  // Measured on Zen 4: cmp rax, 1; sbb rbx, rbx; add rbx, 1 runs at 1.00
  // cycle per iteration, so the sbb does not wait for rbx.
  auto gprReads = [](const DecodedInstr &D) {
    unsigned N = 0;
    for (RegUnit U : D.Reads)
      N += !isFlagUnit(U);
    return N;
  };
  Decoded Z4 = decodeAsm("znver4", "sbbq %rbx, %rbx\nsbbq %rcx, %rbx\n");
  EXPECT_EQ(gprReads(Z4.D[0]), 0u);
  EXPECT_EQ(gprReads(Z4.D[1]), 2u); // different registers: both inputs
  Decoded Z3 = decodeAsm("znver3", "sbbq %rbx, %rbx\n");
  EXPECT_EQ(gprReads(Z3.D[0]), 1u); // not modelled on Zen 3
}
} // namespace

namespace {
TEST(AMDZnver4, ThreeComponentLeaIsTwoALUOps) {
  // uops.info: LEA_B_I_D8 (R64) 2 uops at 0.5 cycles on Zen 3/4; measured
  // on Zen 4, eight independent ones + dec/jnz take 4.26 cycles. LLVM's
  // znver4 model lists one op; two-component forms stay single.
  Decoded R = decodeAsm("znver4", "leaq 1(%rax,%rbx), %rcx\n"
                                  "leaq (%rax,%rbx,2), %rcx\n");
  EXPECT_EQ(R.D[0].numUops(), 2u);
  EXPECT_EQ(R.D[0].IssueSlots, 2u);
  EXPECT_EQ(R.D[0].Latency, 1u); // the index path (the base path is 2)
  EXPECT_EQ(R.D[1].numUops(), 1u);
  for (const Uop &U : R.D[0].Uops)
    EXPECT_EQ(U.Ports, R.M->IntALUPorts);
}
} // namespace
