//===- MachineLoopKernel.cpp - A MachineLoop as a Kernel -----------------===//
#include "luarch/Passes/MachineLoopKernel.h"
#include "luarch/Kernel/TargetContext.h"

#include "llvm/CodeGen/MachineCycleAnalysis.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCSubtargetInfo.h"

#include <memory>
#include <thread>

using namespace llvm;

namespace luarch {

static Error unsupported(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// How lower() carries an explicit operand into the MCInst: one table for
/// both the refusal check and the lowering, so they cannot disagree.
/// X86's own MCInstLowering is not a public API; the model needs opcodes,
/// registers, immediates and the shape of memory operands, not the values
/// of symbols, so symbolic operands become immediate zeros (a displacement
/// of the same operand slot).
enum class OperandLowering { Register, Immediate, ZeroImmediate, Dropped,
                             Refused };

static OperandLowering loweringOf(const MachineOperand &MO) {
  switch (MO.getType()) {
  case MachineOperand::MO_Register:
    return OperandLowering::Register;
  case MachineOperand::MO_Immediate:
    return OperandLowering::Immediate;
  case MachineOperand::MO_MachineBasicBlock:
  case MachineOperand::MO_GlobalAddress:
  case MachineOperand::MO_ConstantPoolIndex:
  case MachineOperand::MO_JumpTableIndex:
  case MachineOperand::MO_ExternalSymbol:
  case MachineOperand::MO_BlockAddress:
  case MachineOperand::MO_MCSymbol:
  case MachineOperand::MO_TargetIndex:
    return OperandLowering::ZeroImmediate;
  case MachineOperand::MO_RegisterMask:
  case MachineOperand::MO_RegisterLiveOut:
    return OperandLowering::Dropped; // calls are refused before lowering
  default:
    return OperandLowering::Refused;
  }
}

/// Why \p MI has no MC form lower() can give, or success: an operand kind
/// it does not lower.
static Error operandRefusal(const MachineInstr &MI) {
  for (const MachineOperand &MO : MI.explicit_operands())
    if (loweringOf(MO) == OperandLowering::Refused)
      return unsupported("operand kind " + Twine(unsigned(MO.getType())) +
                         " of '" + MI.getMF()->getSubtarget()
                                       .getInstrInfo()
                                       ->getName(MI.getOpcode()) +
                         "' has no MC form");
  return Error::success();
}

/// Lowers the explicit operands of \p MI, which operandRefusal() accepts.
static MCInst lower(const MachineInstr &MI) {
  MCInst Inst;
  Inst.setOpcode(MI.getOpcode());
  for (const MachineOperand &MO : MI.explicit_operands()) {
    switch (loweringOf(MO)) {
    case OperandLowering::Register:
      Inst.addOperand(MCOperand::createReg(MO.getReg().asMCReg()));
      break;
    case OperandLowering::Immediate:
      Inst.addOperand(MCOperand::createImm(MO.getImm()));
      break;
    case OperandLowering::ZeroImmediate:
      Inst.addOperand(MCOperand::createImm(0));
      break;
    case OperandLowering::Dropped:
      break;
    case OperandLowering::Refused:
      llvm_unreachable("operandRefusal() refuses this operand kind");
    }
  }
  return Inst;
}

/// The thread that loaded the plugin (static initialisation runs in
/// dlopen's caller): clang's compiling thread, or a linker's main thread.
static const std::thread::id LoadingThread = std::this_thread::get_id();

/// Instructions' assembly text and encoded size, remembered per thread by
/// opcode and operands for one target context: a program's loops repeat
/// instructions, and printing and encoding each one was a third of the
/// kernels' time (sqlite3.c at -O2).
class TextMemo {
  const TargetContext *TC = nullptr;
  uint64_t Serial = 0; // TC's (TargetContext::serial)
  StringMap<std::pair<std::string, unsigned>> Memo;

public:
  /// The memo of this thread, emptied when \p Context is another than the
  /// last one (by its serial number, so that a context allocated where a
  /// freed one was is not taken for it; comparing the triple, CPU and
  /// feature strings instead was a few allocations per loop).
  static TextMemo &forContext(const TargetContext &Context) {
    TextMemo &M = ofThisThread();
    if (M.TC != &Context || M.Serial != Context.serial()) {
      M.TC = &Context;
      M.Serial = Context.serial();
      M.Memo.clear();
    }
    return M;
  }

  /// The thread's memo. The loading thread's (clang's compiling thread)
  /// is never destroyed: freeing it at exit is work no one needs
  /// (sqlite3.c at -O2 -Rpass=uarch: 6 ms of the exit handlers). Other
  /// threads' (ThinLTO backends) are freed when their thread ends.
  static TextMemo &ofThisThread() {
    thread_local std::unique_ptr<TextMemo> Owned;
    thread_local TextMemo *M = nullptr;
    if (!M) {
      if (std::this_thread::get_id() == LoadingThread) {
        M = new TextMemo;
      } else {
        Owned = std::make_unique<TextMemo>();
        M = Owned.get();
      }
    }
    return *M;
  }

  const std::pair<std::string, unsigned> &get(const MCInst &Inst) {
    // On the stack: a heap string per instruction was a malloc per lookup.
    SmallString<96> Key;
    auto Put = [&Key](uint64_t V) {
      const char *Bytes = reinterpret_cast<const char *>(&V);
      Key.append(Bytes, Bytes + sizeof(V));
    };
    Put(Inst.getOpcode());
    Put(Inst.getFlags());
    for (const MCOperand &MO : Inst) {
      assert((MO.isReg() || MO.isImm()) && "lower() makes no other operand");
      Key.push_back(MO.isReg() ? 'r' : 'i');
      Put(MO.isReg() ? uint64_t(MO.getReg().id()) : uint64_t(MO.getImm()));
    }
    auto [It, New] = Memo.try_emplace(Key);
    if (New)
      It->second = {TC->print(Inst), unsigned(TC->encode(Inst).size())};
    return It->second;
  }
};

/// The kernel of the loop made of \p Blocks (in layout order), the blocks
/// \p Contains accepts.
static Expected<Kernel>
kernelFromBlocks(const MachineFunction &MF,
                 ArrayRef<const MachineBasicBlock *> Blocks,
                 function_ref<bool(const MachineBasicBlock *)> Contains,
                 const MachineBasicBlock *Header, DebugLoc StartLoc,
                 const TargetContext &TC, bool WithPlaces = true) {
  // Which machine instructions are the kernel's: not meta, debug or CFI
  // instructions, nor a jump out of the loop, which runs once, at exit (the
  // kernel is the steady-state iteration; block placement may leave such a
  // jump after the back edge until the emitter drops the fall-through).
  auto InKernel = [&](const MachineInstr &MI) {
    if (MI.isMetaInstruction() || MI.isDebugInstr() || MI.isCFIInstruction())
      return false;
    return !(MI.isUnconditionalBranch() && MI.getNumExplicitOperands() > 0 &&
             MI.getOperand(0).isMBB() &&
             !Contains(MI.getOperand(0).getMBB()));
  };
  // First the refusals, in layout order, before anything is built: a loop
  // with a call is refused (sqlite3.c at -O2: 711 of the 2,298 innermost
  // loops), and lowering, printing and encoding its instructions up to the
  // call was work for nothing.
  size_t Instrs = 0;
  for (const MachineBasicBlock *MBB : Blocks) {
    assert(Contains(MBB) && "a block outside the loop");
    for (const MachineInstr &MI : *MBB) {
      if (!InKernel(MI))
        continue;
      if (MI.isCall())
        return unsupported("the loop contains a call");
      if (MI.isInlineAsm())
        return unsupported("the loop contains inline assembly");
      if (MI.isPseudo())
        return unsupported("the loop contains the pseudo-instruction '" +
                           TC.instrInfo().getName(MI.getOpcode()) +
                           "' with no machine encoding yet");
      if (Error E = operandRefusal(MI))
        return std::move(E);
      ++Instrs;
    }
  }
  if (!Instrs)
    return unsupported("the loop has no machine instructions");

  Kernel K;
  K.Shape = KernelShape::Loop;
  if (WithPlaces)
    K.Name = MF.getName().str() + ":" +
             (Header->getName().empty()
                  ? "bb." + std::to_string(Header->getNumber())
                  : Header->getName().str());
  if (WithPlaces && StartLoc) {
    K.Loc.Line = StartLoc.getLine();
    K.Loc.Column = StartLoc.getCol();
    if (auto *Scope = dyn_cast_or_null<DIScope>(StartLoc.getScope()))
      K.Loc.File = Scope->getFilename().str();
  }
  TextMemo &Texts = TextMemo::forContext(TC);
  // Reserved: growing the vector moved every instruction (its MCInst and
  // text) a few times.
  K.Instrs.reserve(Instrs);
  // Blocks of the loop in layout order: what the core fetches.
  for (const MachineBasicBlock *MBB : Blocks)
    for (const MachineInstr &MI : *MBB) {
      if (!InKernel(MI))
        continue;
      KernelInstr KI;
      KI.Inst = lower(MI);
      const auto &[Text, Size] = Texts.get(KI.Inst);
      KI.Size = Size;
      KI.Text = Text;
      if (const DebugLoc &DL = MI.getDebugLoc(); WithPlaces && DL) {
        KI.Loc.Line = DL.getLine();
        KI.Loc.Column = DL.getCol();
        KI.Loc.File = K.Loc.File;
      }
      K.Instrs.push_back(std::move(KI));
    }
  assert(K.Instrs.size() == Instrs && "the refusal scan saw other instructions");
  return K;
}

Kernel kernelFromMachineBlocks(const MachineFunction &MF,
                               ArrayRef<const MachineBasicBlock *> Blocks,
                               const TargetContext &TC, unsigned *Skipped) {
  Kernel K;
  K.Name = MF.getName().str();
  K.Shape = KernelShape::Unrolled;
  unsigned Left = 0;
  for (const MachineBasicBlock *MBB : Blocks)
    for (const MachineInstr &MI : *MBB) {
      if (MI.isMetaInstruction() || MI.isDebugInstr() || MI.isCFIInstruction())
        continue;
      if (MI.isCall() || MI.isInlineAsm() || MI.isPseudo()) {
        ++Left;
        continue;
      }
      if (Error E = operandRefusal(MI)) {
        consumeError(std::move(E));
        ++Left;
        continue;
      }
      KernelInstr KI;
      KI.Inst = lower(MI);
      KI.Size = TC.encode(KI.Inst).size();
      KI.Text = TC.print(KI.Inst);
      K.Instrs.push_back(std::move(KI));
    }
  if (Skipped)
    *Skipped = Left;
  return K;
}

/// The blocks of \p MF that \p Contains accepts, in layout order.
static SmallVector<const MachineBasicBlock *, 8>
blocksInLayoutOrder(const MachineFunction &MF,
                    function_ref<bool(const MachineBasicBlock *)> Contains) {
  SmallVector<const MachineBasicBlock *, 8> Blocks;
  for (const MachineBasicBlock &MBB : MF)
    if (Contains(&MBB))
      Blocks.push_back(&MBB);
  return Blocks;
}

Expected<Kernel> kernelFromMachineLoop(const MachineFunction &MF,
                                       const MachineLoop &L,
                                       const TargetContext &TC) {
  auto Contains = [&](const MachineBasicBlock *MBB) {
    return L.contains(MBB);
  };
  return kernelFromBlocks(MF, blocksInLayoutOrder(MF, Contains), Contains,
                          L.getHeader(), L.getStartLoc(), TC);
}

DebugLoc
loopStartLoc(const MachineBasicBlock *Header,
             function_ref<bool(const MachineBasicBlock *)> Contains) {
  // As MachineLoop::getStartLoc: the preheader's branch, else the header's.
  const MachineBasicBlock *Preheader = nullptr;
  unsigned Outside = 0;
  for (const MachineBasicBlock *P : Header->predecessors())
    if (!Contains(P)) {
      Preheader = P;
      ++Outside;
    }
  if (Outside == 1 && Preheader->succ_size() == 1)
    if (const BasicBlock *BB = Preheader->getBasicBlock())
      if (DebugLoc DL = BB->getTerminator()->getDebugLoc())
        return DL;
  if (const BasicBlock *BB = Header->getBasicBlock())
    return BB->getTerminator()->getDebugLoc();
  return DebugLoc();
}

DebugLoc cycleStartLoc(const MachineCycle &C) {
  return loopStartLoc(C.getHeader(), [&](const MachineBasicBlock *MBB) {
    return C.contains(MBB);
  });
}

Expected<Kernel> kernelFromMachineCycle(const MachineFunction &MF,
                                        const MachineCycle &C,
                                        const TargetContext &TC) {
  auto Contains = [&](const MachineBasicBlock *MBB) {
    return C.contains(MBB);
  };
  return kernelFromBlocks(MF, blocksInLayoutOrder(MF, Contains), Contains,
                          C.getHeader(), cycleStartLoc(C), TC);
}

Expected<Kernel>
kernelFromMachineCycle(const MachineFunction &MF, const MachineCycle &C,
                       ArrayRef<const MachineBasicBlock *> LayoutBlocks,
                       const TargetContext &TC, bool WithPlaces) {
  assert(LayoutBlocks.size() == C.getNumBlocks() &&
         "not the cycle's blocks");
  return kernelFromBlocks(
      MF, LayoutBlocks,
      [&](const MachineBasicBlock *MBB) { return C.contains(MBB); },
      C.getHeader(), WithPlaces ? cycleStartLoc(C) : DebugLoc(), TC,
      WithPlaces);
}

Expected<Kernel> kernelFromLoopBlocks(
    const MachineFunction &MF, const MachineBasicBlock *Header,
    ArrayRef<const MachineBasicBlock *> LayoutBlocks,
    function_ref<bool(const MachineBasicBlock *)> Contains,
    const TargetContext &TC, bool WithPlaces) {
  return kernelFromBlocks(MF, LayoutBlocks, Contains, Header,
                          WithPlaces ? loopStartLoc(Header, Contains)
                                     : DebugLoc(),
                          TC, WithPlaces);
}

} // namespace luarch
