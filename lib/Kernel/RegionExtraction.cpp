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
  /// Loops: the instructions of the loop's blocks in layout order (they need
  /// not be contiguous); empty for marker regions, which are [Begin, End).
  std::vector<size_t> Members;
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

/// Disassembled code: instructions by (section, address). Each text section
/// of a relocatable object starts at address 0, so an address alone does
/// not name an instruction; a section is a run of increasing addresses.
struct AddressMap {
  std::vector<unsigned> SectionOfEvent;
  DenseMap<std::pair<unsigned, uint64_t>, size_t> Instr;
};

AddressMap mapAddresses(const CodeStream &S, const InstrIndex &X) {
  AddressMap M;
  M.SectionOfEvent.resize(S.Events.size());
  unsigned Section = 0;
  std::optional<uint64_t> Last;
  for (size_t E = 0; E < S.Events.size(); ++E) {
    std::optional<uint64_t> A = S.Events[E].Address;
    if (A && Last && *A < *Last)
      ++Section;
    if (A)
      Last = A;
    M.SectionOfEvent[E] = Section;
    if (A)
      M.Instr.insert({{Section, *A}, X.InstrAtOrAfterEvent[E]});
  }
  return M;
}

/// The label (or address) a branch instruction targets, if known.
std::optional<size_t> branchTarget(const CodeStream &S, const InstrIndex &X,
                                   size_t Instr,
                                   const StringMap<size_t> &LabelInstr,
                                   const AddressMap &AddrInstr) {
  size_t Event = X.EventOf[Instr];
  const CodeEvent &Ev = S.Events[Event];
  if (Ev.BranchTarget) {
    auto It = AddrInstr.Instr.find(
        {AddrInstr.SectionOfEvent[Event], *Ev.BranchTarget});
    if (It != AddrInstr.Instr.end())
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

/// The control-flow graph of the instruction stream: basic blocks split at
/// branch targets and after terminators, with the edges the instructions
/// show (direct branches, fall-through), as LLVM's MachineFunction has them,
/// so that the loops found here are those the plugin finds in codegen.
struct StreamCFG {
  struct Block {
    size_t Begin = 0, End = 0; // instruction indices [Begin, End)
    unsigned Function = 0;
    SmallVector<unsigned, 2> Succs, Preds;
  };
  std::vector<Block> Blocks;
  std::vector<unsigned> BlockOf; // instruction → block
  std::vector<bool> Entry;       // function entries and blocks nothing reaches
};

StreamCFG buildCFG(const CodeStream &S, const InstrIndex &X,
                   const TargetContext &TC,
                   ArrayRef<std::optional<size_t>> Targets) {
  size_t N = X.EventOf.size();
  StreamCFG G;
  auto desc = [&](size_t I) -> const MCInstrDesc & {
    return TC.instrInfo().get(S.Events[X.EventOf[I]].Inst.getOpcode());
  };
  // Functions start at their symbols' labels.
  std::vector<bool> FunctionStart(N + 1, false), Leader(N + 1, false);
  for (size_t E = 0; E < S.Events.size(); ++E)
    if (S.Events[E].K == CodeEvent::Label &&
        S.FunctionSymbols.count(S.Events[E].Text))
      FunctionStart[X.InstrAtOrAfterEvent[E]] = true;
  Leader[0] = true;
  for (size_t I = 0; I < N; ++I) {
    const MCInstrDesc &D = desc(I);
    if (Targets[I])
      Leader[*Targets[I]] = true;
    if ((D.isBranch() || D.isReturn() || D.isBarrier()) && !D.isCall())
      Leader[I + 1] = true;
    if (FunctionStart[I])
      Leader[I] = true;
  }
  G.BlockOf.resize(N);
  unsigned Function = 0;
  for (size_t I = 0; I < N; ++I) {
    if (Leader[I]) {
      if (FunctionStart[I] && I != 0)
        ++Function;
      if (!G.Blocks.empty())
        G.Blocks.back().End = I;
      G.Blocks.push_back({});
      G.Blocks.back().Begin = I;
      G.Blocks.back().Function = Function;
    }
    G.BlockOf[I] = G.Blocks.size() - 1;
  }
  G.Blocks.back().End = N;
  auto addEdge = [&](unsigned From, unsigned To) {
    if (is_contained(G.Blocks[From].Succs, To))
      return;
    G.Blocks[From].Succs.push_back(To);
    G.Blocks[To].Preds.push_back(From);
  };
  SmallVector<unsigned, 4> IndirectJumps;
  for (unsigned B = 0; B < G.Blocks.size(); ++B) {
    size_t Last = G.Blocks[B].End - 1;
    const MCInstrDesc &D = desc(Last);
    bool Call = D.isCall();
    if (D.isBranch() && !Call && Targets[Last])
      addEdge(B, G.BlockOf[*Targets[Last]]);
    if (D.isIndirectBranch() && !Call)
      IndirectJumps.push_back(B);
    bool FallsThrough = Call || !(D.isBarrier() || D.isReturn());
    if (FallsThrough && B + 1 < G.Blocks.size() &&
        G.Blocks[B + 1].Function == G.Blocks[B].Function)
      addEdge(B, B + 1);
  }
  // Blocks nothing reaches inside a function are the targets of its jump
  // tables: an indirect jump of the function may go to any of them.
  G.Entry.assign(G.Blocks.size(), false);
  for (unsigned B = 0; B < G.Blocks.size(); ++B) {
    bool FunctionEntry = B == 0 || FunctionStart[G.Blocks[B].Begin];
    if (FunctionEntry || !G.Blocks[B].Preds.empty())
      continue;
    for (unsigned J : IndirectJumps)
      if (G.Blocks[J].Function == G.Blocks[B].Function)
        addEdge(J, B);
  }
  for (unsigned B = 0; B < G.Blocks.size(); ++B)
    G.Entry[B] =
        B == 0 || FunctionStart[G.Blocks[B].Begin] || G.Blocks[B].Preds.empty();
  return G;
}

/// The innermost cycles of \p G, by the definition of LLVM's
/// GenericCycleInfo (see llvm/docs/CycleTerminology.rst): a depth-first
/// search from the entries; a block with a predecessor in its own DFS
/// subtree heads a cycle, made of the subtree's blocks that reach that
/// predecessor; headers are taken innermost first (reverse preorder) and a
/// cycle that absorbs an earlier one is not innermost. Irreducible cycles
/// (entered at several blocks) are cycles too, as in MachineCycleInfo.
std::vector<std::vector<unsigned>> innermostCycles(const StreamCFG &G) {
  unsigned NB = G.Blocks.size();
  const unsigned Unvisited = ~0u;
  std::vector<unsigned> Pre(NB, Unvisited), SubtreeEnd(NB, 0), Order;
  auto dfsFrom = [&](unsigned Root) {
    // Iterative DFS: (block, next successor to look at).
    SmallVector<std::pair<unsigned, unsigned>, 16> Stack;
    Pre[Root] = Order.size();
    Order.push_back(Root);
    Stack.push_back({Root, 0});
    while (!Stack.empty()) {
      auto &[B, Next] = Stack.back();
      if (Next < G.Blocks[B].Succs.size()) {
        unsigned S = G.Blocks[B].Succs[Next++];
        if (Pre[S] == Unvisited) {
          Pre[S] = Order.size();
          Order.push_back(S);
          Stack.push_back({S, 0});
        }
        continue;
      }
      SubtreeEnd[B] = Order.size();
      Stack.pop_back();
    }
  };
  for (unsigned B = 0; B < NB; ++B)
    if (G.Entry[B] && Pre[B] == Unvisited)
      dfsFrom(B);
  for (unsigned B = 0; B < NB; ++B)
    if (Pre[B] == Unvisited)
      dfsFrom(B);
  auto inSubtree = [&](unsigned Root, unsigned B) {
    return Pre[Root] <= Pre[B] && Pre[B] < SubtreeEnd[Root];
  };

  struct Cycle {
    std::vector<unsigned> Blocks;
    unsigned Parent = ~0u;
    bool HasChild = false;
  };
  std::vector<Cycle> Cycles;
  std::vector<unsigned> CycleOf(NB, ~0u); // innermost cycle of each block
  auto outermost = [&](unsigned C) {
    while (Cycles[C].Parent != ~0u)
      C = Cycles[C].Parent;
    return C;
  };
  for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
    unsigned H = *It;
    SmallVector<unsigned, 8> Work;
    for (unsigned P : G.Blocks[H].Preds)
      if (inSubtree(H, P))
        Work.push_back(P);
    if (Work.empty())
      continue;
    unsigned C = Cycles.size();
    Cycles.push_back({});
    Cycles[C].Blocks.push_back(H);
    CycleOf[H] = C;
    while (!Work.empty()) {
      unsigned B = Work.pop_back_val();
      if (B == H)
        continue;
      if (CycleOf[B] != ~0u) {
        unsigned Inner = outermost(CycleOf[B]);
        if (Inner == C)
          continue;
        // A cycle found earlier nests in this one.
        Cycles[Inner].Parent = C;
        Cycles[C].HasChild = true;
        unsigned InnerHeader = Cycles[Inner].Blocks.front();
        for (unsigned P : G.Blocks[InnerHeader].Preds)
          if (inSubtree(H, P))
            Work.push_back(P);
        continue;
      }
      CycleOf[B] = C;
      Cycles[C].Blocks.push_back(B);
      for (unsigned P : G.Blocks[B].Preds)
        if (inSubtree(H, P))
          Work.push_back(P);
    }
  }
  std::vector<std::vector<unsigned>> Innermost;
  for (Cycle &C : Cycles)
    if (!C.HasChild) {
      // The header first, then the rest in layout order.
      llvm::sort(std::next(C.Blocks.begin()), C.Blocks.end());
      Innermost.push_back(std::move(C.Blocks));
    }
  // In layout order of their first block.
  llvm::sort(Innermost, [](const auto &A, const auto &B) {
    return *std::min_element(A.begin(), A.end()) <
           *std::min_element(B.begin(), B.end());
  });
  return Innermost;
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
  for (size_t E = 0; E < S.Events.size(); ++E)
    if (S.Events[E].K == CodeEvent::Label)
      LabelInstr[S.Events[E].Text] = X.InstrAtOrAfterEvent[E];
  AddressMap AddrInstr = mapAddresses(S, X);

  auto isBranchAt = [&](size_t I) {
    return TC.instrInfo().get(S.Events[X.EventOf[I]].Inst.getOpcode())
        .isBranch();
  };

  if (Regions.empty()) {
    // Innermost loops: the innermost cycles of the control-flow graph, each
    // its blocks in layout order (what the core fetches), without a jump
    // out of the loop (taken once, at exit), as the plugin builds them.
    std::vector<std::optional<size_t>> Targets(NumInstrs);
    for (size_t I = 0; I < NumInstrs; ++I)
      if (isBranchAt(I)) {
        Targets[I] = branchTarget(S, X, I, LabelInstr, AddrInstr);
        // A label after the last instruction: out of the code we have.
        if (Targets[I] && *Targets[I] >= NumInstrs)
          Targets[I].reset();
      }
    StreamCFG G = buildCFG(S, X, TC, Targets);
    FunctionNames Functions(S);
    for (const std::vector<unsigned> &Cycle : innermostCycles(G)) {
      SmallVector<bool, 16> InCycle(G.Blocks.size(), false);
      for (unsigned B : Cycle)
        InCycle[B] = true;
      Region R;
      for (unsigned B = 0; B < G.Blocks.size(); ++B) {
        if (!InCycle[B])
          continue;
        for (size_t I = G.Blocks[B].Begin; I < G.Blocks[B].End; ++I) {
          const MCInstrDesc &D =
              TC.instrInfo().get(S.Events[X.EventOf[I]].Inst.getOpcode());
          bool ExitJump = D.isUnconditionalBranch() && Targets[I] &&
                          !InCycle[G.BlockOf[*Targets[I]]];
          if (!ExitJump)
            R.Members.push_back(I);
        }
      }
      if (R.Members.empty())
        continue;
      size_t H = G.Blocks[Cycle.front()].Begin;
      R.Begin = R.Members.front();
      R.End = R.Members.back() + 1;
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
          S.FileName +
          ": warning: no region markers and no loop (a cycle of "
          "branches) found; analysing all " +
          std::to_string(NumInstrs) + " instructions as one loop body");
    }
  }

  unsigned Unnamed = 0;
  for (Region &R : Regions) {
    if (R.End <= R.Begin)
      return errorAt(R.Loc, "region" + (R.Name.empty() ? "" : " '" + R.Name + "'") +
                                " contains no instructions");
    if (R.Members.empty())
      for (size_t I = R.Begin; I < R.End; ++I)
        R.Members.push_back(I);
    if (R.Members.size() > MaxKernelInstrs)
      return errorAt(R.Loc,
                     "region" + (R.Name.empty() ? "" : " '" + R.Name + "'") +
                         " has " + Twine(R.Members.size()) +
                         " instructions; the limit is " +
                         Twine(MaxKernelInstrs) + " (--max-instructions)");
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
    for (size_t I : R.Members) {
      const CodeEvent &Ev = S.Events[X.EventOf[I]];
      // LLVM's pseudo-instruction of a prefix that stands apart from any
      // instruction it could prefix (a lone "data16" line, a "lock" before
      // a label, a lock an object's instruction cannot take): its timing
      // in LLVM's tables (rep: 100 cycles) is no instruction's.
      if (TC.instrInfo().getName(Ev.Inst.getOpcode()).ends_with("_PREFIX"))
        return errorAt(Ev.Loc,
                       "'" + Ev.Text +
                           "' is a prefix apart from any instruction it "
                           "could prefix; LoopUArch times a prefix as part "
                           "of its instruction (in assembly: on the "
                           "instruction's line, or on the line before it)");
      KernelInstr KI;
      KI.Inst = Ev.Inst;
      KI.Size = Ev.Size;
      KI.Text = Ev.Text;
      KI.Loc = Ev.Loc;
      K.Instrs.push_back(std::move(KI));
      const MCInstrDesc &D = TC.instrInfo().get(Ev.Inst.getOpcode());
      Calls += D.isCall();
      InnerBranches += D.isBranch() && !D.isCall() && I != R.Members.back();
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
