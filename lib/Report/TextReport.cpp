//===- TextReport.cpp - The report a performance engineer reads ----------===//
#include "luarch/Report/Report.h"
#include "luarch/Report/Advice.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cmath>

using namespace llvm;

namespace luarch {

std::string instrFlags(const DecodedInstr &D) {
  std::string F;
  if (D.MacroFusedIntoPrev)
    F += "F";
  bool MicroFused = D.FusedUops < D.numUops() && !D.Unlaminated;
  if (MicroFused)
    F += "^";
  if (D.Unlaminated)
    F += "U";
  if (D.ZeroIdiom || D.OnesIdiom)
    F += "Z";
  if (D.EliminatedMove)
    F += "M";
  if (D.StackSync)
    F += "#";
  if (D.Source == DecodeSource::LLVMSchedModel ||
      D.Source == DecodeSource::UopsInfoPartial)
    F += "~";
  if (D.Source == DecodeSource::Unsupported)
    F += "X";
  return F;
}

std::string KernelReport::bottleneck() const {
  // Beyond L1, a memory node may set the applicable prediction.
  if (Memory && Memory->Applicable && !Memory->Applicable->verdict().empty())
    return Memory->Applicable->verdict();
  if (Sensitivity) {
    // The resources whose acceleration speeds the loop up, strongest first.
    std::vector<std::string> Names;
    bool Latency = false;
    for (const ResourceSensitivity &RS : Sensitivity->Resources) {
      if (RS.Role != "bottleneck" || Names.size() >= 3)
        continue;
      bool IsLat = RS.R.Kind == ResourceKind::AllLatencies ||
                   RS.R.Kind == ResourceKind::InstrLatency ||
                   RS.R.Kind == ResourceKind::LoadLatency;
      if (IsLat && Latency)
        continue;
      Latency |= IsLat;
      Names.push_back(IsLat ? "latency (dependency chain)" : RS.R.Name);
    }
    if (!Sensitivity->Set.empty() && Names.empty())
      return "balanced {" + join(Sensitivity->Set, ", ") + "}";
    if (!Names.empty())
      return join(Names, " + ");
  }
  std::vector<std::string> Names;
  for (BoundKind K : Static.Limiters) {
    std::string N = boundKindName(K).str();
    if (K == BoundKind::Ports)
      N += " (" + M->portSetName(Static.Ports.BottleneckPorts) + ")";
    Names.push_back(N);
  }
  return join(Names, " + ");
}

/// Where an instruction is: its source line, else its address, else its
/// index in the kernel.
static std::string position(const KernelInstr &KI, size_t Index) {
  if (KI.Loc.Line)
    return std::to_string(KI.Loc.Line);
  if (KI.Loc.HasAddress)
    return utohexstr(KI.Loc.Address, /*LowerCase=*/true);
  return std::to_string(Index);
}

static std::string num(double V, unsigned Width = 5) {
  std::string S;
  raw_string_ostream OS(S);
  if (std::fabs(V) < 0.005)
    OS << std::string(Width, ' ');
  else
    OS << format("%*.2f", Width, V);
  // A figure wider than its column (a microcoded instruction's 11518.00)
  // must not run into the text before it.
  if (S.size() > Width)
    S.insert(S.begin(), ' ');
  return S;
}

static std::string cell(double V, unsigned Width) {
  if (std::fabs(V) < 0.005)
    return std::string(Width, ' ');
  std::string S;
  raw_string_ostream(S) << format("%*.1f", Width, V);
  return S;
}

static void printSimulation(raw_ostream &OS, const KernelReport &R) {
  const SimResult &Sim = *R.Sim;
  OS << "Simulation (uop flow): " << format("%.2f", Sim.CyclesPerIteration)
     << " cycles per iteration, "
     << (!Sim.SteadyState ? std::string("no steady state detected")
         : Sim.Period
             ? "steady state (period " + std::to_string(Sim.Period) + ")"
             : "converged without an exact period (+-" +
                   formatv("{0:F2}", Sim.RateError).str() +
                   " cycles/iteration)")
     << " after " << Sim.IterationsSimulated << " iterations\n";
  if (!R.WhatIf.empty())
    OS << "  What-if machine: " << R.WhatIf
       << " (the numbers below are for this changed machine)\n";
  double Total = std::max(1e-9, Sim.CyclesPerIteration);
  OS << "  Where the cycles go (each cycle, the oldest unfinished "
        "instruction)\n";
  for (unsigned C = 0; C < unsigned(StallCause::NumCauses); ++C)
    if (Sim.Stalls[C] > 0.005)
      OS << "    " << left_justify(stallCauseName(StallCause(C)), 18)
         << format("%8.2f  %5.1f%%", Sim.Stalls[C], 100 * Sim.Stalls[C] / Total)
         << "   " << stallCauseDescription(StallCause(C)) << "\n";
  OS << "  Allocation (issue stage, each cycle)\n";
  for (unsigned C = 0; C < unsigned(AllocCause::NumCauses); ++C)
    if (Sim.Allocation[C] > 0.005)
      OS << "    " << left_justify(allocCauseName(AllocCause(C)), 22)
         << format("%8.2f  %5.1f%%", Sim.Allocation[C],
                   100 * Sim.Allocation[C] / Total)
         << "\n";
  OS << "\n";
}

/// llvm-mca-style timeline: D issued (allocated), = waiting in the
/// scheduler, e executing, E completed, - waiting to retire, R retired.
static void printTimeline(raw_ostream &OS, const KernelReport &R,
                          unsigned Iterations, unsigned MaxCycles) {
  const SimResult &Sim = *R.Sim;
  const Kernel &K = *R.K;
  unsigned Iters = std::min<unsigned>(Iterations, Sim.Timeline.size());
  long Last = 0;
  for (unsigned It = 0; It < Iters; ++It)
    for (const auto &T : Sim.Timeline[It])
      Last = std::max({Last, T.Retired, T.Completed});
  const long MaxCols = MaxCycles ? long(MaxCycles) : Last + 1;
  long Cols = std::min(Last + 1, MaxCols);
  OS << "Timeline (first " << Iters << " iterations; D issued, = waiting, "
     << "e executing, E done, - waiting to retire, R retired)\n";
  OS << "  " << left_justify("[iter,instr]", 13);
  for (long C = 0; C < Cols; ++C)
    OS << (C % 10 == 0 ? char('0' + (C / 10) % 10) : ' ');
  OS << "\n  " << std::string(13, ' ');
  for (long C = 0; C < Cols; ++C)
    OS << char('0' + C % 10);
  OS << "\n";
  for (unsigned It = 0; It < Iters; ++It)
    for (size_t I = 0; I < K.size(); ++I) {
      const auto &T = Sim.Timeline[It][I];
      std::string Row(Cols, ' ');
      auto put = [&](long C, char Ch) {
        if (C >= 0 && C < Cols)
          Row[C] = Ch;
      };
      long Disp = T.Dispatched >= 0 ? T.Dispatched : T.Completed;
      for (long C = T.Issued + 1; C < Disp && C >= 0; ++C)
        put(C, '=');
      for (long C = std::max(Disp, 0L); C < T.Completed; ++C)
        put(C, 'e');
      if (T.Completed >= 0 && T.Completed != T.Retired)
        put(T.Completed, 'E');
      for (long C = T.Completed + 1; C < T.Retired && T.Completed >= 0; ++C)
        put(C, '-');
      put(T.Issued, 'D');
      put(T.Retired, 'R');
      OS << "  " << left_justify("[" + std::to_string(It) + "," +
                                     std::to_string(I) + "]",
                                 13)
         << StringRef(Row).rtrim() << (Last >= MaxCols ? " ..." : "") << "  "
         << K.Instrs[I].Text << "\n";
    }
  OS << "\n";
}

static void printSensitivity(raw_ostream &OS, const KernelReport &R) {
  const SensitivityReport &S = *R.Sensitivity;
  OS << "Sensitivity (s = T/T' - 1 when one resource is x"
     << format("%.2f", S.Factor) << " faster; base "
     << format("%.2f", S.BaseCycles) << " cycles/iteration)\n";
  for (const std::string &V : S.Verdict)
    OS << "  * " << V << "\n";
  OS << "  " << left_justify("resource", 26) << "  faster   unlimited  slower"
     << "   role\n";
  bool AnyAnomaly = false;
  std::vector<std::string> Skipped, NotEvaluated;
  for (const ResourceSensitivity &RS : S.Resources) {
    if (RS.Role == ResourceSensitivity::RoleSkipped)
      Skipped.push_back(RS.R.Name);
    if (RS.Role == ResourceSensitivity::RoleNotEvaluated)
      NotEvaluated.push_back(RS.R.Name);
    if (!RS.evaluated() ||
        (RS.Role == "slack" && std::fabs(RS.Unlimited) < 0.005))
      continue; // irrelevant either way: keep the table short
    OS << "  " << left_justify(RS.R.Name, 26)
       << format("%+7.1f%%   %+7.1f%%  %+6.1f%%", 100 * RS.Accelerated,
                 100 * RS.Unlimited, 100 * RS.Slowed)
       << "   " << RS.Role
       << (RS.SubsumedBy.empty() ? "" : " (by " + RS.SubsumedBy + ")")
       << "\n";
    AnyAnomaly |= RS.Accelerated <= -0.01 || RS.Unlimited <= -0.01;
  }
  if (AnyAnomaly)
    OS << "  (negative 'faster'/'unlimited' values: speeding that resource "
          "up changed "
          "port binding or dispatch order for the worse; greedy hardware "
          "schedulers show such anomalies too)\n";
  if (!S.Set.empty())
    OS << "  set {" << join(S.Set, ", ") << "}"
       << format(": %+.1f%%", 100 * S.SetAccelerated) << "\n";
  // Names are listed up to a screenful; the JSON report has them all.
  auto list = [](ArrayRef<std::string> Names) {
    std::string L = join(Names.take_front(12), ", ");
    if (Names.size() > 12)
      L += ", ... (" + std::to_string(Names.size() - 12) + " more)";
    return L;
  };
  if (!Skipped.empty())
    OS << "  not binding in the baseline (skipped: scaled together, they "
          "change nothing): "
       << list(Skipped) << "\n";
  if (!NotEvaluated.empty())
    OS << "  not evaluated (the sweep's time budget of "
       << format("%g", S.BudgetSeconds)
       << " s ran out; --sensitivity-budget): " << list(NotEvaluated)
       << "\n";
  if (S.SetSearchCut)
    OS << "  (the search for a balanced set was cut short by the time "
          "budget)\n";
  if (S.FixedIterations)
    OS << "  (large kernel: each run simulated " << S.FixedIterations
       << " iterations, measured after the first " << S.FixedWarmup << ")\n";
  OS << "  (" << S.Simulations << " simulations, "
     << format("%.1f", S.Seconds * 1000) << " ms)\n\n";
}

void printTextReport(raw_ostream &OS, const KernelReport &R,
                     const ReportOptions &Opts) {
  const Kernel &K = *R.K;
  const MachineModel &M = *R.M;
  const StaticAnalysis &S = R.Static;

  OS << "Kernel: " << K.Name << "  (" << K.Loc.str() << ")\n";
  OS << "CPU: " << M.Name << " (" << M.Vendor << " " << M.Description
     << ")\n";
  if (!R.CPUNote.empty())
    OS << "  " << R.CPUNote << "\n";
  if (R.Measured) {
    double P = R.cyclesPerIteration();
    OS << "Measured on this host: " << format("%.2f", *R.Measured)
       << " cycles per iteration (predicted " << format("%.2f", P);
    if (*R.Measured > 0)
      OS << ", error " << format("%+.1f%%", 100 * (P / *R.Measured - 1));
    if (R.TripSim) {
      double T = R.TripSim->CyclesPerIteration;
      OS << "; for " << R.TripSim->TripCount << " per entry "
         << format("%.2f", T);
      if (*R.Measured > 0)
        OS << ", error " << format("%+.1f%%", 100 * (T / *R.Measured - 1));
    }
    OS << "); " << R.MeasureDetail << "\n";
  } else if (!R.MeasureDetail.empty()) {
    OS << "Measurement: " << R.MeasureDetail << "\n";
  }
  OS << "Instructions: " << K.size() << ", uops: " << S.UnfusedUops
     << " executed, " << S.FusedUops << " fused, " << S.IssueSlots
     << " issue slots";
  if (!R.Selection.empty())
    OS << "; region from " << R.Selection;
  OS << "\n\n";

  OS << "Cycles per iteration: " << format("%.2f", R.cyclesPerIteration());
  if (K.UnrollFactor > 1)
    OS << "  (" << format("%.2f", R.cyclesPerIteration() / K.UnrollFactor)
       << " per source iteration, unroll factor " << K.UnrollFactor << ")";
  if (R.Sim)
    OS << "  [simulated; static bound " << format("%.2f", S.Throughput)
       << "]";
  if (R.TripSim)
    OS << "  [steady state]\nFor " << R.TripSim->TripCount
       << " iterations per entry: "
       << format("%.2f", R.TripSim->CyclesPerEntry) << " cycles per entry, "
       << format("%.2f", R.TripSim->CyclesPerIteration)
       << " per iteration  [simulated: entries back to back, chains "
          "restarting each entry]";
  OS << "\nBottleneck: " << R.bottleneck() << "\n";
  // What to change, beside the bottleneck it addresses.
  for (const AdviceRecord &A : adviseKernel(R))
    OS << "Advice [" << A.Rule << "]: " << A.Finding << ".\n  -> "
       << A.Action << ".\n";
  if (R.Memory && R.Memory->Applicable)
    OS << memoryHeadline(*R.Memory) << "\n";
  OS << "\n";
  if (R.Sim)
    printSimulation(OS, R);
  if (R.Sensitivity)
    printSensitivity(OS, R);
  if (R.Memory)
    printMemoryPrediction(OS, *R.Memory);
  if (R.Sim && Opts.ShowTimeline && !R.Sim->Timeline.empty())
    printTimeline(OS, R, Opts.TimelineIterations, Opts.TimelineMaxCycles);

  OS << "Bounds (cycles per iteration"
     << (R.WhatIf.empty() ? "" : "; of the what-if machine: " + R.WhatIf)
     << ")\n";
  for (const ThroughputBound &B : S.Bounds)
    OS << "  " << left_justify(boundKindName(B.Kind), 24) << num(B.Cycles, 7)
       << "   " << B.Detail << "\n";
  OS << "  " << left_justify("critical path (1 iter.)", 24)
     << num(S.Deps.CriticalPath, 7)
     << "   longest chain in one iteration; an upper bound only if "
        "iterations could not overlap\n\n";

  if (Opts.ShowTable) {
    // Ports with any pressure, plus DV if the divider is used.
    std::vector<unsigned> Cols;
    for (unsigned P = 0; P < M.numPorts(); ++P)
      if (S.Ports.PerPort[P] > 0.005)
        Cols.push_back(P);
    bool DV = S.Ports.DividerTotal > 0;
    unsigned CW = 5;
    for (unsigned P : Cols)
      CW = std::max<unsigned>(CW, M.Ports[P].Name.size());
    OS << (S.Ports.Assignment == PortAssignment::Optimal
               ? "Port pressure (cycles per iteration, optimal assignment)\n"
               : "Port pressure (cycles per iteration, equal split)\n");
    auto rule = [&] {
      OS << "  " << std::string(11 + (CW + 1) * Cols.size() + (DV ? 7 : 0) +
                                    13 + 40, '-')
         << "\n";
    };
    OS << "  Line Uops Lat |";
    for (unsigned P : Cols)
      OS << " " << right_justify(M.Ports[P].Name, CW);
    if (DV)
      OS << " |    DV";
    OS << " |   CP  LCD | Instruction\n";
    rule();
    for (size_t I = 0; I < K.size(); ++I) {
      const DecodedInstr &D = R.Decoded[I];
      std::string Uops = D.MacroFusedIntoPrev
                             ? "0F"
                             : std::to_string(D.numUops());
      Uops += instrFlags(D).find_first_of("^U") != std::string::npos
                  ? instrFlags(D).substr(instrFlags(D).find_first_of("^U"), 1)
                  : "";
      OS << "  " << right_justify(position(K.Instrs[I], I), 4)
         << " " << left_justify(Uops, 4) << " " << right_justify(
                std::to_string(D.Latency), 3)
         << " |";
      for (unsigned P : Cols)
        OS << " " << num(S.Ports.PerInstr[I][P], CW);
      if (DV)
        OS << " | " << num(S.Ports.DividerPerInstr[I], 5);
      OS << " | " << cell(S.Deps.CPContribution[I], 4) << " "
         << cell(S.Deps.LCDContribution[I], 4) << " | ";
      std::string Flags = instrFlags(D);
      OS << left_justify(Flags, 2) << " " << K.Instrs[I].Text << "\n";
      if (Opts.ShowDecoding)
        OS << "  " << std::string(13 + (CW + 1) * Cols.size() + (DV ? 8 : 0), ' ')
           << "      " << describeUops(M, D) << "  [" << decodeSourceName(D.Source)
           << ": " << D.Variant << "]\n";
    }
    rule();
    OS << "  Total " << left_justify(std::to_string(S.UnfusedUops), 7) << "|";
    for (unsigned P : Cols)
      OS << " " << num(S.Ports.PerPort[P], CW);
    if (DV)
      OS << " | " << num(S.Ports.DividerTotal, 5);
    OS << " | " << cell(S.Deps.CriticalPath, 4) << " "
       << cell(S.Deps.RecurrenceBound, 4) << " |\n";
    OS << "  Flags: F macro-fused with the previous instruction, ^ "
          "micro-fused, U unlaminated, Z zero/ones idiom, M executed at rename\n"
          "         (eliminated move; inc/dec/add-immediate on Golden Cove),\n"
          "         ~ not from uops.info (LLVM scheduling model), X unknown "
          "to both models (1 ALU uop assumed),\n"
          "         # stack-sync uop added (rsp read after push/pop/call/ret)"
          "\n\n";
  }

  if (!S.Deps.Recurrences.empty()) {
    OS << "Loop-carried dependencies (cycles per iteration)\n";
    for (size_t I = 0; I < S.Deps.Recurrences.size(); ++I) {
      const Recurrence &Rec = S.Deps.Recurrences[I];
      OS << "  " << num(Rec.CyclesPerIteration, 6) << "  "
         << join(Rec.Carried, " -> ") << ": " << Rec.Instrs.size()
         << " instruction" << (Rec.Instrs.size() == 1 ? "" : "s")
         << (I == 0 ? "  (binding)" : "") << "\n";
      if (I == 0 || Rec.Instrs.size() <= 3)
        for (unsigned V : Rec.Instrs)
          OS << "            " << right_justify(position(K.Instrs[V], V), 5)
             << "  " << K.Instrs[V].Text << "\n";
    }
    OS << "\n";
  }

  std::vector<std::string> Warn = groupedWarnings(R);
  if (!Warn.empty()) {
    OS << "Warnings\n";
    for (const std::string &W : Warn)
      OS << "  " << W << "\n";
    OS << "\n";
  }
}

} // namespace luarch
