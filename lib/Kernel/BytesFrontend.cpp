//===- BytesFrontend.cpp - Kernels from raw machine code -----------------===//
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace luarch {

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
  for (uint64_t Off = 0; Off < Bytes.size();) {
    MCInst Inst;
    uint64_t Size = 0;
    // (A lock prefix comes back folded into the instruction it prefixes.)
    if (!TC.decode(Inst, Size, Bytes.drop_front(Off), Off))
      return makeError("cannot decode byte 0x" +
                       utohexstr(Bytes[Off], /*LowerCase=*/true, 2) +
                       " at offset " + Twine(Off));
    // LLVM's disassembler returns a prefix as a pseudo-instruction of its
    // own ("rex64", "data16", "rep", "lock") at the end of the bytes, and a
    // lock before another lock: a truncated instruction, or a prefix
    // repeated (the Intel SDM calls that unpredictable), not one to time.
    if (TC.instrInfo().getName(Inst.getOpcode()).ends_with("_PREFIX")) {
      std::string Where = "0x" +
                          utohexstr(Bytes[Off], /*LowerCase=*/true, 2) +
                          " at offset " + std::to_string(Off);
      if (Off + Size == Bytes.size())
        return makeError("the bytes end in a prefix (" + Where +
                         ") with no instruction after it: truncated?");
      return makeError("the prefix '" + TC.print(Inst) + "' (" + Where +
                       ") stands apart from the instruction after it (a "
                       "repeated prefix?)");
    }
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
