//===- MachineLoopKernel.h - A MachineLoop as a Kernel ---------*- C++ -*-===//
//
// Turns the body of an innermost MachineLoop, after register allocation and
// block placement, into the Kernel every LoopUArch analysis works on: one
// MCInst per real machine instruction in layout order (meta and debug
// instructions skipped), symbolic operands (globals, constant pools, block
// addresses) replaced by a zero stand-in of the same operand kind.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_PASSES_MACHINELOOPKERNEL_H
#define LUARCH_PASSES_MACHINELOOPKERNEL_H

#include "luarch/Kernel/Kernel.h"
#include "llvm/CodeGen/MachineCycleAnalysis.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/Support/Error.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class MachineBasicBlock;
class MachineLoop;
class MachineFunction;
} // namespace llvm

namespace luarch {

class TargetContext;

/// The kernel of \p L (an innermost loop of \p MF), or an error saying why
/// it cannot be analysed (a call, inline assembly, an instruction the MC
/// layer cannot represent...). Instruction text and sizes come from \p TC.
llvm::Expected<Kernel> kernelFromMachineLoop(const llvm::MachineFunction &MF,
                                             const llvm::MachineLoop &L,
                                             const TargetContext &TC);

/// The real instructions of \p Blocks, in the given order, as straight-line
/// code (KernelShape::Unrolled), e.g. the code around a loop. Best effort:
/// calls, inline assembly, pseudo-instructions and instructions without an
/// MC form are left out and counted in \p Skipped.
Kernel kernelFromMachineBlocks(const llvm::MachineFunction &MF,
                               llvm::ArrayRef<const llvm::MachineBasicBlock *>
                                   Blocks,
                               const TargetContext &TC,
                               unsigned *Skipped = nullptr);

/// The same for an innermost cycle, which may be irreducible (entered at
/// more than one block: branch folding merges a vector loop's exit test with
/// its scalar remainder's latch test, giving the remainder two entries).
llvm::Expected<Kernel> kernelFromMachineCycle(const llvm::MachineFunction &MF,
                                              const llvm::MachineCycle &C,
                                              const TargetContext &TC);

/// The same, given the cycle's blocks in layout order (a caller with many
/// loops in one function sorts each loop's blocks once instead of scanning
/// the whole function per loop). Without \p WithPlaces the kernel names no
/// place (no name, no source locations): the plugin's analyses read none,
/// and copying the file name into every instruction was an allocation each.
llvm::Expected<Kernel>
kernelFromMachineCycle(const llvm::MachineFunction &MF,
                       const llvm::MachineCycle &C,
                       llvm::ArrayRef<const llvm::MachineBasicBlock *>
                           LayoutBlocks,
                       const TargetContext &TC, bool WithPlaces = true);

/// The same for a loop given by its header, its blocks in layout order and
/// the test for them (the pass's innermost cycles, InnermostCycles.h).
llvm::Expected<Kernel> kernelFromLoopBlocks(
    const llvm::MachineFunction &MF, const llvm::MachineBasicBlock *Header,
    llvm::ArrayRef<const llvm::MachineBasicBlock *> LayoutBlocks,
    llvm::function_ref<bool(const llvm::MachineBasicBlock *)> Contains,
    const TargetContext &TC, bool WithPlaces = true);

/// Where the cycle is in the source, as MachineLoop::getStartLoc: the
/// preheader's branch, else the header's.
llvm::DebugLoc cycleStartLoc(const llvm::MachineCycle &C);

/// The same for a loop given by its header and the test for its blocks.
llvm::DebugLoc
loopStartLoc(const llvm::MachineBasicBlock *Header,
             llvm::function_ref<bool(const llvm::MachineBasicBlock *)>
                 Contains);

} // namespace luarch

#endif
