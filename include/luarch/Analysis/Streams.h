//===- Streams.h - The memory streams of a loop body -----------*- C++ -*-===//
//
// From the kernel's memory operands and its induction updates: every
// access's address as an affine combination of the registers' values at
// iteration start (constant increments and lea/mov/movsxd copies followed),
// grouped into streams (same registers, same symbol: one array walked in
// step), with the stride per iteration, the bytes each access touches, and
// the reuse between the accesses of a stream (a[i] and a[i+1] share lines;
// a stencil's rows are re-read N iterations later).
//
// planTraffic then says which level serves each access (Kerncraft-style
// layer conditions: a trailing access hits in the first level that holds
// the data touched since the access ahead of it touched the same line) and
// the lines each level supplies per iteration, with write-allocate for
// stores and none for non-temporal stores.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_ANALYSIS_STREAMS_H
#define LUARCH_ANALYSIS_STREAMS_H

#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/DecodedInstr.h"
#include "llvm/ADT/ArrayRef.h"
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace luarch {

enum class AccessKind : uint8_t {
  Load,
  Store,
  ReadModifyWrite, ///< loads and stores the same location
};
llvm::StringRef accessKindName(AccessKind K);

/// One memory operand of the kernel.
struct MemoryAccess {
  unsigned Instr = 0; ///< index in the kernel
  AccessKind Kind = AccessKind::Load;
  bool NonTemporal = false;
  unsigned Bytes = 8;
  /// Elements a gather or scatter accesses (each may be in a line and a
  /// page of its own); 1 for any other access.
  unsigned Elements = 1;
  /// Which stream it belongs to (index into LoopStreams::Streams).
  unsigned Stream = 0;
  /// Offset from the stream's reference address at this instruction,
  /// bytes (the displacement, plus the increments applied before it in
  /// the iteration).
  int64_t Offset = 0;
  /// Iterations since the access ahead of it in its stream touched the
  /// same line: 0 = in this iteration; infinity = nothing ahead does (it
  /// brings new lines in: a front).
  double ReuseIterations = std::numeric_limits<double>::infinity();
  /// Lines it brings in per iteration when it misses (a front): |stride| /
  /// line for dense streams, one line when the stride is a line or more,
  /// one per access when the address is irregular.
  double LinesPerIteration = 0;
  /// New 4 KiB pages it touches per iteration when it misses.
  double PagesPerIteration = 0;
  bool isFront() const {
    return ReuseIterations == std::numeric_limits<double>::infinity();
  }
};

/// Accesses through the same address registers (with the same
/// coefficients) or the same symbol: one array walked in step.
struct AccessStream {
  /// "rsi", "rdi + 8*rcx", "a + 8*rax", "irregular (rax)".
  std::string Name;
  /// Bytes the addresses advance per iteration; unknown when a register
  /// of the address is loaded from memory or computed in a way the
  /// analysis does not follow (a gather, a pointer chase).
  std::optional<int64_t> Stride;
  /// Accesses, leading first (largest offset along the direction of
  /// travel).
  std::vector<unsigned> Accesses;
  /// Bytes the stream's accesses touch per iteration (sum of widths).
  unsigned BytesPerIteration = 0;
  bool HasLoad = false, HasStore = false, NonTemporal = false;
  bool regular() const { return Stride.has_value(); }
  bool invariant() const { return Stride && *Stride == 0; }
};

struct LoopStreams {
  unsigned LineBytes = 64;
  std::vector<MemoryAccess> Accesses;
  std::vector<AccessStream> Streams;
  /// Distinct bytes the loop touches per iteration: what a cache must hold
  /// per iteration of reuse distance (accesses within two lines of the
  /// access ahead of them add nothing).
  double NewBytesPerIteration = 0;
};

/// The streams of \p K (decoded as \p D).
LoopStreams findStreams(const Kernel &K, llvm::ArrayRef<DecodedInstr> D,
                        unsigned LineBytes = 64);

/// Lines per iteration one level supplies (to the level above it).
struct LevelLines {
  /// Lines read: loads, and write-allocates for stores.
  double Read = 0;
  /// Of Read, lines for accesses the prefetchers cannot follow (irregular
  /// addresses, strides beyond the prefetch limit): they pay the level's
  /// latency.
  double ReadUnprefetched = 0;
  /// Dirty lines written back to this level.
  double WriteBack = 0;
  /// Lines written by non-temporal stores (DRAM only: they bypass the
  /// caches).
  double NonTemporal = 0;
  /// Load bytes and store bytes (write-allocate) per iteration served by
  /// this level, as the bandwidth nodes count them: Read lines split by
  /// the kind of their accesses, times the line size.
  double LoadBytes = 0, StoreBytes = 0;
  /// New pages per iteration of the accesses it serves.
  double Pages = 0;
};

/// Where each access is served from, and what each level supplies.
struct TrafficPlan {
  /// Per access: index of the level in MemoryHierarchyDesc::Levels.
  std::vector<unsigned> ServedBy;
  /// Per level (parallel to MemoryHierarchyDesc::Levels).
  std::vector<LevelLines> Levels;
};

/// The traffic when each stream's data lives in level Home[stream] (index
/// into H.Levels; the working set decides it) — the first level where a
/// layer condition holds serves a trailing access instead. Invariant
/// streams are served by L1. \p Safety is the fraction of a cache the
/// reuse may fill (Kerncraft uses one half).
TrafficPlan planTraffic(const LoopStreams &S, const MemoryHierarchyDesc &H,
                        llvm::ArrayRef<unsigned> Home, double Safety = 0.5);
/// The same with every stream's data in level \p Home.
TrafficPlan planTraffic(const LoopStreams &S, const MemoryHierarchyDesc &H,
                        unsigned Home, double Safety = 0.5);

/// Effective capacity of level \p L in bytes: its size (what one core can
/// use of it when it is shared and busy, if the description says), plus
/// those of the levels above when it is not inclusive of them (victim
/// caches); 0 for DRAM (unbounded).
double effectiveCapacity(const MemoryHierarchyDesc &H, unsigned L);

/// Elements of a gather or scatter from its text (the index register's
/// width over the index size: v[p]gatherd* 4 bytes, v[p]gatherq* 8); 1 for
/// any other instruction.
unsigned gatherElements(llvm::StringRef Text);

/// The same with the level's whole size (UsableKiB ignored).
double fullCapacity(const MemoryHierarchyDesc &H, unsigned L);

/// Of data that lives beyond level \p L because its reuse volume \p Bytes
/// exceeds L's usable capacity (times \p Safety), the share of lines L
/// still serves: 1 up to the usable capacity, 0 from the whole size on,
/// linear between (a shared L3 keeps part of a larger working set; the
/// probe's load streams on the Zen 4 host fall from the L3's bandwidth at
/// 8 MiB to DRAM's at 32 MiB along this line, docs/memory.md).
double servedShare(const MemoryHierarchyDesc &H, unsigned L, double Bytes,
                   double Safety = 1);

/// Of an access of \p Bytes at \p Position bytes into a line of
/// \p LineBytes, served by the L1 in pieces of \p PieceBytes (0: one piece),
/// how many pieces split a line.
unsigned splitPieces(int64_t Position, unsigned Bytes, unsigned PieceBytes,
                     unsigned LineBytes);

/// The same averaged over the positions a multiple of \p Step bytes apart
/// from \p First (an access whose position is known only modulo Step, or
/// that moves by multiples of Step).
double meanSplitPieces(int64_t First, unsigned Step, unsigned Bytes,
                       unsigned PieceBytes, unsigned LineBytes);

/// The level a working set of \p Bytes lives in: the first whose
/// effective capacity holds it, else the last (DRAM).
unsigned levelForWorkingSet(const MemoryHierarchyDesc &H, double Bytes);

} // namespace luarch

#endif
