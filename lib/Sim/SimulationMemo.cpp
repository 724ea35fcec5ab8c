//===- SimulationMemo.cpp - simulate() results by their input -------------===//
#include "luarch/Sim/SimulationMemo.h"
#include "SimKernel.h"
#include "SimulateBody.h"
#include "luarch/Model/FrontEndLayout.h"
#include "llvm/ADT/SmallString.h"

#include <array>
#include <cstring>
#include <optional>
#include <type_traits>

using namespace llvm;

namespace luarch {
namespace sim {
namespace {

// The key writes every field of these structures by name. A field added
// to one of them must be added to the key too (else two inputs that differ
// in it would share a result): these sizes fail to compile first. They
// are those of the build this project uses (x86-64, libstdc++: a
// std::string is 32 bytes there, 24 in libc++).
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(SUop) == 72, "a field of SUop: add it to the key");
static_assert(sizeof(SSlot) == 6, "a field of SSlot: add it to the key");
static_assert(sizeof(SInstr) == 576, "a field of SInstr: add it to the key");
static_assert(sizeof(SimKernel) == 40,
              "a field of SimKernel: add it to the key");
static_assert(sizeof(FrontEndInstr) == 44,
              "a field of FrontEndInstr: add it to the key");
static_assert(sizeof(CacheWindow) == 48,
              "a field of CacheWindow: add it to the key");
static_assert(sizeof(FrontEndLayout) == 88,
              "a field of FrontEndLayout: add it to the key");
static_assert(sizeof(SimConfig) == 208,
              "a field of SimConfig: add it to the key");
static_assert(sizeof(SimOptions) == 40,
              "a field of SimOptions: add it to the key");
#endif

class KeyWriter {
public:
  explicit KeyWriter(SmallVectorImpl<char> &S) : S(S) {}

  template <typename T> void put(const T &V) {
    static_assert(std::is_trivially_copyable_v<T>, "bytes of a value");
    // A SmallVector's append of a constant size is inlined; a
    // std::string's went through a call per field, most of the key's
    // cost (callgrind).
    const char *P = reinterpret_cast<const char *>(&V);
    S.append(P, P + sizeof(T));
  }
  template <typename Range> void putAll(const Range &R) {
    put(uint32_t(std::size(R)));
    for (const auto &V : R)
      put(V);
  }
  void put(StringRef Str) {
    put(uint32_t(Str.size()));
    S.append(Str.begin(), Str.end());
  }
  /// A register unit, renamed (simulationKey).
  void putUnit(RegUnit U) { put(Renamed[U]); }

