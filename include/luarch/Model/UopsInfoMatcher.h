//===- UopsInfoMatcher.h - MCInst → uops.info instruction variant -*- C++ -*-//
//
// uops.info names instruction variants by XED iclass and operand signature,
// e.g. "ADD_01 (R64, R64)", "VFMADD231PD (ZMM, K, ZMM, M64_1to8)",
// "LEA_B_IS_D8 (R64)". The matcher derives ranked candidate names from an
// MCInst (its Intel-syntax spelling, operand classes, memory width,
// immediate value, opcode bytes and EVEX encoding) and returns the first one
// the table knows. AT&T and Intel inputs map identically: both become the
// same MCInst before matching.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_UOPSINFOMATCHER_H
#define LUARCH_MODEL_UOPSINFOMATCHER_H

#include "luarch/Model/InstrTable.h"
#include "luarch/Model/X86Semantics.h"
#include "llvm/ADT/StringMap.h"
#include <string>
#include <vector>

namespace luarch {

class TargetContext;

class UopsInfoMatcher {
public:
  UopsInfoMatcher(const TargetContext &TC, const X86Semantics &Sem);

  /// Candidate variant names, best first.
  std::vector<std::string> candidates(const llvm::MCInst &Inst) const;
  /// The same, from the instruction's semantics and Intel-syntax text when
  /// the caller has them already (Sem.analyze(Inst) and
  /// TC.print(Inst, /*Intel=*/1)): a first decoding needs both, and
  /// computing them twice was a tenth of it (sqlite3.c at -O2).
  std::vector<std::string> candidates(const llvm::MCInst &Inst,
                                      const X86InstrInfo &Info,
                                      llvm::StringRef IntelText) const;

  /// The matched entry or null; \p Tried receives the best candidate name
  /// (useful in "unmatched" reports).
  const UopsInfoEntry *match(const llvm::MCInst &Inst, const InstrTable &T,
                             std::string *Tried = nullptr) const;
  /// match() with the semantics and Intel text given, as candidates().
  const UopsInfoEntry *match(const llvm::MCInst &Inst, const InstrTable &T,
                             const X86InstrInfo &Info,
                             llvm::StringRef IntelText,
                             std::string *Tried = nullptr) const;

private:
  const TargetContext &TC;
  const X86Semantics &Sem;
  llvm::StringMap<unsigned> RegByName; ///< lower-case name → register
};

} // namespace luarch

#endif
