//===- X86Semantics.h - What an x86 MCInst reads and writes ----*- C++ -*-===//
//
// Architectural facts about x86-64 instructions that hold on every CPU:
// which registers (and flag groups) an MCInst reads and writes, including
// implicit operands from MCInstrDesc; its memory operand; condition codes;
// dependency-breaking idioms. CPU-specific behaviour (whether an idiom is
// recognised, which moves are eliminated) lives in the MachineModel.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_X86SEMANTICS_H
#define LUARCH_MODEL_X86SEMANTICS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace luarch {

/// A dependency-tracking unit: an architectural register family or a flag
/// group. Sub-registers map to their full register (eax, ax, al → RAX).
using RegUnit = uint8_t;
namespace regunit {
constexpr RegUnit FirstGPR = 0;    // RAX..R15 (16)
/// rsp (GPRs are numbered by their hardware encoding; rsp is 4), for
/// rules on plain decoded instructions, which have no X86Semantics at hand.
constexpr RegUnit RSP = FirstGPR + 4;
/// rax and rdx: the dividend, quotient and remainder of div/idiv.
constexpr RegUnit RAX = FirstGPR + 0, RDX = FirstGPR + 2;
constexpr RegUnit FirstVec = 16;   // ZMM0..ZMM31 (32)
constexpr RegUnit FirstMask = 48;  // K0..K7 (8)
constexpr RegUnit CF = 56;         // carry flag
constexpr RegUnit SZOP = 57;       // zero/sign/overflow/parity (and AF)
constexpr RegUnit FirstX87 = 58;   // ST0..ST7 (8)
constexpr RegUnit FirstMMX = 66;   // MM0..MM7 (8)
constexpr RegUnit Count = 74;
constexpr RegUnit None = 0xff;
} // namespace regunit

/// Register class of a unit, for load latency and register files.
bool isGPRUnit(RegUnit U);
bool isVecUnit(RegUnit U);
bool isFlagUnit(RegUnit U);
/// Printable name of a unit ("rax", "zmm3", "k1", "CF", "flags").
std::string regUnitName(RegUnit U);

struct MemOperand {
  llvm::MCRegister Base, Index, Segment;
  int64_t Disp = 0;
  unsigned Scale = 1;
  /// The displacement is a symbol (relocation), not a known constant.
  bool SymbolicDisp = false;
  bool RIPRelative = false;
  unsigned OperandIndex = 0; ///< index of the first of its MCOperands
  /// An X86 memory reference is this many MCOperands, from OperandIndex
  /// in this order (X86::AddrBaseReg, AddrScaleAmt, AddrIndexReg,
  /// AddrDisp, AddrSegmentReg and AddrNumOperands of a private LLVM
  /// header).
  enum Part : unsigned { BasePart, ScalePart, IndexPart, DispPart, SegmentPart };
  static constexpr unsigned NumOperands = 5;
  static_assert(SegmentPart + 1 == NumOperands, "one MCOperand per part");
  /// The instruction's MCOperand index of part \p P of the reference at
  /// MCOperand \p First (OperandIndex once it is known).
  static unsigned operandOf(unsigned First, Part P) { return First + P; }
  /// The instruction's MCOperand that holds the displacement.
  unsigned dispOperand() const { return operandOf(OperandIndex, DispPart); }
  /// Whether MCOperand \p I of the instruction is part of this reference.
  bool covers(unsigned I) const {
    return I >= OperandIndex && I < OperandIndex + NumOperands;
  }
};

/// Everything the analyses need to know about an instruction's data flow.
struct X86InstrInfo {
  /// Registers read as data (not as addresses), canonical units.
  llvm::SmallVector<RegUnit, 4> Reads;
  /// Registers read to form the memory address (base, index).
  llvm::SmallVector<RegUnit, 2> AddressReads;
  /// Registers written (canonical units).
  llvm::SmallVector<RegUnit, 4> Writes;
  std::optional<MemOperand> Mem;
  bool MayLoad = false, MayStore = false;
  bool IsBranch = false, IsConditionalBranch = false, IsCall = false,
       IsReturn = false, IsIndirectBranch = false;
  /// Writes the stack pointer implicitly (push/pop/call/ret) — handled by
  /// the stack engine, not as a data dependency.
  bool UsesStackEngine = false;
  /// Condition code (LLVM X86::CondCode numbering) of jcc/setcc/cmovcc, -1.
  int CondCode = -1;
  /// A partial-register write that merges with the old value (8/16-bit GPR
  /// writes; the old value is then also read).
  bool MergesPartialGPR = false;
  /// Explicit register operands as written (for fusion and unlamination).
  unsigned NumExplicitRegOperands = 0;
  /// The destination register is also a source (tied operand).
  bool DestIsAlsoSource = false;
  bool Serializing = false; ///< cpuid, lfence with ordering, etc.
  bool IsSyscallOrPrivileged = false;
};

