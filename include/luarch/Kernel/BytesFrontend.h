//===- BytesFrontend.h - Kernels from raw machine code ---------*- C++ -*-===//
//
// Machine code given as hex text, as BHive distributes its basic blocks
// ("4801d8,0.0003" per line): parsing the hex, disassembling the bytes into a
// Kernel with LLVM's MCDisassembler, and reading BHive-format CSV files.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_BYTESFRONTEND_H
#define LUARCH_KERNEL_BYTESFRONTEND_H

#include "luarch/Kernel/Kernel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace luarch {

class TargetContext;

/// Parses machine code written as hex: "4801d8", "48 01 d8", "0x48,0x01"
/// (bytes separated by white space or commas, each group optionally with a
/// 0x prefix, a group holding one or more whole bytes). Errors name the
/// offending character and its position, or an odd number of digits.
llvm::Expected<std::vector<uint8_t>> parseHex(llvm::StringRef Hex);

/// Disassembles \p Bytes into a straight-line kernel (KernelShape::Unrolled)
/// named \p Name: instruction sizes are the disassembler's, Text is the
/// AT&T spelling, each instruction's location is \p Name at its byte offset.
/// Fails with "cannot decode byte 0x.. at offset N" on undecodable bytes
/// (including an instruction cut short at the end), and on no bytes at all.
llvm::Expected<Kernel> kernelFromBytes(const TargetContext &TC,
                                       llvm::ArrayRef<uint8_t> Bytes,
                                       llvm::StringRef Name);

/// One line of a BHive CSV file.
struct BHiveBlock {
  /// The block's machine code as written (first column).
  std::string Hex;
  /// The rest of the line after the first comma (e.g. the frequency or a
  /// measured throughput), empty if there is none.
  std::string Rest;
  /// 1-based line number in the file.
  unsigned Line = 0;
};

/// Reads a BHive-format CSV file: one block per line, the first field the
/// block's hex (possibly empty: an empty block). Blank lines are skipped, and
/// so is a first line whose first field is not hex (a header). Other
/// malformed lines are an error "path:line: error: malformed BHive line: ...".
llvm::Expected<std::vector<BHiveBlock>> readBHiveCSV(llvm::StringRef Path);

/// Same, from text already in memory; \p Path names it in messages.
llvm::Expected<std::vector<BHiveBlock>> parseBHiveCSV(llvm::StringRef Text,
                                                      llvm::StringRef Path);

} // namespace luarch

#endif
