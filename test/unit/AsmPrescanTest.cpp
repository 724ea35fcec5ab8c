//===- AsmPrescanTest.cpp - Bounds on assembly before LLVM parses it -----===//
//
// The assembly pre-scan's limits at their edges (one below is accepted, one
// above refused) and its estimate of repetition, macro and symbol expansion
// (docs/robustness.md).
//
//===----------------------------------------------------------------------===//
#include "luarch/Kernel/AsmPrescan.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"
#include <string>

using namespace luarch;
using namespace llvm;

namespace {

/// The pre-scan's message, or "" when it accepts \p Text.
std::string prescan(StringRef Text, const AsmLimits &L = {}) {
  if (Error E = prescanAssembly(Text, "t.s", L))
    return toString(std::move(E));
  return "";
}

std::string sumOf(unsigned Terms) {
  std::string S = "1";
  for (unsigned I = 1; I < Terms; ++I)
    S += "+1";
  return S;
}

TEST(AsmPrescan, OperatorsPerExpressionAtTheLimit) {
  AsmLimits L;
  L.MaxExprOperators = 10;
  EXPECT_EQ(prescan("movq $" + sumOf(11) + ", %rax\n", L), "");
  EXPECT_EQ(prescan("movq $" + sumOf(12) + ", %rax\n", L),
            "t.s:1:1: error: expression with more than 10 operators "
            "(LLVM's assembler would exhaust the stack evaluating it)");
  // Each comma-separated operand is an expression of its own; operators in
  // comments and strings do not count.
  EXPECT_EQ(prescan(".quad " + sumOf(11) + ", " + sumOf(11) + "\n", L), "");
  EXPECT_EQ(prescan("nop # " + sumOf(50) + "\n.ascii \"" + sumOf(50) +
                        "\"\n/* " + sumOf(50) + " */ nop\n",
                    L),
            "");
  // Default: 1000.
  EXPECT_EQ(prescan(".quad " + sumOf(1001) + "\n"), "");
  EXPECT_NE(prescan(".quad " + sumOf(1002) + "\n"), "");
}

TEST(AsmPrescan, NestingAtTheLimit) {
  AsmLimits L;
  L.MaxExprNesting = 3;
  EXPECT_EQ(prescan("movq $(((1))), %rax\n", L), "");
  EXPECT_EQ(prescan("\n  movq $((((1)))), %rax\n", L),
            "t.s:2:3: error: parentheses nested deeper than 3 levels "
            "(LLVM's assembler would exhaust the stack parsing them)");
}

TEST(AsmPrescan, RepetitionBudget) {
  AsmLimits L;
  L.MaxExpandedStatements = 100;
  // .rept N adds N copies of its body: 1 + 99 is within 3 + 100.
  EXPECT_EQ(prescan(".rept 99\nnop\n.endr\n", L), "");
  EXPECT_EQ(prescan(".rept 200\nnop\n.endr\n", L),
            "t.s:1:1: error: '.rept' expands to more than 100 statements "
            "(.rept, .irp and macro expansion are bounded before parsing)");
  // Nested repetition multiplies.
  EXPECT_EQ(prescan(".rept 10\n.rept 10\nnop\n.endr\n.endr\n", L).substr(0, 20),
            "t.s:1:1: error: '.re");
  // Counts through a symbol, in parentheses, in hex.
  EXPECT_NE(prescan(".set N, 1000\n.rept N\nnop\n.endr\n", L), "");
  EXPECT_NE(prescan(".rept (0x1000)\nnop\n.endr\n", L), "");
  EXPECT_EQ(prescan(".rept 0\n.rept 1000000\nnop\n.endr\n.endr\n", L), "");
  // A count the scan cannot bound is refused.
  EXPECT_EQ(prescan(".rept N*2\nnop\n.endr\n", L),
            "t.s:1:1: error: '.rept N*2': the count must be an integer "
            "literal, a symbol set to one, or a macro argument bound to one "
            "(repetition is bounded before parsing)");
  // .irp repeats once per value, .irpc once per character.
  EXPECT_EQ(prescan(".irp r, a, b, c\nnop\n.endr\n", L), "");
  std::string Many = ".irp r";
  for (int I = 0; I < 200; ++I)
    Many += ", r" + std::to_string(I);
  EXPECT_NE(prescan(Many + "\n.rept 2\nnop\n.endr\n.endr\n", L), "");
}

TEST(AsmPrescan, MacroExpansionBudget) {
  AsmLimits L;
  L.MaxExpandedStatements = 1000;
  // Each level calls the one below 10 times: 10^4 statements.
  std::string Text = ".macro m0\nnop\n.endm\n";
  for (int Level = 1; Level <= 4; ++Level) {
    Text += ".macro m" + std::to_string(Level) + "\n";
    for (int I = 0; I < 10; ++I)
      Text += "m" + std::to_string(Level - 1) + "\n";
    Text += ".endm\n";
  }
  EXPECT_EQ(prescan(Text + "m2\n", L), "");
  EXPECT_EQ(prescan(Text + "nop\n  m4\n", L),
            "t.s:53:3: error: 'm4' expands to more than 1000 statements "
            "(.rept, .irp and macro expansion are bounded before parsing)");
  // A macro argument bound to a literal gives a .rept its count, by
  // position or by name, or from the default.
  std::string Unroll = ".macro unroll n=5, x\n.rept \\n\nnop\n.endr\n.endm\n";
  EXPECT_EQ(prescan(Unroll + "unroll 8\nunroll n=4\nunroll\n", L), "");
  EXPECT_NE(prescan(Unroll + "unroll 5000\n", L), "");
  EXPECT_NE(prescan(Unroll + "unroll n=5000\n", L), "");
  // Self-recursion stops at LLVM's 20 levels; two calls per level is 2^20.
  EXPECT_NE(prescan(".macro r n\nnop\nr \\n-1\nr \\n-1\n.endm\nr 30\n", L), "");
}

TEST(AsmPrescan, SymbolExpansion) {
  AsmLimits L;
  L.MaxSymbolTerms = 100;
  // A chain of 50 symbols, each using the next once: 50 * 2 terms.
  std::string Chain;
  for (int I = 0; I < 49; ++I)
    Chain += formatv(".set x{0}, x{1}+1\n", I, I + 1).str();
  EXPECT_EQ(prescan(Chain + ".set x49, 1\n", L), "");
  std::string Long = Chain;
  for (int I = 49; I < 60; ++I)
    Long += formatv(".set x{0}, x{1}+1\n", I, I + 1).str();
  EXPECT_EQ(prescan(Long + "x60 = 1\n", L),
            "t.s:11:1: error: the value of 'x10' expands to more than 100 "
            "terms through the symbols it uses (LLVM's assembler would "
            "exhaust the stack or take exponential time evaluating it)");
  // Each symbol used twice by the one before: 2^n terms from n lines.
  std::string Doubling;
  for (int I = 0; I < 8; ++I)
    Doubling += formatv(".equ y{0}, y{1}-y{1}\n", I, I + 1).str();
  EXPECT_NE(prescan(Doubling, L), "");
  // Redefinition in terms of itself (a counter) is not a blow-up.
  EXPECT_EQ(prescan(".set c, 0\n.rept 50\n.set c, c+1\n.endr\n", L), "");
}

TEST(AsmPrescan, RefusesOtherFiles) {
  EXPECT_EQ(prescan("nop\n\t.include \"x.s\"\n"),
            "t.s:2:2: error: '.include' is not supported: LoopUArch reads a "
            "single file (inline the included file first)");
  EXPECT_EQ(prescan("foo: .incbin \"/dev/zero\"\n"),
            "t.s:1:1: error: '.incbin' is not supported: LoopUArch reads a "
            "single file (inline the included file first)");
  EXPECT_EQ(prescan("# .include \"x.s\"\n.ascii \".include\"\n"), "");
}

} // namespace