/// Decodes data flow of x86 MCInsts. Construction indexes the register file
/// once; the object is cheap to query and thread-compatible.
class X86Semantics {
public:
  X86Semantics(const llvm::MCInstrInfo &MII, const llvm::MCRegisterInfo &MRI);

  X86InstrInfo analyze(const llvm::MCInst &Inst) const;

  /// Canonical unit of a physical register, regunit::None if untracked
  /// (segment registers, RIP, MXCSR, control registers...).
  RegUnit unitOf(llvm::MCRegister Reg) const {
    return Reg.id() < UnitOfReg.size() ? UnitOfReg[Reg.id()] : regunit::None;
  }
  /// Width in bits of a register (8, 16, 32, 64, 128, 256, 512), 0 unknown.
  unsigned regBits(llvm::MCRegister Reg) const;
  /// Whether Reg is an 8-bit high register (ah, bh, ch, dh).
  bool isHighByteReg(llvm::MCRegister Reg) const;

  /// Zero idiom: result does not depend on the inputs and is zero
  /// (xor/sub r,r; pxor/xorps/xorpd/pandn/psub*/pcmpgt* with equal sources).
  bool isZeroIdiom(const llvm::MCInst &Inst) const;
  /// Ones idiom: (v)pcmpeq* with equal sources.
  bool isOnesIdiom(const llvm::MCInst &Inst) const;
  /// sbb r, r with the same register (any width).
  bool isSameRegSbb(const llvm::MCInst &Inst) const;
  /// xor/sub r, r with the same register, any width: the result is zero.
  /// Wider than isZeroIdiom, which leaves out the 8/16-bit forms (they
  /// merge into the full register, so the renamer breaks no dependency);
  /// a value walk still knows the written part is zero.
  bool isSameRegXorOrSub(const llvm::MCInst &Inst) const;
  /// prefetch* (LLVM marks them as storing; they write nothing).
  bool isPrefetch(const llvm::MCInst &Inst) const {
    return MII.getName(Inst.getOpcode()).starts_with("PREFETCH");
  }
  /// The stack pointer's register unit.
  RegUnit rspUnit() const { return unitOf(RSPReg); }
  /// Register-to-register move that renaming can eliminate (mov r32/r64,
  /// (v)movaps/movapd/movdqa/movdqu/movups/movupd reg,reg).
  bool isEliminableMove(const llvm::MCInst &Inst, bool &IsVector) const;
  /// mov r32/r64 or movzx r32/r64, r8 (not ah..dh) whose source is part of
  /// its destination register (mov eax, eax; movzx eax, al).
  bool isSameRegisterMove(const llvm::MCInst &Inst) const;
  /// movzx r32/r64, spl/bpl/sil/dil: a source whose register number is a
  /// high-byte register's (ah/ch/dh/bh) without the REX prefix.
  bool isMovzxFromHigh8Alias(const llvm::MCInst &Inst) const;

  /// The LLVM opcode name ("ADD64rm").
  llvm::StringRef opcodeName(unsigned Opcode) const {
    return MII.getName(Opcode);
  }
  /// Intel mnemonic of a macro-fusion candidate class ("cmp", "test",
  /// "add", "sub", "and", "inc", "dec", "or", "xor"), or empty.
  llvm::StringRef fusionClass(const llvm::MCInst &Inst) const;

  const llvm::MCInstrInfo &instrInfo() const { return MII; }
  const llvm::MCRegisterInfo &regInfo() const { return MRI; }

private:
  const llvm::MCInstrInfo &MII;
  const llvm::MCRegisterInfo &MRI;
  std::vector<RegUnit> UnitOfReg;
  std::vector<uint16_t> BitsOfReg;
  /// Per opcode, whether its name is a zero-idiom form (isZeroIdiom's
  /// tests of the name: -1 not yet asked). Filled as opcodes are seen: a
  /// first decoding asks twice per instruction, and the name tests cost
  /// about 850 instructions each time.
  mutable std::vector<int8_t> ZeroIdiomOpcode;
  /// isPrivilegedOrSyscall() of the opcode's name, as ZeroIdiomOpcode (-1
  /// not yet asked): the test runs through 60 name prefixes, about 2,000
  /// instructions per call, and analyze() asks for every decoding.
  mutable std::vector<int8_t> PrivilegedOpcode;
  llvm::MCRegister EFLAGSReg, RSPReg, RIPReg;
};

/// X86 condition codes as LLVM numbers them (X86BaseInfo.h).
namespace cond {
enum : int {
  O = 0, NO = 1, B = 2, AE = 3, E = 4, NE = 5, BE = 6, A = 7,
  S = 8, NS = 9, P = 10, NP = 11, L = 12, GE = 13, LE = 14, G = 15
};
/// uops.info (XED) spelling of a condition: "Z", "NZ", "NBE"...
llvm::StringRef xedName(int CC);
/// Flag groups a condition reads.
bool readsCF(int CC);
bool readsSZOP(int CC);
} // namespace cond

} // namespace luarch

#endif
