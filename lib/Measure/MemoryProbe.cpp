//===- MemoryProbe.cpp - Bandwidth and latency of the host's memory ------===//
#include "luarch/Measure/MemoryProbe.h"
#include "MemoryProbeKernels.h"
#include "SampleStats.h"
#include "luarch/Kernel/HostCPU.h"
#include "luarch/Kernel/ThreadCPUTime.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <time.h>
#include <random>

#if defined(__linux__)
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace llvm;
using luarch::measure::quantile;
using luarch::measure::relativeSpread;

namespace luarch {

//--- Host topology ---------------------------------------------------------

uint64_t parseCacheSize(StringRef S) {
  S = S.trim();
  uint64_t Mult = 1;
  if (S.consume_back("K"))
    Mult = 1024;
  else if (S.consume_back("M"))
    Mult = 1024 * 1024;
  else if (S.consume_back("G"))
    Mult = 1024ull * 1024 * 1024;
  uint64_t V = 0;
  if (S.empty() || S.getAsInteger(10, V))
    return 0;
  return V * Mult;
}

unsigned countCPUList(StringRef S) {
  S = S.trim();
  if (S.empty())
    return 0;
  unsigned N = 0;
  SmallVector<StringRef, 8> Parts;
  S.split(Parts, ',');
  for (StringRef P : Parts) {
    auto [Lo, Hi] = P.split('-');
    unsigned A = 0, B = 0;
    if (Lo.getAsInteger(10, A))
      return 0;
    if (Hi.empty())
      B = A;
    else if (Hi.getAsInteger(10, B) || B < A)
      return 0;
    N += B - A + 1;
  }
  return N;
}

static std::string readSmallFile(const Twine &Path) {
  // sysfs files claim a size of 4096 bytes: read them as streams.
  auto Buf = MemoryBuffer::getFileAsStream(Path);
  return Buf ? (*Buf)->getBuffer().trim().str() : std::string();
}

Expected<std::vector<HostCache>> readHostCaches(StringRef Dir) {
  std::vector<HostCache> Caches;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (!Name.starts_with("index"))
      continue;
    HostCache C;
    C.Type = readSmallFile(It->path() + "/type");
    if (C.Type == "Instruction")
      continue;
    if (to_integer(readSmallFile(It->path() + "/level"), C.Level) == false ||
        C.Level == 0)
      continue;
    C.SizeBytes = parseCacheSize(readSmallFile(It->path() + "/size"));
    (void)to_integer(readSmallFile(It->path() + "/ways_of_associativity"),
                     C.Ways);
    (void)to_integer(readSmallFile(It->path() + "/coherency_line_size"),
                     C.LineBytes);
    C.SharedCPUs =
        std::max(1u, countCPUList(readSmallFile(It->path() + "/shared_cpu_list")));
    if (C.SizeBytes)
      Caches.push_back(C);
  }
  if (EC)
    return createStringError(EC, "cannot read the cache topology in %s: %s",
                             Dir.str().c_str(), EC.message().c_str());
  if (Caches.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no data caches described in %s",
                             Dir.str().c_str());
  llvm::sort(Caches, [](const HostCache &A, const HostCache &B) {
    return A.Level < B.Level;
  });
  return Caches;
}

std::vector<LevelWindow> levelWindows(ArrayRef<HostCache> Caches,
                                      uint64_t MaxWorkingSet) {
  std::vector<LevelWindow> W;
  uint64_t Above = 0; // capacity of the levels above the current one
  for (const HostCache &C : Caches) {
    LevelWindow L;
    L.Level = C.Level == 1 ? "L1d" : "L" + std::to_string(C.Level);
    // Well inside: from twice what the levels above hold (so most accesses
    // miss there) to half of this level (so conflicts and other tenants'
    // lines rarely evict).
    L.Lo = C.Level == 1 ? 4096 : 2 * Above;
    L.Hi = C.SizeBytes / 2;
    if (L.Lo <= L.Hi)
      W.push_back(L);
    Above = std::max(Above, C.SizeBytes);
  }
  if (Above && 4 * Above <= MaxWorkingSet)
    W.push_back({"DRAM", 4 * Above, MaxWorkingSet});
  return W;
}

