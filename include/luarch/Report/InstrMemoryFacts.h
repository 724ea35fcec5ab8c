//===- InstrMemoryFacts.h - Per-instruction facts from SCEV ----*- C++ -*-===//
//
// What the plugin's memory stage (LoopStreamsSCEV) learns of each kernel
// instruction's data and the memory prediction (MemoryOptions) reads: one
// definition for both, moved from the one to the other, and the plugin's
// analysis cache writes every field into its key (appendKey).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_REPORT_INSTRMEMORYFACTS_H
#define LUARCH_REPORT_INSTRMEMORYFACTS_H

#include <cstdint>
#include <string>
#include <vector>

namespace luarch {

struct InstrMemoryFacts {
  /// Per kernel instruction: the level (index into the hierarchy) its
  /// memory operand's data lives in, from SCEV (-1 = not a memory access
  /// or unknown; a stream lives in its accesses' farthest level, the
  /// working set's if none is known).
  std::vector<int> InstrHomes;
  /// Per kernel instruction: the bytes touched between two uses of its
  /// lines (SCEV; < 0 = not a memory access or unknown): the pages they
  /// span decide whether the TLB misses. Unknown: the smaller of the
  /// working set and the capacity of the level serving it.
  std::vector<double> InstrReuseBytes;
  /// Per kernel instruction: the 4 KiB pages touched between two uses of
  /// its lines (SCEV, counted page by page: a column walk touches a page
  /// per row; < 0 = unknown). They decide the TLB's misses; unknown: the
  /// reuse window's bytes over the page size, at most the working set's.
  std::vector<double> InstrReusePages;
  /// Per kernel instruction: how many of its access's L1 pieces split a
  /// cache line per execution (SCEV: its offset from the base object,
  /// taken to start on a line, and its strides in the nest; < 0 = unknown:
  /// the instruction's displacement decides, as for the tool).
  std::vector<double> InstrLineSplits;
  /// Per kernel instruction: the share of its lines whose first use comes
  /// from where the loop's data lives (the working set's level), the rest
  /// being reused from the level serving it (SCEV: a column walk whose
  /// next sweep moves by less than a line; 0 = none or unknown).
  /// Unprefetched, such lines cost that level's latency over its misses in
  /// flight, added to the rest (measured: utils/column-rmw.c).
  std::vector<double> InstrFirstUse;
  /// Per kernel instruction: bytes touched between two first uses of its
  /// lines (SCEV: the footprint of the next loop out that moves it by less
  /// than a line; < 0 = unknown: the working set): the level holding them
  /// serves the first uses.
  std::vector<double> InstrFirstUseBytes;

  /// Appends every fact to \p Key: two loops of the same code whose facts
  /// differ are two predictions. The values' bytes, each list after its
  /// length: text (std::to_string of a double is printf's %f) was ~170 k
  /// instructions per loop with memory facts, and its six decimals could
  /// take two different facts for one.
  void appendKey(std::string &Key) const {
    auto Bytes = [&Key](const void *P, size_t N) {
      Key.append(static_cast<const char *>(P), N);
    };
    auto Add = [&Bytes](const auto &V) {
      uint64_t N = V.size();
      Bytes(&N, sizeof(N));
      Bytes(V.data(), V.size() * sizeof(V[0]));
    };
    Add(InstrHomes);
    Add(InstrReuseBytes);
    Add(InstrReusePages);
    Add(InstrLineSplits);
    Add(InstrFirstUse);
    Add(InstrFirstUseBytes);
  }
};

// appendKey writes every field by name: a field added above must be added
// there too (else two loops that differ in it would share an analysis).
static_assert(sizeof(InstrMemoryFacts) == 6 * sizeof(std::vector<double>),
              "a field of InstrMemoryFacts: add it to appendKey");

} // namespace luarch

#endif
