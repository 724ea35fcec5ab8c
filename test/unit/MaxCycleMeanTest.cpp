// Karp's maximum cycle mean (the loop-carried dependency bound's solver),
// on graphs whose answer is worked out by hand.
#include "luarch/Analysis/DependencyGraph.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <limits>
using namespace luarch;

static constexpr double NoEdge = -std::numeric_limits<double>::infinity();

/// A dense N x N weight matrix, row-major as maxCycleMean takes it.
struct Graph {
  explicit Graph(unsigned N) : N(N), W(N * N, NoEdge) {}
  double &operator()(unsigned From, unsigned To) { return W[From * N + To]; }
  double maxMean(std::vector<unsigned> *Cycle) const {
    llvm::SmallVector<unsigned, 8> Found;
    double Mean = maxCycleMean(W, N, &Found);
    Cycle->assign(Found.begin(), Found.end());
    return Mean;
  }
  unsigned N;
  std::vector<double> W;
};

TEST(MaxCycleMean, SelfLoopBeatsATwoCycle) {
  // 0 -> 1 -> 0 weighs 3 + 1 over two edges: mean 2; 2's self-loop 2.5.
  Graph W(3);
  W(0, 1) = 3;
  W(1, 0) = 1;
  W(2, 2) = 2.5;
  std::vector<unsigned> Cycle;
  EXPECT_DOUBLE_EQ(W.maxMean(&Cycle), 2.5);
  EXPECT_EQ(Cycle, std::vector<unsigned>{2});
}

TEST(MaxCycleMean, ThreeCycleBeatsAHeavierSelfLoopOfLowerMean) {
  // 0 -> 1 -> 2 -> 0 weighs 1 + 1 + 7 = 9 over three edges: mean 3, above
  // 0's self-loop (2.9) and below none.
  Graph W(3);
  W(0, 1) = 1;
  W(1, 2) = 1;
  W(2, 0) = 7;
  W(0, 0) = 2.9;
  std::vector<unsigned> Cycle;
  EXPECT_DOUBLE_EQ(W.maxMean(&Cycle), 3.0);
  ASSERT_EQ(Cycle.size(), 3u);
  std::vector<unsigned> Sorted = Cycle;
  std::sort(Sorted.begin(), Sorted.end());
  EXPECT_EQ(Sorted, (std::vector<unsigned>{0, 1, 2}));
}

TEST(MaxCycleMean, AcyclicGraphHasNone) {
  Graph W(3);
  W(0, 1) = 5;
  W(1, 2) = 4;
  std::vector<unsigned> Cycle;
  EXPECT_EQ(W.maxMean(&Cycle), NoEdge);
  EXPECT_TRUE(Cycle.empty());
  EXPECT_EQ(maxCycleMean({}, 0), NoEdge);
}
