//===- TargetContext.cpp --------------------------------------------------===//
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Kernel/Kernel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include <mutex>

#include <atomic>

using namespace llvm;

namespace luarch {

void initializeTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmParser();
    LLVMInitializeX86Disassembler();
    LLVMInitializeX86Target();
    LLVMInitializeX86AsmPrinter();
  });
}

std::string getHostCPUName() { return sys::getHostCPUName().str(); }

std::string SourceLocation::str() const {
  std::string S = File.empty() ? "<input>" : File;
  if (HasAddress && !Line)
    return S + "@0x" + utohexstr(Address, /*LowerCase=*/true);
  if (Line) {
    S += ":" + std::to_string(Line);
    if (Column)
      S += ":" + std::to_string(Column);
  }
  return S;
}

unsigned Kernel::byteSize() const {
  unsigned N = 0;
  for (const KernelInstr &I : Instrs)
    N += I.Size;
  return N;
}

Expected<std::unique_ptr<TargetContext>>
TargetContext::create(StringRef TripleName, StringRef CPU, StringRef Features) {
  initializeTargets();
  std::unique_ptr<TargetContext> TC(new TargetContext());
  static std::atomic<uint64_t> Created{0};
  TC->Serial = ++Created;
  TC->TheTriple = Triple(Triple::normalize(
      TripleName.empty() ? StringRef("x86_64-unknown-linux-gnu") : TripleName));
  if (TC->TheTriple.getArch() != Triple::x86_64)
    return createStringError(inconvertibleErrorCode(),
                             "unsupported target triple '%s': LoopUArch "
                             "models x86-64 only",
                             TC->TheTriple.str().c_str());
  std::string Err;
  TC->TheTarget = TargetRegistry::lookupTarget(TC->TheTriple, Err);
  if (!TC->TheTarget)
    return createStringError(inconvertibleErrorCode(), "%s", Err.c_str());

  TC->CPUName = (CPU.empty() || CPU == "native") ? getHostCPUName() : CPU.str();
  std::string FeatureStr = Features.str();
  if (CPU == "native" && Features.empty()) {
    SubtargetFeatures SF;
    for (const auto &[Name, Enabled] : sys::getHostCPUFeatures())
      SF.AddFeature(Name, Enabled);
    FeatureStr = SF.getString();
  }

  TC->MRI.reset(TC->TheTarget->createMCRegInfo(TC->TheTriple));
  MCTargetOptions Opts;
  TC->MAI.reset(TC->TheTarget->createMCAsmInfo(*TC->MRI, TC->TheTriple, Opts));
  TC->MII.reset(TC->TheTarget->createMCInstrInfo());
  TC->STI.reset(TC->TheTarget->createMCSubtargetInfo(TC->TheTriple,
                                                     TC->CPUName, FeatureStr));
  if (!TC->MRI || !TC->MAI || !TC->MII || !TC->STI)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create the MC layer for %s",
                             TC->TheTriple.str().c_str());
  if (!TC->STI->isCPUStringValid(TC->CPUName))
    return createStringError(inconvertibleErrorCode(),
                             "unknown CPU '%s' (use an LLVM -mcpu name, e.g. "
                             "skylake, cascadelake, znver3)",
                             TC->CPUName.c_str());
  TC->MIA.reset(TC->TheTarget->createMCInstrAnalysis(TC->MII.get()));
  TC->Ctx = std::make_unique<MCContext>(TC->TheTriple, TC->MAI.get(),
                                        TC->MRI.get(), TC->STI.get(),
                                        &TC->SrcMgr, &Opts);
  TC->MOFI.reset(
      TC->TheTarget->createMCObjectFileInfo(*TC->Ctx, /*PIC=*/false));
  TC->Ctx->setObjectFileInfo(TC->MOFI.get());
  TC->ATTPrinter.reset(TC->TheTarget->createMCInstPrinter(
      TC->TheTriple, 0, *TC->MAI, *TC->MII, *TC->MRI));
  TC->IntelPrinter.reset(TC->TheTarget->createMCInstPrinter(
      TC->TheTriple, 1, *TC->MAI, *TC->MII, *TC->MRI));
  TC->Disasm.reset(TC->TheTarget->createMCDisassembler(*TC->STI, *TC->Ctx));
  TC->Emitter.reset(TC->TheTarget->createMCCodeEmitter(*TC->MII, *TC->Ctx));
  if (!TC->ATTPrinter || !TC->IntelPrinter || !TC->Disasm || !TC->Emitter)
    return createStringError(inconvertibleErrorCode(),
                             "incomplete MC layer for %s",
                             TC->TheTriple.str().c_str());
  return std::move(TC);
}

std::string TargetContext::print(const MCInst &Inst, unsigned Variant) const {
  std::string S;
  raw_string_ostream OS(S);
  MCInstPrinter &P = Variant == 1 ? *IntelPrinter : *ATTPrinter;
  P.printInst(&Inst, /*Address=*/0, /*Annot=*/"", *STI, OS);
  OS.flush();
  // Normalise whitespace: trim, and collapse runs of tabs/spaces to one space.
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (C == '\t' || C == ' ' || C == '\n') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out.push_back(' ');
    Space = false;
    Out.push_back(C);
  }
  return Out;
}

bool TargetContext::decode(MCInst &Inst, uint64_t &Size,
                           ArrayRef<uint8_t> Bytes, uint64_t Address) const {
  auto DecodeAt = [&](uint64_t Off, MCInst &I, uint64_t &N) {
    return Disasm->getInstruction(I, N, Bytes.drop_front(Off), Address + Off,
                                  nulls()) == MCDisassembler::Success &&
           N > 0 && Off + N <= Bytes.size();
  };
  if (!DecodeAt(0, Inst, Size))
    return false;
  MCInst Next;
  uint64_t NextSize = 0;
  if (MII->getName(Inst.getOpcode()) == "LOCK_PREFIX" && Size < Bytes.size() &&
      DecodeAt(Size, Next, NextSize) &&
      !MII->getName(Next.getOpcode()).ends_with("_PREFIX")) {
    // Only where the printer shows the lock on it (and not into another
    // lone prefix: a repeated lock stays apart, as LLVM decodes it).
    MCInst Locked = Next;
    Locked.setFlags(Next.getFlags() | x86prefix::Lock);
    if (StringRef(print(Locked)).starts_with("lock")) {
      Inst = Locked;
      Size += NextSize;
    }
  }
  return true;
}

SmallVector<char, 16> TargetContext::encode(const MCInst &Inst) const {
  SmallVector<char, 16> Bytes;
  SmallVector<MCFixup, 4> Fixups;
  Emitter->encodeInstruction(Inst, Bytes, Fixups, *STI);
  return Bytes;
}

std::string TargetContext::regName(MCRegister Reg) const {
  if (!Reg)
    return "";
  return StringRef(MRI->getName(Reg)).lower();
}

} // namespace luarch
