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

namespace luarch {
namespace sim {

class RetireStage {
public:
  explicit RetireStage(Core &C) : C(C) {}
  /// Retires what it can; returns whether anything retired.
  bool cycle();
  /// Retirement view of this cycle, called at its end: Retiring when it
  /// retired at full width, else what the oldest unfinished instruction
  /// waits for (\p Instr: the instruction charged).
  StallCause headCause(unsigned &Instr);

private:
  Core &C;
  double Credit = 0;
  double RetiredThisCycle = 0;
  int FirstRetired = -1;
};

class ExecuteStage {
public:
  explicit ExecuteStage(Core &C) : C(C) {}
  void cycle();

private:
  bool dispatchPort(unsigned P);
  Core &C;
};

class AllocateStage {
public:
  explicit AllocateStage(Core &C) : C(C) {}
  /// Allocates from the uop queue; returns why it stopped.
  AllocCause cycle();

private:
  Core &C;
  double Credit = 0;
};

class FrontEndStage {
public:
  explicit FrontEndStage(Core &C);
  void cycle();

private:
  Core &C;
  double Credit = 0;
  /// The uop queue holds at least two cycles of issue (matters when a
  /// sweep or what-if widens issue beyond the described queue).
  double QueueCapacity;
  /// Without a loop stream detector a taken loop branch ends the cycle's
  /// delivery: the next iteration starts in the next cycle.
  bool StopAtBranch;
  unsigned NextIter = 0, NextIndex = 0;
  int NextSlot = 0;
};

} // namespace sim
} // namespace luarch

#endif
