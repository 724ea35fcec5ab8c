//===- InstrTable.cpp - uops.info tables: parsing, packing, lookup -------===//
//
// Parsing and packing run in the build step (UopsTableGen.cpp); a compile
// or a tool run only unpacks (InstrTablesPacked.cpp) and looks up.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/InstrTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/DJB.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cassert>

using namespace llvm;

namespace luarch {

/// The key and the mnemonic and signature it spells ("ADD (R64, M64)"),
/// the mnemonic being the key's first \p MnemonicLen characters (all of
/// them: no signature).
static void setKey(UopsInfoEntry &E, StringRef Key, size_t MnemonicLen) {
  E.Key = Key;
  E.Mnemonic = Key.take_front(MnemonicLen);
  if (MnemonicLen < Key.size())
    E.Signature = Key.drop_front(MnemonicLen + 2).drop_back();
}

/// Parses the generator's plain decimals ("13", "0.25"); the default for an
/// empty or malformed field. Hand-written because tables are parsed at the
/// start of every run (and of every compilation with the plugin) before
/// the build step packed them, and StringRef::getAsDouble copies each field
/// for strtod. The build step keeps it: its values are the packed ones.
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

std::unique_ptr<InstrTable> InstrTable::parse(StringRef Name, StringRef Text,
                                              unsigned *Malformed) {
  if (Malformed)
    *Malformed = 0;
  unsigned LineNo = 0;
  auto T = std::make_unique<InstrTable>();
  T->Name = Name.str();
  T->Entries.reserve(Text.count('\n') + 1);
  // Lines and fields cut by hand: StringRef::split into vectors was a third
  // of the parse (a table is parsed in every compilation with the plugin).
  while (!Text.empty()) {
    StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    ++LineNo;
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
    if (NF != 9) {
      // The generator writes nine fields; the build step refuses a table
      // with a row that lacks them (it would be dropped without a word).
      if (Malformed && !*Malformed)
        *Malformed = LineNo;
      continue;
    }
    UopsInfoEntry E;
    setKey(E, F[0], std::min(F[0].find(" ("), F[0].size()));
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
  T->buildIndex();
  return T;
}

uint32_t InstrTable::keyHash(StringRef Key) { return djbHash(Key); }

void InstrTable::buildIndex() {
  // At most half full: a miss (the matcher tries several names per
  // instruction) ends at an empty slot soon.
  if (Entries.size() >= UINT16_MAX)
    report_fatal_error("uops.info table '" + Twine(Name) + "' has " +
                       Twine(Entries.size()) +
                       " rows; its key index holds 65,534");
  uint32_t N = 1;
  while (N < 2 * Entries.size() + 2)
    N *= 2;
  OwnSlots.assign(N, 0);
  for (uint32_t I = 0, E = Entries.size(); I != E; ++I) {
    StringRef Key = Entries[I].Key;
    for (uint32_t S = keyHash(Key) & (N - 1);; S = (S + 1) & (N - 1)) {
      if (!OwnSlots[S]) {
        OwnSlots[S] = uint16_t(I + 1);
        break;
      }
      if (Entries[OwnSlots[S] - 1].Key == Key)
        break; // the first of duplicate keys wins
    }
  }
  Slots = OwnSlots;
}

const UopsInfoEntry *InstrTable::lookup(StringRef Key) const {
  uint32_t Mask = Slots.size() - 1;
  assert(!Slots.empty() && (Slots.size() & Mask) == 0 && "an index");
  for (uint32_t S = keyHash(Key) & Mask;; S = (S + 1) & Mask) {
    uint32_t I = Slots[S];
    if (!I)
      return nullptr;
    if (Entries[I - 1].Key == Key)
      return &Entries[I - 1];
  }
}

std::unique_ptr<InstrTable> InstrTable::unpack(const PackedUopsTable &P) {
  auto T = std::make_unique<InstrTable>();
  T->Name = P.Name;
  T->Entries.resize(P.NumEntries);
  for (uint32_t I = 0; I != P.NumEntries; ++I) {
    const PackedUopsEntry &PE = P.Entries[P.Rows[I]];
    UopsInfoEntry &E = T->Entries[I];
    setKey(E, StringRef(P.Chars + PE.Key, PE.KeyLen), PE.MnemonicLen);
    E.LatMin = PE.LatMin;
    E.LatMax = PE.LatMax;
    E.LatMinIsBound = PE.Flags & 1;
    E.LatMaxIsBound = PE.Flags & 2;
    E.TPPorts = PE.TPPorts;
    E.TPMeasured = PE.TPMeasured;
    E.Fused = PE.Fused;
    E.Unfused = PE.Unfused;
    E.Ports = StringRef(P.Chars + PE.Ports, PE.PortsLen);
  }
  T->Slots = ArrayRef(P.Slots, P.NumSlots);
  return T;
}

/// A float as a C++ literal that reads back as the same value (hexadecimal).
static void writeFloat(raw_ostream &OS, float V) {
  OS << format("%af", double(V));
}

/// Characters as C++ string literals, a line each 64 bytes or so; octal
/// escapes for anything but plain printable characters.
static void writeChars(raw_ostream &OS, StringRef S) {
  OS << "\"";
  unsigned Col = 0;
  for (char C : S) {
    uint8_t U = uint8_t(C);
    if (U >= 0x20 && U < 0x7f && C != '"' && C != '\\' && C != '?')
      OS << C;
    else
      OS << format("\\%03o", U);
    if (++Col >= 64) {
      OS << "\"\n\"";
      Col = 0;
    }
  }
  OS << "\"";
}

uint32_t InstrTable::SharedPool::offsetOf(StringRef S) {
  auto [It, New] = At.try_emplace(S, uint32_t(Chars.size()));
  if (New) {
    if (Chars.size() + S.size() > UINT32_MAX)
      report_fatal_error("the packed uops.info tables' characters do not "
                         "fit 32-bit offsets");
    Chars += S;
  }
  return It->second;
}

uint32_t InstrTable::SharedPool::rowOf(const PackedUopsEntry &E) {
  // The fields one by one (the struct's padding is not compared).
  std::string Bits;
  auto Add = [&](const auto &Field) {
    Bits.append(reinterpret_cast<const char *>(&Field), sizeof(Field));
  };
  Add(E.Key), Add(E.Ports), Add(E.Fused), Add(E.Unfused), Add(E.KeyLen);
  Add(E.MnemonicLen), Add(E.PortsLen), Add(E.Flags), Add(E.LatMin);
  Add(E.LatMax), Add(E.TPPorts), Add(E.TPMeasured);
  auto [It, New] = RowAt.try_emplace(Bits, uint32_t(Rows.size()));
  if (New)
    Rows.push_back(E);
  return It->second;
}

void InstrTable::writePackedArrays(raw_ostream &OS, StringRef Var,
                                   SharedPool &Pool) const {
  OS << "static const uint32_t " << Var << "Rows[] = {";
  for (size_t I = 0; I != Entries.size(); ++I) {
    const UopsInfoEntry &E = Entries[I];
    if (E.Key.size() > UINT16_MAX || E.Ports.size() > UINT16_MAX)
      report_fatal_error("uops.info table '" + Twine(Name) + "': row '" +
                         E.Key + "' does not fit the packed form");
    PackedUopsEntry PE;
    PE.Key = Pool.offsetOf(E.Key);
    PE.Ports = Pool.offsetOf(E.Ports);
    PE.Fused = E.Fused;
    PE.Unfused = E.Unfused;
    PE.KeyLen = uint16_t(E.Key.size());
    PE.MnemonicLen = uint16_t(E.Mnemonic.size());
    PE.PortsLen = uint16_t(E.Ports.size());
    PE.Flags = uint8_t(unsigned(E.LatMinIsBound) |
                       unsigned(E.LatMaxIsBound) << 1);
    PE.LatMin = E.LatMin;
    PE.LatMax = E.LatMax;
    PE.TPPorts = E.TPPorts;
    PE.TPMeasured = E.TPMeasured;
    OS << (I % 16 ? " " : "\n  ") << Pool.rowOf(PE) << ",";
  }
  OS << "\n};\n";
  OS << "static const uint16_t " << Var << "Slots[] = {";
  for (size_t I = 0; I != Slots.size(); ++I)
    OS << (I % 16 ? " " : "\n  ") << Slots[I] << ",";
  OS << "\n};\n";
}

void InstrTable::writeSharedPool(raw_ostream &OS, StringRef PoolVar,
                                 const SharedPool &Pool) {
  OS << "static const char " << PoolVar << "Chars[] =\n";
  writeChars(OS, Pool.chars());
  OS << ";\n";
  OS << "static const PackedUopsEntry " << PoolVar << "Entries[] = {\n";
  for (const PackedUopsEntry &E : Pool.rows()) {
    OS << "  {" << E.Key << ", " << E.Ports << ", " << E.Fused << ", "
       << E.Unfused << ", " << E.KeyLen << ", " << E.MnemonicLen << ", "
       << E.PortsLen << ", " << unsigned(E.Flags) << ", ";
    writeFloat(OS, E.LatMin);
    OS << ", ";
    writeFloat(OS, E.LatMax);
    OS << ", ";
    writeFloat(OS, E.TPPorts);
    OS << ", ";
    writeFloat(OS, E.TPMeasured);
    OS << "},\n";
  }
  OS << "};\n";
}

void InstrTable::writePackedTable(raw_ostream &OS, StringRef Var,
                                  StringRef PoolVar) const {
  OS << "static const PackedUopsTable " << Var << " = {\"" << Name << "\", "
     << PoolVar << "Chars, " << PoolVar << "Entries, " << Var << "Rows, "
     << Entries.size() << ", " << Var << "Slots, " << Slots.size() << "};\n";
}

void InstrTable::writePacked(raw_ostream &OS, StringRef Var) const {
  SharedPool Own;
  writePackedArrays(OS, Var, Own);
  writeSharedPool(OS, Var, Own);
  writePackedTable(OS, Var, Var);
}

} // namespace luarch
