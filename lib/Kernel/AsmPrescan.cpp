//===- AsmPrescan.cpp - Bounds on assembly text before LLVM parses it -----===//
//
// A lexical pass over the statements as written: expression size and
// nesting per statement, and an estimate of how many statements repetition
// and macros add (each body costed once per enclosing evaluation, so the
// estimate itself stays linear in the text plus the budget).
//
//===----------------------------------------------------------------------===//
#include "luarch/Kernel/AsmPrescan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace luarch {

namespace {

/// LLVM's AsmParser refuses macro calls nested deeper than this
/// ("macros cannot be nested more than 20 levels deep").
constexpr unsigned LLVMMaxMacroDepth = 20;

constexpr uint64_t Saturated = std::numeric_limits<uint64_t>::max();

uint64_t satAdd(uint64_t A, uint64_t B) {
  return A > Saturated - B ? Saturated : A + B;
}
uint64_t satMul(uint64_t A, uint64_t B) {
  if (A == 0 || B == 0)
    return 0;
  return A > Saturated / B ? Saturated : A * B;
}

/// One statement with comments removed and leading labels stripped.
struct Statement {
  std::string Text;
  unsigned Line = 0, Column = 0;
  size_t EndOffset = 0; ///< just past the last character kept
  StringRef Head;      ///< first word as written
  std::string HeadKey; ///< first word, lower case (directive names)
  StringRef Rest;      ///< after the first word, trimmed
};

bool isIdentChar(char C) {
  return isAlnum(C) || C == '_' || C == '.' || C == '$' || C == '@';
}

/// Splits \p Text into statements: newlines and ';' end one; '#' and '//'
/// comment to the end of the line, '/* */' anywhere; strings are kept whole.
std::vector<Statement> splitStatements(StringRef Text) {
  std::vector<Statement> Out;
  Statement Cur;
  unsigned Line = 1;
  size_t LineStart = 0;
  bool InBlockComment = false;
  auto Finish = [&] {
    StringRef T = StringRef(Cur.Text).trim();
    if (!T.empty()) {
      Statement S;
      S.Text = T.str();
      S.Line = Cur.Line;
      S.Column = Cur.Column;
      S.EndOffset = Cur.EndOffset;
      Out.push_back(std::move(S));
    }
    Cur = Statement();
  };
  for (size_t I = 0, N = Text.size(); I < N; ++I) {
    char C = Text[I];
    if (C == '\n') {
      Finish();
      ++Line;
      LineStart = I + 1;
      continue;
    }
    if (InBlockComment) {
      if (C == '*' && I + 1 < N && Text[I + 1] == '/') {
        InBlockComment = false;
        ++I;
      }
      continue;
    }
    if (C == '/' && I + 1 < N && Text[I + 1] == '*') {
      InBlockComment = true;
      ++I;
      continue;
    }
    if (C == '#' || (C == '/' && I + 1 < N && Text[I + 1] == '/')) {
      while (I + 1 < N && Text[I + 1] != '\n')
        ++I;
      continue;
    }
    if (C == ';') {
      Finish();
      continue;
    }
    if (Cur.Text.empty() && isSpace(C))
      continue;
    if (Cur.Text.empty()) {
      Cur.Line = Line;
      Cur.Column = static_cast<unsigned>(I - LineStart) + 1;
    }
    if (C == '"') {
      // A string: up to the closing quote (escapes skipped) or the line end.
      Cur.Text.push_back(C);
      while (I + 1 < N && Text[I + 1] != '\n') {
        char D = Text[++I];
        Cur.Text.push_back(D);
        if (D == '\\' && I + 1 < N && Text[I + 1] != '\n')
          Cur.Text.push_back(Text[++I]);
        else if (D == '"')
          break;
      }
      Cur.EndOffset = I + 1;
      continue;
    }
    Cur.Text.push_back(C);
    if (!isSpace(C))
      Cur.EndOffset = I + 1;
  }
  Finish();

  for (Statement &S : Out) {
    StringRef T = S.Text;
    // Leading labels ("foo:", "1:", ".Lbb: .rept 4").
    while (true) {
      size_t E = 0;
      while (E < T.size() && isIdentChar(T[E]))
        ++E;
      StringRef After = T.drop_front(E).ltrim();
      if (E == 0 || !After.starts_with(":"))
        break;
      T = After.drop_front(1).ltrim();
    }
    size_t E = T.find_first_of(" \t,");
    S.Head = T.take_front(E);
    S.HeadKey = S.Head.lower();
    S.Rest = E == StringRef::npos ? StringRef() : T.drop_front(E).trim();
  }
  return Out;
}

/// Arithmetic and logical operator characters ('%' is a register prefix in
/// AT&T syntax, so it is not counted).
bool isOperatorChar(char C) {
  return StringRef("+-*/&|^~!<>=").contains(C);
}

/// Identifiers (symbol names) in \p Expr, outside strings.
SmallVector<StringRef, 4> identifiersIn(StringRef Expr) {
  SmallVector<StringRef, 4> Ids;
  for (size_t I = 0; I < Expr.size(); ++I) {
    char C = Expr[I];
    if (C == '"') {
      while (I + 1 < Expr.size() && Expr[++I] != '"')
        if (Expr[I] == '\\')
          ++I;
      continue;
    }
    if (!(isAlpha(C) || C == '_' || C == '.' || C == '$'))
      continue;
    // An identifier, unless it continues a number (0x10, 1f) or follows a
    // macro argument's backslash.
    bool Continues = I > 0 && (isIdentChar(Expr[I - 1]) || Expr[I - 1] == '\\');
    size_t E = I;
    while (E < Expr.size() && isIdentChar(Expr[E]))
      ++E;
    if (!Continues)
      Ids.push_back(Expr.slice(I, E));
    I = E - 1;
  }
  return Ids;
}

bool isRepeatDirective(StringRef K) {
  return K == ".rept" || K == ".rep" || K == ".irp" || K == ".irpc";
}
bool isMacroDirective(StringRef K) { return K == ".macro"; }
bool isRepeatEnd(StringRef K) { return K == ".endr"; }
bool isMacroEnd(StringRef K) { return K == ".endm" || K == ".endmacro"; }

struct Macro {
  size_t BodyBegin = 0, BodyEnd = 0;
  std::vector<std::string> Params;
  std::vector<std::string> Defaults;
};

/// Splits macro arguments: by commas if there are any, else by blanks.
SmallVector<StringRef, 8> splitArgs(StringRef S) {
  SmallVector<StringRef, 8> Parts;
  S = S.trim();
  if (S.empty())
    return Parts;
  if (S.contains(','))
    S.split(Parts, ',');
  else
    S.split(Parts, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef &P : Parts)
    P = P.trim();
  return Parts;
}

class Scanner {
public:
  Scanner(StringRef FileName, const AsmLimits &Limits)
      : FileName(FileName), Limits(Limits) {}

