//===- FormatTest.cpp - fmt2/fmt3 write what printf's "%.2f"/"%.3f" write -===//
#include "luarch/Support/Format.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

using namespace luarch;

namespace {

/// Checks \p V and its negation against printf's "%.<Decimals>f".
template <unsigned Decimals> void expectSame(double V) {
  for (double X : {V, -V}) {
    char Buf[512];
    std::snprintf(Buf, sizeof(Buf), "%.*f", int(Decimals), X);
    EXPECT_EQ(fmtFixed<Decimals>(X), Buf) << "value " << X;
  }
}

/// Every class of value against the C library at \p Decimals decimals:
/// the ties and near-ties k / (2 * 10^Decimals) and their neighbours,
/// random values over the range the fast path takes (below \p FastLimit)
/// and beyond, values around the limit, huge, tiny, infinite and NaN.
template <unsigned Decimals> void expectAllClassesMatch(double FastLimit,
                                                      unsigned Seed) {
  const double TieStep = 2 * std::pow(10.0, Decimals);
  for (int K = 0; K <= 400000; ++K) {
    double V = K / TieStep;
    expectSame<Decimals>(V);
    expectSame<Decimals>(std::nextafter(V, 0.0));
    expectSame<Decimals>(std::nextafter(V, 1e300));
  }
  std::mt19937_64 Rng(Seed);
  std::uniform_real_distribution<double> Exp(-12, 12);
  for (int I = 0; I < 300000; ++I)
    expectSame<Decimals>(std::pow(10.0, Exp(Rng)));
  std::uniform_real_distribution<double> Near(0.99 * FastLimit,
                                              1.01 * FastLimit);
  for (int I = 0; I < 20000; ++I)
    expectSame<Decimals>(Near(Rng));
  const double HalfUnit = 0.5 / std::pow(10.0, Decimals);
  for (double V : {FastLimit, FastLimit - HalfUnit, FastLimit + HalfUnit,
                   1e15, 1e300, std::numeric_limits<double>::denorm_min(),
                   std::numeric_limits<double>::min(),
                   std::numeric_limits<double>::max(),
                   std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN()})
    expectSame<Decimals>(V);
}

} // namespace

// Hand-derived: round to nearest, exact ties to even on the exact binary
// value (0.125 is a tie; 0.005 and 2.675 are not),
// the sign kept for negative zero and values that round to zero.
TEST(Format, Fmt2Examples) {
  EXPECT_EQ(fmt2(0), "0.00");
  EXPECT_EQ(fmt2(-0.0), "-0.00");
  EXPECT_EQ(fmt2(-0.001), "-0.00");
  EXPECT_EQ(fmt2(1.5), "1.50");
  EXPECT_EQ(fmt2(12.345678), "12.35");
  EXPECT_EQ(fmt2(0.125), "0.12");
  EXPECT_EQ(fmt2(0.375), "0.38");
  EXPECT_EQ(fmt2(0.005), "0.01"); // 0.005000000000000000104...
  EXPECT_EQ(fmt2(2.675), "2.67"); // 2.67499999999999982236431605997495353221893310546875
  EXPECT_EQ(fmt2(0.999), "1.00");
  EXPECT_EQ(fmt2(99.995), "100.00"); // 99.9950000000000045474735...
  EXPECT_EQ(fmt2(1e7), "10000000.00");
  EXPECT_EQ(fmt2(123456789.125), "123456789.12");
}

// Every class of value against the C library (expectAllClassesMatch);
// fmt2's fast path takes values below 1e7.
TEST(Format, Fmt2MatchesPrintf) { expectAllClassesMatch<2>(1e7, 18); }

// Hand-derived, as for fmt2: 0.0625 is an exact tie (to even: 0.062),
// 0.0005 and 1.0005 are not ties in binary (0.000500000000000000010408...
// rounds up, 1.000499999999999944932...  down).
TEST(Format, Fmt3Examples) {
  EXPECT_EQ(fmt3(0), "0.000");
  EXPECT_EQ(fmt3(-0.0), "-0.000");
  EXPECT_EQ(fmt3(-0.0001), "-0.000");
  EXPECT_EQ(fmt3(2.333333), "2.333");
  EXPECT_EQ(fmt3(0.0625), "0.062");
  EXPECT_EQ(fmt3(0.1875), "0.188");
  EXPECT_EQ(fmt3(0.0005), "0.001");
  EXPECT_EQ(fmt3(1.0005), "1.000");
  EXPECT_EQ(fmt3(9.9995), "9.999");  // 9.99949999999999938893...
  EXPECT_EQ(fmt3(0.9995), "1.000");  // 0.99950000000000005506...
  EXPECT_EQ(fmt3(1e6), "1000000.000");
  EXPECT_EQ(fmt3(12345678.0625), "12345678.062");
}

// As Fmt2MatchesPrintf at three decimals; fmt3's fast path takes values
// below 1e6.
TEST(Format, Fmt3MatchesPrintf) { expectAllClassesMatch<3>(1e6, 17); }
