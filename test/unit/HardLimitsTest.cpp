//===- HardLimitsTest.cpp - The simulation never beats its static bounds --===//
//
// The static bounds (ports with an optimal assignment, issue and retire
// widths, the divider, serialising instructions, loop-carried recurrences)
// are hard limits of the same model the simulator runs: a simulation that
// comes out below one of them is a bug in one of the two. Checked on 3,000
// random real blocks from ../shared/data/bhive/sources per CPU, as loops
// (the block plus dec/jnz, as the BHive loop form) and unrolled.
// LUARCH_HARD_LIMIT_BLOCKS overrides the sample size.
//
//===----------------------------------------------------------------------===//
#include "luarch/Analysis/StaticAnalysis.h"
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Sim/Simulator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>

using namespace luarch;
using namespace llvm;

namespace {

/// Distinct block hex strings of every CSV in the BHive sources folder.
std::vector<std::string> sourceBlocks() {
  std::set<std::string> Blocks;
  std::error_code EC;
  SmallString<256> Dir(LUARCH_SHARED_DIR);
  sys::path::append(Dir, "data", "bhive", "sources");
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    auto Buf = MemoryBuffer::getFile(It->path());
    if (!Buf)
      continue;
    SmallVector<StringRef, 0> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines) {
      StringRef Hex = L.split(',').first.trim();
      if (!Hex.empty() && Hex.size() % 2 == 0 &&
          all_of(Hex, [](char C) { return isHexDigit(C); }))
        Blocks.insert(Hex.lower());
    }
  }
  return {Blocks.begin(), Blocks.end()};
}

const std::vector<std::string> &sample() {
  static std::vector<std::string> S = [] {
    std::vector<std::string> All = sourceBlocks();
    size_t N = 3000;
    if (const char *E = std::getenv("LUARCH_HARD_LIMIT_BLOCKS"))
      N = std::strtoul(E, nullptr, 10);
    std::mt19937 Rng(20261123);
    std::shuffle(All.begin(), All.end(), Rng);
    All.resize(std::min(N, All.size()));
    return All;
  }();
  return S;
}

/// `block; dec r15; jnz block` (BHive's loop form).
std::vector<uint8_t> loopForm(ArrayRef<uint8_t> Block) {
  std::vector<uint8_t> B(Block.begin(), Block.end());
  B.insert(B.end(), {0x49, 0xFF, 0xCF}); // dec r15
  long Disp = -long(B.size() + 2);
  if (Disp >= -128) {
    B.push_back(0x75);
    B.push_back(uint8_t(Disp));
  } else {
    Disp = -long(B.size() + 6);
    B.insert(B.end(), {0x0F, 0x85});
    for (int I = 0; I < 4; ++I)
      B.push_back(uint8_t(uint32_t(Disp) >> (8 * I)));
  }
  return B;
}

class HardLimits : public ::testing::TestWithParam<const MachineModel *> {};

TEST_P(HardLimits, SimulationNeverBelowStaticBound) {
  const MachineModel &M = *GetParam();
  ASSERT_GT(sample().size(), 1000u) << "the BHive sources are missing";
  auto TC = TargetContext::create("", M.Name);
  ASSERT_TRUE(bool(TC));
  UopDecoder Dec(M, **TC);
  SimConfig Config = SimConfig::fromModel(M);
  unsigned Checked = 0, Below = 0;
  for (const std::string &Hex : sample()) {
    auto Bytes = parseHex(Hex);
    ASSERT_TRUE(bool(Bytes));
    for (KernelShape Shape : {KernelShape::Loop, KernelShape::Unrolled}) {
      std::vector<uint8_t> Code =
          Shape == KernelShape::Loop ? loopForm(*Bytes) : *Bytes;
      auto K = kernelFromBytes(**TC, Code, "block");
      if (!K) {
        consumeError(K.takeError());
        continue;
      }
      K->Shape = Shape;
      std::vector<DecodedInstr> D = Dec.decodeKernel(*K);
      StaticAnalysis St = analyzeStatically(*K, D, M);
      SimOptions Opts;
      Opts.LowerBound = St.Throughput; // as analyzeKernel passes it
      SimResult R = simulate(*K, D, St.Deps, Config, Opts);
      ++Checked;
      if (R.Stalled || R.CyclesPerIteration >= St.Throughput * (1 - 1e-6))
        continue;
      ++Below;
      if (Below <= 5)
        ADD_FAILURE() << M.Name << " "
                      << (Shape == KernelShape::Loop ? "loop" : "unrolled")
                      << " " << Hex << ": simulated " << R.CyclesPerIteration
                      << " < static bound " << St.Throughput << " ("
                      << boundKindName(St.Bounds.front().Kind).str() << ": "
                      << St.Bounds.front().Detail << ")";
    }
  }
  EXPECT_EQ(Below, 0u) << M.Name << ": " << Below << " of " << Checked
                       << " simulations below their static bound";
}

INSTANTIATE_TEST_SUITE_P(
    EveryModel, HardLimits, ::testing::ValuesIn(allMachineModels().vec()),
    [](const ::testing::TestParamInfo<const MachineModel *> &I) {
      std::string N = I.param->Name;
      std::replace(N.begin(), N.end(), '-', '_');
      return N;
    });

} // namespace
