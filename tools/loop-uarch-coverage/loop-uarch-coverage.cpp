//===- loop-uarch-coverage.cpp - uops.info coverage of a corpus ----------===//
//
// loop-uarch-coverage [-mcpu=cpu1,cpu2,...] [--top=N] [--json] inputs...
//
// For every CPU, decodes every instruction occurrence of a corpus (.s files,
// BHive-format hex CSV files, or directories of CSV files) and reports which
// share the uops.info tables cover: exactly (DecodeSource::UopsInfo), in part
// (UopsInfoPartial: an AMD row without port data), or not at all (LLVM's
// scheduling model as fallback, or unsupported), with the most frequent
// unmatched opcodes and the uops.info name the matcher tried for them.
// See docs/coverage.md.
//
//===----------------------------------------------------------------------===//
#include "luarch/Config/Version.h"
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/InstKey.h"
#include "luarch/Model/InstrTable.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Model/UopsInfoMatcher.h"
#include "luarch/Model/X86Semantics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <thread>

using namespace llvm;
using namespace luarch;

static cl::OptionCategory Cat("loop-uarch-coverage options");

static cl::list<std::string>
    Inputs(cl::Positional, cl::OneOrMore,
           cl::desc("<.s files, BHive CSV files (hex,freq) or directories "
                    "of CSV files>"),
           cl::cat(Cat));
static cl::list<std::string>
    CPUs("mcpu", cl::CommaSeparated,
         cl::desc("CPUs to report (LLVM -mcpu names, comma separated; "
                  "default: skylake,cascadelake,haswell,icelake-server,"
                  "znver3; CPUs without a LoopUArch description are skipped)"),
         cl::value_desc("cpu1,cpu2,..."), cl::cat(Cat));
static cl::list<std::string> Tables(
    "uops-table", cl::CommaSeparated,
    cl::desc("Also match against these uops.info tables directly, without a "
             "machine model (e.g. haswell,zen3): the matcher's coverage"),
    cl::value_desc("table1,..."), cl::cat(Cat));
static cl::opt<unsigned> Top("top",
                             cl::desc("Unmatched opcodes to list per CPU"),
                             cl::init(20), cl::cat(Cat));
static cl::opt<bool> JSON("json", cl::desc("Print JSON instead of text"),
                          cl::cat(Cat));
static cl::opt<bool> DumpMatches(
    "dump-matches", cl::Hidden,
    cl::desc("Print every distinct (LLVM opcode, uops.info variant) pair "
             "with its count and an example, to review the matcher"));
static cl::opt<unsigned>
    Jobs("j", cl::desc("CPUs to process in parallel (0 = hardware threads)"),
         cl::init(0), cl::cat(Cat));

static const char *const DefaultCPUs[] = {"skylake", "cascadelake", "haswell",
                                          "icelake-server", "znver3"};

namespace {

/// The corpus, independent of the CPU.
struct Corpus {
  /// Distinct BHive blocks in first-seen order, with their occurrences.
  struct Block {
    std::vector<uint8_t> Bytes;
    uint64_t Count = 0;
    std::string Where; ///< "file:line" of the first occurrence
  };
  std::vector<Block> Blocks;
  uint64_t NumBlockOccurrences = 0;
  /// Occurrences of empty blocks (no instructions: BHive lists blocks that
  /// held only their terminating branch).
  uint64_t NumEmptyBlocks = 0;
  unsigned NumCSVFiles = 0;
  struct AsmFile {
    std::string Path;
    std::string Text;
  };
  std::vector<AsmFile> AsmFiles;
};

/// Coverage of one CPU (or one bare uops.info table).
struct Coverage {
  std::string CPU;
  std::string Table;
  bool TableOnly = false;
  uint64_t Total = 0, Exact = 0, Partial = 0, Fallback = 0, Unsupported = 0;
  /// Matched in the table, but the decoder could not use the row (e.g. a
  /// port name the machine model does not know) and fell back.
  uint64_t RejectedRows = 0;
  uint64_t FailedBlocks = 0, FailedDistinctBlocks = 0;
  std::vector<std::string> FailureExamples;
  unsigned FailedAsmFiles = 0;
  struct Unmatched {
    std::string Opcode;
    uint64_t Count = 0;
    uint64_t BestCount = 0; ///< occurrences of the example below
    std::string Example;    ///< AT&T text of its most frequent instance
    std::string Tried;      ///< best uops.info candidate for that instance
    std::string Source;     ///< "llvm-sched-model" / "unsupported" / ...
  };
  std::vector<Unmatched> TopUnmatched;
  uint64_t DistinctUnmatchedOpcodes = 0;
  /// --dump-matches: "opcode -> variant" with count and example.
  std::map<std::string, std::pair<uint64_t, std::string>> Matches;

