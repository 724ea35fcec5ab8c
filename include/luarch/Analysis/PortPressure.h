//===- PortPressure.h - Port-pressure bound of a loop body -----*- C++ -*-===//
//
// How many cycles per iteration the execution ports need at least, and how
// each instruction's uops spread over the ports.
//
// Optimal assignment: the minimum over fractional assignments of uops to
// eligible ports of the maximum port load. By max-flow/min-cut it equals
//   T* = max over port sets Q of (uops whose port set lies within Q) / |Q|,
// which we compute exactly by subset sums per group of ports that share
// uops. The per-instruction table shows a lexicographically balanced
// assignment (the tight set at T*, then the rest recursively), as IACA-like
// tables do. EqualSplit reproduces OSACA's fixed 1/|S| split.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_ANALYSIS_PORTPRESSURE_H
#define LUARCH_ANALYSIS_PORTPRESSURE_H

#include "luarch/Model/DecodedInstr.h"
#include "luarch/Model/MachineModel.h"
#include "llvm/ADT/ArrayRef.h"
#include <cassert>
#include <vector>

namespace luarch {

enum class PortAssignment { Optimal, EqualSplit };

/// [instruction][port]: one row-major table (a vector per instruction was
/// an allocation each, per loop the plugin analyses).
class PortsPerInstr {
  std::vector<double> Cells;
  size_t Rows = 0;
  unsigned Cols = 0;

public:
  /// \p Instrs rows of \p Ports zeros.
  void assign(size_t Instrs, unsigned Ports) {
    Rows = Instrs;
    Cols = Ports;
    Cells.assign(Instrs * Ports, 0.0);
  }
  size_t size() const { return Rows; }
  llvm::MutableArrayRef<double> operator[](size_t I) {
    assert(I < Rows && "an instruction of the table");
    return llvm::MutableArrayRef<double>(Cells).slice(I * Cols, Cols);
  }
  llvm::ArrayRef<double> operator[](size_t I) const {
    assert(I < Rows && "an instruction of the table");
    return llvm::ArrayRef<double>(Cells).slice(I * Cols, Cols);
  }
};

struct PortPressure {
  PortAssignment Assignment = PortAssignment::Optimal;
  /// Cycles per iteration on each port (sum of the per-instruction rows).
  std::vector<double> PerPort;
  /// [instruction][port]: cycles per iteration the instruction puts there.
  PortsPerInstr PerInstr;
  /// Divider occupancy per instruction, and in total.
  std::vector<double> DividerPerInstr;
  double DividerTotal = 0;
  /// max over ports (the port bound), and the ports achieving it: for the
  /// optimal assignment the tight set Q* (every port in it is saturated).
  double Bound = 0;
  PortMask BottleneckPorts = 0;
};

/// A group of identical uops: \p Count uops that may each use any port in
/// \p Ports (exposed for unit tests and the simulator's static checks).
struct UopGroup {
  PortMask Ports = 0;
  double Count = 0;
};

/// The exact min-max port load of \p Groups over \p NumPorts ports, and the
/// tight port set.
double minMaxPortLoad(llvm::ArrayRef<UopGroup> Groups, unsigned NumPorts,
                      PortMask *TightSet = nullptr);

PortPressure computePortPressure(const MachineModel &M,
                                 llvm::ArrayRef<DecodedInstr> Instrs,
                                 PortAssignment A = PortAssignment::Optimal);

} // namespace luarch

#endif
