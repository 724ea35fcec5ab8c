//===- WhatIfBoundsTest.cpp - Static bounds under --what-if ---------------===//
//
// The static bounds are lower bounds of the simulation, and under
// `--what-if` they must be those of the changed machine: a wider front end
// may beat the described machine's front-end bound (a Cascade Lake loop
// whose uop-cache bound of 2.00 cycles sat above its simulation of 1.75
// under frontend-width=12, before the static bound took the what-if).
//
// Every row of the resource table (luarch/Sim/Resources.h) either names
// the MachineRates field the static bounds take from it or says why no
// bound depends on it; and every row has a case below: a kernel whose
// simulation the what-if changes, where the static bound (pinned to a
// hand-derived value) stays at or below the simulation through
// analyzeKernel, the path the tool and the plugin share. Adding a row
// without either fails here.
//
//===----------------------------------------------------------------------===//
#include "LoopFixture.h"
#include "luarch/Report/Pipeline.h"
#include "luarch/Sim/Resources.h"
#include "gtest/gtest.h"

#include "llvm/ADT/STLExtras.h"
#include <cmath>

using namespace luarch;
using namespace luarch::test;

namespace {

/// Twelve single-uop instructions (three loads, nine ALU ops with the fused
/// dec/jnz) on Skylake: 12 issue slots, 12 fused uops, 12 uops from the
/// uop cache; the ALU ports need 9/4 cycles, so the widths bind.
const char *Wide = R"(
.L:
  movq (%rsi), %rax
  movq 8(%rsi), %rbx
  movq 16(%rsi), %r8
  addq $1, %rcx
  addq $1, %rdx
  addq $1, %r9
  addq $1, %r10
  addq $1, %r11
  addq $1, %r12
  addq $1, %r13
  addq $1, %r14
  decq %r15
  jnz .L
)";

/// Two independent 256-bit divides: Skylake's divider is busy 8 cycles for
/// each ([uops.info] vdivpd ymm), 16 per iteration.
const char *Divides = R"(
.L:
  vdivpd %ymm0, %ymm1, %ymm2
  vdivpd %ymm0, %ymm1, %ymm3
  decq %r15
  jnz .L
)";

/// A 4-cycle FMA chain beside loads, a store, integer and vector writes:
/// every buffer holds some of it, and shrunk to a few entries each one
/// stalls the next iterations' independent work behind the chain.
const char *Mix = R"(
.L:
  movq (%rsi), %rax
  movq 8(%rsi), %rbx
  movq %rax, 16(%rdi)
  vmovupd (%rsi), %ymm1
  vfmadd231pd %ymm1, %ymm2, %ymm0
  imulq %r9, %r9
  addq $1, %rcx
  addq $1, %rdx
  decq %r15
  jnz .L
)";

/// BHive block bhdev's `mov rdx, [r12+8]; add rdx, [rbp-80]; lea r14,
/// [rdx-1]; sub rdx, 2; test rax, rax; cmove r14, rdx` as a loop: the uop
/// cache's grouping takes 2 cycles per iteration on Cascade Lake, while 7
/// issue slots need 1.75 at 4 per cycle.
const char *CmovLoop = R"(
.L:
  movq 8(%r12), %rdx
  addq -80(%rbp), %rdx
  leaq -1(%rdx), %r14
  subq $2, %rdx
  testq %rax, %rax
  cmoveq %rdx, %r14
  decq %r15
  jne .L
)";

/// Zen 4: `lea rcx, [rdx+rax-1]; neg rax; and rcx, rax` (BHive), whose
/// simulated rhythm depends on how full the uop queue may get.
const char *QueueLoop = R"(
.L:
  leaq -1(%rdx,%rax), %rcx
  negq %rax
  andq %rax, %rcx
  decq %r15
  jne .L
)";

struct Case {
  const char *WhatIf; ///< the --what-if spec
  const char *CPU;
  const char *Asm;
  /// The static bound of the changed machine, derived by hand.
  double Static;
};

/// At least one case per row of the table, under its --what-if name.
const Case Cases[] = {
    // 16 divider cycles at twice the speed.
    {"divider=2", "skylake", Divides, 8},
    {"divider=0.5", "skylake", Divides, 32},
    // 12 slots at 2 per cycle (issue, retire, delivery from the DSB).
    {"issue-width=2", "skylake", Wide, 6},
    {"retire-width=2", "skylake", Wide, 6},
    {"frontend-width=2", "skylake", Wide, 6},
    // The wider uop cache delivers in fewer cycles than its grouping
    // rules at 6: issue, 7 slots / 4 per cycle, binds.
    {"frontend-width=12", "cascadelake", CmovLoop, 1.75},
    // Buffers and the queue bound nothing: the chain's 4 cycles stay.
    {"rob=4", "skylake", Mix, 4},
    {"rs=2", "skylake", Mix, 4},
    {"fp-rs=1", "znver4", Mix, 4},
    {"lb=1", "skylake", Mix, 4},
    {"sb=1", "skylake", Mix, 4},
    {"int-prf=1", "skylake", Mix, 4},
    {"vec-prf=1", "skylake", Mix, 4},
    {"buffers=2", "skylake", Mix, 4},
    // Five ALU uops (the three-part lea takes two [LLVM's znver4 model],
    // dec/jne one) on Zen 4's four ALUs: 1.25 cycles.
    {"uop-queue=1", "znver4", QueueLoop, 1.25},
};

KernelReport run(const Loop &L, const UopDecoder &Dec, const WhatIf &W) {
  PipelineOptions Opts;
  Opts.SimWhatIf = W;
  return analyzeKernel(L.K, Dec, Opts);
}