  uint64_t matched() const { return Exact + Partial; }
};

/// A key for an MCInst's opcode, prefix flags (lock, rep) and operands
/// (symbolic operands compare equal: they decode the same).
std::string instKey(const MCInst &Inst) {
  std::string K;
  K.reserve(16 + Inst.getNumOperands() * 9);
  appendExactInstKey(K, Inst);
  return K;
}

Error loadInputs(Corpus &C) {
  StringMap<size_t> BlockIndex;
  auto AddCSV = [&](StringRef Path) -> Error {
    auto Rows = readBHiveCSV(Path);
    if (!Rows)
      return Rows.takeError();
    ++C.NumCSVFiles;
    for (const BHiveBlock &B : *Rows) {
      ++C.NumBlockOccurrences;
      if (B.Hex.empty()) {
        ++C.NumEmptyBlocks;
        continue;
      }
      auto [It, New] = BlockIndex.try_emplace(B.Hex, C.Blocks.size());
      if (New) {
        Corpus::Block Blk;
        auto Bytes = parseHex(B.Hex);
        if (!Bytes) // readBHiveCSV already validated the field
          return Bytes.takeError();
        Blk.Bytes = std::move(*Bytes);
        Blk.Where = (Path + ":" + Twine(B.Line)).str();
        C.Blocks.push_back(std::move(Blk));
      }
      ++C.Blocks[It->second].Count;
    }
    return Error::success();
  };
  for (const std::string &In : Inputs) {
    if (sys::fs::is_directory(In)) {
      std::vector<std::string> Files;
      std::error_code EC;
      for (sys::fs::recursive_directory_iterator It(In, EC), End;
           It != End && !EC; It.increment(EC))
        if (sys::path::extension(It->path()).equals_insensitive(".csv") &&
            !sys::fs::is_directory(It->path()))
          Files.push_back(It->path());
      if (EC)
        return createStringError(EC, "%s: error: %s", In.c_str(),
                                 EC.message().c_str());
      if (Files.empty())
        return createStringError(inconvertibleErrorCode(),
                                 "%s: error: directory holds no .csv files",
                                 In.c_str());
      llvm::sort(Files);
      for (const std::string &F : Files)
        if (Error E = AddCSV(F))
          return E;
      continue;
    }
    if (sys::path::extension(In).equals_insensitive(".csv")) {
      if (Error E = AddCSV(In))
        return E;
      continue;
    }
    auto Buf = MemoryBuffer::getFile(In, /*IsText=*/true);
    if (!Buf)
      return createStringError(Buf.getError(), "%s: error: %s", In.c_str(),
                               Buf.getError().message().c_str());
    StringRef Text = (*Buf)->getBuffer();
    bool Binary = any_of(Text.take_front(4096), [](char Ch) {
      unsigned char U = Ch;
      return U == 0 || (U < 32 && U != '\n' && U != '\r' && U != '\t' &&
                        U != '\f' && U != '\v');
    });
    if (Binary)
      return createStringError(inconvertibleErrorCode(),
                               "%s: error: binary data, not assembly text "
                               "(inputs are .s files, BHive .csv files or "
                               "directories of them)",
                               In.c_str());
    C.AsmFiles.push_back({In, Text.str()});
  }
  return Error::success();
}

/// Distinct instructions of the corpus on one TargetContext, with their
/// occurrence counts. The kernels are kept alive for their operands.
struct InstrCensus {
  struct Entry {
    MCInst Inst;
    uint64_t Count = 0;
  };
  std::vector<Entry> Entries;
  StringMap<size_t> Index;
  std::vector<Kernel> AsmKernels; // owners of symbolic operands

