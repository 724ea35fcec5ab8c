//===- MemoryPrediction.cpp - Cycles per iteration beyond L1 -------------===//
#include "luarch/Report/MemoryPrediction.h"
#include "luarch/Sim/SimulationMemo.h"
#include "luarch/Support/Format.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace luarch {

std::string LevelPrediction::verdict() const {
  return Limiter.empty() || Limiter == "core" ? std::string()
                                              : "memory-bound (" + Limiter + ")";
}

LoopStreams kernelStreams(const Kernel &K, ArrayRef<DecodedInstr> D,
                          const MachineModel &M) {
  const auto &Levels = M.MemoryHierarchy.Levels;
  unsigned Line = Levels.empty() ? 64 : Levels.front().LineBytes.Value;
  return findStreams(K, D, Line ? Line : 64);
}

namespace {

/// Cycles for LoadBytes and StoreBytes per iteration from a level: each
/// stream at its bandwidth, loads and stores mixed so that a copy gets the
/// level's copy bandwidth: max(g (l/BL + s/BS), l/BL, s/BS) with
/// g = 2 / (BC (1/BL + 1/BS)).
double bandwidthCycles(const MemoryLevelDesc &L, double LoadBytes,
                       double StoreBytes) {
  double BL = L.LoadBytesPerCycle, BS = L.StoreBytesPerCycle,
         BC = L.CopyBytesPerCycle;
  if (BL <= 0 || BS <= 0)
    return 0;
  double TL = LoadBytes / BL, TS = StoreBytes / BS;
  double G = BC > 0 ? 2 / (BC * (1 / BL + 1 / BS)) : 1;
  return std::max({G * (TL + TS), TL, TS});
}

/// Everything a level prediction needs, with the knobs the sensitivity
/// sweep turns.
struct Context {
  const Kernel &K;
  ArrayRef<DecodedInstr> D;
  const DependencyAnalysis &Deps;
  const SimConfig &Config;
  const SimResult &L1;
  const MemoryHierarchyDesc &H;
  const LoopStreams &S;
  const MemoryOptions &Opts;
  /// Per level: bandwidth and latency multipliers (1 = as described;
  /// bandwidth 0 = unlimited; latency 0 = the L1's).
  std::vector<double> BandwidthScale, LatencyScale;
  double TLBScale = 1;
  /// Earlier simulations to reuse (null: every run is simulated).
  SimulationMemo *Memo = nullptr;

  double latency(unsigned L) const {
    double L1Lat = H.Levels[0].LatencyCycles;
    double Lat = H.Levels[L].LatencyCycles;
    return L1Lat + (Lat - L1Lat) * LatencyScale[L];
  }

  /// Re-simulates with the load uops of the accesses in \p Slow (per
  /// access: true = at the latency of the level serving it).
  double simulateWith(const TrafficPlan &P, bool AllBeyondL1) const {
    std::vector<DecodedInstr> D2(D.begin(), D.end());
    bool Changed = false;
    for (size_t I = 0; I < S.Accesses.size(); ++I) {
      const MemoryAccess &A = S.Accesses[I];
      unsigned L = P.ServedBy[I];
      if (L == 0 || A.Kind == AccessKind::Store)
        continue;
      const AccessStream &Str = S.Streams[A.Stream];
      bool Prefetched = Str.Stride && std::fabs(double(*Str.Stride)) <=
                                          H.PrefetchStrideBytes.Value;
      if (Prefetched && !AllBeyondL1)
        continue;
      DecodedInstr &X = D2[A.Instr];
      double Extra = latency(L) - H.Levels[0].LatencyCycles;
      if (Extra <= 0)
        continue;
      for (Uop &U : X.Uops)
        if (U.Kind == UopKind::Load) {
          U.Latency = uint16_t(std::min(60000.0, U.Latency + Extra));
          Changed = true;
        }
      X.LoadLatency = unsigned(X.LoadLatency + Extra);
    }
    if (!Changed)
      return L1.CyclesPerIteration;
    // The simulator's steady-state test waits for the buffers to fill, not
    // for the first long-latency load to return: before then iterations
    // issue and retire at the front end's rhythm and look periodic. Run a
    // fixed 1,000 iterations (Opts.FixedIterations) and measure the second
    // half instead. A large kernel gets there in fewer: the first half of
    // 200,000 dynamic instructions lasts at least 12,500 cycles at 8 per
    // cycle, many times the longest memory latency (and a 25,000-instruction
    // loop stays interactive).
    SimOptions SO = Opts.Sim;
    SO.StopAtSteadyState = false;
    unsigned Fixed = unsigned(std::clamp<size_t>(
        (200000 + K.size() - 1) / std::max<size_t>(1, K.size()), 8,
        std::max(8u, Opts.FixedIterations)));
    SO.MaxIterations = std::max(SO.MaxIterations, Fixed);
    SO.Trace = false;
    SimResult R = Memo ? Memo->simulate(K, D2, Deps, Config, SO)
                       : simulate(K, D2, Deps, Config, SO);
    return R.Stalled ? L1.CyclesPerIteration : R.CyclesPerIteration;
  }

