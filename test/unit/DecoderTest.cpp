//===- DecoderTest.cpp - Pinned decodings per microarchitecture ----------===//
//
// Exact uop decompositions that must not drift: fused/unfused counts, port
// sets, latencies, idioms and the divider, on every modelled CPU.
//
//===----------------------------------------------------------------------===//
#include "DecodeFixture.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

using test::Decoded;
using test::decodeAsm;

TEST(DecoderSkylake, LoadOpIsMicroFused) {
  Decoded R = decodeAsm("skylake", "addq (%rbx), %rax\n");
  const DecodedInstr &D = R.D[0];
  EXPECT_EQ(D.FusedUops, 1u);
  EXPECT_EQ(D.numUops(), 2u);
  EXPECT_EQ(R.ports(0), "p0156+p23");
  EXPECT_EQ(D.Source, DecodeSource::UopsInfo);
  EXPECT_EQ(D.Variant, "ADD (R64, M64)");
  EXPECT_EQ(D.Latency, 1u);
  EXPECT_EQ(D.LoadLatency, 4u);
  EXPECT_EQ(D.IssueSlots, 1u);
}

TEST(DecoderSkylake, ZeroIdiomNeedsNoPort) {
  Decoded R = decodeAsm("skylake", "xorl %eax, %eax\n");
  EXPECT_TRUE(R.D[0].ZeroIdiom);
  EXPECT_TRUE(R.D[0].Reads.empty());
  EXPECT_EQ(R.D[0].numUops(), 0u);
  EXPECT_EQ(R.D[0].FusedUops, 1u);
}

TEST(DecoderSkylake, XorOfDifferentRegistersIsNotAnIdiom) {
  Decoded R = decodeAsm("skylake", "xorl %ebx, %eax\n");
  EXPECT_FALSE(R.D[0].ZeroIdiom);
  EXPECT_EQ(R.ports(0), "p0156");
}

TEST(DecoderSkylake, DivsdOccupiesTheDivider) {
  Decoded R = decodeAsm("skylake", "divsd %xmm1, %xmm0\n");
  EXPECT_EQ(R.ports(0), "p0");
  EXPECT_EQ(R.D[0].DividerCycles, 4u);
  EXPECT_EQ(R.D[0].Uops[0].DividerCycles, 4u);
}

TEST(DecoderSkylake, StoreIsAddressPlusData) {
  Decoded R = decodeAsm("skylake", "movq %rax, 8(%rbx)\n"
                                   "movq %rax, 8(%rbx,%rcx,8)\n");
  ASSERT_EQ(R.D[0].numUops(), 2u);
  EXPECT_EQ(R.D[0].Uops[0].Kind, UopKind::StoreAddress);
  EXPECT_EQ(R.D[0].Uops[1].Kind, UopKind::StoreData);
  EXPECT_EQ(R.ports(0), "p237+p4");
  EXPECT_EQ(R.D[0].FusedUops, 1u);
  // Port 7 handles simple addresses only.
  EXPECT_EQ(R.ports(1), "p23+p4");
}

TEST(DecoderSkylake, MacroFusion) {
  Decoded R = decodeAsm("skylake", ".L:\ncmpq %rbx, %r15\njb .L\n");
  EXPECT_TRUE(R.D[0].MacroFusedWithNext);
  EXPECT_TRUE(R.D[1].MacroFusedIntoPrev);
  EXPECT_EQ(R.D[1].IssueSlots, 0u);
  EXPECT_EQ(R.ports(0), "p06");
}

TEST(DecoderSkylake, IncDoesNotFuseWithCarryConditions) {
  Decoded R = decodeAsm("skylake", ".L:\nincq %rax\njb .L\n");
  EXPECT_FALSE(R.D[0].MacroFusedWithNext);
}

