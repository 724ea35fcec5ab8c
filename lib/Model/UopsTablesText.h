//===- UopsTablesText.h - The uops.info tables as text, by name -*- C++ -*-===//
//
// Every table of UopsTablesText.def as its name and its text, for the two
// readers of the text: the build step that packs the tables
// (UopsTableGen.cpp) and the test that compares the packed rows with the
// text (InstrTableTest.cpp). Processes read the packed tables
// (InstrTable::unpack), never this: include it in no library file.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_MODEL_UOPSTABLESTEXT_H
#define LUARCH_LIB_MODEL_UOPSTABLESTEXT_H

namespace luarch {

struct UopsTableText {
  const char *Name;
  const char *Text;
};

#define LUARCH_UOPS_TABLE(NAME, TEXT) {#NAME, TEXT},
inline const UopsTableText UopsTablesText[] = {
#include "UopsTablesText.def"
};
#undef LUARCH_UOPS_TABLE

} // namespace luarch

#endif
