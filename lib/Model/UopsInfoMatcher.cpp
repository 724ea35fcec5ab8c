//===- UopsInfoMatcher.cpp - MCInst → uops.info instruction variant ------===//
#include "luarch/Model/UopsInfoMatcher.h"
#include "luarch/Kernel/TargetContext.h"

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
}

namespace {

/// One operand of the Intel-syntax spelling, classified.
struct OperandAlt {
  /// Alternatives for this operand's uops.info spelling, best first.
  SmallVector<std::string, 4> Spellings;
};

struct ParsedIntel {
  std::string Mnemonic;             // upper case, without prefixes
  SmallVector<std::string, 2> Prefixes; // "LOCK", "REP", "REPNE"
  SmallVector<OperandAlt, 4> Operands;
  bool ZeroMask = false;
  bool Rounding = false; // {rn-sae} etc.
  bool SAE = false;
  bool HasMemory = false;
  std::string LEAForm; // "B_IS_D8" for lea
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
  StringRef BaseName =
      HasBase ? Sem.regInfo().getName(M.Base) : StringRef();
  bool BPLike = BaseName == "RBP" || BaseName == "EBP" ||
                BaseName == "R13" || BaseName == "R13D";
  if (!HasBase || M.SymbolicDisp)
    Parts.push_back("D32");
  else if (M.Disp != 0 || BPLike)
    Parts.push_back(fitsSigned(M.Disp, 8) ? "D8" : "D32");
  return join(Parts, "_");
}

} // namespace