TEST(DecoderSkylake, UnlaminationOfIndexedThreeOperandForms) {
  Decoded R = decodeAsm("skylake", "vaddsd 16(%r12,%r13), %xmm2, %xmm3\n"
                                   "addq (%rbx,%rcx), %rax\n"
                                   "vaddsd 16(%r12), %xmm2, %xmm3\n");
  EXPECT_TRUE(R.D[0].Unlaminated);
  EXPECT_EQ(R.D[0].IssueSlots, 2u);
  EXPECT_FALSE(R.D[1].Unlaminated); // 2-operand read-modify-write stays fused
  EXPECT_FALSE(R.D[2].Unlaminated); // no index register
}

TEST(DecoderSkylake, LeaFormsAndEliminatedMoves) {
  Decoded R = decodeAsm("skylake", "leaq 8(%rax,%rbx,4), %rcx\n"
                                   "leaq 8(%rax), %rcx\n"
                                   "movl %eax, %ebx\n");
  EXPECT_EQ(R.D[0].Variant, "LEA_B_IS_D8 (R64)");
  EXPECT_EQ(R.D[0].Latency, 3u);
  EXPECT_EQ(R.ports(0), "p1");
  EXPECT_EQ(R.D[1].Variant, "LEA_B_D8 (R64)");
  EXPECT_EQ(R.D[1].Latency, 1u);
  EXPECT_TRUE(R.D[2].EliminatedMove);
  EXPECT_EQ(R.D[2].Latency, 0u);
}

TEST(DecoderSkylake, IntelAndATTSyntaxDecodeAlike) {
  Decoded A = decodeAsm("skylake", "vfmadd231ps (%rax,%rbx,4), %ymm1, %ymm2\n");
  Decoded I = decodeAsm("skylake", ".intel_syntax noprefix\n"
                                   "vfmadd231ps ymm2, ymm1, ymmword ptr [rax+rbx*4]\n");
  EXPECT_EQ(A.D[0].Variant, I.D[0].Variant);
  EXPECT_EQ(A.ports(0), I.ports(0));
  EXPECT_EQ(A.D[0].Latency, I.D[0].Latency);
}

TEST(DecoderSkylake, ConstantIncrementsAreRecognised) {
  Decoded R = decodeAsm("skylake", "addq $32, %r12\nsubq $8, %rdi\n"
                                   "incq %r15\nleaq 16(%rsi), %rsi\n");
  EXPECT_EQ(R.D[0].Increment, 32);
  EXPECT_EQ(R.D[1].Increment, -8);
  EXPECT_EQ(R.D[2].Increment, 1);
  EXPECT_EQ(R.D[3].Increment, 16);
}

} // namespace

//===----------------------------------------------------------------------===//
// One or more pinned cases per Intel model (values checked against the
// uops.info row named in Variant, or LLVM's scheduling model for Sandy
// Bridge, which uops.info does not cover).
//===----------------------------------------------------------------------===//

TEST(DecoderSandyBridge, SchedModelPortsAndNoMoveElimination) {
  Decoded R = decodeAsm("sandybridge", "addps %xmm1, %xmm2\n"
                                       "mulps %xmm1, %xmm3\n"
                                       "movq %rax, %rbx\n"
                                       "movq %rax, 8(%rbx)\n"
                                       "xorps %xmm0, %xmm0\n");
  EXPECT_EQ(R.D[0].Source, DecodeSource::LLVMSchedModel);
  EXPECT_EQ(R.ports(0), "p1");
  EXPECT_EQ(R.D[0].Latency, 3u);
  EXPECT_EQ(R.ports(1), "p0");
  EXPECT_EQ(R.D[1].Latency, 5u);
  EXPECT_FALSE(R.D[2].EliminatedMove); // move elimination came with IVB
  EXPECT_EQ(R.ports(2), "p015");
  // SBPort23 is one 2-unit resource; the scheduling model lists the
  // store-data port first.
  EXPECT_EQ(R.ports(3), "p4+p23");
  ASSERT_EQ(R.D[3].numUops(), 2u);
  EXPECT_EQ(R.D[3].Uops[0].Kind, UopKind::StoreData);
  EXPECT_EQ(R.D[3].Uops[1].Kind, UopKind::StoreAddress);
  EXPECT_TRUE(R.D[4].ZeroIdiom);
  EXPECT_EQ(R.D[4].numUops(), 0u);
  EXPECT_FALSE(R.M->BackEnd.ROBMicroFusion);
  EXPECT_EQ(unsigned(R.M->BackEnd.SchedulerSize), 48u);
}

