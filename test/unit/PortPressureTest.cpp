#include "luarch/Analysis/PortPressure.h"
#include "gtest/gtest.h"
using namespace luarch;

static PortMask P(std::initializer_list<unsigned> Ports) {
  PortMask M = 0;
  for (unsigned X : Ports)
    M |= PortMask(1) << X;
  return M;
}

TEST(PortPressure, MinMaxOfDisjointGroups) {
  std::vector<UopGroup> G = {{P({2, 3}), 16}, {P({0, 1}), 16}, {P({4}), 4}};
  PortMask Tight = 0;
  EXPECT_DOUBLE_EQ(minMaxPortLoad(G, 8, &Tight), 8.0);
  EXPECT_EQ(Tight, P({0, 1, 2, 3}));
}

TEST(PortPressure, FlexibleUopsAvoidTheBusyPort) {
  // 3 uops only on p1, 2 uops on p015: optimal puts the flexible ones on
  // p0/p5, so the bound is 3 (OSACA's equal split would give 3.67).
  std::vector<UopGroup> G = {{P({1}), 3}, {P({0, 1, 5}), 2}, {P({0}), 1}};
  PortMask Tight = 0;
  EXPECT_DOUBLE_EQ(minMaxPortLoad(G, 6, &Tight), 3.0);
  EXPECT_EQ(Tight, P({1}));
}
