//===- ObjectFrontend.cpp - Kernels from object files --------------------===//
#include "luarch/Kernel/ObjectFrontend.h"
#include "luarch/Kernel/TargetContext.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace llvm;

namespace luarch {

bool isObjectFile(StringRef Buffer) {
  switch (identify_magic(Buffer)) {
  case file_magic::elf_relocatable:
  case file_magic::elf_executable:
  case file_magic::elf_shared_object:
  case file_magic::coff_object:
  case file_magic::pecoff_executable:
  case file_magic::macho_object:
  case file_magic::macho_executable:
  case file_magic::macho_dynamically_linked_shared_lib:
    return true;
  default:
    return false;
  }
}

Error disassembleInto(const TargetContext &TC, ArrayRef<uint8_t> Bytes,
                      uint64_t Address, CodeStream &Out, bool SkipInvalid) {
  const MCInstrAnalysis *MIA = TC.instrAnalysis();
  for (uint64_t Off = 0; Off < Bytes.size();) {
    MCInst Inst;
    uint64_t Size = 0;
    ArrayRef<uint8_t> Rest = Bytes.drop_front(Off);
    uint64_t Addr = Address + Off;
    // (A lock prefix comes back folded into the instruction it prefixes,
    // as an assembly file's "lock incl (%rdi)" is one instruction.)
    bool OK = TC.decode(Inst, Size, Rest, Addr);
    CodeEvent E;
    E.Loc.File = Out.FileName;
    E.Loc.HasAddress = true;
    E.Loc.Address = Addr;
    E.Address = Addr;
    bool IACATail = Rest.size() >= 3 && Rest[0] == 0x64 && Rest[1] == 0x67 &&
                    Rest[2] == 0x90;
    if (!OK || IACATail) {
      if (!OK && !SkipInvalid)
        return createStringError(
            inconvertibleErrorCode(),
            "%s: error: cannot decode the instruction at offset %llu (byte "
            "0x%02x)",
            Out.FileName.c_str(), (unsigned long long)Off, Rest[0]);
      E.K = CodeEvent::Data;
      size_t N = IACATail ? 3 : 1;
      E.Bytes.assign(Rest.begin(), Rest.begin() + N);
      Out.Events.push_back(std::move(E));
      Off += N;
      continue;
    }
    E.K = CodeEvent::Instr;
    E.Inst = Inst;
    E.Size = Size;
    E.Text = TC.print(Inst);
    uint64_t Target;
    if (MIA && MIA->evaluateBranch(Inst, Addr, Size, Target))
      E.BranchTarget = Target;
    Out.Events.push_back(std::move(E));
    Off += Size;
  }
  return Error::success();
}

/// LLVM's ELF symbol iterator trusts the symbol table's sh_size: a corrupt
/// size makes it walk billions of entries past the end of the file. ELFFile
/// checks a table's offset, size and entry size against the file when asked
/// for its contents; ask before iterating. (COFF and Mach-O readers check
/// their symbol tables when the file is opened.)
template <class ELFT>
static Error checkSymbolTables(const object::ELFObjectFile<ELFT> &Obj) {
  const object::ELFFile<ELFT> &File = Obj.getELFFile();
  auto Sections = File.sections();
  if (!Sections)
    return Sections.takeError();
  for (const typename ELFT::Shdr &Sec : *Sections)
    if (Sec.sh_type == ELF::SHT_SYMTAB || Sec.sh_type == ELF::SHT_DYNSYM)
      if (auto Symbols = File.symbols(&Sec); !Symbols)
        return Symbols.takeError();
  return Error::success();
}

static Error checkSymbolTables(const object::ObjectFile &Obj) {
  if (const auto *E = dyn_cast<object::ELF64LEObjectFile>(&Obj))
    return checkSymbolTables(*E);
  if (const auto *E = dyn_cast<object::ELF32LEObjectFile>(&Obj))
    return checkSymbolTables(*E);
  return Error::success();
}

Expected<AsmKernels> parseObjectKernels(const TargetContext &TC,
                                        MemoryBufferRef Buffer,
                                        const AsmParseOptions &Opts) {
  auto ObjOr = object::ObjectFile::createObjectFile(Buffer);
  if (!ObjOr)
    return createStringError(inconvertibleErrorCode(), "%s: error: %s",
                             Buffer.getBufferIdentifier().str().c_str(),
                             toString(ObjOr.takeError()).c_str());
  object::ObjectFile &Obj = **ObjOr;
  if (Obj.getArch() != Triple::x86_64)
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: not an x86-64 object file",
                             Buffer.getBufferIdentifier().str().c_str());

  std::string FileName = Buffer.getBufferIdentifier().str();
  auto Corrupt = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: corrupt object file: %s",
                             FileName.c_str(), Why.str().c_str());
  };
  if (Error E = checkSymbolTables(Obj))
    return Corrupt(toString(std::move(E)));

  CodeStream Stream;
  Stream.FileName = FileName;
  // Symbols become labels at their addresses, per section (one pass over
  // the symbol table). No format stores a symbol in fewer than 12 bytes, so
  // more symbols than that is a table running past the file's end.
  std::map<uint64_t, std::multimap<uint64_t, std::string>> LabelsOfSection;
  const uint64_t MaxSymbols = Buffer.getBufferSize() / 12 + 1;
  uint64_t NumSymbols = 0;
  for (const object::SymbolRef &Sym : Obj.symbols()) {
    if (++NumSymbols > MaxSymbols)
      return Corrupt("the symbol table holds more symbols than the file's " +
                     Twine(Buffer.getBufferSize()) + " bytes can");
    auto SecIt = Sym.getSection();
    auto Name = Sym.getName();
    auto Addr = Sym.getAddress();
    auto Type = Sym.getType();
    if (!SecIt || !Name || !Addr || !Type || *SecIt == Obj.section_end() ||
        Name->empty()) {
      consumeError(SecIt.takeError());
      consumeError(Name.takeError());
      consumeError(Addr.takeError());
      consumeError(Type.takeError());
      continue;
    }
    LabelsOfSection[(*SecIt)->getIndex()].insert({*Addr, Name->str()});
    if (*Type == object::SymbolRef::ST_Function)
      Stream.FunctionSymbols.insert(*Name);
  }

  for (const object::SectionRef &Sec : Obj.sections()) {
    if (!Sec.isText() || Sec.getSize() == 0)
      continue;
    auto Contents = Sec.getContents();
    if (!Contents)
      return Corrupt(toString(Contents.takeError()));
    uint64_t Base = Sec.getAddress();
    const std::multimap<uint64_t, std::string> &Labels =
        LabelsOfSection[Sec.getIndex()];
    CodeStream Sub;
    Sub.FileName = Stream.FileName;
    ArrayRef<uint8_t> Bytes(reinterpret_cast<const uint8_t *>(Contents->data()),
                            Contents->size());
    if (Error E = disassembleInto(TC, Bytes, Base, Sub, /*SkipInvalid=*/true))
      return std::move(E);
    for (CodeEvent &E : Sub.Events) {
      auto [Lo, Hi] = Labels.equal_range(*E.Address);
      for (auto It = Lo; It != Hi; ++It) {
        CodeEvent L;
        L.K = CodeEvent::Label;
        L.Text = It->second;
        L.Loc = E.Loc;
        L.Address = E.Address;
        Stream.Events.push_back(std::move(L));
      }
      Stream.Events.push_back(std::move(E));
    }
  }
  return extractKernels(Stream, TC, Opts.MaxKernelInstrs);
}

} // namespace luarch