TEST(DecoderHaswell, UnlaminatedIndexedLoadOpAndFMA) {
  Decoded R = decodeAsm("haswell", "vaddpd (%rax,%rbx), %ymm1, %ymm2\n"
                                   "vfmadd231pd %ymm1, %ymm2, %ymm3\n"
                                   "movq %rax, %rbx\n");
  EXPECT_EQ(R.D[0].Variant, "VADDPD (YMM, YMM, M256)");
  EXPECT_TRUE(R.D[0].Unlaminated);
  EXPECT_EQ(R.D[0].IssueSlots, 2u);
  EXPECT_EQ(R.ports(0), "p1+p23");
  EXPECT_EQ(R.ports(1), "p01");
  EXPECT_EQ(R.D[1].Latency, 5u);
  EXPECT_TRUE(R.D[2].EliminatedMove);
}

TEST(DecoderBroadwell, FasterMultiplyAndDivider) {
  Decoded R = decodeAsm("broadwell", "vmulpd %ymm1, %ymm2, %ymm3\n"
                                     "divsd %xmm1, %xmm0\n");
  EXPECT_EQ(R.ports(0), "p01");
  EXPECT_EQ(R.D[0].Latency, 3u); // Haswell: 5
  EXPECT_EQ(R.ports(1), "p0");
  EXPECT_EQ(R.D[1].DividerCycles, 4u);
}

TEST(DecoderSkylakeAVX512, ZmmFMAOnPorts0And5) {
  Decoded R = decodeAsm("skylake-avx512", "vfmadd231pd %zmm1, %zmm2, %zmm3\n");
  EXPECT_EQ(R.D[0].Variant, "VFMADD231PD (ZMM, ZMM, ZMM)");
  EXPECT_EQ(R.ports(0), "p05");
  EXPECT_EQ(R.D[0].Latency, 4u);
}

TEST(DecoderCascadeLake, IssueExamples) {
  Decoded R = decodeAsm("cascadelake", "vfmadd231pd %zmm1, %zmm2, %zmm3\n"
                                       "addq (%rbx), %rax\n"
                                       "xorl %eax, %eax\n"
                                       "divsd %xmm1, %xmm0\n"
                                       "movq %rax, 8(%rbx)\n");
  EXPECT_EQ(R.D[0].numUops(), 1u);
  EXPECT_EQ(R.D[0].FusedUops, 1u);
  EXPECT_EQ(R.ports(0), "p05");
  EXPECT_EQ(R.D[0].Latency, 4u);
  EXPECT_EQ(R.D[1].FusedUops, 1u);
  EXPECT_EQ(R.D[1].numUops(), 2u);
  EXPECT_EQ(R.ports(1), "p0156+p23");
  EXPECT_TRUE(R.D[2].ZeroIdiom);
  EXPECT_EQ(R.D[3].DividerCycles, 4u);
  EXPECT_EQ(R.ports(4), "p237+p4");
}

