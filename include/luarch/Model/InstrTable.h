//===- InstrTable.h - uops.info measurements for one CPU -------*- C++ -*-===//
//
// The committed tables in lib/Model/Tables are generated from uops.info CSVs
// by utils/uops-info-to-tables.py. The build parses them once, with parse()
// below, in a build step (lib/Model/UopsTableGen.cpp) that writes them as
// packed arrays and a key index; get() reads those, without parsing.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_INSTRTABLE_H
#define LUARCH_MODEL_INSTRTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace luarch {

/// One uops.info instruction variant, e.g. "ADD (R64, M64)".
struct UopsInfoEntry {
  llvm::StringRef Key;       ///< "ADD (R64, M64)"
  llvm::StringRef Mnemonic;  ///< "ADD"
  llvm::StringRef Signature; ///< "R64, M64" (empty for no operands)
  float LatMin = -1, LatMax = -1; ///< -1: not measured
  bool LatMinIsBound = false, LatMaxIsBound = false; ///< "≤" values
  float TPPorts = 0, TPMeasured = 0; ///< reciprocal throughputs (A / B)
  unsigned Fused = 0, Unfused = 0;
  llvm::StringRef Ports;     ///< "1*p0156+1*p23", empty if unknown

  bool hasLatency() const { return LatMax >= 0; }
  bool hasPorts() const { return !Ports.empty(); }
};

/// One entry as the build step writes it: the strings as offsets into the
/// character array (no pointers, so the plugin's loader relocates nothing;
/// each string stored once, in an array every table of the build step
/// shares: SharedPool), the key's split into mnemonic
/// and signature and the numbers as parsed (unpacking reads no character).
struct PackedUopsEntry {
  uint32_t Key, Ports;                 ///< offsets into the characters
  uint32_t Fused, Unfused;
  uint16_t KeyLen, MnemonicLen, PortsLen;
  uint8_t Flags;                       ///< bit 0 / 1: LatMin / LatMax bound
  float LatMin, LatMax, TPPorts, TPMeasured;
};

/// A table as the build step writes it (UopsTablesPacked.inc).
struct PackedUopsTable {
  const char *Name;
  const char *Chars;
  /// The rows, shared by the build step's tables (SharedPool), and this
  /// table's: Entries[Rows[I]] is its I-th.
  const PackedUopsEntry *Entries;
  const uint32_t *Rows;
  uint32_t NumEntries;
  /// The key index: open addressing over keyHash(), a power of two of
  /// slots, each an entry's index + 1 (0: empty); 16 bits (a table has
  /// fewer than 65,535 rows: 15,900 at most, Alder Lake-P), half the size
  /// of 32 (debt20: 1.11 -> 0.56 MB of the plugin).
  const uint16_t *Slots;
  uint32_t NumSlots;
};

class InstrTable {
public:
  InstrTable() = default;
  /// Not copyable: Slots may point into OwnSlots.
  InstrTable(const InstrTable &) = delete;
  InstrTable &operator=(const InstrTable &) = delete;

  /// The table generated from uops.info's <Name>.csv, or null if LoopUArch
  /// has no such table. Unpacked once, then shared (thread-safe).
  static const InstrTable *get(llvm::StringRef Name);

  llvm::StringRef name() const { return Name; }
  const UopsInfoEntry *lookup(llvm::StringRef Key) const;
  size_t size() const { return Entries.size(); }
  const UopsInfoEntry &entry(size_t I) const { return Entries[I]; }

  /// Parses table text in the converter's format (the build step; tests).
  /// A line without nine fields is skipped; \p Malformed, if given, gets
  /// the first such line's number (1-based; 0: none), which the build step
  /// refuses.
  static std::unique_ptr<InstrTable> parse(llvm::StringRef Name,
                                           llvm::StringRef Text,
                                           unsigned *Malformed = nullptr);
  /// The table the build step wrote.
  static std::unique_ptr<InstrTable> unpack(const PackedUopsTable &P);
  /// Writes this table as C++ definitions of a PackedUopsTable named
  /// \p Var with characters and rows of its own (\p Var "Chars",
  /// "Entries").
  void writePacked(llvm::raw_ostream &OS, llvm::StringRef Var) const;

  /// What several packed tables share: each key and port string once,
  /// and each row once (the build step's 13 tables spell mostly the same
  /// instructions with mostly the same figures: 2.92 MB of characters as
  /// arrays of their own, 0.47 MB shared; 118,959 rows of 40 bytes,
  /// 56,860 distinct; none of it read unless a table is unpacked).
  class SharedPool {
  public:
    /// The offset of \p S in the characters, added at the end if new.
    uint32_t offsetOf(llvm::StringRef S);
    /// The index of a row equal to \p E (bit for bit), added if new.
    uint32_t rowOf(const PackedUopsEntry &E);
    const std::string &chars() const { return Chars; }
    llvm::ArrayRef<PackedUopsEntry> rows() const { return Rows; }

  private:
    std::string Chars;
    llvm::StringMap<uint32_t> At;
    std::vector<PackedUopsEntry> Rows;
    llvm::StringMap<uint32_t> RowAt;
  };
  /// The build step, in three parts: this table's row indexes and key
  /// index (\p Var "Rows", "Slots"), its rows and strings put in \p Pool;
  /// then, once every table's are, the pool as arrays named \p PoolVar
  /// "Chars" and "Entries" (writeSharedPool); then each PackedUopsTable
  /// named \p Var, whose characters and rows are the pool's.
  void writePackedArrays(llvm::raw_ostream &OS, llvm::StringRef Var,
                         SharedPool &Pool) const;
  static void writeSharedPool(llvm::raw_ostream &OS, llvm::StringRef PoolVar,
                              const SharedPool &Pool);
  void writePackedTable(llvm::raw_ostream &OS, llvm::StringRef Var,
                        llvm::StringRef PoolVar) const;

  /// The index's hash of a key: LLVM's djbHash, the stable hash of its
  /// on-disk tables (the same in the build step, which stores the index
  /// it gives, and in every process).
  static uint32_t keyHash(llvm::StringRef Key);

private:
  std::string Name;
  std::vector<UopsInfoEntry> Entries;
  /// The key index (see PackedUopsTable::Slots): the build step's for a
  /// packed table, built by parse() otherwise.
  llvm::ArrayRef<uint16_t> Slots;
  std::vector<uint16_t> OwnSlots;
  /// Builds OwnSlots over Entries; the first of duplicate keys wins.
  void buildIndex();
};

} // namespace luarch

#endif
