//===- Format.h - Figures written into remarks and reasons -----*- C++ -*-===//
//
// Remarks, bottleneck reasons, advice and the reports write their figures
// through printf formats, cycles with two decimals ("12.50"); the tests
// match them as text, so every place writes them through these functions.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_SUPPORT_FORMAT_H
#define LUARCH_SUPPORT_FORMAT_H

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdint>
#include <string>

namespace luarch {

/// \p V written by the printf format \p F, which converts one double
/// ("%.1f GiB", "%+.0f%%").
inline std::string fmt(double V, const char *F = "%.2f") {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format(F, V);
  return S;
}

/// \p V with \p Decimals decimals ("%.2f", "%.3f"), the same bytes as
/// printf's. Written by hand where that is provably printf's answer: every
/// loop's static bounds and remark write a dozen figures, and glibc's %f
/// (exact multi-precision rounding) was most of their cost (sqlite3.c at
/// -O2 -Rpass=uarch: ~10 ms of the pass in `perf`; docs/plugin.md "ct11";
/// the remark's cycles per element, 3 decimals, ~2.5 ms: "ct17").
///
/// printf rounds the exact value |V| x 10^Decimals to the nearest integer
/// N (in the default rounding mode, round to nearest, which the tool and
/// the pass never change).
/// For |V| x 10^Decimals < 1e9, X = fl(|V| x 10^Decimals) < 2^30, whose ulp
/// is at most 2^-23, is within half of it (2^-24) of the exact value. X's
/// fractional part (X minus its floor) is exact, and so is its distance to
/// one half wherever that is below 1/4 (Sterbenz). When the distance is
/// more than 1e-6 (> 2^-24), no half lies between X and the exact value:
/// they round alike, and N is X rounded. Near a half (a tie or nearly,
/// where printf's exact rounding decides), beyond the range, and for
/// infinities and NaN: printf itself. The sign is printed when set, as
/// printf does for -0.0 and -0.001 ("-0.00").
template <unsigned Decimals> std::string fmtFixed(double V) {
  static_assert(Decimals == 2 || Decimals == 3, "one of fmt2, fmt3");
  constexpr double Scale = Decimals == 2 ? 100.0 : 1000.0;
  constexpr double Limit = 1e9 / Scale; // 1e7, 1e6: X < 1e9 < 2^30
  double A = V < 0 ? -V : V;
  if (A < Limit) { // false for NaN
    double X = A * Scale;
    double Whole = static_cast<double>(static_cast<uint64_t>(X)); // floor
    double Frac = X - Whole;
    double Off = Frac - 0.5;
    if (Off > 1e-6 || Off < -1e-6) {
      uint64_t N = static_cast<uint64_t>(Whole) + (Off > 0 ? 1 : 0);
      char Buf[24];
      char *End = Buf + sizeof(Buf), *P = End;
      for (unsigned D = 0; D < Decimals; ++D) {
        *--P = char('0' + N % 10);
        N /= 10;
      }
      *--P = '.';
      do {
        *--P = char('0' + N % 10);
        N /= 10;
      } while (N);
      if (std::signbit(V))
        *--P = '-';
      return std::string(P, End);
    }
  }
  return fmt(V, Decimals == 2 ? "%.2f" : "%.3f");
}

/// \p V as printf's "%.2f" writes it (fmtFixed).
inline std::string fmt2(double V) { return fmtFixed<2>(V); }

/// \p V as printf's "%.3f" writes it (fmtFixed): per-element figures of
/// wide vector loops are small (0.02 cycles).
inline std::string fmt3(double V) { return fmtFixed<3>(V); }

} // namespace luarch

#endif
