//===- TuneScore.cpp - Cycles per source iteration of a candidate --------===//
#include "luarch/Passes/TuneScore.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cmath>

using namespace llvm;

namespace luarch {

std::string TripCountEstimate::describe() const {
  std::string S;
  raw_string_ostream OS(S);
  auto Num = [&] {
    if (N == std::floor(N))
      OS << uint64_t(N);
    else
      OS << format("%.1f", N);
  };
  switch (Source) {
  case TripCountSource::Constant:
    OS << "constant ";
    Num();
    break;
  case TripCountSource::OuterAverage:
    OS << "average ";
    Num();
    OS << " over the outer loop";
    break;
  case TripCountSource::Profile:
    OS << "profile estimate ";
    Num();
    break;
  case TripCountSource::MaxBound:
    OS << "at most ";
    Num();
    OS << " (SCEV bound, assumed reached)";
    break;
  case TripCountSource::Assumed:
    OS << "unknown, assumed ";
    Num();
    break;
  }
  return S;
}

const char *candidateLoopRoleName(CandidateLoopRole R) {
  switch (R) {
  case CandidateLoopRole::Scalar:
    return "scalar";
  case CandidateLoopRole::VectorBody:
    return "vector body";
  case CandidateLoopRole::VectorEpilogue:
    return "vector epilogue";
  case CandidateLoopRole::ScalarRemainder:
    return "remainder";
  case CandidateLoopRole::Unknown:
    break;
  }
  return "unknown";
}

namespace {

/// Index of the main loop: the vector body, else the scalar (or unknown)
/// loop with the most elements per iteration; -1 if none.
int mainLoop(ArrayRef<ScoredLoop> Loops) {
  int Main = -1;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (Loops[I].Role == CandidateLoopRole::VectorBody)
      return I;
  for (size_t I = 0; I < Loops.size(); ++I) {
    CandidateLoopRole R = Loops[I].Role;
    if (R != CandidateLoopRole::Scalar && R != CandidateLoopRole::Unknown)
      continue;
    if (Main < 0 || Loops[I].Elements > Loops[Main].Elements)
      Main = I;
  }
  return Main;
}

/// Iterations of each loop for exactly \p N source iterations.
void countFor(uint64_t N, ArrayRef<ScoredLoop> Loops, int Main,
              unsigned MainE, std::vector<double> &Out) {
  uint64_t Rest = N;
  if (MainE > 0) {
    uint64_t MainIters = N / MainE;
    if (Main >= 0)
      Out[Main] += MainIters;
    Rest = N - MainIters * MainE;
  }
  for (size_t I = 0; I < Loops.size(); ++I)
    if (Loops[I].Role == CandidateLoopRole::VectorEpilogue &&
        Loops[I].Elements > 0) {
      uint64_t EpiIters = Rest / Loops[I].Elements;
      Out[I] += EpiIters;
      Rest -= EpiIters * Loops[I].Elements;
    }
  // Remainders take what is left, the one with the largest step first (an
  // unrolled remainder before its own remainder).
  std::vector<size_t> Remainders;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (int(I) != Main && Loops[I].Role != CandidateLoopRole::VectorEpilogue &&
        Loops[I].Elements > 0)
      Remainders.push_back(I);
  std::stable_sort(Remainders.begin(), Remainders.end(), [&](size_t A, size_t B) {
    return Loops[A].Elements > Loops[B].Elements;
  });
  for (size_t I : Remainders) {
    uint64_t RemIters = Rest / Loops[I].Elements;
    Out[I] += RemIters;
    Rest -= RemIters * Loops[I].Elements;
  }
}

} // namespace

std::vector<double> iterationsPerEntry(ArrayRef<ScoredLoop> Loops,
                                       const TripCountEstimate &Trip,
                                       unsigned MainElementsHint) {
  std::vector<double> Out(Loops.size(), 0.0);
  int Main = mainLoop(Loops);
  unsigned MainE =
      Main >= 0 ? std::max(1u, Loops[Main].Elements) : MainElementsHint;
  if (Trip.Exact) {
    countFor(uint64_t(std::llround(std::max(0.0, Trip.N))), Loops, Main,
             MainE, Out);
  } else {
    // Each residue modulo the main loop's step equally likely: average the
    // exact counts over E consecutive trip counts centred on N.
    unsigned Span = std::max(1u, MainE);
    double First = std::floor(Trip.N - (Span - 1) / 2.0);
    std::vector<double> Sum(Loops.size(), 0.0);
    for (unsigned K = 0; K < Span; ++K)
      countFor(uint64_t(std::max(0.0, First + K)), Loops, Main, MainE, Sum);
    for (size_t I = 0; I < Out.size(); ++I)
      Out[I] = Sum[I] / Span;
  }
  return Out;
}

double loopCyclesPerEntry(ArrayRef<ScoredLoop> Loops,
                          const TripCountEstimate &Trip,
                          unsigned MainElementsHint) {
  std::vector<double> Iters = iterationsPerEntry(Loops, Trip, MainElementsHint);
  double Total = 0;
  for (size_t I = 0; I < Loops.size(); ++I)
    Total += Iters[I] * Loops[I].Cycles;
  return Total;
}

} // namespace luarch