// MachineModel::ShiftByCLFlagsCycles: the old flags in, the flags out two
// cycles after them with the last uop; the result still from the shift
// (or SHLD's own uops) in one cycle, without the old flags.
TEST(DecoderCascadeLake, ShiftsByCLMergeTheOldFlags) {
  Decoded R = decodeAsm("cascadelake", "shlq %cl, %rax\n"
                                       "shldq %cl, %r9, %r8\n"
                                       "shlq $3, %rax\n");
  for (unsigned I : {0u, 1u}) {
    const DecodedInstr &D = R.D[I];
    EXPECT_TRUE(is_contained(D.Reads, regunit::CF)) << I;
    EXPECT_TRUE(is_contained(D.Reads, regunit::SZOP)) << I;
    EXPECT_EQ(D.Latency, 1u) << I;
    EXPECT_EQ(D.FlagsLatency, 0) << I;
    EXPECT_EQ(D.FlagsOutLatency, 2) << I;
    unsigned FromFlags = 0, Result = 0;
    for (const Uop &U : D.Uops) {
      FromFlags += U.Sources == SourceSubset::Flags;
      Result += U.WritesResult;
      if (U.WritesResult) {
        EXPECT_EQ(U.Sources, SourceSubset::NonFlags) << I;
        EXPECT_EQ(U.Latency, 1u) << I;
      }
    }
    EXPECT_EQ(FromFlags, 1u) << I;
    EXPECT_EQ(Result, I == 0 ? 1u : 2u) << I;
  }
  EXPECT_EQ(R.ports(1), "p0156+2*p06+p1");
  // By an immediate: no flag input, the flags with the result.
  EXPECT_FALSE(is_contained(R.D[2].Reads, regunit::CF));
  EXPECT_EQ(R.D[2].FlagsOutLatency, -1);
  // Haswell: the split of ShiftByCLFlagUops, not this rule.
  Decoded H = decodeAsm("haswell", "shlq %cl, %rax\n");
  EXPECT_EQ(H.D[0].FlagsLatency, 0);
  EXPECT_EQ(H.D[0].FlagsOutLatency, -1);
}

TEST(DecoderIceLakeServer, TwoStorePortsAndNoGPRMoveElimination) {
  Decoded R = decodeAsm("icelake-server", "movq %rax, 8(%rbx)\n"
                                          "movq %rax, %rbx\n"
                                          "movq 8(%rsi), %rdx\n"
                                          "vfmadd231pd %ymm1, %ymm2, %ymm3\n");
  EXPECT_EQ(R.ports(0), "p49+p78");
  EXPECT_FALSE(R.D[1].EliminatedMove); // erratum ICL065
  EXPECT_EQ(R.ports(1), "p0156");
  EXPECT_EQ(R.D[2].LoadLatency, 5u);
  EXPECT_EQ(R.ports(3), "p01");
  EXPECT_EQ(R.D[3].Latency, 4u);
}

TEST(DecoderIceLakeFamily, TigerAndRocketLake) {
  Decoded T = decodeAsm("tigerlake", "vfmadd231pd %zmm1, %zmm2, %zmm3\n"
                                     "movq %rax, %rbx\n");
  EXPECT_EQ(T.ports(0), "p0"); // one 512-bit FMA unit on the client parts
  EXPECT_FALSE(T.D[1].EliminatedMove);
  Decoded R = decodeAsm("rocketlake", "movq %rax, %rbx\n");
  EXPECT_TRUE(R.D[0].EliminatedMove);
}

TEST(DecoderAlderLake, TwelvePorts) {
  Decoded R = decodeAsm("alderlake", "addq (%rbx), %rax\n"
                                     "addps %xmm1, %xmm2\n"
                                     "movq %rax, 8(%rbx)\n"
                                     "xorl %ecx, %ecx\n");
  EXPECT_EQ(R.ports(0), "p0156B+p23A");
  EXPECT_EQ(R.ports(1), "p15"); // fast FP adders
  EXPECT_EQ(R.D[1].Latency, 2u);
  EXPECT_EQ(R.ports(2), "p49+p78");
  EXPECT_TRUE(R.D[3].ZeroIdiom);
  EXPECT_EQ(unsigned(R.M->FrontEnd.IssueWidth), 6u);
}

//===----------------------------------------------------------------------===//
// AMD: uops.info gives ports for the FP pipes only; integer units come from
// LLVM's znver scheduling models (UopsInfoPartial).
//===----------------------------------------------------------------------===//

