//===- Screening.cpp - Which kernels may run natively --------------------===//
#include "MeasureInternal.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Measure/Measure.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstrDesc.h"

using namespace llvm;

namespace luarch {

/// Instructions that leave user mode, need privileges, or make a virtual
/// machine exit (and would time the hypervisor): by LLVM opcode name prefix.
static const char *const Refused[] = {
    "SYSCALL", "SYSENTER", "SYSEXIT", "SYSRET", "INT", "INTO", "INT3", "HLT",
    "IN8", "IN16", "IN32", "OUT8", "OUT16", "OUT32", "INSB", "INSW", "INSL",
    "OUTSB", "OUTSW", "OUTSL", "CLI", "STI", "LGDT", "LIDT", "LLDT", "LTR",
    "LMSW", "CLTS", "RDMSR", "WRMSR", "RDPMC", "INVD", "WBINVD", "INVLPG",
    "CPUID", "XSETBV", "VMCALL", "VMLAUNCH", "VMRESUME", "VMXON", "VMXOFF",
    "VMPTR", "VMREAD", "VMWRITE", "VMCLEAR", "VMMCALL", "VMRUN", "VMLOAD",
    "VMSAVE", "SWAPGS", "IRET", "MONITOR", "MWAIT", "UMWAIT", "TPAUSE",
    "ENCLS", "ENCLU", "ENCLV", "GETSEC", "RSM", "UD1", "UD2", "TDCALL",
    "SEAMCALL", "ENQCMD", "LOADIWKEY", "WRPKRU", "XABORT", "XBEGIN", "XEND",
};

static bool isRefusedName(StringRef Name) {
  // No legitimate user-mode opcode name starts with one of these.
  return any_of(Refused, [&](const char *P) { return Name.starts_with(P); });
}

std::string screenForMeasurement(const TargetContext &TC, const Kernel &K) {
  if (K.empty())
    return "the kernel is empty";
  size_t Last = K.size();
  // A loop's back edge is the harness' business: drop it.
  if (K.Shape == KernelShape::Loop &&
      TC.instrInfo().get(K.Instrs.back().Inst.getOpcode()).isBranch())
    --Last;
  for (size_t I = 0; I < K.size(); ++I) {
    const MCInst &Inst = K.Instrs[I].Inst;
    const MCInstrDesc &D = TC.instrInfo().get(Inst.getOpcode());
    StringRef Name = TC.instrInfo().getName(Inst.getOpcode());
    std::string Where = "'" + K.Instrs[I].Text + "'";
    if (I >= Last)
      continue;
    if (D.isCall())
      return Where + " is a call (control flow leaves the block)";
    if (D.isReturn())
      return Where + " returns (control flow leaves the block)";
    if (D.isBranch() || D.isIndirectBranch())
      return Where + " is a branch inside the block (the harness measures "
                     "straight-line code plus its own loop control)";
    if (D.isTrap())
      return Where + " traps";
    if (isRefusedName(Name))
      return Where + " is a system, privileged or VM-exiting instruction";
    if (K.Instrs[I].Size == 0 || TC.encode(Inst).empty())
      return Where + " cannot be encoded";
  }
  if (Last == 0)
    return "the kernel has no instruction besides its branch";
  return "";
}

} // namespace luarch