  /// Renames the body's general-purpose units (but rsp) and vector units,
  /// each class in order of first use; the others keep their number.
  void renameUnits(const SimKernel &Body) {
    for (unsigned U = 0; U < Renamed.size(); ++U)
      Renamed[U] = RegUnit(U);
    std::array<bool, 256> Seen{};
    RegUnit NextGPR = regunit::FirstGPR, NextVec = regunit::FirstVec;
    auto Visit = [&](RegUnit U) {
      if (Seen[U])
        return;
      Seen[U] = true;
      if (isGPRUnit(U) && U != regunit::RSP) {
        if (NextGPR == regunit::RSP)
          ++NextGPR;
        Renamed[U] = NextGPR++;
      } else if (isVecUnit(U)) {
        Renamed[U] = NextVec++;
      }
    };
    for (const SInstr &I : Body.Instrs) {
      for (RegUnit U : I.Reads)
        Visit(U);
      for (RegUnit U : I.AddrReads)
        Visit(U);
      for (RegUnit U : I.Writes)
        Visit(U);
    }
  }

private:
  SmallVectorImpl<char> &S;
  std::array<RegUnit, 256> Renamed{};
};

void putUop(KeyWriter &W, const SUop &U) {
  W.put(U.Ports);
  W.put(U.Share);
  W.put(U.Latency);
  W.put(U.Kind);
  W.put(U.ReadsAddr);
  W.put(U.ReadsSrc);
  W.put(U.WritesResult);
  W.put(U.Sources);
  W.put(U.Input);
  W.put(U.Decoded);
  W.put(U.MergesSources);
  W.put(U.Renamed);
  W.put(U.CacheLatency);
  W.put(U.StoreCommitDelay);
  W.put(U.DivCycles);
  W.put(U.SerialCycles);
  W.put(U.VecScheduler);
}

void putBody(KeyWriter &W, const SimKernel &Body) {
  W.put(uint32_t(Body.Instrs.size()));
  for (const SInstr &I : Body.Instrs) {
    W.put(uint32_t(I.Uops.size()));
    for (const SUop &U : I.Uops)
      putUop(W, U);
    W.put(uint32_t(I.Slots.size()));
    for (const SSlot &Sl : I.Slots) {
      W.put(Sl.FirstUop);
      W.put(Sl.NumUops);
      W.put(Sl.ROBEntries);
      W.put(Sl.Loads);
      W.put(Sl.Stores);
      W.put(Sl.VecSchedulerUops);
    }
    W.put(I.RetireSlots);
    for (const auto *Units : {&I.Reads, &I.AddrReads, &I.Writes}) {
      W.put(uint32_t(Units->size()));
      for (RegUnit U : *Units)
        W.putUnit(U);
    }
    W.put(I.LoadWaitsForStoreAddresses);
    W.put(I.WritesGPR);
    W.put(I.WritesVec);
    W.put(I.FlagsAtDone);
    W.put(I.Done);
    W.put(I.MoveSlots);
    putUop(W, I.ExecutedMove);
    W.put(I.MemProducer);
    W.put(I.MemDistance);
    W.put(I.MemExtra);
    W.put(I.MemAddressWait);
    W.put(I.AddressExtra);
    W.put(I.MemBlocked);
    W.put(I.MemBlockedAfterData);
    W.put(I.KeepsStoreDataTime);
  }
  W.put(Body.SlotsPerIteration);
  W.put(Body.EndsWithBranch);
  W.put(Body.Shape);
  W.put(Body.TripCount);
}

/// Whether the simulated front end reads more of the layout than its kind
/// (which the model, in the key, fixes). The uop-cache front end
/// (FrontEndStage::uopCacheCycle: the AMD descriptions) reads nothing
/// else; only Intel's (FrontEndStage::intelCycle, chosen by the same test
/// in FrontEndStage::cycle) reads the instructions' bytes and windows. So
/// on Zen kernels whose instructions differ only in length (a disp8
/// against a disp32, a REX prefix) share their simulation (sqlite3.c at
/// -O2: 668 simulations instead of 855), and the key needs no layout
/// there (building it was a fifth of the key's cost).
bool keyReadsLayout(const SimConfig &C, ArrayRef<DecodedInstr> D) {
  return C.Model && C.Model->FrontEnd.Kind == FrontEndKind::IntelLegacyDSB &&
         !D.empty();
}

/// \p L is the layout where keyReadsLayout, else null.
void putLayout(KeyWriter &W, const FrontEndLayout *L) {
  W.put(bool(L));
  if (!L)
    return;
  assert(L->Kind == FrontEndKind::IntelLegacyDSB && !L->Instrs.empty() &&
         "keyReadsLayout");
  W.put(L->StartAddress);
  W.put(L->ByteSize);
  W.put(L->Loop);
  W.put(uint32_t(L->Instrs.size()));
  for (const FrontEndInstr &I : L->Instrs) {
    W.put(I.Offset);
    W.put(I.Length);
    W.put(I.FusedUops);
    W.put(I.Slots);
    W.put(I.DecoderUops);
    W.put(I.MicrocodeUops);
    W.put(I.CacheSlots);
    W.put(I.SimpleDecodersAfter);
    W.put(I.OpcodeOffset);
    W.put(I.Complex);
    W.put(I.LCP);
    W.put(I.Branch);
    W.put(I.ExtraEntry);
    W.put(I.Taken);
    W.put(I.FusedWithNext);
    W.put(I.FusedIntoPrev);
    W.put(I.MacroFusible);
    W.put(I.LSDUsable);
  }
  W.put(uint32_t(L->Windows.size()));
  for (const CacheWindow &Win : L->Windows) {
    W.put(Win.FirstInstr);
    W.put(Win.EndInstr);
    W.put(Win.Address);
    W.put(Win.Cached);
    W.put(StringRef(Win.WhyNot));
  }
  W.put(L->Source);
  W.put(L->LSDUnroll);
  W.put(L->DSBWayDelivery);
  W.put(L->DSBSlotsPerWay);
  W.put(L->DSBWindowBytes);
}

void putConfig(KeyWriter &W, const SimConfig &C) {
  W.put(reinterpret_cast<uintptr_t>(C.Model));
  W.put(C.Values);
  W.putAll(C.PortCapacity);
  for (double S : C.LatencyScale)
    W.put(S);
  W.putAll(C.InstrLatencyScale);
  W.put(C.Binding);
  W.put(C.IterationBoundaryRule);
  W.put(C.ROBMicroFusion);
  W.put(C.UseLSD);
  W.put(C.LoadPortsShareReadyUops);
  W.put(C.ALUQueuesInTurn);
  W.put(C.AllocationGroup);
  W.put(C.IssueToDispatch);
}

void putOptions(KeyWriter &W, const SimOptions &O) {
  W.put(O.MaxIterations);
  W.put(O.StopAtSteadyState);
  W.put(O.LowerBound);
  W.put(O.Trace);
  W.put(O.TraceIterations);
  W.put(O.SkipIdleCycles);
  W.put(O.Views);
  W.put(O.TripCount);
  W.put(O.TripCountMaxIterations);
}

/// The key of a simulation whose body and front-end layout (as Core builds
/// them) are \p Body and \p Layout (null unless keyReadsLayout).
void keyOfBody(SmallVectorImpl<char> &Key, const SimKernel &Body,
               const FrontEndLayout *Layout, ArrayRef<DecodedInstr> D,
               const SimConfig &Config, const SimOptions &Opts) {
  Key.clear();
  Key.reserve(512 + 96 * Body.size());
  KeyWriter W(Key);
  W.renameUnits(Body);
  putBody(W, Body);
  putLayout(W, Layout);
  W.put(stallLimit(D, Config));
  W.put(uint32_t(D.size()));
  putConfig(W, Config);
  putOptions(W, Opts);
}

} // namespace
} // namespace sim

