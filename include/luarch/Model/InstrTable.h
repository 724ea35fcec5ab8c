//===- InstrTable.h - uops.info measurements for one CPU -------*- C++ -*-===//
//
// The committed tables in lib/Model/Tables are generated from uops.info CSVs
// by utils/uops-info-to-tables.py; this parses one of them on first use.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_INSTRTABLE_H
#define LUARCH_MODEL_INSTRTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <vector>

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

class InstrTable {
public:
  /// The table generated from uops.info's <Name>.csv, or null if LoopUArch
  /// has no such table. Parsed once, then shared (thread-safe).
  static const InstrTable *get(llvm::StringRef Name);

  llvm::StringRef name() const { return Name; }
  const UopsInfoEntry *lookup(llvm::StringRef Key) const;
  /// All variants of a mnemonic ("ADD", "ADD_01", ...), in table order.
  llvm::ArrayRef<const UopsInfoEntry *> variants(llvm::StringRef Mnemonic) const;
  size_t size() const { return Entries.size(); }

  /// Parses table text in the converter's format (exposed for tests).
  static std::unique_ptr<InstrTable> parse(llvm::StringRef Name,
                                           llvm::StringRef Text);

private:
  std::string Name;
  std::vector<UopsInfoEntry> Entries;
  /// Flat, built once per table and process (the plugin parses a table in
  /// every compilation): no allocation per row or per mnemonic.
  llvm::DenseMap<llvm::StringRef, unsigned> ByKey;
  /// A mnemonic's variants are VariantList[Begin, Begin + Count).
  llvm::DenseMap<llvm::StringRef, std::pair<unsigned, unsigned>> ByMnemonic;
  std::vector<const UopsInfoEntry *> VariantList;
};

} // namespace luarch

#endif
