//===- LoopRole.h - Which loop is this machine loop? -----------*- C++ -*-===//
//
// One source loop becomes several machine loops: LLVM's loop vectorizer
// emits a vector body, possibly a vector epilogue and a scalar remainder;
// the loop unroller emits an unrolled body and a remainder. A cycles-per-
// iteration figure means little until one knows which of those it is and
// how many source iterations one machine iteration does. This header
// answers both from what LLVM leaves in the IR that the machine loop was
// built from: the loop metadata (llvm.loop.isvectorized...), the vector
// types of the body and the strides of its memory accesses.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_LOOPROLE_H
#define LUARCH_PASSES_LOOPROLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/CodeGen/MachineCycleAnalysis.h"
#include <cstdint>

namespace llvm {
class MachineLoop;
} // namespace llvm

namespace luarch {

enum class LoopRole : uint8_t {
  /// A loop the vectorizer did not transform (possibly unrolled).
  Scalar,
  /// The vectorizer's main vector loop.
  VectorBody,
  /// The vectorizer's second, narrower vector loop for the leftover
  /// iterations (epilogue vectorization).
  VectorEpilogue,
  /// The scalar loop running the iterations left after a vector loop or an
  /// unrolled loop.
  ScalarRemainder,
  /// No IR to tell (blocks created by codegen).
  Unknown,
};

/// "scalar loop", "vector body", "vector epilogue", "scalar remainder",
/// "loop" (Unknown).
llvm::StringRef loopRoleName(LoopRole R);

struct LoopIdentity {
  LoopRole Role = LoopRole::Unknown;
  /// Source iterations (elements) per machine-loop iteration: VF x interleave
  /// for vector loops, the unroll factor for unrolled scalar loops, 1
  /// otherwise; 0 if unknown.
  unsigned ElementsPerIteration = 0;
  /// Vector loops: the vectorization factor (elements per vector) and the
  /// interleave count (vectors per source element group); 0 when unknown.
  unsigned VectorWidth = 0, Interleave = 0;
};

/// Identifies \p L from the IR loop metadata of its latch (llvm.loop.
/// isvectorized: set by the vectorizer on both the loops it emits; the
/// unroller's llvm.loop.unroll.disable on its remainder), the vector element
/// count of the body's memory accesses, the induction step (the byte stride
/// of the accesses per iteration, divided by the element size), and the
/// control flow from a wider vector loop of the same source loop (epilogue).
/// Costs a walk over the loop's IR instructions and a few blocks before it.
LoopIdentity identifyLoop(const llvm::MachineLoop &L);

/// The same for an innermost machine cycle (a natural loop, or an
/// irreducible cycle such as a scalar remainder whose latch test branch
/// folding merged with the vector loop's exit test).
LoopIdentity identifyCycle(const llvm::MachineCycle &C);

/// The same for a cycle given by its header and its blocks in
/// MachineCycle::blocks()'s order (InnermostCycles.h): the IR loop's block
/// order follows it.
LoopIdentity
identifyLoopBlocks(const llvm::MachineBasicBlock *Header,
                   llvm::ArrayRef<const llvm::MachineBasicBlock *> Blocks);

} // namespace luarch

#endif
