#include "luarch/Analysis/PortPressure.h"
#include "luarch/Model/MachineModel.h"
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

/// One instruction per entry of \p UopPorts, each a single compute uop.
static std::vector<DecodedInstr> oneUopEach(std::vector<PortMask> UopPorts) {
  std::vector<DecodedInstr> D(UopPorts.size());
  for (size_t I = 0; I < UopPorts.size(); ++I) {
    Uop U;
    U.Ports = UopPorts[I];
    D[I].Uops.push_back(U);
  }
  return D;
}

// computePortPressure remembers each list of uop groups' assignment per
// thread: lists that differ only in a group's count must not share one,
// and a remembered list gives what it gave the first time. Figures by
// hand, within the max-flow's 1e-7 slack: n uops on p0|p1 spread n/2 per
// port; a p0-only uop takes p0, so a p0|p1 uop beside it goes to p1.
TEST(PortPressure, RememberedGroupsKeepTheirCounts) {
  auto M = getMachineModel("skylake");
  ASSERT_TRUE(bool(M)) << toString(M.takeError());
  PortMask P01 = P({0, 1}), P0 = P({0});
  for (int Round = 0; Round < 2; ++Round) {
    PortPressure Three = computePortPressure(*M, oneUopEach({P01, P01, P01}));
    EXPECT_NEAR(Three.Bound, 1.5, 1e-6);
    EXPECT_NEAR(Three.PerPort[0], 1.5, 1e-6);
    EXPECT_NEAR(Three.PerPort[1], 1.5, 1e-6);
    EXPECT_NEAR(Three.PerInstr[2][0], 0.5, 1e-6);
    EXPECT_EQ(Three.BottleneckPorts, P01);

    PortPressure One = computePortPressure(*M, oneUopEach({P01}));
    EXPECT_NEAR(One.Bound, 0.5, 1e-6);
    EXPECT_NEAR(One.PerInstr[0][0], 0.5, 1e-6);
    EXPECT_NEAR(One.PerInstr[0][1], 0.5, 1e-6);

    PortPressure Mixed = computePortPressure(*M, oneUopEach({P01, P0}));
    EXPECT_NEAR(Mixed.Bound, 1.0, 1e-6);
    EXPECT_NEAR(Mixed.PerInstr[0][0], 0.0, 1e-6);
    EXPECT_NEAR(Mixed.PerInstr[0][1], 1.0, 1e-6);
    EXPECT_NEAR(Mixed.PerInstr[1][0], 1.0, 1e-6);
    EXPECT_EQ(Mixed.BottleneckPorts, P01);
  }
}