StringRef probeKernelName(ProbeKernel K) {
  switch (K) {
  case ProbeKernel::Load: return "load";
  case ProbeKernel::Store: return "store";
  case ProbeKernel::Copy: return "copy";
  case ProbeKernel::Triad: return "triad";
  case ProbeKernel::ChaseLine: return "chase-line";
  case ProbeKernel::ChasePage: return "chase-page";
  case ProbeKernel::PageWalk: return "page-walk";
  }
  llvm_unreachable("bad ProbeKernel");
}

std::vector<LevelFigures> summariseLevels(ArrayRef<ProbeSeries> Series,
                                          ArrayRef<LevelWindow> Windows) {
  std::vector<LevelFigures> Out;
  for (const LevelWindow &W : Windows) {
    LevelFigures F;
    F.Level = W.Level;
    F.WindowLo = W.Lo;
    F.WindowHi = W.Hi;
    for (const ProbeSeries &S : Series) {
      LevelFigure *Fig = nullptr;
      switch (S.Kernel) {
      case ProbeKernel::Load: Fig = &F.Load; break;
      case ProbeKernel::Store: Fig = &F.Store; break;
      case ProbeKernel::Copy: Fig = &F.Copy; break;
      case ProbeKernel::Triad: Fig = &F.Triad; break;
      case ProbeKernel::ChaseLine: Fig = &F.Latency; break;
      case ProbeKernel::ChasePage:
      case ProbeKernel::PageWalk: break;
      }
      if (!Fig)
        continue;
      std::vector<double> V;
      for (const ProbePoint &P : S.Points)
        if (P.WorkingSetBytes >= W.Lo && P.WorkingSetBytes <= W.Hi &&
            P.Value > 0)
          V.push_back(P.Value);
      if (V.empty())
        continue;
      Fig->Median = quantile(V, 0.5);
      Fig->Min = *std::min_element(V.begin(), V.end());
      Fig->Max = *std::max_element(V.begin(), V.end());
      Fig->Points = V.size();
    }
    Out.push_back(F);
  }
  return Out;
}

//--- Running ---------------------------------------------------------------

