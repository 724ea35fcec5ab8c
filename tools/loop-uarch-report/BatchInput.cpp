//===- BatchInput.cpp - The CSV rows of --batch --------------------------===//
#include "BatchInput.h"

#include "luarch/Kernel/BytesFrontend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>

using namespace llvm;

namespace luarch {

namespace {

struct Record {
  unsigned Line = 0;
  std::vector<std::string> Fields;
};

/// Splits \p Text into CSV records. A quote opens a quoted field only at
/// the start of a field; an unterminated quote runs to the end of the file
/// (the record is still returned, so the row reports its own error).
std::vector<Record> splitRecords(StringRef Text) {
  std::vector<Record> Out;
  unsigned Line = 1;
  size_t I = 0, N = Text.size();
  while (I < N) {
    Record R;
    R.Line = Line;
    std::string Field;
    bool AtFieldStart = true, Quoted = false, EndOfRecord = false;
    while (I < N && !EndOfRecord) {
      char C = Text[I++];
      if (Quoted) {
        if (C == '"' && I < N && Text[I] == '"') {
          Field += '"';
          ++I;
        } else if (C == '"') {
          Quoted = false;
        } else {
          if (C == '\n')
            ++Line;
          Field += C;
        }
        continue;
      }
      switch (C) {
      case '"':
        if (AtFieldStart) {
          Quoted = true;
          AtFieldStart = false;
        } else {
          Field += C;
        }
        break;
      case ',':
        R.Fields.push_back(std::move(Field));
        Field.clear();
        AtFieldStart = true;
        break;
      case '\n':
        ++Line;
        EndOfRecord = true;
        break;
      case '\r':
        break;
      default:
        Field += C;
        AtFieldStart = false;
      }
    }
    R.Fields.push_back(std::move(Field));
    bool Blank = R.Fields.size() == 1 && StringRef(R.Fields[0]).trim().empty();
    if (!Blank)
      Out.push_back(std::move(R));
  }
  return Out;
}

bool isMachineCode(StringRef Field) {
  auto Bytes = parseHex(Field.trim());
  if (Bytes)
    return true;
  consumeError(Bytes.takeError());
  return false;
}

std::string headerList(const Record &R) {
  std::string S;
  for (size_t I = 0; I < R.Fields.size() && I < 8; ++I)
    S += (I ? ", " : "") + R.Fields[I];
  if (R.Fields.size() > 8)
    S += ", ...";
  return S;
}

} // namespace

Expected<BatchInput> parseBatchCSV(StringRef Text, StringRef Path,
                                   StringRef Column) {
  std::vector<Record> Records = splitRecords(Text);
  BatchInput In;
  if (Records.empty())
    return In;
  const Record &First = Records.front();
  unsigned Col = 0; // 0-based
  StringRef Spec = Column.trim();
  if (!Spec.empty() && all_of(Spec, isDigit)) {
    unsigned N = 0;
    if (Spec.getAsInteger(10, N) || N == 0)
      return createStringError(inconvertibleErrorCode(),
                               "--batch-column=%s: columns count from 1",
                               Spec.str().c_str());
    Col = N - 1;
    In.HasHeader =
        Col >= First.Fields.size() || !isMachineCode(First.Fields[Col]);
  } else if (!Spec.empty()) {
    auto It = find_if(First.Fields, [&](const std::string &F) {
      return StringRef(F).trim().equals_insensitive(Spec);
    });
    if (It == First.Fields.end())
      return createStringError(
          inconvertibleErrorCode(),
          "%s:%u: error: --batch-column=%s: no column of that name in the "
          "header (%s)",
          Path.str().c_str(), First.Line, Spec.str().c_str(),
          headerList(First).c_str());
    Col = It - First.Fields.begin();
    In.HasHeader = true;
  } else {
    // Automatic: machine code in the first field means no header; a header
    // names its hex column "hex", or the hex is first.
    In.HasHeader = !isMachineCode(First.Fields.front());
    if (In.HasHeader) {
      auto It = find_if(First.Fields, [](const std::string &F) {
        return StringRef(F).trim().equals_insensitive("hex");
      });
      if (It != First.Fields.end())
        Col = It - First.Fields.begin();
    }
  }
  In.Column = Col + 1;
  std::optional<size_t> RunCol;
  if (In.HasHeader) {
    auto It = find_if(First.Fields, [](const std::string &F) {
      return StringRef(F).trim().equals_insensitive("run_iterations");
    });
    if (It != First.Fields.end())
      RunCol = It - First.Fields.begin();
  }
  for (size_t I = In.HasHeader ? 1 : 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    BatchRow Row;
    Row.Line = R.Line;
    if (Col < R.Fields.size())
      Row.Hex = StringRef(R.Fields[Col]).trim().str();
    else
      Row.Error = "the row has " + std::to_string(R.Fields.size()) +
                  " field(s), no column " + std::to_string(Col + 1);
    if (RunCol && Row.Error.empty()) {
      StringRef Field =
          *RunCol < R.Fields.size() ? StringRef(R.Fields[*RunCol]).trim() : "";
      if (!Field.empty() &&
          (Field.getAsInteger(10, Row.RunIterations) || !Row.RunIterations))
        Row.Error = "run_iterations '" + Field.str() +
                    "' is not a positive integer";
    }
    In.Rows.push_back(std::move(Row));
  }
  return In;
}

Expected<BatchInput> readBatchCSV(StringRef Path, StringRef Column) {
  auto Buf = MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: error: %s",
                             Path.str().c_str(),
                             Buf.getError().message().c_str());
  return parseBatchCSV((*Buf)->getBuffer(), Path, Column);
}

std::string csvQuote(StringRef Field) {
  if (Field.find_first_of(",\"\r\n") == StringRef::npos)
    return Field.str();
  std::string S = "\"";
  for (char C : Field) {
    if (C == '"')
      S += '"';
    S += C;
  }
  return S + "\"";
}

} // namespace luarch
