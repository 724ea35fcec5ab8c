//===- JsonReport.cpp - Machine-readable results (docs/json-schema.md) ---===//
#include "luarch/Report/Report.h"
#include "luarch/Report/Advice.h"

#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <string>
#include <vector>

using namespace llvm;

namespace luarch {

/// Rounds to 4 decimals so that JSON output is stable across platforms.
static double r4(double V) { return std::round(V * 1e4) / 1e4; }

static json::Array adviceJSON(const KernelReport &R) {
  json::Array Out;
  for (const AdviceRecord &A : adviseKernel(R)) {
    json::Array Instrs;
    for (unsigned I : A.Instrs)
      Instrs.push_back(int64_t(I));
    json::Object O{{"rule", A.Rule},
                   {"finding", A.Finding},
                   {"action", A.Action},
                   {"instructions", std::move(Instrs)}};
    if (A.ExpectedCycles)
      O["expected_cycles_per_iteration"] = r4(*A.ExpectedCycles);
    Out.push_back(std::move(O));
  }
  return Out;
}

/// JSON has no NaN or infinity, and llvm::json prints them bare ("nan"),
/// which no JSON parser reads. Replaces every non-finite number in \p V by
/// null and records where ("prediction.cycles_per_iteration").
static void replaceNonFinite(json::Value &V, const std::string &Path,
                             std::vector<std::string> &Replaced) {
  if (json::Object *O = V.getAsObject()) {
    for (auto &KV : *O)
      replaceNonFinite(KV.second,
                       Path.empty() ? KV.first.str()
                                    : Path + "." + KV.first.str(),
                       Replaced);
    return;
  }
  if (json::Array *A = V.getAsArray()) {
    for (size_t I = 0; I < A->size(); ++I)
      replaceNonFinite((*A)[I], Path + "[" + std::to_string(I) + "]",
                       Replaced);
    return;
  }
  if (V.kind() != json::Value::Number || V.getAsInteger())
    return;
  if (std::optional<double> D = V.getAsNumber(); D && !std::isfinite(*D)) {
    Replaced.push_back(Path);
    V = nullptr;
  }
}

json::Value toJSON(const KernelReport &R) {
  const Kernel &K = *R.K;
  const MachineModel &M = *R.M;
  const StaticAnalysis &S = R.Static;

  json::Array Ports;
  for (const PortDesc &P : M.Ports)
    Ports.push_back(P.Name);

  json::Array Bounds;
  for (const ThroughputBound &B : S.Bounds)
    Bounds.push_back(json::Object{{"kind", boundKindName(B.Kind)},
                                  {"cycles", r4(B.Cycles)},
                                  {"detail", B.Detail}});
  json::Array Limiters;
  for (BoundKind B : S.Limiters)
    Limiters.push_back(boundKindName(B));

  json::Array Instrs;
  for (size_t I = 0; I < K.size(); ++I) {
    const DecodedInstr &D = R.Decoded[I];
    json::Object Pressure;
    for (unsigned P = 0; P < M.numPorts(); ++P)
      if (S.Ports.PerInstr[I][P] > 1e-9)
        Pressure[M.Ports[P].Name] = r4(S.Ports.PerInstr[I][P]);
    json::Object O{
        {"index", int64_t(I)},
        {"line", int64_t(K.Instrs[I].Loc.Line)},
        {"text", K.Instrs[I].Text},
        {"bytes", int64_t(K.Instrs[I].Size)},
        {"uops", int64_t(D.numUops())},
        {"fused_uops", int64_t(D.FusedUops)},
        {"issue_slots", int64_t(D.IssueSlots)},
        {"latency", int64_t(D.Latency)},
        {"load_latency", int64_t(D.LoadLatency)},
        {"ports", describeUops(M, D)},
        {"pressure", std::move(Pressure)},
        {"divider", r4(S.Ports.DividerPerInstr[I])},
        {"critical_path", r4(S.Deps.CPContribution[I])},
        {"loop_carried", r4(S.Deps.LCDContribution[I])},
        {"flags", instrFlags(D)},
        {"source", decodeSourceName(D.Source)},
        {"variant", D.Variant},
    };
    if (!D.Note.empty())
      O["note"] = D.Note;
    Instrs.push_back(std::move(O));
  }

  json::Array Recs;
  for (const Recurrence &Rec : S.Deps.Recurrences) {
    json::Array Members, Carried;
    for (unsigned V : Rec.Instrs)
      Members.push_back(int64_t(V));
    for (const std::string &C : Rec.Carried)
      Carried.push_back(C);
    Recs.push_back(json::Object{{"cycles_per_iteration", r4(Rec.CyclesPerIteration)},
                                {"latency", r4(Rec.Latency)},
                                {"distance", int64_t(Rec.Distance)},
                                {"carried", std::move(Carried)},
                                {"instructions", std::move(Members)}});
  }
  json::Array CP;
  for (unsigned V : S.Deps.CriticalPathInstrs)
    CP.push_back(int64_t(V));
  json::Array PortTotals;
  for (double V : S.Ports.PerPort)
    PortTotals.push_back(r4(V));
  json::Array Warn, WarnSummary;
  for (const std::string &W : R.Warnings)
    Warn.push_back(W);
  for (const std::string &W : groupedWarnings(R))
    WarnSummary.push_back(W);

  json::Object Root{
      {"kernel",
       json::Object{{"name", K.Name},
                    {"file", K.Loc.File},
                    {"line", int64_t(K.Loc.Line)},
                    {"instructions", int64_t(K.size())},
                    {"bytes", int64_t(K.byteSize())},
                    {"shape", K.Shape == KernelShape::Loop ? "loop" : "unrolled"},
                    {"unroll_factor", int64_t(K.UnrollFactor)},
                    {"selection", R.Selection}}},
      {"cpu", json::Object{{"name", M.Name},
                           {"vendor", M.Vendor},
                           {"description", M.Description},
                           {"note", R.CPUNote},
                           {"ports", std::move(Ports)}}},
      {"prediction",
       json::Object{{"cycles_per_iteration", r4(R.cyclesPerIteration())},
                    {"cycles_per_source_iteration",
                     r4(R.cyclesPerIteration() / std::max(1u, K.UnrollFactor))},
                    {"bottleneck", std::move(Limiters)},
                    {"method", "static"},
                    // The machine of the bounds and the simulation.
                    {"what_if", R.WhatIf}}},
      {"bounds", std::move(Bounds)},
      {"critical_path", json::Object{{"cycles", r4(S.Deps.CriticalPath)},
                                     {"instructions", std::move(CP)}}},
      {"uops", json::Object{{"executed", int64_t(S.UnfusedUops)},
                            {"fused", int64_t(S.FusedUops)},
                            {"issue_slots", int64_t(S.IssueSlots)}}},
      {"port_pressure",
       json::Object{{"assignment", S.Ports.Assignment == PortAssignment::Optimal
                                       ? "optimal"
                                       : "equal-split"},
                    {"per_port", std::move(PortTotals)},
                    {"divider", r4(S.Ports.DividerTotal)},
                    {"bound", r4(S.Ports.Bound)},
                    {"bottleneck_ports", M.portSetName(S.Ports.BottleneckPorts)}}},
      {"instructions", std::move(Instrs)},
      {"recurrences", std::move(Recs)},
      {"warnings", std::move(Warn)},
      {"warnings_summary", std::move(WarnSummary)},
      {"advice", adviceJSON(R)},
  };
  if (K.Loc.HasAddress)
    (*Root.getObject("kernel"))["address"] =
        "0x" + utohexstr(K.Loc.Address, /*LowerCase=*/true);
  if (R.Sim) {
    const SimResult &Sim = *R.Sim;
    json::Object Stalls, Alloc;
    for (unsigned C = 0; C < unsigned(StallCause::NumCauses); ++C)
      Stalls[stallCauseName(StallCause(C))] = r4(Sim.Stalls[C]);
    for (unsigned C = 0; C < unsigned(AllocCause::NumCauses); ++C)
      Alloc[allocCauseName(AllocCause(C))] = r4(Sim.Allocation[C]);
    json::Array PerInstr, Ports;
    for (const auto &Row : Sim.StallsPerInstr) {
      json::Object O;
      for (unsigned C = 0; C < unsigned(StallCause::NumCauses); ++C)
        if (Row[C] > 1e-9)
          O[stallCauseName(StallCause(C))] = r4(Row[C]);
      PerInstr.push_back(std::move(O));
    }
    for (double V : Sim.PortUopsPerIteration)
      Ports.push_back(r4(V));
    Root["simulation"] = json::Object{
        {"cycles_per_iteration", r4(Sim.CyclesPerIteration)},
        {"steady_state", Sim.SteadyState},
        {"period", int64_t(Sim.Period)},
        {"iterations", int64_t(Sim.IterationsSimulated)},
        {"cycles", int64_t(Sim.Cycles)},
        {"cycle_accounting", std::move(Stalls)},
        {"allocation_accounting", std::move(Alloc)},
        {"per_instruction_accounting", std::move(PerInstr)},
        {"port_uops_per_iteration", std::move(Ports)},
        {"divider_busy_per_iteration", r4(Sim.DividerBusyPerIteration)},
        {"what_if", R.WhatIf}};
    if (!Sim.Events.empty()) {
      // Per-uop events of the traced iterations (--timeline).
      json::Array Trace;
      for (const UopEvent &E : Sim.Events) {
        json::Object O{{"iteration", int64_t(E.Iteration)},
                       {"instruction", int64_t(E.Instr)},
                       {"uop", int64_t(E.Uop)},
                       {"issued", int64_t(E.Issued)},
                       {"dispatched", int64_t(E.Dispatched)},
                       {"completed", int64_t(E.Completed)},
                       {"retired", int64_t(E.Retired)}};
        O["port"] = E.Port >= 0 && unsigned(E.Port) < M.numPorts()
                        ? json::Value(M.Ports[E.Port].Name)
                        : json::Value(nullptr);
        Trace.push_back(std::move(O));
      }
      (*Root.getObject("simulation"))["trace"] = std::move(Trace);
    }
    if (!Sim.Timeline.empty()) {
      // Per instruction of the traced iterations (also those without a
      // dispatched uop: eliminated moves, macro-fused branches).
      json::Array Iters;
      for (const auto &Row : Sim.Timeline) {
        json::Array Instrs;
        for (const SimResult::InstrTimes &T : Row)
          Instrs.push_back(json::Object{{"issued", int64_t(T.Issued)},
                                        {"dispatched", int64_t(T.Dispatched)},
                                        {"completed", int64_t(T.Completed)},
                                        {"retired", int64_t(T.Retired)}});
        Iters.push_back(std::move(Instrs));
      }
      (*Root.getObject("simulation"))["timeline"] = std::move(Iters);
    }
    if (auto *P = Root.getObject("prediction")) {
      (*P)["method"] = "simulation";
      (*P)["static_bound"] = r4(S.Throughput);
    }
  }
  if (R.TripSim) {
    const SimResult &T = *R.TripSim;
    if (auto *P = Root.getObject("prediction"))
      (*P)["trip_count"] = json::Object{
          {"iterations_per_entry", int64_t(T.TripCount)},
          {"cycles_per_entry", r4(T.CyclesPerEntry)},
          {"cycles_per_iteration", r4(T.CyclesPerIteration)},
          {"entries_measured", int64_t(T.EntriesMeasured)},
          {"repeating", T.SteadyState},
          {"method", "simulation"}};
  }
  if (R.Measured || !R.MeasureDetail.empty()) {
    json::Object Meas{{"detail", R.MeasureDetail}};
    if (R.Measured) {
      Meas["cycles_per_iteration"] = r4(*R.Measured);
      // A measurement of zero (the harness can return one) has no error
      // ratio; JSON has no infinity.
      if (*R.Measured > 0)
        Meas["prediction_error"] =
            r4(R.cyclesPerIteration() / *R.Measured - 1);
      if (*R.Measured > 0 && R.TripSim)
        Meas["trip_count_prediction_error"] =
            r4(R.TripSim->CyclesPerIteration / *R.Measured - 1);
      Meas["contended"] = R.MeasuredContended;
      Meas["pages_mapped"] = int64_t(R.MeasuredPages);
    }
    Root["measurement"] = std::move(Meas);
  }
  if (R.Sensitivity) {
    const SensitivityReport &S = *R.Sensitivity;
    json::Array Res, Verdict, Set, Skipped, NotEvaluated;
    for (const ResourceSensitivity &RS : S.Resources) {
      if (RS.Role == ResourceSensitivity::RoleSkipped)
        Skipped.push_back(RS.R.Name);
      if (RS.Role == ResourceSensitivity::RoleNotEvaluated)
        NotEvaluated.push_back(RS.R.Name);
      if (!RS.evaluated())
        continue; // no figures of its own
      json::Array Instrs;
      for (unsigned I : RS.Instrs)
        Instrs.push_back(int64_t(I));
      Res.push_back(json::Object{{"resource", RS.R.Name},
                                 {"faster", r4(RS.Accelerated)},
                                 {"unlimited", r4(RS.Unlimited)},
                                 {"slower", r4(RS.Slowed)},
                                 {"role", RS.Role},
                                 {"subsumed_by", RS.SubsumedBy},
                                 {"instructions", std::move(Instrs)}});
    }
    for (const std::string &V : S.Verdict)
      Verdict.push_back(V);
    for (const std::string &M : S.Set)
      Set.push_back(M);
    Root["sensitivity"] = json::Object{{"factor", r4(S.Factor)},
                                       {"base_cycles", r4(S.BaseCycles)},
                                       {"resources", std::move(Res)},
                                       {"set", std::move(Set)},
                                       {"set_faster", r4(S.SetAccelerated)},
                                       {"verdict", std::move(Verdict)},
                                       {"simulations", int64_t(S.Simulations)},
                                       {"skipped", std::move(Skipped)},
                                       {"not_evaluated", std::move(NotEvaluated)},
                                       {"budget_seconds",
                                        S.BudgetSeconds >= 0
                                            ? json::Value(S.BudgetSeconds)
                                            : json::Value(nullptr)},
                                       {"fixed_iterations",
                                        int64_t(S.FixedIterations)},
                                       {"fixed_warmup", int64_t(S.FixedWarmup)},
                                       {"set_search_cut", S.SetSearchCut}};
    if (auto *P = Root.getObject("prediction"))
      (*P)["bottleneck_summary"] = R.bottleneck();
  }
  if (R.Memory)
    Root["memory"] = toJSON(*R.Memory);
  json::Value Out(std::move(Root));
  std::vector<std::string> Replaced;
  replaceNonFinite(Out, "", Replaced);
  if (!Replaced.empty()) {
    llvm::sort(Replaced); // object members come in hash order
    std::string Note = "not a finite number, written as null:";
    for (const std::string &P : Replaced)
      Note += " " + P;
    Out.getAsObject()->getArray("warnings")->push_back(std::move(Note));
  }
  return Out;
}

json::Value reportDocument(StringRef Input, StringRef CPU,
                           json::Array Kernels) {
  return json::Object{{"schema", "loop-uarch-report"},
                      {"version", int64_t(JSONSchemaVersion)},
                      {"loop_uarch_version", LUARCH_VERSION_STRING},
                      {"llvm_version", LUARCH_LLVM_VERSION_STRING},
                      {"input", Input},
                      {"cpu", CPU},
                      {"kernels", std::move(Kernels)}};
}

} // namespace luarch
