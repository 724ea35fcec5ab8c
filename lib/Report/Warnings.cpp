//===- Warnings.cpp - The warnings of a report, repeated ones grouped ----===//
//
// A loop from real code can hold dozens of instructions that are modelled
// approximately for the same reason (e.g. "ports from LLVM's scheduling
// model" for every push and jmp of a PLT stub); one line each would bury
// the warning that matters. Text and HTML reports show one line per
// reason with a count and the mnemonics; JSON keeps every instruction's
// note.
//
//===----------------------------------------------------------------------===//
#include "luarch/Report/Report.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include <map>

using namespace llvm;

namespace luarch {

/// The reason of a note without its instruction-specific parts ("(tried
/// 'FADD_D8 (M32)')"), so that notes differing only there group together.
static std::string reasonOf(StringRef Note) {
  static const Regex Tried(" \\(tried '[^']*'\\)");
  return Tried.sub("", Note);
}

static StringRef mnemonicOf(StringRef Text) {
  return Text.ltrim().take_until(isSpace);
}

std::vector<std::string> groupedWarnings(const KernelReport &R) {
  std::vector<std::string> Out;
  // The report's own warnings (calls, inner branches, stalls): identical
  // lines once, with a count.
  MapVector<std::string, unsigned, std::map<std::string, unsigned>> General;
  for (const std::string &W : R.Warnings)
    ++General[W];
  for (const auto &[W, N] : General)
    Out.push_back(N == 1 ? W : W + " (x" + std::to_string(N) + ")");

  // Unknown instructions before approximate ones: they matter more.
  struct Group {
    std::vector<unsigned> Instrs;
    MapVector<StringRef, unsigned> Mnemonics;
  };
  for (bool Unknown : {true, false}) {
    MapVector<std::string, Group, std::map<std::string, unsigned>> Groups;
    for (unsigned I : R.Static.Approximate) {
      const DecodedInstr &D = R.Decoded[I];
      if ((D.Source == DecodeSource::Unsupported) != Unknown)
        continue;
      Group &G = Groups[reasonOf(D.Note)];
      G.Instrs.push_back(I);
      ++G.Mnemonics[mnemonicOf(R.K->Instrs[I].Text)];
    }
    StringRef Kind = Unknown ? "unknown" : "approximate";
    for (const auto &[Reason, G] : Groups) {
      const KernelInstr &First = R.K->Instrs[G.Instrs.front()];
      if (G.Instrs.size() == 1) {
        Out.push_back(First.Loc.str() + ": " + Kind.str() + " instruction '" +
                      First.Text + "': " +
                      R.Decoded[G.Instrs.front()].Note);
        continue;
      }
      std::string Mnems;
      for (const auto &[M, N] : G.Mnemonics)
        Mnems += (Mnems.empty() ? "" : ", ") + M.str() +
                 (N > 1 ? " x" + std::to_string(N) : "");
      Out.push_back(std::to_string(G.Instrs.size()) + " " + Kind.str() +
                    " instructions (" + Mnems + "): " + Reason + "; first at " +
                    First.Loc.str() + ", each one in --format=json");
    }
  }
  return Out;
}

} // namespace luarch
