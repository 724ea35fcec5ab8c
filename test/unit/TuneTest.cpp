//===- TuneTest.cpp - The loop tuner's arithmetic and metadata -----------===//
#include "luarch/Passes/TuneCandidate.h"
#include "luarch/Passes/TuneScore.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "gtest/gtest.h"

using namespace luarch;
using namespace llvm;

static ScoredLoop loop(CandidateLoopRole R, unsigned E, double Cycles = 1) {
  ScoredLoop L;
  L.Role = R;
  L.Elements = E;
  L.Cycles = Cycles;
  return L;
}

static TripCountEstimate exact(double N) {
  TripCountEstimate T;
  T.N = N;
  T.Exact = true;
  T.Source = TripCountSource::Constant;
  return T;
}

TEST(TuneScore, VectorBodyEpilogueAndRemainderSplitAConstantTripCount) {
  // 70 = 2 x 32 (body) + 1 x 4 (epilogue) + 2 x 1 (remainder).
  std::vector<ScoredLoop> Loops = {
      loop(CandidateLoopRole::VectorBody, 32, 4.0),
      loop(CandidateLoopRole::VectorEpilogue, 4, 1.0),
      loop(CandidateLoopRole::ScalarRemainder, 1, 1.5)};
  std::vector<double> It = iterationsPerEntry(Loops, exact(70));
  ASSERT_EQ(It.size(), 3u);
  EXPECT_DOUBLE_EQ(It[0], 2);
  EXPECT_DOUBLE_EQ(It[1], 1);
  EXPECT_DOUBLE_EQ(It[2], 2);
  // 2 x 4 + 1 x 1 + 2 x 1.5 = 12 cycles.
  EXPECT_DOUBLE_EQ(loopCyclesPerEntry(Loops, exact(70)), 12.0);
}

TEST(TuneScore, UnrolledScalarLoopAndItsRemainder) {
  // 70 = 17 x 4 + 2.
  std::vector<ScoredLoop> Loops = {loop(CandidateLoopRole::Scalar, 4),
                                   loop(CandidateLoopRole::ScalarRemainder, 1)};
  std::vector<double> It = iterationsPerEntry(Loops, exact(70));
  EXPECT_DOUBLE_EQ(It[0], 17);
  EXPECT_DOUBLE_EQ(It[1], 2);
}

TEST(TuneScore, AnEstimatedTripCountAveragesTheResidues) {
  // N about 100, main step 8: trip counts 96..103 each equally likely, so
  // the main loop runs 12 times and the remainder 0..7 times, 3.5 on
  // average.
  TripCountEstimate T;
  T.N = 100;
  T.Source = TripCountSource::Assumed;
  std::vector<ScoredLoop> Loops = {loop(CandidateLoopRole::VectorBody, 8),
                                   loop(CandidateLoopRole::ScalarRemainder, 1)};
  std::vector<double> It = iterationsPerEntry(Loops, T);
  EXPECT_DOUBLE_EQ(It[0], 12);
  EXPECT_DOUBLE_EQ(It[1], 3.5);
}

TEST(TuneScore, FullyUnrolledMainLoopStillTakesItsShare) {
  // The vector body (32 per iteration) became straight-line code: the
  // remainder only runs what is left, 70 - 2 x 32 = 6.
  std::vector<ScoredLoop> Loops = {loop(CandidateLoopRole::ScalarRemainder, 1)};
  EXPECT_DOUBLE_EQ(iterationsPerEntry(Loops, exact(70), 32)[0], 6);
}

TEST(TuneScore, LargerRemainderStepsGoFirst) {
  // A remainder unrolled by 8 (listed last) before its own remainder:
  // 79 = 2 x 32 + 15 = 2 x 32 + 1 x 8 + 7 x 1.
  std::vector<ScoredLoop> Loops = {
      loop(CandidateLoopRole::VectorBody, 32),
      loop(CandidateLoopRole::ScalarRemainder, 1),
      loop(CandidateLoopRole::ScalarRemainder, 8)};
  std::vector<double> It = iterationsPerEntry(Loops, exact(79));
  EXPECT_DOUBLE_EQ(It[0], 2);
  EXPECT_DOUBLE_EQ(It[1], 7);
  EXPECT_DOUBLE_EQ(It[2], 1);
}

