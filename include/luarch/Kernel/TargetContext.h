//===- TargetContext.h - LLVM MC objects for one triple and CPU -*- C++ -*-===//
//
// Owns everything of LLVM's MC layer that LoopUArch needs to parse, decode,
// print and encode machine instructions for one target triple and CPU.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_TARGETCONTEXT_H
#define LUARCH_KERNEL_TARGETCONTEXT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"
#include <memory>
#include <string>

namespace luarch {

/// The prefixes an X86 MCInst carries in its flags, as LLVM's X86 assembly
/// parser sets them for a prefix written on the instruction's line and its
/// code emitter and printer read them (llvm/lib/Target/X86/MCTargetDesc/
/// X86BaseInfo.h, enum IPREFIXES: IP_HAS_REPEAT_NE, IP_HAS_REPEAT,
/// IP_HAS_LOCK; that header is not installed).
namespace x86prefix {
constexpr unsigned RepeatNE = 1u << 2, Repeat = 1u << 3, Lock = 1u << 4;
} // namespace x86prefix

/// Initialises the X86 target (idempotent, thread-safe).
void initializeTargets();

/// The CPU the host runs on, as an LLVM -mcpu name.
std::string getHostCPUName();

class TargetContext {
public:
  /// Creates the MC layer for \p TripleName (empty = x86_64-unknown-linux-gnu)
  /// and \p CPU (an LLVM -mcpu name; "native" means the host CPU).
  static llvm::Expected<std::unique_ptr<TargetContext>>
  create(llvm::StringRef TripleName, llvm::StringRef CPU,
         llvm::StringRef Features = "");

  const llvm::Triple &triple() const { return TheTriple; }
  llvm::StringRef cpu() const { return CPUName; }
  const llvm::Target &target() const { return *TheTarget; }
  const llvm::MCRegisterInfo &regInfo() const { return *MRI; }
  const llvm::MCAsmInfo &asmInfo() const { return *MAI; }
  const llvm::MCInstrInfo &instrInfo() const { return *MII; }
  const llvm::MCSubtargetInfo &subtargetInfo() const { return *STI; }
  const llvm::MCInstrAnalysis *instrAnalysis() const { return MIA.get(); }
  llvm::MCContext &context() { return *Ctx; }
  llvm::SourceMgr &sourceMgr() { return SrcMgr; }
  const llvm::MCDisassembler &disassembler() const { return *Disasm; }
  llvm::MCCodeEmitter &codeEmitter() const { return *Emitter; }

  /// Prints \p Inst in AT&T (Variant 0) or Intel (Variant 1) syntax, without
  /// leading whitespace and with a single space between mnemonic and operands.
  std::string print(const llvm::MCInst &Inst, unsigned Variant = 0) const;

  /// Decodes the instruction at the start of \p Bytes (at \p Address) into
  /// \p Inst and its length into \p Size; false if the bytes hold none.
  /// LLVM's disassembler returns a lock prefix as an instruction of its own
  /// (LOCK_PREFIX); the assembler sets it as a flag of the instruction it
  /// prefixes. It is folded into that instruction here, so that "f0 ff 07"
  /// is one instruction ("lock incl (%rdi)") whichever frontend read it
  /// (raw bytes or an object file), as in an assembly file.
  bool decode(llvm::MCInst &Inst, uint64_t &Size, llvm::ArrayRef<uint8_t> Bytes,
              uint64_t Address) const;

  /// Encodes \p Inst; returns the bytes (empty on failure, e.g. for
  /// instructions with unresolved symbolic operands the fixups are zero).
  llvm::SmallVector<char, 16> encode(const llvm::MCInst &Inst) const;

  /// Name of a register, e.g. "rax" (lower case), "" for no register.
  std::string regName(llvm::MCRegister Reg) const;

  /// A number no other context of the process has had (its address may be
  /// a freed context's): memos of what a context prints and encodes are
  /// told apart by it, without comparing triples and feature strings.
  uint64_t serial() const { return Serial; }

private:
  TargetContext() = default;

  uint64_t Serial = 0;

  llvm::Triple TheTriple;
  std::string CPUName;
  const llvm::Target *TheTarget = nullptr;
  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCInstrInfo> MII;
  std::unique_ptr<llvm::MCSubtargetInfo> STI;
  std::unique_ptr<llvm::MCInstrAnalysis> MIA;
  llvm::SourceMgr SrcMgr;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCObjectFileInfo> MOFI;
  std::unique_ptr<llvm::MCInstPrinter> ATTPrinter, IntelPrinter;
  std::unique_ptr<llvm::MCDisassembler> Disasm;
  std::unique_ptr<llvm::MCCodeEmitter> Emitter;
};

} // namespace luarch

#endif