  /// The typical working set of data that lives in level \p L (twice what
  /// the levels above hold; four times the last cache for DRAM).
  double typicalWorkingSet(unsigned L) const {
    if (L == 0)
      return 0;
    double Above = effectiveCapacity(H, L - 1);
    return (L + 1 == H.Levels.size() ? 4 : 2) * Above;
  }

  /// Loads served by a cache beyond L1 (neither L1 nor DRAM), those of a
  /// stream within two lines of each other counted once (one row read by
  /// several accesses of an unrolled loop).
  unsigned cacheServedLoads(const TrafficPlan &P) const {
    unsigned NL = H.Levels.size();
    std::vector<std::pair<unsigned, int64_t>> Served;
    for (size_t I = 0; I < S.Accesses.size(); ++I) {
      const MemoryAccess &A = S.Accesses[I];
      if (A.Kind != AccessKind::Store && P.ServedBy[I] >= 1 &&
          P.ServedBy[I] + 1 < NL)
        Served.push_back({A.Stream, A.Offset});
    }
    llvm::sort(Served);
    unsigned Count = 0;
    for (size_t I = 0; I < Served.size(); ++I)
      if (I == 0 || Served[I].first != Served[I - 1].first ||
          Served[I].second - Served[I - 1].second >= 2 * int64_t(S.LineBytes))
        ++Count;
    return Count;
  }

