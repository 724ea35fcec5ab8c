//===- JsonReportTest.cpp - JSON output is always JSON --------------------===//
//
// llvm::json prints NaN and infinity bare ("nan"), which no JSON parser
// reads: the JSON layer writes null instead and says where.
//
//===----------------------------------------------------------------------===//
#include "luarch/Report/Pipeline.h"
#include "luarch/Report/Report.h"
#include "LoopFixture.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"
#include <cmath>
#include <string>

using namespace luarch;
using namespace llvm;

namespace {

TEST(JsonReport, NonFiniteNumbersBecomeNullWithANote) {
  test::Loop L = test::loadLoop("skylake", ".L:\naddq %rax, %rbx\njnz .L\n");
  ASSERT_NE(L.M, nullptr);
  UopDecoder Decoder(*L.M, *L.TC);
  PipelineOptions PO;
  PO.Simulate = false;
  KernelReport R = analyzeKernel(L.K, Decoder, PO);
  R.Static.Throughput = std::nan("");
  R.Measured = 0.0; // a zero measurement has no error ratio: omitted
  std::string Text = formatv("{0:2}", toJSON(R)).str();
  for (StringRef Bare : {": nan", ": inf", ": -inf"})
    EXPECT_EQ(Text.find(Bare.str()), std::string::npos) << Text;
  auto Parsed = json::parse(Text);
  ASSERT_TRUE(bool(Parsed)) << toString(Parsed.takeError());
  const json::Object &Root = *Parsed->getAsObject();
  const json::Object *Prediction = Root.getObject("prediction");
  const json::Object *Measurement = Root.getObject("measurement");
  ASSERT_NE(Prediction, nullptr) << Text;
  ASSERT_NE(Measurement, nullptr) << Text;
  ASSERT_NE(Prediction->get("cycles_per_iteration"), nullptr) << Text;
  EXPECT_EQ(Measurement->get("prediction_error"), nullptr) << Text;
  EXPECT_EQ(*Prediction->get("cycles_per_iteration"), json::Value(nullptr));
  ASSERT_NE(Root.getArray("warnings"), nullptr) << Text;
  const json::Array &Warnings = *Root.getArray("warnings");
  ASSERT_FALSE(Warnings.empty());
  EXPECT_EQ(Warnings.back(),
            json::Value("not a finite number, written as null: "
                        "prediction.cycles_per_iteration "
                        "prediction.cycles_per_source_iteration"));
}

} // namespace
