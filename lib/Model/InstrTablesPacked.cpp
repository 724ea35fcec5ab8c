//===- InstrTablesPacked.cpp - The uops.info tables the build packed -----===//
//
// UopsTablesPacked.inc is written by the build step (UopsTableGen.cpp) from
// lib/Model/Tables: a compile with the plugin, or a tool run, unpacks the
// table it uses instead of parsing its text (zen4: 13,749 rows, 24 M
// instructions, once per process).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/InstrTable.h"

#include <map>
#include <mutex>

using namespace llvm;

namespace luarch {

namespace {
#include "UopsTablesPacked.inc"
} // namespace

const InstrTable *InstrTable::get(StringRef Name) {
  static std::mutex Lock;
  // Never destroyed: freeing the tables at exit is work no one needs (a
  // compile with the plugin: 6 ms of its exit handlers).
  static auto &Unpacked =
      *new std::map<std::string, std::unique_ptr<InstrTable>>;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Unpacked.find(Name.str());
  if (It != Unpacked.end())
    return It->second.get();
  for (const PackedUopsTable *P : PackedTables)
    if (Name == P->Name)
      return (Unpacked[Name.str()] = unpack(*P)).get();
  return nullptr;
}

} // namespace luarch