#if defined(__x86_64__) && defined(__linux__)
namespace {

using namespace memprobe;

/// Pins the thread to the CPU it runs on; restores the old mask.
class Pinning {
  cpu_set_t Old;
  bool Saved = false;

public:
  int CPU = -1;
  Pinning() {
    Saved = sched_getaffinity(0, sizeof(Old), &Old) == 0;
    CPU = sched_getcpu();
    if (CPU < 0)
      return;
    cpu_set_t One;
    CPU_ZERO(&One);
    CPU_SET(CPU, &One);
    if (sched_setaffinity(0, sizeof(One), &One) != 0)
      CPU = -1;
  }
  ~Pinning() {
    if (Saved)
      sched_setaffinity(0, sizeof(Old), &Old);
  }
};

/// An anonymous mapping of 4 KiB pages (no transparent huge pages: a
/// program's malloc'd arrays get 4 KiB pages unless it asks), filled; or,
/// with \p Huge, asking for transparent 2 MiB pages (aligned to them).
class Buffer {
public:
  char *Base = nullptr;
  size_t Size = 0;
  explicit Buffer(size_t S, bool Huge = false) : Size(S) {
    constexpr size_t HugeBytes = 2u << 20;
    MapSize = Huge ? S + HugeBytes : S;
    void *P = mmap(nullptr, MapSize, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (P == MAP_FAILED)
      return;
    Map = static_cast<char *>(P);
    Base = Huge ? reinterpret_cast<char *>(
                      (reinterpret_cast<uintptr_t>(Map) + HugeBytes - 1) &
                      ~uintptr_t(HugeBytes - 1))
                : Map;
    madvise(Base, S, Huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
    auto *D = reinterpret_cast<double *>(Base);
    for (size_t I = 0; I < S / sizeof(double); ++I)
      D[I] = 1.0;
  }
  ~Buffer() {
    if (Map)
      munmap(Map, MapSize);
  }

private:
  char *Map = nullptr;
  size_t MapSize = 0;
};

/// KiB of transparent huge pages the process holds (0 if unknown).
uint64_t anonHugeKiB() {
  auto MB = MemoryBuffer::getFileAsStream("/proc/self/smaps_rollup");
  if (!MB)
    return 0;
  StringRef Text = (*MB)->getBuffer();
  size_t At = Text.find("AnonHugePages:");
  if (At == StringRef::npos)
    return 0;
  uint64_t KiB = 0;
  Text.substr(At + 14).ltrim().consumeInteger(10, KiB);
  return KiB;
}

class Prober {
public:
  Prober(const MemoryProbeOptions &O, MemoryProbeResult &R) : Opts(O), Res(R) {}

  void calibrate();
  ProbePoint bandwidth(ProbeKernel K, uint64_t WS, char *Base);
  ProbePoint chaseLines(uint64_t WS, char *Base);
  ProbePoint chasePages(uint64_t Pages, char *Base);
  ProbePoint pageWalk(uint64_t Pages, char *Base);

private:
  const MemoryProbeOptions &Opts;
  MemoryProbeResult &Res;
  std::vector<double> Canaries;
  std::mt19937_64 Rng{20261124};

  double canaryCycles() {
    uint64_t A = canaryTicks(100), B = canaryTicks(50);
    return A > B ? double(A - B) / (50.0 * 50) / Res.TSCPerCycle : 0;
  }
  /// Times \p Run (after a warm-up) until Opts.Repetitions repetitions ran
  /// quiet by the canary, or three times as many ran; returns the kept
  /// ticks (all of them if none was quiet).
  template <typename F> std::vector<double> timeQuiet(F Run, ProbePoint &P);
  /// Times \p Run with timeQuiet and gives \p P the median and the spread
  /// of \p FromCycles(core cycles of a repetition) over the repetitions.
  template <typename F, typename G>
  void timeValue(F Run, G FromCycles, ProbePoint &P);
  /// Cycles per load of a chase through \p Slots, linked into one random
  /// cycle in blocks of \p Block (linkRandomCycle): twice \p Count loads
  /// a repetition, within [2^16, 2^20], a multiple of the chase's 16.
  void timeChase(std::vector<char *> &Slots, size_t Block, uint64_t Count,
                 ProbePoint &P);
};

void Prober::calibrate() {
  std::vector<double> Ticks;
  for (int I = 0; I < 31; ++I) {
    uint64_t A = addChainTicks(200), B = addChainTicks(100);
    if (A > B)
      Ticks.push_back(double(A - B) / (100.0 * 100));
  }
  Res.TSCPerCycle = quantile(Ticks, 0.5);
  auto T0 = std::chrono::steady_clock::now();
  uint64_t C0 = fencedTSC();
  while (std::chrono::steady_clock::now() - T0 < std::chrono::milliseconds(50))
    ;
  uint64_t C1 = fencedTSC();
  double Sec = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             T0)
                   .count();
  Res.TSCGHz = double(C1 - C0) / Sec / 1e9;
  Res.CoreGHz = Res.TSCPerCycle > 0 ? Res.TSCGHz / Res.TSCPerCycle : 0;
  std::vector<double> C;
  for (int I = 0; I < 21; ++I)
    C.push_back(canaryCycles());
  // Quiet: within 10% of the host model's unshared value, or without one,
  // within 8% of the lowest seen (the harness' rule, docs/measurement.md).
  Res.QuietLimit = Opts.QuietCanaryCycles > 0
                       ? 1.10 * Opts.QuietCanaryCycles
                       : 1.08 * *std::min_element(C.begin(), C.end());
}

template <typename F>
std::vector<double> Prober::timeQuiet(F Run, ProbePoint &P) {
  Run(); // warm-up: caches, TLB, page-table entries
  std::vector<double> Kept, All;
  for (unsigned I = 0; I < 3 * Opts.Repetitions; ++I) {
    // TSC ticks of the thread's own CPU time.
    // The thread's CPU time: long repetitions (a DRAM pass, a million-load
    // chase) span time slices, and another process' time must not count.
    double S0 = threadCPUSeconds();
    Run();
    double T = (threadCPUSeconds() - S0) * Res.TSCGHz * 1e9;
    double C = canaryCycles();
    Canaries.push_back(C);
    All.push_back(T);
    ++Res.Total;
    if (C <= Res.QuietLimit)
      Kept.push_back(T);
    else
      ++Res.Dropped;
    if (Kept.size() >= Opts.Repetitions)
      break;
  }
  P.Repetitions = All.size();
  P.Kept = Kept.size();
  Res.CanaryCycles = quantile(Canaries, 0.5);
  return Kept.empty() ? All : Kept;
}

template <typename F, typename G>
void Prober::timeValue(F Run, G FromCycles, ProbePoint &P) {
  std::vector<double> Values;
  for (double T : timeQuiet(Run, P))
    Values.push_back(FromCycles(T / Res.TSCPerCycle));
  P.Value = quantile(Values, 0.5);
  P.Spread = relativeSpread(Values);
}

ProbePoint Prober::bandwidth(ProbeKernel K, uint64_t WS, char *Base) {
  bool AVX = Res.VectorBits == 256;
  unsigned Arrays = K == ProbeKernel::Copy ? 2 : K == ProbeKernel::Triad ? 3 : 1;
  uint64_t Per = WS / Arrays / 128 * 128;
  ProbePoint P;
  P.WorkingSetBytes = Per * Arrays;
  if (Per == 0)
    return P;
  // Arrays apart by a few lines more than their size, so that the streams
  // do not alias in the 4 KiB-indexed structures (store forwarding checks).
  char *A = Base, *B = Base + Per + 640, *C = Base + 2 * Per + 1408;
  uint64_t Passes =
      std::max<uint64_t>(1, (Opts.MinBytesPerRepetition + P.WorkingSetBytes -
                             1) / P.WorkingSetBytes);
  auto Run = [&] {
    switch (K) {
    case ProbeKernel::Load: loadPasses(A, Per, Passes, AVX); break;
    case ProbeKernel::Store: storePasses(A, Per, Passes, AVX); break;
    case ProbeKernel::Copy: copyPasses(A, B, Per, Passes, AVX); break;
    case ProbeKernel::Triad: triadPasses(A, B, C, Per, Passes, AVX); break;
    default: break;
    }
  };
  timeValue(
      Run,
      [&](double Cycles) {
        return double(P.WorkingSetBytes) * Passes / Cycles; // bytes/cycle
      },
      P);
  return P;
}

/// Links \p Slots (each the address of a pointer slot) into one cycle in a
/// random order, for a pointer chase, and leaves them in that order. The
/// slots are visited in blocks of \p Block (shuffled inside, and the blocks
/// shuffled), so that a line chase stays within few pages at a time and
/// measures the cache, not the TLB.
static void linkRandomCycle(std::vector<char *> &Slots, size_t Block,
                            std::mt19937_64 &Rng) {
  std::vector<size_t> Blocks((Slots.size() + Block - 1) / Block);
  for (size_t I = 0; I < Blocks.size(); ++I)
    Blocks[I] = I;
  std::shuffle(Blocks.begin(), Blocks.end(), Rng);
  std::vector<char *> Order;
  Order.reserve(Slots.size());
  for (size_t B : Blocks) {
    size_t Lo = B * Block, Hi = std::min(Slots.size(), Lo + Block);
    std::vector<char *> Part(Slots.begin() + Lo, Slots.begin() + Hi);
    std::shuffle(Part.begin(), Part.end(), Rng);
    Order.insert(Order.end(), Part.begin(), Part.end());
  }
  for (size_t I = 0; I < Order.size(); ++I)
    *reinterpret_cast<char **>(Order[I]) = Order[(I + 1) % Order.size()];
  Slots = std::move(Order);
}

void Prober::timeChase(std::vector<char *> &Slots, size_t Block,
                       uint64_t Count, ProbePoint &P) {
  linkRandomCycle(Slots, Block, Rng);
  uint64_t Loads =
      std::clamp<uint64_t>(2 * Count, 1u << 16, 1u << 20) / 16 * 16;
  const void *Start = Slots.front();
  auto Run = [&] { Start = chase(Start, Loads); };
  timeValue(Run, [&](double Cycles) { return Cycles / Loads; }, P);
}

ProbePoint Prober::chaseLines(uint64_t WS, char *Base) {
  ProbePoint P;
  uint64_t Lines = WS / 64;
  P.WorkingSetBytes = Lines * 64;
  if (Lines < 16)
    return P;
  std::vector<char *> Slots(Lines);
  for (uint64_t I = 0; I < Lines; ++I)
    Slots[I] = Base + I * 64;
  // 32 pages at a time: within the L1 DTLB of every described core.
  timeChase(Slots, 32 * 64, Lines, P);
  return P;
}

ProbePoint Prober::chasePages(uint64_t Pages, char *Base) {
  ProbePoint P;
  P.WorkingSetBytes = Pages * 4096;
  if (Pages < 16)
    return P;
  // One line per page, at a different offset in each page so that the
  // lines spread over the cache sets.
  std::vector<char *> Slots(Pages);
  for (uint64_t I = 0; I < Pages; ++I)
    Slots[I] = Base + I * 4096 + (I % 64) * 64;
  timeChase(Slots, Pages, Pages, P);
  return P;
}

ProbePoint Prober::pageWalk(uint64_t Pages, char *Base) {
  ProbePoint P;
  // 4,160 bytes: the next page, a line further on (the lines spread over
  // the cache sets).
  constexpr uint64_t Stride = 4096 + 64;
  P.WorkingSetBytes = Pages * Stride;
  uint64_t Passes = std::max<uint64_t>(1, (1u << 20) / Pages);
  char *End = Base + Pages * Stride;
  auto Run = [&] { stridePasses(Base, End, Stride, Passes); };
  timeValue(
      Run, [&](double Cycles) { return Cycles / double(Pages * Passes); }, P);
  return P;
}

std::string utcNow() {
  std::time_t T = std::time(nullptr);
  char Buf[32];
  std::strftime(Buf, sizeof(Buf), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&T));
  return Buf;
}

} // namespace
#endif

