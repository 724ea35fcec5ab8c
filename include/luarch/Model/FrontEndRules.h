//===- FrontEndRules.h - One cycle of each front-end unit ------*- C++ -*-===//
//
// What the predecoder, the decoders and the uop cache do in one cycle,
// given what waits for them. The simulator's front-end stage drives these
// with its queues and clock; the static front-end bound drives them with
// unlimited queues and no delays, which can only be faster: the bound is
// a hard lower bound of the simulation because both use the same rules.
// The rules and their parameters are [uiCA §4.1]'s measurements, as the
// machine description records them.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_FRONTENDRULES_H
#define LUARCH_MODEL_FRONTENDRULES_H

#include "luarch/Model/FrontEndLayout.h"
#include "luarch/Model/RingQueue.h"
#include <cassert>
#include <optional>
#include <vector>

namespace luarch {
namespace frontend {

/// One dynamic instruction: instruction Index of copy (iteration) Copy;
/// Time: when it was predecoded (the simulator's instruction queue).
struct InstrRef {
  unsigned Copy = 0, Index = 0;
  long Time = 0;
  bool operator==(const InstrRef &O) const {
    return Copy == O.Copy && Index == O.Index;
  }
};

/// Instructions fetched in order, cut into aligned blocks (16 bytes for the
/// predecoder, a uop-cache window for the DSB): one flat queue of the
/// instructions and one of how many each block holds (a block can be
/// empty: the predecoder's cycle on the tail of a branch). Both are rings,
/// so a simulation that fetches and consumes blocks every cycle does not
/// allocate.
class BlockQueue {
public:
  /// Whether no block is left; how many blocks are.
  bool empty() const { return Sizes.empty(); }
  size_t size() const { return Sizes.size(); }

  /// The front block: its instructions left, the first of them, taking it.
  unsigned frontSize() const { return Sizes.front(); }
  bool frontEmpty() const { return Sizes.front() == 0; }
  InstrRef frontInstr() const {
    assert(!frontEmpty() && "an instruction in the front block");
    return Refs.front();
  }
  void popInstr() {
    assert(!frontEmpty() && "an instruction in the front block");
    Refs.pop_front();
    --Sizes.front();
  }
  /// Drops the front block with what is left of it.
  void popBlock() {
    Refs.drop_front(Sizes.front());
    Sizes.pop_front();
  }

