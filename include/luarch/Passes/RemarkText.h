//===- RemarkText.h - A remark's text, keyed or as one string --*- C++ -*-===//
//
// A remark is a list of arguments, each a key and a value; its message is
// the values concatenated (DiagnosticInfoOptimizationBase::getMsg). Only an
// optimization record (-fsave-optimization-record, -pass-remarks-output:
// the context's LLVM remark streamer) writes the keys. Without one, clang
// prints the message alone, and building each of a remark's ~30 arguments
// (two strings each, moved as the argument list grows) and then
// concatenating them is work no one reads: sqlite3.c at -O2 -Rpass=uarch,
// ~11 ms of the pass in `perf` (docs/plugin.md, "ct17"). RemarkText writes
// the same values either as the keyed arguments or appended to one string,
// which becomes the remark's single argument: the same message, byte for
// byte.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_REMARKTEXT_H
#define LUARCH_PASSES_REMARKTEXT_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DiagnosticInfo.h"

#include <cstdint>
#include <string>

namespace luarch {

class RemarkText {
  using Arg = llvm::DiagnosticInfoOptimizationBase::Argument;
  llvm::DiagnosticInfoOptimizationBase &Rem;
  /// Set: the text is collected here (no record is written).
  std::string *Flat;

public:
  /// Writes into \p Rem; with \p Flat, into \p Flat instead, which the
  /// caller then gives \p Rem as one argument (finish()).
  RemarkText(llvm::DiagnosticInfoOptimizationBase &Rem, std::string *Flat)
      : Rem(Rem), Flat(Flat) {}

  bool keyed() const { return !Flat; }

  /// Plain text (the argument "String" of a keyed remark).
  RemarkText &operator<<(llvm::StringRef S) {
    if (Flat)
      Flat->append(S.data(), S.size());
    else
      Rem << S;
    return *this;
  }
  RemarkText &operator<<(const char *S) { return *this << llvm::StringRef(S); }
  RemarkText &operator<<(const std::string &S) {
    return *this << llvm::StringRef(S);
  }

  /// A keyed value. The numbers are written as ore::NV writes them (the
  /// argument's utostr); only unsigned types, so that no overload of
  /// Argument that formats otherwise (int, float) can be meant.
  RemarkText &nv(llvm::StringRef Key, llvm::StringRef V) {
    if (Flat)
      Flat->append(V.data(), V.size());
    else
      Rem << Arg(Key, V);
    return *this;
  }
  RemarkText &nv(llvm::StringRef Key, const std::string &V) {
    return nv(Key, llvm::StringRef(V));
  }
  RemarkText &nv(llvm::StringRef Key, const char *V) {
    return nv(Key, llvm::StringRef(V));
  }
  RemarkText &nv(llvm::StringRef Key, unsigned V) {
    if (Flat)
      *Flat += llvm::utostr(V);
    else
      Rem << Arg(Key, V);
    return *this;
  }
  RemarkText &nv(llvm::StringRef Key, unsigned long V) {
    if (Flat)
      *Flat += llvm::utostr(V);
    else
      Rem << Arg(Key, V);
    return *this;
  }
  RemarkText &nv(llvm::StringRef Key, int V) = delete;
  RemarkText &nv(llvm::StringRef Key, long V) = delete;
  RemarkText &nv(llvm::StringRef Key, double V) = delete;
  RemarkText &nv(llvm::StringRef Key, float V) = delete;

  /// Gives a flat remark its text as its one argument.
  void finish() {
    if (Flat)
      Rem << llvm::StringRef(*Flat);
  }
};

} // namespace luarch

#endif
