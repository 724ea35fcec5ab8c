//===- AsmFrontend.cpp - Kernels from assembly text ----------------------===//
#include "luarch/Kernel/AsmFrontend.h"
#include "luarch/Kernel/CodeStream.h"
#include "luarch/Kernel/TargetContext.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCParser/AsmLexer.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCAsmParserExtension.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <optional>

using namespace llvm;

namespace luarch {

StringRef regionSelectionName(RegionSelection S) {
  switch (S) {
  case RegionSelection::LLVMMCAMarkers: return "llvm-mca markers";
  case RegionSelection::OSACAMarkers: return "OSACA markers";
  case RegionSelection::IACAMarkers: return "IACA markers";
  case RegionSelection::Loops: return "innermost loops";
  }
  return "?";
}

namespace {

/// Records what the asm parser emits, in order, with source lines.
class RecordingStreamer : public MCStreamer {
public:
  RecordingStreamer(MCContext &Ctx, CodeStream &Out, SourceMgr &SM,
                    size_t MaxEvents, ArrayRef<ExpansionSite> Sites,
                    unsigned &AbandonedBuffer)
      : MCStreamer(Ctx), Out(Out), SM(SM), MaxEvents(MaxEvents),
        Sites(Sites), AbandonedBuffer(AbandonedBuffer) {}

  /// Text of the comment that marks expansion site N ("/*luarch-site:N*/"),
  /// inserted at the end of the site's statement before parsing. The
  /// comment is lexed after the previous expansion has been emitted and
  /// before this one is, so what follows from an expansion buffer belongs
  /// to site N (nested expansions included).
  static constexpr StringLiteral ExpansionMarker = "luarch-site:";

  void setParser(MCAsmParser *P) { Parser = P; }

  bool emitSymbolAttribute(MCSymbol *Sym, MCSymbolAttr Attr) override {
    if (Attr == MCSA_ELF_TypeFunction)
      Out.FunctionSymbols.insert(Sym->getName());
    return true;
  }
  void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}
  void emitZerofill(MCSection *, MCSymbol *, uint64_t, Align,
                    SMLoc) override {}

  void switchSection(MCSection *Section, uint32_t Subsection) override {
    MCStreamer::switchSection(Section, Subsection);
    InText = Section && Section->isText();
  }

  void emitLabel(MCSymbol *Symbol, SMLoc Loc) override {
    MCStreamer::emitLabel(Symbol, Loc);
    if (!InText || !roomForEvent())
      return;
    CodeEvent E;
    E.K = CodeEvent::Label;
    E.Text = Symbol->getName().str();
    E.Loc = Loc.isValid() ? locOf(Loc, /*AtStatementStart=*/false)
                          : statementLoc();
    Out.Events.push_back(std::move(E));
  }

  void emitInstruction(const MCInst &Inst,
                       const MCSubtargetInfo &STI) override {
    if (!InText || !roomForEvent())
      return;
    // .code16, .code16gcc and .code32 switch the parser's subtarget out of
    // 64-bit mode (the X86 target streamer hears of it, not this one):
    // refuse code for another mode rather than analyse it as x86-64.
    if (!ModeBits) {
      ModeBits.emplace(featureIndex(STI, "64bit-mode"),
                       featureIndex(STI, "16bit-mode"));
      assert(ModeBits->first < STI.getFeatureBits().size() &&
             "the X86 subtarget has a 64bit-mode feature");
    }
    if (!STI.getFeatureBits().test(ModeBits->first)) {
      refuse(ModeBits->second < STI.getFeatureBits().size() &&
                     STI.getFeatureBits().test(ModeBits->second)
                 ? "16-bit code (.code16) is not supported: LoopUArch "
                   "models x86-64 code only"
                 : "32-bit code (.code32) is not supported: LoopUArch "
                   "models x86-64 code only");
      return;
    }
    CodeEvent E;
    E.K = CodeEvent::Instr;
    E.Inst = Inst;
    E.Loc = statementLoc();
    E.IntelSyntax = Parser && Parser->getAssemblerDialect() == 1;
    Out.Events.push_back(std::move(E));
  }