  /// The back block: opening a new one, its last instruction, appending.
  void newBlock() { Sizes.push_back(0); }
  bool backEmpty() const { return Sizes.back() == 0; }
  InstrRef backInstr() const {
    assert(!backEmpty() && "an instruction in the back block");
    return Refs.back();
  }
  void append(InstrRef R) {
    assert(!empty() && "a block to append to");
    Refs.push_back(R);
    ++Sizes.back();
  }

private:
  RingQueue<InstrRef> Refs;
  RingQueue<unsigned> Sizes;
};

/// Appends one copy's instructions [First, End) to \p Blocks, cut at
/// \p BlockBytes boundaries. A copy that continues straight-line code
/// (\p Continues) may share its first block with the previous copy's last.
/// With \p BranchSpill, a branch that ends in the next block adds an empty
/// block (the predecoder spends a cycle on its tail [uiCA]).
void appendBlocks(BlockQueue &Blocks, const FrontEndLayout &L,
                  unsigned Copy, unsigned First, unsigned End,
                  unsigned BlockBytes, bool Continues, bool BranchSpill);

/// The blocks appendBlocks makes of instructions [First, End) of a loop
/// (not continuing a previous copy): every copy of a loop has the same
/// addresses, so they are the same for every copy but for its number. The
/// simulator fetches a loop copy by copy from these.
struct BlockTemplate {
  std::vector<unsigned> Sizes;   ///< instructions per block, in order
  std::vector<unsigned> Indices; ///< the instructions, block after block
  /// Adds appendBlocks' blocks of [First, End) (BlockBytes, BranchSpill as
  /// there; the layout must be a loop's).
  void add(const FrontEndLayout &L, unsigned First, unsigned End,
           unsigned BlockBytes, bool BranchSpill);
  /// Appends copy \p Copy's blocks: what appendBlocks(Blocks, L, Copy,
  /// First, End, BlockBytes, false, BranchSpill) appends for each add().
  void appendTo(BlockQueue &Blocks, unsigned Copy) const {
    size_t K = 0;
    for (unsigned Size : Sizes) {
      Blocks.newBlock();
      for (unsigned J = 0; J < Size; ++J)
        Blocks.append({Copy, Indices[K++]});
    }
  }
  bool empty() const { return Sizes.empty(); }
};

/// The predecoder: per cycle it takes the instructions of the front 16-byte
/// block, up to \p Width, stopping at one that crosses into the next block;
/// such an instruction is finished with the next block's cycle (when the
/// group has room, or its opcode lies in the next block).
struct Predecoder {
  BlockQueue Blocks;
  std::optional<InstrRef> Partial;
  bool idle() const { return Blocks.empty() && !Partial; }
  /// One cycle's group (into \p Group, which it clears first); \p LCPs
  /// counts its length-changing prefixes.
  void cycle(const FrontEndLayout &L, unsigned Width, unsigned &LCPs,
             std::vector<InstrRef> &Group);
};

/// The decoders: up to Decoders instructions per cycle from the front of
/// \p Queue whose \p Ready predicate holds, a complex instruction only as
/// the first, a microcoded one last (the MS takes over), a branch or
/// fused pair last; a macro-fusible instruction not on the last decoder
/// where the core forbids it. The decoded instructions go into \p Out
/// (cleared first).
template <typename IsReady>
void decodeCycle(RingQueue<InstrRef> &Queue, const FrontEndLayout &L,
                 const FrontEndDesc &FE, IsReady Ready,
                 std::vector<InstrRef> &Out) {
  Out.clear();
  unsigned Remaining = FE.Decoders, Decoded = 0;
  while (!Queue.empty()) {
    InstrRef R = Queue.front();
    const FrontEndInstr &I = L.Instrs[R.Index];
    if (I.FusedIntoPrev) { // decoded with the instruction before it
      Queue.pop_front();
      continue;
    }
    if (!Ready(R))
      break;
    if (!Out.empty() && I.Complex)
      break;
    if (I.MacroFusible && !FE.MacroFusibleOnLastDecoder) {
      if (Decoded + 1 == FE.Decoders)
        break;
      if (Queue.size() < 2 || !Ready(Queue[1]))
        break;
    }
    Queue.pop_front();
    Out.push_back(R);
    if (I.MicrocodeUops)
      break;
    Remaining = I.Complex ? std::min(Remaining - 1, I.SimpleDecodersAfter)
                          : Remaining - 1;
    ++Decoded;
    if (Remaining == 0 || I.Branch || I.FusedWithNext)
      break;
  }
}

/// What the uop cache carries from one delivery to the next under
/// FrontEndDesc::DSBWayDelivery and DSBExtraEntryEndsDelivery: how far the
/// front window's current way is taken, and whether the last delivery
/// ended at an instruction with an extra entry. The ways of a window are
/// laid out instruction by instruction as it is delivered ([uiCA-sim]
/// getDSBBlocks): an instruction takes max(1, its uops) entries, plus one
/// for an extra entry, and starts a new way when they do not fit the
/// current one (a microcoded instruction always does, and fills it).
struct DSBCursor {
  bool InWindow = false; ///< the front window has delivered an instruction
  unsigned WayUsed = 0;  ///< entries taken of the current way
  bool ExtraEndedPrev = false;
  bool operator==(const DSBCursor &O) const {
    return InWindow == O.InWindow && WayUsed == O.WayUsed &&
           ExtraEndedPrev == O.ExtraEndedPrev;
  }
};

/// The uop cache: up to \p Width fused uops per cycle from the front
/// window, continuing into the next window when that one follows
/// contiguously; a microcoded instruction ends the group (the MS takes
/// over). An instruction with an extra entry (FrontEndInstr::ExtraEntry)
/// needs two of the cycle's slots and ends the group. Under
/// FrontEndLayout::DSBWayDelivery the group comes from at most two ways,
/// with uiCA's per-way limits, and goes on past a loop's back edge into
/// the next iteration's first way when that lies in another window.
/// Consumes the delivered instructions from \p Windows and puts them into
/// \p Out (cleared first).
void dsbCycle(BlockQueue &Windows, DSBCursor &Cursor, const FrontEndLayout &L,
              unsigned Width, std::vector<InstrRef> &Out);

} // namespace frontend
} // namespace luarch

#endif
