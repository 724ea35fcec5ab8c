//===- RegisterRenaming.cpp - A kernel's key up to its registers ---------===//
#include "luarch/Model/RegisterRenaming.h"
#include "luarch/Model/X86Semantics.h"

#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"

#include <array>
#include <cassert>

using namespace llvm;

namespace luarch {

namespace {

/// The renaming group of a general-purpose register by its number
/// (RegisterRenaming.h): rbp (5) and r13 are alike, and every other but rsp
/// (4), which is kept.
uint8_t gprGroup(unsigned N) {
  if (N == 4)
    return 0;
  return N == 5 || N == 13 ? 2 : 1;
}

/// Vector registers: one group (their encodings differ in length only).
constexpr uint8_t VecGroup = 3;

constexpr unsigned NumGroups = 4;

/// Operand tags of the key.
enum : uint32_t {
  TagKept = 1u << 30,
  TagRenamed = 2u << 30,
  TagImm = 3u << 30,
};

} // namespace

RegisterRenaming::RegisterRenaming(const X86Semantics &Sem) : Sem(Sem) {
  const MCRegisterInfo &MRI = Sem.regInfo();
  Regs.resize(MRI.getNumRegs());
  for (unsigned R = 1; R < Regs.size(); ++R) {
    RegInfo &I = Regs[R];
    I.Unit = Sem.unitOf(R);
    unsigned Bits = Sem.regBits(R);
    bool High = Sem.isHighByteReg(R);
    bool Plain = Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64 ||
                 Bits == 128 || Bits == 256 || Bits == 512;
    if (!Plain)
      continue; // kept (Group 0)
    unsigned N = MRI.getEncodingValue(R);
    if (isGPRUnit(I.Unit) && Bits <= 64)
      I.Group = gprGroup(I.Unit - regunit::FirstGPR);
    else if (isVecUnit(I.Unit) && Bits >= 128)
      I.Group = VecGroup;
    // The width; for a byte, which byte: ah..dh, or the low byte of
    // registers 0-3 (al..bl), 4-7 (spl..dil: a REX prefix makes these of
    // ah..bh's numbers) or 8-15 (uops.info's _R0/_R4 rows, the movzx rule
    // of spl..dil).
    I.Kind = uint8_t(Bits / 8);
    if (Bits == 8 && isGPRUnit(I.Unit))
      I.Kind |= High ? 0x80 : N < 4 ? 0x40 : N < 8 ? 0x20 : 0x10;
  }
}

bool RegisterRenaming::appendKernelKey(std::string &Key,
                                       const Kernel &K) const {
  const MCInstrInfo &MII = Sem.instrInfo();
  // Units an instruction reads or writes implicitly: kept in the whole
  // kernel (another instruction's explicit use of them connects to it).
  std::array<bool, 256> Kept{};
  for (const KernelInstr &KI : K.Instrs) {
    const MCInstrDesc &Desc = MII.get(KI.Inst.getOpcode());
    for (MCPhysReg R : Desc.implicit_uses())
      if (R < Regs.size())
        Kept[Regs[R].Unit] = true;
    for (MCPhysReg R : Desc.implicit_defs())
      if (R < Regs.size())
        Kept[Regs[R].Unit] = true;
  }
  std::array<uint8_t, 256> Ordinal;
  Ordinal.fill(0xff);
  std::array<uint8_t, NumGroups> Next{};
  size_t Start = Key.size();
  auto Put = [&Key](auto V) {
    Key.append(reinterpret_cast<const char *>(&V), sizeof(V));
  };
  for (const KernelInstr &KI : K.Instrs) {
    const MCInst &Inst = KI.Inst;
    Put(uint32_t(Inst.getOpcode()));
    Put(uint32_t(Inst.getFlags()));
    Put(uint32_t(KI.Size));
    Put(uint32_t(Inst.getNumOperands()));
    for (const MCOperand &MO : Inst) {
      if (MO.isImm()) {
        Put(TagImm);
        Put(int64_t(MO.getImm()));
        continue;
      }
      if (!MO.isReg()) {
        Key.resize(Start);
        return false;
      }
      unsigned R = MO.getReg().id();
      if (R >= Regs.size() || !Regs[R].Group || Kept[Regs[R].Unit]) {
        Put(uint32_t(TagKept | R));
        continue;
      }
      const RegInfo &I = Regs[R];
      uint8_t &O = Ordinal[I.Unit];
      if (O == 0xff)
        O = Next[I.Group]++;
      Put(uint32_t(TagRenamed | uint32_t(I.Group) << 16 | uint32_t(O) << 8 |
                   I.Kind));
    }
  }
  return true;
}

} // namespace luarch
