//===- HtmlReport.cpp - A self-contained HTML page of the reports --------===//
//
// Rendered from the JSON form of each report (toJSON), so that HTML and JSON
// always carry the same numbers. An index lists every kernel (a compact row
// each); the first ReportOptions::HtmlDetailed kernels follow in full
// detail, with SVG pictures (HtmlSvg.h). No scripts, no external resources:
// the page opens from disk or an archive of CI artefacts, and stays small
// for inputs with hundreds of loops.
//
//===----------------------------------------------------------------------===//
#include "HtmlSvg.h"
#include "luarch/Report/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace luarch {

using html::escape;

namespace {

/// Rows of the per-instruction table at most (the JSON has them all).
constexpr size_t MaxInstructionRows = 200;

std::string num(std::optional<double> V, const char *Fmt = "%.2f") {
  if (!V)
    return "";
  std::string S;
  raw_string_ostream(S) << format(Fmt, *V);
  return S;
}

std::string pct(std::optional<double> V) {
  if (!V)
    return "";
  std::string S;
  raw_string_ostream(S) << format("%+.1f%%", 100 * *V);
  return S;
}

StringRef str(const json::Object &O, StringRef Key) {
  if (auto S = O.getString(Key))
    return *S;
  return "";
}

/// Background for a port-pressure cell: white at 0, saturated red at the
/// busiest port's load.
std::string heat(double V, double Max) {
  if (Max <= 0 || V <= 0)
    return "";
  int Alpha = std::clamp(int(100 * V / Max), 8, 100);
  std::string S;
  raw_string_ostream(S) << " style=\"background: rgba(220,60,40,"
                        << format("%.2f", Alpha / 100.0 * 0.55) << ")\"";
  return S;
}

const char *const Style = R"(<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222;
       max-width: 1500px; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 2em;
       border-top: 1px solid #ddd; padding-top: .8em; }
h3 { font-size: 1em; margin-top: 1.5em; }
.headline { font-size: 1.3em; padding: .6em 1em; background: #f3f6fa;
            border-left: 4px solid #3367d6; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .5em 0; font-size: .9em; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
th { background: #eee; } td.l, th.l { text-align: left; }
td.code { font-family: ui-monospace, monospace; text-align: left;
          white-space: pre; }
.bottleneck, .hot { font-weight: bold; color: #b3261e; fill: #b3261e; }
.warn { color: #8a5300; }
ul.verdict li { margin: .3em 0; }
.advice { margin: .8em 0; padding: .4em 1em; background: #f1f8f1;
          border-left: 4px solid #2e7d32; }
.advice li { margin: .4em 0; } .rule { font-family: ui-monospace, monospace;
          font-size: .85em; color: #2e7d32; }
.figs { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.figs figure { margin: 0; }
figcaption { font-size: .85em; color: #555; margin-bottom: .3em; }
svg.chart { font-family: system-ui, sans-serif; font-size: 11px;
            background: #fcfcfc; border: 1px solid #e4e4e4; }
svg .axis { fill: #777; font-size: 10px; } svg .lbl { fill: #333; }
svg .val { fill: #555; font-size: 10px; }
svg .code { font-family: ui-monospace, monospace; font-size: 10px; fill: #222; }
svg .grid { stroke: #ddd; stroke-width: 1; } svg .grid2 { stroke: #f0f0f0; }
svg .bound { stroke: #3367d6; stroke-width: 1.5; stroke-dasharray: 5 3; }
svg .axisline { stroke: #555; stroke-width: 1; }
table.index td:nth-child(2) { text-align: left; font-family: ui-monospace, monospace; }
details summary { cursor: pointer; color: #3367d6; }
</style>)";

std::string bottleneckOf(const json::Object &Pred) {
  if (auto B = Pred.getString("bottleneck_summary"))
    return B->str();
  std::string S;
  if (const json::Array *L = Pred.getArray("bottleneck"))
    for (const json::Value &V : *L)
      if (auto N = V.getAsString())
        S += (S.empty() ? "" : " + ") + N->str();
  return S;
}

/// file:line, or file@address for code from objects.
std::string where(const json::Object &Kern) {
  std::string S = str(Kern, "file").str();
  if (int64_t L = Kern.getInteger("line").value_or(0))
    S += ":" + std::to_string(L);
  else if (auto A = Kern.getString("address"))
    S += "@" + A->str();
  return S;
}

std::string anchor(size_t I) { return "k" + std::to_string(I + 1); }

/// The index: one compact row per kernel; detailed ones link to their
/// section.
void indexTable(raw_ostream &OS, ArrayRef<json::Value> Kernels,
                size_t Detailed) {
  OS << "<h2 id=index>Index</h2>\n<p>" << Kernels.size() << " kernel"
     << (Kernels.size() == 1 ? "" : "s");
  if (Detailed < Kernels.size())
    OS << "; the first " << Detailed
       << " in full detail below (--html-detail=N for more, 0 for all; every "
          "number of every kernel is in --format=json)";
  OS << ".</p>\n<div class=scroll><table class=index><tr><th>#</th>"
        "<th class=l>kernel</th><th class=l>where</th><th>instr.</th>"
        "<th>cycles/iter.</th><th class=l>bottleneck</th>"
        "<th class=l>advice</th><th class=l>warnings</th></tr>\n";
  for (size_t I = 0; I < Kernels.size(); ++I) {
    const json::Object *R = Kernels[I].getAsObject();
    const json::Object *Kern = R ? R->getObject("kernel") : nullptr;
    const json::Object *Pred = R ? R->getObject("prediction") : nullptr;
    if (!Kern || !Pred)
      continue;
    std::string Name = escape(str(*Kern, "name"));
    OS << "<tr id=row" << (I + 1) << "><td>" << (I + 1) << "</td><td>";
    if (I < Detailed)
      OS << "<a href=\"#" << anchor(I) << "\">" << Name << "</a>";
    else
      OS << Name;
    OS << "</td><td class=l>" << escape(where(*Kern));
    OS << "</td><td>" << Kern->getInteger("instructions").value_or(0)
       << "</td><td>" << num(Pred->getNumber("cycles_per_iteration"))
       << "</td><td class=l>" << escape(bottleneckOf(*Pred))
       << "</td><td class=l>";
    if (const json::Array *Adv = R->getArray("advice"))
      for (size_t A = 0; A < Adv->size(); ++A)
        if (const json::Object *O = (*Adv)[A].getAsObject())
          OS << (A ? ", " : "") << "<span class=rule>"
             << escape(str(*O, "rule")) << "</span>";
    OS << "</td><td>";
    if (const json::Array *W = R->getArray("warnings_summary"))
      OS << (W->empty() ? "" : std::to_string(W->size()));
    OS << "</td></tr>\n";
  }
  OS << "</table></div>\n";
}

void headline(raw_ostream &OS, const json::Object &R) {
  const json::Object *Kern = R.getObject("kernel");
  const json::Object *CPU = R.getObject("cpu");
  const json::Object *Pred = R.getObject("prediction");
  OS << "<div class=\"headline\"><b>"
     << num(Pred->getNumber("cycles_per_iteration"))
     << "</b> cycles per iteration";
  int64_t Unroll = Kern->getInteger("unroll_factor").value_or(1);
  if (Unroll > 1)
    OS << " (" << num(Pred->getNumber("cycles_per_source_iteration"))
       << " per source iteration)";
  OS << " on " << escape(str(*CPU, "name")) << " &mdash; "
     << escape(str(*Pred, "method"));
  if (auto SB = Pred->getNumber("static_bound"))
    OS << "; static bound " << num(SB);
  OS << "<br>Bottleneck: <span class=\"bottleneck\">"
     << escape(bottleneckOf(*Pred)) << "</span></div>\n";
  if (!str(*CPU, "note").empty())
    OS << "<p class=warn>" << escape(str(*CPU, "note")) << "</p>\n";
  if (const json::Object *M = R.getObject("measurement")) {
    OS << "<p>";
    if (auto C = M->getNumber("cycles_per_iteration"))
      OS << "Measured on this host: <b>" << num(C) << "</b> cycles per "
         << "iteration (prediction error "
         << pct(M->getNumber("prediction_error")) << "); ";
    OS << escape(str(*M, "detail")) << "</p>\n";
  }

  // Advice, beside the bottleneck.
  if (const json::Array *Adv = R.getArray("advice"); Adv && !Adv->empty()) {
    OS << "<div class=advice><b>What to change</b><ul>\n";
    for (const json::Value &V : *Adv)
      if (const json::Object *A = V.getAsObject())
        OS << "<li><span class=rule>" << escape(str(*A, "rule"))
           << "</span> " << escape(str(*A, "finding")) << ".<br>&rarr; "
           << escape(str(*A, "action")) << ".</li>\n";
    OS << "</ul></div>\n";
  }
}

void sensitivity(raw_ostream &OS, const json::Object &Sens) {
  OS << "<h3>What would make it faster (sensitivity, &times;"
     << num(Sens.getNumber("factor")) << ")</h3>\n<ul class=\"verdict\">\n";
  if (const json::Array *V = Sens.getArray("verdict"))
    for (const json::Value &Line : *V)
      if (auto S = Line.getAsString())
        OS << "<li>" << escape(*S) << "</li>\n";
  OS << "</ul>\n<figure>";
  html::sensitivitySVG(OS, Sens);
  OS << "</figure>\n<details><summary>the numbers</summary>"
        "<table><tr><th class=l>resource</th><th>faster</th>"
        "<th>unlimited</th><th>slower</th><th class=l>role</th></tr>\n";
  if (const json::Array *Res = Sens.getArray("resources"))
    for (const json::Value &V : *Res) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      StringRef Role = str(*O, "role");
      if (Role == "slack" &&
          std::fabs(O->getNumber("unlimited").value_or(0)) < 0.005)
        continue;
      OS << "<tr" << (Role == "bottleneck" ? " class=bottleneck" : "")
         << "><td class=l>" << escape(str(*O, "resource")) << "</td><td>"
         << pct(O->getNumber("faster")) << "</td><td>"
         << pct(O->getNumber("unlimited")) << "</td><td>"
         << pct(O->getNumber("slower")) << "</td><td class=l>"
         << escape(Role) << "</td></tr>\n";
    }
  OS << "</table>\n";
  // Rows without figures of their own (docs/simulator.md, the sweep's cost).
  auto names = [&](const char *Key, StringRef What) {
    const json::Array *A = Sens.getArray(Key);
    if (!A || A->empty())
      return;
    std::vector<std::string> N;
    for (const json::Value &V : *A)
      if (auto S = V.getAsString())
        N.push_back(S->str());
    OS << "<p>" << escape(What) << ": " << escape(join(N, ", ")) << "</p>\n";
  };
  names("skipped", "Not binding in the baseline (skipped: scaled together, "
                   "they change nothing)");
  names("not_evaluated", "Not evaluated (the sweep's time budget ran out)");
  OS << "</details>\n";
}

void accounting(raw_ostream &OS, const json::Object &Sim) {
  double Total = Sim.getNumber("cycles_per_iteration").value_or(0);
  OS << "<details><summary>the numbers</summary>";
  for (const char *Key : {"cycle_accounting", "allocation_accounting"}) {
    const json::Object *Acc = Sim.getObject(Key);
    if (!Acc)
      continue;
    OS << "<table><tr><th class=l>"
       << (StringRef(Key) == "cycle_accounting"
               ? "oldest unfinished instruction"
               : "issue stage")
       << "</th><th>cycles/iter.</th><th>share</th></tr>\n";
    std::vector<std::pair<double, std::string>> Rows;
    for (const auto &KV : *Acc)
      if (auto V = KV.second.getAsNumber(); V && *V > 1e-9)
        Rows.push_back({*V, KV.first.str()});
    llvm::sort(Rows, [](const auto &A, const auto &B) {
      return A.first > B.first || (A.first == B.first && A.second < B.second);
    });
    for (const auto &[V, Name] : Rows)
      OS << "<tr><td class=l>" << escape(Name) << "</td><td>" << num(V)
         << "</td><td>" << (Total > 0 ? num(100 * V / Total, "%.1f%%") : "")
         << "</td></tr>\n";
    OS << "</table>\n";
  }
  OS << "</details>\n";
}

void instructionTable(raw_ostream &OS, const json::Object &R) {
  const json::Object *CPU = R.getObject("cpu");
  std::vector<std::string> Ports;
  if (const json::Array *P = CPU->getArray("ports"))
    for (const json::Value &V : *P)
      if (auto S = V.getAsString())
        Ports.push_back(S->str());
  // Cells are shaded by how busy their port is overall: the bottleneck
  // port's column is the darkest.
  double MaxLoad = 0, Divider = 0;
  std::vector<double> PortLoad;
  if (const json::Object *PP = R.getObject("port_pressure")) {
    if (const json::Array *Per = PP->getArray("per_port"))
      for (const json::Value &V : *Per) {
        PortLoad.push_back(V.getAsNumber().value_or(0));
        MaxLoad = std::max(MaxLoad, PortLoad.back());
      }
    Divider = PP->getNumber("divider").value_or(0);
  }
  PortLoad.resize(Ports.size(), 0);
  // Every port and the divider get a column, loaded or not.
  OS << "<h3>Instructions (port pressure per iteration, optimal "
        "assignment)</h3>\n<div class=scroll><table><tr><th>line</th>"
        "<th>uops</th><th>lat</th>";
  for (const std::string &P : Ports)
    OS << "<th>" << escape(P) << "</th>";
  OS << "<th>DV</th><th>CP</th><th>LCD</th><th class=l>flags</th>"
        "<th class=l>instruction</th><th class=l>source</th></tr>\n";
  size_t Shown = 0, Total = 0;
  if (const json::Array *Instrs = R.getArray("instructions")) {
    Total = Instrs->size();
    for (const json::Value &V : *Instrs) {
      const json::Object *O = V.getAsObject();
      if (!O || Shown == MaxInstructionRows)
        continue;
      ++Shown;
      OS << "<tr><td>" << O->getInteger("line").value_or(0) << "</td><td>"
         << O->getInteger("uops").value_or(0) << "</td><td>"
         << O->getInteger("latency").value_or(0) << "</td>";
      const json::Object *Pr = O->getObject("pressure");
      for (size_t P = 0; P < Ports.size(); ++P) {
        std::optional<double> L = Pr ? Pr->getNumber(Ports[P]) : std::nullopt;
        OS << "<td" << (L ? heat(PortLoad[P], MaxLoad) : "") << ">" << num(L)
           << "</td>";
      }
      auto DV = O->getNumber("divider").value_or(0);
      auto CPc = O->getNumber("critical_path").value_or(0);
      auto LCD = O->getNumber("loop_carried").value_or(0);
      OS << "<td>" << (DV > 0 ? num(DV) : "") << "</td><td>"
         << (CPc > 0 ? num(CPc, "%.1f") : "") << "</td><td>"
         << (LCD > 0 ? num(LCD, "%.1f") : "") << "</td><td class=l>"
         << escape(str(*O, "flags")) << "</td><td class=code>"
         << escape(str(*O, "text")) << "</td><td class=l>"
         << escape(str(*O, "ports")) << " [" << escape(str(*O, "source"))
         << (str(*O, "variant").empty() ? "" : ": ")
         << escape(str(*O, "variant")) << "]</td></tr>\n";
    }
  }
  OS << "<tr><th></th><th></th><th class=l>total</th>";
  for (size_t P = 0; P < Ports.size(); ++P)
    OS << "<th" << heat(PortLoad[P], MaxLoad) << ">" << num(PortLoad[P])
       << "</th>";
  OS << "<th>" << (Divider > 0 ? num(Divider) : "")
     << "</th><th></th><th></th><th></th><th></th><th></th></tr>\n"
        "</table></div>\n";
  if (Shown < Total)
    OS << "<p>(the first " << Shown << " of " << Total
       << " instructions; all of them in --format=json)</p>\n";
}

void kernelSection(raw_ostream &OS, const json::Object &R, size_t Index,
                   const ReportOptions &Opts) {
  const json::Object *Kern = R.getObject("kernel");
  const json::Object *CPU = R.getObject("cpu");
  const json::Object *Pred = R.getObject("prediction");
  if (!Kern || !CPU || !Pred)
    return;
  OS << "<h2 id=" << anchor(Index) << ">" << (Index + 1) << ". "
     << escape(str(*Kern, "name")) << " <small>(" << escape(where(*Kern))
     << ") <a href=\"#index\">index</a></small></h2>\n";
  headline(OS, R);

  // Pictures: port pressure and where the cycles go, side by side.
  OS << "<div class=figs><figure><figcaption>Port pressure (cycles per "
        "iteration; every port, and the divider)</figcaption>";
  html::portPressureSVG(OS, R);
  OS << "</figure>\n";
  const json::Object *Sim = R.getObject("simulation");
  if (Sim) {
    OS << "<figure><figcaption>Where the simulated cycles go</figcaption>";
    html::accountingSVG(OS, *Sim);
    if (!str(*Sim, "what_if").empty())
      OS << "<p class=warn>What-if machine: " << escape(str(*Sim, "what_if"))
         << "</p>\n";
    accounting(OS, *Sim);
    OS << "</figure>\n";
  }
  OS << "</div>\n";

  if (const json::Object *Sens = R.getObject("sensitivity"))
    sensitivity(OS, *Sens);

  if (Sim && Sim->getArray("timeline")) {
    OS << "<h3>Timeline of the first iterations (simulated)</h3>\n"
          "<div class=scroll>";
    html::timelineSVG(OS, R, Opts.TimelineIterations);
    OS << "</div>\n";
  }

  // Bounds.
  OS << "<h3>Bounds</h3>\n<table><tr><th class=l>bound</th><th>cycles/iter.</th>"
        "<th class=l>detail</th></tr>\n";
  if (const json::Array *B = R.getArray("bounds"))
    for (const json::Value &V : *B)
      if (const json::Object *O = V.getAsObject())
        OS << "<tr><td class=l>" << escape(str(*O, "kind")) << "</td><td>"
           << num(O->getNumber("cycles")) << "</td><td class=l>"
           << escape(str(*O, "detail")) << "</td></tr>\n";
  OS << "</table>\n";

  instructionTable(OS, R);

  // Recurrences.
  if (const json::Array *Recs = R.getArray("recurrences"); Recs && !Recs->empty()) {
    OS << "<h3>Loop-carried dependencies</h3>\n<table><tr><th>cycles/iter."
          "</th><th class=l>through</th><th class=l>instructions (index)</th>"
          "</tr>\n";
    for (const json::Value &V : *Recs) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      std::string Through, Members;
      if (const json::Array *C = O->getArray("carried"))
        for (const json::Value &X : *C)
          if (auto S = X.getAsString())
            Through += (Through.empty() ? "" : " &rarr; ") + escape(*S);
      if (const json::Array *M = O->getArray("instructions"))
        for (const json::Value &X : *M)
          Members += (Members.empty() ? "" : ", ") +
                     std::to_string(X.getAsInteger().value_or(0));
      OS << "<tr><td>" << num(O->getNumber("cycles_per_iteration"))
         << "</td><td class=l>" << Through << "</td><td class=l>" << Members
         << "</td></tr>\n";
    }
    OS << "</table>\n";
  }

  if (const json::Array *W = R.getArray("warnings_summary");
      W && !W->empty()) {
    OS << "<h3>Warnings</h3>\n<ul>\n";
    for (const json::Value &V : *W)
      if (auto S = V.getAsString())
        OS << "<li class=warn>" << escape(*S) << "</li>\n";
    OS << "</ul>\n";
  }
}

} // namespace

void printHtmlReport(raw_ostream &OS, StringRef Title,
                     ArrayRef<const KernelReport *> Reports,
                     const ReportOptions &Opts) {
  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>LoopUArch: "
     << escape(Title) << "</title>\n"
     << Style << "</head><body>\n<h1>LoopUArch report: " << escape(Title)
     << "</h1>\n";
  if (Reports.empty())
    OS << "<p>No kernels.</p>\n";
  std::vector<json::Value> Kernels;
  Kernels.reserve(Reports.size());
  for (const KernelReport *R : Reports)
    Kernels.push_back(toJSON(*R));
  size_t Detailed = Opts.HtmlDetailed ? std::min<size_t>(Opts.HtmlDetailed,
                                                         Kernels.size())
                                      : Kernels.size();
  if (!Kernels.empty()) {
    if (const json::Object *K = Kernels.front().getAsObject())
      if (const json::Object *CPU = K->getObject("cpu"))
        OS << "<p>CPU model: <b>" << escape(str(*CPU, "name")) << "</b> ("
           << escape(str(*CPU, "vendor")) << " "
           << escape(str(*CPU, "description")) << ")</p>\n";
    indexTable(OS, Kernels, Detailed);
  }
  for (size_t I = 0; I < Detailed; ++I)
    if (const json::Object *O = Kernels[I].getAsObject())
      kernelSection(OS, *O, I, Opts);
  OS << "<p><small>Generated by loop-uarch-report (LoopUArch "
     << LUARCH_VERSION_STRING
     << "); the same figures are available as JSON (--format=json, "
        "docs/json-schema.md).</small></p>\n</body></html>\n";
}

} // namespace luarch