  Error run(StringRef Text, std::vector<ExpansionSite> *Sites) {
    Stmts = splitStatements(Text);
    for (const Statement &S : Stmts)
      if (Error E = checkStatement(S))
        return E;
    if (Error E = matchBlocks())
      return E;
    collectDefinitions();
    if (Error E = checkSymbolExpansion())
      return E;

    const uint64_t Budget =
        satAdd(static_cast<uint64_t>(Stmts.size()), Limits.MaxExpandedStatements);
    WorkLimit = Budget;
    StringMap<std::string> NoArgs;
    uint64_t Total = 0;
    for (size_t I = 0; I < Stmts.size();) {
      size_t Next = I;
      uint64_t C = costOf(I, Next, /*MacroDepth=*/0, NoArgs);
      if (Failure)
        return std::move(*Failure);
      Total = satAdd(Total, C);
      if (Total > Budget || Work > WorkLimit)
        return tooLarge(Stmts[I]);
      if (Sites && (isRepeatDirective(Stmts[I].HeadKey) ||
                    Macros.count(Stmts[I].Head)))
        Sites->push_back(
            {Stmts[I].Line, Stmts[I].Column, Stmts[I].EndOffset});
      I = Next;
    }
    return Error::success();
  }

private:
  Error errorAt(const Statement &S, const Twine &Msg) const {
    return createStringError(inconvertibleErrorCode(), "%s:%u:%u: error: %s",
                             FileName.str().c_str(), S.Line, S.Column,
                             Msg.str().c_str());
  }

