//===- InstrTableTest.cpp - The packed uops.info tables ------------------===//
//
// The build step packs lib/Model/Tables (UopsTableGen.cpp); the tables a
// process uses are those arrays. They must be the text, parsed: every row,
// every field, and every key's lookup (the first of duplicate keys).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/InstrTable.h"
#include "luarch/Model/MachineModel.h"
#include "UopsTablesText.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>
#include <gtest/gtest.h>

using namespace llvm;
using namespace luarch;

namespace {

/// Bit patterns: the packed floats must be the parsed ones exactly.
uint32_t bits(float F) {
  uint32_t B;
  std::memcpy(&B, &F, sizeof B);
  return B;
}

void expectSame(const UopsInfoEntry &A, const UopsInfoEntry &B) {
  EXPECT_EQ(A.Key.str(), B.Key.str());
  EXPECT_EQ(A.Mnemonic, B.Mnemonic) << A.Key.str();
  EXPECT_EQ(A.Signature, B.Signature) << A.Key.str();
  EXPECT_EQ(bits(A.LatMin), bits(B.LatMin)) << A.Key.str();
  EXPECT_EQ(bits(A.LatMax), bits(B.LatMax)) << A.Key.str();
  EXPECT_EQ(A.LatMinIsBound, B.LatMinIsBound) << A.Key.str();
  EXPECT_EQ(A.LatMaxIsBound, B.LatMaxIsBound) << A.Key.str();
  EXPECT_EQ(bits(A.TPPorts), bits(B.TPPorts)) << A.Key.str();
  EXPECT_EQ(bits(A.TPMeasured), bits(B.TPMeasured)) << A.Key.str();
  EXPECT_EQ(A.Fused, B.Fused) << A.Key.str();
  EXPECT_EQ(A.Unfused, B.Unfused) << A.Key.str();
  EXPECT_EQ(A.Ports, B.Ports) << A.Key.str();
}
} // namespace

TEST(InstrTable, PackedTablesAreTheParsedText) {
  for (const UopsTableText &R : UopsTablesText) {
    SCOPED_TRACE(R.Name);
    auto Parsed = InstrTable::parse(R.Name, R.Text);
    const InstrTable *Packed = InstrTable::get(R.Name);
    ASSERT_NE(Packed, nullptr);
    EXPECT_EQ(Packed->name(), R.Name);
    ASSERT_EQ(Packed->size(), Parsed->size());
    ASSERT_GT(Parsed->size(), 1000u);
    StringMap<unsigned> First;
    for (size_t I = 0; I != Parsed->size(); ++I) {
      expectSame(Packed->entry(I), Parsed->entry(I));
      First.try_emplace(Parsed->entry(I).Key, I);
    }
    for (size_t I = 0; I != Parsed->size(); ++I) {
      StringRef Key = Parsed->entry(I).Key;
      EXPECT_EQ(Packed->lookup(Key), &Packed->entry(First.lookup(Key)));
      EXPECT_EQ(Parsed->lookup(Key), &Parsed->entry(First.lookup(Key)));
    }
    EXPECT_EQ(Packed->lookup("ADD (R64, R64) "), nullptr);
    EXPECT_EQ(Packed->lookup(""), nullptr);
  }
  EXPECT_EQ(InstrTable::get("no such table"), nullptr);
}

TEST(InstrTable, LookupAndDuplicateKeys) {
  auto T = InstrTable::parse("mini", "ADD (R64, R64)|1|1|0|0.25|0.25|1|1|1*p0156\n"
                                     "ADD (R64, R64)|9|9|0|9|9|9|9|9*p0\n"
                                     "NOP|||0|0.25|0.25|1|0|\n");
  ASSERT_EQ(T->size(), 3u);
  const UopsInfoEntry *Add = T->lookup("ADD (R64, R64)");
  ASSERT_EQ(Add, &T->entry(0)); // the first of duplicate keys
  EXPECT_EQ(Add->Mnemonic, "ADD");
  EXPECT_EQ(Add->Signature, "R64, R64");
  EXPECT_EQ(Add->Ports, "1*p0156");
  const UopsInfoEntry *Nop = T->lookup("NOP");
  ASSERT_EQ(Nop, &T->entry(2));
  EXPECT_EQ(Nop->Signature, "");
  EXPECT_FALSE(Nop->hasLatency());
  EXPECT_EQ(T->lookup("ADD"), nullptr);
  EXPECT_EQ(T->lookup("ADD (R64, R32)"), nullptr);
}

