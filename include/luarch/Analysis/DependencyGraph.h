//===- DependencyGraph.h - Data dependencies of a loop body ----*- C++ -*-===//
//
// Register, flag and (when the addresses provably match) memory
// dependencies between the instructions of a loop body, within an
// iteration (distance 0) and into the next one (distance 1).
//
// Edge weights follow the consumer: an edge u→v weighs the time from u's
// result to v's result along that input (v's compute latency through a data
// operand; v's load-to-use plus compute latency through an address operand;
// the store-forwarding latency through memory). A path's length is then the
// first node's own latency plus its edge weights.
//
// Loop-carried dependencies: the recurrence bound is the maximum cycle
// ratio (sum of weights / sum of distances) over all dependency cycles. We
// compute it without enumerating paths: a longest-path pass per carried
// value (register, flag group or memory location live across iterations)
// gives the matrix A[r][s] = longest path from r's value at iteration start
// to s's value at iteration end; the bound is the maximum cycle mean of A
// (Karp's algorithm), and the critical cycle's instructions are recovered
// from the longest-path predecessors. Polynomial in the body size.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_ANALYSIS_DEPENDENCYGRAPH_H
#define LUARCH_ANALYSIS_DEPENDENCYGRAPH_H

#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/AddressContext.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Model/MachineModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <vector>

namespace luarch {

struct DepEdge {
  unsigned From = 0, To = 0;
  double Weight = 0;
  unsigned Distance = 0; ///< 0: same iteration, 1: into the next iteration
  /// Memory: store-to-load forwarding; MemoryBlocked: the load overlaps
  /// the store only partly, forwarding fails and the load waits for the
  /// store to commit.
  enum Kind : uint8_t { Register, Address, Memory, MemoryBlocked } K = Register;
  /// Register unit carried by the edge (regunit::None for memory).
  RegUnit Unit = 0xff;
  /// Memory: the load is renamed onto the store's data (MemoryDesc::
  /// MemoryRenaming): no forwarding latency, no load latency.
  bool Renamed = false;
  /// Memory: the share of iterations in which the addresses (drifting
  /// under the harness context) overlap only partly, so forwarding fails
  /// (0 for a fixed pattern).
  double BlockedShare = 0;
  /// Memory: the load runs ahead of a store whose address was just loaded
  /// and is flushed (MemoryDesc::LoadedStoreAddressFlush).
  bool Flushed = false;
  /// Memory: the load waits for the store's loaded address too
  /// (MemoryDesc::LoadedStoreAddressForward; Address edges from the
  /// address producers carry the weight).
  bool WaitsForAddress = false;
};

/// One loop-carried recurrence.
struct Recurrence {
  /// Cycles per iteration this recurrence alone imposes.
  double CyclesPerIteration = 0;
  /// Total latency around the cycle and the iterations it spans.
  double Latency = 0;
  unsigned Distance = 1;
  /// Instructions on the cycle, in dependency order.
  std::vector<unsigned> Instrs;
  /// Carried values on the cycle ("xmm1", "CF", "mem 8(%rbx)").
  std::vector<std::string> Carried;
};

struct DependencyAnalysis {
  std::vector<DepEdge> Edges;
  /// Longest path through one iteration (OSACA's CP), and its instructions.
  double CriticalPath = 0;
  std::vector<unsigned> CriticalPathInstrs;
  /// Per instruction: its contribution to the critical path (0 if off it).
  std::vector<double> CPContribution;
  /// The binding recurrence (max cycle ratio) and every self-recurrence of
  /// a carried value (e.g. an induction variable), strongest first.
  std::vector<Recurrence> Recurrences;
  /// Cycles per iteration bound from recurrences (0 if none).
  double RecurrenceBound = 0;
  /// Per instruction: its latency on the binding recurrence (0 if off it).
  std::vector<double> LCDContribution;
};

/// Builds the graph and runs CP and recurrence analysis. \p K supplies the
/// MCInsts (for constant-stride address tracking), \p D the decoded body.
DependencyAnalysis analyzeDependencies(const Kernel &K,
                                       llvm::ArrayRef<DecodedInstr> D,
                                       const MachineModel &M,
                                       const AddressContext &Ctx = {});

/// Whether \p D computes a result from its inputs: it has a compute or
/// branch uop besides the stack-synchronisation uop (FrontEndDesc::
/// StackSyncUop), which only adjusts rsp for the stack engine. The
/// dependency graph's latencies and the sensitivity sweep's latency rows
/// (one per instruction class that computes) ask this.
bool computesFromInputs(const DecodedInstr &D);

/// Whether \p X's load waits for every older store's address
/// (MemoryDesc::DivideLoadWaitsForStoreAddresses: an integer divide with
/// a memory operand). The dependency graph and the simulator ask this.
bool loadWaitsForStoreAddresses(const DecodedInstr &X, const MachineModel &M);

/// Maximum cycle mean (Karp) of the dense weighted digraph given as the
/// row-major \p N x \p N matrix \p W (-inf: no edge), -inf if acyclic;
/// \p Cycle receives the vertices of one maximum-mean cycle.
double maxCycleMean(llvm::ArrayRef<double> W, size_t N,
                    llvm::SmallVectorImpl<unsigned> *Cycle = nullptr);

} // namespace luarch

#endif
