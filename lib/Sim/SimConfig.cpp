//===- SimConfig.cpp - A MachineModel as simulator parameters ------------===//
#include "luarch/Sim/SimConfig.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace luarch {

SimConfig SimConfig::fromModel(const MachineModel &M) {
  SimConfig C;
  C.Model = &M;
  C.IssueWidth = M.FrontEnd.IssueWidth;
  C.RetireWidth = M.BackEnd.RetireWidth;
  C.FrontEndWidth = M.FrontEnd.UopCacheWidth ? M.FrontEnd.UopCacheWidth.Value
                                             : M.FrontEnd.IssueWidth.Value;
  C.PortCapacity.assign(M.numPorts(), 1.0);
  C.ROBSize = M.BackEnd.ROBSize;
  C.RSSize = M.BackEnd.SchedulerSize;
  C.LoadBufferSize = M.BackEnd.LoadBufferSize;
  C.StoreBufferSize = M.BackEnd.StoreBufferSize;
  C.IntPRFSize = M.BackEnd.IntPRFSize;
  C.VecPRFSize = M.BackEnd.VecPRFSize;
  C.UopQueueSize = M.FrontEnd.UopQueueSize ? M.FrontEnd.UopQueueSize.Value : 64;
  C.IterationBoundaryRule = M.FrontEnd.IterationBoundaryRule;
  C.ROBMicroFusion = M.BackEnd.ROBMicroFusion;
  C.UseLSD = M.FrontEnd.HasLSD;
  return C;
}

/// Large enough that no loop ever fills it, small enough to stay exact.
static constexpr double Unlimited = 1e9;

static const char *const WhatIfNames[] = {
    "rob", "rs", "lb", "sb", "int-prf", "vec-prf", "buffers",
    "issue-width", "retire-width", "frontend-width", "binding"};

static const char *bindingName(PortBinding B) {
  switch (B) {
  case PortBinding::LeastLoadedInRS:
    return "least-loaded-in-rs";
  case PortBinding::LeastLoadedInFlight:
    return "least-loaded-in-flight";
  case PortBinding::RoundRobin:
    return "round-robin";
  }
  return "?";
}

std::string WhatIf::str() const {
  std::string S;
  raw_string_ostream OS(S);
  for (const auto &[Name, Value] : Changes) {
    if (!S.empty())
      OS << ", ";
    OS << Name << "=";
    if (Value >= Unlimited)
      OS << "unlimited";
    else
      OS << format("%g", Value);
  }
  if (ChangesBinding)
    OS << (S.empty() ? "" : ", ") << "binding=" << bindingName(Binding);
  return S;
}

Expected<WhatIf> parseWhatIf(StringRef Spec) {
  WhatIf W;
  SmallVector<StringRef, 8> Items;
  Spec.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Name, ValueText] = Item.trim().split('=');
    Name = Name.trim();
    ValueText = ValueText.trim();
    if (!is_contained(WhatIfNames, Name))
      return createStringError(
          inconvertibleErrorCode(),
          "--what-if: unknown resource '%s' (known: %s)", Name.str().c_str(),
          join(ArrayRef<const char *>(WhatIfNames), ", ").c_str());
    if (Name == "binding") {
      W.ChangesBinding = true;
      if (ValueText == bindingName(PortBinding::LeastLoadedInRS))
        W.Binding = PortBinding::LeastLoadedInRS;
      else if (ValueText == bindingName(PortBinding::LeastLoadedInFlight))
        W.Binding = PortBinding::LeastLoadedInFlight;
      else if (ValueText == bindingName(PortBinding::RoundRobin))
        W.Binding = PortBinding::RoundRobin;
      else
        return createStringError(inconvertibleErrorCode(),
                                 "--what-if: binding must be "
                                 "least-loaded-in-rs, least-loaded-in-flight "
                                 "or round-robin, got '%s'",
                                 ValueText.str().c_str());
      continue;
    }
    double Value = 0;
    if (ValueText == "unlimited")
      Value = Unlimited;
    else if (ValueText.getAsDouble(Value) || !(Value > 0))
      return createStringError(inconvertibleErrorCode(),
                               "--what-if: '%s' needs a positive number or "
                               "'unlimited', got '%s'",
                               Name.str().c_str(), ValueText.str().c_str());
    W.Changes.emplace_back(Name.str(), Value);
  }
  if (W.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--what-if: expected NAME=VALUE[,NAME=VALUE...]");
  return W;
}

void applyWhatIf(SimConfig &C, const WhatIf &W) {
  if (W.ChangesBinding)
    C.Binding = W.Binding;
  for (const auto &[Name, Value] : W.Changes) {
    bool All = Name == "buffers";
    if (All || Name == "rob")
      C.ROBSize = Value;
    if (All || Name == "rs")
      C.RSSize = Value;
    if (All || Name == "lb")
      C.LoadBufferSize = Value;
    if (All || Name == "sb")
      C.StoreBufferSize = Value;
    if (All || Name == "int-prf")
      C.IntPRFSize = Value;
    if (All || Name == "vec-prf")
      C.VecPRFSize = Value;
    if (Name == "issue-width")
      C.IssueWidth = Value;
    if (Name == "retire-width")
      C.RetireWidth = Value;
    if (Name == "frontend-width")
      C.FrontEndWidth = Value;
  }
}

} // namespace luarch