std::string simulationKey(const Kernel &K, ArrayRef<DecodedInstr> D,
                          const DependencyAnalysis &Deps,
                          const SimConfig &Config, const SimOptions &Opts) {
  using namespace sim;
  SmallString<1024> Key;
  std::optional<FrontEndLayout> Layout;
  if (keyReadsLayout(Config, D))
    Layout = simLayout(K, D, Config);
  keyOfBody(Key, buildSimKernel(K, D, Deps, Config, Opts.TripCount),
            Layout ? &*Layout : nullptr, D, Config, Opts);
  return std::string(Key.str());
}

SimResult SimulationMemo::simulate(const Kernel &K, ArrayRef<DecodedInstr> D,
                                   const DependencyAnalysis &Deps,
                                   const SimConfig &Config,
                                   const SimOptions &Opts) {
  if (Opts.Trace)
    return luarch::simulate(K, D, Deps, Config, Opts);
  // The body and the layout are built once: for the key, then (on a
  // miss) for the run; the layout after the lookup where the key does not
  // read it.
  sim::SimKernel Body =
      sim::buildSimKernel(K, D, Deps, Config, Opts.TripCount);
  std::optional<FrontEndLayout> Layout;
  if (sim::keyReadsLayout(Config, D))
    Layout = sim::simLayout(K, D, Config);
  SmallString<2048> Key; // on the stack: a lookup allocates nothing
  sim::keyOfBody(Key, Body, Layout ? &*Layout : nullptr, D, Config, Opts);
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Results.find(Key.str());
    if (It != Results.end()) {
      ++Hits;
      return *It->second;
    }
    ++Misses;
  }
  if (!Layout)
    Layout = sim::simLayout(K, D, Config);
  auto R = std::make_shared<const SimResult>(sim::simulateBody(
      D, std::move(Body), std::move(*Layout), Config, Opts));
  std::lock_guard<std::mutex> G(Lock);
  if (Results.size() < MaxEntries)
    Results.try_emplace(Key.str(), R);
  return *R;
}

unsigned SimulationMemo::hits() const {
  std::lock_guard<std::mutex> G(Lock);
  return Hits;
}

unsigned SimulationMemo::misses() const {
  std::lock_guard<std::mutex> G(Lock);
  return Misses;
}

} // namespace luarch
