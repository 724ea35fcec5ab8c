//===- UopsInfoMatcher.cpp - MCInst → uops.info instruction variant ------===//
#include "luarch/Model/UopsInfoMatcher.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/InstKey.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCInstrDesc.h"

using namespace llvm;

namespace luarch {

UopsInfoMatcher::UopsInfoMatcher(const TargetContext &TC,
                                 const X86Semantics &Sem)
    : TC(TC), Sem(Sem) {
  const MCRegisterInfo &MRI = TC.regInfo();
  for (unsigned R = 1, E = MRI.getNumRegs(); R < E; ++R)
    RegByName[StringRef(MRI.getName(R)).lower()] = R;
  for (const char *Name : {"al", "ax", "eax", "rax", "cl", "dx", "xmm0", "k0",
                           "rbp", "ebp", "r13", "r13d"}) {
    auto It = RegByName.find(Name);
    if (It != RegByName.end())
      ExactRegs.push_back(It->second);
  }
}

namespace {

/// One operand of the Intel-syntax spelling, classified.
struct OperandAlt {
  /// Alternatives for this operand's uops.info spelling, best first.
  SmallVector<std::string, 4> Spellings;
  /// A fixed register the opcode implies (the accumulator of xchg eax, r32).
  bool Implied = false;
};

struct ParsedIntel {
  std::string Mnemonic;                 // upper case, without prefixes
  SmallVector<std::string, 2> Prefixes; // "LOCK", "REP", "REPNE"
  SmallVector<OperandAlt, 4> Operands;
  bool ZeroMask = false;
  bool Rounding = false; // {rn-sae} etc.
  bool SAE = false;
  bool HasMemory = false;
  /// Encoding number of the first low-byte register operand (-1: none).
  int FirstR8lEncoding = -1;
};

/// Splits "a, b {k1}, qword ptr [x + 4*y]{1to8}" at top-level commas.
SmallVector<std::string, 4> splitOperands(StringRef S) {
  SmallVector<std::string, 4> Out;
  int Depth = 0;
  std::string Cur;
  for (char C : S) {
    if (C == '[' || C == '{' || C == '(')
      ++Depth;
    else if (C == ']' || C == '}' || C == ')')
      --Depth;
    if (C == ',' && Depth == 0) {
      Out.push_back(StringRef(Cur).trim().str());
      Cur.clear();
      continue;
    }
    Cur.push_back(C);
  }
  if (!StringRef(Cur).trim().empty())
    Out.push_back(StringRef(Cur).trim().str());
  return Out;
}

unsigned memBitsFromPtr(StringRef Ptr) {
  return StringSwitch<unsigned>(Ptr)
      .Case("byte", 8)
      .Case("word", 16)
      .Case("dword", 32)
      .Case("fword", 48)
      .Case("qword", 64)
      .Case("tbyte", 80)
      .Case("xmmword", 128)
      .Case("ymmword", 256)
      .Case("zmmword", 512)
      .Default(0);
}

bool fitsSigned(int64_t V, unsigned Bits) {
  if (Bits >= 64)
    return true;
  int64_t Min = -(int64_t(1) << (Bits - 1));
  int64_t Max = (int64_t(1) << (Bits - 1)) - 1;
  return V >= Min && V <= Max;
}

bool fitsUnsigned(int64_t V, unsigned Bits) {
  return Bits >= 64 || (V >= 0 && uint64_t(V) < (uint64_t(1) << Bits));
}

/// Primary opcode bytes of an encoding, after legacy/REX prefixes, as
/// uops.info suffixes spell them: "01", "0F28". Empty for VEX/EVEX.
std::string opcodeSuffix(ArrayRef<char> Bytes) {
  size_t I = 0;
  auto B = [&](size_t K) { return static_cast<uint8_t>(Bytes[K]); };
  while (I < Bytes.size()) {
    uint8_t C = B(I);
    if (C == 0x66 || C == 0x67 || C == 0xF2 || C == 0xF3 || C == 0xF0 ||
        C == 0x2E || C == 0x36 || C == 0x3E || C == 0x26 || C == 0x64 ||
        C == 0x65 || (C >= 0x40 && C <= 0x4F)) {
      ++I;
      continue;
    }
    break;
  }
  if (I >= Bytes.size())
    return "";
  uint8_t C = B(I);
  if (C == 0xC4 || C == 0xC5 || C == 0x62 || C == 0x8F)
    return ""; // VEX/EVEX/XOP
  if (C == 0x0F && I + 1 < Bytes.size())
    return "0F" + utohexstr(B(I + 1), /*LowerCase=*/false, 2);
  return utohexstr(C, /*LowerCase=*/false, 2);
}

bool isEVEX(ArrayRef<char> Bytes) {
  for (char Ch : Bytes) {
    uint8_t C = static_cast<uint8_t>(Ch);
    if (C == 0x66 || C == 0x67 || C == 0xF2 || C == 0xF3 || C == 0x2E ||
        C == 0x3E || C == 0x26 || C == 0x64 || C == 0x65 || C == 0x36)
      continue;
    return C == 0x62;
  }
  return false;
}

/// The opcode byte of a VEX-encoded instruction ("28" for vmovaps xmm, xmm),
/// as uops.info suffixes VEX variants that differ only in the encoding
/// (VMOVAPS_28 / VMOVAPS_29). Empty for other encodings.
std::string vexOpcodeSuffix(ArrayRef<char> Bytes) {
  size_t I = 0;
  auto B = [&](size_t K) { return static_cast<uint8_t>(Bytes[K]); };
  while (I < Bytes.size()) {
    uint8_t C = B(I);
    if (C == 0x66 || C == 0x67 || C == 0xF2 || C == 0xF3 || C == 0x2E ||
        C == 0x36 || C == 0x3E || C == 0x26 || C == 0x64 || C == 0x65) {
      ++I;
      continue;
    }
    break;
  }
  size_t At = 0;
  if (I < Bytes.size() && B(I) == 0xC5)
    At = I + 2;
  else if (I < Bytes.size() && B(I) == 0xC4)
    At = I + 3;
  else
    return "";
  if (At >= Bytes.size())
    return "";
  return utohexstr(B(At), /*LowerCase=*/false, 2);
}

/// The opcode byte of an EVEX-encoded instruction, "" for other encodings.
std::string evexOpcodeSuffix(ArrayRef<char> Bytes) {
  size_t I = 0;
  auto B = [&](size_t K) { return static_cast<uint8_t>(Bytes[K]); };
  while (I < Bytes.size() &&
         (B(I) == 0x67 || B(I) == 0x2E || B(I) == 0x36 || B(I) == 0x3E ||
          B(I) == 0x26 || B(I) == 0x64 || B(I) == 0x65))
    ++I;
  if (I + 4 >= Bytes.size() || B(I) != 0x62)
    return "";
  return utohexstr(B(I + 4), /*LowerCase=*/false, 2);
}

/// Compares whose predicate LLVM prints in the mnemonic ("cmpltps",
/// "vcmpneq_oqpd", "vpcmpnltud"): the uops.info mnemonic is the opcode's
/// (CMPPS, VCMPPD, VPCMPUD) with the predicate as an I8 operand. Returns the
/// uops.info mnemonic for such an LLVM opcode name, else empty.
StringRef predicateCompareBase(StringRef OpName) {
  static const char *const Bases[] = {
      "VCMPPS",  "VCMPPD",  "VCMPSS",     "VCMPSD",   "VCMPPH",  "VCMPSH",
      "CMPPS",   "CMPPD",   "CMPSS",      "CMPSD",    "VPCMPUB", "VPCMPUW",
      "VPCMPUD", "VPCMPUQ", "VPCMPB",     "VPCMPW",   "VPCMPD",  "VPCMPQ",
      "VPCOMUB", "VPCOMUW", "VPCOMUD",    "VPCOMUQ",  "VPCOMB",  "VPCOMW",
      "VPCOMD",  "VPCOMQ",  "VPCLMULQDQ", "PCLMULQDQ"};
  for (const char *B : Bases) {
    StringRef Rest = OpName;
    if (!Rest.consume_front(B) || Rest.empty())
      continue;
    // The LLVM opcode continues with the vector length or the form:
    // CMPPSrri, VCMPPDYrmi, VPCMPDZ128rrik, CMPSDrri_Int.
    if (Rest.front() == 'r' || Rest.front() == 'Y' || Rest.front() == 'Z')
      return B;
  }
  return "";
}

/// Instructions whose memory operand uops.info spells as the cache line
/// they act on (M512), whatever the assembler calls it.
bool isCacheLineOp(StringRef Mnemonic) {
  return Mnemonic.starts_with("PREFETCH") || Mnemonic.starts_with("CLFLUSH") ||
         Mnemonic == "CLWB" || Mnemonic == "CLDEMOTE";
}

/// mov between the accumulator and an absolute address (A0-A3): uops.info
/// spells the address Moffs8..Moffs64.
bool isMoffsMove(StringRef OpName) {
  StringRef Rest = OpName;
  if (!Rest.consume_front("MOV"))
    return false;
  Rest = Rest.drop_while(isDigit);
  return Rest.starts_with("ao") || Rest.starts_with("oa");
}

/// String instructions: uops.info lists them without operands (MOVSQ,
/// STOSB_REPE); the operands are implied.
bool isStringOp(StringRef M) {
  static const char *const Ops[] = {"MOVS", "STOS", "LODS", "SCAS",
                                    "CMPS", "INS",  "OUTS"};
  for (const char *O : Ops) {
    StringRef Rest = M;
    if (Rest.consume_front(O) && Rest.size() == 1 &&
        StringRef("BWDQ").contains(Rest.front()))
      return true;
  }
  return false;
}

/// Width in bits of the immediate an instruction encodes for its operand
/// \p OpIdx (8 for ADD64ri8, 32 for ADD64ri32, 64 for movabs): the bytes
/// that change when the value changes. 0 if that cannot be told.
unsigned encodedImmBits(const TargetContext &TC, const MCInst &Inst,
                        unsigned OpIdx) {
  MCInst A = Inst, B = Inst;
  A.getOperand(OpIdx).setImm(0);
  B.getOperand(OpIdx).setImm(-1);
  SmallVector<char, 16> EA = TC.encode(A), EB = TC.encode(B);
  if (EA.empty() || EA.size() != EB.size())
    return 0;
  unsigned Changed = 0;
  for (size_t I = 0; I < EA.size(); ++I)
    Changed += EA[I] != EB[I];
  return Changed == 1 || Changed == 2 || Changed == 4 || Changed == 8
             ? Changed * 8
             : 0;
}

/// LEA address form as uops.info names it: B (base), R (RIP), I (index with
/// scale 1), IS (scaled index), D8/D32 (displacement size).
std::string leaForm(const MemOperand &M, const X86Semantics &Sem) {
  SmallVector<StringRef, 3> Parts;
  bool HasBase = M.Base && !M.RIPRelative;
  if (M.RIPRelative)
    Parts.push_back("R");
  else if (HasBase)
    Parts.push_back("B");
  if (M.Index)
    Parts.push_back(M.Scale > 1 ? "IS" : "I");
  StringRef BaseName = HasBase ? Sem.regInfo().getName(M.Base) : StringRef();
  bool BPLike = BaseName == "RBP" || BaseName == "EBP" || BaseName == "R13" ||
                BaseName == "R13D";
  if (!HasBase || M.SymbolicDisp)
    Parts.push_back("D32");
  else if (M.Disp != 0 || BPLike)
    Parts.push_back(fitsSigned(M.Disp, 8) ? "D8" : "D32");
  return join(Parts, "_");
}

} // namespace

std::vector<std::string> UopsInfoMatcher::candidates(const MCInst &Inst) const {
  return candidates(Inst, Sem.analyze(Inst), TC.print(Inst, /*Intel=*/1));
}

std::vector<std::string> UopsInfoMatcher::candidates(const MCInst &Inst,
                                                     const X86InstrInfo &Info,
                                                     StringRef Text) const {
  return candidates(Inst, Info, Text, TC.encode(Inst));
}

std::vector<std::string>
UopsInfoMatcher::candidates(const MCInst &Inst, const X86InstrInfo &Info,
                            StringRef Text, ArrayRef<char> Bytes) const {
  std::vector<std::string> Out;
  const MCInstrDesc &Desc = TC.instrInfo().get(Inst.getOpcode());
  StringRef OpName = TC.instrInfo().getName(Inst.getOpcode());

  // Split off prefixes and the mnemonic.
  ParsedIntel P;
  StringRef Rest = StringRef(Text).trim();
  while (true) {
    auto [Word, Tail] = Rest.split(' ');
    std::string W = Word.upper();
    // One switch on the word's length and bytes (a first decoding compared
    // it with each of the 21 prefixes in turn).
    if (StringSwitch<bool>(W)
            .Cases({"LOCK", "REP", "REPE", "REPZ", "REPNE", "REPNZ", "DATA16",
                    "NOTRACK", "ADDR32", "REX64", "XACQUIRE", "XRELEASE",
                    "BND", "{VEX}", "{EVEX}", "{VEX2}", "{VEX3}", "{DISP8}",
                    "{DISP32}", "{LOAD}", "{STORE}"},
                   true)
            .Default(false)) {
      P.Prefixes.push_back(W);
      Rest = Tail.trim();
      continue;
    }
    P.Mnemonic = W;
    Rest = Tail.trim();
    break;
  }

  // The instruction's own immediate operand (not an address displacement or
  // a condition code), whose encoded width names it: I8, I16, I32, I64.
  unsigned ImmBits = 0;
  {
    SmallVector<unsigned, 2> ImmOps;
    for (unsigned I = 0, E = Inst.getNumOperands(); I != E; ++I) {
      if (Info.Mem && Info.Mem->covers(I))
        continue;
      if (Inst.getOperand(I).isImm())
        ImmOps.push_back(I);
    }
    if (Info.CondCode >= 0 && !ImmOps.empty())
      ImmOps.pop_back(); // the condition code is the last immediate
    if (ImmOps.size() == 1 && !(Info.IsBranch && !Info.IsReturn))
      ImmBits = encodedImmBits(TC, Inst, ImmOps.front());
  }
  // Registers that are operands of the MCInst: a printed register that is
  // not one of them is implied by the opcode (xchg eax, r32; add al, imm8).
  // Each printed register operand consumes one of them.
  SmallVector<unsigned, 6> ExplicitRegs;
  for (unsigned I = 0, E = Inst.getNumOperands(); I != E; ++I) {
    const MCOperand &MO = Inst.getOperand(I);
    bool InMem = Info.Mem && Info.Mem->covers(I);
    bool Tied = I < Desc.getNumOperands() &&
                Desc.getOperandConstraint(I, MCOI::TIED_TO) >= 0;
    if (!InMem && !Tied && MO.isReg() && MO.getReg())
      ExplicitRegs.push_back(MO.getReg().id());
  }

  // Classify operands.
  SmallVector<std::string, 4> Ops = splitOperands(Rest);
  bool IsMoffs = isMoffsMove(OpName);
  bool BranchTarget = Info.IsBranch && !Info.IsReturn;
  for (unsigned I = 0; I < Ops.size(); ++I) {
    StringRef O = Ops[I];
    OperandAlt A;
    bool InsertMaskAfter = false;
    // Decorations: "{k1}", "{z}", "{rn-sae}", "{sae}"; a broadcast "{1to8}"
    // stays with its memory operand.
    while (O.ends_with("}")) {
      size_t L = O.rfind('{');
      if (L == StringRef::npos)
        break;
      StringRef Deco = O.slice(L + 1, O.size() - 1);
      if (Deco.starts_with("1to"))
        break;
      if (Deco == "z")
        P.ZeroMask = true;
      else if (Deco.starts_with("k"))
        InsertMaskAfter = true;
      else if (Deco == "sae")
        P.SAE = true;
      else if (Deco.ends_with("-sae"))
        P.Rounding = true;
      O = O.take_front(L).rtrim();
    }
    if (O.empty())
      continue; // a standalone rounding operand ("{rn-sae}")
    if (O.contains('[')) {
      P.HasMemory = true;
      StringRef Ptr = O.take_until([](char C) { return C == ' '; });
      unsigned Bits = memBitsFromPtr(Ptr);
      StringRef Bcast;
      if (O.ends_with("}") && O.contains("{1to")) {
        size_t L = O.rfind("{1to");
        Bcast = O.slice(L + 4, O.size() - 1);
      }
      // VSIB: a vector index register inside the brackets.
      StringRef Inside = O.slice(O.find('[') + 1, O.rfind(']'));
      std::string VSIB;
      for (StringRef Kind : {"zmm", "ymm", "xmm"})
        if (Inside.contains(Kind)) {
          VSIB = "VSIB_" + Kind.upper();
          break;
        }
      if (!VSIB.empty())
        A.Spellings.push_back(VSIB);
      else if (!Bcast.empty())
        A.Spellings.push_back("M" + std::to_string(Bits) + "_1to" +
                              Bcast.str());
      else if (isCacheLineOp(P.Mnemonic))
        A.Spellings.push_back("M512");
      else if (IsMoffs && Bits)
        A.Spellings.push_back("Moffs" + std::to_string(Bits));
      else if (Bits)
        A.Spellings.push_back("M" + std::to_string(Bits));
      else
        A.Spellings.push_back("MEM");
      P.Operands.push_back(A);
      if (InsertMaskAfter)
        P.Operands.push_back(OperandAlt{{"K"}});
      continue;
    }
    // x87 stack registers: "st" is the implied top of stack, ST(0); a
    // register operand "st(i)" is ST(i), whatever i.
    if (O == "st") {
      P.Operands.push_back(OperandAlt{{"ST(0)"}});
      continue;
    }
    if (O.starts_with("st(") && O.ends_with(")")) {
      P.Operands.push_back(OperandAlt{{"ST(i)"}});
      continue;
    }
    auto RegIt = RegByName.find(O.lower());
    if (RegIt != RegByName.end()) {
      MCRegister Reg = RegIt->second;
      std::string Name = O.upper();
      RegUnit U = Sem.unitOf(Reg);
      unsigned Bits = Sem.regBits(Reg);
      std::string Generic;
      if (isGPRUnit(U))
        Generic = Bits == 8 ? (Sem.isHighByteReg(Reg) ? "R8h" : "R8l")
                            : "R" + std::to_string(Bits);
      else if (isVecUnit(U))
        Generic = Bits == 512 ? "ZMM" : Bits == 256 ? "YMM" : "XMM";
      else if (U >= regunit::FirstMask && U < regunit::CF)
        Generic = "K";
      else if (U >= regunit::FirstMMX && U < regunit::Count)
        Generic = "MM";
      else
        Generic = Name; // segment, control registers: spelled by name
      if (Generic == "R8l" && P.FirstR8lEncoding < 0)
        P.FirstR8lEncoding = TC.regInfo().getEncodingValue(Reg);
      // A register the opcode implies (printed, but not an operand of the
      // MCInst) is spelled by name when uops.info does so: the
      // accumulator forms (ADD (AL, I8), XCHG (R32, EAX)), shifts by CL,
      // in/out with DX. uops.info leaves out the implicit XMM0 of the SSE4
      // blends and SHA256RNDS2.
      static const char *const Fixed[] = {"AL", "AX", "EAX", "RAX",
                                          "CL", "DX", "XMM0"};
      auto Explicit = find(ExplicitRegs, Reg.id());
      bool Implied = Explicit == ExplicitRegs.end();
      if (!Implied)
        ExplicitRegs.erase(Explicit);
      if (Implied && is_contained(Fixed, StringRef(Name))) {
        A.Spellings.push_back(Name);
        if (Name == "XMM0")
          A.Spellings.push_back(""); // omitted
        A.Implied = true;
      } else {
        A.Spellings.push_back(Generic);
      }
      P.Operands.push_back(A);
      if (InsertMaskAfter)
        P.Operands.push_back(OperandAlt{{"K"}});
      continue;
    }
    // Immediate (possibly negative or hex).
    uint64_t UV = 0;
    StringRef Num = O;
    bool Neg = Num.consume_front("-");
    if (!BranchTarget && !Num.getAsInteger(0, UV)) {
      // Negate in unsigned arithmetic: "-9223372036854775808" (movabsq's
      // INT64_MIN) has no positive int64_t counterpart to negate.
      int64_t V = static_cast<int64_t>(Neg ? 0 - UV : UV);
      if (ImmBits)
        A.Spellings.push_back("I" + std::to_string(ImmBits));
      else
        for (unsigned Bits : {8u, 16u, 32u, 64u})
          if (fitsSigned(V, Bits) || (!Neg && fitsUnsigned(V, Bits)))
            A.Spellings.push_back("I" + std::to_string(Bits));
      if (V == 0)
        A.Spellings.push_back("0");
      if (V == 1)
        A.Spellings.push_back("1");
      P.Operands.push_back(A);
      continue;
    }
    // Branch targets (a label, or a displacement when disassembled).
    if (BranchTarget) {
      A.Spellings = {"Rel8", "Rel32"};
      unsigned Size = Bytes.size();
      if (Size >= 5 || (Size == 6 && Info.IsConditionalBranch))
        A.Spellings = {"Rel32", "Rel8"};
      P.Operands.push_back(A);
      continue;
    }
    A.Spellings.push_back(ImmBits ? "I" + std::to_string(ImmBits)
                                  : std::string("I32")); // symbolic
    P.Operands.push_back(A);
  }
  // Shift/rotate by one (SHL64r1): uops.info spells the implicit 1.
  if (OpName.ends_with("r1") || OpName.ends_with("m1"))
    P.Operands.push_back(OperandAlt{{"1"}});

  // Mnemonic variants, best first.
  std::string Base = P.Mnemonic;
  StringRef CmpBase = predicateCompareBase(OpName);
  if (!CmpBase.empty() && Base != CmpBase) {
    // "cmpltps xmm0, xmm1" is CMPPS (XMM, XMM, I8) with predicate 1.
    Base = CmpBase.str();
    P.Operands.push_back(OperandAlt{{"I8"}});
  }
  if (isStringOp(Base) && none_of(P.Operands, [](const OperandAlt &A) {
        return A.Spellings[0] == "XMM";
      }))
    P.Operands.clear(); // MOVSQ, STOSB_REPE: operands implied
  if (Info.CondCode >= 0) {
    StringRef CC = cond::xedName(Info.CondCode);
    if (StringRef(Base).starts_with("J"))
      Base = ("J" + CC).str();
    else if (StringRef(Base).starts_with("SET"))
      Base = ("SET" + CC).str();
    else if (StringRef(Base).starts_with("CMOV"))
      Base = ("CMOV" + CC).str();
  }
  if (OpName.starts_with("FARCALL") || OpName.starts_with("FARJMP"))
    Base += "_FAR"; // lcall/ljmp: never the near variants
  else if (Base == "CALL")
    Base = "CALL_NEAR";
  else if (Base == "RET")
    Base = "RET_NEAR";
  else if (Base == "MOVABS")
    Base = "MOV";
  else if ((Base == "MOVSD" || Base == "CMPSD") && !P.Operands.empty() &&
           (P.Operands[0].Spellings[0] == "XMM" ||
            (P.Operands.size() > 1 && P.Operands[1].Spellings[0] == "XMM")))
    Base += "_XMM";
  if (Base == "LEA" && Info.Mem) {
    Base = "LEA_" + leaForm(*Info.Mem, Sem);
    if (P.Operands.size() == 2)
      P.Operands.pop_back(); // uops.info lists only the destination
  }
  if (Base == "IMUL" && P.Operands.size() == 3 && !P.HasMemory) {
    // Three-operand imul with a register source: IMUL_IMMB/IMMZ.
    bool Imm8 = is_contained(P.Operands[2].Spellings, std::string("I8")) &&
                P.Operands[2].Spellings[0] == "I8";
    Base = Imm8 ? "IMUL_IMMB" : "IMUL_IMMZ";
  }
  if (Base == "XCHG" && P.Operands.size() == 2 && P.Operands[0].Implied &&
      !P.Operands[1].Implied)
    // xchg eax, ecx (90+r): uops.info puts the implied accumulator last,
    // XCHG (R32, EAX). The exchange is symmetric.
    std::swap(P.Operands[0], P.Operands[1]);
  if ((Base == "SHLD" || Base == "SHRD") && P.Operands.size() == 3)
    Base += P.Operands[2].Spellings[0] == "CL" ? "_CL" : "_IMMB";

  SmallVector<std::string, 8> Mnemonics;
  std::string Suffix;
  if (P.Rounding)
    Suffix += "_ER";
  if (P.SAE)
    Suffix += "_SAE";
  if (P.ZeroMask)
    Suffix += "_Z";
  std::string Prefix;
  for (const std::string &Pr : P.Prefixes) {
    if (Pr == "LOCK")
      Prefix = "_LOCK";
    else if (Pr == "REP" || Pr == "REPE" || Pr == "REPZ")
      Prefix = "_REPE";
    else if (Pr == "REPNE" || Pr == "REPNZ")
      Prefix = "_REPNE";
  }
  std::string OpSuffix = opcodeSuffix(Bytes);
  if (OpSuffix.empty())
    OpSuffix = vexOpcodeSuffix(Bytes);
  std::string EvexOp;
  if (isEVEX(Bytes)) {
    // uops.info marks EVEX encodings of instructions that also have a VEX
    // encoding with _EVEX (VADDPD_EVEX (XMM, XMM, XMM)), sometimes with the
    // opcode byte (VPEXTRW_C5_EVEX); forms only EVEX can express (ZMM, a
    // mask, embedded rounding) go without it. A table without the EVEX row
    // (Skylake client has no AVX-512) falls back to the VEX row of the same
    // instruction and operands below.
    Mnemonics.push_back(Base + "_EVEX" + Suffix);
    EvexOp = evexOpcodeSuffix(Bytes);
    if (!EvexOp.empty())
      Mnemonics.push_back(Base + "_" + EvexOp + "_EVEX" + Suffix);
  }
  if (!Prefix.empty())
    Mnemonics.push_back(Base + Prefix);
  // A lock prefix, or a rep prefix on a string instruction, makes another
  // instruction: never fall back to the plain variant (xchg with memory is
  // locked anyway). Other rep prefixes ("rep ret") have no effect.
  bool PrefixRequired =
      (Prefix == "_LOCK" && Base != "XCHG") ||
      (!Prefix.empty() && Prefix != "_LOCK" && isStringOp(Base));
  if (!PrefixRequired) {
    if (!OpSuffix.empty())
      Mnemonics.push_back(Base + Suffix + "_" + OpSuffix);
    Mnemonics.push_back(Base + Suffix);
    if (!EvexOp.empty() && Suffix.empty())
      Mnemonics.push_back(Base + "_" + EvexOp);    // the VEX row, VMOVAPS_28
    if (!OpSuffix.empty() && OpSuffix.size() == 4) // MOVSD_XMM_0F10 style
      Mnemonics.push_back(Base + "_" + OpSuffix);
    if (P.FirstR8lEncoding >= 0 && Suffix.empty()) {
      // The uops.info exports list r/m8 forms with an immediate or 1 (80 /r,
      // C0 /r, D0 /r, F6 /0) only as two variants, _R0 and _R4 (TEST_R0
      // (R8l, I8)). Taken here as registers 0-3 and 4-15 (which need REX);
      // the two rows agree on the CPUs LoopUArch models (docs/coverage.md).
      bool Low = P.FirstR8lEncoding < 4;
      Mnemonics.push_back(Base + (Low ? "_R0" : "_R4"));
      Mnemonics.push_back(Base + (Low ? "_R4" : "_R0"));
    }
  }

  // Cartesian product of operand alternatives (bounded: few alternatives).
  std::vector<std::string> Sigs = {""};
  for (unsigned I = 0; I < P.Operands.size(); ++I) {
    std::vector<std::string> Next;
    for (const std::string &S : Sigs)
      for (const std::string &Sp : P.Operands[I].Spellings)
        Next.push_back(Sp.empty() ? S : S.empty() ? Sp : S + ", " + Sp);
    Sigs = std::move(Next);
    if (Sigs.size() > 64)
      Sigs.resize(64);
  }
  for (const std::string &M : Mnemonics)
    for (const std::string &S : Sigs)
      Out.push_back(S.empty() ? M : M + " (" + S + ")");
  return Out;
}

const UopsInfoEntry *UopsInfoMatcher::match(const MCInst &Inst,
                                            const InstrTable &T,
                                            std::string *Tried) const {
  std::string Text;
  return match(
      Inst, T, Sem.analyze(Inst),
      [&]() -> StringRef { return Text = TC.print(Inst, /*Intel=*/1); },
      Tried);
}

const UopsInfoEntry *UopsInfoMatcher::match(const MCInst &Inst,
                                            const InstrTable &T,
                                            const X86InstrInfo &Info,
                                            function_ref<StringRef()> IntelText,
                                            std::string *Tried) const {
  return match(Inst, T, Info, TC.encode(Inst), IntelText, Tried);
}

const UopsInfoEntry *UopsInfoMatcher::match(const MCInst &Inst,
                                            const InstrTable &T,
                                            const X86InstrInfo &Info,
                                            ArrayRef<char> Bytes,
                                            function_ref<StringRef()> IntelText,
                                            std::string *Tried) const {
  SmallString<96> Key;
  shapeKey(Inst, Info, Bytes, Key);
  const InstrTable *TP = &T;
  const char *TableBytes = reinterpret_cast<const char *>(&TP);
  Key.append(TableBytes, TableBytes + sizeof(TP));
  auto [It, Inserted] = Memo.try_emplace(Key);
  MemoEntry &M = It->second;
  if (!Inserted) {
    ++Hits;
    if (Tried)
      *Tried = M.Tried;
    return M.Entry;
  }
  std::vector<std::string> Cands = candidates(Inst, Info, IntelText(), Bytes);
  M.Tried = Cands.empty() ? std::string() : Cands.front();
  if (Tried)
    *Tried = M.Tried;
  for (const std::string &C : Cands)
    if ((M.Entry = T.lookup(C)))
      break;
  return M.Entry;
}

void UopsInfoMatcher::shapeKey(const MCInst &Inst, const X86InstrInfo &Info,
                               ArrayRef<char> Bytes,
                               SmallVectorImpl<char> &K) const {
  K.clear();
  auto Put = [&K](uint64_t V) { appendKeyWord(K, V); };
  auto PutStr = [&K](StringRef S) {
    K.push_back(char(S.size()));
    K.append(S.begin(), S.end());
  };
  appendOpcodeKey(K, Inst);
  // What candidates() reads from the encoding.
  PutStr(opcodeSuffix(Bytes));
  PutStr(vexOpcodeSuffix(Bytes));
  PutStr(evexOpcodeSuffix(Bytes));
  K.push_back(isEVEX(Bytes) ? 'E' : '-');
  if (Info.IsBranch)
    Put(Bytes.size()); // Rel8 / Rel32 first
  const MCRegisterInfo &MRI = TC.regInfo();
  auto PutReg = [&](MCRegister Reg) {
    RegUnit U = Sem.unitOf(Reg);
    bool Generic = isGPRUnit(U) || isVecUnit(U) ||
                   (U >= regunit::FirstMask && U < regunit::CF) ||
                   (U >= regunit::FirstMMX && U < regunit::Count);
    if (!Reg || !Generic || is_contained(ExactRegs, Reg.id())) {
      K.push_back('r');
      Put(Reg.id());
      return;
    }
    // The class as candidates() spells it (R64, R8h, R8l with its R0 / R4
    // half, XMM/YMM/ZMM, K, MM).
    K.push_back('c');
    K.push_back(isGPRUnit(U)      ? 'g'
                : isVecUnit(U)    ? 'v'
                : U < regunit::CF ? 'k'
                                  : 'm');
    unsigned Bits = Sem.regBits(Reg);
    Put(Bits);
    if (Bits == 8)
      K.push_back(Sem.isHighByteReg(Reg)            ? 'h'
                  : MRI.getEncodingValue(Reg) < 4 ? '0'
                                                  : '4');
  };
  for (unsigned I = 0, E = Inst.getNumOperands(); I != E; ++I) {
    const MCOperand &MO = Inst.getOperand(I);
    bool IsDisp = Info.Mem && I == Info.Mem->dispOperand();
    if (MO.isReg()) {
      PutReg(MO.getReg());
    } else if (MO.isImm() && IsDisp) {
      // Only LEA forms read the displacement: none, 8-bit or 32-bit.
      int64_t D = MO.getImm();
      K.push_back(D == 0 ? 'z' : fitsSigned(D, 8) ? 'b' : 'w');
    } else {
      appendValueOperandKey(K, MO);
    }
  }
}

} // namespace luarch
