//===- RingQueue.h - A double-ended queue over one flat array --*- C++ -*-===//
//
// The simulator's queues (fetched blocks, predecoded instructions, the uop
// queue) push and pop every cycle. std::deque allocates and frees a node
// every few dozen elements as it moves; this ring reuses one power-of-two
// array that only grows, so a steady-state simulation does not allocate.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_RINGQUEUE_H
#define LUARCH_MODEL_RINGQUEUE_H

#include "llvm/Support/Compiler.h"
#include <cassert>
#include <cstddef>
#include <memory>
#include <utility>

namespace luarch {

template <typename T> class RingQueue {
public:
  bool empty() const { return Count == 0; }
  size_t size() const { return Count; }
  T &operator[](size_t I) {
    assert(I < Count && "index in the queue");
    return Buf[(Head + I) & Mask];
  }
  const T &operator[](size_t I) const {
    assert(I < Count && "index in the queue");
    return Buf[(Head + I) & Mask];
  }
  T &front() { return (*this)[0]; }
  const T &front() const { return (*this)[0]; }
  T &back() { return (*this)[Count - 1]; }
  const T &back() const { return (*this)[Count - 1]; }
  void push_back(const T &V) {
    if (Count == Capacity)
      grow();
    Buf[(Head + Count++) & Mask] = V;
  }
  /// Appends the slot after the last element as it is, without assigning
  /// it: a reused slot keeps what it held (e.g. vectors' capacity), for
  /// the caller to reset.
  T &extend_back() {
    if (Count == Capacity)
      grow();
    return Buf[(Head + Count++) & Mask];
  }
  void push_front(const T &V) {
    if (Count == Capacity)
      grow();
    Head = (Head - 1) & Mask;
    Buf[Head] = V;
    ++Count;
  }
  void pop_front() {
    assert(Count && "pop from an empty queue");
    Head = (Head + 1) & Mask;
    --Count;
  }
  void pop_back() {
    assert(Count && "pop from an empty queue");
    --Count;
  }
  /// Drops the first \p N elements.
  void drop_front(size_t N) {
    assert(N <= Count && "drop within the queue");
    Head = (Head + N) & Mask;
    Count -= N;
  }
  void clear() { Head = Count = 0; }
  /// Makes room for \p N elements up front while the queue is empty (it
  /// still grows past that when it must).
  void reserve(size_t N) {
    size_t Size = 16;
    while (Size < N)
      Size *= 2;
    if (Size > Capacity && Count == 0) {
      Buf = makeSlots(Size);
      Capacity = Size;
      Head = 0;
      Mask = Size - 1;
    }
  }

private:
  /// Slots default-initialised: a class runs its default constructor, plain
  /// data (the reorder buffer's entries, set field by field when
  /// allocated) is left as it is. A std::vector value-initialises, which
  /// zero-fills plain data first: about 9,000 instructions per simulation
  /// for the reorder buffer's ring alone.
  static std::unique_ptr<T[]> makeSlots(size_t N) {
    return std::unique_ptr<T[]>(new T[N]);
  }
  /// Out of line: the rare path of push_back and extend_back, which then
  /// inline wherever they are called (a uop-queue or block-queue push per
  /// slot and instruction).
  LLVM_ATTRIBUTE_NOINLINE void grow() {
    size_t Size = Capacity ? 2 * Capacity : 16;
    std::unique_ptr<T[]> Bigger = makeSlots(Size);
    for (size_t I = 0; I < Count; ++I)
      Bigger[I] = std::move((*this)[I]);
    Buf = std::move(Bigger);
    Capacity = Size;
    Head = 0;
    Mask = Size - 1;
  }
  std::unique_ptr<T[]> Buf;
  size_t Capacity = 0;
  size_t Head = 0, Count = 0, Mask = 0;
};

} // namespace luarch

#endif
