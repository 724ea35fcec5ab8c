//===- SampleStats.h - Quantiles of timed repetitions ----------*- C++ -*-===//
//
// The harness (Harness.cpp) and the memory probes (MemoryProbe.cpp) sum up
// their timed repetitions the same way: quantiles interpolated between the
// two nearest samples, and the spread as the interquartile range over the
// median.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_MEASURE_SAMPLESTATS_H
#define LUARCH_LIB_MEASURE_SAMPLESTATS_H

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <vector>

namespace luarch {
namespace measure {

/// The \p Q quantile (0..1) of \p V, interpolated linearly between the two
/// nearest samples; 0 without samples.
inline double quantile(std::vector<double> V, double Q) {
  assert(Q >= 0 && Q <= 1 && "a quantile");
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  double Pos = Q * double(V.size() - 1);
  size_t I = size_t(Pos);
  double F = Pos - double(I);
  return I + 1 < V.size() ? V[I] * (1 - F) + V[I + 1] * F : V[I];
}

/// (75th - 25th percentile) / median of \p V; 0 if the median is not
/// positive.
inline double relativeSpread(const std::vector<double> &V) {
  double Med = quantile(V, 0.5);
  return Med > 0 ? (quantile(V, 0.75) - quantile(V, 0.25)) / Med : 0;
}

} // namespace measure
} // namespace luarch

#endif