  void emitBytes(StringRef Data) override {
    addBytes(ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(Data.data()), Data.size()));
  }
  void emitIntValue(uint64_t Value, unsigned Size) override {
    SmallVector<uint8_t, 8> B;
    for (unsigned I = 0; I < Size; ++I)
      B.push_back((Value >> (8 * I)) & 0xff);
    addBytes(B);
  }
  void emitValueImpl(const MCExpr *Value, unsigned Size, SMLoc Loc) override {
    int64_t V;
    if (Value->evaluateAsAbsolute(V))
      emitIntValue(static_cast<uint64_t>(V), Size);
    else
      addBytes(SmallVector<uint8_t, 8>(Size, 0));
  }

  void handleComment(SMLoc Loc, StringRef Text) {
    // Expansions repeat their body's comments, which were recorded where
    // they are written when the body was read.
    if (!inMainBuffer(Loc))
      return;
    // LLVM 22's lexer passes a '#' comment that ends the file without a
    // newline with length -1 (its text end is one before its start): keep
    // the text inside the buffer.
    StringRef All = SM.getMemoryBuffer(SM.getMainFileID())->getBuffer();
    if (Text.data() < All.begin() || Text.data() > All.end())
      return;
    Text = Text.take_front(All.end() - Text.data());
    StringRef Marker = Text.trim();
    if (Marker.consume_front(ExpansionMarker)) {
      unsigned Site;
      if (!Marker.getAsInteger(10, Site) && Site < Sites.size())
        CurrentSite = Site;
      return;
    }
    if (!roomForEvent())
      return;
    CodeEvent E;
    E.K = CodeEvent::Comment;
    E.Text = Text.trim().str();
    E.Loc = locOf(Loc, /*AtStatementStart=*/false);
    Out.Events.push_back(std::move(E));
  }

private:
  /// Index of the subtarget feature \p Name (past the end if unknown).
  static unsigned featureIndex(const MCSubtargetInfo &STI, StringRef Name) {
    for (const SubtargetFeatureKV &F : STI.getAllProcessorFeatures())
      if (Name == F.Key)
        return F.Value;
    return STI.getFeatureBits().size();
  }

  /// True while events may still be recorded. Past the cap, or after a
  /// refusal, parsing is abandoned.
  bool roomForEvent() {
    if (Refused)
      return false;
    if (Out.Events.size() < MaxEvents)
      return true;
    refuse(("the input expands to more than " + Twine(MaxEvents) +
            " labels, instructions, data directives and comments")
               .str());
    return false;
  }

  /// Reports \p Msg at the current statement through the parser (so it is
  /// printed and counted like the parser's own errors) and abandons the
  /// parse: the lexer is pointed at an empty buffer, so the parser sees the
  /// end of input at its next token, also inside a macro or .rept
  /// expansion, whose remaining statements it would otherwise still parse.
  void refuse(const std::string &Msg) {
    if (Refused || !Parser)
      return;
    Refused = true;
    Parser->Error(statementStart(), Msg);
    // The empty buffer belongs to the source manager: the parser may still
    // report at its end (an unterminated .if or macro), and a location
    // outside every buffer crashes the source manager. Those reports
    // follow from the abandoned parse and are dropped (see DiagCtx).
    AbandonedBuffer = SM.AddNewSourceBuffer(
        MemoryBuffer::getMemBuffer("", "<abandoned>"), SMLoc());
    Parser->getLexer().setBuffer(
        SM.getMemoryBuffer(AbandonedBuffer)->getBuffer());
  }

