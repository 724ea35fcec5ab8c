//===- MachineRates.h - The rates the static bounds divide by --*- C++ -*-===//
//
// The per-cycle rates and the divider speed the static bounds take from a
// machine: the described ones (MachineRates::of), or a changed machine's
// (`--what-if`, SimConfig::rates()), so that the bounds stay lower bounds
// of the machine that is simulated. Each field is set by one row of the
// resource table (luarch/Sim/Resources.h, ResourceSpec::BoundRate); the
// other rows say there why they are no input of a static bound.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_MACHINERATES_H
#define LUARCH_MODEL_MACHINERATES_H

#include <cmath>

namespace luarch {

struct MachineModel;

struct MachineRates {
  /// Issue slots allocated per cycle (FrontEndDesc::IssueWidth).
  double Issue = 0;
  /// Fused uops retired per cycle (BackEndDesc::RetireWidth).
  double Retire = 0;
  /// Uops the front end delivers into the uop queue per cycle: the uop
  /// cache's width, else the issue width.
  double Delivery = 0;
  /// The divider's speed (1 = as described): a divide's busy cycles are
  /// divided by it.
  double DividerSpeed = 1;

  /// The described machine's.
  static MachineRates of(const MachineModel &M);

  bool operator==(const MachineRates &O) const {
    return Issue == O.Issue && Retire == O.Retire && Delivery == O.Delivery &&
           DividerSpeed == O.DividerSpeed;
  }
};

/// Whether a rate is a whole number of uops per cycle. Rules that take
/// whole cycles per iteration (a taken branch or an iteration boundary
/// ends the cycle) hold for whole rates only: with a fractional one (a
/// what-if, the sweep's x1.15) the simulator carries up to one uop of
/// credit into the next cycle, and only the plain ratio is a bound.
inline bool isWholeRate(double R) { return R == std::floor(R); }

} // namespace luarch

#endif
