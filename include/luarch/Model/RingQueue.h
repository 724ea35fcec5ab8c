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

#include <cassert>
#include <cstddef>
#include <utility>
#include <vector>

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
    if (Count == Buf.size())
      grow();
    Buf[(Head + Count++) & Mask] = V;
  }
  /// Appends the slot after the last element as it is, without assigning
  /// it: a reused slot keeps what it held (e.g. vectors' capacity), for
  /// the caller to reset.
  T &extend_back() {
    if (Count == Buf.size())
      grow();
    return Buf[(Head + Count++) & Mask];
  }
  void push_front(const T &V) {
    if (Count == Buf.size())
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
    if (Size > Buf.size() && Count == 0) {
      Buf = std::vector<T>(Size);
      Head = 0;
      Mask = Size - 1;
    }
  }

private:
  void grow() {
    std::vector<T> Bigger(Buf.empty() ? 16 : 2 * Buf.size());
    for (size_t I = 0; I < Count; ++I)
      Bigger[I] = std::move((*this)[I]);
    Buf = std::move(Bigger);
    Head = 0;
    Mask = Buf.size() - 1;
  }
  std::vector<T> Buf;
  size_t Head = 0, Count = 0, Mask = 0;
};

} // namespace luarch

#endif
