//===- ReadinessTest.cpp - Simulator short paths vs the general ones ------===//
//
// Core::uopReadyTime answers a plainUop (no load, no input uop, no merged
// value, all register sources or none) with plainReadyTime instead of
// computeReadyTime; the short path must take the same steps. The
// simulation's results cannot tell: the two answer alike today, and a
// divergence would only shift predictions that no test pins exactly. So
// this test runs the stages itself and, after every cycle, asks both
// functions about every issued plain uop in flight on the same state: the
// time, the producer parked on and the input uop waited for must agree.
// The kernels make each of plainReadyTime's steps matter: register sources
// known and still unknown, address registers (store-address uops), an
// eliminated move's pass-through value, producers retired or in flight.
// Likewise Core::finishAtDispatch, which finishes a one-uop instruction
// where its uop dispatches: its done and result times must be finish()'s.
// And the premise of Core::wakeIsFutile (a wake-up skipped only where the
// woken uop would park again): at the end of every cycle, each uop parked
// on an instruction still finds an unknown when checked again. The chain
// through memory, the load-op kernel and Zen 4's divide load (waiting for
// an older store's address uop while its data uop waits) make the
// wake-ups at store-data, store-address and input uops matter.
// And the scheduler's places (speed14's calendar of ready cycles): at the
// end of every cycle each issued uop still to dispatch is in exactly one
// of a producer's wake-up list, the calendar or its port's ready list; the
// calendar holds exactly the uops whose known ready time is still to
// come, each filed for the first cycle that time reaches (the cycle in
// which a scan of every pending uop, as the scheduler made before, would
// have moved it to its ready list), and the ready lists only uops whose
// time has come, in age order.
//
//===----------------------------------------------------------------------===//
#include "../../lib/Sim/Core.h"
#include "../../lib/Sim/SimKernel.h"
#include "../../lib/Sim/SimulateBody.h"
#include "../../lib/Sim/Stages.h"
#include "LoopFixture.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <map>

using namespace luarch;
using namespace luarch::sim;
using namespace llvm;