Expected<MemoryProbeResult> runMemoryProbe(const MemoryProbeOptions &Opts) {
#if !defined(__x86_64__) || !defined(__linux__)
  return createStringError(inconvertibleErrorCode(),
                           "the memory probe needs an x86-64 Linux host");
#else
  auto Start = std::chrono::steady_clock::now();
  MemoryProbeResult R;
  const HostCPU &Host = detectHostCPU();
  R.Vendor = Host.Vendor;
  R.Brand = Host.Brand;
  R.LLVMName = Host.LLVMName;
  R.Family = Host.Family;
  R.Model = Host.Model;
  R.Stepping = Host.Stepping;
  R.Date = utcNow();
  auto Caches = readHostCaches();
  if (!Caches)
    return Caches.takeError();
  R.Caches = std::move(*Caches);
  uint64_t LLC = R.Caches.back().SizeBytes;
  uint64_t MaxWS = Opts.MaxWorkingSet
                       ? Opts.MaxWorkingSet
                       : std::max<uint64_t>(8 * LLC, 64ull << 20);
  R.VectorBits = __builtin_cpu_supports("avx") ? 256 : 128;

  Pinning Pin;
  R.CPU = Pin.CPU;
  Buffer Buf(MaxWS + (1 << 20));
  if (!Buf.Base)
    return createStringError(inconvertibleErrorCode(),
                             "cannot map %llu bytes for the memory probe",
                             (unsigned long long)Buf.Size);
  Prober P(Opts, R);
  P.calibrate();
  if (!(R.TSCPerCycle > 0))
    return createStringError(inconvertibleErrorCode(),
                             "the calibration chain did not time "
                             "consistently (a very noisy host?)");

  // Working sets: 4 KiB, then StepsPerOctave per doubling.
  std::vector<uint64_t> Sizes;
  unsigned Steps = std::max(1u, Opts.StepsPerOctave);
  for (uint64_t Oct = 4096; Oct <= MaxWS; Oct *= 2)
    for (unsigned S = 0; S < Steps; ++S) {
      uint64_t WS = uint64_t(double(Oct) * std::pow(2.0, double(S) / Steps));
      WS = WS / 384 * 384; // whole vector blocks for 1, 2 and 3 arrays
      if (WS >= 4096 - 384 && WS <= MaxWS)
        Sizes.push_back(std::max<uint64_t>(WS, 3840));
    }
  for (ProbeKernel K : {ProbeKernel::Load, ProbeKernel::Store,
                        ProbeKernel::Copy, ProbeKernel::Triad,
                        ProbeKernel::ChaseLine}) {
    ProbeSeries S;
    S.Kernel = K;
    for (uint64_t WS : Sizes) {
      ProbePoint Pt = K == ProbeKernel::ChaseLine
                          ? P.chaseLines(WS, Buf.Base)
                          : P.bandwidth(K, WS, Buf.Base);
      if (Pt.Value > 0)
        S.Points.push_back(Pt);
    }
    R.Series.push_back(std::move(S));
  }
  if (!Opts.SkipPageChase) {
    ProbeSeries S;
    S.Kernel = ProbeKernel::ChasePage;
    for (uint64_t Pages = 16; Pages * 4096 <= MaxWS; Pages *= 2) {
      ProbePoint Pt = P.chasePages(Pages, Buf.Base);
      if (Pt.Value > 0)
        S.Points.push_back(Pt);
    }
    // The walk: the largest page chase whose data (one line per page)
    // still fits the L2 (16,384 pages with a 1 MiB L2: beyond the reach
    // of every described L2 TLB), minus a line chase over the same data
    // footprint.
    const ProbeSeries &Lines = R.Series.back();
    uint64_t L2 = R.Caches.size() > 1 ? R.Caches[1].SizeBytes : 0;
    for (auto It = S.Points.rbegin(); It != S.Points.rend(); ++It) {
      uint64_t Pages = It->WorkingSetBytes / 4096;
      if (Pages * 64 > L2 || Pages < 4096)
        continue;
      // The line chase closest to the same footprint.
      const ProbePoint *Best = nullptr;
      for (const ProbePoint &L : Lines.Points)
        if (!Best || std::fabs(std::log(double(L.WorkingSetBytes) /
                                        double(Pages * 64))) <
                         std::fabs(std::log(double(Best->WorkingSetBytes) /
                                            double(Pages * 64))))
          Best = &L;
      if (Best) {
        R.PageWalkCycles = std::max(0.0, It->Value - Best->Value);
        R.PageWalkPages = Pages;
      }
      break;
    }
    R.Series.push_back(std::move(S));
    ProbeSeries W;
    W.Kernel = ProbeKernel::PageWalk;
    for (uint64_t Pages = 256; Pages <= 32768 && Pages * 4160 <= MaxWS;
         Pages *= 2) {
      ProbePoint Pt = P.pageWalk(Pages, Buf.Base);
      if (Pt.Value > 0)
        W.Points.push_back(Pt);
    }
    double Within = 0, Beyond = 0;
    for (const ProbePoint &Pt : W.Points) {
      uint64_t Pages = Pt.WorkingSetBytes / 4160;
      if (Pages == 2048)
        Within = Pt.Value;
      if (Pages == 16384)
        Beyond = Pt.Value;
    }
    // The same 16,384-page walk with transparent 2 MiB pages (no walks):
    // the difference is the walks' alone. Against the 2,048-page walk it
    // would also count the lines moving from L2 to L3 (utils/page-walk.c:
    // 2.0 -> 11.9 cycles per load on the Zen 4 host from the lines alone).
    if (Beyond > 0) {
      uint64_t Before = anonHugeKiB();
      Buffer Huge(16384 * 4160 + 4096, /*Huge=*/true);
      if (Huge.Base && anonHugeKiB() >= Before + 16384 * 4160 / 2048) {
        ProbePoint Pt = P.pageWalk(16384, Huge.Base);
        if (Pt.Value > 0) {
          R.ColumnWalkHugeCycles = Pt.Value;
          R.ColumnWalkCycles = std::max(0.0, Beyond - Pt.Value);
        }
      } else if (Within > 0) {
        R.ColumnWalkCycles = std::max(0.0, Beyond - Within);
      }
    }
    R.Series.push_back(std::move(W));
  }
  R.Windows = levelWindows(R.Caches, MaxWS);
  R.Levels = summariseLevels(R.Series, R.Windows);
  R.Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            Start)
                  .count();
  return R;
