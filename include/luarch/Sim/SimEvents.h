//===- SimEvents.h - What the simulated core tells its views ---*- C++ -*-===//
//
// The simulator's stages report what happens through these events; views
// (cycle accounting, port statistics, the timeline, steady-state detection,
// and any new one) subscribe as SimListeners and build their results from
// them. The core never computes a report.
//
// Cost: one call per cycle to each listener subscribed to cycle events
// (onCycle), one per retired iteration to each subscribed to iteration
// events. Per-instruction and per-uop events are produced only while a
// listener subscribed to them asks for them (wantsInstructionEvents), so
// the simulation's hot loop makes no per-uop virtual calls otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SIM_SIMEVENTS_H
#define LUARCH_SIM_SIMEVENTS_H

#include "luarch/Sim/Resources.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace luarch {

/// Cycle accounting, retirement view: every cycle gets exactly one cause,
/// decided at the oldest unfinished instruction (the ROB head).
enum class StallCause : uint8_t {
  Retiring,       ///< retired at full width
  FrontEnd,       ///< nothing in flight: the front end did not deliver
  Dependency,     ///< the head waits for an operand
  PortContention, ///< the head is ready; its port served another uop
  DividerBusy,    ///< the head is ready; the divider is busy
  SerialBusy,     ///< the head is ready; a serialising instruction runs
  Executing,      ///< the head was dispatched; its latency is not over
  NumCauses
};
llvm::StringRef stallCauseName(StallCause C);
llvm::StringRef stallCauseDescription(StallCause C);

/// A uop's life, reported when it dispatches.
struct UopEvent {
  unsigned Iteration = 0, Instr = 0, Uop = 0;
  long Issued = -1, Dispatched = -1, Completed = -1, Retired = -1;
  int Port = -1;
};

/// An instruction issued (all its slots allocated) or retired.
struct InstrEvent {
  unsigned Iteration = 0, Instr = 0;
  long Cycle = 0;
  /// When all its uops have completed (retirement events).
  long Completed = -1;
};

/// What one cycle came to, at its end.
struct CycleFacts {
  long Cycle = 0;
  /// Why the issue stage stopped (allocation view).
  AllocCause Alloc = AllocCause::FrontEnd;
  /// Retirement view: Retiring when it retired at full width, else what
  /// the oldest unfinished instruction waited for.
  StallCause Head = StallCause::FrontEnd;
  /// The kernel instruction the cycle is charged to: the oldest retired
  /// one (Retiring), the oldest unfinished one, or the next to arrive.
  unsigned Instr = 0;
};

/// Cumulative counters of the execution units (since cycle 0), and how
/// full the window is at the moment an iteration retires.
struct ExecutionCounters {
  llvm::ArrayRef<double> UopsPerPort;
  double DividerBusy = 0;
  /// How full the machine is: instructions in the reorder buffer, uops in
  /// the scheduler, issue slots in the uop queue.
  struct Occupancy {
    size_t InFlight = 0, Scheduled = 0, Queued = 0;
    bool operator==(const Occupancy &O) const {
      return InFlight == O.InFlight && Scheduled == O.Scheduled &&
             Queued == O.Queued;
    }
  } Fill;
};

/// The kinds of events a listener receives (SimListener::subscribedEvents).
enum SimEventKind : unsigned {
  CycleEvents = 1,       ///< onCycle
  IterationEvents = 2,   ///< onIterationRetired
  InstructionEvents = 4, ///< onInstrIssued, onUopDispatched, onInstrRetired
  AllEvents = 7
};

class SimListener {
public:
  virtual ~SimListener();
  /// The kinds of events this listener is sent (SimEventKind bits), asked
  /// once when it subscribes: a view that needs no per-cycle facts says so
  /// and costs nothing per cycle.
  virtual unsigned subscribedEvents() const { return AllEvents; }
  /// Whether this view needs per-instruction and per-uop events now.
  virtual bool wantsInstructionEvents() const { return false; }
  virtual void onInstrIssued(const InstrEvent &) {}
  virtual void onUopDispatched(const UopEvent &) {}
  virtual void onInstrRetired(const InstrEvent &) {}
  /// The last instruction of iteration \p Iter retired in \p Cycle.
  virtual void onIterationRetired(unsigned Iter, long Cycle,
                                  const ExecutionCounters &Counters) {}
  virtual void onCycle(const CycleFacts &) {}
};

} // namespace luarch

#endif