  Error tooLarge(const Statement &S) const {
    return errorAt(S, formatv("'{0}' expands to more than {1} statements "
                              "(.rept, .irp and macro expansion are "
                              "bounded before parsing)",
                              S.Head, Limits.MaxExpandedStatements)
                          .str());
  }

  /// Expression size and nesting; files LoopUArch does not read.
  Error checkStatement(const Statement &S) const {
    if (S.HeadKey == ".include" || S.HeadKey == ".incbin")
      return errorAt(S, "'" + S.Head +
                            "' is not supported: LoopUArch reads a single "
                            "file (inline the included file first)");
    unsigned Depth = 0, MaxDepth = 0, Ops = 0;
    StringRef T = S.Text;
    for (size_t I = 0; I < T.size(); ++I) {
      char C = T[I];
      switch (C) {
      case '"':
        while (I + 1 < T.size() && T[++I] != '"')
          if (T[I] == '\\')
            ++I;
        break;
      case '(':
      case '[':
        MaxDepth = std::max(MaxDepth, ++Depth);
        break;
      case ')':
      case ']':
        Depth -= Depth > 0;
        break;
      case ',':
        if (Depth == 0)
          Ops = 0; // the next operand is a new expression
        break;
      default:
        if (!isOperatorChar(C))
          break;
        if (++Ops > Limits.MaxExprOperators)
          return errorAt(S, formatv("expression with more than {0} "
                                    "operators (LLVM's assembler would "
                                    "exhaust the stack evaluating it)",
                                    Limits.MaxExprOperators)
                                .str());
        break;
      }
      if (MaxDepth > Limits.MaxExprNesting)
        return errorAt(S, formatv("parentheses nested deeper than {0} "
                                  "levels (LLVM's assembler would exhaust "
                                  "the stack parsing them)",
                                  Limits.MaxExprNesting)
                              .str());
    }
    return Error::success();
  }

  /// End[I] for every block opener: the index of its closer (or the end).
  Error matchBlocks() {
    End.assign(Stmts.size(), Stmts.size());
    SmallVector<size_t, 16> Open;
    for (size_t I = 0; I < Stmts.size(); ++I) {
      StringRef K = Stmts[I].HeadKey;
      if (isRepeatDirective(K) || isMacroDirective(K)) {
        Open.push_back(I);
        if (Open.size() > Limits.MaxBlockNesting)
          return errorAt(Stmts[I],
                         formatv(".rept/.irp/.macro blocks nested deeper "
                                 "than {0} levels",
                                 Limits.MaxBlockNesting)
                             .str());
      } else if ((isRepeatEnd(K) || isMacroEnd(K)) && !Open.empty()) {
        End[Open.back()] = I;
        Open.pop_back();
      }
    }
    return Error::success();
  }

  /// Macro definitions (anywhere, even nested: an over-estimate) and
  /// symbols assigned an integer literal (.set, .equ, .equiv, .eqv, =).
  void collectDefinitions() {
    for (size_t I = 0; I < Stmts.size(); ++I) {
      const Statement &S = Stmts[I];
      if (isMacroDirective(S.HeadKey)) {
        StringRef Rest = S.Rest;
        size_t E = Rest.find_first_of(" \t,");
        StringRef Name = Rest.take_front(E);
        Macro M;
        M.BodyBegin = I + 1;
        M.BodyEnd = End[I];
        for (StringRef P : splitArgs(E == StringRef::npos
                                         ? StringRef()
                                         : Rest.drop_front(E + 1))) {
          auto [PName, Default] = P.split('=');
          PName = PName.split(':').first.trim();
          M.Params.push_back(PName.str());
          M.Defaults.push_back(Default.trim().str());
        }
        if (!Name.empty())
          Macros[Name] = std::move(M);
        continue;
      }
      StringRef Name, Value;
      if (S.HeadKey == ".set" || S.HeadKey == ".equ" ||
          S.HeadKey == ".equiv" || S.HeadKey == ".eqv") {
        std::tie(Name, Value) = S.Rest.split(',');
      } else if (S.Rest.starts_with("=") && !S.Rest.starts_with("==")) {
        Name = S.Head;
        Value = S.Rest.drop_front(1);
      } else {
        continue;
      }
      Name = Name.trim();
      if (auto V = integerValue(Value))
        Symbols[Name] = *V;
      SymbolNode &Node = SymbolNodes[Name];
      if (!Node.Stmt) {
        SymbolOrder.push_back(&Node);
        Node.Stmt = &S;
        Node.Name = Name;
      }
      Node.Operators = std::max<uint64_t>(
          Node.Operators, count_if(Value, isOperatorChar));
      for (StringRef Id : identifiersIn(Value))
        Node.Refs.push_back(Id.str());
    }
  }