  void add(const MCInst &Inst, uint64_t N) {
    auto [It, New] = Index.try_emplace(instKey(Inst), Entries.size());
    if (New)
      Entries.push_back({Inst, 0});
    Entries[It->second].Count += N;
  }
};

const char *const WholeFileRegion = "loop-uarch-coverage-whole-file";

/// Diagnostics "path:N:col: ..." about the text with the added first line,
/// renumbered to the file's own lines.
std::string shiftLineNumbers(StringRef Msg, StringRef Path) {
  std::string Out;
  SmallVector<StringRef, 8> Lines;
  Msg.split(Lines, '\n');
  for (StringRef L : Lines) {
    if (!Out.empty())
      Out += "\n";
    StringRef Rest = L;
    unsigned N = 0;
    if (Rest.consume_front(Path) && Rest.consume_front(":") &&
        !Rest.consumeInteger(10, N) && N > 1 && Rest.starts_with(":")) {
      Out += (Path + ":" + Twine(N - 1) + Rest).str();
      continue;
    }
    Out += L.str();
  }
  return Out;
}

/// Collects every instruction of the corpus; records failures in \p Cov.
InstrCensus takeCensus(TargetContext &TC, const Corpus &C, Coverage &Cov) {
  InstrCensus Census;
  for (const Corpus::Block &B : C.Blocks) {
    auto K = kernelFromBytes(TC, B.Bytes, B.Where);
    if (!K) {
      std::string Msg = toString(K.takeError());
      Cov.FailedBlocks += B.Count;
      ++Cov.FailedDistinctBlocks;
      if (Cov.FailureExamples.size() < 5)
        Cov.FailureExamples.push_back(B.Where + ": " + Msg);
      continue;
    }
    for (const KernelInstr &KI : K->Instrs)
      Census.add(KI.Inst, B.Count);
  }
  for (const Corpus::AsmFile &F : C.AsmFiles) {
    // The whole file is one region: every instruction once, whatever loops
    // or markers it holds (the named region nests around them).
    std::string Text = ("# LLVM-MCA-BEGIN " + Twine(WholeFileRegion) + "\n" +
                        F.Text + "\n# LLVM-MCA-END " + WholeFileRegion + "\n")
                           .str();
    AsmParseOptions Opts;
    Opts.MaxKernelInstrs = ~0u;
    auto Parsed = parseAsmKernels(TC, Text, F.Path, Opts);
    if (!Parsed) {
      ++Cov.FailedAsmFiles;
      std::string Msg = shiftLineNumbers(toString(Parsed.takeError()), F.Path);
      if (Cov.FailureExamples.size() < 5)
        Cov.FailureExamples.push_back(Msg);
      continue;
    }
    for (Kernel &K : Parsed->Kernels) {
      if (K.Name != WholeFileRegion)
        continue;
      for (const KernelInstr &KI : K.Instrs)
        Census.add(KI.Inst, 1);
      Census.AsmKernels.push_back(std::move(K));
    }
  }
  return Census;
}

/// Ranks the unmatched opcodes.
void finishUnmatched(Coverage &Cov,
                     std::map<std::string, Coverage::Unmatched> &ByOpcode) {
  Cov.DistinctUnmatchedOpcodes = ByOpcode.size();
  for (auto &[Op, U] : ByOpcode)
    Cov.TopUnmatched.push_back(std::move(U));
  llvm::stable_sort(Cov.TopUnmatched, [](const Coverage::Unmatched &A,
                                         const Coverage::Unmatched &B) {
    if (A.Count != B.Count)
      return A.Count > B.Count;
    return A.Opcode < B.Opcode;
  });
  if (Cov.TopUnmatched.size() > Top)
    Cov.TopUnmatched.resize(Top);
}

void noteUnmatched(std::map<std::string, Coverage::Unmatched> &ByOpcode,
                   const TargetContext &TC, const UopsInfoMatcher &Matcher,
                   const InstrCensus::Entry &E, StringRef Source) {
  std::string Op = TC.instrInfo().getName(E.Inst.getOpcode()).str();
  Coverage::Unmatched &U = ByOpcode[Op];
  U.Opcode = Op;
  U.Count += E.Count;
  if (E.Count > U.BestCount) {
    U.BestCount = E.Count;
    U.Example = TC.print(E.Inst);
    std::vector<std::string> Cands = Matcher.candidates(E.Inst);
    U.Tried = Cands.empty() ? std::string() : Cands.front();
    U.Source = Source.str();
  }
}

/// Coverage of one CPU through its machine model and UopDecoder.
Expected<Coverage> coverCPU(StringRef CPU, const MachineModel &M,
                            const Corpus &C) {
  Coverage Cov;
  Cov.CPU = CPU.str();
  Cov.Table = M.UopsInfoTable;
  auto TCOr = TargetContext::create("", CPU);
  if (!TCOr)
    return TCOr.takeError();
  TargetContext &TC = **TCOr;
  InstrCensus Census = takeCensus(TC, C, Cov);

  UopDecoder Dec(M, TC);
  UopsInfoMatcher Matcher(TC, Dec.semantics());
  const InstrTable *Table =
      M.UopsInfoTable.empty() ? nullptr : InstrTable::get(M.UopsInfoTable);
  std::map<std::string, Coverage::Unmatched> ByOpcode;
  for (const InstrCensus::Entry &E : Census.Entries) {
    DecodedInstr D = Dec.decode(E.Inst);
    Cov.Total += E.Count;
    if (DumpMatches) {
      auto &Slot = Cov.Matches[(TC.instrInfo().getName(E.Inst.getOpcode()) +
                                " -> " + D.Variant)
                                   .str()];
      if (Slot.second.empty())
        Slot.second = TC.print(E.Inst);
      Slot.first += E.Count;
    }
    switch (D.Source) {
    case DecodeSource::UopsInfo:
      Cov.Exact += E.Count;
      continue;
    case DecodeSource::UopsInfoPartial:
      Cov.Partial += E.Count;
      continue;
    case DecodeSource::LLVMSchedModel:
      Cov.Fallback += E.Count;
      break;
    case DecodeSource::Unsupported:
      Cov.Unsupported += E.Count;
      break;
    }
    std::string Source = decodeSourceName(D.Source).str();
    if (Table && Matcher.match(E.Inst, *Table)) {
      Cov.RejectedRows += E.Count;
      Source += ", row rejected by the decoder";
    }
    noteUnmatched(ByOpcode, TC, Matcher, E, Source);
  }
  finishUnmatched(Cov, ByOpcode);
  return Cov;
}

/// The matcher's coverage of a bare uops.info table (no machine model):
/// exact = a row with port data (or executed at rename), partial = a row
/// without port data.
Expected<Coverage> coverTable(StringRef Name, const Corpus &C) {
  Coverage Cov;
  Cov.CPU = ("table:" + Name).str();
  Cov.Table = Name.str();
  Cov.TableOnly = true;
  const InstrTable *Table = InstrTable::get(Name);
  if (!Table)
    return createStringError(inconvertibleErrorCode(),
                             "no uops.info table '%s' (see lib/Model/Tables)",
                             Name.str().c_str());
  auto TCOr = TargetContext::create("", "x86-64");
  if (!TCOr)
    return TCOr.takeError();
  TargetContext &TC = **TCOr;
  InstrCensus Census = takeCensus(TC, C, Cov);
  X86Semantics Sem(TC.instrInfo(), TC.regInfo());
  UopsInfoMatcher Matcher(TC, Sem);
  std::map<std::string, Coverage::Unmatched> ByOpcode;
  for (const InstrCensus::Entry &E : Census.Entries) {
    Cov.Total += E.Count;
    std::string Tried;
    const UopsInfoEntry *Row = Matcher.match(E.Inst, *Table, &Tried);
    if (DumpMatches) {
      auto &Slot =
          Cov.Matches[(TC.instrInfo().getName(E.Inst.getOpcode()) + " -> " +
                       (Row ? Row->Key.str() : "(none; tried " + Tried + ")"))
                          .str()];
      if (Slot.second.empty())
        Slot.second = TC.print(E.Inst);
      Slot.first += E.Count;
    }
    if (Row && (Row->hasPorts() || Row->Unfused == 0)) {
      Cov.Exact += E.Count;
      continue;
    }
    if (Row) {
      Cov.Partial += E.Count;
      continue;
    }
    Cov.Unsupported += E.Count;
    noteUnmatched(ByOpcode, TC, Matcher, E, "no row");
  }
  finishUnmatched(Cov, ByOpcode);
  return Cov;
}

/// Percentages are truncated, not rounded: "100.00%" means everything and
/// "99.50%" is at least 99.5%.
std::string percent(uint64_t Part, uint64_t Whole) {
  if (!Whole)
    return "0.00";
  uint64_t Hundredths = Part * 10000 / Whole;
  char Buf[32];
  snprintf(Buf, sizeof(Buf), "%llu.%02llu",
           static_cast<unsigned long long>(Hundredths / 100),
           static_cast<unsigned long long>(Hundredths % 100));
  return Buf;
}

void printText(raw_ostream &OS, const Corpus &C, ArrayRef<Coverage> Results) {
  OS << "corpus: " << C.NumCSVFiles << " BHive file(s), "
     << C.NumBlockOccurrences << " blocks (" << C.Blocks.size() << " distinct, "
     << C.NumEmptyBlocks << " empty), " << C.AsmFiles.size()
     << " assembly file(s)\n";
  for (const Coverage &Cov : Results) {
    OS << "\n"
       << Cov.CPU << ": " << percent(Cov.matched(), Cov.Total) << "% matched ("
       << Cov.matched() << " of " << Cov.Total
       << " instructions; uops.info table " << Cov.Table << ")\n";
    auto Row = [&](StringRef What, uint64_t N) {
      OS << "  " << left_justify(What, 28) << right_justify(utostr(N), 10)
         << "  " << right_justify(percent(N, Cov.Total), 6) << "%\n";
    };
    Row("instructions", Cov.Total);
    Row("uops.info exact", Cov.Exact);
    Row("uops.info partial", Cov.Partial);
    if (Cov.TableOnly) {
      Row("no uops.info row", Cov.Unsupported);
    } else {
      Row("LLVM scheduling model", Cov.Fallback);
      Row("unsupported", Cov.Unsupported);
      if (Cov.RejectedRows)
        Row("  of which row rejected", Cov.RejectedRows);
    }
    OS << "  " << left_justify("blocks not disassembled", 28)
       << right_justify(utostr(Cov.FailedBlocks), 10) << "  ("
       << Cov.FailedDistinctBlocks << " distinct)\n";
    if (!C.AsmFiles.empty())
      OS << "  " << left_justify("assembly files not parsed", 28)
         << right_justify(utostr(Cov.FailedAsmFiles), 10) << "\n";
    for (const std::string &F : Cov.FailureExamples)
      OS << "    " << F << "\n";
    if (Cov.TopUnmatched.empty())
      continue;
    OS << "  top unmatched opcodes (" << Cov.TopUnmatched.size() << " of "
       << Cov.DistinctUnmatchedOpcodes << "):\n";
    OS << "    " << right_justify("count", 9) << "  "
       << right_justify("share", 6) << "  " << left_justify("opcode", 20)
       << "  example  =>  tried as [source]\n";
    for (const Coverage::Unmatched &U : Cov.TopUnmatched)
      OS << "    " << right_justify(utostr(U.Count), 9) << "  "
         << right_justify(percent(U.Count, Cov.Total), 5) << "%  "
         << left_justify(U.Opcode, 20) << "  " << U.Example << "  =>  "
         << U.Tried << " [" << U.Source << "]\n";
  }
}

void printJSON(raw_ostream &OS, const Corpus &C, ArrayRef<Coverage> Results,
               ArrayRef<std::pair<std::string, std::string>> Skipped) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attributeObject("corpus", [&] {
      J.attribute("bhive_files", C.NumCSVFiles);
      J.attribute("blocks", C.NumBlockOccurrences);
      J.attribute("distinct_blocks", uint64_t(C.Blocks.size()));
      J.attribute("empty_blocks", C.NumEmptyBlocks);
      J.attribute("asm_files", uint64_t(C.AsmFiles.size()));
    });
    J.attributeArray("cpus", [&] {
      for (const Coverage &Cov : Results)
        J.object([&] {
          J.attribute("cpu", Cov.CPU);
          J.attribute("table", Cov.Table);
          J.attribute("table_only", Cov.TableOnly);
          J.attribute("instructions", Cov.Total);
          J.attribute("exact", Cov.Exact);
          J.attribute("partial", Cov.Partial);
          J.attribute("fallback", Cov.Fallback);
          J.attribute("unsupported", Cov.Unsupported);
          J.attribute("rejected_rows", Cov.RejectedRows);
          // Written as text: two decimals, truncated like the text report.
          J.attributeBegin("matched_percent");
          J.rawValue(percent(Cov.matched(), Cov.Total));
          J.attributeEnd();
          J.attribute("failed_blocks", Cov.FailedBlocks);
          J.attribute("failed_distinct_blocks", Cov.FailedDistinctBlocks);
          J.attribute("failed_asm_files", Cov.FailedAsmFiles);
          J.attributeArray("failures", [&] {
            for (const std::string &F : Cov.FailureExamples)
              J.value(F);
          });
          J.attribute("distinct_unmatched_opcodes",
                      Cov.DistinctUnmatchedOpcodes);
          J.attributeArray("top_unmatched", [&] {
            for (const Coverage::Unmatched &U : Cov.TopUnmatched)
              J.object([&] {
                J.attribute("opcode", U.Opcode);
                J.attribute("count", U.Count);
                J.attribute("example", U.Example);
                J.attribute("tried", U.Tried);
                J.attribute("source", U.Source);
              });
          });
        });
    });
    J.attributeArray("skipped", [&] {
      for (const auto &Skip : Skipped)
        J.object([&] {
          J.attribute("cpu", Skip.first);
          J.attribute("reason", Skip.second);
        });
    });
  });
  OS << "\n";
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "loop-uarch-coverage (LoopUArch) " << LUARCH_VERSION_STRING
       << "\n  built with LLVM " << LUARCH_LLVM_VERSION_STRING << "\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "LoopUArch coverage: the share of a corpus's instruction occurrences "
      "that uops.info's tables cover, per CPU\n");
  const char *Tool = "loop-uarch-coverage";

  Corpus C;
  if (Error E = loadInputs(C)) {
    errs() << toString(std::move(E)) << "\n";
    return 1;
  }

  // Resolve the CPUs; skip (with a note) those LoopUArch does not model.
  std::vector<std::string> Names(CPUs.begin(), CPUs.end());
  bool Explicit = !Names.empty();
  if (!Explicit)
    Names.assign(std::begin(DefaultCPUs), std::end(DefaultCPUs));
  struct Job {
    std::string Name;
    const MachineModel *Model = nullptr; // null: a bare table
  };
  std::vector<Job> Work;
  std::vector<std::pair<std::string, std::string>> Skipped;
  for (const std::string &N : Names) {
    auto M = getMachineModel(N);
    if (!M) {
      std::string Why = toString(M.takeError());
      WithColor::note(errs(), Tool)
          << "skipping '" << N << "': " << Why << "\n";
      Skipped.push_back({N, Why});
      continue;
    }
    Work.push_back({N, &*M});
  }
  for (const std::string &T : Tables)
    Work.push_back({T, nullptr});
  if (Work.empty()) {
    WithColor::error(errs(), Tool) << "no CPU to report\n";
    return 1;
  }

  // One CPU per thread: each has its own TargetContext and decoder.
  std::vector<Coverage> Results(Work.size());
  std::vector<std::string> Errors(Work.size());
  std::atomic<size_t> Next{0};
  auto Worker = [&] {
    for (size_t I; (I = Next++) < Work.size();) {
      const Job &Jb = Work[I];
      Expected<Coverage> R =
          Jb.Model ? coverCPU(Jb.Name, *Jb.Model, C) : coverTable(Jb.Name, C);
      if (R)
        Results[I] = std::move(*R);
      else
        Errors[I] = toString(R.takeError());
    }
  };
  unsigned Threads =
      Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  Threads = std::min<unsigned>(Threads, Work.size());
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < Threads; ++T)
    Pool.emplace_back(Worker);
  Worker();
  for (std::thread &T : Pool)
    T.join();

  std::vector<Coverage> Done;
  int RC = 0;
  for (size_t I = 0; I < Work.size(); ++I) {
    if (!Errors[I].empty()) {
      WithColor::error(errs(), Tool)
          << Work[I].Name << ": " << Errors[I] << "\n";
      RC = 1;
      continue;
    }
    Done.push_back(std::move(Results[I]));
  }
  if (DumpMatches)
    for (const Coverage &Cov : Done)
      for (const auto &[Pair, CountAndExample] : Cov.Matches)
        outs() << Cov.CPU << "\t" << CountAndExample.first << "\t" << Pair
               << "\t" << CountAndExample.second << "\n";
  if (JSON)
    printJSON(outs(), C, Done, Skipped);
  else
    printText(outs(), C, Done);
  return RC;
}
