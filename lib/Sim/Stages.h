//===- Stages.h - The stages that move uops between the units --*- C++ -*-===//
//
// Called once per cycle by the simulation driver, in this order:
//   RetireStage   - ROB head -> gone, in order, up to the retire width
//   ExecuteStage  - scheduler -> ports: the oldest ready uop per port
//   AllocateStage - uop queue -> ROB/scheduler/buffers: rename, bind ports
//   FrontEndStage - the loop body -> uop queue
// Each owns only its per-cycle credits; state lives in the units (Core).
// Widths are credits: each cycle a stage gains its width, an action spends
// one, and only a fraction of a credit carries over (unused capacity is
// lost, as in hardware).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_STAGES_H
#define LUARCH_LIB_SIM_STAGES_H

#include "Core.h"
#include "luarch/Model/FrontEndRules.h"

namespace luarch {
namespace sim {

class RetireStage {
public:
  explicit RetireStage(Core &C);
  /// Retires what it can; returns whether anything retired.
  bool cycle();
  /// Whether the last cycle retired nothing for want of a finished
  /// instruction (not of retire width): the same holds in every cycle
  /// before the ROB head's completion time, whatever the credit.
  bool idle() const { return Idle; }
  /// A cycle in which nothing can retire, without looking (cycle skipping:
  /// the credit evolves exactly as cycle() would have it).
  void skipCycle();
  /// Retirement view of this cycle, called at its end: Retiring when it
  /// retired at full width, else what the oldest unfinished instruction
  /// waits for (\p Instr: the instruction charged).
  StallCause headCause(unsigned &Instr);

private:
  Core &C;
  /// The retire width and its whole part, fixed for a run (computed once,
  /// the same value the per-cycle floor gave).
  const double Width, WholeWidth;
  double Credit = 0;
  /// The latest dispatch of a data or address uop of the stores retired
  /// so far (stores commit in order; SInstr::KeepsStoreDataTime).
  double StoreDataAt = 0;
  double RetiredThisCycle = 0;
  int FirstRetired = -1;
  bool CreditBound = false, Idle = false;
};

class ExecuteStage {
public:
  explicit ExecuteStage(Core &C);
  void cycle();
  /// Whether the last cycle dispatched nothing.
  bool idle() const { return Idle; }

private:
  /// Whether port \p P can start a uop now: false only when dispatchPort
  /// would find nothing (no ready uop of its own or, for a load port that
  /// shares, of another load port; or busy with no renamed load ready).
  bool mayDispatch(unsigned P, double Now) const;
  bool dispatchPort(unsigned P);
  /// Dispatches on port \p P from port \p ListPort's ready uops; \p
  /// AnyReady tells whether one of them had its operands.
  bool dispatchFrom(unsigned ListPort, unsigned P, bool &AnyReady);
  Core &C;
  /// Ports that take each other's ready uops (load ports, ALU ports; 0
  /// unless the core does). A port takes only uops of its own mask.
  static PortMask sharingPorts(const SimConfig &Config);
  const PortMask SharingPorts;
  /// Ports visited before the others each pass (the store-data ports).
  const PortMask FirstPorts;
  bool Idle = false;
  /// Whether this pass over the ports dispatched on the divider or the
  /// serialising path, from another port's ready list, or left a port
  /// free after a dispatch: then another pass may dispatch more though no
  /// uop became ready (cycle()).
  bool Unsettled = false;
};

class AllocateStage {
public:
  explicit AllocateStage(Core &C);
  /// Allocates from the uop queue; returns why it stopped.
  AllocCause cycle();
  /// Whether the last cycle allocated nothing because the queue was empty
  /// or a buffer full (not for want of issue width): the same holds until
  /// a uop leaves a buffer or the front end delivers.
  bool idle() const { return Idle; }
  /// A cycle in which nothing can allocate (cycle skipping: the credit
  /// evolves exactly as cycle() would have it).
  void skipCycle();
  /// The first buffer (by instruction) smaller than what one instruction
  /// needs of it at once: the entries all its issue slots hold until it
  /// retires, or the scheduler entries of one slot, or of several when a
  /// uop waits for one of a later slot (waitingAtSlots). A
  /// --what-if size can be that small (rs=1 and a micro-fused store's two
  /// uops or an unlaminated read-modify-write, rob=1 and a divide's
  /// several slots); the instruction then never allocates.
  std::optional<BufferShortage> shortage() const { return Short; }

private:
  /// What one issue slot takes from the buffers checked at allocation and
  /// from those held until retirement.
  struct SlotNeed {
    /// The checked buffers it takes entries of: their ids, entries and
    /// positions in Checked.
    static constexpr unsigned MaxChecked = 8;
    unsigned NumChecked = 0;
    std::array<ResourceId, MaxChecked> Id{};
    std::array<uint8_t, MaxChecked> Pos{};
    std::array<double, MaxChecked> N{};
    /// The held buffers it takes entries of (positions in
    /// HeldUntilRetire) and how many.
    unsigned NumHeld = 0;
    std::array<uint8_t, std::size(HeldUntilRetire)> HeldPos{};
    std::array<double, std::size(HeldUntilRetire)> HeldN{};
  };
  SlotNeed slotNeed(const SInstr &SI, const SSlot *Slot, bool New) const;
  static std::vector<double> waitingAtSlots(const SInstr &SI, bool Vec);

