//===- X87Rules.cpp - x87 rules that need the whole kernel ----------------===//
//
// MachineModel::X87NaNInputAssistCycles (see X87Rules.h). The harness
// starts the block with an empty x87 stack (the SysV x86-64 ABI has it
// empty at every call and return, and the corpus' README sets no x87
// state). With the control word's exceptions masked, reading an empty
// register is a masked stack underflow that yields the QNaN indefinite
// ([IntelSDM] vol. 1 §8.5.1.1); arithmetic on a QNaN returns a QNaN
// (§4.8.3.5), so a block that never loads an x87 value computes on NaNs
// only, from its second copy on. Whether an instruction's input is NaN is
// thus a property of the whole kernel, not of one instruction.
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/X87Rules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cassert>
#include <cstdint>

using namespace llvm;

namespace luarch {

bool isX87ArithmeticOpcode(StringRef Name) {
  // LLVM's X86 names: ADD_F32m, ADD_FI16m, ADD_FST0r, MUL_FPrST0, DIVR_FrST0,
  // COM_FIr, COMP_FST0r, UCOM_FIPr, UCOM_FPPr, FCOMPP, TST_F, SQRT_F...;
  // ficom/ficomp m16/m32 are FICOM16m, FICOMP32m (no COM_F in the name).
  static constexpr StringLiteral Prefixes[] = {
      "ADD_F", "SUB_F", "SUBR_F", "MUL_F", "DIV_F", "DIVR_F", "COM_F",
      "COMP_F", "UCOM_F", "TST_F", "SQRT_F", "FICOM"};
  static constexpr StringLiteral Names[] = {
      "FCOMPP", "FRNDINT", "FSCALE", "FPREM", "FPREM1", "F2XM1", "FYL2X",
      "FYL2XP1", "FPTAN", "FPATAN", "FSIN", "FCOS", "FSINCOS", "FXTRACT"};
  return any_of(Prefixes, [&](StringRef P) { return Name.starts_with(P); }) ||
         is_contained(Names, Name);
}

bool isX87ValueSourceOpcode(StringRef Name) {
  // fld m32/m64/m80 (LD_F32m...; LD_Frr, fld st(i), copies a register),
  // fild (ILD_F*), the constants (LD_F0 fldz, LD_F1 fld1, FLDPI, FLDL2E,
  // FLDL2T, FLDLG2, FLDLN2), fbld, and whole-state loads and resets. The
  // FLD prefix also takes fldcw and fldenv: a control word the block sets
  // may unmask the exceptions, so the masked responses are not known.
  if (Name.starts_with("LD_F"))
    return Name != "LD_Frr";
  return Name.starts_with("ILD_F") || Name.starts_with("FLD") ||
         Name.starts_with("FBLD") || Name.starts_with("FRSTOR") ||
         Name.starts_with("FXRSTOR") || Name.starts_with("XRSTOR") ||
         Name == "FNINIT";
}

static bool touchesMMX(const DecodedInstr &X) {
  auto IsMMX = [](RegUnit U) {
    return U >= regunit::FirstMMX && U < regunit::FirstMMX + 8;
  };
  return any_of(X.Reads, IsMMX) || any_of(X.Writes, IsMMX);
}

void applyX87NaNInputAssists(const MachineModel &M, const X86Semantics &Sem,
                             std::vector<DecodedInstr> &D,
                             const AddressContext &Ctx) {
  const unsigned Cycles = M.X87NaNInputAssistCycles;
  if (!Cycles || !Ctx.Concrete)
    return;
  for (const DecodedInstr &X : D)
    if (isX87ValueSourceOpcode(Sem.opcodeName(X.Opcode)) || touchesMMX(X))
      return;
  for (DecodedInstr &X : D) {
    if (!isX87ArithmeticOpcode(Sem.opcodeName(X.Opcode)) || X.Uops.empty())
      continue;
    // The assist flushes the pipeline and runs from the microcode
    // sequencer: the serialising path, and the result comes after it.
    auto Main = find_if(X.Uops, [](const Uop &U) {
      return U.Kind == UopKind::Compute && U.WritesResult;
    });
    Uop &U = Main != X.Uops.end() ? *Main : X.Uops.front();
    // The latency is 16 bits: the description's assist cost must leave
    // room for what the instruction already costs.
    assert(unsigned(U.Latency) + Cycles <= UINT16_MAX &&
           "x87 assist overflows a uop's 16-bit latency");
    U.SerialCycles += Cycles;
    U.Latency = uint16_t(U.Latency + Cycles);
    X.SerialCycles += Cycles;
    X.Latency += Cycles;
  }
}

} // namespace luarch
