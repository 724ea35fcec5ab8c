//===- RegionExtraction.cpp - Markers and innermost loops ----------------===//
#include "luarch/Kernel/CodeStream.h"
#include "luarch/Kernel/TargetContext.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCSymbol.h"
#include <algorithm>
#include <map>

using namespace llvm;

namespace luarch {

namespace {

struct Region {
  std::string Name;
  size_t Begin = 0, End = 0; // instruction indices [Begin, End)
  SourceLocation Loc;
};

Error errorAt(const SourceLocation &L, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "%s: error: %s",
                           L.str().c_str(), Msg.str().c_str());
}

/// Instruction events with, for each, the index of the event.
struct InstrIndex {
  std::vector<size_t> EventOf;                // instr index → event index
  std::vector<size_t> InstrAtOrAfterEvent;    // event index → next instr
};

InstrIndex indexInstrs(const CodeStream &S) {
  InstrIndex X;
  X.InstrAtOrAfterEvent.resize(S.Events.size() + 1);
  size_t Next = 0;
  for (size_t E = 0; E < S.Events.size(); ++E)
    if (S.Events[E].K == CodeEvent::Instr)
      X.EventOf.push_back(E);
  for (size_t E = S.Events.size() + 1; E-- > 0;) {
    if (E < S.Events.size() && S.Events[E].K == CodeEvent::Instr)
      Next = std::lower_bound(X.EventOf.begin(), X.EventOf.end(), E) -
             X.EventOf.begin();
    else if (E == S.Events.size())
      Next = X.EventOf.size();
    X.InstrAtOrAfterEvent[E] = Next;
  }
  return X;
}

/// "LLVM-MCA-BEGIN foo" → ("BEGIN", "foo") when the comment is a marker of
/// the given family.
bool parseMarker(StringRef Comment, StringRef Family, StringRef &What,
                 StringRef &Name) {
  StringRef C = Comment.trim();
  if (!C.consume_front(Family))
    return false;
  if (C.consume_front("BEGIN"))
    What = "BEGIN";
  else if (C.consume_front("END"))
    What = "END";
  else
    return false;
  if (!C.empty() && !isSpace(C.front()))
    return false;
  Name = C.trim();
  return true;
}

Expected<std::vector<Region>> commentRegions(const CodeStream &S,
                                             const InstrIndex &X,
                                             StringRef Family) {
  std::vector<Region> Regions;
  std::vector<Region> Open;
  for (size_t E = 0; E < S.Events.size(); ++E) {
    const CodeEvent &Ev = S.Events[E];
    if (Ev.K != CodeEvent::Comment)
      continue;
    StringRef What, Name;
    if (!parseMarker(Ev.Text, Family, What, Name))
      continue;
    if (What == "BEGIN") {
      Region R;
      R.Name = Name.str();
      R.Begin = X.InstrAtOrAfterEvent[E];
      R.Loc = Ev.Loc;
      Open.push_back(R);
      continue;
    }
    // END closes the innermost open region with the same name (llvm-mca
    // allows nesting and overlapping named regions).
    auto It = std::find_if(Open.rbegin(), Open.rend(),
                           [&](const Region &R) { return R.Name == Name; });
    if (It == Open.rend())
      return errorAt(Ev.Loc, Family + "END" +
                                 (Name.empty() ? "" : " " + Name) +
                                 " without a matching " + Family + "BEGIN");
    Region R = *It;
    Open.erase(std::next(It).base());
    R.End = X.InstrAtOrAfterEvent[E];
    Regions.push_back(R);
  }
  if (!Open.empty())
    return errorAt(Open.front().Loc,
                   Family + "BEGIN" +
                       (Open.front().Name.empty() ? "" : " " + Open.front().Name) +
                       " without a matching " + Family + "END");
  std::stable_sort(Regions.begin(), Regions.end(),
                   [](const Region &A, const Region &B) {
                     return A.Begin < B.Begin;
                   });
  return Regions;
}

/// IACA marker: `mov ebx, 111|222` followed by the bytes 64 67 90.
int iacaMarkerAt(const CodeStream &S, const TargetContext &TC, size_t E,
                 size_t &BytesEnd) {
  const CodeEvent &Ev = S.Events[E];
  if (Ev.K != CodeEvent::Instr)
    return 0;
  StringRef Op = TC.instrInfo().getName(Ev.Inst.getOpcode());
  if (!Op.starts_with("MOV32ri") || Ev.Inst.getNumOperands() < 2)
    return 0;
  const MCOperand &Dst = Ev.Inst.getOperand(0);
  const MCOperand &Imm = Ev.Inst.getOperand(Ev.Inst.getNumOperands() - 1);
  if (!Dst.isReg() || TC.regInfo().getName(Dst.getReg()) != StringRef("EBX") ||
      !Imm.isImm() || (Imm.getImm() != 111 && Imm.getImm() != 222))
    return 0;
  // Collect the bytes that follow (possibly over several .byte lines, or a
  // disassembled `addr32 fs nop` instruction).
  SmallVector<uint8_t, 4> Bytes;
  size_t I = E + 1;
  for (; I < S.Events.size() && Bytes.size() < 3; ++I) {
    const CodeEvent &B = S.Events[I];
    if (B.K == CodeEvent::Comment)
      continue;
    if (B.K != CodeEvent::Data)
      break;
    Bytes.append(B.Bytes.begin(), B.Bytes.end());
  }
  if (Bytes.size() < 3 || Bytes[0] != 0x64 || Bytes[1] != 0x67 ||
      Bytes[2] != 0x90)
    return 0;
  BytesEnd = I;
  return static_cast<int>(Imm.getImm());
}

Expected<std::vector<Region>> iacaRegions(const CodeStream &S,
                                          const TargetContext &TC,
                                          const InstrIndex &X) {
  std::vector<Region> Regions;
  std::optional<Region> Open;
  for (size_t E = 0; E < S.Events.size(); ++E) {
    size_t BytesEnd = 0;
    int Kind = iacaMarkerAt(S, TC, E, BytesEnd);
    if (!Kind)
      continue;
    const CodeEvent &Ev = S.Events[E];
    if (Kind == 111) {
      if (Open)
        return errorAt(Ev.Loc, "IACA start marker inside an open IACA "
                               "region (started at " + Open->Loc.str() + ")");
      Region R;
      R.Name = "iaca";
      R.Begin = X.InstrAtOrAfterEvent[BytesEnd];
      R.Loc = Ev.Loc;
      Open = R;
    } else {
      if (!Open)
        return errorAt(Ev.Loc, "IACA end marker (movl $222, %ebx) without a "
                               "start marker");
      Open->End = X.InstrAtOrAfterEvent[E];
      Regions.push_back(*Open);
      Open.reset();
    }
  }
  if (Open)
    return errorAt(Open->Loc, "IACA start marker (movl $111, %ebx) without "
                              "an end marker (movl $222, %ebx)");
  return Regions;
}

/// The label (or address) a branch instruction targets, if known.
std::optional<size_t> branchTarget(const CodeStream &S, const InstrIndex &X,
                                   size_t Instr,
                                   const StringMap<size_t> &LabelInstr,
                                   const DenseMap<uint64_t, size_t> &AddrInstr) {
  const CodeEvent &Ev = S.Events[X.EventOf[Instr]];
  if (Ev.BranchTarget) {
    auto It = AddrInstr.find(*Ev.BranchTarget);
    if (It != AddrInstr.end())
      return It->second;
    return std::nullopt;
  }
  for (const MCOperand &MO : Ev.Inst) {
    if (!MO.isExpr())
      continue;
    if (const auto *SR = dyn_cast<MCSymbolRefExpr>(MO.getExpr())) {
      auto It = LabelInstr.find(SR->getSymbol().getName());
      if (It != LabelInstr.end())
        return It->second;
    }
  }
  return std::nullopt;
}

/// The function a loop header belongs to: the nearest label at or before it
/// that is a function symbol, else the nearest label that is not local.
/// Precomputed once per stream: walking back per loop took minutes on a
/// stripped binary, which has no label to stop at (/usr/bin/gdb: over 49 s
/// of CPU for its 10 MB).
class FunctionNames {
public:
  explicit FunctionNames(const CodeStream &S) : S(S) {
    int64_t Function = -1, NonLocal = -1;
    for (size_t E = 0; E < S.Events.size(); ++E) {
      const CodeEvent &Ev = S.Events[E];
      if (Ev.K != CodeEvent::Label)
        continue;
      StringRef T = Ev.Text;
      if (S.FunctionSymbols.count(T))
        Function = static_cast<int64_t>(E);
      if (!T.starts_with(".L") && !T.starts_with("..") && !T.starts_with("L"))
        NonLocal = static_cast<int64_t>(E);
      LabelEvents.push_back(E);
      FunctionAtLabel.push_back(Function);
      NonLocalAtLabel.push_back(NonLocal);
    }
  }

