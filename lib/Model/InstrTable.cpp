//===- InstrTable.cpp - Parsing the generated uops.info tables -----------===//
#include "luarch/Model/InstrTable.h"

#include "llvm/ADT/StringExtras.h"
#include <map>
#include <memory>
#include <mutex>

using namespace llvm;

namespace luarch {

namespace {
struct RawTable {
  const char *Name;
  const char *Text;
};
#define LUARCH_UOPS_TABLE(NAME, TEXT) {#NAME, TEXT},
const RawTable RawTables[] = {
#include "Tables/haswell.inc"
#include "Tables/broadwell.inc"
#include "Tables/skylake.inc"
#include "Tables/skylakex.inc"
#include "Tables/cascadelake.inc"
#include "Tables/icelake.inc"
#include "Tables/tigerlake.inc"
#include "Tables/rocketlake.inc"
#include "Tables/alderlakep.inc"
#include "Tables/zen.inc"
#include "Tables/zen2.inc"
#include "Tables/zen3.inc"
#include "Tables/zen4.inc"
};
#undef LUARCH_UOPS_TABLE
} // namespace

/// Parses the generator's plain decimals ("13", "0.25"); the default for an
/// empty or malformed field. Hand-written because tables are parsed at the
/// start of every run (and of every compilation with the plugin), and
/// StringRef::getAsDouble copies each field for strtod.
static float parseNum(StringRef S, float Default) {
  if (S.empty())
    return Default;
  double Value = 0, Scale = 0;
  for (char C : S) {
    if (C == '.' && Scale == 0) {
      Scale = 1;
      continue;
    }
    if (C < '0' || C > '9')
      return Default;
    if (Scale == 0) {
      Value = Value * 10 + (C - '0');
    } else {
      Scale /= 10;
      Value += (C - '0') * Scale;
    }
  }
  return static_cast<float>(Value);
}

std::unique_ptr<InstrTable> InstrTable::parse(StringRef Name, StringRef Text) {
  auto T = std::make_unique<InstrTable>();
  T->Name = Name.str();
  T->Entries.reserve(Text.count('\n') + 1);
  // Lines and fields cut by hand: StringRef::split into vectors was a third
  // of the parse (a table is parsed in every compilation with the plugin).
  while (!Text.empty()) {
    StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    if (Line.empty())
      continue;
    StringRef F[9];
    unsigned NF = 0;
    for (size_t Start = 0;; ++NF) {
      size_t Bar = Line.find('|', Start);
      if (NF < 9)
        F[NF] = Line.slice(Start, Bar);
      if (Bar == StringRef::npos) {
        ++NF;
        break;
      }
      Start = Bar + 1;
    }
    if (NF != 9)
      continue; // The generator guarantees nine fields; be lenient anyway.
    UopsInfoEntry E;
    E.Key = F[0];
    size_t Paren = E.Key.find(" (");
    E.Mnemonic = E.Key.take_front(Paren);
    if (Paren != StringRef::npos)
      E.Signature = E.Key.drop_front(Paren + 2).drop_back();
    E.LatMin = parseNum(F[1], -1);
    E.LatMax = parseNum(F[2], -1);
    unsigned Flags = 0;
    F[3].getAsInteger(10, Flags);
    E.LatMinIsBound = Flags & 1;
    E.LatMaxIsBound = Flags & 2;
    E.TPPorts = parseNum(F[4], 0);
    E.TPMeasured = parseNum(F[5], 0);
    F[6].getAsInteger(10, E.Fused);
    F[7].getAsInteger(10, E.Unfused);
    E.Ports = F[8];
    T->Entries.push_back(E);
  }
  unsigned N = T->Entries.size();
  T->ByKey.reserve(N);
  T->ByMnemonic.reserve(N);
  // Count each mnemonic's variants, lay the lists out back to back, then
  // fill them in table order. The map holds at most N keys and was
  // reserved for them: it never grows, so its values stay where they are.
  std::vector<std::pair<unsigned, unsigned> *> RangeOf(N);
  [[maybe_unused]] size_t Reserved = T->ByMnemonic.getMemorySize();
  for (unsigned I = 0; I != N; ++I) {
    const UopsInfoEntry &E = T->Entries[I];
    T->ByKey.try_emplace(E.Key, I); // the first of duplicate keys wins
    RangeOf[I] = &T->ByMnemonic[E.Mnemonic];
    ++RangeOf[I]->second;
  }
  assert(T->ByMnemonic.getMemorySize() == Reserved && "the map grew");
  unsigned Next = 0;
  for (auto &[Mnemonic, Range] : T->ByMnemonic) {
    Range.first = Next;
    Next += Range.second;
    Range.second = 0;
  }
  T->VariantList.resize(N);
  for (unsigned I = 0; I != N; ++I)
    T->VariantList[RangeOf[I]->first + RangeOf[I]->second++] = &T->Entries[I];
  return T;
}

const InstrTable *InstrTable::get(StringRef Name) {
  static std::mutex Lock;
  // Never destroyed: freeing the parsed tables at exit is work no one
  // needs (a compile with the plugin: 6 ms of its exit handlers).
  static auto &Parsed = *new std::map<std::string, std::unique_ptr<InstrTable>>;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Parsed.find(Name.str());
  if (It != Parsed.end())
    return It->second.get();
  for (const RawTable &R : RawTables)
    if (Name == R.Name) {
      auto &Slot = Parsed[Name.str()];
      Slot = parse(R.Name, R.Text);
      return Slot.get();
    }
  return nullptr;
}

const UopsInfoEntry *InstrTable::lookup(StringRef Key) const {
  auto It = ByKey.find(Key);
  return It == ByKey.end() ? nullptr : &Entries[It->second];
}

ArrayRef<const UopsInfoEntry *>
InstrTable::variants(StringRef Mnemonic) const {
  auto It = ByMnemonic.find(Mnemonic);
  if (It == ByMnemonic.end())
    return {};
  return ArrayRef(VariantList).slice(It->second.first, It->second.second);
}

} // namespace luarch
