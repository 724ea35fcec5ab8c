//===- Scheduler.h - Reservation station and port binder -------*- C++ -*-===//
//
// Uops wait here between allocation and dispatch. Each is bound to one
// port when it is allocated (the port binder), then waits in one of three
// places: parked on the producer it waits for (woken when that producer
// dispatches), in its port's pending heap once its ready time is known but
// later, or in its port's age-ordered ready list. The execute stage scans
// only ready lists.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_SCHEDULER_H
#define LUARCH_LIB_SIM_SCHEDULER_H

#include "Units.h"
#include <functional>
#include <vector>

namespace luarch {
namespace sim {

struct Core;

/// A uop in the scheduler: (instruction sequence number, uop index).
using UopRef = std::pair<uint64_t, uint8_t>;

class Scheduler {
public:
  Scheduler(Core &C, unsigned NumPorts, PortBinding Binding);

  /// Binds uop \p U of \p I to a port and puts it where dispatch finds it.
  void bind(InFlightInstr &I, unsigned U);
  /// Puts an issued uop where dispatch will find it (see the file comment).
  void schedule(InFlightInstr &I, unsigned U);
  /// Uops parked on \p Producer become candidates again.
  void wake(InFlightInstr &Producer);
  /// Schedules the uops woken since the last call.
  void scheduleWoken();

  /// Port \p P's uops whose ready time has come, oldest first (after
  /// moving those that became ready by \p Now from the pending heap).
  std::vector<UopRef> &readyList(unsigned P, double Now);
  /// A uop bound to \p P left the scheduler.
  void dispatched(unsigned P, const InFlightInstr &I, unsigned U);
  /// Whether uop \p U of \p I may take a shared unit it needs (the divider
  /// or the serialising path) now: the unit serves its waiting uops oldest
  /// ready first, whichever port they are bound to (VDIVPD may bind to FP0
  /// or FP1 on Zen 4, while one divider serves both).
  bool firstForSharedUnits(const InFlightInstr &I, unsigned U);
  /// Recounts uops bound and not yet completed (for that binding policy).
  void recountInFlight();

private:
  struct Pending {
    double Ready;
    uint64_t Seq;
    uint8_t Uop;
    bool operator>(const Pending &O) const {
      return Ready > O.Ready || (Ready == O.Ready && Seq > O.Seq);
    }
  };
  int choosePort(PortMask Mask);
  /// Whether (I, U) is the oldest uop of \p Queue whose operands are
  /// ready now.
  bool oldestReady(const std::vector<UopRef> &Queue, const InFlightInstr &I,
                   unsigned U);

  Core &C;
  PortBinding Binding;
  std::vector<std::vector<UopRef>> Ready;
  std::vector<std::vector<Pending>> PendingByPort;
  std::vector<UopRef> Woken;
  /// Uops waiting for the divider / the serialising path, oldest first.
  std::vector<UopRef> DividerQueue, SerialQueue;
  /// Uops bound per port: still waiting, and not yet completed.
  std::vector<unsigned> Waiting, InFlight;
  unsigned RoundRobin = 0;
};

} // namespace sim
} // namespace luarch

#endif