  /// Start of the statement being emitted. When the parser emits it, the
  /// lexer already stands on the next token, possibly lines further down
  /// (past blank and comment-only lines): walk back to the last line that
  /// holds code before the lexer position.
  SMLoc statementStart() const {
    SMLoc Cur = currentLoc();
    if (!Cur.isValid())
      return Cur;
    unsigned Buf = SM.FindBufferContainingLoc(Cur);
    if (!Buf)
      return Cur;
    StringRef All = SM.getMemoryBuffer(Buf)->getBuffer();
    const char *P = Cur.getPointer();
    while (P > All.data()) {
      const char *LineBegin = P;
      while (LineBegin > All.data() && LineBegin[-1] != '\n')
        --LineBegin;
      // Code on this line before P, ignoring a '#' comment.
      StringRef Before(LineBegin, P - LineBegin);
      Before = Before.take_until([](char C) { return C == '#'; }).trim();
      if (!Before.empty())
        return SMLoc::getFromPointer(LineBegin);
      if (LineBegin == All.data())
        break;
      P = LineBegin - 1; // the previous line's newline
    }
    return Cur;
  }
  SourceLocation statementLoc() const { return locOf(statementStart()); }
  SMLoc currentLoc() const {
    return Parser ? Parser->getLexer().getLoc() : SMLoc();
  }
  bool inMainBuffer(SMLoc L) const {
    return L.isValid() &&
           SM.FindBufferContainingLoc(L) == SM.getMainFileID();
  }
  /// \p AtStatementStart: report the column of the first non-blank
  /// character of the line (instructions), else the exact column. What an
  /// expansion (.rept, .irp, a macro call) emits is located at the
  /// statement that expanded: the expansion's own buffer has line numbers
  /// of its own.
  SourceLocation locOf(SMLoc L, bool AtStatementStart = true) const {
    SourceLocation S;
    S.File = Out.FileName;
    if (L.isValid() && !inMainBuffer(L) && CurrentSite) {
      S.Line = Sites[*CurrentSite].Line;
      S.Column = Sites[*CurrentSite].Column;
      return S;
    }
    if (L.isValid()) {
      auto [Line, Col] = SM.getLineAndColumn(L);
      S.Line = Line;
      S.Column = Col;
      if (!AtStatementStart)
        return S;
      unsigned Buf = SM.FindBufferContainingLoc(L);
      if (Buf) {
        StringRef All = SM.getMemoryBuffer(Buf)->getBuffer();
        const char *P = L.getPointer();
        const char *Begin = P;
        while (Begin > All.data() && Begin[-1] != '\n')
          --Begin;
        const char *C = Begin;
        while (C < All.end() && (*C == ' ' || *C == '\t'))
          ++C;
        S.Column = static_cast<unsigned>(C - Begin) + 1;
      }
    }
    return S;
  }
  void addBytes(ArrayRef<uint8_t> B) {
    if (!InText || B.empty() || !roomForEvent())
      return;
    SourceLocation Here = statementLoc();
    if (!Out.Events.empty() && Out.Events.back().K == CodeEvent::Data &&
        Out.Events.back().Loc.Line == Here.Line) {
      Out.Events.back().Bytes.append(B.begin(), B.end());
      return;
    }
    CodeEvent E;
    E.K = CodeEvent::Data;
    E.Bytes.assign(B.begin(), B.end());
    E.Loc = Here;
    Out.Events.push_back(std::move(E));
  }

  CodeStream &Out;
  SourceMgr &SM;
  MCAsmParser *Parser = nullptr;
  bool InText = true;
  size_t MaxEvents;
  bool Refused = false;
  /// Feature indices of 64-bit mode and 16-bit mode.
  std::optional<std::pair<unsigned, unsigned>> ModeBits;
  ArrayRef<ExpansionSite> Sites;
  std::optional<unsigned> CurrentSite;
  /// Source buffer the lexer was pointed at to abandon the parse (0: none).
  unsigned &AbandonedBuffer;
};

class CommentRecorder : public AsmCommentConsumer {
public:
  explicit CommentRecorder(RecordingStreamer &S) : S(S) {}
  void HandleComment(SMLoc Loc, StringRef Text) override {
    S.handleComment(Loc, Text);
  }

private:
  RecordingStreamer &S;
};