TEST(WhatIfBounds, EveryRowIsABoundInputOrSaysWhyNot) {
  std::vector<double MachineRates::*> Claimed; // (member pointers: no <)
  for (const ResourceSpec &R : resourceTable()) {
    bool Reason = R.NotABound && *R.NotABound;
    EXPECT_NE(bool(R.BoundRate), Reason)
        << R.WhatIfName
        << ": a resource is either a MachineRates input of the static "
           "bounds or says why no bound depends on it, not both or neither";
    if (R.BoundRate) {
      EXPECT_FALSE(llvm::is_contained(Claimed, R.BoundRate))
          << R.WhatIfName << ": a MachineRates field set by two rows";
      Claimed.push_back(R.BoundRate);
    }
  }
  // Every rate the bounds use is set by a row, and as described the
  // table's values are the rates the static bounds use.
  EXPECT_EQ(Claimed.size(), 4u) << "a MachineRates field no row sets";
  for (const MachineModel *M : allMachineModels())
    EXPECT_TRUE(SimConfig::fromModel(*M).rates() == MachineRates::of(*M))
        << M->Name;
}

TEST(WhatIfBounds, EveryRowHasACase) {
  for (const ResourceSpec &R : resourceTable()) {
    std::string Prefix = std::string(R.WhatIfName) + "=";
    bool Found = false;
    for (const Case &C : Cases)
      Found |= llvm::StringRef(C.WhatIf).starts_with(Prefix);
    EXPECT_TRUE(Found) << R.WhatIfName
                       << ": add a case (a kernel whose simulation the "
                          "what-if changes) to WhatIfBoundsTest";
  }
}

TEST(WhatIfBounds, StaticBoundOfTheChangedMachineStaysBelowItsSimulation) {
  for (const Case &C : Cases) {
    SCOPED_TRACE(std::string(C.CPU) + " --what-if=" + C.WhatIf);
    Loop L = loadLoop(C.CPU, C.Asm);
    ASSERT_TRUE(L.M);
    UopDecoder Dec(*L.M, *L.TC);
    auto W = parseWhatIf(C.WhatIf);
    ASSERT_TRUE(bool(W)) << llvm::toString(W.takeError());
    KernelReport Base = run(L, Dec, WhatIf());
    KernelReport Changed = run(L, Dec, *W);
    ASSERT_TRUE(Base.Sim && Changed.Sim);
    // The case tests something: the what-if moves the simulation.
    EXPECT_GT(std::fabs(Changed.Sim->CyclesPerIteration -
                        Base.Sim->CyclesPerIteration),
              0.01)
        << "the what-if does not change this kernel's simulation ("
        << Base.Sim->CyclesPerIteration << ")";
    // (Port bounds carry a rounding guard of 1e-7.)
    EXPECT_NEAR(Changed.Static.Throughput, C.Static, 1e-6)
        << Changed.Static.Bounds.front().Detail;
    EXPECT_GE(Changed.Sim->CyclesPerIteration,
              Changed.Static.Throughput * (1 - 1e-6))
        << "simulated below the static bound ("
        << Changed.Static.Bounds.front().Detail << ")";
    // A rate the bounds take moves them here; a row that is no bound
    // input moves none.
    if (Changed.Static.Rates == Base.Static.Rates)
      EXPECT_EQ(Changed.Static.Throughput, Base.Static.Throughput);
    else
      EXPECT_NE(Changed.Static.Throughput, Base.Static.Throughput);
  }
}

TEST(WhatIfBounds, BindingPolicyKeepsTheOptimalPortBound) {
  // Not a row: the port bound is an optimal assignment, which no binding
  // policy beats. Three ALU uops per cycle on Skylake's four ALU ports
  // with round-robin binding.
  Loop L = loadLoop("skylake", Wide);
  ASSERT_TRUE(L.M);
  UopDecoder Dec(*L.M, *L.TC);
  auto W = parseWhatIf("binding=round-robin,issue-width=12,retire-width=12,"
                       "frontend-width=12");
  ASSERT_TRUE(bool(W)) << llvm::toString(W.takeError());
  KernelReport R = run(L, Dec, *W);
  ASSERT_TRUE(R.Sim);
  // 9 ALU uops (the fused dec/jnz on p06) over p0156: 2.25 cycles.
  EXPECT_NEAR(R.Static.Throughput, 2.25, 1e-6)
      << R.Static.Bounds.front().Detail;
  EXPECT_GE(R.Sim->CyclesPerIteration, R.Static.Throughput * (1 - 1e-6));
}

TEST(WhatIfBounds, SweepExplainsTheChangedDivider) {
  // The sweep's lines take figures from the static analysis and the
  // configuration: both of the changed machine.
  Loop L = loadLoop("skylake", Divides);
  ASSERT_TRUE(L.M);
  UopDecoder Dec(*L.M, *L.TC);
  PipelineOptions Opts;
  auto W = parseWhatIf("divider=2");
  ASSERT_TRUE(bool(W));
  Opts.SimWhatIf = *W;
  Opts.Sensitivity = true;
  Opts.SensitivityOpts.BudgetSeconds = -1;
  KernelReport R = analyzeKernel(L.K, Dec, Opts);
  ASSERT_TRUE(R.Sensitivity);
  EXPECT_NEAR(R.Static.Ports.DividerTotal, 8, 1e-9);
  bool Found = false;
  for (const std::string &V : R.Sensitivity->Verdict)
    if (V.find("divider is busy") != std::string::npos) {
      Found = true;
      EXPECT_NE(V.find("busy 8.00 cycles"), std::string::npos) << V;
    }
  EXPECT_TRUE(Found) << "no divider line in the sweep's verdict";
}

} // namespace
