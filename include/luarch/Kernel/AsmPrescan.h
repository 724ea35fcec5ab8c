//===- AsmPrescan.h - Bounds on assembly text before LLVM parses it -*- C++ -*-//
//
// LLVM's assembly parser trusts its input: a 50,000-term expression
// overflows the stack in MCExpr evaluation (one frame per operator), 20,000
// nested parentheses overflow it in the parser, `.rept 1000000000` builds a
// gigabyte string before the first statement is parsed, macros calling
// macros multiply without bound, and `.incbin "/dev/zero"` never ends.
// None of these can be stopped once LLVM has started, so a cheap lexical
// scan refuses them first, with a message naming the line.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_ASMPRESCAN_H
#define LUARCH_KERNEL_ASMPRESCAN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <vector>

namespace luarch {

struct AsmLimits {
  /// Operators in one expression (one comma-separated operand). LLVM
  /// evaluates a chain of n binary operators with n nested calls (~170
  /// bytes of stack each in Debian's LLVM 22; several times more under
  /// AddressSanitizer), so 50,000 overflow an 8 MB stack. Compiler output
  /// has a handful.
  unsigned MaxExprOperators = 1000;
  /// Nesting of parentheses and brackets in one statement (the parser
  /// recurses twice per level; 20,000 levels overflow an 8 MB stack).
  unsigned MaxExprNesting = 100;
  /// Terms of a symbol's value (.set, .equ, =) with the symbols it uses
  /// substituted. LLVM does not fold values that use symbols defined
  /// later: it evaluates them term by term, recursing through each use, so
  /// a 50,000-long chain overflows the stack and 40 symbols each using the
  /// next twice take 2^40 steps.
  uint64_t MaxSymbolTerms = 4000;
  /// Nesting of .rept/.irp/.irpc/.macro blocks.
  unsigned MaxBlockNesting = 100;
  /// Statements that .rept, .irp, .irpc and macro calls may add to the
  /// text, estimated before parsing (conditionals count both branches).
  uint64_t MaxExpandedStatements = 1000000;
};

/// A statement of the text (not inside a .macro definition or a repeated
/// body) that LLVM expands into statements of its own: .rept, .irp, .irpc
/// and macro calls. What the expansion emits is located here.
struct ExpansionSite {
  unsigned Line = 0, Column = 0;
  /// Offset just past the statement's last character (before a comment).
  size_t EndOffset = 0;
};

/// Scans \p Text (named \p FileName in messages) and refuses, with
/// "file:line:col: error: ...", what LLVM's parser could not survive or
/// finish: over-long or over-nested expressions, repetition beyond the
/// budget, repetition counts it cannot bound (not an integer literal, a
/// symbol set to one, or a macro argument bound to one), and .include or
/// .incbin (another file, possibly endless, that the scan cannot see).
/// Fills \p Sites, if given, with the expansion sites in text order.
llvm::Error prescanAssembly(llvm::StringRef Text, llvm::StringRef FileName,
                            const AsmLimits &Limits = {},
                            std::vector<ExpansionSite> *Sites = nullptr);

} // namespace luarch

#endif
