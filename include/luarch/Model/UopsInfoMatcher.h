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
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
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
  /// match() with the semantics given, as candidates(), and the Intel text
  /// from \p IntelText, called only when the shape is new (printing is
  /// most of a remembered shape's cost). Results are remembered per table
  /// and instruction *shape* (shapeKey()), so instructions that differ
  /// only in registers of the same class are matched once.
  const UopsInfoEntry *match(const llvm::MCInst &Inst, const InstrTable &T,
                             const X86InstrInfo &Info,
                             llvm::function_ref<llvm::StringRef()> IntelText,
                             std::string *Tried = nullptr) const;
  /// The same with \p Inst's encoding given (TargetContext::encode), for a
  /// caller that has it already.
  const UopsInfoEntry *match(const llvm::MCInst &Inst, const InstrTable &T,
                             const X86InstrInfo &Info,
                             llvm::ArrayRef<char> Bytes,
                             llvm::function_ref<llvm::StringRef()> IntelText,
                             std::string *Tried = nullptr) const;

  /// The key under which match() remembers its result: everything
  /// candidates() reads from \p Inst, with a register that it only spells
  /// by its class (R64, XMM, K, MM) reduced to that class. It keeps the
  /// opcode and prefix flags, every immediate outside the address exactly,
  /// the displacement as zero / 8-bit / wider (what LEA forms name), the
  /// opcode bytes uops.info suffixes name (which "+r" opcodes, push rax,
  /// tie to the register), whether the encoding is EVEX (xmm16-31), a
  /// branch's length, and for registers the class, width, high-byte and
  /// low-register (R0/R4) facts; the registers uops.info or the LEA form
  /// spell by name (AL, AX, EAX, RAX, CL, DX, XMM0, K0; RBP, EBP, R13,
  /// R13D) and all others (segment, x87, control, rip) stay exact. A new
  /// rule in candidates() that reads more of a register must add it here.
  void shapeKey(const llvm::MCInst &Inst, const X86InstrInfo &Info,
                llvm::ArrayRef<char> Bytes,
                llvm::SmallVectorImpl<char> &Key) const;

  /// Shapes remembered so far (over all tables), and match() calls
  /// answered from them.
  size_t shapesMatched() const { return Memo.size(); }
  size_t memoHits() const { return Hits; }

private:
  std::vector<std::string> candidates(const llvm::MCInst &Inst,
                                      const X86InstrInfo &Info,
                                      llvm::StringRef IntelText,
                                      llvm::ArrayRef<char> Bytes) const;

  const TargetContext &TC;
  const X86Semantics &Sem;
  llvm::StringMap<unsigned> RegByName; ///< lower-case name → register
  /// Registers shapeKey() keeps exact although their class is spelled
  /// generically elsewhere (see there).
  llvm::SmallVector<unsigned, 12> ExactRegs;
  struct MemoEntry {
    const UopsInfoEntry *Entry = nullptr;
    std::string Tried;
  };
  mutable llvm::StringMap<MemoEntry> Memo;
  mutable size_t Hits = 0;
};

} // namespace luarch

#endif