namespace {

struct Counts {
  unsigned Plain = 0, General = 0;
  unsigned PlainParked = 0, PlainKnown = 0, PlainAddress = 0;
  unsigned Mismatches = 0;
  unsigned FinishedAtDispatch = 0, FinishMismatches = 0;
  unsigned Parked = 0, ParkedMismatches = 0;
  unsigned Filed = 0, InReadyLists = 0, PlaceMismatches = 0;
};

/// finish() again, on a copy, for every instruction finishAtDispatch
/// finished (one uop, completing normally, dispatched).
void compareFinish(Core &C, Counts &N, StringRef What) {
  for (size_t X = 0; X < C.ROB.size(); ++X) {
    const InFlightInstr &I = C.ROB[X];
    if (I.NumUops != 1 || !I.FullyIssued || I.DoneTime == Unknown ||
        C.Body[I.Index].Done != Completion::Normal)
      continue;
    InFlightInstr Again = I;
    Again.DoneTime = Again.ResultTime = Unknown;
    C.finish(Again);
    ++N.FinishedAtDispatch;
    if ((Again.DoneTime != I.DoneTime || Again.ResultTime != I.ResultTime) &&
        ++N.FinishMismatches <= 5)
      ADD_FAILURE() << What.str() << ": cycle " << C.Cycle
                    << ", instruction " << I.Index << ": done/result "
                    << I.DoneTime << "/" << I.ResultTime << ", finish() "
                    << Again.DoneTime << "/" << Again.ResultTime;
  }
}

/// Both answers for every issued plainUop in flight; the uops' state is
/// put back as it was (each function asserts it computes once).
void compareReadiness(Core &C, Counts &N, StringRef What) {
  UopStore &Uops = C.ROB.Uops;
  for (size_t X = 0; X < C.ROB.size(); ++X) {
    InFlightInstr &I = C.ROB[X];
    for (unsigned U = 0; U < I.NumUops; ++U) {
      UopId Id = I.uop(U);
      if (Uops.flags(Id).State == UopState::NotIssued)
        continue;
      const SUop &SU = Uops.desc(Id);
      if (!Core::plainUop(SU)) {
        ++N.General;
        continue;
      }
      double SavedReady = Uops.readyAt(Id);
      int64_t SavedWait = Uops.waitingOn(Id);
      bool SavedWaitUop = Uops.flags(Id).WaitsOnInput;

      Uops.readyAt(Id) = Unknown;
      double General = C.computeReadyTime(I, Id);
      int64_t GeneralWait = Uops.waitingOn(Id);
      bool GeneralWaitUop = Uops.flags(Id).WaitsOnInput;

      Uops.readyAt(Id) = Unknown;
      Uops.waitingOn(Id) = -7; // both must set it
      Uops.flags(Id).WaitsOnInput = true;
      double Plain = C.plainReadyTime(I, Id);
      int64_t PlainWait = Uops.waitingOn(Id);
      bool PlainWaitUop = Uops.flags(Id).WaitsOnInput;

      bool Same = General == Plain && GeneralWait == PlainWait &&
                  GeneralWaitUop == PlainWaitUop &&
                  Uops.readyAt(Id) == Plain;
      if (!Same && ++N.Mismatches <= 5)
        ADD_FAILURE() << What.str() << ": cycle " << C.Cycle << ", instruction "
                      << I.Index << " uop " << U << ": computeReadyTime "
                      << General << " waiting on " << GeneralWait
                      << ", plainReadyTime " << Plain << " waiting on "
                      << PlainWait;
      ++N.Plain;
      N.PlainParked += Plain == Unknown;
      N.PlainKnown += Plain != Unknown;
      N.PlainAddress += SU.ReadsAddr && I.NumAddr > 0;

      Uops.readyAt(Id) = SavedReady;
      Uops.waitingOn(Id) = SavedWait;
      Uops.flags(Id).WaitsOnInput = SavedWaitUop;
    }
  }
}

/// What makes skipping a wake-up safe (Core::wakeIsFutile) and the driver's
/// stall cause exact: at the end of a cycle, every uop parked on an
/// instruction still finds an unknown there if checked again (it has
/// missed no wake-up). Checked on every parked uop, its state put back.
void checkParked(Core &C, Counts &N, StringRef What) {
  UopStore &Uops = C.ROB.Uops;
  for (size_t X = 0; X < C.ROB.size(); ++X) {
    const InFlightInstr &On = C.ROB[X];
    for (UopId W = On.FirstWaiter; W != NoUop; W = Uops.nextWaiter(W)) {
      if (!Uops.inFlight(W))
        continue;
      InFlightInstr &I = C.ROB.ownerOf(W);
      double SavedReady = Uops.readyAt(W);
      int64_t SavedWait = Uops.waitingOn(W);
      bool SavedWaitUop = Uops.flags(W).WaitsOnInput;
      ++N.Parked;
      if (SavedReady != Unknown) {
        if (++N.ParkedMismatches <= 5)
          ADD_FAILURE() << What.str() << ": cycle " << C.Cycle
                        << ", a parked uop of instruction " << I.Index
                        << " has a ready time";
        continue;
      }
      double Again = C.uopReadyTime(I, W);
      if (Again != Unknown && ++N.ParkedMismatches <= 5)
        ADD_FAILURE() << What.str() << ": cycle " << C.Cycle
                      << ", a uop of instruction " << I.Index
                      << " parked on instruction " << On.Index
                      << " is ready at " << Again;
      Uops.readyAt(W) = SavedReady;
      Uops.waitingOn(W) = SavedWait;
      Uops.flags(W).WaitsOnInput = SavedWaitUop;
    }
  }
}

/// Where the scheduler keeps each issued uop still to dispatch (see the
/// file comment): one place, consistent with its ready time.
void checkPlaces(Core &C, Counts &N, StringRef What) {
  UopStore &Uops = C.ROB.Uops;
  const double Now = C.now();
  std::map<UopId, unsigned> Places;
  auto fail = [&](UopId Id, const char *Why) {
    if (++N.PlaceMismatches <= 5)
      ADD_FAILURE() << What.str() << ": cycle " << C.Cycle << ", uop " << Id
                    << ": " << Why;
  };
  for (size_t X = 0; X < C.ROB.size(); ++X)
    for (UopId W = C.ROB[X].FirstWaiter; W != NoUop; W = Uops.nextWaiter(W))
      if (Uops.inFlight(W))
        ++Places[W];
  C.Sched.forEachPending([&](UopId Id, long Cycle) {
    ++N.Filed;
    ++Places[Id];
    if (!Uops.inFlight(Id) || Uops.flags(Id).State != UopState::Waiting)
      return fail(Id, "filed, not waiting");
    double Ready = Uops.readyAt(Id);
    if (Ready == Unknown || Ready <= Now + Eps)
      fail(Id, "filed, its time unknown or come");
    else if (Cycle != cycleReaching(Ready) || !(Ready <= double(Cycle) + Eps) ||
             Ready <= double(Cycle - 1) + Eps)
      fail(Id, "filed for another cycle than the first its time reaches");
  });
  for (unsigned P = 0; P < C.Exec.numPorts(); ++P) {
    const ReadyList &List = C.Sched.readyList(P);
    if (!std::is_sorted(List.begin(), List.end()))
      fail(P, "a ready list out of age order (port number shown)");
    for (UopId Id : List) {
      ++N.InReadyLists;
      ++Places[Id];
      if (!Uops.inFlight(Id) || Uops.flags(Id).State != UopState::Waiting ||
          !(Uops.readyAt(Id) <= Now + Eps))
        fail(Id, "in a ready list, not ready now");
    }
  }
  for (size_t X = 0; X < C.ROB.size(); ++X) {
    const InFlightInstr &I = C.ROB[X];
    for (unsigned U = 0; U < I.NumUops; ++U) {
      UopId Id = I.uop(U);
      if (Uops.flags(Id).State != UopState::Waiting)
        continue;
      auto It = Places.find(Id);
      if (It == Places.end() || It->second != 1)
        fail(Id, "waiting, not in exactly one place");
    }
  }
}

/// Runs \p Asm on \p CPU for \p Cycles cycles (the driver's stage order)
/// and compares the two paths after each.
Counts run(StringRef CPU, StringRef Asm, long Cycles = 600) {
  Counts N;
  test::Loop L = test::loadLoop(CPU, Asm);
  if (!L.M) {
    ADD_FAILURE() << "no model for " << CPU.str();
    return N;
  }
  SimOptions O;
  O.StopAtSteadyState = false;
  O.Views = false;
  Core C(L.D, buildSimKernel(L.K, L.D, L.St.Deps, L.C),
         simLayout(L.K, L.D, L.C), L.C, O);
  RetireStage Retire(C);
  ExecuteStage Execute(C);
  AllocateStage Allocate(C);
  FrontEndStage FrontEnd(C);
  std::string What = (CPU + ": " + Asm).str();
  std::replace(What.begin(), What.end(), '\n', ';');
  for (C.Cycle = 0; C.Cycle < Cycles; ++C.Cycle) {
    C.Events.refresh();
    C.Buffers.beginCycle();
    Retire.cycle();
    Execute.cycle();
    Allocate.cycle();
    FrontEnd.cycle();
    compareReadiness(C, N, What);
    compareFinish(C, N, What);
    checkParked(C, N, What);
    checkPlaces(C, N, What);
  }
  return N;
}

TEST(Readiness, ShortPathsAgreeWithTheGeneralOnes) {
  struct Case {
    const char *CPU, *Asm;
  } Cases[] = {
      // A register chain through a 3-cycle multiply: consumers are checked
      // while it is in flight (parked) and after (known); the counter's
      // flags feed the fused branch.
      {"cascadelake", "imulq %rbx, %rax\n"
                      "addq %rax, %rbx\n"
                      "decq %rcx\n"
                      "jnz .-12\n"},
      // A branch not fused with the counter's decrement: a one-uop
      // instruction without a result, finished at its dispatch.
      {"cascadelake", "decq %rcx\n"
                      "leaq 1(%rax), %rbx\n"
                      "jnz .-9\n"},
      // Stores: the store-address uop reads the index register another
      // instruction writes, the store-data uop its source.
      {"cascadelake", "movq %rbx, (%rdi,%rax,8)\n"
                      "imulq %rbx, %rbx\n"
                      "addq $1, %rax\n"
                      "cmpq %rsi, %rax\n"
                      "jne .-20\n"},
      // An eliminated move: its consumer reads a pass-through value that
      // resolves to the multiply's result.
      {"cascadelake", "imulq %rdx, %rax\n"
                      "movq %rax, %rdx\n"
                      "addq %rdx, %rcx\n"
                      "movq %rcx, 8(%rdi)\n"},
      // Loads and load-op instructions beside plain uops (the general path
      // for the load and the operation fed by it).
      {"cascadelake", "addq (%rdi), %rax\n"
                      "movq 8(%rdi,%rax), %rbx\n"
                      "imulq %rbx, %rcx\n"
                      "leaq 1(%rcx,%rbx), %rdx\n"},
      // A chain through memory: the load waits for the store's data and
      // address uops (woken as each dispatches), the store for the add.
      {"cascadelake", "movq %rax, (%rdi)\n"
                      "movq (%rdi), %rax\n"
                      "addq $1, %rax\n"},
      // Zen 4's divide load waits for every older store's address
      // (MemoryDesc::DivideLoadWaitsForStoreAddresses): here the address
      // uop dispatches long before the data uop, which needs the quotient.
      {"znver4", "xorl %edx, %edx\n"
                 "divq 8(%rbx)\n"
                 "movq %rax, (%rcx)\n"},
      {"znver4", "imulq %rbx, %rax\n"
                 "movq %rax, %rdx\n"
                 "addq %rdx, %rbx\n"
                 "movq %rbx, (%rdi,%rcx,8)\n"
                 "addq (%rsi), %rcx\n"},
      {"alderlake", "vfmadd231pd %ymm1, %ymm2, %ymm0\n"
                    "vmovapd %ymm0, %ymm3\n"
                    "vaddpd %ymm3, %ymm1, %ymm1\n"
                    "vmovupd %ymm1, (%rdi,%rax)\n"
                    "addq $32, %rax\n"},
  };
  Counts All;
  for (const Case &K : Cases) {
    Counts N = run(K.CPU, K.Asm);
    EXPECT_EQ(N.Mismatches, 0u) << K.CPU << " " << K.Asm;
    EXPECT_EQ(N.FinishMismatches, 0u) << K.CPU << " " << K.Asm;
    EXPECT_EQ(N.ParkedMismatches, 0u) << K.CPU << " " << K.Asm;
    EXPECT_EQ(N.PlaceMismatches, 0u) << K.CPU << " " << K.Asm;
    All.Parked += N.Parked;
    All.Filed += N.Filed;
    All.InReadyLists += N.InReadyLists;
    All.FinishedAtDispatch += N.FinishedAtDispatch;
    EXPECT_GT(N.Plain, 0u) << K.CPU << " " << K.Asm;
    All.Plain += N.Plain;
    All.General += N.General;
    All.PlainParked += N.PlainParked;
    All.PlainKnown += N.PlainKnown;
    All.PlainAddress += N.PlainAddress;
  }
  // Each of the short path's cases was compared, not only the easy one.
  EXPECT_GT(All.PlainParked, 100u);
  EXPECT_GT(All.PlainKnown, 100u);
  EXPECT_GT(All.PlainAddress, 100u);
  EXPECT_GT(All.General, 100u);
  EXPECT_GT(All.Parked, 100u);
  EXPECT_GT(All.Filed, 100u);
  EXPECT_GT(All.InReadyLists, 100u);
  EXPECT_GT(All.FinishedAtDispatch, 100u);
}

} // namespace
