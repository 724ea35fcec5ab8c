//===- ReadyCalendar.h - Uops waiting for their ready cycle ----*- C++ -*-===//
//
// The scheduler's uops whose ready time is known but has not come, filed
// by the cycle in which it comes (a calendar, or bucket queue): a uop is
// touched when it is filed and when its cycle comes, never in between, and
// a cycle with nothing due costs one mask test. (Per-port lists scanned
// whenever their earliest time had come visited every uop that stayed once
// per scan: 392,000 such visits on 300 bench blocks; docs/simulator.md,
// "Speed", speed13 and speed14.)
//
// Cycles within a window of 64 from the earliest not yet released have a
// bucket each (a ring, with a mask of the non-empty ones); later ones wait
// in an unordered far list until the window reaches them. A bucket is a
// chain through one pool of nodes (a vector per bucket allocated 64 times
// per simulation: a calendar lives as long as one run). Within a cycle
// the order of release is not the uops' age: the scheduler's ready lists
// keep age order whatever order uops join them in.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_READYCALENDAR_H
#define LUARCH_LIB_SIM_READYCALENDAR_H

#include "llvm/ADT/bit.h"
#include "llvm/Support/Compiler.h"
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

namespace luarch {
namespace sim {

template <typename Entry> class ReadyCalendar {
public:
  static constexpr long NoCycle = std::numeric_limits<long>::max();

  /// Files \p E for cycle \p Cycle, which has not been released yet (it is
  /// later than every cycle release() was called for).
  /// (Inline, for the scheduler's every uop that waits for its time; a new
  /// node or the far list take the call.)
  void add(long Cycle, const Entry &E) {
    assert(!Releasing && "release()'s callback files nothing");
    file(Cycle, E);
  }

  /// Hands every entry filed for a cycle up to \p Now to \p F (each once)
  /// and forgets it; later calls must not go back in time. \p F must not
  /// file entries (add): while the due buckets are walked, the window has
  /// not moved on, so a filing could join a chain being walked or one whose
  /// bit is cleared after the walk (lost), and the far list is compacted
  /// after its walk (the scheduler's F only moves a uop to a ready list).
  template <typename Fn> void release(long Now, Fn F) {
    if (Now < Base)
      return; // nothing filed is due (and no time went back: see add)
#ifndef NDEBUG
    Releasing = true;
#endif
    if (NonEmpty) {
      uint64_t Due = NonEmpty;
      if (Now - Base < long(NumBuckets) - 1) {
        // The buckets of cycles Base .. Now: Now - Base + 1 of them from
        // Base's place in the ring, wrapping.
        uint64_t Span = (uint64_t(1) << (Now - Base + 1)) - 1;
        Due &= llvm::rotl(Span, int(unsigned(Base) & (NumBuckets - 1)));
      }
      for (uint64_t M = Due; M; M &= M - 1) {
        // The bucket's chain, each node back to the free list as it goes
        // (the entry and the link copied first).
        for (uint32_t N = Head[llvm::countr_zero(M)]; N != NoNode;) {
          Entry E = Nodes[N].E;
          uint32_t Next = Nodes[N].Next;
          Nodes[N].Next = FreeNode;
          FreeNode = N;
          N = Next;
          F(E);
        }
      }
      NonEmpty &= ~Due;
    }
    Base = Now + 1;
    if (FarMin < Base + long(NumBuckets))
      pullFar(F);
#ifndef NDEBUG
    Releasing = false;
#endif
  }

  /// The earliest cycle with an entry filed (NoCycle if none).
  long next() const {
    long T = FarMin;
    if (NonEmpty) {
      unsigned Offset = unsigned(llvm::countr_zero(llvm::rotr(
          NonEmpty, int(unsigned(Base) & (NumBuckets - 1)))));
      T = std::min(T, Base + long(Offset));
    }
    return T;
  }
  bool empty() const { return !NonEmpty && Far.empty(); }
  /// Calls \p F(Cycle, Entry) for every entry filed (tests).
  template <typename Fn> void forEach(Fn F) const {
    for (unsigned Offset = 0; Offset < NumBuckets; ++Offset) {
      long Cycle = Base + long(Offset);
      unsigned B = unsigned(Cycle) & (NumBuckets - 1);
      if (NonEmpty >> B & 1)
        for (uint32_t N = Head[B]; N != NoNode; N = Nodes[N].Next)
          F(Cycle, Nodes[N].E);
    }
    for (const FarEntry &X : Far)
      F(X.Cycle, X.E);
  }

private:
  static constexpr unsigned NumBuckets = 64; ///< one bit each in NonEmpty
  /// add() without its check: release() files the far entries that came
  /// near (pullFar).
  void file(long Cycle, const Entry &E) {
    assert(Cycle >= Base && "a cycle not released yet");
    if (LLVM_LIKELY(Cycle - Base < long(NumBuckets) && FreeNode != NoNode)) {
      uint32_t N = FreeNode;
      FreeNode = Nodes[N].Next;
      Nodes[N].E = E;
      link(N, unsigned(Cycle) & (NumBuckets - 1));
      return;
    }
    addSlow(Cycle, E);
  }

  /// Puts node \p N at the head of bucket \p B's chain.
  void link(uint32_t N, unsigned B) {
    Nodes[N].Next = (NonEmpty >> B & 1) ? Head[B] : NoNode;
    Head[B] = N;
    NonEmpty |= uint64_t(1) << B;
  }
  /// add() with no free node, or for a cycle beyond the window.
  LLVM_ATTRIBUTE_NOINLINE void addSlow(long Cycle, const Entry &E) {
    if (Cycle - Base < long(NumBuckets)) {
      assert(FreeNode == NoNode && "add takes free nodes");
      assert(Nodes.size() < NoNode && "node numbers fit 32 bits");
      uint32_t N = uint32_t(Nodes.size());
      Nodes.push_back({E, NoNode});
      link(N, unsigned(Cycle) & (NumBuckets - 1));
      return;
    }
    Far.push_back({Cycle, E});
    FarMin = std::min(FarMin, Cycle);
  }
  /// The far list's entries that came due (to \p F) or into the window
  /// (to their bucket); the others stay.
  template <typename Fn> void pullFar(Fn F) {
    long Min = NoCycle;
    size_t Kept = 0;
    for (size_t I = 0; I < Far.size(); ++I) {
      const FarEntry X = Far[I];
      if (X.Cycle < Base) {
        F(X.E);
      } else if (X.Cycle - Base < long(NumBuckets)) {
        file(X.Cycle, X.E);
      } else {
        Min = std::min(Min, X.Cycle);
        Far[Kept++] = X;
      }
    }
    Far.resize(Kept);
    FarMin = Min;
  }

  static constexpr uint32_t NoNode = ~uint32_t(0);
  /// Bucket B's chain starts at node Head[B] (valid while bit B of
  /// NonEmpty is set: bucket B holds entries, of cycle c with c % 64 == B,
  /// c in [Base, Base + 64)); each node's Next is the chain's next, or the
  /// free list's for a free node.
  struct Node {
    Entry E;
    uint32_t Next;
  };
  std::vector<Node> Nodes;
  std::array<uint32_t, NumBuckets> Head;
  uint32_t FreeNode = NoNode;
  uint64_t NonEmpty = 0;
  /// The earliest cycle not released yet.
  long Base = 0;
  struct FarEntry {
    long Cycle;
    Entry E;
  };
  std::vector<FarEntry> Far;
  long FarMin = NoCycle;
#ifndef NDEBUG
  /// Within release()'s walk of the due buckets (add asserts it is not).
  bool Releasing = false;
#endif
};

} // namespace sim
} // namespace luarch

#endif
