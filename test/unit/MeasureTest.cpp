//===- MeasureTest.cpp - The native harness on kernels with known timing ---===//
//
// Kernels whose throughput is the same on every x86-64 core LoopUArch
// models: a dependent register add chain (1 cycle per add) and a dependent
// 64-bit imul chain (3 cycles per imul). The host may be a noisy shared VM:
// a check passes if one of ten measurements is within 3%, and fails if
// none is (a systematic error, not noise).
//
//===----------------------------------------------------------------------===//
#include "luarch/Kernel/BytesFrontend.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Measure/Measure.h"
#include "gtest/gtest.h"

#include <cmath>

using namespace luarch;
using namespace llvm;

namespace {

struct Harness {
  std::unique_ptr<TargetContext> TC;
  Harness() {
    auto C = TargetContext::create("", "x86-64");
    EXPECT_TRUE(bool(C));
    TC = std::move(*C);
  }
  Kernel kernel(StringRef Hex, KernelShape Shape) {
    auto Bytes = parseHex(Hex);
    EXPECT_TRUE(bool(Bytes));
    auto K = kernelFromBytes(*TC, *Bytes, "test");
    EXPECT_TRUE(bool(K)) << toString(K.takeError());
    K->Shape = Shape;
    return std::move(*K);
  }
  /// Best of ten attempts, as |measured / expected - 1|.
  double bestError(StringRef Hex, KernelShape Shape, double Expected) {
    Kernel K = kernel(Hex, Shape);
    MeasureOptions O;
    O.Shape = Shape;
    double Best = 1e9;
    for (int Attempt = 0; Attempt < 10 && Best > 0.03; ++Attempt) {
      auto M = measureKernel(*TC, K, O);
      if (!M) {
        ADD_FAILURE() << toString(M.takeError());
        return Best;
      }
      Best = std::min(Best, std::fabs(M->CyclesPerIteration / Expected - 1));
    }
    return Best;
  }
  std::string refusal(StringRef Hex, KernelShape Shape = KernelShape::Unrolled) {
    Kernel K = kernel(Hex, Shape);
    MeasureOptions O;
    O.Shape = Shape;
    O.Repetitions = 3;
    auto M = measureKernel(*TC, K, O);
    if (M)
      return "";
    return toString(M.takeError());
  }
};

#if defined(__x86_64__) && defined(__linux__)
TEST(Measure, DependentAddChainIsOneCyclePerAdd) {
  Harness H;
  EXPECT_LT(H.bestError("4801d8", KernelShape::Unrolled, 1.0), 0.03);
  // Loop form: eight dependent adds + the harness' fused dec/jnz, 8 cycles.
  // (Not a single add: a one-cycle loop body is not universal, Golden Cove
  // runs `add; dec; jnz` at 1 to 2 cycles per iteration.)
  EXPECT_LT(H.bestError("4801d84801d84801d84801d84801d84801d84801d84801d8",
                        KernelShape::Loop, 8.0),
            0.03);
}

TEST(Measure, DependentImulChainIsThreeCyclesPerImul) {
  Harness H;
  EXPECT_LT(H.bestError("480fafc0480fafc0480fafc0480fafc0",
                        KernelShape::Unrolled, 12.0),
            0.03);
}

TEST(Measure, RefusesOrReportsBadKernels) {
  Harness H;
  EXPECT_NE(H.refusal("0f05").find("system, privileged or VM-exiting"),
            std::string::npos); // syscall
  EXPECT_NE(H.refusal("0fa2").find("system, privileged or VM-exiting"),
            std::string::npos); // cpuid
  EXPECT_NE(H.refusal("0f0b").find("traps"), std::string::npos); // ud2
  EXPECT_NE(H.refusal("e800000000").find("call"), std::string::npos);
  EXPECT_NE(H.refusal("c3").find("returns"), std::string::npos);
  EXPECT_NE(H.refusal("74004801d8").find("branch inside the block"),
            std::string::npos);
  // These run, and fail in the child, which the harness survives.
  EXPECT_NE(H.refusal("48f7f0").find("arithmetic exception"),
            std::string::npos); // div rax: rdx:rax / rax overflows
  EXPECT_NE(H.refusal("488b0425000000ff").find("cannot map"),
            std::string::npos); // load from a non-canonical address
  EXPECT_NE(H.refusal("48890500000000").find("cannot map"),
            std::string::npos); // store into the harness' code
}

TEST(Measure, ReenteredLoopFormTimesTheIterations) {
  // Entries of 64 and 32 iterations: the difference cancels what an entry
  // costs besides its iterations (resets, the exit branch). Eight dependent
  // adds + dec/jnz: 8 cycles per iteration on every core.
  Harness H;
  Kernel K = H.kernel("4801d84801d84801d84801d84801d84801d84801d84801d8",
                      KernelShape::Loop);
  MeasureOptions O;
  O.Shape = KernelShape::Loop;
  O.EntryTrips = 64;
  double Best = 1e9;
  for (int Attempt = 0; Attempt < 10 && Best > 0.03; ++Attempt) {
    auto M = measureKernel(*H.TC, K, O);
    ASSERT_TRUE(bool(M)) << toString(M.takeError());
    EXPECT_EQ(M->EntryTripsLarge, 64u);
    EXPECT_EQ(M->EntryTripsSmall, 32u);
    EXPECT_EQ(M->Entries, (O.LoopLarge - O.LoopSmall) / 32);
    Best = std::min(Best, std::fabs(M->CyclesPerIteration / 8.0 - 1));
  }
  EXPECT_LT(Best, 0.03);
}

TEST(Measure, ReenteredLoopFormKeepsVectorChains) {
  // Four dependent mulsd per iteration: whatever the core's latency, the
  // re-entered form (64 and 32 iterations per entry) must agree with one
  // long run: vector registers carry over between entries, so the chain
  // does not restart (restarted chains overlap in the window and read
  // short: 2.5 instead of 4 cycles per FMA on Zen 4).
  Harness H;
  Kernel K = H.kernel("f20f59c1f20f59c1f20f59c1f20f59c1", KernelShape::Loop);
  MeasureOptions O;
  O.Shape = KernelShape::Loop;
  double Best = 1e9;
  for (int Attempt = 0; Attempt < 10 && Best > 0.03; ++Attempt) {
    O.EntryTrips = 0;
    auto Long = measureKernel(*H.TC, K, O);
    ASSERT_TRUE(bool(Long)) << toString(Long.takeError());
    O.EntryTrips = 64;
    auto M = measureKernel(*H.TC, K, O);
    ASSERT_TRUE(bool(M)) << toString(M.takeError());
    Best = std::min(Best, std::fabs(M->CyclesPerIteration /
                                        Long->CyclesPerIteration -
                                    1));
  }
  EXPECT_LT(Best, 0.03);
}

TEST(Measure, ReenteredLoopFormRestartsPointers) {
  // add rdi, 4096; mov rax, [rdi]: a new page every iteration. One long
  // run walks 20,000 pages (more than the harness maps); re-entered, every
  // entry starts again from the register value: 64 pages in all.
  Harness H;
  Kernel K = H.kernel("4881c700100000488b07", KernelShape::Loop);
  MeasureOptions O;
  O.Shape = KernelShape::Loop;
  O.Repetitions = 3;
  auto Long = measureKernel(*H.TC, K, O);
  ASSERT_FALSE(bool(Long));
  EXPECT_NE(toString(Long.takeError()).find("cannot map"), std::string::npos);
  O.EntryTrips = 64;
  auto M = measureKernel(*H.TC, K, O);
  ASSERT_TRUE(bool(M)) << toString(M.takeError());
  EXPECT_EQ(M->PagesMapped, 64u);
}

TEST(Measure, RegisterStepSeparatesPointers) {
  // mov rax, [rsi]; mov rbx, [rdi]: one page when every register holds the
  // same value, two when register r starts at value + r * step.
  Harness H;
  Kernel K = H.kernel("488b06488b1f", KernelShape::Loop);
  MeasureOptions O;
  O.Shape = KernelShape::Loop;
  O.Repetitions = 3;
  O.EntryTrips = 64;
  auto Same = measureKernel(*H.TC, K, O);
  ASSERT_TRUE(bool(Same)) << toString(Same.takeError());
  EXPECT_EQ(Same->PagesMapped, 1u);
  O.RegisterStep = 0x101040;
  auto Apart = measureKernel(*H.TC, K, O);
  ASSERT_TRUE(bool(Apart)) << toString(Apart.takeError());
  EXPECT_EQ(Apart->PagesMapped, 2u);
}

TEST(Measure, ReenteredLoopFormPreparesMaskedAccesses) {
  // kxorw k2, k2, k2; vmovups [rsi+rcx*4]{k2}, ymm5; add rcx, 8: a store
  // with every lane masked off never faults, so its page is never mapped
  // on demand; a masked-off store to a page that is not mapped and dirty
  // takes a slow assist (about 180 cycles on Zen 4). The re-entered form
  // maps and dirties the neighbourhood of masked accesses first.
  if (!__builtin_cpu_supports("avx512f") ||
      !__builtin_cpu_supports("avx512vl"))
    GTEST_SKIP() << "needs AVX-512";
  Harness H;
  Kernel K = H.kernel("c5ec47d262f17c2a112c8e4883c108", KernelShape::Loop);
  MeasureOptions O;
  O.Shape = KernelShape::Loop;
  O.EntryTrips = 64;
  O.RegisterStep = 0x100000;
  double Best = 1e9;
  for (int Attempt = 0; Attempt < 5 && Best > 4; ++Attempt) {
    auto M = measureKernel(*H.TC, K, O);
    ASSERT_TRUE(bool(M)) << toString(M.takeError());
    EXPECT_EQ(M->PagesMapped, 0u); // nothing faulted
    Best = std::min(Best, M->CyclesPerIteration);
  }
  EXPECT_LT(Best, 4.0);
}

TEST(Measure, MapsScratchPagesOnDemand) {
  Harness H;
  Kernel K = H.kernel("488b00", KernelShape::Unrolled); // pointer chase
  MeasureOptions O;
  O.Repetitions = 5;
  auto M = measureKernel(*H.TC, K, O);
  ASSERT_TRUE(bool(M)) << toString(M.takeError());
  EXPECT_GE(M->PagesMapped, 1u);
  // Load-to-use latency: 4 or 5 cycles on every modelled core.
  EXPECT_GT(M->CyclesPerIteration, 3.5);
  EXPECT_LT(M->CyclesPerIteration, 6.5);
}
TEST(Measure, KeepsQuietRepetitionsOnly) {
  // The throughput canary (eight independent adds) is judged per group of
  // eight repetitions; the result uses the quiet groups only, or says that
  // the core was shared throughout.
  Harness H;
  Kernel K = H.kernel("4801d8", KernelShape::Unrolled);
  MeasureOptions O;
  O.Repetitions = 16;
  auto M = measureKernel(*H.TC, K, O);
  ASSERT_TRUE(bool(M)) << toString(M.takeError());
  EXPECT_EQ(M->Repetitions % 8, 0u); // whole groups
  EXPECT_LE(M->QuietRepetitions, M->Repetitions);
  if (!M->Contended) {
    EXPECT_GE(M->QuietRepetitions, O.Repetitions);
  }
  // Eight independent adds take at least 8 / 6 cycles (no x86-64 core has
  // more than six integer ALUs) and, quiet or not, well under 8.
  EXPECT_GT(M->CanaryCycles, 8.0 / 6 * 0.95);
  EXPECT_LT(M->CanaryCycles, 8.0);
  // Without retries there is no search: the requested repetitions, rounded
  // up to whole groups.
  O.QuietRetries = 0;
  auto Once = measureKernel(*H.TC, K, O);
  ASSERT_TRUE(bool(Once)) << toString(Once.takeError());
  EXPECT_EQ(Once->Repetitions, 16u);
  EXPECT_FALSE(Once->Contended);
}
#endif

} // namespace