  LevelPrediction predict(ArrayRef<unsigned> Homes, double WorkingSet,
                          bool Full = true) const {
    LevelPrediction LP;
    LP.Traffic = planTraffic(S, H, Homes);
    unsigned NL = H.Levels.size();
    LP.Level = 0;
    for (unsigned L = 0; L < NL; ++L)
      if (LP.Traffic.Levels[L].Read + LP.Traffic.Levels[L].NonTemporal > 0)
        LP.Level = L;
    for (unsigned Hm : Homes)
      LP.Level = std::max(LP.Level, std::min(Hm, NL - 1));
    LP.Name = H.Levels[LP.Level].Name;
    LP.Core = simulateWith(LP.Traffic, /*AllBeyondL1=*/false);
    if (Full)
      LP.NoPrefetch = simulateWith(LP.Traffic, /*AllBeyondL1=*/true);

    // L1: every access's bytes at the L1's bandwidth, and a second access
    // for every piece of it that splits a line (the description's
    // L1AccessBytes: Zen 4 serves 32-byte pieces, measured). How many
    // split per execution is SCEV's when the plugin knows it; else an
    // access whose displacement is not a multiple of its piece is taken
    // at every 8-byte-aligned position in turn.
    unsigned PieceBytes = H.L1AccessBytes.Value;
    double L1Load = 0, L1Store = 0;
    for (const MemoryAccess &A : S.Accesses) {
      unsigned Piece =
          PieceBytes && PieceBytes < A.Bytes ? PieceBytes : A.Bytes;
      double Splits = 0;
      if (A.Instr < Opts.InstrLineSplits.size() &&
          Opts.InstrLineSplits[A.Instr] >= 0)
        Splits = Opts.InstrLineSplits[A.Instr];
      else if (A.Bytes > 8 && A.Offset % int64_t(Piece) != 0 &&
               S.LineBytes % 8 == 0)
        Splits = meanSplitPieces(A.Offset, 8, A.Bytes, PieceBytes,
                                 S.LineBytes);
      double Bytes = A.Bytes + Splits * Piece;
      if (A.Kind != AccessKind::Store)
        L1Load += Bytes;
      if (A.Kind != AccessKind::Load)
        L1Store += Bytes;
    }
    LP.Nodes.push_back({"L1 bandwidth",
                        bandwidthCycles(H.Levels[0], L1Load, L1Store),
                        MemoryNodeKind::L1Bandwidth});
    // Bandwidth per level serving data.
    for (unsigned L = 1; L < NL; ++L) {
      const LevelLines &LL = LP.Traffic.Levels[L];
      double T = bandwidthCycles(H.Levels[L], LL.LoadBytes,
                                 LL.StoreBytes - LL.NonTemporal *
                                                     S.LineBytes);
      if (LL.NonTemporal > 0 && H.NTStoreBytesPerCycle.Value > 0)
        T += LL.NonTemporal * S.LineBytes / H.NTStoreBytesPerCycle.Value;
      if (T <= 0)
        continue;
      double Scale = BandwidthScale[L];
      LP.Nodes.push_back({H.Levels[L].Name + " bandwidth", T * Scale});
    }
    // Misses the prefetchers cannot hide: Little's law on the L1's fill
    // buffers (every miss) and on the L2's miss buffers (misses beyond it).
    double FromL2 = 0, FromL3 = 0;
    unsigned Farthest = 0;
    for (unsigned L = 1; L < NL; ++L) {
      double Lines = LP.Traffic.Levels[L].ReadUnprefetched;
      if (Lines <= 0)
        continue;
      Farthest = L;
      FromL2 += Lines * latency(L);
      if (L >= 2)
        FromL3 += Lines * latency(L);
    }
    if (Farthest) {
      double T = 0;
      if (unsigned FB = H.Levels[0].MissBuffers.Value)
        T = FromL2 / FB;
      if (NL > 2)
        if (unsigned MB = H.Levels[1].MissBuffers.Value)
          T = std::max(T, FromL3 / MB);
      LP.Nodes.push_back({H.Levels[Farthest].Name + " latency (miss buffers)",
                          T, MemoryNodeKind::MissBuffers});
    }
    // Page walks: the new pages of an access whose reuse window spans more
    // pages than the L2 TLB keeps for a cyclic walk (a share of them
    // between the measured reach and the pages from which every one
    // misses). The window's pages are SCEV's, counted page by page (a
    // column walk touches a page per row); else estimated from its bytes:
    // a walk that takes one line per page spans a page per line of data,
    // never more than the working set's pages.
    double Walks = 0;
    for (size_t I = 0; I < S.Accesses.size() && !H.TLBs.empty(); ++I) {
      const MemoryAccess &A = S.Accesses[I];
      unsigned L = LP.Traffic.ServedBy[I];
      if (L == 0 || A.PagesPerIteration <= 0)
        continue;
      double Pages;
      if (A.Instr < Opts.InstrReusePages.size() &&
          Opts.InstrReusePages[A.Instr] >= 0) {
        Pages = Opts.InstrReusePages[A.Instr];
      } else {
        double Window = A.Instr < Opts.InstrReuseBytes.size() &&
                                Opts.InstrReuseBytes[A.Instr] >= 0
                            ? Opts.InstrReuseBytes[A.Instr]
                        : L + 1 == NL ? WorkingSet
                                      : std::min(WorkingSet,
                                                 effectiveCapacity(H, L));
        double PerLine = A.PagesPerIteration * 4096 /
                         std::max(1e-9, A.LinesPerIteration * S.LineBytes);
        Pages = Window / 4096 * std::max(1.0, PerLine);
        if (WorkingSet > 0)
          Pages = std::min(Pages, WorkingSet / 4096);
      }
      Walks += A.PagesPerIteration * H.TLBs.back().missShare(Pages);
    }
    if (Walks > 0) {
      double Walkers = std::max(1u, H.PageWalkers.Value);
      LP.Nodes.push_back(
          {"TLB (page walks)", Walks * H.PageWalkCycles * TLBScale / Walkers,
           MemoryNodeKind::PageWalks});
    }
    // First uses: a column walk whose lines the next sweeps reuse from a
    // near level still brings each line once from where the loop's data
    // lives, unprefetched: that level's latency (the L3's share of the
    // lines at its own, servedShare) over the misses it keeps in flight.
    // Measured as an addition to the rest (utils/column-rmw.c: 4.4 cycles
    // with the lines in L2, 9.4-11.7 with each line's first of 8 uses from
    // DRAM, 4.4 + 2 x 1/8 x 405 / 15 = 11.1).
    double FirstUse = 0;
    unsigned FirstUseLevel = 0;
    for (size_t I = 0; I < S.Accesses.size() && WorkingSet > 0; ++I) {
      const MemoryAccess &A = S.Accesses[I];
      if (A.Kind == AccessKind::Store || A.Instr >= Opts.InstrFirstUse.size() ||
          Opts.InstrFirstUse[A.Instr] <= 0)
        continue;
      double Bytes = A.Instr < Opts.InstrFirstUseBytes.size() &&
                             Opts.InstrFirstUseBytes[A.Instr] >= 0
                         ? Opts.InstrFirstUseBytes[A.Instr]
                         : WorkingSet;
      unsigned Far = levelForWorkingSet(H, Bytes);
      const AccessStream &Str = S.Streams[A.Stream];
      if (LP.Traffic.ServedBy[I] >= Far ||
          (Str.Stride &&
           std::fabs(double(*Str.Stride)) <= H.PrefetchStrideBytes.Value))
        continue;
      double Lat = latency(Far);
      if (Far >= 2)
        if (double Near = servedShare(H, Far - 1, Bytes); Near > 0)
          Lat = (1 - Near) * Lat + Near * latency(Far - 1);
      unsigned MB = H.Levels[Far >= 2 ? 1 : 0].MissBuffers.Value;
      FirstUse += Opts.InstrFirstUse[A.Instr] * A.LinesPerIteration * Lat /
                  std::max(1u, MB);
      FirstUseLevel = std::max(FirstUseLevel, Far);
    }
    if (FirstUse > 0)
      LP.Nodes.push_back(
          {H.Levels[FirstUseLevel].Name + " latency (first use)", FirstUse,
           MemoryNodeKind::FirstUse});
    // Combine. Cape: every node overlaps with the core and the others,
    // except the page walks: a load whose page walks translates before its
    // miss can start, and the walks' cost is measured as cycles added to
    // the same loop with huge pages (utils/page-walk.c), so it adds to the
    // rest. ECM: the transfers beyond L1 (and the page walks) add to the
    // in-core time, which includes the L1 transfers; the miss-buffer node
    // bounds the same transfers another way and is not added.
    double Rest = LP.Core, PageWalks = 0;
    LP.Limiter = "core";
    if (LP.Core > 1.02 * L1.CyclesPerIteration && Farthest)
      LP.Limiter = H.Levels[Farthest].Name + " latency";
    double InCore = LP.Core, Beyond = 0, MissBuffers = 0, Additive = 0;
    std::string AdditiveName;
    for (const MemoryNode &N : LP.Nodes) {
      if (N.Kind == MemoryNodeKind::PageWalks) {
        PageWalks = N.Cycles;
        Beyond += N.Cycles;
        continue;
      }
      if (N.Kind == MemoryNodeKind::FirstUse) {
        Additive = N.Cycles;
        AdditiveName = N.Name;
        Beyond += N.Cycles;
        continue;
      }
      if (N.Cycles > Rest) {
        Rest = N.Cycles;
        LP.Limiter = N.Name;
      }
      if (N.Kind == MemoryNodeKind::L1Bandwidth)
        InCore = std::max(InCore, N.Cycles);
      else if (N.Kind == MemoryNodeKind::MissBuffers)
        MissBuffers = N.Cycles;
      else
        Beyond += N.Cycles;
    }
    LP.Cape = Rest + std::max(PageWalks, Additive);
    if (PageWalks > Rest && PageWalks >= Additive)
      LP.Limiter = "TLB (page walks)";
    else if (Additive > Rest)
      LP.Limiter = AdditiveName;
    LP.ECM = std::max(InCore + Beyond, MissBuffers + PageWalks + Additive);
    // Streaming from DRAM with more loads served by the caches beyond L1
    // than the core overlaps (the description's measured rule): the
    // in-core work and the cache transfers add to DRAM's, as ECM says.
    if (LP.Level + 1 == NL && NL > 2 &&
        cacheServedLoads(LP.Traffic) > H.DRAMOverlapsCacheLoads.Value)
      LP.Cape = std::max(LP.Cape, LP.ECM);
    return LP;
  }
};

/// \p Far with \p Share of its lines served by the level above instead
/// (\p Near): cycles, nodes and lines weighted; the limiter and which
/// level serves each access from the one that contributes more cycles.
LevelPrediction blend(const LevelPrediction &Far, const LevelPrediction &Near,
                      double Share) {
  assert(Share > 0 && Share <= 1);
  LevelPrediction B =
      Share * Near.Cape > (1 - Share) * Far.Cape ? Near : Far;
  auto mix = [&](double F, double N) { return (1 - Share) * F + Share * N; };
  B.Core = mix(Far.Core, Near.Core);
  B.Cape = mix(Far.Cape, Near.Cape);
  B.ECM = mix(Far.ECM, Near.ECM);
  B.NoPrefetch = mix(Far.NoPrefetch, Near.NoPrefetch);
  B.Nodes.clear();
  auto addNodes = [&](const LevelPrediction &L, double W) {
    for (const MemoryNode &N : L.Nodes) {
      auto It = llvm::find_if(B.Nodes, [&](const MemoryNode &M) {
        return M.Name == N.Name;
      });
      if (It == B.Nodes.end())
        B.Nodes.push_back({N.Name, W * N.Cycles, N.Kind});
      else
        It->Cycles += W * N.Cycles;
    }
  };
  addNodes(Far, 1 - Share);
  addNodes(Near, Share);
  for (size_t L = 0; L < B.Traffic.Levels.size(); ++L) {
    const LevelLines &F = Far.Traffic.Levels[L], &N = Near.Traffic.Levels[L];
    LevelLines &X = B.Traffic.Levels[L];
    X.Read = mix(F.Read, N.Read);
    X.ReadUnprefetched = mix(F.ReadUnprefetched, N.ReadUnprefetched);
    X.WriteBack = mix(F.WriteBack, N.WriteBack);
    X.NonTemporal = mix(F.NonTemporal, N.NonTemporal);
    X.LoadBytes = mix(F.LoadBytes, N.LoadBytes);
    X.StoreBytes = mix(F.StoreBytes, N.StoreBytes);
    X.Pages = mix(F.Pages, N.Pages);
  }
  B.Level = Far.Level;
  B.Name = Far.Name;
  B.NearShare = Share;
  B.NearName = Near.Name;
  return B;
}

/// s = T / T' - 1.
double sens(double Base, double Scaled) {
  return Scaled > 0 ? Base / Scaled - 1 : 0;
}

std::string bytesText(double B) {
  if (B >= 1 << 30)
    return fmt(B / (1 << 30), "%.1f GiB");
  if (B >= 1 << 20)
    return fmt(B / (1 << 20), "%.1f MiB");
  if (B >= 1 << 10)
    return fmt(B / (1 << 10), "%.0f KiB");
  return fmt(B, "%.0f B");
}

} // namespace

