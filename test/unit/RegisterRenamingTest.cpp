//===- RegisterRenamingTest.cpp - A kernel's key up to its registers ------===//
//
// The plugin's analysis cache shares an analysis between loops whose keys
// (RegisterRenaming) are equal: a loop and the same loop with other
// registers must share the key and get the same report, and loops whose
// registers differ in what a rule reads (which operands are equal, rsp,
// rbp's address forms, a byte register's number, an implicit operand) must
// not share it.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/RegisterRenaming.h"
#include "DecodeFixture.h"
#include "luarch/Report/Pipeline.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

/// The kernel of \p Body (a loop back to its first instruction) on \p CPU,
/// with symbolic operands lowered to zero immediates as the plugin's
/// kernels have them (MachineLoopKernel.cpp).
test::Decoded loop(StringRef CPU, StringRef Body) {
  test::Decoded L = test::decodeAsm(CPU, (".Lloop:\n" + Body).str());
  for (KernelInstr &I : L.K.Instrs)
    for (MCOperand &Op : I.Inst)
      if (Op.isExpr())
        Op = MCOperand::createImm(0);
  return L;
}

std::string keyOf(const test::Decoded &L) {
  UopDecoder Dec(*L.M, *L.TC);
  RegisterRenaming Renaming(Dec.semantics());
  std::string Key;
  EXPECT_TRUE(Renaming.appendKernelKey(Key, L.K));
  return Key;
}

// rax->rdi, rbx->rdx, rcx->rsi, rsi->rax, rdx->rbx, rdi->rcx, rbp->r13,
// xmm1->xmm5, xmm2->xmm0, xmm3->xmm7: every instruction keeps its length.
// An eliminated move, a zeroing idiom, a flag chain, address registers, a
// load fed by a store, an induction variable in rbp.
const char *Original = "movq %rax, %rbx\n"
                       "xorl %ecx, %ecx\n"
                       "addq (%rsi,%rdx,8), %rbx\n"
                       "adcq %rbx, %rcx\n"
                       "movq %rcx, 8(%rdi)\n"
                       "addq 8(%rdi), %rax\n"
                       "leaq 8(%rbp), %rbp\n"
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
                      "leaq 8(%r13), %r13\n"
                      "vaddpd %xmm5, %xmm0, %xmm7\n"
                      "vmulpd %xmm7, %xmm7, %xmm5\n"
                      "movapd %xmm5, %xmm0\n"
                      "decq %rbx\n"
                      "jne .Lloop\n";

TEST(RegisterRenaming, RenamedLoopsShareTheKeyAndTheReport) {
  for (const char *CPU : {"znver4", "cascadelake", "alderlake", "znver2"}) {
    test::Decoded A = loop(CPU, Original), B = loop(CPU, Renamed);
    ASSERT_TRUE(A.M && B.M) << CPU;
    ASSERT_EQ(A.K.size(), B.K.size()) << CPU;
    for (size_t I = 0; I < A.K.size(); ++I)
      EXPECT_EQ(A.K.Instrs[I].Size, B.K.Instrs[I].Size)
          << CPU << ": " << A.K.Instrs[I].Text;
    EXPECT_EQ(keyOf(A), keyOf(B)) << CPU;
    UopDecoder Dec(*A.M, *A.TC);
    PipelineOptions PO;
    PO.TripCount = 5;
    KernelReport RA = analyzeKernel(A.K, Dec, PO),
                 RB = analyzeKernel(B.K, Dec, PO);
    EXPECT_EQ(RA.cyclesPerIteration(), RB.cyclesPerIteration()) << CPU;
    EXPECT_EQ(RA.Static.Throughput, RB.Static.Throughput) << CPU;
    EXPECT_EQ(RA.Static.FusedUops, RB.Static.FusedUops) << CPU;
    EXPECT_EQ(RA.bottleneck(), RB.bottleneck()) << CPU;
    ASSERT_TRUE(RA.TripSim && RB.TripSim) << CPU;
    EXPECT_EQ(RA.TripSim->CyclesPerEntry, RB.TripSim->CyclesPerEntry) << CPU;
    for (size_t I = 0; I < RA.Decoded.size(); ++I) {
      EXPECT_EQ(RA.Decoded[I].Variant, RB.Decoded[I].Variant) << CPU;
      EXPECT_EQ(describeUops(*A.M, RA.Decoded[I]),
                describeUops(*A.M, RB.Decoded[I]))
          << CPU << ": " << A.K.Instrs[I].Text;
    }
  }
}

