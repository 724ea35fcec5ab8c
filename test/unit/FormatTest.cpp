//===- FormatTest.cpp - fmt2 writes what printf's "%.2f" writes -----------===//
#include "luarch/Support/Format.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

using namespace luarch;

namespace {

std::string printf2(double V) {
  char Buf[512];
  std::snprintf(Buf, sizeof(Buf), "%.2f", V);
  return Buf;
}

/// Checks \p V and its negation against printf.
void expectSame(double V) {
  EXPECT_EQ(fmt2(V), printf2(V)) << "value " << V;
  EXPECT_EQ(fmt2(-V), printf2(-V)) << "value " << -V;
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

// Every class of value against the C library: the ties and near-ties at
// two decimals (k/200 and its neighbours), random values over the range
// the fast path takes and beyond, huge, tiny, infinite and NaN.
TEST(Format, Fmt2MatchesPrintf) {
  for (int K = 0; K <= 400000; ++K) {
    double V = K / 200.0;
    expectSame(V);
    expectSame(std::nextafter(V, 0.0));
    expectSame(std::nextafter(V, 1e300));
  }
  std::mt19937_64 Rng(18);
  std::uniform_real_distribution<double> Exp(-12, 12);
  for (int I = 0; I < 300000; ++I)
    expectSame(std::pow(10.0, Exp(Rng)));
  std::uniform_real_distribution<double> Near(9.9e6, 1.01e7);
  for (int I = 0; I < 20000; ++I)
    expectSame(Near(Rng));
  for (double V : {1e7, 1e7 - 0.005, 1e7 + 0.005, 1e15, 1e300,
                   std::numeric_limits<double>::denorm_min(),
                   std::numeric_limits<double>::min(),
                   std::numeric_limits<double>::max(),
                   std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN()})
    expectSame(V);
}