  /// Terms of each assigned symbol's expression with the symbols it uses
  /// substituted, as LLVM's evaluation visits them (one call per term, no
  /// memoisation: a chain recurses as deep as it is long, a DAG of symbols
  /// each used twice takes exponential time). Refuses a symbol beyond
  /// Limits.MaxSymbolTerms. Iterative, as the chains may be long.
  Error checkSymbolExpansion() {
    enum { Unvisited, Open, Done };
    for (SymbolNode *Root : SymbolOrder) { // file order: a stable message
      if (Root->State != Unvisited)
        continue;
      SmallVector<std::pair<SymbolNode *, size_t>, 32> Stack;
      Root->State = Open;
      Stack.push_back({Root, 0});
      while (!Stack.empty()) {
        auto &[Node, Next] = Stack.back();
        if (Next < Node->Refs.size()) {
          auto It = SymbolNodes.find(Node->Refs[Next++]);
          if (It != SymbolNodes.end() && It->second.State == Unvisited) {
            It->second.State = Open;
            Stack.push_back({&It->second, 0});
          }
          continue;
        }
        // A symbol still open is a cycle, which LLVM reports as an error.
        uint64_t Terms = satAdd(Node->Operators, 1);
        for (StringRef R : Node->Refs) {
          auto It = SymbolNodes.find(R);
          if (It != SymbolNodes.end() && It->second.State == Done)
            Terms = satAdd(Terms, It->second.Terms);
        }
        Node->Terms = Terms;
        Node->State = Done;
        if (Terms > Limits.MaxSymbolTerms)
          return errorAt(*Node->Stmt,
                         formatv("the value of '{1}' expands to more than "
                                 "{0} terms through the symbols it uses "
                                 "(LLVM's assembler would exhaust the stack "
                                 "or take exponential time evaluating it)",
                                 Limits.MaxSymbolTerms, Node->Name)
                             .str());
        Stack.pop_back();
      }
    }
    return Error::success();
  }

  std::optional<int64_t> integerValue(StringRef V) const {
    V = V.trim();
    while (V.size() >= 2 && V.front() == '(' && V.back() == ')')
      V = V.drop_front().drop_back().trim();
    int64_t N;
    if (!V.getAsInteger(0, N))
      return N;
    auto It = Symbols.find(V);
    if (It != Symbols.end())
      return It->second;
    return std::nullopt;
  }

