//===- SteadyState.cpp - When the retirement rhythm repeats --------------===//
#include "Views.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace luarch {
namespace sim {

static constexpr unsigned MaxPeriod = 64;
/// Iterations per window of the quasi-periodic test.
static constexpr size_t ConvergenceWindow = 64;

SteadyStateDetector::SteadyStateDetector(double ROBSize,
                                         unsigned SlotsPerIteration,
                                         bool Fractional)
    // Iterations needed before a steady state can show: the buffers fill.
    // (Capped: an "unlimited" ROB in a sensitivity run never fills.)
    : Warmup(8 + unsigned(std::min(
                     32.0, std::ceil(ROBSize / std::max(1u, SlotsPerIteration))))),
      MinChecks(Fractional ? 32 : 16) {}

bool SteadyStateDetector::steady() {
  if (RetireCycles.size() == LastChecked)
    return false;
  LastChecked = RetireCycles.size();
  size_t Kk = LastChecked;
  if (Kk <= Warmup)
    return false;
  auto delta = [&](size_t I) { return RetireCycles[I] - RetireCycles[I - 1]; };
  for (unsigned P = 1; P <= MaxPeriod; ++P) {
    size_t Checks = std::max<size_t>(2 * P, MinChecks);
    if (Checks + P + 1 + Warmup / 2 > Kk)
      break;
    bool Same = true;
    for (size_t J = 0; J < Checks && Same; ++J) {
      size_t A = Kk - 1 - J;
      Same = delta(A) == delta(A - P);
    }
    if (Same) {
      Found = Kk;
      Period = P;
      return true;
    }
  }
  // No exact period (quasi-periodic scaled configurations): stop once two
  // consecutive windows agree within one cycle.
  const size_t W = ConvergenceWindow;
  if (Kk >= Warmup + 2 * W + 1) {
    long A = RetireCycles[Kk - 1] - RetireCycles[Kk - 1 - W];
    long B = RetireCycles[Kk - 1 - W] - RetireCycles[Kk - 1 - 2 * W];
    if (std::labs(A - B) <= 1) {
      Converged = true;
      return true;
    }
  }
  return false;
}

MeasuredWindow SteadyStateDetector::window() const {
  assert(RetireCycles.size() >= 2 && "a window needs two iterations");
  MeasuredWindow W;
  W.Last = RetireCycles.size() - 1;
  if (Found) {
    W.SteadyState = true;
    W.Period = Period;
    size_t Reps = std::max<size_t>(1, (10 + Period - 1) / Period);
    while (Reps > 1 && Reps * Period > W.Last)
      --Reps;
    W.First = W.Last - std::min(W.Last, Reps * Period);
  } else if (Converged) {
    W.SteadyState = true;
    W.First = W.Last - 2 * ConvergenceWindow;
  } else {
    W.First = W.Last / 2;
  }
  W.FirstCycle = RetireCycles[W.First];
  W.LastCycle = RetireCycles[W.Last];
  return W;
}

} // namespace sim
} // namespace luarch