std::vector<std::string>
UopsInfoMatcher::candidates(const MCInst &Inst) const {
  std::vector<std::string> Out;
  const MCInstrDesc &Desc = TC.instrInfo().get(Inst.getOpcode());
  StringRef OpName = TC.instrInfo().getName(Inst.getOpcode());
  X86InstrInfo Info = Sem.analyze(Inst);
  std::string Text = TC.print(Inst, /*Intel=*/1);
  SmallVector<char, 16> Bytes = TC.encode(Inst);

  // Split off prefixes and the mnemonic.
  ParsedIntel P;
  StringRef Rest = StringRef(Text).trim();
  while (true) {
    auto [Word, Tail] = Rest.split(' ');
    std::string W = Word.upper();
    if (W == "LOCK" || W == "REP" || W == "REPE" || W == "REPZ" ||
        W == "REPNE" || W == "REPNZ" || W == "DATA16" || W == "NOTRACK" ||
        W == "{VEX}" || W == "{EVEX}" || W == "{VEX3}") {
      P.Prefixes.push_back(W);
      Rest = Tail.trim();
      continue;
    }
    P.Mnemonic = W;
    Rest = Tail.trim();
    break;
  }

  // Classify operands.
  SmallVector<std::string, 4> Ops = splitOperands(Rest);
  unsigned ImplicitFixed = 0;
  for (unsigned I = 0; I < Ops.size(); ++I) {
    StringRef O = Ops[I];
    OperandAlt A;
    bool InsertMaskAfter = false;
    // Decorations: "{k1}", "{z}", "{rn-sae}", "{sae}".
    while (O.ends_with("}") && !O.contains("ptr")) {
      size_t L = O.rfind('{');
      StringRef Deco = O.slice(L + 1, O.size() - 1);
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
    if (O.starts_with("{") && O.ends_with("}")) {
      // A standalone rounding operand ("{rn-sae}").
      StringRef Deco = O.drop_front().drop_back();
      if (Deco == "sae")
        P.SAE = true;
      else
        P.Rounding = true;
      continue;
    }
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
      else if (Bits)
        A.Spellings.push_back("M" + std::to_string(Bits));
      else
        A.Spellings.push_back("MEM");
      P.Operands.push_back(A);
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
      else if (U >= regunit::FirstX87 && U < regunit::FirstMMX)
        Generic = Name == "ST(0)" || Name == "ST" ? "ST(0)" : "ST(i)";
      else
        Generic = Name; // segment, control registers: spelled by name
      // Fixed-register spellings (AL, CL, EAX, RAX, DX, XMM0...) are preferred
      // when the register is implied by the encoding.
      static const char *const Fixed[] = {"AL", "AX", "EAX", "RAX", "CL",
                                          "DX", "XMM0"};
      bool IsFixedName = is_contained(Fixed, StringRef(Name));
      bool Implied = false;
      for (MCPhysReg R : Desc.implicit_uses())
        Implied |= R == Reg.id();
      for (MCPhysReg R : Desc.implicit_defs())
        Implied |= R == Reg.id();
      if (IsFixedName && Implied) {
        A.Spellings.push_back(Name);
        A.Spellings.push_back(Generic);
        ++ImplicitFixed;
      } else if (IsFixedName) {
        A.Spellings.push_back(Generic);
        A.Spellings.push_back(Name);
      } else {
        A.Spellings.push_back(Generic);
      }
      P.Operands.push_back(A);
      if (InsertMaskAfter)
        P.Operands.push_back(OperandAlt{{"K"}});
      continue;
    }
    // Immediate (possibly negative or hex).
    int64_t V = 0;
    StringRef Num = O;
    bool Neg = Num.consume_front("-");
    if (!Num.getAsInteger(0, V)) {
      if (Neg)
        V = -V;
      for (unsigned Bits : {8u, 16u, 32u, 64u})
        if (fitsSigned(V, Bits) || fitsUnsigned(V, Bits))
          A.Spellings.push_back("I" + std::to_string(Bits));
      if (V == 0)
        A.Spellings.push_back("0");
      if (V == 1)
        A.Spellings.push_back("1");
      P.Operands.push_back(A);
      continue;
    }
    // Branch targets and other symbols: relative displacement.
    if (Info.IsBranch) {
      A.Spellings = {"Rel8", "Rel32"};
      unsigned Size = Bytes.size();
      if (Size >= 5 || (Size == 6 && Info.IsConditionalBranch))
        A.Spellings = {"Rel32", "Rel8"};
      P.Operands.push_back(A);
      continue;
    }
    A.Spellings.push_back("I32"); // symbolic immediate
    P.Operands.push_back(A);
  }
  // Shift/rotate by one (SHL64r1): uops.info spells the implicit 1.
  if (OpName.ends_with("r1") || OpName.ends_with("m1"))
    P.Operands.push_back(OperandAlt{{"1"}});
  (void)ImplicitFixed;

  // Mnemonic variants, best first.
  std::string Base = P.Mnemonic;
  if (Info.CondCode >= 0) {
    StringRef CC = cond::xedName(Info.CondCode);
    if (StringRef(Base).starts_with("J"))
      Base = ("J" + CC).str();
    else if (StringRef(Base).starts_with("SET"))
      Base = ("SET" + CC).str();
    else if (StringRef(Base).starts_with("CMOV"))
      Base = ("CMOV" + CC).str();
  }
  if (Base == "CALL")
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
  if (isEVEX(Bytes)) {
    Mnemonics.push_back(Base + "_EVEX" + Suffix);
    if (!Suffix.empty())
      Mnemonics.push_back(Base + "_EVEX" + Suffix.substr(0, 3));
  }
  if (!Prefix.empty())
    Mnemonics.push_back(Base + Prefix);
  if (!OpSuffix.empty())
    Mnemonics.push_back(Base + Suffix + "_" + OpSuffix);
  Mnemonics.push_back(Base + Suffix);
  if (!OpSuffix.empty() && OpSuffix.size() == 4) // MOVSD_XMM_0F10 style
    Mnemonics.push_back(Base + "_" + OpSuffix);

  // Cartesian product of operand alternatives (bounded: few alternatives).
  std::vector<std::string> Sigs = {""};
  for (unsigned I = 0; I < P.Operands.size(); ++I) {
    std::vector<std::string> Next;
    for (const std::string &S : Sigs)
      for (const std::string &Sp : P.Operands[I].Spellings)
        Next.push_back(S.empty() && I == 0 ? Sp : S + ", " + Sp);
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
  std::vector<std::string> Cands = candidates(Inst);
  if (Tried)
    *Tried = Cands.empty() ? std::string() : Cands.front();
  for (const std::string &C : Cands)
    if (const UopsInfoEntry *E = T.lookup(C))
      return E;
  return nullptr;
}

} // namespace luarch
