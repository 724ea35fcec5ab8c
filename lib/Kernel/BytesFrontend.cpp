//===- BytesFrontend.cpp - Kernels from raw machine code -----------------===//
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace luarch {

/// MCInst flag of an x86 lock prefix (X86::IP_HAS_LOCK in LLVM's
/// X86BaseInfo.h, not an installed header). kernelFromBytes checks that the
/// printer shows it before relying on it.
static constexpr unsigned X86LockPrefixFlag = 1u << 4;

static Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "%s", Msg.str().c_str());
}

/// A short, printable excerpt of \p S for messages.
static std::string excerpt(StringRef S) {
  std::string E = S.take_front(40).str();
  if (S.size() > 40)
    E += "...";
  return E;
}

Expected<std::vector<uint8_t>> parseHex(StringRef Hex) {
  std::vector<uint8_t> Out;
  Out.reserve(Hex.size() / 2);
  auto IsSeparator = [](char C) { return C == ',' || isSpace(C); };
  size_t I = 0, N = Hex.size();
  while (I < N) {
    if (IsSeparator(Hex[I])) {
      ++I;
      continue;
    }
    // One group: [0x]hexdigits, up to the next separator.
    size_t Begin = I;
    if (I + 1 < N && Hex[I] == '0' && (Hex[I + 1] == 'x' || Hex[I + 1] == 'X'))
      I += 2;
    size_t Digits = I;
    while (I < N && !IsSeparator(Hex[I])) {
      if (!isHexDigit(Hex[I]))
        return makeError("invalid hex digit '" + Twine(Hex[I]) +
                         "' at offset " + Twine(I) + " in '" + excerpt(Hex) +
                         "'");
      ++I;
    }
    size_t Count = I - Digits;
    if (Count == 0)
      return makeError("'0x' without hex digits at offset " + Twine(Begin) +
                       " in '" + excerpt(Hex) + "'");
    if (Count % 2)
      return makeError("odd number of hex digits in '" +
                       excerpt(Hex.slice(Begin, I)) + "' at offset " +
                       Twine(Begin));
    for (size_t D = Digits; D < I; D += 2)
      Out.push_back(static_cast<uint8_t>(hexDigitValue(Hex[D]) * 16 +
                                         hexDigitValue(Hex[D + 1])));
  }
  return Out;
}

Expected<Kernel> kernelFromBytes(const TargetContext &TC,
                                 ArrayRef<uint8_t> Bytes, StringRef Name) {
  if (Bytes.empty())
    return makeError("no machine code to decode");
  Kernel K;
  K.Name = Name.str();
  K.Loc.File = Name.str();
  K.Loc.HasAddress = true;
  K.Loc.Address = 0;
  K.Shape = KernelShape::Unrolled;
  const MCDisassembler &Dis = TC.disassembler();
  auto DecodeAt = [&](uint64_t Off, MCInst &Inst, uint64_t &Size) {
    return Dis.getInstruction(Inst, Size, Bytes.drop_front(Off), Off,
                              nulls()) == MCDisassembler::Success &&
           Size > 0 && Off + Size <= Bytes.size();
  };
  for (uint64_t Off = 0; Off < Bytes.size();) {
    MCInst Inst;
    uint64_t Size = 0;
    if (!DecodeAt(Off, Inst, Size))
      return makeError("cannot decode byte 0x" +
                       utohexstr(Bytes[Off], /*LowerCase=*/true, 2) +
                       " at offset " + Twine(Off));
    // LLVM's disassembler returns a lock prefix as an instruction of its
    // own; the assembler sets it as a flag of the instruction it prefixes.
    // Fold it into that instruction, so that "f0 ff 07" is one instruction
    // ("lock incl (%rdi)") whichever frontend read it.
    MCInst Next;
    uint64_t NextSize = 0;
    if (TC.instrInfo().getName(Inst.getOpcode()) == "LOCK_PREFIX" &&
        Off + Size < Bytes.size() && DecodeAt(Off + Size, Next, NextSize)) {
      MCInst Locked = Next;
      Locked.setFlags(Next.getFlags() | X86LockPrefixFlag);
      if (StringRef(TC.print(Locked)).starts_with("lock")) {
        Inst = Locked;
        Size += NextSize;
      }
    }
    // At the end of the bytes, LLVM's disassembler returns a prefix with
    // nothing after it as a pseudo-instruction of its own ("rex64",
    // "data16", "rep"): a truncated instruction, not one to time.
    if (Off + Size == Bytes.size() &&
        TC.instrInfo().getName(Inst.getOpcode()).ends_with("_PREFIX"))
      return makeError("the bytes end in a prefix (0x" +
                       utohexstr(Bytes[Off], /*LowerCase=*/true, 2) +
                       " at offset " + Twine(Off) +
                       ") with no instruction after it: truncated?");
    KernelInstr KI;
    KI.Inst = Inst;
    KI.Size = static_cast<unsigned>(Size);
    KI.Text = TC.print(Inst);
    KI.Loc.File = Name.str();
    KI.Loc.HasAddress = true;
    KI.Loc.Address = Off;
    K.Instrs.push_back(std::move(KI));
    Off += Size;
  }
  return K;
}

Expected<std::vector<BHiveBlock>> parseBHiveCSV(StringRef Text,
                                                StringRef Path) {
  std::vector<BHiveBlock> Blocks;
  bool SeenContent = false;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [Line, Tail] = Text.split('\n');
    Text = Tail;
    ++LineNo;
    Line = Line.rtrim("\r");
    if (Line.trim().empty())
      continue;
    auto [First, Rest] = Line.split(',');
    First = First.trim();
    bool IsFirst = !SeenContent;
    SeenContent = true;
    // An empty first field is an empty block (BHive lists one per file:
    // a block that held only its terminating branch).
    auto Bytes = parseHex(First);
    if (Bytes) {
      BHiveBlock B;
      B.Hex = First.str();
      B.Rest = Rest.str();
      B.Line = LineNo;
      Blocks.push_back(std::move(B));
      continue;
    }
    if (IsFirst) {
      // A header ("code,frequency"): its first field is not machine code.
      consumeError(Bytes.takeError());
      continue;
    }
    return makeError(
        Path + ":" + Twine(LineNo) +
        ": error: malformed BHive line: " + toString(Bytes.takeError()));
  }
  return Blocks;
}

Expected<std::vector<BHiveBlock>> readBHiveCSV(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return makeError(Path + ": error: " + Buf.getError().message());
  return parseBHiveCSV((*Buf)->getBuffer(), Path);
}

} // namespace luarch