MemoryPrediction predictMemory(const Kernel &K, ArrayRef<DecodedInstr> D,
                               const DependencyAnalysis &Deps,
                               const SimConfig &Config, const SimResult &L1,
                               const MemoryOptions &Opts,
                               SimulationMemo *Memo) {
  assert(Config.Model && "the simulated machine has no model");
  const MemoryHierarchyDesc &H = Config.Model->MemoryHierarchy;
  MemoryPrediction P;
  P.Factor = Opts.Factor;
  if (H.Levels.empty())
    return P;
  P.Streams = kernelStreams(K, D, *Config.Model);
  unsigned NL = H.Levels.size();
  for (const MemoryLevelDesc &L : H.Levels)
    P.LevelNames.push_back(L.Name);
  Context C{K, D, Deps, Config, L1, H, P.Streams, Opts, {}, {}, 1, Memo};
  C.BandwidthScale.assign(NL, 1);
  C.LatencyScale.assign(NL, 1);
  for (unsigned L = 0; L < NL && Opts.AllLevels; ++L) {
    std::vector<unsigned> Homes(P.Streams.Streams.size(), L);
    P.Levels.push_back(C.predict(Homes, C.typicalWorkingSet(L)));
  }
  // Where each stream's data lives: the level SCEV found for its accesses
  // (the farthest), else the working set's.
  std::vector<unsigned> Homes;
  double WS = Opts.WorkingSet.value_or(0);
  bool AnyKnown = false;
  for (int L : Opts.InstrHomes)
    AnyKnown |= L >= 0;
  if (AnyKnown || Opts.WorkingSet) {
    unsigned Default = Opts.WorkingSet ? levelForWorkingSet(H, WS) : NL - 1;
    Homes.assign(P.Streams.Streams.size(), 0);
    std::vector<bool> Set(P.Streams.Streams.size(), false);
    for (const MemoryAccess &A : P.Streams.Accesses) {
      int L = A.Instr < Opts.InstrHomes.size() ? Opts.InstrHomes[A.Instr] : -1;
      if (L < 0)
        continue;
      Homes[A.Stream] = std::max(Homes[A.Stream], std::min(unsigned(L), NL - 1));
      Set[A.Stream] = true;
    }
    for (size_t S = 0; S < Homes.size(); ++S)
      if (!Set[S])
        Homes[S] = Default;
  }
  if (Opts.WorkingSet) {
    P.WorkingSet = Opts.WorkingSet;
    P.WorkingSetSource = Opts.WorkingSetSource;
  }
  if (Homes.empty())
    return P;
  // A shared level keeps part of data just beyond its usable capacity
  // (servedShare): per stream living beyond such a level, the share of its
  // lines the level above still serves, from the bytes touched between two
  // uses of its lines (SCEV's reuse volume, else the working set). The
  // whole capacity counts, not the layer conditions' half: the probe's
  // ramp is measured on streams whose reuse volume is their working set.
  std::vector<unsigned> NearHomes = Homes;
  double ShareSum = 0, ShareWeight = 0;
  for (size_t S = 0; S < Homes.size(); ++S) {
    if (Homes[S] < 2)
      continue;
    double Share = 0;
    bool FromSCEV = false;
    for (unsigned A : P.Streams.Streams[S].Accesses) {
      const MemoryAccess &X = P.Streams.Accesses[A];
      if (X.Instr >= Opts.InstrReuseBytes.size() ||
          Opts.InstrReuseBytes[X.Instr] < 0 ||
          X.Instr >= Opts.InstrHomes.size() ||
          Opts.InstrHomes[X.Instr] != int(Homes[S]))
        continue;
      Share = std::max(Share, servedShare(H, Homes[S] - 1,
                                          Opts.InstrReuseBytes[X.Instr]));
      FromSCEV = true;
    }
    if (!FromSCEV && Opts.WorkingSet)
      Share = servedShare(H, Homes[S] - 1, *Opts.WorkingSet);
    if (Share <= 0)
      continue;
    NearHomes[S] = Homes[S] - 1;
    double W = std::max(1.0, double(P.Streams.Streams[S].BytesPerIteration));
    ShareSum += W * Share;
    ShareWeight += W;
  }
  double Near = ShareWeight > 0 ? ShareSum / ShareWeight : 0;
  auto predictApplicable = [&](const Context &X, bool Full) {
    if (Near <= 0)
      return X.predict(Homes, WS, Full);
    return blend(X.predict(Homes, WS, Full), X.predict(NearHomes, WS, Full),
                 Near);
  };
  P.Applicable = predictApplicable(C, Opts.NoPrefetchFigure);

  if (!Opts.Sensitivity)
    return P;
  // Sensitivity over the memory nodes of the applicable prediction.
  const LevelPrediction &Base = *P.Applicable;
  double T0 = Base.cycles(), F = Opts.Factor;
  auto rerun = [&](auto Set) {
    Context C2 = C;
    Set(C2);
    return predictApplicable(C2, /*Full=*/false).cycles();
  };
  auto add = [&](std::string Name, std::string Kind, double Acc, double Unl,
                 double Slow) {
    MemorySensitivity M{std::move(Name), std::move(Kind), sens(T0, Acc),
                        sens(T0, Unl), sens(T0, Slow), ""};
    M.Role = M.Accelerated >= Opts.Threshold ? "bottleneck"
             : M.Slowed <= -Opts.Threshold   ? "saturated"
                                             : "slack";
    P.Sensitivity.push_back(M);
  };
  for (unsigned L = 1; L < NL; ++L) {
    const LevelLines &LL = Base.Traffic.Levels[L];
    if (LL.Read + LL.NonTemporal <= 0)
      continue;
    std::string N = H.Levels[L].Name;
    add(N + " bandwidth", "bandwidth",
        rerun([&](Context &X) { X.BandwidthScale[L] = 1 / F; }),
        rerun([&](Context &X) { X.BandwidthScale[L] = 0; }),
        rerun([&](Context &X) { X.BandwidthScale[L] = F; }));
    if (LL.ReadUnprefetched > 0)
      add(N + " latency", "latency",
          rerun([&](Context &X) { X.LatencyScale[L] = 1 / F; }),
          rerun([&](Context &X) { X.LatencyScale[L] = 0; }),
          rerun([&](Context &X) { X.LatencyScale[L] = F; }));
  }
  for (const MemoryNode &N : Base.Nodes)
    if (N.Kind == MemoryNodeKind::PageWalks)
      add("TLB", "tlb", rerun([&](Context &X) { X.TLBScale = 1 / F; }),
          rerun([&](Context &X) { X.TLBScale = 0; }),
          rerun([&](Context &X) { X.TLBScale = F; }));
  llvm::stable_sort(P.Sensitivity, [](const auto &A, const auto &B) {
    return A.Accelerated > B.Accelerated;
  });
  return P;
}

