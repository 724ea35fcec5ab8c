//===- X86Semantics.cpp - Data flow of x86 MCInsts -----------------------===//
#include "luarch/Model/X86Semantics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCInstrDesc.h"
#include <cassert>

using namespace llvm;

namespace luarch {

bool isGPRUnit(RegUnit U) { return U < regunit::FirstVec; }
bool isVecUnit(RegUnit U) {
  return U >= regunit::FirstVec && U < regunit::FirstMask;
}
bool isFlagUnit(RegUnit U) { return U == regunit::CF || U == regunit::SZOP; }

static const char *const GPR64Names[16] = {
    "RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI",
    "R8",  "R9",  "R10", "R11", "R12", "R13", "R14", "R15"};

std::string regUnitName(RegUnit U) {
  using namespace regunit;
  if (U < FirstVec)
    return StringRef(GPR64Names[U]).lower();
  if (U < FirstMask)
    return "zmm" + std::to_string(U - FirstVec);
  if (U < CF)
    return "k" + std::to_string(U - FirstMask);
  if (U == CF)
    return "CF";
  if (U == SZOP)
    return "flags";
  if (U < FirstMMX)
    return "st" + std::to_string(U - FirstX87);
  if (U < Count)
    return "mm" + std::to_string(U - FirstMMX);
  return "?";
}

StringRef cond::xedName(int CC) {
  static const char *const Names[16] = {"O",  "NO", "B",  "NB", "Z",  "NZ",
                                        "BE", "NBE", "S", "NS", "P",  "NP",
                                        "L",  "NL", "LE", "NLE"};
  return CC >= 0 && CC < 16 ? Names[CC] : "";
}
bool cond::readsCF(int CC) {
  return CC == B || CC == AE || CC == BE || CC == A;
}
bool cond::readsSZOP(int CC) { return CC != B && CC != AE; }

/// Canonical unit for a register name that is itself canonical.
static RegUnit canonicalUnitByName(StringRef Name) {
  using namespace regunit;
  for (unsigned I = 0; I != 16; ++I)
    if (Name == GPR64Names[I])
      return FirstGPR + I;
  unsigned N;
  if (Name.consume_front("ZMM") && !Name.getAsInteger(10, N) && N < 32)
    return FirstVec + N;
  if (Name.consume_front("K") && !Name.getAsInteger(10, N) && N < 8)
    return FirstMask + N;
  if (Name.consume_front("ST") && !Name.getAsInteger(10, N) && N < 8)
    return FirstX87 + N;
  if (Name.consume_front("MM") && !Name.getAsInteger(10, N) && N < 8)
    return FirstMMX + N;
  return None;
}

static unsigned bitsByName(StringRef Name, RegUnit U) {
  if (isVecUnit(U))
    return Name.starts_with("ZMM") ? 512 : Name.starts_with("YMM") ? 256 : 128;
  if (U >= regunit::FirstMask && U < regunit::CF)
    return 64;
  if (U >= regunit::FirstX87 && U < regunit::FirstMMX)
    return 80;
  if (U >= regunit::FirstMMX && U < regunit::Count)
    return 64;
  if (!isGPRUnit(U))
    return 0;
  if (Name == GPR64Names[U])
    return 64;
  if (Name.starts_with("E") || Name.ends_with("D"))
    return 32;
  if (Name.ends_with("W") || Name.size() == 2)
    return Name.ends_with("L") || Name.ends_with("H") ? 8 : 16;
  return 8; // SIL, DIL, SPL, BPL, R8B...
}

X86Semantics::X86Semantics(const MCInstrInfo &MII, const MCRegisterInfo &MRI)
    : MII(MII), MRI(MRI) {
  unsigned N = MRI.getNumRegs();
  UnitOfReg.assign(N, regunit::None);
  BitsOfReg.assign(N, 0);
  for (unsigned R = 1; R < N; ++R) {
    StringRef Name = MRI.getName(R);
    if (Name == "EFLAGS")
      EFLAGSReg = R;
    else if (Name == "RSP")
      RSPReg = R;
    else if (Name == "RIP")
      RIPReg = R;
    RegUnit U = regunit::None;
    for (MCPhysReg Super : MRI.superregs_inclusive(R)) {
      U = canonicalUnitByName(MRI.getName(Super));
      if (U != regunit::None)
        break;
    }
    UnitOfReg[R] = U;
    BitsOfReg[R] = bitsByName(Name, U);
  }
  assert(rspUnit() == regunit::RSP && "GPR units follow the encoding");
}

unsigned X86Semantics::regBits(MCRegister Reg) const {
  return Reg.id() < BitsOfReg.size() ? BitsOfReg[Reg.id()] : 0;
}

bool X86Semantics::isHighByteReg(MCRegister Reg) const {
  StringRef Name = MRI.getName(Reg);
  return Name == "AH" || Name == "BH" || Name == "CH" || Name == "DH";
}

static void addUnique(SmallVectorImpl<RegUnit> &V, RegUnit U) {
  if (U == regunit::None)
    return;
  for (RegUnit X : V)
    if (X == U)
      return;
  V.push_back(U);
}

/// Flag groups an instruction reads when it uses EFLAGS without a condition
/// code operand, decided by its opcode name.
static void flagReads(StringRef Op, SmallVectorImpl<RegUnit> &Reads) {
  if (Op.starts_with("ADOX")) {
    addUnique(Reads, regunit::SZOP);
    return;
  }
  if (Op.starts_with("ADC") || Op.starts_with("SBB") ||
      Op.starts_with("RCL") || Op.starts_with("RCR") || Op == "CMC" ||
      Op.starts_with("SETB_C")) {
    addUnique(Reads, regunit::CF);
    return;
  }
  addUnique(Reads, regunit::CF);
  addUnique(Reads, regunit::SZOP);
}

static void flagWrites(StringRef Op, SmallVectorImpl<RegUnit> &Writes) {
  if (Op.starts_with("INC") || Op.starts_with("DEC") ||
      Op.starts_with("ADOX")) {
    addUnique(Writes, regunit::SZOP);
    return;
  }
  if (Op.starts_with("ADCX") || Op == "CLC" || Op == "STC" || Op == "CMC") {
    addUnique(Writes, regunit::CF);
    return;
  }
  addUnique(Writes, regunit::CF);
  addUnique(Writes, regunit::SZOP);
}

static bool isPrivilegedOrSyscall(StringRef Op) {
  static const char *const Prefixes[] = {
      "SYSCALL", "SYSENTER", "SYSEXIT", "SYSRET", "INT", "HLT", "CPUID",
      "RDMSR", "WRMSR", "IN8", "IN16", "IN32", "OUT8", "OUT16", "OUT32",
      "INSB", "INSW", "INSL", "OUTSB", "OUTSW", "OUTSL", "CLI", "STI",
      "LGDT", "LIDT", "LLDT", "LTR", "INVD", "WBINVD", "INVLPG", "RDPMC",
      "MOV64rc", "MOV64cr", "MOV64rd", "MOV64dr", "TRAP", "UD1", "UD2",
      "IRET", "VMCALL", "VMLAUNCH", "VMRESUME", "VMXON", "VMXOFF", "SWAPGS",
      "CLTS", "LMSW", "SMSW", "XSETBV", "RDTSC", "RDTSCP", "PAUSE",
      "ENQCMD", "UMWAIT", "TPAUSE", "MWAIT", "MONITOR", "RSM", "XBEGIN",
      "XABORT", "XEND", "WRFSBASE", "WRGSBASE", "RDRAND", "RDSEED",
  };
  for (const char *P : Prefixes)
    if (Op.starts_with(P))
      return true;
  return false;
}

X86InstrInfo X86Semantics::analyze(const MCInst &Inst) const {
  X86InstrInfo R;
  const MCInstrDesc &Desc = MII.get(Inst.getOpcode());
  StringRef Op = MII.getName(Inst.getOpcode());

  R.MayLoad = Desc.mayLoad();
  R.MayStore = Desc.mayStore();
  R.IsBranch = Desc.isBranch() || Desc.isReturn() || Desc.isCall();
  R.IsConditionalBranch = Desc.isConditionalBranch();
  R.IsCall = Desc.isCall();
  R.IsReturn = Desc.isReturn();
  R.IsIndirectBranch = Desc.isIndirectBranch();
  R.UsesStackEngine = Op.starts_with("PUSH") || Op.starts_with("POP") ||
                      R.IsCall || R.IsReturn;
  if (PrivilegedOpcode.empty())
    PrivilegedOpcode.assign(MII.getNumOpcodes(), -1);
  if (Inst.getOpcode() < PrivilegedOpcode.size()) {
    int8_t &Known = PrivilegedOpcode[Inst.getOpcode()];
    if (Known < 0)
      Known = isPrivilegedOrSyscall(Op);
    R.IsSyscallOrPrivileged = Known;
  } else {
    R.IsSyscallOrPrivileged = isPrivilegedOrSyscall(Op);
  }
  R.Serializing = Op.starts_with("CPUID") || Op.starts_with("LFENCE") ||
                  Op.starts_with("MFENCE") || Op.starts_with("SERIALIZE");

  if (Op.starts_with("JCC") || Op.starts_with("SETCC") ||
      Op.starts_with("CMOV") || Op.starts_with("CFCMOV")) {
    for (unsigned I = Inst.getNumOperands(); I-- > 0;)
      if (Inst.getOperand(I).isImm()) {
        R.CondCode = static_cast<int>(Inst.getOperand(I).getImm());
        break;
      }
  }

  // Locate the memory operand (5 MCOperands: base, scale, index, disp, seg).
  int MemIdx = -1;
  ArrayRef<MCOperandInfo> OpInfo = Desc.operands();
  for (unsigned I = 0, E = OpInfo.size(); I != E; ++I)
    if (OpInfo[I].OperandType == MCOI::OPERAND_MEMORY) {
      MemIdx = I;
      break;
    }
  // LEA's address operand is not typed as memory in the .td files.
  bool IsLEA = Op.starts_with("LEA");
  if (MemIdx < 0 && IsLEA)
    MemIdx = Desc.getNumDefs();
  if (MemIdx >= 0 &&
      unsigned(MemIdx) + MemOperand::NumOperands <= Inst.getNumOperands()) {
    MemOperand M;
    M.OperandIndex = MemIdx;
    auto Part = [&](MemOperand::Part P) -> const MCOperand & {
      return Inst.getOperand(MemOperand::operandOf(MemIdx, P));
    };
    const MCOperand &Base = Part(MemOperand::BasePart);
    const MCOperand &Scale = Part(MemOperand::ScalePart);
    const MCOperand &Index = Part(MemOperand::IndexPart);
    const MCOperand &Disp = Part(MemOperand::DispPart);
    const MCOperand &Seg = Part(MemOperand::SegmentPart);
    if (Base.isReg())
      M.Base = Base.getReg();
    if (Index.isReg())
      M.Index = Index.getReg();
    if (Seg.isReg())
      M.Segment = Seg.getReg();
    if (Scale.isImm())
      M.Scale = Scale.getImm();
    if (Disp.isImm())
      M.Disp = Disp.getImm();
    else
      M.SymbolicDisp = true;
    M.RIPRelative = M.Base && M.Base == RIPReg;
    // LEA computes with its address registers: they are data sources.
    SmallVectorImpl<RegUnit> &AddrTo =
        IsLEA ? static_cast<SmallVectorImpl<RegUnit> &>(R.Reads)
              : static_cast<SmallVectorImpl<RegUnit> &>(R.AddressReads);
    if (M.Base && !M.RIPRelative)
      addUnique(AddrTo, unitOf(M.Base));
    if (M.Index)
      addUnique(AddrTo, unitOf(M.Index));
    R.Mem = M;
  }

  unsigned NumDefs = Desc.getNumDefs();
  bool ZeroIdiom = isZeroIdiom(Inst);
  for (unsigned I = 0, E = Inst.getNumOperands(); I != E; ++I) {
    if (MemIdx >= 0 && I >= unsigned(MemIdx) && I < unsigned(MemIdx) + 5)
      continue;
    const MCOperand &MO = Inst.getOperand(I);
    if (!MO.isReg() || !MO.getReg())
      continue;
    ++R.NumExplicitRegOperands;
    RegUnit U = unitOf(MO.getReg());
    if (I < NumDefs) {
      addUnique(R.Writes, U);
      unsigned Bits = regBits(MO.getReg());
      if (isGPRUnit(U) && (Bits == 8 || Bits == 16)) {
        // 8/16-bit writes merge into the full register (Haswell and later
        // do not rename low-8/16 parts separately for writes).
        R.MergesPartialGPR = true;
        addUnique(R.Reads, U);
      }
      continue;
    }
    if (I < OpInfo.size() && Desc.getOperandConstraint(I, MCOI::TIED_TO) >= 0)
      R.DestIsAlsoSource = true;
    if (!ZeroIdiom)
      addUnique(R.Reads, U);
  }
  // Tied operands are counted twice above (def + use); count them once.
  if (R.DestIsAlsoSource && R.NumExplicitRegOperands)
    --R.NumExplicitRegOperands;

  for (MCPhysReg Reg : Desc.implicit_uses()) {
    if (Reg == EFLAGSReg) {
      if (R.CondCode >= 0) {
        if (cond::readsCF(R.CondCode))
          addUnique(R.Reads, regunit::CF);
        if (cond::readsSZOP(R.CondCode))
          addUnique(R.Reads, regunit::SZOP);
      } else {
        flagReads(Op, R.Reads);
      }
      continue;
    }
    if (R.UsesStackEngine && Reg == RSPReg) {
      // The stack engine adjusts rsp without a uop, but the access itself
      // needs rsp's value: an explicit write of rsp (lea rsp, [rbp-x]) is
      // a real dependency of the pushes and pops that follow.
      addUnique(R.AddressReads, unitOf(Reg));
      continue;
    }
    addUnique(R.Reads, unitOf(Reg));
  }
  for (MCPhysReg Reg : Desc.implicit_defs()) {
    if (Reg == EFLAGSReg) {
      flagWrites(Op, R.Writes);
      continue;
    }
    if (R.UsesStackEngine && Reg == RSPReg)
      continue;
    addUnique(R.Writes, unitOf(Reg));
  }
  return R;
}

/// Opcode-name families whose reg-reg form with equal sources yields zero.
static bool isZeroIdiomFamily(StringRef Op) {
  // Strip the VEX/EVEX "V" and register-size suffixes by prefix tests.
  static const char *const Families[] = {
      "XOR32rr", "XOR64rr", "SUB32rr", "SUB64rr",
      "PXORrr", "VPXORrr", "VPXORYrr", "VPXORDZ", "VPXORQZ",
      "XORPSrr", "XORPDrr", "VXORPSrr", "VXORPDrr", "VXORPSYrr",
      "VXORPDYrr", "VXORPSZ", "VXORPDZ",
      "PANDNrr", "VPANDNrr", "VPANDNYrr", "ANDNPSrr", "ANDNPDrr",
      "VANDNPSrr", "VANDNPDrr", "VANDNPSYrr", "VANDNPDYrr",
      "PSUBBrr", "PSUBWrr", "PSUBDrr", "PSUBQrr", "VPSUBBrr", "VPSUBWrr",
      "VPSUBDrr", "VPSUBQrr", "VPSUBBYrr", "VPSUBWYrr", "VPSUBDYrr",
      "VPSUBQYrr", "VPSUBBZ", "VPSUBWZ", "VPSUBDZ", "VPSUBQZ",
      "PCMPGTBrr", "PCMPGTWrr", "PCMPGTDrr", "PCMPGTQrr", "VPCMPGTBrr",
      "VPCMPGTWrr", "VPCMPGTDrr", "VPCMPGTQrr", "VPCMPGTBYrr", "VPCMPGTWYrr",
      "VPCMPGTDYrr", "VPCMPGTQYrr",
  };
  for (const char *F : Families)
    if (Op.starts_with(F))
      return true;
  return false;
}

/// The last two register source operands are the same register.
static bool lastTwoSourcesEqual(const MCInst &Inst, const MCInstrDesc &Desc) {
  SmallVector<MCRegister, 4> Srcs;
  for (unsigned I = Desc.getNumDefs(), E = Inst.getNumOperands(); I < E; ++I) {
    const MCOperand &MO = Inst.getOperand(I);
    if (!MO.isReg())
      return false; // an immediate or memory operand: not an idiom
    Srcs.push_back(MO.getReg());
  }
  return Srcs.size() >= 2 && Srcs[Srcs.size() - 1] == Srcs[Srcs.size() - 2];
}

/// Whether the opcode's name is that of a zero idiom's register form.
static bool isZeroIdiomOpcodeName(StringRef Op) {
  if (!isZeroIdiomFamily(Op))
    return false;
  // Masked EVEX forms keep (merge) the masked-off lanes: not an idiom.
  if (Op.contains("rrk") || Op.contains("rmk"))
    return false;
  if (Op.ends_with("rm") || Op.contains("rmb") || Op.ends_with("rm_REV"))
    return false;
  return true;
}

bool X86Semantics::isZeroIdiom(const MCInst &Inst) const {
  unsigned Opcode = Inst.getOpcode();
  if (ZeroIdiomOpcode.empty())
    ZeroIdiomOpcode.assign(MII.getNumOpcodes(), -1);
  if (Opcode >= ZeroIdiomOpcode.size())
    return false; // not an opcode of this target
  int8_t &Known = ZeroIdiomOpcode[Opcode];
  if (Known < 0)
    Known = isZeroIdiomOpcodeName(MII.getName(Opcode));
  if (!Known)
    return false;
  return lastTwoSourcesEqual(Inst, MII.get(Opcode));
}

bool X86Semantics::isOnesIdiom(const MCInst &Inst) const {
  StringRef Op = MII.getName(Inst.getOpcode());
  static const char *const Families[] = {
      "PCMPEQBrr", "PCMPEQWrr", "PCMPEQDrr", "PCMPEQQrr",
      "VPCMPEQBrr", "VPCMPEQWrr", "VPCMPEQDrr", "VPCMPEQQrr",
      "VPCMPEQBYrr", "VPCMPEQWYrr", "VPCMPEQDYrr", "VPCMPEQQYrr"};
  for (const char *F : Families)
    if (Op == F)
      return lastTwoSourcesEqual(Inst, MII.get(Inst.getOpcode()));
  return false;
}

bool X86Semantics::isSameRegSbb(const MCInst &Inst) const {
  StringRef Op = MII.getName(Inst.getOpcode());
  if (!Op.starts_with("SBB") || !(Op.ends_with("rr") || Op.ends_with("rr_REV")))
    return false;
  return lastTwoSourcesEqual(Inst, MII.get(Inst.getOpcode()));
}

bool X86Semantics::isSameRegXorOrSub(const MCInst &Inst) const {
  // The GPR forms only (XOR32rr, SUB8rr_REV...; not XORPSrr, SUBPDrr).
  StringRef Op = MII.getName(Inst.getOpcode());
  if (!(Op.consume_front("XOR") || Op.consume_front("SUB")) ||
      Op.empty() || !isDigit(Op.front()) ||
      !(Op.ends_with("rr") || Op.ends_with("rr_REV")))
    return false;
  return lastTwoSourcesEqual(Inst, MII.get(Inst.getOpcode()));
}

bool X86Semantics::isSameRegisterMove(const MCInst &Inst) const {
  StringRef Op = MII.getName(Inst.getOpcode());
  Op.consume_back("_REV");
  Op.consume_back("_NOREX");
  if (Op != "MOV32rr" && Op != "MOV64rr" && Op != "MOVZX32rr8" &&
      Op != "MOVZX64rr8")
    return false;
  if (Inst.getNumOperands() < 2 || !Inst.getOperand(0).isReg() ||
      !Inst.getOperand(1).isReg())
    return false;
  MCRegister Dst = Inst.getOperand(0).getReg(),
             Src = Inst.getOperand(1).getReg();
  if (isHighByteReg(Src))
    return false; // movzx eax, ah: not a move elimination candidate at all
  RegUnit U = unitOf(Dst);
  return U != regunit::None && U == unitOf(Src);
}

bool X86Semantics::isMovzxFromHigh8Alias(const MCInst &Inst) const {
  // With a REX prefix, register numbers 4-7 of an 8-bit operand name
  // spl/bpl/sil/dil, without one ah/ch/dh/bh (the _NOREX forms, and the
  // high-byte rows of uops.info).
  StringRef Op = MII.getName(Inst.getOpcode());
  if (Op != "MOVZX32rr8" && Op != "MOVZX64rr8")
    return false;
  if (Inst.getNumOperands() < 2 || !Inst.getOperand(1).isReg())
    return false;
  StringRef Src = MRI.getName(Inst.getOperand(1).getReg());
  return Src == "SPL" || Src == "BPL" || Src == "SIL" || Src == "DIL";
}

bool X86Semantics::isEliminableMove(const MCInst &Inst, bool &IsVector) const {
  StringRef Op = MII.getName(Inst.getOpcode());
  IsVector = false;
  if (Op == "MOV32rr" || Op == "MOV64rr" || Op == "MOV32rr_REV" ||
      Op == "MOV64rr_REV")
    return true;
  static const char *const Vec[] = {
      "MOVAPSrr", "MOVAPDrr", "MOVDQArr", "MOVDQUrr", "MOVUPSrr", "MOVUPDrr",
      "VMOVAPSrr", "VMOVAPDrr", "VMOVDQArr", "VMOVDQUrr", "VMOVUPSrr",
      "VMOVUPDrr", "VMOVAPSYrr", "VMOVAPDYrr", "VMOVDQAYrr", "VMOVDQUYrr",
      "VMOVUPSYrr", "VMOVUPDYrr"};
  StringRef Base = Op;
  Base.consume_back("_REV");
  for (const char *V : Vec)
    if (Base == V) {
      IsVector = true;
      return true;
    }
  return false;
}

StringRef X86Semantics::fusionClass(const MCInst &Inst) const {
  StringRef Op = MII.getName(Inst.getOpcode());
  // StringRefs, not C strings: their lengths are known (this runs in every
  // first decoding).
  static const std::pair<StringRef, StringRef> Classes[] = {
      {"CMP", "cmp"}, {"TEST", "test"}, {"ADD", "add"}, {"SUB", "sub"},
      {"AND", "and"}, {"INC", "inc"},   {"DEC", "dec"}, {"OR", "or"},
      {"XOR", "xor"}};
  for (auto &[Prefix, Class] : Classes) {
    StringRef Rest = Op;
    if (!Rest.consume_front(Prefix))
      continue;
    // The next characters must be the operand size: ADD64rr, TEST8ri,
    // not ADDPS/ANDN/CMPXCHG/ORPS.
    if (Rest.empty() || !isDigit(Rest.front()))
      continue;
    Rest = Rest.drop_while(isDigit);
    if (Rest.empty() || !(Rest.front() == 'r' || Rest.front() == 'm' ||
                          Rest.front() == 'i'))
      continue;
    return Class;
  }
  return "";
}

} // namespace luarch
