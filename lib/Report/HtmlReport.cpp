//===- HtmlReport.cpp - A self-contained HTML page of the reports --------===//
//
// Rendered from the JSON form of each report (toJSON), so that HTML and JSON
// always carry the same numbers; the text report is embedded too, for
// copy-and-paste. No scripts, no external resources: the page opens from
// disk or an archive of CI artefacts.
//
//===----------------------------------------------------------------------===//
#include "luarch/Report/Report.h"

#include "llvm/Support/Format.h"

#include <algorithm>

using namespace llvm;

namespace luarch {

namespace {

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
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; margin-top: 2em; }
h3 { font-size: 1em; margin-top: 1.5em; }
.headline { font-size: 1.3em; padding: .6em 1em; background: #f3f6fa;
            border-left: 4px solid #3367d6; }
table { border-collapse: collapse; margin: .5em 0; font-size: .9em; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
th { background: #eee; } td.l, th.l { text-align: left; }
td.code { font-family: ui-monospace, monospace; text-align: left;
          white-space: pre; }
.bottleneck { font-weight: bold; color: #b3261e; }
.warn { color: #8a5300; }
pre { background: #f7f7f7; padding: 1em; overflow-x: auto; font-size: .85em; }
ul.verdict li { margin: .3em 0; }
.advice { margin: .8em 0; padding: .4em 1em; background: #f1f8f1;
          border-left: 4px solid #2e7d32; }
.advice li { margin: .4em 0; } .rule { font-family: ui-monospace, monospace;
          font-size: .85em; color: #2e7d32; }
</style>)";

void kernelSection(raw_ostream &OS, const json::Object &R,
                   const std::string &Text) {
  const json::Object *Kern = R.getObject("kernel");
  const json::Object *CPU = R.getObject("cpu");
  const json::Object *Pred = R.getObject("prediction");
  if (!Kern || !CPU || !Pred)
    return;
  OS << "<h2>" << escape(str(*Kern, "name")) << " <small>("
     << escape(str(*Kern, "file")) << ":" << Kern->getInteger("line").value_or(0)
     << ")</small></h2>\n";

  // Headline.
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
  OS << "<br>Bottleneck: <span class=\"bottleneck\">";
  if (auto B = Pred->getString("bottleneck_summary"))
    OS << escape(*B);
  else if (const json::Array *L = Pred->getArray("bottleneck")) {
    std::string S;
    for (const json::Value &V : *L)
      if (auto N = V.getAsString())
        S += (S.empty() ? "" : " + ") + N->str();
    OS << escape(S);
  }
  OS << "</span></div>\n";

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

  // Verdict.
  if (const json::Object *Sens = R.getObject("sensitivity")) {
    OS << "<h3>What would make it faster (sensitivity, &times;"
       << num(Sens->getNumber("factor")) << ")</h3>\n<ul class=\"verdict\">\n";
    if (const json::Array *V = Sens->getArray("verdict"))
      for (const json::Value &Line : *V)
        if (auto S = Line.getAsString())
          OS << "<li>" << escape(*S) << "</li>\n";
    OS << "</ul>\n<table><tr><th class=l>resource</th><th>faster</th>"
          "<th>unlimited</th><th>slower</th><th class=l>role</th></tr>\n";
    if (const json::Array *Res = Sens->getArray("resources"))
      for (const json::Value &V : *Res) {
        const json::Object *O = V.getAsObject();
        if (!O)
          continue;
        StringRef Role = str(*O, "role");
        if (Role == "slack" && std::fabs(O->getNumber("unlimited").value_or(0)) < 0.005)
          continue;
        OS << "<tr" << (Role == "bottleneck" ? " class=bottleneck" : "")
           << "><td class=l>" << escape(str(*O, "resource")) << "</td><td>"
           << pct(O->getNumber("faster")) << "</td><td>"
           << pct(O->getNumber("unlimited")) << "</td><td>"
           << pct(O->getNumber("slower")) << "</td><td class=l>"
           << escape(Role) << "</td></tr>\n";
      }
    OS << "</table>\n";
  }

  // Simulation accounting.
  if (const json::Object *Sim = R.getObject("simulation")) {
    OS << "<h3>Where the simulated cycles go</h3>\n";
    if (!str(*Sim, "what_if").empty())
      OS << "<p class=warn>What-if machine: " << escape(str(*Sim, "what_if"))
         << "</p>\n";
    double Total = Sim->getNumber("cycles_per_iteration").value_or(0);
    for (const char *Key : {"cycle_accounting", "allocation_accounting"}) {
      const json::Object *Acc = Sim->getObject(Key);
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
        return A.first > B.first;
      });
      for (const auto &[V, Name] : Rows)
        OS << "<tr><td class=l>" << escape(Name) << "</td><td>" << num(V)
           << "</td><td>" << (Total > 0 ? num(100 * V / Total, "%.1f%%") : "")
           << "</td></tr>\n";
      OS << "</table>\n";
    }
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

  // Per-instruction table with a port heat map.
  std::vector<std::string> Ports;
  if (const json::Array *P = CPU->getArray("ports"))
    for (const json::Value &V : *P)
      if (auto S = V.getAsString())
        Ports.push_back(S->str());
  // Cells are shaded by how busy their port is overall: the bottleneck
  // port's column is the darkest.
  double MaxLoad = 0;
  std::vector<double> PortLoad;
  if (const json::Object *PP = R.getObject("port_pressure"))
    if (const json::Array *Per = PP->getArray("per_port"))
      for (const json::Value &V : *Per) {
        PortLoad.push_back(V.getAsNumber().value_or(0));
        MaxLoad = std::max(MaxLoad, PortLoad.back());
      }
  PortLoad.resize(Ports.size(), 0);
  OS << "<h3>Instructions (port pressure per iteration, optimal "
        "assignment)</h3>\n<table><tr><th>line</th><th>uops</th><th>lat</th>";
  for (const std::string &P : Ports)
    OS << "<th>" << escape(P) << "</th>";
  OS << "<th>CP</th><th>LCD</th><th class=l>flags</th>"
        "<th class=l>instruction</th><th class=l>source</th></tr>\n";
  if (const json::Array *Instrs = R.getArray("instructions"))
    for (const json::Value &V : *Instrs) {
      const json::Object *O = V.getAsObject();
      if (!O)
        continue;
      OS << "<tr><td>" << O->getInteger("line").value_or(0) << "</td><td>"
         << O->getInteger("uops").value_or(0) << "</td><td>"
         << O->getInteger("latency").value_or(0) << "</td>";
      const json::Object *Pr = O->getObject("pressure");
      for (size_t P = 0; P < Ports.size(); ++P) {
        std::optional<double> L = Pr ? Pr->getNumber(Ports[P]) : std::nullopt;
        OS << "<td" << (L ? heat(PortLoad[P], MaxLoad) : "") << ">" << num(L)
           << "</td>";
      }
      auto CPc = O->getNumber("critical_path").value_or(0);
      auto LCD = O->getNumber("loop_carried").value_or(0);
      OS << "<td>" << (CPc > 0 ? num(CPc, "%.1f") : "") << "</td><td>"
         << (LCD > 0 ? num(LCD, "%.1f") : "") << "</td><td class=l>"
         << escape(str(*O, "flags")) << "</td><td class=code>"
         << escape(str(*O, "text")) << "</td><td class=l>"
         << escape(str(*O, "ports")) << " [" << escape(str(*O, "source"))
         << (str(*O, "variant").empty() ? "" : ": ")
         << escape(str(*O, "variant")) << "]</td></tr>\n";
    }
  OS << "<tr><th></th><th></th><th class=l>total</th>";
  for (size_t P = 0; P < Ports.size(); ++P)
    OS << "<th" << heat(PortLoad[P], MaxLoad) << ">" << num(PortLoad[P])
       << "</th>";
  OS << "<th></th><th></th><th></th><th></th><th></th></tr>\n</table>\n";

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
  OS << "<details><summary>Text report</summary><pre>" << escape(Text)
     << "</pre></details>\n";
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
  for (const KernelReport *R : Reports) {
    json::Value V = toJSON(*R);
    std::string Text;
    raw_string_ostream TS(Text);
    printTextReport(TS, *R, Opts);
    if (const json::Object *O = V.getAsObject())
      kernelSection(OS, *O, Text);
  }
  OS << "<p><small>Generated by loop-uarch-report; the same figures are "
        "available as JSON (--format=json, docs/json-schema.md).</small></p>\n"
        "</body></html>\n";
}

} // namespace luarch
