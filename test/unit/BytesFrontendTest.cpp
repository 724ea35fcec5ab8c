//===- BytesFrontendTest.cpp - Hex, BHive CSVs, uops.info names ----------===//
//
// The bytes frontend (parseHex, kernelFromBytes, readBHiveCSV) and the
// uops.info variant names the matcher derives for representative
// instructions.
//
//===----------------------------------------------------------------------===//
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/InstrTable.h"
#include "luarch/Model/UopsInfoMatcher.h"
#include "luarch/Model/X86Semantics.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

namespace {

std::unique_ptr<TargetContext> makeTC() {
  auto TC = TargetContext::create("", "skylake");
  EXPECT_TRUE(bool(TC)) << toString(TC.takeError());
  return std::move(*TC);
}

std::string errorOf(Error E) { return toString(std::move(E)); }

//===--- parseHex ---------------------------------------------------------===//

TEST(ParseHex, AcceptsTheUsualSpellings) {
  const std::vector<uint8_t> Want = {0x48, 0x01, 0xd8};
  for (StringRef S : {"4801d8", "48 01 d8", "0x48,0x01,0xd8", "0x48, 0x01 0xD8",
                      "  4801D8\n", "0x4801d8"}) {
    auto B = parseHex(S);
    ASSERT_TRUE(bool(B)) << S.str() << ": " << toString(B.takeError());
    EXPECT_EQ(*B, Want) << S.str();
  }
  auto Empty = parseHex("");
  ASSERT_TRUE(bool(Empty));
  EXPECT_TRUE(Empty->empty());
}

TEST(ParseHex, RejectsOddLengthAndBadDigits) {
  auto Odd = parseHex("4801d");
  ASSERT_FALSE(bool(Odd));
  EXPECT_EQ(errorOf(Odd.takeError()),
            "odd number of hex digits in '4801d' at offset 0");
  auto OddGroup = parseHex("48 1 d8");
  ASSERT_FALSE(bool(OddGroup));
  EXPECT_EQ(errorOf(OddGroup.takeError()),
            "odd number of hex digits in '1' at offset 3");
  auto Bad = parseHex("48zz");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(errorOf(Bad.takeError()),
            "invalid hex digit 'z' at offset 2 in '48zz'");
  auto Prefix = parseHex("0x");
  ASSERT_FALSE(bool(Prefix));
  EXPECT_EQ(errorOf(Prefix.takeError()),
            "'0x' without hex digits at offset 0 in '0x'");
}

//===--- kernelFromBytes --------------------------------------------------===//

TEST(KernelFromBytes, DisassemblesWithTheDisassemblersSizes) {
  auto TC = makeTC();
  auto Bytes = parseHex("4801d8 4883c001 c5fd58c1");
  ASSERT_TRUE(bool(Bytes));
  auto K = kernelFromBytes(*TC, *Bytes, "blocks.csv:7");
  ASSERT_TRUE(bool(K)) << toString(K.takeError());
  ASSERT_EQ(K->size(), 3u);
  EXPECT_EQ(K->Name, "blocks.csv:7");
  EXPECT_EQ(K->Loc.File, "blocks.csv:7");
  EXPECT_EQ(K->Shape, KernelShape::Unrolled);
  EXPECT_EQ(K->Instrs[0].Text, "addq %rbx, %rax");
  EXPECT_EQ(K->Instrs[1].Text, "addq $1, %rax");
  EXPECT_EQ(K->Instrs[2].Text, "vaddpd %ymm1, %ymm0, %ymm0");
  EXPECT_EQ(K->Instrs[0].Size, 3u);
  EXPECT_EQ(K->Instrs[1].Size, 4u);
  EXPECT_EQ(K->Instrs[2].Size, 4u);
  EXPECT_EQ(K->Instrs[1].Loc.Address, 3u);
  EXPECT_EQ(K->Instrs[2].Loc.Address, 7u);
  EXPECT_EQ(K->byteSize(), 11u);
}

TEST(KernelFromBytes, KeepsALongEncodingsOwnLength) {
  // addq $1, (%rax) with a 32-bit immediate: re-encoding would pick the
  // short form, the disassembler keeps the 7 bytes.
  auto TC = makeTC();
  auto K = kernelFromBytes(*TC, *parseHex("48810001000000"), "long");
  ASSERT_TRUE(bool(K)) << toString(K.takeError());
  ASSERT_EQ(K->size(), 1u);
  EXPECT_EQ(K->Instrs[0].Size, 7u);
}

TEST(KernelFromBytes, FoldsALockPrefixIntoItsInstruction) {
  auto TC = makeTC();
  auto K = kernelFromBytes(*TC, *parseHex("f0ff07 f0480fb111"), "lock");
  ASSERT_TRUE(bool(K)) << toString(K.takeError());
  ASSERT_EQ(K->size(), 2u);
  EXPECT_EQ(K->Instrs[0].Text, "lock incl (%rdi)");
  EXPECT_EQ(K->Instrs[0].Size, 3u);
  EXPECT_EQ(K->Instrs[1].Text, "lock cmpxchgq %rdx, (%rcx)");
  EXPECT_EQ(K->Instrs[1].Size, 5u);
}

TEST(KernelFromBytes, ReportsUndecodableBytes) {
  auto TC = makeTC();
  // 0x06 (push es) does not exist in 64-bit mode.
  auto Bad = kernelFromBytes(*TC, *parseHex("4801d806"), "x");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(errorOf(Bad.takeError()), "cannot decode byte 0x06 at offset 3");
  // An instruction cut short.
  auto Short = kernelFromBytes(*TC, *parseHex("90904801"), "x");
  ASSERT_FALSE(bool(Short));
  EXPECT_EQ(errorOf(Short.takeError()), "cannot decode byte 0x48 at offset 2");
  auto None = kernelFromBytes(*TC, {}, "x");
  ASSERT_FALSE(bool(None));
  EXPECT_EQ(errorOf(None.takeError()), "no machine code to decode");
}

//===--- readBHiveCSV -----------------------------------------------------===//

struct TempFile {
  SmallString<128> Path;
  explicit TempFile(StringRef Text) {
    int FD;
    EXPECT_FALSE(sys::fs::createTemporaryFile("bhive", "csv", FD, Path));
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
  }
  ~TempFile() { sys::fs::remove(Path); }
};

TEST(ReadBHiveCSV, ReadsBlocksSkipsHeaderAndBlankLines) {
  TempFile F("code,frequency\r\n4801d8,0.5\r\n\n,0.25\n4883c001,2,extra\n");
  auto Blocks = readBHiveCSV(F.Path);
  ASSERT_TRUE(bool(Blocks)) << toString(Blocks.takeError());
  ASSERT_EQ(Blocks->size(), 3u);
  EXPECT_EQ((*Blocks)[0].Hex, "4801d8");
  EXPECT_EQ((*Blocks)[0].Rest, "0.5");
  EXPECT_EQ((*Blocks)[0].Line, 2u);
  // An empty block (BHive lists blocks that only held their branch).
  EXPECT_EQ((*Blocks)[1].Hex, "");
  EXPECT_EQ((*Blocks)[1].Rest, "0.25");
  EXPECT_EQ((*Blocks)[1].Line, 4u);
  EXPECT_EQ((*Blocks)[2].Hex, "4883c001");
  EXPECT_EQ((*Blocks)[2].Rest, "2,extra");
  EXPECT_EQ((*Blocks)[2].Line, 5u);
}

TEST(ReadBHiveCSV, NoHeaderAndNoRest) {
  TempFile F("4801d8\n90,1\n");
  auto Blocks = readBHiveCSV(F.Path);
  ASSERT_TRUE(bool(Blocks)) << toString(Blocks.takeError());
  ASSERT_EQ(Blocks->size(), 2u);
  EXPECT_EQ((*Blocks)[0].Rest, "");
  EXPECT_EQ((*Blocks)[1].Line, 2u);
}

TEST(ReadBHiveCSV, MalformedLinesNameFileAndLine) {
  TempFile F("4801d8,1\n90,1\nnot-hex,3\n");
  auto Blocks = readBHiveCSV(F.Path);
  ASSERT_FALSE(bool(Blocks));
  EXPECT_EQ(errorOf(Blocks.takeError()),
            (F.Path + ":3: error: malformed BHive line: invalid hex digit "
                      "'n' at offset 0 in 'not-hex'")
                .str());
  TempFile Odd("abc,1\n4801d,2\n");
  auto OddBlocks = readBHiveCSV(Odd.Path);
  ASSERT_FALSE(bool(OddBlocks));
  // "abc" on the first line is odd-length hex, hence a header; line 2 is not.
  EXPECT_EQ(errorOf(OddBlocks.takeError()),
            (Odd.Path + ":2: error: malformed BHive line: odd number of hex "
                        "digits in '4801d' at offset 0")
                .str());
}

TEST(ReadBHiveCSV, MissingFile) {
  auto Blocks = readBHiveCSV("/nonexistent/blocks.csv");
  ASSERT_FALSE(bool(Blocks));
  EXPECT_TRUE(StringRef(errorOf(Blocks.takeError()))
                  .starts_with("/nonexistent/blocks.csv: error: "));
}

//===--- uops.info names --------------------------------------------------===//

/// The first instruction of each line of \p Asm, matched against \p Table.
struct Matched {
  std::unique_ptr<TargetContext> TC;
  std::unique_ptr<X86Semantics> Sem;
  std::unique_ptr<UopsInfoMatcher> M;
  Kernel K;
};

Matched assemble(StringRef Asm) {
  Matched R;
  R.TC = makeTC();
  R.Sem = std::make_unique<X86Semantics>(R.TC->instrInfo(), R.TC->regInfo());
  R.M = std::make_unique<UopsInfoMatcher>(*R.TC, *R.Sem);
  auto Ks = parseAsmKernels(*R.TC, Asm, "test.s");
  EXPECT_TRUE(bool(Ks)) << toString(Ks.takeError());
  if (Ks)
    R.K = Ks->Kernels.front();
  return R;
}

std::string nameOf(const Matched &R, size_t I, const InstrTable &T) {
  const UopsInfoEntry *E = R.M->match(R.K.Instrs[I].Inst, T);
  return E ? E->Key.str() : "<none>";
}

TEST(UopsInfoNames, RepresentativeInstructionsOnSkylake) {
  const InstrTable *T = InstrTable::get("skylake");
  ASSERT_TRUE(T);
  const std::pair<const char *, const char *> Cases[] = {
      {"addq %rbx, %rax", "ADD_01 (R64, R64)"},
      {"addq $8, %rsp", "ADD (R64, I8)"},
      {"addq $1000, %rbx", "ADD (R64, I32)"},
      {"addq $1000, %rax", "ADD (RAX, I32)"},
      {"addb $1, %al", "ADD (AL, I8)"},
      {"testb $1, %dl", "TEST_R0 (R8l, I8)"},
      {"testb $1, %sil", "TEST_R4 (R8l, I8)"},
      {"testb $1, %ah", "TEST (R8h, I8)"},
      {"leaq 8(%rax,%rbx,4), %rcx", "LEA_B_IS_D8 (R64)"},
      {"leaq (%rbp), %rcx", "LEA_B_D8 (R64)"},
      {"leaq 64(,%rax,8), %rcx", "LEA_IS_D32 (R64)"},
      {"movl %eax, %ebx", "MOV_89 (R32, R32)"},
      {"movq 8(%rsp), %rax", "MOV (R64, M64)"},
      {"movabsq $0x123456789, %rax", "MOV (R64, I64)"},
      {"movaps %xmm1, %xmm0", "MOVAPS_0F28 (XMM, XMM)"},
      {"vmovaps %ymm1, %ymm0", "VMOVAPS_28 (YMM, YMM)"},
      {"vmovss %xmm1, %xmm2, %xmm0", "VMOVSS_10 (XMM, XMM, XMM)"},
      {"shlq %rax", "SHL (R64, 1)"},
      {"shlq %cl, %rax", "SHL (R64, CL)"},
      {"shrb $4, %al", "SHR_R0 (R8l, I8)"},
      {"cmovneq %rax, %rbx", "CMOVNZ (R64, R64)"},
      {"seta %al", "SETNBE (R8l)"},
      {"cmpltps %xmm1, %xmm0", "CMPPS (XMM, XMM, I8)"},
      {"vcmpneq_oqpd %ymm1, %ymm2, %ymm3", "VCMPPD (YMM, YMM, YMM, I8)"},
      {"movsd (%rax), %xmm0", "MOVSD_XMM (XMM, M64)"},
      {"movsd %xmm1, %xmm0", "MOVSD_XMM_0F10 (XMM, XMM)"},
      {"movsl", "MOVSD"},
      {"rep stosq", "STOSQ_REPE"},
      {"cvtsi2sdq %rax, %xmm0", "CVTSI2SD (XMM, R64)"},
      {"cvtsi2sdl (%rax), %xmm0", "CVTSI2SD (XMM, M32)"},
      {"movq %rax, %xmm0", "MOVQ (XMM, R64)"},
      {"movd %xmm0, %eax", "MOVD (R32, XMM)"},
      {"prefetcht0 64(%rdi)", "PREFETCHT0 (M512)"},
      {"lock addq $1, (%rax)", "ADD_LOCK (M64, I8)"},
      {"xchgl %ecx, %eax", "XCHG (R32, EAX)"},
      {"xchgq %rax, (%rbx)", "XCHG (M64, R64)"},
      {"imulq $3, %rax, %rbx", "IMUL_IMMB (R64, R64, I8)"},
      {"pushq %rbx", "PUSH (R64)"},
      {"pushq $300", "PUSH (I32)"},
      {"popq %rbx", "POP (R64)"},
      {"retq", "RET_NEAR"},
      {"retq $8", "RET_NEAR (I16)"},
      {"callq *%rax", "CALL_NEAR (R64)"},
      {"cqto", "CQO"},
      {"cltd", "CDQ"},
      {"bswapq %rax", "BSWAP (R64)"},
      {"nopw %cs:(%rax,%rax)", "NOP (M16)"},
      {"blendvps %xmm0, %xmm1, %xmm2", "BLENDVPS (XMM, XMM)"},
      {"vfmadd231pd (%rax), %ymm1, %ymm2", "VFMADD231PD (YMM, YMM, M256)"},
      {"vgatherdps %ymm0, (%rax,%ymm1,4), %ymm2",
       "VGATHERDPS (YMM, VSIB_YMM, YMM)"},
  };
  std::string Asm;
  for (auto &[Text, Name] : Cases)
    Asm += std::string(Text) + "\n";
  Matched R = assemble(Asm);
  ASSERT_EQ(R.K.size(), std::size(Cases));
  for (size_t I = 0; I < std::size(Cases); ++I)
    EXPECT_EQ(nameOf(R, I, *T), Cases[I].second) << Cases[I].first;
}

TEST(UopsInfoNames, AVX512OnCascadeLake) {
  const InstrTable *T = InstrTable::get("cascadelake");
  ASSERT_TRUE(T);
  const std::pair<const char *, const char *> Cases[] = {
      {"vaddpd %zmm1, %zmm2, %zmm3", "VADDPD (ZMM, ZMM, ZMM)"},
      {"vaddpd %zmm1, %zmm2, %zmm3 {%k1}", "VADDPD (ZMM, K, ZMM, ZMM)"},
      {"vaddpd %zmm1, %zmm2, %zmm3 {%k1} {z}", "VADDPD_Z (ZMM, K, ZMM, ZMM)"},
      {"vaddpd {rn-sae}, %zmm1, %zmm2, %zmm3", "VADDPD_ER (ZMM, ZMM, ZMM)"},
      {"vaddpd %xmm17, %xmm2, %xmm3", "VADDPD_EVEX (XMM, XMM, XMM)"},
      {"vaddpd %xmm1, %xmm2, %xmm3", "VADDPD (XMM, XMM, XMM)"},
      {"vfmadd231pd (%rax){1to8}, %zmm1, %zmm2 {%k1}",
       "VFMADD231PD (ZMM, K, ZMM, M64_1to8)"},
      {"vmovdqu64 %zmm1, (%rax) {%k2}", "VMOVDQU64 (M512, K, ZMM)"},
      {"vpcmpltd %zmm1, %zmm2, %k1", "VPCMPD (K, ZMM, ZMM, I8)"},
      {"vmaxpd {sae}, %zmm1, %zmm2, %zmm3", "VMAXPD_SAE (ZMM, ZMM, ZMM)"},
      {"vmovq %xmm17, %rax", "VMOVQ_EVEX (R64, XMM)"},
  };
  std::string Asm;
  for (auto &[Text, Name] : Cases)
    Asm += std::string(Text) + "\n";
  Matched R = assemble(Asm);
  ASSERT_EQ(R.K.size(), std::size(Cases));
  for (size_t I = 0; I < std::size(Cases); ++I)
    EXPECT_EQ(nameOf(R, I, *T), Cases[I].second) << Cases[I].first;
}

TEST(UopsInfoNames, ShapeMemoAnswersAsAFreshMatch) {
  // match() remembers its answer per instruction shape (opcode, register
  // classes, what the encoding and the LEA form read). Instructions of one
  // shape with other registers share it; registers uops.info or the LEA
  // form spell by name, the R0/R4 halves of low byte registers, EVEX-only
  // registers and "+r" opcodes keep shapes apart. Every answer is the one a
  // fresh matcher gives.
  const InstrTable *T = InstrTable::get("cascadelake");
  ASSERT_TRUE(T);
  const std::pair<const char *, const char *> Cases[] = {
      {"addq %rbx, %rdx", "ADD_01 (R64, R64)"}, // shape 1
      {"addq %rsi, %rdi", "ADD_01 (R64, R64)"}, //   1
      {"addq %r9, %r8", "ADD_01 (R64, R64)"},   //   1
      {"leaq (%rbx), %rcx", "LEA_B (R64)"},     // 2
      {"leaq (%r12), %rsi", "LEA_B (R64)"},     //   2
      {"leaq (%rbp), %rcx", "LEA_B_D8 (R64)"},  // 3: rbp by name
      {"leaq (%r13), %rcx", "LEA_B_D8 (R64)"},  // 4: r13 by name
      {"leaq 8(%rbx), %rcx", "LEA_B_D8 (R64)"}, // 5
      {"leaq 100(%rsi), %rdx", "LEA_B_D8 (R64)"}, // 5
      {"leaq 1000(%rsi), %rdx", "LEA_B_D32 (R64)"}, // 6
      {"testb $1, %dl", "TEST_R0 (R8l, I8)"},   // 7
      {"testb $1, %bl", "TEST_R0 (R8l, I8)"},   //   7
      {"testb $1, %sil", "TEST_R4 (R8l, I8)"},  // 8
      {"testb $1, %ah", "TEST (R8h, I8)"},      // 9
      {"testb $2, %bl", "TEST_R0 (R8l, I8)"},   // 10: immediates exact
      {"vaddpd %xmm1, %xmm2, %xmm3", "VADDPD (XMM, XMM, XMM)"}, // 11
      {"vaddpd %xmm4, %xmm5, %xmm6", "VADDPD (XMM, XMM, XMM)"}, //   11
      {"vaddpd %xmm17, %xmm2, %xmm3", "VADDPD_EVEX (XMM, XMM, XMM)"}, // 12
      {"shlq %cl, %rbx", "SHL (R64, CL)"},      // 13
      {"shlq %cl, %rdx", "SHL (R64, CL)"},      //   13
      {"shlq %cl, %rax", "SHL (R64, CL)"},      // 14: rax by name
      {"bswapq %rcx", "BSWAP (R64)"},           // 15: 0FC9
      {"bswapq %rdx", "BSWAP (R64)"},           // 16: 0FCA
  };
  std::string Asm;
  for (auto &[Text, Name] : Cases)
    Asm += std::string(Text) + "\n";
  Matched R = assemble(Asm);
  ASSERT_EQ(R.K.size(), std::size(Cases));
  for (size_t I = 0; I < std::size(Cases); ++I) {
    const MCInst &Inst = R.K.Instrs[I].Inst;
    std::string Tried, FreshTried;
    const UopsInfoEntry *E = R.M->match(Inst, *T, &Tried);
    UopsInfoMatcher Fresh(*R.TC, *R.Sem);
    const UopsInfoEntry *F = Fresh.match(Inst, *T, &FreshTried);
    EXPECT_EQ(Fresh.memoHits(), 0u);
    EXPECT_EQ(E, F) << Cases[I].first;
    EXPECT_EQ(Tried, FreshTried) << Cases[I].first;
    EXPECT_EQ(E ? E->Key.str() : "<none>", Cases[I].second) << Cases[I].first;
  }
  // bswap's first candidate names its opcode byte (BSWAP_0FC9): the shape
  // keeps it.
  std::string TriedC, TriedD;
  R.M->match(R.K.Instrs[21].Inst, *T, &TriedC);
  R.M->match(R.K.Instrs[22].Inst, *T, &TriedD);
  EXPECT_EQ(TriedC, "BSWAP_0FC9 (R64)");
  EXPECT_EQ(TriedD, "BSWAP_0FCA (R64)");
  EXPECT_EQ(R.M->shapesMatched(), 16u);
  EXPECT_EQ(R.M->memoHits(), std::size(Cases) - 16 + 2);
}

TEST(UopsInfoNames, NeverFallsBackToAnotherVariant) {
  // A table holding only other variants: a locked add, a low-byte test with
  // an immediate, an accumulator form, a masked or zero-masked ZMM add and a
  // VEX add must find nothing rather than the wrong row.
  auto T = InstrTable::parse("mini",
                             "ADD (M64, I8)|1|1|0|1|1|2|4|1*p0156\n"
                             "TEST (R8h, I8)|1|1|0|1|1|1|1|1*p0156\n"
                             "ADD (R8l, I8)|1|1|0|1|1|1|1|1*p0156\n"
                             "VADDPD (ZMM, ZMM, ZMM)|4|4|0|1|1|1|1|1*p05\n"
                             "VADDPD (ZMM, K, ZMM, ZMM)|4|4|0|1|1|1|1|1*p05\n"
                             "VADDPD_EVEX (XMM, XMM, XMM)|4|4|0|1|1|1|1|1*p01\n"
                             "VMOVAPS_28 (XMM, XMM)|1|1|0|1|1|1|1|1*p015\n");
  Matched R = assemble("lock addq $1, (%rax)\n"
                       "testb $1, %dl\n"
                       "addb $1, %al\n"
                       "vaddpd %zmm1, %zmm2, %zmm3 {%k1} {z}\n"
                       "vaddpd %xmm1, %xmm2, %xmm3\n"
                       "addq $1, (%rax)\n"
                       "vaddpd %zmm1, %zmm2, %zmm3 {%k1}\n"
                       "vaddpd %xmm17, %xmm2, %xmm3\n"
                       "vmovaps %xmm17, %xmm2\n");
  ASSERT_EQ(R.K.size(), 9u);
  for (size_t I = 0; I < 5; ++I)
    EXPECT_EQ(nameOf(R, I, *T), "<none>") << R.K.Instrs[I].Text;
  EXPECT_EQ(nameOf(R, 5, *T), "ADD (M64, I8)");
  EXPECT_EQ(nameOf(R, 6, *T), "VADDPD (ZMM, K, ZMM, ZMM)");
  EXPECT_EQ(nameOf(R, 7, *T), "VADDPD_EVEX (XMM, XMM, XMM)");
  // Without an EVEX row, an EVEX encoding uses the VEX row of the same
  // instruction and operands (Skylake client lists no AVX-512).
  EXPECT_EQ(nameOf(R, 8, *T), "VMOVAPS_28 (XMM, XMM)");
}

TEST(UopsInfoNames, TriedNameForInstructionsUopsInfoLacks) {
  const InstrTable *T = InstrTable::get("skylake");
  Matched R = assemble("fadd %st(1), %st\nfldz\n");
  std::string Tried;
  EXPECT_EQ(R.M->match(R.K.Instrs[0].Inst, *T, &Tried), nullptr);
  EXPECT_EQ(Tried, "FADD_D8 (ST(0), ST(i))");
  std::vector<std::string> C = R.M->candidates(R.K.Instrs[0].Inst);
  EXPECT_NE(std::find(C.begin(), C.end(), "FADD (ST(0), ST(i))"), C.end());
  C = R.M->candidates(R.K.Instrs[1].Inst);
  EXPECT_NE(std::find(C.begin(), C.end(), "FLDZ"), C.end());
}

TEST(UopsInfoNames, BytesAndAssemblyMatchAlike) {
  const InstrTable *T = InstrTable::get("skylake");
  Matched R = assemble("lock incl (%rdi)\nmovaps %xmm1, %xmm0\n"
                       "addq $1000, %rbx\n");
  auto K = kernelFromBytes(*R.TC, *parseHex("f0ff07 0f28c1 4881c3e8030000"),
                           "bytes");
  ASSERT_TRUE(bool(K)) << toString(K.takeError());
  ASSERT_EQ(K->size(), 3u);
  for (size_t I = 0; I < 3; ++I) {
    const UopsInfoEntry *A = R.M->match(R.K.Instrs[I].Inst, *T);
    const UopsInfoEntry *B = R.M->match(K->Instrs[I].Inst, *T);
    ASSERT_TRUE(A && B) << R.K.Instrs[I].Text;
    EXPECT_EQ(A->Key, B->Key);
  }
  EXPECT_EQ(nameOf(R, 0, *T), "INC_LOCK (M32)");
}

} // namespace