  std::string at(size_t Event) const {
    auto It = std::upper_bound(LabelEvents.begin(), LabelEvents.end(), Event);
    if (It == LabelEvents.begin())
      return "";
    size_t K = (It - LabelEvents.begin()) - 1;
    int64_t E = FunctionAtLabel[K] >= 0 ? FunctionAtLabel[K] : NonLocalAtLabel[K];
    return E >= 0 ? S.Events[E].Text : "";
  }

private:
  const CodeStream &S;
  std::vector<size_t> LabelEvents; ///< ascending
  std::vector<int64_t> FunctionAtLabel, NonLocalAtLabel;
};

std::string labelBefore(const CodeStream &S, size_t Event) {
  for (size_t E = Event; E-- > 0;) {
    const CodeEvent &Ev = S.Events[E];
    if (Ev.K == CodeEvent::Label)
      return Ev.Text;
    if (Ev.K == CodeEvent::Instr)
      break;
  }
  return "";
}

} // namespace

Expected<AsmKernels> extractKernels(const CodeStream &S,
                                    const TargetContext &TC,
                                    unsigned MaxKernelInstrs) {
  AsmKernels Result;
  InstrIndex X = indexInstrs(S);
  size_t NumInstrs = X.EventOf.size();
  if (NumInstrs == 0)
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: no instructions to analyse",
                             S.FileName.c_str());

  std::vector<Region> Regions;
  for (auto [Family, Sel] :
       {std::pair<StringRef, RegionSelection>{"LLVM-MCA-",
                                              RegionSelection::LLVMMCAMarkers},
        {"OSACA-", RegionSelection::OSACAMarkers}}) {
    auto R = commentRegions(S, X, Family);
    if (!R)
      return R.takeError();
    if (!R->empty()) {
      Regions = std::move(*R);
      Result.Selection = Sel;
      break;
    }
  }
  if (Regions.empty()) {
    auto R = iacaRegions(S, TC, X);
    if (!R)
      return R.takeError();
    if (!R->empty()) {
      Regions = std::move(*R);
      Result.Selection = RegionSelection::IACAMarkers;
    }
  }

  StringMap<size_t> LabelInstr;
  DenseMap<uint64_t, size_t> AddrInstr;
  for (size_t E = 0; E < S.Events.size(); ++E) {
    if (S.Events[E].K == CodeEvent::Label)
      LabelInstr[S.Events[E].Text] = X.InstrAtOrAfterEvent[E];
    if (S.Events[E].Address)
      AddrInstr[*S.Events[E].Address] = X.InstrAtOrAfterEvent[E];
  }

  auto isBranchAt = [&](size_t I) {
    return TC.instrInfo().get(S.Events[X.EventOf[I]].Inst.getOpcode())
        .isBranch();
  };

  if (Regions.empty()) {
    // Innermost loops: group backward branches by their target (a header
    // with several latches is one loop), then keep loops that contain no
    // other loop.
    std::map<size_t, size_t> LastLatchOf; // header → last latch
    for (size_t I = 0; I < NumInstrs; ++I) {
      if (!isBranchAt(I))
        continue;
      auto T = branchTarget(S, X, I, LabelInstr, AddrInstr);
      if (T && *T <= I) {
        size_t &L = LastLatchOf[*T];
        L = std::max(L, I);
      }
    }
    std::vector<std::pair<size_t, size_t>> Loops(LastLatchOf.begin(),
                                                 LastLatchOf.end());
    FunctionNames Functions(S);
    for (auto [H, L] : Loops) {
      bool ContainsOther = any_of(Loops, [&](auto &O) {
        return O != std::make_pair(H, L) && H <= O.first && O.second <= L;
      });
      if (ContainsOther)
        continue;
      Region R;
      R.Begin = H;
      R.End = L + 1;
      size_t HeaderEvent = X.EventOf[H];
      std::string Func = Functions.at(HeaderEvent);
      std::string Label = labelBefore(S, HeaderEvent);
      R.Name = Func.empty() ? Label : Label == Func ? Func : Func + ":" + Label;
      R.Loc = S.Events[HeaderEvent].Loc;
      Regions.push_back(R);
    }
    Result.Selection = RegionSelection::Loops;
    if (Regions.empty()) {
      Region R;
      R.Name = "whole file";
      R.Begin = 0;
      R.End = NumInstrs;
      R.Loc = S.Events[X.EventOf[0]].Loc;
      Regions.push_back(R);
      Result.Warnings.push_back(
          S.FileName + ": warning: no region markers and no loop (backward "
                       "branch to a label) found; analysing all " +
          std::to_string(NumInstrs) +
          " instructions as one loop body");
    }
  }

  unsigned Unnamed = 0;
  for (const Region &R : Regions) {
    if (R.End <= R.Begin)
      return errorAt(R.Loc, "region" + (R.Name.empty() ? "" : " '" + R.Name + "'") +
                                " contains no instructions");
    if (R.End - R.Begin > MaxKernelInstrs)
      return errorAt(R.Loc, "region" +
                                (R.Name.empty() ? "" : " '" + R.Name + "'") +
                                " has " + Twine(R.End - R.Begin) +
                                " instructions; the limit is " +
                                Twine(MaxKernelInstrs) +
                                " (--max-instructions)");
    Kernel K;
    K.Name = R.Name;
    if (K.Name.empty()) {
      // An unnamed marker region: name it after the label it starts at.
      std::string Label = labelBefore(S, X.EventOf[R.Begin]);
      K.Name = Label.empty() ? "region " + std::to_string(++Unnamed) : Label;
    }
    K.Loc = R.Loc;
    K.Shape = KernelShape::Loop;
    unsigned Calls = 0, InnerBranches = 0;
    for (size_t I = R.Begin; I < R.End; ++I) {
      const CodeEvent &Ev = S.Events[X.EventOf[I]];
      KernelInstr KI;
      KI.Inst = Ev.Inst;
      KI.Size = Ev.Size;
      KI.Text = Ev.Text;
      KI.Loc = Ev.Loc;
      K.Instrs.push_back(std::move(KI));
      const MCInstrDesc &D = TC.instrInfo().get(Ev.Inst.getOpcode());
      Calls += D.isCall();
      InnerBranches += D.isBranch() && !D.isCall() && I + 1 != R.End;
    }
    if (!K.Loc.isValid())
      K.Loc = K.Instrs.front().Loc;
    if (Calls)
      Result.Warnings.push_back(
          K.Loc.str() + ": warning: '" + K.Name + "' contains " +
          std::to_string(Calls) +
          " call(s); the callee is not modelled, only the call instruction");
    if (InnerBranches)
      Result.Warnings.push_back(
          K.Loc.str() + ": warning: '" + K.Name + "' contains " +
          std::to_string(InnerBranches) +
          " branch(es) before its end; every instruction is counted as "
          "executed once per iteration");
    Result.Kernels.push_back(std::move(K));
  }
  return Result;
}

} // namespace luarch