Expected<uint64_t> parseByteSize(StringRef S) {
  StringRef T = S.trim();
  auto Bad = [&] {
    return createStringError(inconvertibleErrorCode(),
                             "invalid byte size '%s' (expected e.g. 65536, "
                             "64K, 3MiB, 1.5G)",
                             S.str().c_str());
  };
  double Mult = 1;
  T.consume_back("B");
  T.consume_back("i");
  if (T.consume_back("K") || T.consume_back("k"))
    Mult = 1024;
  else if (T.consume_back("M") || T.consume_back("m"))
    Mult = 1024.0 * 1024;
  else if (T.consume_back("G") || T.consume_back("g"))
    Mult = 1024.0 * 1024 * 1024;
  double V = 0;
  if (T.empty() || T.getAsDouble(V) || !(V > 0) || V * Mult > 1e18)
    return Bad();
  return uint64_t(std::llround(V * Mult));
}

std::string memoryHeadline(const MemoryPrediction &P) {
  if (!P.Applicable)
    return "";
  const LevelPrediction &A = *P.Applicable;
  std::string S = "With the data in " + A.Name;
  if (P.WorkingSet)
    S += " (working set " + bytesText(*P.WorkingSet) + ", " +
         P.WorkingSetSource + ")";
  S += ": " + fmt(A.cycles()) + " cycles per iteration";
  std::string V = A.verdict();
  S += V.empty() ? "; the core limits" : "; " + V;
  return S;
}