// A row without nine fields is skipped, and its line number reported for
// the build step to refuse (it packed such a table without the row).
TEST(InstrTable, MalformedRowIsReported) {
  unsigned Malformed = 99;
  auto T = InstrTable::parse("bad",
                             "ADD (R64, R64)|1|1|0|0.25|0.25|1|1|1*p0156\n"
                             "\n"
                             "SUB (R64, R64)|1|1|0|0.25|0.25|1|1\n"
                             "XOR (R64, R64)|1|1|0|0.25|0.25|1|1|1*p0156|x\n",
                             &Malformed);
  EXPECT_EQ(Malformed, 3u);
  EXPECT_EQ(T->size(), 1u);
  EXPECT_EQ(T->lookup("SUB (R64, R64)"), nullptr);
  InstrTable::parse("good", "NOP|||0|0.25|0.25|1|0|\n", &Malformed);
  EXPECT_EQ(Malformed, 0u);
}

TEST(InstrTable, PackedFormReadsBack) {
  // The writer escapes what a C++ string literal cannot hold as is.
  auto T = InstrTable::parse("odd", "A\"B? (R64)|1|2|3|0.1|0.3|4|5|1*p0\\\n"
                                    "C|0.5|||||||\n");
  std::string Out;
  raw_string_ostream OS(Out);
  T->writePacked(OS, "X");
  EXPECT_NE(Out.find("\\042"), std::string::npos) << Out; // '"'
  EXPECT_NE(Out.find("\\077"), std::string::npos) << Out; // '?'
  EXPECT_NE(Out.find("\\134"), std::string::npos) << Out; // '\'
  EXPECT_NE(Out.find("0x1.99999ap-4f"), std::string::npos) << Out; // 0.1f
  EXPECT_NE(Out.find("static const PackedUopsTable X = {\"odd\", XChars, "
                     "XEntries, XRows, 2, XSlots, 8};"),
            std::string::npos)
      << Out;
}

