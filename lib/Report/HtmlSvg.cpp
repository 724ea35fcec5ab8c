//===- HtmlSvg.cpp - SVG pictures of a report ----------------------------===//
#include "HtmlSvg.h"
#include "luarch/Support/Format.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

using namespace llvm;

namespace luarch {
namespace html {

std::string escape(StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

namespace {

/// Coordinates with one decimal: enough for the eye, small on disk.
std::string px(double V) { return fmt(V, "%.1f"); }

/// Distinct colours for ports (by index) and for accounting causes.
const char *const Palette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                               "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
                               "#9c755f", "#bab0ac", "#1f77b4", "#8c564b"};
/// The smallest round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^k)
/// not below \p V: an axis end with little wasted height.
double niceCeil(double V) {
  if (V <= 0)
    return 1;
  double P = std::pow(10.0, std::floor(std::log10(V)));
  for (double M : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
    if (M * P >= V * (1 - 1e-9))
      return M * P;
  return 10 * P;
}

const char *portColour(int Port) {
  return Port < 0 ? "#999"
                  : Palette[unsigned(Port) % (sizeof(Palette) / sizeof(*Palette))];
}

std::vector<std::string> portNames(const json::Object &K) {
  std::vector<std::string> Names;
  if (const json::Object *CPU = K.getObject("cpu"))
    if (const json::Array *P = CPU->getArray("ports"))
      for (const json::Value &V : *P)
        Names.push_back(V.getAsString().value_or("").str());
  return Names;
}

double num(const json::Object &O, StringRef Key, double Default = 0) {
  return O.getNumber(Key).value_or(Default);
}

void svgOpen(raw_ostream &OS, double W, double H, StringRef Label) {
  // Inline in HTML: no xmlns needed (and no URL in the page).
  OS << "<svg class=\"chart\" width=\""
     << px(W) << "\" height=\"" << px(H) << "\" viewBox=\"0 0 " << px(W)
     << " " << px(H) << "\" role=\"img\" aria-label=\"" << escape(Label)
     << "\">\n";
}

void rect(raw_ostream &OS, double X, double Y, double W, double H,
          StringRef Fill, StringRef Title = "", StringRef Class = "") {
  OS << "<rect x=\"" << px(X) << "\" y=\"" << px(Y) << "\" width=\""
     << px(std::max(W, 0.5)) << "\" height=\"" << px(H) << "\" fill=\""
     << Fill << "\"";
  if (!Class.empty())
    OS << " class=\"" << Class << "\"";
  if (Title.empty())
    OS << "/>";
  else
    OS << "><title>" << escape(Title) << "</title></rect>";
  OS << "\n";
}

void text(raw_ostream &OS, double X, double Y, StringRef S,
          StringRef Anchor = "start", StringRef Extra = "") {
  OS << "<text x=\"" << px(X) << "\" y=\"" << px(Y) << "\"";
  if (Anchor != "start")
    OS << " text-anchor=\"" << Anchor << "\"";
  if (!Extra.empty())
    OS << " " << Extra;
  OS << ">" << escape(S) << "</text>\n";
}

/// Accounting causes in the simulator's order, each with its colour.
const std::pair<const char *, const char *> CauseColours[] = {
    {"retiring", "#59a14f"},          {"issued at full width", "#59a14f"},
    {"front end", "#76b7b2"},         {"dependency", "#4e79a7"},
    {"port contention", "#e15759"},   {"divider busy", "#b07aa1"},
    {"serialised", "#9c755f"},        {"executing", "#f28e2b"},
    {"ROB full", "#edc948"},          {"RS full", "#e15759"},
    {"load buffer full", "#ff9da7"},  {"store buffer full", "#b07aa1"},
    {"register file full", "#9c755f"}};
const char *causeColour(StringRef Cause) {
  for (const auto &[Name, Colour] : CauseColours)
    if (Cause == Name)
      return Colour;
  return "#bab0ac";
}

} // namespace

void portPressureSVG(raw_ostream &OS, const json::Object &K) {
  std::vector<std::string> Ports = portNames(K);
  const json::Object *PP = K.getObject("port_pressure");
  const json::Object *Pred = K.getObject("prediction");
  if (!PP || !Pred)
    return;
  std::vector<double> Load;
  if (const json::Array *Per = PP->getArray("per_port"))
    for (const json::Value &V : *Per)
      Load.push_back(V.getAsNumber().value_or(0));
  Load.resize(Ports.size(), 0);
  // Every port, then the divider: a column for each, loaded or not.
  std::vector<std::pair<std::string, double>> Bars;
  for (size_t P = 0; P < Ports.size(); ++P)
    Bars.push_back({Ports[P], Load[P]});
  Bars.push_back({"DV", num(*PP, "divider")});
  double Cycles = num(*Pred, "cycles_per_iteration");
  double Max = 0.01;
  for (const auto &B : Bars)
    Max = std::max(Max, B.second);
  double Scale = niceCeil(std::max(Max, Cycles) * 1.05);
  const double Left = 44, Top = 18, PlotH = 140, BarW = 30, Gap = 8;
  double W = Left + Bars.size() * (BarW + Gap) + 100;
  double H = Top + PlotH + 30;
  svgOpen(OS, W, H, "port pressure per iteration");
  // Axis and grid: 0, half, full scale.
  for (double F : {0.0, 0.5, 1.0}) {
    double Y = Top + PlotH * (1 - F);
    OS << "<line x1=\"" << px(Left - 4) << "\" y1=\"" << px(Y) << "\" x2=\""
       << px(W - 100) << "\" y2=\"" << px(Y) << "\" class=\"grid\"/>\n";
    text(OS, Left - 6, Y + 4, fmt(Scale * F), "end", "class=\"axis\"");
  }
  for (size_t I = 0; I < Bars.size(); ++I) {
    const auto &[Name, V] = Bars[I];
    double X = Left + I * (BarW + Gap);
    double BH = PlotH * V / Scale;
    // Heat: the busiest column darkest.
    double Heat = Max > 0 ? V / Max : 0;
    std::string Fill = "rgba(220,60,40," + fmt(0.15 + 0.7 * Heat) + ")";
    bool Divider = I + 1 == Bars.size();
    rect(OS, X, Top + PlotH - BH, BarW, BH, Divider ? "#b07aa1" : Fill,
         Name + ": " + fmt(V) + " cycles per iteration",
         Divider ? "bar divider" : "bar port");
    if (V > 0.005)
      text(OS, X + BarW / 2, Top + PlotH - BH - 3, fmt(V), "middle",
           "class=\"val\"");
    text(OS, X + BarW / 2, Top + PlotH + 13, Name, "middle", "class=\"lbl\"");
  }
  double YC = Top + PlotH * (1 - Cycles / Scale);
  OS << "<line x1=\"" << px(Left - 4) << "\" y1=\"" << px(YC) << "\" x2=\""
     << px(W - 100) << "\" y2=\"" << px(YC) << "\" class=\"bound\"/>\n";
  text(OS, W - 96, YC + 4, "predicted " + fmt(Cycles), "start", "class=\"lbl\"");
  OS << "</svg>\n";
}

void accountingSVG(raw_ostream &OS, const json::Object &Sim) {
  double Total = num(Sim, "cycles_per_iteration");
  if (Total <= 0)
    return;
  struct View {
    const char *Key, *Label;
  };
  const View Views[] = {{"cycle_accounting", "oldest instruction"},
                        {"allocation_accounting", "issue stage"}};
  const double Left = 130, BarW = 480, BarH = 18, W = Left + BarW + 20;
  std::vector<std::pair<double, std::string>> Legend[2];
  for (int V = 0; V < 2; ++V)
    if (const json::Object *Acc = Sim.getObject(Views[V].Key)) {
      for (const auto &KV : *Acc)
        if (auto X = KV.second.getAsNumber(); X && *X > 1e-9)
          Legend[V].push_back({*X, KV.first.str()});
      llvm::sort(Legend[V], [](const auto &A, const auto &B) {
        return A.first > B.first || (A.first == B.first && A.second < B.second);
      });
    }
  size_t LegendRows = std::max(Legend[0].size(), Legend[1].size());
  double H = 10 + 2 * (BarH + 10) + 8 + LegendRows * 15;
  svgOpen(OS, W, H, "where the simulated cycles go");
  for (int V = 0; V < 2; ++V) {
    double Y = 10 + V * (BarH + 10);
    text(OS, 4, Y + 13, Views[V].Label, "start", "class=\"lbl\"");
    double X = Left;
    for (const auto &[C, Name] : Legend[V]) {
      double Wd = BarW * C / Total;
      rect(OS, X, Y, Wd, BarH, causeColour(Name),
           Name + ": " + fmt(C) + " cycles (" + fmt(100 * C / Total, "%.1f") +
               "%)");
      X += Wd;
    }
  }
  double LY = 10 + 2 * (BarH + 10) + 4;
  for (int V = 0; V < 2; ++V)
    for (size_t I = 0; I < Legend[V].size(); ++I) {
      const auto &[C, Name] = Legend[V][I];
      double X = V == 0 ? 4 : Left + BarW / 2;
      double Y = LY + I * 15;
      rect(OS, X, Y, 10, 10, causeColour(Name));
      text(OS, X + 14, Y + 9,
           Name + " " + fmt(C) + " (" + fmt(100 * C / Total, "%.0f") + "%)",
           "start", "class=\"lbl\"");
    }
  OS << "</svg>\n";
}

void sensitivitySVG(raw_ostream &OS, const json::Object &Sens) {
  const json::Array *Res = Sens.getArray("resources");
  if (!Res)
    return;
  struct Row {
    std::string Name, Role;
    double Faster, Unlimited;
  };
  std::vector<Row> Rows;
  for (const json::Value &V : *Res) {
    const json::Object *O = V.getAsObject();
    if (!O)
      continue;
    Row R{O->getString("resource").value_or("").str(),
          O->getString("role").value_or("").str(), num(*O, "faster"),
          num(*O, "unlimited")};
    if (R.Role == "slack" && std::fabs(R.Unlimited) < 0.005)
      continue;
    Rows.push_back(R);
    if (Rows.size() == 16)
      break;
  }
  if (Rows.empty())
    return;
  double Lo = 0, Hi = 0.05;
  for (const Row &R : Rows) {
    Lo = std::min({Lo, R.Faster, R.Unlimited});
    Hi = std::max({Hi, R.Faster, R.Unlimited});
  }
  // Very large "unlimited" gains would flatten the rest: cap the axis.
  Hi = std::min(Hi, 4.0);
  Lo = std::max(Lo, -1.0);
  const double Left = 190, PlotW = 380, RowH = 20, Top = 16;
  double W = Left + PlotW + 100, H = Top + Rows.size() * RowH + 22;
  auto X = [&](double V) {
    V = std::clamp(V, Lo, Hi);
    return Left + PlotW * (V - Lo) / (Hi - Lo);
  };
  svgOpen(OS, W, H, "sensitivity per resource");
  text(OS, Left, 11, "s = T/T' - 1 with the resource " +
                         fmt(num(Sens, "factor"), "x%.2f") +
                         " faster (dark) or unlimited (light)",
       "start", "class=\"lbl\"");
  for (size_t I = 0; I < Rows.size(); ++I) {
    const Row &R = Rows[I];
    double Y = Top + I * RowH;
    text(OS, Left - 6, Y + 13, R.Name, "end",
         R.Role == "bottleneck" ? "class=\"lbl hot\"" : "class=\"lbl\"");
    for (int B = 0; B < 2; ++B) {
      double V = B == 0 ? R.Faster : R.Unlimited;
      double X0 = X(std::min(0.0, V)), X1 = X(std::max(0.0, V));
      rect(OS, X0, Y + 3 + B * 8, X1 - X0, 7, B == 0 ? "#2f5f98" : "#9ec1e8",
           R.Name + (B == 0 ? " faster: " : " unlimited: ") +
               fmt(100 * V, "%+.1f%%") + " (" + R.Role + ")");
    }
    text(OS, X(std::max(R.Faster, R.Unlimited)) + 4, Y + 13,
         fmt(100 * R.Faster, "%+.0f%%") + " / " +
             fmt(100 * R.Unlimited, "%+.0f%%"),
         "start", "class=\"val\"");
  }
  OS << "<line x1=\"" << px(X(0)) << "\" y1=\"" << px(Top - 2) << "\" x2=\""
     << px(X(0)) << "\" y2=\"" << px(H - 18) << "\" class=\"axisline\"/>\n";
  OS << "</svg>\n";
}

void timelineSVG(raw_ostream &OS, const json::Object &K,
                 unsigned MaxIterations, unsigned MaxRows) {
  const json::Object *Sim = K.getObject("simulation");
  const json::Array *TL = Sim ? Sim->getArray("timeline") : nullptr;
  const json::Array *Instrs = K.getArray("instructions");
  if (!TL || !Instrs || TL->empty())
    return;
  std::vector<std::string> Ports = portNames(K);
  struct UopSpan {
    long Dispatched, Completed;
    int Port;
  };
  // Uop events by (iteration, instruction).
  std::map<std::pair<int64_t, int64_t>, std::vector<UopSpan>> Uops;
  if (const json::Array *Trace = Sim->getArray("trace"))
    for (const json::Value &V : *Trace)
      if (const json::Object *E = V.getAsObject()) {
        int Port = -1;
        if (auto Name = E->getString("port"))
          for (size_t P = 0; P < Ports.size(); ++P)
            if (Ports[P] == *Name)
              Port = int(P);
        Uops[{E->getInteger("iteration").value_or(0),
              E->getInteger("instruction").value_or(0)}]
            .push_back({long(E->getInteger("dispatched").value_or(-1)),
                        long(E->getInteger("completed").value_or(-1)), Port});
      }
  struct RowData {
    unsigned Iter, Instr;
    long Issued, Dispatched, Completed, Retired;
  };
  std::vector<RowData> Rows;
  unsigned Iters = std::min<unsigned>(MaxIterations, TL->size());
  bool Cut = false;
  for (unsigned It = 0; It < Iters && !Cut; ++It) {
    const json::Array *Row = (*TL)[It].getAsArray();
    if (!Row)
      continue;
    for (size_t I = 0; I < Row->size(); ++I) {
      if (Rows.size() == MaxRows) {
        Cut = true;
        break;
      }
      const json::Object *T = (*Row)[I].getAsObject();
      if (!T)
        continue;
      Rows.push_back({It, unsigned(I), long(T->getInteger("issued").value_or(-1)),
                      long(T->getInteger("dispatched").value_or(-1)),
                      long(T->getInteger("completed").value_or(-1)),
                      long(T->getInteger("retired").value_or(-1))});
    }
  }
  long Last = 1;
  for (const RowData &R : Rows)
    Last = std::max({Last, R.Retired, R.Completed, R.Issued});
  const long MaxCycles = 240;
  bool CutCycles = Last >= MaxCycles;
  long Cycles = std::min(Last + 1, MaxCycles);
  const double Left = 250, RowH = 13, Top = 16;
  double Cell = std::clamp(640.0 / Cycles, 3.0, 14.0);
  double PlotW = Cycles * Cell;
  double H = Top + Rows.size() * RowH + 40;
  double W = std::max(Left + PlotW + 10, 860.0); // room for the legend
  svgOpen(OS, W, H, "timeline of the first iterations");
  // Cycle grid.
  for (long C = 0; C <= Cycles; C += 5) {
    double X = Left + C * Cell;
    OS << "<line x1=\"" << px(X) << "\" y1=\"" << px(Top - 2) << "\" x2=\""
       << px(X) << "\" y2=\"" << px(Top + Rows.size() * RowH) << "\" class="
       << (C % 10 == 0 ? "\"grid\"" : "\"grid2\"") << "/>\n";
    if (C % 10 == 0)
      text(OS, X, Top - 5, std::to_string(C), "middle", "class=\"axis\"");
  }
  auto XC = [&](long C) {
    return Left + std::clamp<long>(C, 0, Cycles) * Cell;
  };
  std::vector<bool> PortUsed(Ports.size(), false);
  for (size_t RI = 0; RI < Rows.size(); ++RI) {
    const RowData &R = Rows[RI];
    double Y = Top + RI * RowH;
    const json::Object *IO = (*Instrs)[R.Instr].getAsObject();
    std::string Text = IO ? IO->getString("text").value_or("").str() : "";
    std::string Label = "[" + std::to_string(R.Iter) + "," +
                        std::to_string(R.Instr) + "] " +
                        (Text.size() > 34 ? Text.substr(0, 33) + "~" : Text);
    text(OS, 2, Y + 10, Label, "start", "class=\"code\"");
    if (R.Issued < 0)
      continue;
    std::string Where = "[" + std::to_string(R.Iter) + "," +
                        std::to_string(R.Instr) + "] " + Text + ": ";
    const auto &Spans = Uops[{R.Iter, R.Instr}];
    long FirstDispatch = R.Dispatched >= 0 ? R.Dispatched : R.Completed;
    // Waiting in the scheduler, executing (per uop), waiting to retire.
    if (FirstDispatch > R.Issued + 1)
      rect(OS, XC(R.Issued + 1), Y + 2, XC(FirstDispatch) - XC(R.Issued + 1),
           RowH - 4, "#cfe0f5",
           Where + "waiting, cycles " + std::to_string(R.Issued + 1) + "-" +
               std::to_string(FirstDispatch - 1));
    if (Spans.empty() && R.Retired > R.Issued) {
      rect(OS, XC(R.Issued + 1), Y + 4, XC(R.Retired) - XC(R.Issued + 1),
           RowH - 8, "#d9d9d9", Where + "no execution uop");
    }
    double LaneH = (RowH - 4) / std::max<size_t>(1, Spans.size());
    for (size_t U = 0; U < Spans.size(); ++U) {
      const UopSpan &S = Spans[U];
      if (S.Dispatched < 0)
        continue;
      long End = std::max(S.Completed, S.Dispatched + 1);
      if (S.Port >= 0 && size_t(S.Port) < PortUsed.size())
        PortUsed[S.Port] = true;
      rect(OS, XC(S.Dispatched), Y + 2 + U * LaneH,
           XC(End) - XC(S.Dispatched), LaneH, portColour(S.Port),
           Where + "uop " + std::to_string(U) + " on " +
               (S.Port >= 0 && size_t(S.Port) < Ports.size() ? Ports[S.Port]
                                                            : "-") +
               ", cycles " + std::to_string(S.Dispatched) + "-" +
               std::to_string(End - 1));
    }
    if (R.Completed >= 0 && R.Retired > R.Completed + 1)
      rect(OS, XC(R.Completed), Y + 4, XC(R.Retired) - XC(R.Completed),
           RowH - 8, "#e6e6e6",
           Where + "done, waiting to retire until cycle " +
               std::to_string(R.Retired));
    // Issue and retire marks.
    rect(OS, XC(R.Issued), Y + 1, std::max(1.5, Cell * 0.35), RowH - 2,
         "#333", Where + "issued in cycle " + std::to_string(R.Issued),
         "issue");
    if (R.Retired >= 0)
      rect(OS, XC(R.Retired), Y + 1, std::max(1.5, Cell * 0.35), RowH - 2,
           "#2e7d32", Where + "retired in cycle " + std::to_string(R.Retired),
           "retire");
  }
  // Legend.
  double LY = Top + Rows.size() * RowH + 8;
  double LX = 2;
  auto Key = [&](StringRef Fill, StringRef Label) {
    rect(OS, LX, LY, 10, 10, Fill);
    text(OS, LX + 13, LY + 9, Label, "start", "class=\"lbl\"");
    LX += 18 + 6.2 * Label.size();
  };
  Key("#333", "issued");
  Key("#cfe0f5", "waiting for operands/port");
  for (size_t P = 0; P < Ports.size(); ++P)
    if (PortUsed[P])
      Key(portColour(int(P)), "port " + Ports[P]);
  Key("#e6e6e6", "waiting to retire");
  Key("#2e7d32", "retired");
  if (Cut || CutCycles)
    text(OS, 2, LY + 26,
         std::string("(") + (Cut ? "first " + std::to_string(Rows.size()) +
                                       " rows"
                                 : std::string("")) +
             (Cut && CutCycles ? ", " : "") +
             (CutCycles ? "first " + std::to_string(MaxCycles) + " cycles"
                        : std::string("")) +
             " shown)",
         "start", "class=\"lbl\"");
  OS << "</svg>\n";
}

} // namespace html
} // namespace luarch