  Core &C;
  /// The buffers checked at allocation, in the resource table's order
  /// (which names the stall when several are full).
  llvm::SmallVector<ResourceId, 8> Checked;
  /// The stall each names when it is full.
  llvm::SmallVector<AllocCause, 8> CheckedCause;
  /// SlotNeed per instruction, slot (none first: a fused jcc) and whether
  /// the slot renames a new instruction; NeedsAt: each instruction's first.
  std::vector<SlotNeed> Needs;
  std::vector<size_t> NeedsAt;
  std::optional<BufferShortage> Short;
  /// waitingAtSlots(SI, false) per instruction (empty: none waits).
  std::vector<std::vector<double>> WaitingAt;
  double Credit = 0;
  bool Idle = false;
};

/// Fills the uop queue. On a uop-cache-only front end: up to the front-end
/// width of issue slots per cycle, a taken back edge ending the cycle's
/// delivery (unless an LSD streams the loop). On Intel's: the loop stream
/// detector, the uop cache (DSB) and the legacy decoders with the
/// microcode sequencer, per the kernel's FrontEndLayout and the rules of
/// luarch/Model/FrontEndRules.h, which the static bound shares.
class FrontEndStage {
public:
  explicit FrontEndStage(Core &C);
  void cycle();
  /// Whether the last cycle delivered nothing and changed no state but its
  /// credit, because the uop queue had no room (or, with the LSD, was not
  /// empty) or the front end had fetched and delivered every iteration it
  /// may: the same holds while the uop queue does not change, unless the
  /// credit lets a wider group through (skipCycle checks).
  bool idle() const { return Idle; }
  /// Cycle skipping: if the front end, with the uop queue unchanged, would
  /// again do nothing but update its credit this cycle, does that and
  /// returns true; otherwise changes nothing and returns false.
  bool skipCycle();

private:
  void uopCacheCycle();
  void intelCycle();
  /// Queues more fetched code for the DSB / predecoder (a whole iteration
  /// or copy at a time).
  void fetch();
  /// Puts instruction \p R's issue slots [From, To) into the uop queue
  /// (a fused jcc, with no slot, as a placeholder).
  void deliver(frontend::InstrRef R, unsigned From, unsigned To);
  /// The decoders or the DSB hand over one instruction: its slots, or the
  /// microcode sequencer takes it over after \p Stall cycles.
  void handOver(frontend::InstrRef R, unsigned Stall, unsigned PostStall);
  void microcodeCycle();
  /// Whether the Intel front end, with \p DSBWidth uops of credit, does
  /// nothing this cycle but update its credit.
  bool intelBlocked(unsigned DSBWidth) const;
  /// Whether the Intel front end has fetched every iteration it may and
  /// holds nothing more to deliver, nor a stall to count down: every
  /// later cycle only updates its credit (a wide uop queue or an
  /// unbounded reorder buffer in a sensitivity run takes the whole run,
  /// and the loop's last iterations may execute for a long time after).
  bool intelExhausted() const;
  /// Whether the loop's instruction \p Index lies in a cached window.
  bool cachedAt(unsigned Index) const;

  Core &C;
  const FrontEndLayout &L;
  double Credit = 0;
  /// The uop queue holds at least two cycles of issue (matters when a
  /// sweep or what-if widens issue beyond the described queue).
  double QueueCapacity;
  /// The least queue size that is not below QueueCapacity (uopCacheCycle
  /// compares whole counts).
  size_t QueueLimit;
  /// Issue slots of each instruction of the body (uopCacheCycle).
  std::vector<unsigned> SlotsOf;
  /// Uop-cache-only cores without a loop stream detector: a taken loop
  /// branch ends the cycle's delivery.
  bool StopAtBranch;
  bool Idle = false;
  unsigned NextIter = 0, NextIndex = 0;
  int NextSlot = 0;

  // Intel front end.
  UopSource Source = UopSource::DSB;
  unsigned NextCopy = 0;          ///< next iteration/copy to fetch
  frontend::BlockQueue DSBWindows;
  frontend::DSBCursor DSBState;
  /// A loop's copy as fetched: cached windows for the DSB, the others for
  /// the predecoder.
  frontend::BlockTemplate LoopDSBBlocks, LoopPredecodeBlocks;
  frontend::Predecoder Predecode;
  std::vector<frontend::InstrRef> Predecoded; ///< waiting out an LCP stall
  unsigned PredecodeStall = 0;
  RingQueue<frontend::InstrRef> InstrQueue;  ///< predecoded, for decoding
  struct MicrocodeFlow {
    frontend::InstrRef R;
    unsigned Next = 0, End = 0; ///< slots still to deliver
  };
  RingQueue<MicrocodeFlow> Microcode;
  /// This cycle's group from the decoders or the DSB (reused).
  std::vector<frontend::InstrRef> Group;
  unsigned MSStall = 0, MSPostStall = 0;
};

} // namespace sim
} // namespace luarch

#endif