/// `.print "text"` makes LLVM's parser write the text to standard output,
/// into the report (a JSON report then no longer parses). This handler,
/// consulted before the parser's own, reads the directive and drops it.
class SilentPrint : public MCAsmParserExtension {
public:
  void Initialize(MCAsmParser &P) override {
    MCAsmParserExtension::Initialize(P);
    P.addDirectiveHandler(
        ".print", {this, HandleDirective<SilentPrint, &SilentPrint::parse>});
  }

private:
  bool parse(StringRef Directive, SMLoc) {
    std::string Text;
    if (getLexer().isNot(AsmToken::String) ||
        getParser().parseEscapedString(Text))
      return getParser().TokError("expected a string after " + Directive);
    return getParser().parseEOL();
  }
};

/// The MCInst flag (x86prefix) of a prefix LLVM's assembly parser emits
/// as an instruction of its own when it stands alone ("lock", "rep",
/// "repne" and their spellings); 0 for any other opcode.
unsigned prefixFlagOf(StringRef OpcodeName) {
  return StringSwitch<unsigned>(OpcodeName)
      .Case("LOCK_PREFIX", x86prefix::Lock)
      .Case("REP_PREFIX", x86prefix::Repeat)
      .Case("REPNE_PREFIX", x86prefix::RepeatNE)
      .Default(0);
}

/// A prefix on a line of its own ("lock" then "cmpxchgl ..." on the next
/// line, or "lock; cmpxchgl ...") is a statement of its own to LLVM's
/// parser, which emits it as a pseudo-instruction (LOCK_PREFIX: timed as
/// such, 100 cycles); the processor takes it as part of the next
/// instruction. Folds it into that instruction as the parser does for a
/// prefix written on the instruction's line, so both spellings are the
/// same instruction ("lock cmpxchgl ..."). Comments in between are passed
/// over; a label or data in between leave the prefix apart (a kernel that
/// holds it is refused: extractKernels).
void foldPrefixStatements(std::vector<CodeEvent> &Events,
                          const TargetContext &TC) {
  std::vector<bool> Folded(Events.size(), false);
  // From the last: "lock; rep; ..." folds the rep first, then the lock.
  for (size_t E = Events.size(); E-- > 0;) {
    if (Events[E].K != CodeEvent::Instr)
      continue;
    unsigned Flag =
        prefixFlagOf(TC.instrInfo().getName(Events[E].Inst.getOpcode()));
    if (!Flag)
      continue;
    size_t N = E + 1;
    while (N < Events.size() &&
           (Folded[N] || Events[N].K == CodeEvent::Comment))
      ++N;
    if (N == Events.size() || Events[N].K != CodeEvent::Instr ||
        TC.instrInfo().getName(Events[N].Inst.getOpcode()).ends_with(
            "_PREFIX"))
      continue;
    MCInst &Next = Events[N].Inst;
    Next.setFlags(Next.getFlags() | Flag);
    Folded[E] = true;
  }
  if (llvm::none_of(Folded, [](bool F) { return F; }))
    return;
  std::vector<CodeEvent> Kept;
  Kept.reserve(Events.size());
  for (size_t E = 0; E < Events.size(); ++E)
    if (!Folded[E])
      Kept.push_back(std::move(Events[E]));
  Events = std::move(Kept);
}

/// `rep nop` (on one line or as "rep; nop") encodes as F3 90, which the
/// processor executes as PAUSE ([IntelSDM] Vol. 2B, PAUSE: "F3 90"; GNU as
/// and LLVM's assembler emit those bytes for both spellings), but LLVM's
/// parser keeps it as a NOP with a repeat prefix, which would be timed as
/// a one-cycle nop. Spin loops written before `pause` was a mnemonic use
/// it; the bytes of an object or --hex already decode as PAUSE.
void rewriteRepNopAsPause(std::vector<CodeEvent> &Events,
                          const TargetContext &TC) {
  const MCInstrInfo &MII = TC.instrInfo();
  std::optional<unsigned> Pause;
  for (CodeEvent &E : Events) {
    if (E.K != CodeEvent::Instr || !(E.Inst.getFlags() & x86prefix::Repeat) ||
        MII.getName(E.Inst.getOpcode()) != "NOOP" ||
        E.Inst.getNumOperands() != 0)
      continue;
    if (!Pause) {
      for (unsigned Op = 0, N = MII.getNumOpcodes(); Op < N && !Pause; ++Op)
        if (MII.getName(Op) == "PAUSE")
          Pause = Op;
      assert(Pause && "the X86 target has a PAUSE instruction");
      if (!Pause)
        return;
    }
    E.Inst.setOpcode(*Pause);
    E.Inst.setFlags(E.Inst.getFlags() & ~x86prefix::Repeat);
  }
}

} // namespace

