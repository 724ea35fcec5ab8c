//===- SimConfig.cpp - A MachineModel as simulator parameters ------------===//
#include "luarch/Sim/SimConfig.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>

using namespace llvm;

namespace luarch {

std::array<double, NumResources> SimConfig::defaultValues() {
  std::array<double, NumResources> V{};
  V[unsigned(ResourceId::DividerSpeed)] = 1;
  V[unsigned(ResourceId::IssueWidth)] = 4;
  V[unsigned(ResourceId::RetireWidth)] = 4;
  V[unsigned(ResourceId::ROB)] = 224;
  V[unsigned(ResourceId::Scheduler)] = 97;
  V[unsigned(ResourceId::VecScheduler)] = 97;
  V[unsigned(ResourceId::LoadBuffer)] = 72;
  V[unsigned(ResourceId::StoreBuffer)] = 56;
  V[unsigned(ResourceId::IntRegisters)] = 180;
  V[unsigned(ResourceId::VecRegisters)] = 168;
  V[unsigned(ResourceId::UopQueue)] = 64;
  V[unsigned(ResourceId::FrontEndWidth)] = 6;
  return V;
}

SimConfig SimConfig::fromModel(const MachineModel &M) {
  SimConfig C;
  C.Model = &M;
  for (const ResourceSpec &R : resourceTable())
    C[R.Id] = R.FromModel(M);
  C.PortCapacity.assign(M.numPorts(), 1.0);
  C.IterationBoundaryRule = M.FrontEnd.IterationBoundaryRule;
  C.ROBMicroFusion = M.BackEnd.ROBMicroFusion;
  C.UseLSD = M.FrontEnd.HasLSD;
  C.Binding = M.BackEnd.PortBinding == PortBindingRule::IssueSnapshotAlternating
                  ? PortBinding::IssueSnapshot
                  : PortBinding::LeastLoadedInRS;
  C.LoadPortsShareReadyUops = M.BackEnd.LoadPortsShareReadyUops;
  C.ALUQueuesInTurn = M.BackEnd.ALUQueuesInTurn;
  C.AllocationGroup =
      M.BackEnd.AllocatesWholeIssueGroups ? M.FrontEnd.IssueWidth.Value : 0;
  C.IssueToDispatch = std::max(1u, unsigned(M.BackEnd.IssueToDispatchCycles));
  return C;
}

bool SimConfig::isFractional() const {
  auto Frac = [](double V) { return std::fmod(V, 1) != 0; };
  bool F = !InstrLatencyScale.empty();
  for (const ResourceSpec &R : resourceTable())
    if (R.Class != ResourceClass::Buffer)
      F |= Frac((*this)[R.Id]);
  for (double V : PortCapacity)
    F |= Frac(V);
  for (double V : LatencyScale)
    F |= V != 1;
  return F;
}

MachineRates SimConfig::rates() const {
  MachineRates R;
  for (const ResourceSpec &Spec : resourceTable())
    if (Spec.BoundRate)
      R.*Spec.BoundRate = (*this)[Spec.Id];
  return R;
}

static const char *bindingName(PortBinding B) {
  switch (B) {
  case PortBinding::LeastLoadedInRS:
    return "least-loaded-in-rs";
  case PortBinding::LeastLoadedInFlight:
    return "least-loaded-in-flight";
  case PortBinding::RoundRobin:
    return "round-robin";
  case PortBinding::IssueSnapshot:
    return "issue-snapshot";
  }
  return "?";
}

std::string whatIfNames() {
  SmallVector<StringRef, 16> Names;
  for (const ResourceSpec &R : resourceTable())
    Names.push_back(R.WhatIfName);
  Names.push_back("buffers");
  Names.push_back("binding");
  return join(Names, ", ");
}

std::string WhatIf::str() const {
  std::string S;
  raw_string_ostream OS(S);
  for (const auto &[Name, Value] : Changes) {
    if (!S.empty())
      OS << ", ";
    OS << Name << "=";
    if (Value >= UnlimitedResource)
      OS << "unlimited";
    else
      OS << format("%g", Value);
  }
  if (ChangesBinding)
    OS << (S.empty() ? "" : ", ") << "binding=" << bindingName(Binding);
  return S;
}

static const ResourceSpec *specByWhatIfName(StringRef Name) {
  for (const ResourceSpec &R : resourceTable())
    if (Name == R.WhatIfName)
      return &R;
  return nullptr;
}

static Error whatIfError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "--what-if: " + Msg);
}