  /// Replaces "\name" by the macro argument bound to name.
  static std::string substitute(StringRef S, const StringMap<std::string> &Args) {
    if (Args.empty() || !S.contains('\\'))
      return S.str();
    std::string Out;
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I] != '\\') {
        Out.push_back(S[I]);
        continue;
      }
      size_t E = I + 1;
      while (E < S.size() && (isAlnum(S[E]) || S[E] == '_'))
        ++E;
      auto It = Args.find(S.slice(I + 1, E));
      if (It == Args.end()) {
        Out.push_back(S[I]);
        continue;
      }
      Out += It->second;
      I = E - 1;
      if (S.substr(E).starts_with("\\()"))
        I += 3;
    }
    return Out;
  }

  /// How many times a .rept/.irp/.irpc body is repeated, if it can be told.
  std::optional<uint64_t> repeatCount(const Statement &S,
                                      const StringMap<std::string> &Args) {
    std::string Rest = substitute(S.Rest, Args);
    if (S.HeadKey == ".rept" || S.HeadKey == ".rep") {
      auto V = integerValue(Rest);
      if (!V)
        return std::nullopt;
      return *V < 0 ? 0 : static_cast<uint64_t>(*V);
    }
    StringRef Values = StringRef(Rest).split(',').second.trim();
    if (S.HeadKey == ".irpc")
      return std::max<uint64_t>(1, Values.size());
    SmallVector<StringRef, 16> Parts;
    Values.split(Parts, ',');
    uint64_t N = 0;
    for (StringRef P : Parts) {
      SmallVector<StringRef, 4> Words;
      P.split(Words, ' ', -1, /*KeepEmpty=*/false);
      N += std::max<size_t>(1, Words.size());
    }
    return std::max<uint64_t>(1, N);
  }

  /// Statements that Stmts[I] stands for once expanded; \p Next is set to
  /// the statement after it (after its block for a block opener).
  uint64_t costOf(size_t I, size_t &Next, unsigned MacroDepth,
                  const StringMap<std::string> &Args) {
    const Statement &S = Stmts[I];
    Next = I + 1;
    if (++Work > WorkLimit)
      return Saturated;
    if (isRepeatDirective(S.HeadKey)) {
      Next = End[I] + 1;
      auto Count = repeatCount(S, Args);
      if (!Count) {
        Failure = errorAt(S, "'" + S.Head + " " + S.Rest +
                                 "': the count must be an integer literal, "
                                 "a symbol set to one, or a macro argument "
                                 "bound to one (repetition is bounded "
                                 "before parsing)");
        return Saturated;
      }
      uint64_t Body = *Count ? costOfRange(I + 1, End[I], MacroDepth, Args) : 0;
      return satAdd(1, satMul(*Count, Body));
    }
    if (isMacroDirective(S.HeadKey)) {
      Next = End[I] + 1;
      return 1;
    }
    auto It = Macros.find(S.Head);
    if (It == Macros.end() || MacroDepth >= LLVMMaxMacroDepth)
      return 1;
    const Macro &M = It->second;
    StringMap<std::string> Bound;
    for (size_t P = 0; P < M.Params.size(); ++P)
      Bound[M.Params[P]] = substitute(M.Defaults[P], Args);
    size_t Pos = 0;
    for (StringRef A : splitArgs(S.Rest)) {
      auto [Key, Value] = A.split('=');
      if (!Value.empty() && Bound.count(Key.trim())) {
        Bound[Key.trim()] = substitute(Value.trim(), Args);
        continue;
      }
      if (Pos < M.Params.size())
        Bound[M.Params[Pos++]] = substitute(A, Args);
    }
    return satAdd(1, costOfRange(M.BodyBegin, M.BodyEnd, MacroDepth + 1, Bound));
  }

  uint64_t costOfRange(size_t Begin, size_t EndIdx, unsigned MacroDepth,
                       const StringMap<std::string> &Args) {
    uint64_t Total = 0;
    for (size_t I = Begin; I < EndIdx && !Failure && Work <= WorkLimit;) {
      size_t Next = I;
      Total = satAdd(Total, costOf(I, Next, MacroDepth, Args));
      I = Next;
    }
    return Total;
  }

  StringRef FileName;
  const AsmLimits &Limits;
  std::vector<Statement> Stmts;
  std::vector<size_t> End;
  StringMap<Macro> Macros;
  StringMap<int64_t> Symbols;
  struct SymbolNode {
    const Statement *Stmt = nullptr; ///< the first assignment
    StringRef Name;
    uint64_t Operators = 0;          ///< most in one assignment
    std::vector<std::string> Refs;   ///< identifiers its values use
    int State = 0;
    uint64_t Terms = 0;
  };
  StringMap<SymbolNode> SymbolNodes;
  std::vector<SymbolNode *> SymbolOrder;
  uint64_t Work = 0, WorkLimit = 0;
  std::optional<Error> Failure;
};

} // namespace

Error prescanAssembly(StringRef Text, StringRef FileName,
                      const AsmLimits &Limits,
                      std::vector<ExpansionSite> *Sites) {
  Scanner S(FileName, Limits);
  return S.run(Text, Sites);
}

} // namespace luarch