void printMemoryPrediction(raw_ostream &OS, const MemoryPrediction &P) {
  if (P.Levels.empty() && !P.Applicable)
    return;
  OS << "Memory (cycles per iteration by where the data lives; Cape = "
        "max of the nodes + page walks, ECM = their sum)\n";
  OS << "  " << left_justify("data in", 9) << right_justify("core", 8)
     << right_justify("bandwidth", 11) << right_justify("TLB", 7)
     << right_justify("Cape", 8) << right_justify("ECM", 8)
     << right_justify("no-prefetch", 13) << "   limited by\n";
  auto row = [&](const LevelPrediction &L, StringRef Label) {
    double BW = 0, TLB = 0;
    for (const MemoryNode &N : L.Nodes) {
      if (N.Kind == MemoryNodeKind::PageWalks)
        TLB = N.Cycles;
      else if (N.Kind == MemoryNodeKind::L1Bandwidth ||
               N.Kind == MemoryNodeKind::Transfer)
        BW = std::max(BW, N.Cycles);
    }
    // A figure as wide as its column (a microcoded loop's 11518.00) keeps
    // a space before it instead of running into its neighbour.
    auto Cell = [](double V, int Width) {
      std::string S = fmt(V, "%.2f");
      return std::string(std::max<int>(1, Width - int(S.size())), ' ') + S;
    };
    OS << "  " << left_justify(Label, 9) << Cell(L.Core, 8) << Cell(BW, 11)
       << (TLB > 0 ? Cell(TLB, 7) : std::string(7, ' ')) << Cell(L.Cape, 8)
       << Cell(L.ECM, 8) << Cell(L.NoPrefetch, 13) << "   " << L.Limiter
       << "\n";
  };
  for (const LevelPrediction &L : P.Levels)
    row(L, L.Name);
  if (P.Applicable)
    row(*P.Applicable, "applies");
  // The streams and what each level supplies where the data applies, or
  // else in DRAM.
  const LevelPrediction &Shown =
      P.Applicable ? *P.Applicable : P.Levels.back();
  OS << "  Streams (" << P.Streams.Streams.size() << "; "
     << fmt(P.Streams.NewBytesPerIteration, "%.0f")
     << " new bytes per iteration); served from, with the data in "
     << Shown.Name << ":\n";
  for (const AccessStream &S : P.Streams.Streams) {
    OS << "    " << left_justify(S.Name, 22) << " stride "
       << (S.Stride ? std::to_string(*S.Stride) : std::string("irregular"))
       << ", " << S.BytesPerIteration << " B/iteration"
       << (S.HasLoad && S.HasStore ? ", load+store"
           : S.HasStore            ? ", store"
                                   : ", load")
       << (S.NonTemporal ? ", non-temporal" : "") << ":";
    for (unsigned A : S.Accesses) {
      const MemoryAccess &X = P.Streams.Accesses[A];
      unsigned L = Shown.Traffic.ServedBy[A];
      OS << " [" << (X.Offset >= 0 ? "+" : "") << X.Offset << " "
         << (L < P.LevelNames.size() ? P.LevelNames[L] : "?");
      if (!X.isFront() && X.ReuseIterations > 0)
        OS << ", reuse " << fmt(X.ReuseIterations, "%.0f") << " it.";
      OS << "]";
    }
    OS << "\n";
  }
  if (Shown.NearShare > 0)
    OS << "  Capacity: " << fmt(100 * Shown.NearShare, "%.0f")
       << "% of the lines of the data beyond " << Shown.NearName
       << "'s usable capacity still come from " << Shown.NearName
       << " (the cycles, nodes and lines weigh both)\n";
  OS << "  Lines per iteration:";
  for (unsigned L = 1; L < Shown.Traffic.Levels.size(); ++L) {
    const LevelLines &LL = Shown.Traffic.Levels[L];
    if (LL.Read + LL.WriteBack + LL.NonTemporal <= 0)
      continue;
    OS << " " << P.LevelNames[L] << " " << fmt(LL.Read, "%.3g") << " read";
    if (LL.WriteBack > 0)
      OS << " + " << fmt(LL.WriteBack, "%.3g") << " written back";
    if (LL.NonTemporal > 0)
      OS << " + " << fmt(LL.NonTemporal, "%.3g") << " non-temporal";
    OS << ";";
  }
  OS << "\n";
  if (!P.Sensitivity.empty()) {
    OS << "  Memory sensitivity (s = T/T' - 1, x" << fmt(P.Factor)
       << "; the applicable prediction)\n";
    for (const MemorySensitivity &M : P.Sensitivity)
      OS << "    " << left_justify(M.Name, 24)
         << format("%+7.1f%%   %+7.1f%%  %+6.1f%%", 100 * M.Accelerated,
                   100 * M.Unlimited, 100 * M.Slowed)
         << "   " << M.Role << "\n";
  }
  OS << "\n";
}