TEST(DecoderZnver1, SplitYmmAndFPDivider) {
  Decoded R = decodeAsm("znver1", "vaddpd %ymm1, %ymm2, %ymm3\n"
                                  "divsd %xmm1, %xmm0\n"
                                  "movq %rax, %rbx\n");
  EXPECT_EQ(R.D[0].numUops(), 2u); // 256-bit ops are two 128-bit macro-ops
  EXPECT_EQ(R.ports(0), "2*FP2|FP3");
  EXPECT_EQ(R.ports(1), "FP3");
  EXPECT_EQ(R.D[1].DividerCycles, 4u);
  EXPECT_TRUE(R.D[2].EliminatedMove);
}

TEST(DecoderZnver2, LoadOpKeepsItsMemoryOperand) {
  Decoded R = decodeAsm("znver2", "addq (%rbx), %rax\n"
                                  "vfmadd231pd %ymm1, %ymm2, %ymm3\n"
                                  "xorl %eax, %eax\n");
  EXPECT_EQ(R.D[0].Source, DecodeSource::UopsInfoPartial);
  EXPECT_EQ(R.D[0].FusedUops, 1u);
  EXPECT_EQ(R.ports(0), "AGU0|AGU1|AGU2+ALU0|ALU1|ALU2|ALU3");
  EXPECT_EQ(R.ports(1), "FP0|FP1");
  EXPECT_EQ(R.D[1].Latency, 5u);
  EXPECT_TRUE(R.D[2].ZeroIdiom);
  EXPECT_EQ(R.D[2].numUops(), 0u);
}

TEST(DecoderZnver3, StoresDividerAndBranchFusion) {
  Decoded R = decodeAsm("znver3", "movq %rax, 8(%rbx)\n"
                                  "divsd %xmm1, %xmm0\n"
                                  "vfmadd231pd %ymm1, %ymm2, %ymm3\n"
                                  "movq %rax, %rbx\n");
  ASSERT_EQ(R.D[0].numUops(), 2u);
  EXPECT_EQ(R.ports(0), "ST0|ST1+AGU0|AGU1|AGU2");
  EXPECT_EQ(R.D[0].Uops[0].Kind, UopKind::StoreData);
  EXPECT_EQ(R.D[0].Uops[1].Kind, UopKind::StoreAddress);
  EXPECT_EQ(R.ports(1), "FP0|FP1");
  EXPECT_EQ(R.D[1].Latency, 13u);
  EXPECT_EQ(R.D[1].DividerCycles, 5u);
  EXPECT_EQ(R.D[2].Latency, 4u);
  EXPECT_TRUE(R.D[3].EliminatedMove);
  // Zen 3 fuses ALU instructions with a branch; Zen 2 fuses only cmp/test.
  Decoded F3 = decodeAsm("znver3", ".L:\naddq $1, %rcx\njne .L\n");
  EXPECT_TRUE(F3.D[0].MacroFusedWithNext);
  EXPECT_EQ(F3.ports(0), "ALU0|BRU1");
  Decoded F2 = decodeAsm("znver2", ".L:\naddq $1, %rcx\njne .L\n");
  EXPECT_FALSE(F2.D[0].MacroFusedWithNext);
}

TEST(DecoderZnver4, AVX512OnFPPipes) {
  Decoded R = decodeAsm("znver4", "vfmadd231pd %zmm1, %zmm2, %zmm3\n"
                                  "vmovapd %ymm0, (%rdi)\n");
  EXPECT_EQ(R.D[0].Source, DecodeSource::UopsInfo);
  EXPECT_EQ(R.ports(0), "2*FP0|FP1"); // 512 bits on 256-bit pipes
  EXPECT_EQ(R.D[0].Latency, 4u);
  EXPECT_EQ(unsigned(R.M->BackEnd.ROBSize), 320u);
  // An FP store: uops.info's FP45 store-data pipe, plus the store queue.
  EXPECT_NE(R.ports(1).find("FP4|FP5"), std::string::npos);
}