Expected<WhatIf> parseWhatIf(StringRef Spec) {
  WhatIf W;
  SmallVector<StringRef, 8> Items;
  Spec.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Name, ValueText] = Item.trim().split('=');
    Name = Name.trim();
    ValueText = ValueText.trim();
    if (Name == "binding") {
      W.ChangesBinding = true;
      if (ValueText == bindingName(PortBinding::LeastLoadedInRS))
        W.Binding = PortBinding::LeastLoadedInRS;
      else if (ValueText == bindingName(PortBinding::LeastLoadedInFlight))
        W.Binding = PortBinding::LeastLoadedInFlight;
      else if (ValueText == bindingName(PortBinding::RoundRobin))
        W.Binding = PortBinding::RoundRobin;
      else if (ValueText == bindingName(PortBinding::IssueSnapshot))
        W.Binding = PortBinding::IssueSnapshot;
      else
        return whatIfError("binding must be least-loaded-in-rs, "
                           "least-loaded-in-flight, round-robin or "
                           "issue-snapshot, got '" + ValueText + "'");
      continue;
    }
    const ResourceSpec *R = specByWhatIfName(Name);
    if (!R && Name != "buffers")
      return whatIfError("unknown resource '" + Name +
                         "' (known: " + whatIfNames() + ")");
    ResourceClass Class = R ? R->Class : ResourceClass::Buffer;
    double Value = 0;
    if (ValueText == "unlimited") {
      Value = UnlimitedResource;
    } else if (ValueText.getAsDouble(Value) || !std::isfinite(Value)) {
      return whatIfError("'" + Name + "' needs a number or 'unlimited', got '" +
                         ValueText + "'");
    } else if (Class == ResourceClass::Buffer &&
               (Value < 1 || Value != std::floor(Value))) {
      // A buffer holds whole entries, and at least one: anything else
      // cannot issue a single uop.
      return whatIfError("'" + Name + "' is a number of entries: a whole "
                         "number >= 1, got '" + ValueText + "'");
    } else if (Class == ResourceClass::Width && Value < 1) {
      return whatIfError("'" + Name + "' is uops per cycle: at least 1, got '" +
                         ValueText + "'");
    } else if (Class == ResourceClass::Speed && !(Value >= MinSpeed)) {
      // A slower divider's busy time must stay within the simulator's
      // cycle arithmetic (1e-300 hung a run).
      std::string Min;
      raw_string_ostream(Min) << format("%g", MinSpeed);
      return whatIfError("'" + Name + "' is a speed factor: at least " +
                         Min + ", got '" + ValueText + "'");
    }
    // Beyond unlimited is unlimited (5e9 uops per cycle overflowed the
    // front end's whole-uop credit); str() prints it as such.
    Value = std::min(Value, UnlimitedResource);
    W.Changes.emplace_back(Name.str(), Value);
  }
  if (W.empty())
    return whatIfError("expected NAME=VALUE[,NAME=VALUE...] (names: " +
                       whatIfNames() + ")");
  return W;
}

void applyWhatIf(SimConfig &C, const WhatIf &W) {
  if (W.ChangesBinding)
    C.Binding = W.Binding;
  for (const auto &[Name, Value] : W.Changes) {
    if (Name == "buffers") {
      for (const ResourceSpec &R : resourceTable())
        if (R.InBuffersGroup)
          C[R.Id] = Value;
      continue;
    }
    const ResourceSpec *R = specByWhatIfName(Name);
    assert(R && "parseWhatIf checked the names");
    C[R->Id] = Value;
  }
}

} // namespace luarch