// Tables written with one pool share their strings and rows: a key or port
// string both spell is stored once, and a row both have (debt20: the build
// step's tables, 2.92 MB of characters as arrays of their own, 0.47 MB
// shared; 118,959 rows, 56,860 distinct), and each table reads back from
// the shared arrays.
TEST(InstrTable, PackedTablesShareTheirCharactersAndRows) {
  auto A = InstrTable::parse("a", "ADD (R64, R64)|1|1|0|0.25|0.25|1|1|1*p0156\n"
                                  "MUL (R64)|3|3|0|1|1|2|2|1*p1+1*p5\n");
  auto B = InstrTable::parse("b", "MUL (R64)|3|3|0|1|1|2|2|1*p1+1*p5\n"
                                  "ADD (R64, R64)|1|1|0|0.25|0.25|1|1|1*p06\n");
  InstrTable::SharedPool Pool;
  std::string Out;
  raw_string_ostream OS(Out);
  A->writePackedArrays(OS, "A", Pool);
  B->writePackedArrays(OS, "B", Pool);
  // Every string once: the two keys and the three port strings.
  EXPECT_EQ(Pool.chars(), "ADD (R64, R64)1*p0156MUL (R64)1*p1+1*p51*p06");
  // B's MUL is A's row; its ADD differs in its ports.
  EXPECT_EQ(Pool.rows().size(), 3u);
  EXPECT_NE(Out.find("static const uint32_t ARows[] = {\n  0, 1,\n};"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("static const uint32_t BRows[] = {\n  1, 2,\n};"),
            std::string::npos)
      << Out;
  InstrTable::writeSharedPool(OS, "C", Pool);
  A->writePackedTable(OS, "A", "C");
  B->writePackedTable(OS, "B", "C");
  EXPECT_NE(Out.find("static const PackedUopsTable A = {\"a\", CChars, "
                     "CEntries, ARows, 2, ASlots, 8};"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("static const PackedUopsTable B = {\"b\", CChars, "
                     "CEntries, BRows, 2, BSlots, 8};"),
            std::string::npos)
      << Out;
  // The rows: MUL's key at 21 (9 characters), its ports at 30; the second
  // ADD has A's key (0, 14) and ports of its own (39, 5).
  EXPECT_NE(Out.find("static const PackedUopsEntry CEntries[] = {\n"
                     "  {0, 14, 1, 1, 14, 3, 7, 0, "),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("  {21, 30, 2, 2, 9, 3, 9, 0, "), std::string::npos)
      << Out;
  EXPECT_NE(Out.find("  {0, 39, 1, 1, 14, 3, 5, 0, "), std::string::npos)
      << Out;
  // The built-in tables: two of them spell an instruction with the same
  // characters.
  const InstrTable *SKL = InstrTable::get("skylake");
  const InstrTable *CLX = InstrTable::get("cascadelake");
  ASSERT_TRUE(SKL && CLX);
  const UopsInfoEntry *X = SKL->lookup("ADD (R64, I32)");
  const UopsInfoEntry *Y = CLX->lookup("ADD (R64, I32)");
  ASSERT_TRUE(X && Y);
  EXPECT_EQ(X->Key.data(), Y->Key.data());
}

// The key index holds 16-bit row numbers (a row's index + 1, 0 for an
// empty slot; debt20: half the index's bytes, 0.56 MB of the plugin): a
// table of 65,534 rows finds its last, one more is refused where it is
// built (the build step), not wrapped to another row.
TEST(InstrTable, SixteenBitKeyIndex) {
  std::string Text;
  for (unsigned I = 0; I != 65534; ++I)
    Text += "OP" + std::to_string(I) + " (R64)|1|1|0|1|1|1|1|1*p0\n";
  auto T = InstrTable::parse("big", Text);
  ASSERT_EQ(T->size(), 65534u);
  EXPECT_EQ(T->lookup("OP65533 (R64)"), &T->entry(65533));
  EXPECT_EQ(T->lookup("OP0 (R64)"), &T->entry(0));
  EXPECT_EQ(T->lookup("OP65534 (R64)"), nullptr);
  Text += "OP65534 (R64)|1|1|0|1|1|1|1|1*p0\n";
  EXPECT_DEATH(InstrTable::parse("big", Text), "its key index holds 65,534");
}

// Every file of lib/Model/Tables (CMake's glob, LUARCH_UOPS_TABLE_FILES) is
// in UopsTablesText.def and packed under its name; the .def names no other.
// A table added to the folder but not to the list was silently left out.
TEST(InstrTable, EveryTableFileIsListedAndPacked) {
  SmallVector<StringRef, 16> Files;
  StringRef(LUARCH_UOPS_TABLE_FILES).split(Files, ' ', -1, false);
  ASSERT_FALSE(Files.empty());
  StringSet<> Listed;
  for (const UopsTableText &R : UopsTablesText)
    Listed.insert(R.Name);
  for (StringRef F : Files) {
    EXPECT_TRUE(Listed.contains(F))
        << "lib/Model/Tables/" << F.str()
        << ".inc is not in lib/Model/UopsTablesText.def";
    EXPECT_NE(InstrTable::get(F), nullptr) << F.str();
  }
  EXPECT_EQ(Listed.size(), Files.size());
}

// Every machine description's uops.info table is one the build packed: a
// name that matches none fell back to LLVM's scheduling model for every
// instruction, with only a note per instruction to say so.
TEST(InstrTable, EveryDescriptionFindsItsTable) {
  for (const MachineModel *M : allMachineModels())
    if (!M->UopsInfoTable.empty())
      EXPECT_NE(InstrTable::get(M->UopsInfoTable), nullptr)
          << M->Name << ": uops.info table '" << M->UopsInfoTable << "'";
}
