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

/// \p V with two decimals ("%.2f"), the same bytes as printf's. Written by
/// hand where that is provably printf's answer: every loop's static bounds
/// and remark write a dozen figures, and glibc's %f (exact multi-precision
/// rounding) was most of their cost (sqlite3.c at -O2 -Rpass=uarch:
/// ~10 ms of the pass in `perf`; docs/plugin.md "ct11").
///
/// printf rounds the exact value |V| x 100 to the nearest integer N (in
/// the default rounding mode, round to nearest, which the tool and the
/// pass never change).
/// For |V| < 1e7, X = fl(|V| x 100) < 2^30, whose ulp is at most 2^-23, is
/// within half of it (2^-24) of the exact value. X's fractional part (X
/// minus its floor) is exact, and so is its distance to one half wherever
/// that is below 1/4 (Sterbenz). When the distance is more than 1e-6
/// (> 2^-24), no half lies between X and the exact value: they round
/// alike, and N is X rounded. Near a half (a tie or nearly, where
/// printf's exact rounding decides), at |V| >= 1e7, and for infinities and
/// NaN: printf itself. The sign is printed when set, as printf does for
/// -0.0 and -0.001 ("-0.00").
inline std::string fmt2(double V) {
  double A = V < 0 ? -V : V;
  if (A < 1e7) { // false for NaN
    double X = A * 100.0;
    double Whole = static_cast<double>(static_cast<uint64_t>(X)); // floor
    double Frac = X - Whole;
    double Off = Frac - 0.5;
    if (Off > 1e-6 || Off < -1e-6) {
      uint64_t N = static_cast<uint64_t>(Whole) + (Off > 0 ? 1 : 0);
      char Buf[24];
      char *End = Buf + sizeof(Buf), *P = End;
      *--P = char('0' + N % 10);
      *--P = char('0' + N / 10 % 10);
      *--P = '.';
      uint64_t I = N / 100;
      do {
        *--P = char('0' + I % 10);
        I /= 10;
      } while (I);
      if (std::signbit(V))
        *--P = '-';
      return std::string(P, End);
    }
  }
  return fmt(V, "%.2f");
}

} // namespace luarch

#endif