TEST(TuneScore, TripCountsSayWhereTheyComeFrom) {
  EXPECT_EQ(exact(70).describe(), "constant 70");
  TripCountEstimate T;
  T.N = 40.5;
  T.Source = TripCountSource::OuterAverage;
  EXPECT_EQ(T.describe(), "average 40.5 over the outer loop");
  T.N = 100;
  T.Source = TripCountSource::Assumed;
  EXPECT_EQ(T.describe(), "unknown, assumed 100");
}

TEST(TuneCandidate, ShortFormsParseBack) {
  for (const char *S : {"default", "8x2", "1x4", "u4", "u1", "16x1"}) {
    std::optional<TuneCandidate> C = TuneCandidate::parse(S);
    ASSERT_TRUE(C) << S;
    EXPECT_EQ(C->shortStr(), S);
  }
  EXPECT_EQ(TuneCandidate::parse("1x1")->shortStr(), "u1");
  EXPECT_FALSE(TuneCandidate::parse("3x2"));
  EXPECT_FALSE(TuneCandidate::parse("u0"));
  EXPECT_FALSE(TuneCandidate::parse("8x"));
  EXPECT_EQ(TuneCandidate::vectorize(8, 2).str(),
            "vectorized x8, interleaved x2");
  EXPECT_EQ(TuneCandidate::scalar(4).str(), "scalar, unrolled x4");
}

/// "name" or "name=value" for each attribute of a loop ID's operands.
static std::vector<std::string> describe(ArrayRef<Metadata *> Ops) {
  std::vector<std::string> Out;
  for (Metadata *M : Ops) {
    auto *N = cast<MDNode>(M);
    std::string S = cast<MDString>(N->getOperand(0))->getString().str();
    for (unsigned I = 1; I < N->getNumOperands(); ++I) {
      if (auto *V = mdconst::dyn_extract<ConstantInt>(N->getOperand(I)))
        S += "=" + std::to_string(V->getZExtValue());
      else if (auto *Str = dyn_cast<MDString>(N->getOperand(I)))
        S += " " + Str->getString().str();
      else if (auto *Sub = dyn_cast<MDNode>(N->getOperand(I)))
        S += " " + cast<MDString>(Sub->getOperand(0))->getString().str();
    }
    Out.push_back(S);
  }
  return Out;
}

TEST(TuneCandidate, MetadataForcesExactlyTheCandidate) {
  LLVMContext Ctx;
  EXPECT_TRUE(candidateLoopAttributes(Ctx, TuneCandidate::clangDefault())
                  .empty());
  // No vectorize.enable: it would also lift the target's FP-safety guard.
  EXPECT_EQ(describe(candidateLoopAttributes(Ctx, TuneCandidate::vectorize(8, 2))),
            (std::vector<std::string>{"luarch.tune.decision 8x2",
                                      "llvm.loop.vectorize.width=8",
                                      "llvm.loop.interleave.count=2"}));
  EXPECT_EQ(describe(candidateLoopAttributes(Ctx, TuneCandidate::scalar(1))),
            (std::vector<std::string>{"luarch.tune.decision u1",
                                      "llvm.loop.vectorize.width=1",
                                      "llvm.loop.interleave.count=1",
                                      "llvm.loop.unroll.disable"}));
  EXPECT_EQ(describe(candidateLoopAttributes(Ctx, TuneCandidate::scalar(4))),
            (std::vector<std::string>{
                "luarch.tune.decision u4", "llvm.loop.vectorize.width=1",
                "llvm.loop.interleave.count=1", "llvm.loop.unroll.count=4",
                "llvm.loop.unroll.followup_unrolled llvm.loop.unroll.disable "
                "luarch.tune.decision",
                "llvm.loop.unroll.followup_remainder llvm.loop.unroll.disable "
                "luarch.tune.decision"}));
  EXPECT_TRUE(isTransformationAttribute("llvm.loop.vectorize.width"));
  EXPECT_TRUE(isTransformationAttribute("llvm.loop.unroll.disable"));
  EXPECT_FALSE(isTransformationAttribute("llvm.loop.mustprogress"));
}