Expected<AsmKernels> parseAsmKernels(TargetContext &TC, StringRef Buffer,
                                     StringRef FileName,
                                     const AsmParseOptions &Opts) {
  // Refuse what LLVM's parser could not survive or finish, before it runs.
  std::vector<ExpansionSite> Sites;
  if (Error E = prescanAssembly(Buffer, FileName, Opts.Limits, &Sites))
    return std::move(E);
  // Mark each expansion site at the end of its statement (same line, same
  // columns before it) so that the streamer learns which one is expanding.
  std::string Marked;
  if (!Sites.empty()) {
    Marked.reserve(Buffer.size() + Sites.size() * 24);
    size_t Done = 0;
    for (size_t I = 0; I < Sites.size(); ++I) {
      assert(Sites[I].EndOffset >= Done && Sites[I].EndOffset <= Buffer.size());
      Marked += Buffer.slice(Done, Sites[I].EndOffset);
      Marked += " /*" + RecordingStreamer::ExpansionMarker.str() +
                std::to_string(I) + "*/";
      Done = Sites[I].EndOffset;
    }
    Marked += Buffer.substr(Done);
    Buffer = Marked;
  }

  CodeStream Stream;
  Stream.FileName = FileName.str();

  // Symbolic operands of the parsed MCInsts point into this context; the
  // kernels keep it alive.
  struct ParseState {
    SourceMgr SM;
    MCTargetOptions MCOpts;
    std::unique_ptr<MCContext> Ctx;
    std::unique_ptr<MCObjectFileInfo> MOFI;
  };
  auto State = std::make_shared<ParseState>();
  SourceMgr &SM = State->SM;
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Buffer, FileName),
                        SMLoc());
  std::string Diags;
  raw_string_ostream DiagOS(Diags);
  unsigned NumErrors = 0;
  unsigned AbandonedBuffer = 0;
  struct DiagCtx {
    raw_string_ostream *OS;
    unsigned *Errors;
    const unsigned *Abandoned;
    void report(const SMDiagnostic &D) {
      if (*Abandoned && D.getSourceMgr() &&
          D.getSourceMgr()->FindBufferContainingLoc(D.getLoc()) == *Abandoned)
        return;
      if (D.getKind() == SourceMgr::DK_Error)
        ++*Errors;
      if (*Errors > 20)
        return;
      // The quoted source line shows the text as written, without the
      // expansion-site marker this frontend appended to it.
      StringRef Line = D.getLineContents();
      size_t Marker = Line.find(" /*" + RecordingStreamer::ExpansionMarker.str());
      if (Marker == StringRef::npos || !D.getSourceMgr()) {
        D.print(/*ProgName=*/nullptr, *OS, /*ShowColors=*/false);
        return;
      }
      size_t MarkerEnd = Line.find("*/", Marker);
      std::string Clean =
          (Line.take_front(Marker) + Line.substr(MarkerEnd + 2)).str();
      SmallVector<std::pair<unsigned, unsigned>, 4> Ranges;
      for (auto [B, E] : D.getRanges())
        if (B < Marker)
          Ranges.push_back({B, std::min<unsigned>(E, Marker)});
      SMDiagnostic(*D.getSourceMgr(), D.getLoc(), D.getFilename(),
                   D.getLineNo(),
                   std::min<int>(D.getColumnNo(), static_cast<int>(Marker)),
                   D.getKind(), D.getMessage(), Clean, Ranges)
          .print(/*ProgName=*/nullptr, *OS, /*ShowColors=*/false);
    }
  } DC{&DiagOS, &NumErrors, &AbandonedBuffer};
  SM.setDiagHandler(
      [](const SMDiagnostic &D, void *Ctx) {
        static_cast<DiagCtx *>(Ctx)->report(D);
      },
      &DC);

  MCTargetOptions &MCOpts = State->MCOpts;
  State->Ctx = std::make_unique<MCContext>(TC.triple(), &TC.asmInfo(),
                                           &TC.regInfo(), &TC.subtargetInfo(),
                                           &SM, &MCOpts);
  MCContext &Ctx = *State->Ctx;
  // Errors the streamer layer reports through the context (e.g. ".seh_*
  // directives are not supported on this target") go to the same place.
  Ctx.setDiagnosticHandler([&DC](const SMDiagnostic &D, bool,
                                 const SourceMgr &,
                                 std::vector<const MDNode *> &) {
    DC.report(D);
  });
  State->MOFI.reset(TC.target().createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(State->MOFI.get());

  RecordingStreamer Streamer(Ctx, Stream, SM, Opts.MaxRecordedEvents, Sites,
                             AbandonedBuffer);
  // Target directives (.cv_fpo_proc, .cv_fpo_data, ...) go through the
  // target streamer, which the X86 parser assumes exists: the null one
  // accepts and ignores them. It registers itself with (and is owned by)
  // the streamer.
  TC.target().createNullTargetStreamer(Streamer);
  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SM, Ctx, Streamer, TC.asmInfo()));
  std::unique_ptr<MCTargetAsmParser> TAP(TC.target().createMCAsmParser(
      TC.subtargetInfo(), *Parser, TC.instrInfo(), MCOpts));
  if (!TAP)
    return createStringError(inconvertibleErrorCode(),
                             "no assembly parser for %s",
                             TC.triple().str().c_str());
  Parser->setTargetParser(*TAP);
  SilentPrint Print;
  Print.Initialize(*Parser);
  Streamer.setParser(Parser.get());
  CommentRecorder Comments(Streamer);
  Parser->getLexer().setCommentConsumer(&Comments);
  Streamer.initSections(false, TC.subtargetInfo());

  bool Failed = Parser->Run(/*NoInitialTextSection=*/false,
                            /*NoFinalize=*/true);
  DiagOS.flush();
  if (Failed || NumErrors) {
    std::string Msg = StringRef(Diags).rtrim().str();
    if (Msg.empty())
      Msg = (FileName + ": error: cannot parse the assembly").str();
    return createStringError(inconvertibleErrorCode(), "%s", Msg.c_str());
  }

  // Comments are lexed before the statement that precedes them is emitted;
  // restore source order (stable: macro expansions keep emission order).
  std::stable_sort(Stream.Events.begin(), Stream.Events.end(),
                   [](const CodeEvent &A, const CodeEvent &B) {
                     if (A.Loc.File != B.Loc.File)
                       return false;
                     return std::make_pair(A.Loc.Line, A.Loc.Column) <
                            std::make_pair(B.Loc.Line, B.Loc.Column);
                   });

  foldPrefixStatements(Stream.Events, TC);
  rewriteRepNopAsPause(Stream.Events, TC);
  // Printed text and encoding size of every instruction.
  for (CodeEvent &E : Stream.Events)
    if (E.K == CodeEvent::Instr) {
      E.Text = TC.print(E.Inst, E.IntelSyntax ? 1 : 0);
      E.Size = TC.encode(E.Inst).size();
    }
  SM.setDiagHandler(nullptr, nullptr);
  Ctx.setDiagnosticHandler(nullptr);
  auto Result = extractKernels(Stream, TC, Opts.MaxKernelInstrs);
  if (Result)
    for (Kernel &K : Result->Kernels)
      K.ExprOwner = State;
  return Result;
}

} // namespace luarch
