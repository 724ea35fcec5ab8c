//===- X87Rules.h - x87 rules that need the whole kernel --------*- C++ -*-===//
//
// MachineModel::X87NaNInputAssistCycles: under the harness context the x87
// stack is empty at the block's entry, so an x87 register the block reads
// without loading it holds a NaN; on the cores with the rule, x87
// arithmetic on a NaN input takes a microcode assist. UopDecoder::
// decodeKernel applies it with the caller's address context.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_X87RULES_H
#define LUARCH_MODEL_X87RULES_H

#include "luarch/Model/AddressContext.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/X86Semantics.h"
#include <vector>

namespace luarch {

/// Whether \p OpcodeName (an LLVM X86 opcode name) is x87 arithmetic or a
/// compare on the register stack (fadd, fmul, fdiv, fsqrt, fcom, fucomi,
/// ftst, fprem, the transcendental ones...): an instruction that computes
/// with its x87 inputs, not one that only moves them (fld st(i), fstp,
/// fxch, fcmov, fchs, fabs) or converts them to memory (fst, fist).
bool isX87ArithmeticOpcode(llvm::StringRef OpcodeName);

/// Whether \p OpcodeName puts a value into the x87 registers that does not
/// come from them (fld m, fild, fld1/fldz/fldpi..., fbld, frstor, fxrstor,
/// fninit), so it need not be the underflow's NaN, or sets the control word
/// or environment (fldcw, fldenv), so the masked responses are not known.
bool isX87ValueSourceOpcode(llvm::StringRef OpcodeName);

/// Where \p M has MachineModel::X87NaNInputAssistCycles, \p Ctx is the
/// harness context and no instruction of \p D loads an x87 value
/// (isX87ValueSourceOpcode) or reads or writes an MMX register (MMX state
/// aliases the x87 registers): every x87 arithmetic instruction gets the
/// assist's cycles on the serialising path and on its result latency.
void applyX87NaNInputAssists(const MachineModel &M, const X86Semantics &Sem,
                             std::vector<DecodedInstr> &D,
                             const AddressContext &Ctx);

} // namespace luarch

#endif