json::Value toJSON(const MemoryPrediction &P) {
  auto r4 = [](double V) { return std::round(V * 1e4) / 1e4; };
  auto level = [&](const LevelPrediction &L) {
    json::Array Nodes, Served, Lines;
    for (const MemoryNode &N : L.Nodes)
      Nodes.push_back(json::Object{{"name", N.Name}, {"cycles", r4(N.Cycles)}});
    for (unsigned S : L.Traffic.ServedBy)
      Served.push_back(int64_t(S));
    for (const LevelLines &LL : L.Traffic.Levels)
      Lines.push_back(json::Object{{"read", r4(LL.Read)},
                                   {"read_unprefetched", r4(LL.ReadUnprefetched)},
                                   {"written_back", r4(LL.WriteBack)},
                                   {"non_temporal", r4(LL.NonTemporal)},
                                   {"pages", r4(LL.Pages)}});
    return json::Object{{"level", L.Name},
                        {"core", r4(L.Core)},
                        {"nodes", std::move(Nodes)},
                        {"cape", r4(L.Cape)},
                        {"ecm", r4(L.ECM)},
                        {"no_prefetch", r4(L.NoPrefetch)},
                        {"limiter", L.Limiter},
                        {"verdict", L.verdict()},
                        {"near_share", r4(L.NearShare)},
                        {"served_by", std::move(Served)},
                        {"lines_per_iteration", std::move(Lines)}};
  };
  json::Array Levels, Streams, Accesses, Sens;
  for (const LevelPrediction &L : P.Levels)
    Levels.push_back(level(L));
  for (const AccessStream &S : P.Streams.Streams) {
    json::Array Acc;
    for (unsigned A : S.Accesses)
      Acc.push_back(int64_t(A));
    Streams.push_back(json::Object{
        {"name", S.Name},
        {"stride", S.Stride ? json::Value(*S.Stride) : json::Value(nullptr)},
        {"bytes_per_iteration", int64_t(S.BytesPerIteration)},
        {"load", S.HasLoad},
        {"store", S.HasStore},
        {"non_temporal", S.NonTemporal},
        {"accesses", std::move(Acc)}});
  }
  for (const MemoryAccess &A : P.Streams.Accesses)
    Accesses.push_back(json::Object{
        {"instruction", int64_t(A.Instr)},
        {"kind", accessKindName(A.Kind)},
        {"bytes", int64_t(A.Bytes)},
        {"stream", int64_t(A.Stream)},
        {"offset", A.Offset},
        {"reuse_iterations", A.isFront() ? json::Value(nullptr)
                                         : json::Value(r4(A.ReuseIterations))},
        {"lines_per_iteration", r4(A.LinesPerIteration)}});
  for (const MemorySensitivity &M : P.Sensitivity)
    Sens.push_back(json::Object{{"resource", M.Name},
                                {"kind", M.Kind},
                                {"faster", r4(M.Accelerated)},
                                {"unlimited", r4(M.Unlimited)},
                                {"slower", r4(M.Slowed)},
                                {"role", M.Role}});
  json::Object O{{"levels", std::move(Levels)},
                 {"streams", std::move(Streams)},
                 {"accesses", std::move(Accesses)},
                 {"new_bytes_per_iteration", r4(P.Streams.NewBytesPerIteration)},
                 {"sensitivity", std::move(Sens)}};
  if (P.WorkingSet) {
    O["working_set"] = *P.WorkingSet;
    O["working_set_source"] = P.WorkingSetSource;
  }
  if (P.Applicable)
    O["applicable"] = level(*P.Applicable);
  return O;
}

} // namespace luarch
