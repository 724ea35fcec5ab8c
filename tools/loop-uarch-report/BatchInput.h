//===- BatchInput.h - The CSV rows of --batch ------------------*- C++ -*-===//
#ifndef LUARCH_TOOLS_BATCHINPUT_H
#define LUARCH_TOOLS_BATCHINPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace luarch {

/// One data row of a --batch CSV: the hex of its block, or why the row has
/// none (each such row becomes an error row of the output; the run goes
/// on).
struct BatchRow {
  unsigned Line = 0; ///< 1-based line where the row starts
  std::string Hex;
  std::string Error;
  /// The row's "run_iterations" field where the header has that column:
  /// iterations of one timed run of the loop form, each run starting from
  /// the same registers (AddressContext::RunIterations); 0 when absent.
  unsigned RunIterations = 0;
};

struct BatchInput {
  std::vector<BatchRow> Rows;
  /// The column used (1-based) and how it was chosen, for messages.
  unsigned Column = 1;
  bool HasHeader = false;
};

/// Parses CSV text (RFC 4180: quoted fields may hold commas, doubled quotes
/// and line breaks; CRLF or LF). \p Column picks the hex column: a 1-based
/// number, a header name (case-insensitive), or empty for automatic: a
/// header's column named "hex", else the first column. The first row is a
/// header when its chosen field is not machine code. Errors are for the
/// whole file (a named column missing from the header); a bad row becomes a
/// row with an Error. A header column named "run_iterations" gives each
/// row's BatchRow::RunIterations (empty: not known; a field that is not a
/// positive integer is a row error).
llvm::Expected<BatchInput> parseBatchCSV(llvm::StringRef Text,
                                         llvm::StringRef Path,
                                         llvm::StringRef Column);
llvm::Expected<BatchInput> readBatchCSV(llvm::StringRef Path,
                                        llvm::StringRef Column);

/// \p Field as one CSV field: quoted when it holds a comma, a quote or a
/// line break.
std::string csvQuote(llvm::StringRef Field);

} // namespace luarch

#endif