#endif
}

//--- JSON ------------------------------------------------------------------

static json::Value round4(double V) {
  return std::round(V * 1e4) / 1e4;
}

static json::Object figureJSON(const LevelFigure &F) {
  return json::Object{{"median", round4(F.Median)},
                      {"min", round4(F.Min)},
                      {"max", round4(F.Max)},
                      {"points", int64_t(F.Points)}};
}

json::Value toJSON(const MemoryProbeResult &R) {
  json::Array Caches, Series, Levels;
  for (const HostCache &C : R.Caches)
    Caches.push_back(json::Object{{"level", int64_t(C.Level)},
                                  {"type", C.Type},
                                  {"size_bytes", int64_t(C.SizeBytes)},
                                  {"ways", int64_t(C.Ways)},
                                  {"line_bytes", int64_t(C.LineBytes)},
                                  {"shared_cpus", int64_t(C.SharedCPUs)}});
  for (const ProbeSeries &S : R.Series) {
    json::Array Pts;
    for (const ProbePoint &P : S.Points)
      Pts.push_back(json::Object{{"working_set", int64_t(P.WorkingSetBytes)},
                                 {"value", round4(P.Value)},
                                 {"spread", round4(P.Spread)},
                                 {"kept", int64_t(P.Kept)},
                                 {"repetitions", int64_t(P.Repetitions)}});
    bool Chase = S.Kernel == ProbeKernel::ChaseLine ||
                 S.Kernel == ProbeKernel::ChasePage ||
                 S.Kernel == ProbeKernel::PageWalk;
    Series.push_back(json::Object{
        {"kernel", probeKernelName(S.Kernel)},
        {"unit", Chase ? "cycles per load" : "bytes per cycle"},
        {"points", std::move(Pts)}});
  }
  for (const LevelFigures &L : R.Levels)
    Levels.push_back(json::Object{{"level", L.Level},
                                  {"window", json::Array{int64_t(L.WindowLo),
                                                         int64_t(L.WindowHi)}},
                                  {"load", figureJSON(L.Load)},
                                  {"store", figureJSON(L.Store)},
                                  {"copy", figureJSON(L.Copy)},
                                  {"triad", figureJSON(L.Triad)},
                                  {"latency", figureJSON(L.Latency)}});
  return json::Object{
      {"host",
       json::Object{{"vendor", R.Vendor},
                    {"family", int64_t(R.Family)},
                    {"model", int64_t(R.Model)},
                    {"stepping", int64_t(R.Stepping)},
                    {"brand", R.Brand},
                    {"llvm_cpu", R.LLVMName},
                    {"cpu_pinned", int64_t(R.CPU)},
                    {"caches", std::move(Caches)}}},
      {"date", R.Date},
      {"vector_bits", int64_t(R.VectorBits)},
      {"clock",
       json::Object{{"tsc_per_cycle", round4(R.TSCPerCycle)},
                    {"tsc_ghz", round4(R.TSCGHz)},
                    {"core_ghz", round4(R.CoreGHz)}}},
      {"canary",
       json::Object{{"median_cycles", round4(R.CanaryCycles)},
                    {"quiet_limit", round4(R.QuietLimit)},
                    {"dropped", int64_t(R.Dropped)},
                    {"repetitions", int64_t(R.Total)}}},
      {"levels", std::move(Levels)},
      {"page_walk", json::Object{{"cycles", round4(R.PageWalkCycles)},
                                 {"pages", int64_t(R.PageWalkPages)},
                                 {"column_walk_cycles_per_load",
                                  round4(R.ColumnWalkCycles)},
                                 {"column_walk_2m_cycles_per_load",
                                  round4(R.ColumnWalkHugeCycles)}}},
      {"series", std::move(Series)},
      {"seconds", round4(R.Seconds)}};
}

} // namespace luarch
