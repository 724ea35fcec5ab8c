//===- DescribeMemory.cpp - --describe-cpu --measure ----------------------===//
//
// Runs the memory probe on the host and prints its figures per level next
// to the description's: bandwidths in bytes per cycle, latencies in cycles
// (converted with the core clock the probe calibrates).
//
//===----------------------------------------------------------------------===//
#include "DescribeMemory.h"
#include "Driver.h"

#include "luarch/Measure/MemoryProbe.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace luarch {

static std::string kib(uint64_t Bytes) {
  if (Bytes >= (1u << 20) && Bytes % (1u << 20) == 0)
    return std::to_string(Bytes >> 20) + " MiB";
  if (Bytes >= (1u << 20))
    return formatv("{0:f1} MiB", double(Bytes) / (1 << 20)).str();
  return std::to_string(Bytes >> 10) + " KiB";
}

/// "63.9 [62.0-64.1] (64)": host median, range over the window, model.
static std::string cell(const LevelFigure &F, const Sourced<double> *Model) {
  std::string S;
  raw_string_ostream OS(S);
  if (F.Points)
    OS << format("%.1f [%.1f-%.1f]", F.Median, F.Min, F.Max);
  else
    OS << "-";
  if (Model && Model->Value > 0)
    OS << format(" (%.1f)", Model->Value);
  return S;
}

/// The triad the description implies: two load streams and one store
/// stream mixed as the memory model mixes them (docs/memory.md).
static double modelTriad(const MemoryLevelDesc &L) {
  double BL = L.LoadBytesPerCycle, BS = L.StoreBytesPerCycle,
         BC = L.CopyBytesPerCycle;
  if (BL <= 0 || BS <= 0 || BC <= 0)
    return 0;
  double Gamma = 2 / (BC * (1 / BL + 1 / BS));
  double T = std::max({Gamma * (2 / BL + 1 / BS), 2 / BL, 1 / BS});
  return 3 / T;
}

Error describeMemoryWithProbe(const MachineModel &M, bool JSON,
                              raw_ostream &OS) {
  MemoryProbeOptions PO;
  PO.QuietCanaryCycles =
      measureOptionsFor(DriverOptions(), KernelShape::Loop).QuietCanaryCycles;
  auto R = runMemoryProbe(PO);
  if (!R)
    return R.takeError();
  const MemoryHierarchyDesc &H = M.MemoryHierarchy;
  if (JSON) {
    json::Array Model;
    for (const MemoryLevelDesc &L : H.Levels)
      Model.push_back(json::Object{{"level", L.Name},
                                   {"size_kib", int64_t(L.SizeKiB.Value)},
                                   {"latency", L.LatencyCycles.Value},
                                   {"load", L.LoadBytesPerCycle.Value},
                                   {"store", L.StoreBytesPerCycle.Value},
                                   {"copy", L.CopyBytesPerCycle.Value},
                                   {"triad", modelTriad(L)}});
    json::Object Root{{"schema", "loop-uarch-memory-probe"},
                      {"version", 1},
                      {"command", "loop-uarch-report -mcpu=" + M.Name +
                                      " --describe-cpu --measure --json"},
                      {"cpu", M.Name},
                      {"probe", toJSON(*R)},
                      {"model", std::move(Model)},
                      {"model_page_walk", H.PageWalkCycles.Value}};
    OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
    return Error::success();
  }
  OS << "\nHost memory, measured (pinned to CPU " << R->CPU << "; core clock "
     << format("%.2f", R->CoreGHz) << " GHz from the calibration chain, TSC "
     << format("%.2f", R->TSCGHz) << " GHz; " << R->VectorBits
     << "-bit accesses; " << R->Dropped << " of " << R->Total
     << " repetitions dropped as contended by the canary; "
     << format("%.0f", R->Seconds) << " s)\n";
  OS << "  host caches:";
  for (const HostCache &C : R->Caches)
    OS << " L" << C.Level << " " << kib(C.SizeBytes) << " " << C.Ways
       << "-way (" << C.SharedCPUs << " CPUs);";
  OS << "\n  bytes/cycle and cycles: host median [lowest-highest over the "
        "working sets of the level] (description)\n";
  OS << "  " << left_justify("level", 6) << left_justify("working sets", 20)
     << left_justify("load", 26) << left_justify("store", 26)
     << left_justify("copy", 26) << left_justify("triad", 26)
     << "latency\n";
  for (const LevelFigures &L : R->Levels) {
    const MemoryLevelDesc *D = H.level(L.Level);
    Sourced<double> Triad(D ? modelTriad(*D) : 0, "");
    OS << "  " << left_justify(L.Level, 6)
       << left_justify(kib(L.WindowLo) + "-" + kib(L.WindowHi), 20)
       << left_justify(cell(L.Load, D ? &D->LoadBytesPerCycle : nullptr), 26)
       << left_justify(cell(L.Store, D ? &D->StoreBytesPerCycle : nullptr), 26)
       << left_justify(cell(L.Copy, D ? &D->CopyBytesPerCycle : nullptr), 26)
       << left_justify(cell(L.Triad, &Triad), 26)
       << cell(L.Latency, D ? &D->LatencyCycles : nullptr) << "\n";
  }
  if (R->PageWalkPages)
    OS << "  page walk: " << format("%.1f", R->PageWalkCycles)
       << " cycles (one load per page over " << R->PageWalkPages
       << " pages, minus a line chase over the same data) ("
       << format("%.1f", H.PageWalkCycles.Value) << ")\n";
  if (R->ColumnWalkCycles > 0)
    OS << "  column walk: " << format("%.1f", R->ColumnWalkCycles)
       << (R->ColumnWalkHugeCycles > 0
               ? " cycles more per load over 16,384 pages than with 2 MiB "
                 "pages (walks overlapped) (description: "
               : " cycles more per load with 16,384 pages than with 2,048 "
                 "(walks overlapped) (description: ")
       << format("%.1f", H.PageWalkCycles.Value /
                             std::max(1u, H.PageWalkers.Value))
       << " = walk / walkers)\n";
  OS << "  (triad: the description's figure is what the memory model "
        "predicts from its load, store and copy bandwidths)\n";
  return Error::success();
}

} // namespace luarch