/// Pairs of loops that a renaming does not map onto each other, or whose
/// registers a rule reads: their keys differ.
TEST(RegisterRenaming, WhatARuleReadsIsKept) {
  struct Pair {
    const char *A, *B, *Why;
    bool SameSizes;
  } Pairs[] = {
      {"xorl %ecx, %ecx\n", "xorl %ecx, %edx\n", "a zeroing idiom", true},
      {"movq %rax, %rbx\naddq %rbx, %rcx\n",
       "movq %rax, %rbx\naddq %rdx, %rcx\n", "a dependency", true},
      {"leal (%rbp), %eax\n", "leal (%r8), %eax\n",
       "uops.info's D8 form of a base like rbp", true},
      {"movzbl %sil, %eax\n", "movzbl %r8b, %eax\n",
       "a byte of registers 4-7 (movzx from spl..dil)", true},
      {"movzbl %al, %ecx\n", "movzbl %ah, %ecx\n", "a high byte", true},
      {"movq %rbx, %rcx\nshlq %cl, %rax\n",
       "movq %rbx, %rdx\nshlq %cl, %rax\n", "an implicit operand (cl)", true},
      {"addq $8, %rsp\n", "addq $8, %rax\n", "the stack engine's rsp", true},
      {"addq $8, %rax\n", "addq $16, %rax\n", "an immediate", true},
      {"addl %eax, %ecx\n", "addl %r8d, %ecx\n", "the encoded length",
       false},
  };
  for (const Pair &P : Pairs) {
    test::Decoded A = loop("znver4", P.A), B = loop("znver4", P.B);
    ASSERT_TRUE(A.M && B.M) << P.Why;
    ASSERT_EQ(A.K.size(), B.K.size()) << P.Why;
    bool SameSizes = true;
    for (size_t I = 0; I < A.K.size(); ++I)
      SameSizes &= A.K.Instrs[I].Size == B.K.Instrs[I].Size;
    EXPECT_EQ(SameSizes, P.SameSizes) << P.Why;
    EXPECT_NE(keyOf(A), keyOf(B)) << P.Why;
  }
}

} // namespace

namespace {

/// The uops.info matcher's shape memo (UopsInfoMatcher::shapeKey) keeps
/// al/ax/eax/rax, cl, dx, xmm0 and rbp/r13 exact, where RegisterRenaming
/// renames the accumulator, cl, dx and xmm0 when an instruction names them
/// as an ordinary operand: the matcher spells an explicit operand by its
/// class and only an implied one by name (RegisterRenaming.h). Two keys,
/// one contract: loops that differ only in such an explicit operand share
/// the analysis key, so they must decode alike, on every core's table.
TEST(RegisterRenaming, ExplicitFixedRegistersDecodeByTheirClass) {
  struct Pair {
    const char *A, *B;
  } Pairs[] = {
      {"addb %al, %bl\n", "addb %dl, %bl\n"},
      {"addq %rax, %rbx\n", "addq %rsi, %rbx\n"},
      {"imull %eax, %ecx\n", "imull %edi, %ecx\n"},
      {"xchgq %rbx, %rcx\n", "xchgq %rbx, %rsi\n"},
      {"movzbl %cl, %edx\n", "movzbl %bl, %edx\n"},
      {"addw %dx, %si\n", "addw %bx, %si\n"},
      {"vaddps %xmm0, %xmm1, %xmm2\n", "vaddps %xmm3, %xmm1, %xmm2\n"},
      {"vblendvps %xmm0, %xmm1, %xmm2, %xmm3\n",
       "vblendvps %xmm4, %xmm1, %xmm2, %xmm3\n"},
      {"pxor %xmm0, %xmm1\n", "pxor %xmm5, %xmm1\n"},
  };
  for (const char *CPU : {"znver4", "cascadelake", "alderlake", "skylake"})
    for (const Pair &P : Pairs) {
      test::Decoded A = loop(CPU, P.A), B = loop(CPU, P.B);
      ASSERT_TRUE(A.M && B.M) << CPU << ": " << P.A;
      ASSERT_EQ(A.K.size(), B.K.size()) << P.A;
      EXPECT_EQ(keyOf(A), keyOf(B)) << CPU << ": " << P.A;
      UopDecoder Dec(*A.M, *A.TC);
      KernelReport RA = analyzeKernel(A.K, Dec, PipelineOptions()),
                   RB = analyzeKernel(B.K, Dec, PipelineOptions());
      for (size_t I = 0; I < RA.Decoded.size(); ++I) {
        EXPECT_EQ(RA.Decoded[I].Variant, RB.Decoded[I].Variant)
            << CPU << ": " << P.A;
        EXPECT_EQ(describeUops(*A.M, RA.Decoded[I]),
                  describeUops(*A.M, RB.Decoded[I]))
            << CPU << ": " << P.A;
      }
      EXPECT_EQ(RA.cyclesPerIteration(), RB.cyclesPerIteration())
          << CPU << ": " << P.A;
    }
}

} // namespace
