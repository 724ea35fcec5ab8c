//===- Harness.cpp - Fork, run, time -------------------------------------===//
//
// Everything that touches the kernel happens in a forked child: the parent
// only reads a result record from a pipe, with a deadline, and interprets
// the child's exit status when there is none.
//
//===----------------------------------------------------------------------===//
#include "MeasureInternal.h"
#include "SampleStats.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Measure/Measure.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCRegisterInfo.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <x86intrin.h>

using namespace llvm;

namespace luarch {
namespace measure {
namespace {

/// Exit codes of the child besides signals.
enum : int { ExitOK = 0, ExitBadAccess = 71, ExitSetup = 72 };

/// The throughput canary counts as quiet within this factor of the host's
/// known quiet value (8 / integer ALUs, from its model), or, without one,
/// within QuietRelative of the lowest value seen (a relative reference is
/// itself a little high, hence the tighter factor).
constexpr double QuietVsKnown = 1.10;
constexpr double QuietRelative = 1.08;
/// Further runs when the longer run was not slower than the shorter one.
constexpr unsigned UnorderedRunRetries = 2;

/// What the child reports.
struct Record {
  double TicksPerIteration = 0;
  double TicksPerCycle = 0;
  double Spread = 0;
  unsigned Pages = 0;
  /// Core cycles per copy of the throughput canary (eight independent
  /// register adds): about twice its quiet value when another tenant
  /// shares the physical core.
  double CanaryCycles = 0;
  /// Repetitions run, and how many of them were kept as quiet.
  unsigned Repetitions = 0;
  unsigned QuietRepetitions = 0;
};

//--- Child side ------------------------------------------------------------

int ScratchFD = -1;
/// Pages mapped on demand (faults), and scratch pages handed out in all
/// (on demand or premapped, see PremapPages).
volatile unsigned PagesMapped = 0;
volatile unsigned PagesHandedOut = 0;
/// Pages the child maps before running (set by the parent before fork).
std::vector<uint64_t> PremapPages;
constexpr unsigned MaxPages = 8192;
/// Physical pages behind the scratch area: 4 shared ones (BHive's
/// method: everything stays in L1d however far a block walks), or, for the
/// re-entered loop form, one per touched page up to DistinctPages (beyond
/// that they are shared again).
constexpr unsigned SharedPages = 4;
constexpr unsigned DistinctPages = 1024;
unsigned ScratchPages = SharedPages;

/// Sets the page's accessed and dirty bits (rewriting a word with its own
/// value): a masked-off access that would have to set them - a masked load
/// of a page never accessed, a masked store to a page never written - is
/// handled by a slow assist every time (measured on Zen 4: about 130
/// cycles per fully masked load, 180 per store, under 1 once the page has
/// been written), which a program's own arrays do not pay.
void touch(void *Page) {
  volatile uint64_t *W = static_cast<volatile uint64_t *>(Page);
  *W = *W;
}

void onSegv(int, siginfo_t *SI, void *) {
  uintptr_t Addr = reinterpret_cast<uintptr_t>(SI->si_addr);
  uintptr_t Page = Addr & ~uintptr_t(4095);
  // Null-page and non-canonical accesses (reported as address 0), the
  // harness' own areas, and runaway kernels are fatal.
  if (Page < 0x10000 || Page >= 0x7e0000000000ULL || PagesMapped >= MaxPages)
    _exit(ExitBadAccess);
  void *P = mmap(reinterpret_cast<void *>(Page), 4096, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_FIXED_NOREPLACE, ScratchFD,
                 (PagesHandedOut % ScratchPages) * 4096);
  if (P == MAP_FAILED) // already mapped: a write to code, or similar
    _exit(ExitBadAccess);
  touch(P);
  PagesMapped = PagesMapped + 1;
  PagesHandedOut = PagesHandedOut + 1;
}

/// Maps PremapPages (those that are free and allowed) before the kernel
/// runs.
void premap() {
  for (uint64_t Page : PremapPages) {
    if (Page < 0x10000 || Page >= 0x7e0000000000ULL)
      continue;
    void *P = mmap(reinterpret_cast<void *>(Page), 4096,
                   PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED_NOREPLACE,
                   ScratchFD, (PagesHandedOut % ScratchPages) * 4096);
    if (P != MAP_FAILED) {
      touch(P);
      PagesHandedOut = PagesHandedOut + 1;
    }
  }
}

using Fn = void (*)();

Fn place(const Bytes &Code) {
  size_t Size = (Code.size() + 4095) & ~size_t(4095);
  void *P = mmap(nullptr, Size, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED)
    _exit(ExitSetup);
  std::memcpy(P, Code.data(), Code.size());
  // No kernel store may modify code (RIP-relative stores would): such a
  // write faults and is reported instead of executing garbage.
  if (mprotect(P, Size, PROT_READ | PROT_EXEC) != 0)
    _exit(ExitSetup);
  return reinterpret_cast<Fn>(P);
}

inline uint64_t timeCall(Fn F) {
  _mm_lfence();
  uint64_t T0 = __rdtsc();
  _mm_lfence();
  F();
  _mm_lfence();
  uint64_t T1 = __rdtsc();
  _mm_lfence();
  return T1 - T0;
}

bool setupChild(uint64_t RegValue, bool Distinct) {
  ScratchPages = Distinct ? DistinctPages : SharedPages;
  // The parent's crash handlers (LLVM prints a stack dump) must not run for
  // a kernel's fault: the parent reports it from the exit status.
  for (int Sig : {SIGILL, SIGFPE, SIGBUS, SIGTRAP, SIGABRT, SIGSYS, SIGALRM})
    signal(Sig, SIG_DFL);
  // Scratch pages filled with the register value, so that loaded pointers
  // point into the scratch area too (as in BHive).
  ScratchFD = memfd_create("loop-uarch-scratch", 0);
  if (ScratchFD < 0 || ftruncate(ScratchFD, ScratchPages * 4096) != 0)
    return false;
  void *Fill = mmap(nullptr, ScratchPages * 4096, PROT_READ | PROT_WRITE,
                    MAP_SHARED, ScratchFD, 0);
  if (Fill == MAP_FAILED)
    return false;
  auto *Words = static_cast<uint64_t *>(Fill);
  for (size_t I = 0; I < ScratchPages * 4096 / 8; ++I)
    Words[I] = RegValue;
  munmap(Fill, ScratchPages * 4096);
  if (mmap(reinterpret_cast<void *>(SaveSlotAddr), 4096,
           PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
           0) == MAP_FAILED)
    return false;
  static char AltStack[64 * 1024];
  stack_t SS{};
  SS.ss_sp = AltStack;
  SS.ss_size = sizeof(AltStack);
  sigaltstack(&SS, nullptr);
  struct sigaction SA {};
  SA.sa_sigaction = onSegv;
  SA.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigaction(SIGSEGV, &SA, nullptr);
  // Denormals must not slow FP kernels down (FTZ | DAZ).
  _mm_setcsr(_mm_getcsr() | 0x8040);
  return true;
}

[[noreturn]] void runChild(int Out, const Bytes &CodeA, const Bytes &CodeB,
                           double Span, unsigned Reps, uint64_t RegValue,
                           bool DistinctPages, double ParentBestCanary,
                           double ExpectedCanary, double BudgetSeconds) {
  if (!setupChild(RegValue, DistinctPages))
    _exit(ExitSetup);
  premap();
  bool AVX = __builtin_cpu_supports("avx");
  // Calibration: a dependent chain of `add rax, rbx`, one cycle each on
  // every x86-64 core, at two lengths. (Not `add rax, 1`: Golden Cove
  // executes small immediate adds at rename, so such a chain runs faster
  // than one add per cycle.)
  // 100 adds per trip of a counted loop (r15, untouched by the adds), 200
  // and 100 trips: 10,000 cycles between the two, long enough that timer
  // granularity and short interruptions do not matter.
  Bytes Add = {0x48, 0x01, 0xD8};
  Bytes Chain = counted(unrolled(Add, 100), R15);
  Fn CalA = place(wrapCallable(Chain, RegValue, AVX, R15, 200));
  Fn CalB = place(wrapCallable(Chain, RegValue, AVX, R15, 100));
  Fn A = place(CodeA), B = place(CodeB);
  // The canary: eight independent register adds (no immediates, which
  // Golden Cove folds at rename), 100 and 50 copies, 50 times.
  Bytes Adds = {0x48, 0x01, 0xC3, 0x48, 0x01, 0xC1, 0x48, 0x01, 0xC2,
                0x48, 0x01, 0xC6, 0x48, 0x01, 0xC7, 0x49, 0x01, 0xC0,
                0x49, 0x01, 0xC1, 0x48, 0x01, 0xC5};
  Fn CanA = place(wrapCallable(counted(unrolled(Adds, 100), R15), RegValue,
                               AVX, R15, 50));
  Fn CanB = place(wrapCallable(counted(unrolled(Adds, 50), R15), RegValue,
                               AVX, R15, 50));
  for (Fn F : {CalA, CalB, A, B, A, B, CanA, CanB}) // warm-up
    F();
  constexpr double CalSpan = 100.0 * 100;
  constexpr double CanarySpan = 50.0 * 50;
  // One repetition times the calibration, the kernel and the canary back to
  // back. Another tenant on the sibling hyperthread comes and goes in phases
  // of milliseconds to seconds, and within a contended phase single
  // repetitions scatter widely (some even look quiet), so the canary is
  // judged per group of eight consecutive repetitions: a group is quiet
  // when its 75th-percentile canary is within QuietVsKnown of the host's
  // known quiet value (or else within QuietRelative of the parent's best,
  // or else of the 10th percentile of this run's groups). Repeat, within a
  // time budget, until enough repetitions come from quiet groups.
  constexpr size_t Group = 8;
  struct Rep {
    double CalA, CalB, A, B, CanaryTicks;
  };
  std::vector<Rep> All;
  // Ticks per core cycle from the calibration chain (latency-bound, so a
  // sibling thread barely affects it).
  double TicksPerCycle = 0;
  auto updateTicksPerCycle = [&] {
    std::vector<double> D;
    for (const Rep &X : All)
      D.push_back((X.CalA - X.CalB) / CalSpan);
    TicksPerCycle = quantile(D, 0.5);
  };
  auto groupCanary = [&](size_t G) {
    std::vector<double> C;
    for (size_t I = G * Group; I < (G + 1) * Group; ++I)
      C.push_back(All[I].CanaryTicks / CanarySpan / TicksPerCycle);
    return quantile(C, 0.75);
  };
  auto quietGroups = [&] {
    size_t NG = All.size() / Group;
    std::vector<double> GC;
    for (size_t G = 0; G < NG; ++G)
      GC.push_back(groupCanary(G));
    double Limit = ExpectedCanary > 0     ? QuietVsKnown * ExpectedCanary
                   : ParentBestCanary > 0 ? QuietRelative * ParentBestCanary
                   : GC.empty()           ? HUGE_VAL
                                          : QuietRelative * quantile(GC, 0.1);
    std::vector<size_t> Quiet;
    for (size_t G = 0; G < NG; ++G)
      if (GC[G] <= Limit)
        Quiet.push_back(G);
    return Quiet;
  };
  timespec Start;
  clock_gettime(CLOCK_MONOTONIC, &Start);
  for (unsigned R = 0; R < 1000000; ++R) {
    Rep X;
    X.CalA = double(timeCall(CalA));
    X.CalB = double(timeCall(CalB));
    X.A = double(timeCall(A));
    X.B = double(timeCall(B));
    double KA = double(timeCall(CanA)), KB = double(timeCall(CanB));
    X.CanaryTicks = KA - KB;
    All.push_back(X);
    size_t N = All.size();
    if (N < Reps || N % Group != 0)
      continue;
    if (TicksPerCycle == 0 || N % 512 == 0)
      updateTicksPerCycle();
    timespec Now;
    clock_gettime(CLOCK_MONOTONIC, &Now);
    double Elapsed = double(Now.tv_sec - Start.tv_sec) +
                     1e-9 * double(Now.tv_nsec - Start.tv_nsec);
    if (quietGroups().size() * Group >= Reps || Elapsed > BudgetSeconds)
      break;
  }
  All.resize(All.size() / Group * Group);
  updateTicksPerCycle();
  std::vector<Rep> Kept;
  for (size_t G : quietGroups())
    Kept.insert(Kept.end(), All.begin() + G * Group,
                All.begin() + (G + 1) * Group);
  if (Kept.empty())
    Kept = All;
  std::vector<double> TA, TB, CA, CB, PerRep, Canaries;
  for (const Rep &X : Kept) {
    TA.push_back(X.A), TB.push_back(X.B), CA.push_back(X.CalA);
    CB.push_back(X.CalB);
    Canaries.push_back(X.CanaryTicks / CanarySpan / TicksPerCycle);
    if (X.CalA > X.CalB)
      PerRep.push_back((X.A - X.B) / Span / ((X.CalA - X.CalB) / CalSpan));
  }
  Record Rec;
  // The lower quartile of the quiet repetitions: interference only ever
  // adds time.
  Rec.TicksPerCycle = (quantile(CA, 0.25) - quantile(CB, 0.25)) / CalSpan;
  Rec.TicksPerIteration = (quantile(TA, 0.25) - quantile(TB, 0.25)) / Span;
  Rec.Spread = relativeSpread(PerRep);
  Rec.Pages = PagesMapped;
  Rec.CanaryCycles = quantile(Canaries, 0.5);
  Rec.Repetitions = unsigned(All.size());
  Rec.QuietRepetitions = unsigned(Kept.size());
  if (write(Out, &Rec, sizeof(Rec)) != sizeof(Rec))
    _exit(ExitSetup);
  _exit(ExitOK);
}

//--- Parent side -----------------------------------------------------------

Error childFailure(int Status) {
  std::string Why;
  if (WIFSIGNALED(Status)) {
    switch (WTERMSIG(Status)) {
    case SIGILL:
      Why = "illegal instruction (the host lacks an instruction set the "
            "kernel uses, or the bytes are not valid code)";
      break;
    case SIGFPE:
      Why = "arithmetic exception (e.g. a division by zero or overflow with "
            "the harness' register values)";
      break;
    case SIGBUS:
      Why = "bus error";
      break;
    case SIGSEGV:
      Why = "segmentation fault";
      break;
    case SIGKILL:
    case SIGALRM:
      Why = "time limit exceeded";
      break;
    default:
      Why = "killed by signal " + std::to_string(WTERMSIG(Status));
    }
  } else if (WIFEXITED(Status) && WEXITSTATUS(Status) == ExitBadAccess) {
    Why = "memory access the harness cannot map (null page, non-canonical "
          "address, or a write to the harness' own memory)";
  } else {
    Why = "the measurement process failed to set up (exit status " +
          std::to_string(WIFEXITED(Status) ? WEXITSTATUS(Status) : -1) + ")";
  }
  return createStringError(inconvertibleErrorCode(),
                           "kernel not measured: %s", Why.c_str());
}

Expected<Record> runIsolated(const Bytes &CodeA, const Bytes &CodeB,
                             double Span, const MeasureOptions &Opts,
                             double BestCanary, double ExpectedCanary) {
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return createStringError(inconvertibleErrorCode(), "pipe: %s",
                             strerror(errno));
  pid_t Pid = fork();
  if (Pid < 0)
    return createStringError(inconvertibleErrorCode(), "fork: %s",
                             strerror(errno));
  if (Pid == 0) {
    close(Pipe[0]);
    alarm(Opts.TimeoutSeconds);
    struct rlimit Core = {0, 0};
    setrlimit(RLIMIT_CORE, &Core);
    runChild(Pipe[1], CodeA, CodeB, Span, std::max(3u, Opts.Repetitions),
             Opts.RegisterValue, Opts.Shape == KernelShape::Loop &&
                                     Opts.EntryTrips > 0,
             Opts.QuietRetries ? BestCanary : 0,
             Opts.QuietRetries ? ExpectedCanary : 0,
             Opts.QuietRetries ? Opts.QuietBudgetSeconds : 0);
  }
  close(Pipe[1]);
  Record Rec;
  size_t Got = 0;
  pollfd P{Pipe[0], POLLIN, 0};
  int TimeoutMs = int(Opts.TimeoutSeconds) * 1000 + 1000;
  while (Got < sizeof(Rec)) {
    int R = poll(&P, 1, TimeoutMs);
    if (R <= 0)
      break;
    ssize_t N = read(Pipe[0], reinterpret_cast<char *>(&Rec) + Got,
                     sizeof(Rec) - Got);
    if (N <= 0)
      break;
    Got += N;
  }
  close(Pipe[0]);
  if (Got < sizeof(Rec))
    kill(Pid, SIGKILL);
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
    ;
  if (Got < sizeof(Rec))
    return childFailure(Status);
  return Rec;
}

/// The highest of r15..r8 that no instruction of \p K touches (hardware
/// number), or -1.
int pickCounter(const TargetContext &TC, const Kernel &K, size_t Count) {
  const MCRegisterInfo &MRI = TC.regInfo();
  for (int HW = 15; HW >= 8; --HW) {
    std::string Name = "R" + std::to_string(HW);
    MCRegister Reg;
    for (unsigned R = 1; R < MRI.getNumRegs(); ++R)
      if (StringRef(MRI.getName(R)) == Name)
        Reg = R;
    if (!Reg)
      continue;
    bool Used = false;
    for (size_t I = 0; I < Count && !Used; ++I) {
      const MCInst &Inst = K.Instrs[I].Inst;
      for (const MCOperand &Op : Inst)
        if (Op.isReg() && Op.getReg() && MRI.regsOverlap(Op.getReg(), Reg))
          Used = true;
      const MCInstrDesc &D = TC.instrInfo().get(Inst.getOpcode());
      for (MCPhysReg R : D.implicit_uses())
        Used |= MRI.regsOverlap(R, Reg);
      for (MCPhysReg R : D.implicit_defs())
        Used |= MRI.regsOverlap(R, Reg);
    }
    if (!Used)
      return HW;
  }
  return -1;
}

/// Whether an instruction accesses memory under a mask, so that an access
/// may be suppressed without a fault: AVX-512 {k} forms (LLVM names end in
/// k or kz), (v)maskmov, gathers and scatters.
bool maskedAccess(const TargetContext &TC, const MCInst &Inst) {
  StringRef Name = TC.instrInfo().getName(Inst.getOpcode());
  return Name.ends_with("k") || Name.ends_with("kz") ||
         Name.contains("MASKMOV") || Name.contains("GATHER") ||
         Name.contains("SCATTER");
}

/// The pages within \p Window bytes of the address each masked memory
/// operand of the block has at entry (general register number r holding
/// \p Value + r * \p Step, the counter \p Trips). A masked-off access to a
/// page nobody touched does not fault, so the on-demand mapping would
/// never map it, and the core would handle every such access with a slow
/// assist (see touch()): an artifact of the harness.
std::vector<uint64_t> maskedAccessPages(const TargetContext &TC,
                                        const Kernel &K, size_t Count,
                                        uint64_t Value, uint64_t Step,
                                        int Counter, uint64_t Trips,
                                        uint64_t Window) {
  static const char *const Names[16] = {"RAX", "RCX", "RDX", "RBX",
                                        "RSP", "RBP", "RSI", "RDI",
                                        "R8",  "R9",  "R10", "R11",
                                        "R12", "R13", "R14", "R15"};
  const MCRegisterInfo &MRI = TC.regInfo();
  auto valueOf = [&](const MCOperand &Op, uint64_t &V) {
    if (!Op.isReg() || !Op.getReg()) {
      V = 0;
      return true;
    }
    StringRef Name = MRI.getName(Op.getReg());
    for (int HW = 0; HW < 16; ++HW)
      if (Name == Names[HW]) {
        V = HW == Counter ? Trips : Value + uint64_t(HW) * Step;
        return true;
      }
    return false; // RIP, a vector index, a 32-bit address register
  };
  std::vector<uint64_t> Pages;
  for (size_t I = 0; I < Count; ++I) {
    const MCInst &Inst = K.Instrs[I].Inst;
    if (!maskedAccess(TC, Inst))
      continue;
    ArrayRef<MCOperandInfo> Info =
        TC.instrInfo().get(Inst.getOpcode()).operands();
    for (unsigned Op = 0; Op < Info.size(); ++Op) {
      if (Info[Op].OperandType != MCOI::OPERAND_MEMORY ||
          Op + 4 >= Inst.getNumOperands())
        continue;
      uint64_t Base, Index = 0;
      const MCOperand &Scale = Inst.getOperand(Op + 1);
      const MCOperand &Disp = Inst.getOperand(Op + 3);
      if (!valueOf(Inst.getOperand(Op), Base))
        break;
      if (!valueOf(Inst.getOperand(Op + 2), Index))
        Index = 0; // VSIB: the vector's lanes are data; keep the base
      uint64_t Addr = Base + Index * (Scale.isImm() ? Scale.getImm() : 1) +
                      (Disp.isImm() ? Disp.getImm() : 0);
      uint64_t First = (Addr - std::min(Addr, Window)) & ~uint64_t(4095);
      for (uint64_t P = First; P < Addr + Window; P += 4096)
        Pages.push_back(P);
      break;
    }
  }
  llvm::sort(Pages);
  Pages.erase(std::unique(Pages.begin(), Pages.end()), Pages.end());
  return Pages;
}

} // namespace
} // namespace measure

using namespace measure;

Expected<Measurement> measureKernel(const TargetContext &TC, const Kernel &K,
                                    const MeasureOptions &Opts) {
#if !defined(__x86_64__) || !defined(__linux__)
  return createStringError(inconvertibleErrorCode(),
                           "native measurement needs an x86-64 Linux host");
#else
  PremapPages.clear();
  std::string Refusal = screenForMeasurement(TC, K);
  if (!Refusal.empty())
    return createStringError(inconvertibleErrorCode(),
                             "kernel not measured: %s", Refusal.c_str());
  size_t Count = K.size();
  if (K.Shape == KernelShape::Loop &&
      TC.instrInfo().get(K.Instrs.back().Inst.getOpcode()).isBranch())
    --Count;
  Bytes Block;
  for (size_t I = 0; I < Count; ++I) {
    auto Enc = TC.encode(K.Instrs[I].Inst);
    Block.insert(Block.end(), Enc.begin(), Enc.end());
  }
  bool AVX = __builtin_cpu_supports("avx");
  Measurement M;
  M.Method = "rdtsc (lfence-fenced), converted to core cycles against a "
             "dependent chain of 1-cycle register adds timed the same way; "
             "lower quartile of " + std::to_string(Opts.Repetitions) + " runs";
  Bytes A, B;
  double Span;
  if (Opts.Shape == KernelShape::Loop) {
    // A block already ending in `dec r64; jnz` (BHive's loop form, as
    // utils/evaluate.py builds it) keeps its counter: the harness re-emits
    // exactly that control.
    int Counter = -1;
    if (Count + 1 == K.size() && Count >= 2) {
      const MCInst &Dec = K.Instrs[Count - 1].Inst;
      StringRef Name = TC.instrInfo().getName(Dec.getOpcode());
      // Only a register operand names the counter (`cmp $imm, %rax`'s
      // accumulator form starts with its immediate).
      std::string Reg = Dec.getNumOperands() && Dec.getOperand(0).isReg()
                            ? TC.regName(Dec.getOperand(0).getReg())
                            : "";
      if (Name.starts_with("DEC64r") && Reg.size() >= 2 && Reg[0] == 'r' &&
          isDigit(Reg[1])) {
        unsigned HW = 0;
        if (!StringRef(Reg).drop_front().getAsInteger(10, HW) && HW >= 8 &&
            HW <= 15) {
          Counter = int(HW);
          --Count;
          Block.clear();
          for (size_t I = 0; I < Count; ++I) {
            auto Enc = TC.encode(K.Instrs[I].Inst);
            Block.insert(Block.end(), Enc.begin(), Enc.end());
          }
        }
      }
    }
    if (Counter < 0)
      Counter = pickCounter(TC, K, Count);
    if (Counter < 0)
      return createStringError(inconvertibleErrorCode(),
                               "kernel not measured: it uses every register "
                               "of r8-r15, none is free for the loop counter");
    if (Opts.EntryTrips >= 2) {
      unsigned Large = Opts.EntryTrips, Small = Opts.EntryTrips / 2;
      unsigned Entries =
          Opts.Entries ? Opts.Entries
                       : std::max(1u, (Opts.LoopLarge - std::min(
                                           Opts.LoopSmall, Opts.LoopLarge)) /
                                          (Large - Small));
      VectorResets V;
      V.AVX = AVX;
      V.AVX512 = __builtin_cpu_supports("avx512f");
      V.MaskBits64 = __builtin_cpu_supports("avx512bw");
      V.EveryEntry = Opts.EntryResetsVectors;
      A = wrapCallable(reentered(Block, Counter, Opts.RegisterValue,
                                 Opts.RegisterStep, Large, Entries, V),
                       Opts.RegisterValue, AVX);
      B = wrapCallable(reentered(Block, Counter, Opts.RegisterValue,
                                 Opts.RegisterStep, Small, Entries, V),
                       Opts.RegisterValue, AVX);
      Span = double(Entries) * (Large - Small);
      // Masked accesses get their neighbourhood mapped up front (see
      // maskedAccessPages); 64 KiB either side covers what an entry walks.
      PremapPages = maskedAccessPages(TC, K, Count, Opts.RegisterValue,
                                      Opts.RegisterStep, Counter, Large,
                                      64 * 1024);
      M.EntryTripsLarge = Large;
      M.EntryTripsSmall = Small;
      M.Entries = Entries;
      M.Detail = "loop form, re-entered: block + dec r" +
                 std::to_string(Counter) + "; jnz, " + std::to_string(Large) +
                 " and " + std::to_string(Small) + " iterations per entry, " +
                 std::to_string(Entries) + " entries from the harness' "
                 "register values" +
                 (Opts.RegisterStep
                      ? " (register number r: value + r * 0x" +
                            utohexstr(Opts.RegisterStep, /*LowerCase=*/true) +
                            ")"
                      : std::string()) +
                 ", a physical page per touched page" +
                 (Opts.EntryResetsVectors && AVX
                      ? std::string(", vector registers reset every entry")
                      : std::string());
    } else {
      Bytes Body = counted(Block, Counter);
      A = wrapCallable(Body, Opts.RegisterValue, AVX, Counter, Opts.LoopLarge);
      B = wrapCallable(Body, Opts.RegisterValue, AVX, Counter, Opts.LoopSmall);
      Span = double(Opts.LoopLarge) - Opts.LoopSmall;
      M.Detail = "loop form: block + dec r" + std::to_string(Counter) +
                 "; jnz, " + std::to_string(Opts.LoopLarge) + " and " +
                 std::to_string(Opts.LoopSmall) + " iterations";
    }
  } else {
    // Keep the unrolled code within 24 KB, BHive-style, so it stays in L1i.
    unsigned Large = Opts.UnrollLarge, Small = Opts.UnrollSmall;
    if (Block.size() * Large > 24 * 1024) {
      Large = std::max<unsigned>(4, 24 * 1024 / Block.size());
      Small = Large / 2;
    }
    // Repeat both in an outer counted loop (on a register the block does
    // not touch) so that the difference spans thousands of copies; its
    // dec/jnz is the same in both and cancels.
    int Outer = pickCounter(TC, K, Count);
    unsigned Trips = Outer >= 0 ? Opts.OuterTrips : 1;
    if (Outer >= 0) {
      A = wrapCallable(counted(unrolled(Block, Large), Outer),
                       Opts.RegisterValue, AVX, Outer, Trips);
      B = wrapCallable(counted(unrolled(Block, Small), Outer),
                       Opts.RegisterValue, AVX, Outer, Trips);
    } else {
      A = wrapCallable(unrolled(Block, Large), Opts.RegisterValue, AVX);
      B = wrapCallable(unrolled(Block, Small), Opts.RegisterValue, AVX);
    }
    Span = (double(Large) - Small) * Trips;
    M.Detail = "unrolled form: " + std::to_string(Large) + " and " +
               std::to_string(Small) + " copies" +
               (Outer >= 0 ? ", " + std::to_string(Trips) + " times" : "");
  }
  // Shared physical cores come in phases: the child keeps only repetitions
  // that ran quiet by the canary. If none did (a whole contended phase),
  // wait and measure again, a few times at most; the lowest canary seen in
  // this process is the reference for "quiet".
  static double BestCanary = 0;
  // The expected quiet value steers the search only while it is credible:
  // after many measurements that never came near it (a host model with the
  // wrong ALU count, say), the lowest value seen is the only reference.
  static unsigned NeverNearExpected = 0;
  double QuietValue = NeverNearExpected < 20 ? Opts.QuietCanaryCycles : 0;
  auto noteCanary = [&](const Record &R) {
    if (R.CanaryCycles > 0 && (BestCanary == 0 || R.CanaryCycles < BestCanary))
      BestCanary = R.CanaryCycles;
  };
  auto contended = [&](const Record &R) {
    return R.CanaryCycles > QuietRelative * BestCanary ||
           (QuietValue > 0 && R.CanaryCycles > QuietVsKnown * QuietValue);
  };
  Expected<Record> Rec = runIsolated(A, B, Span, Opts, BestCanary, QuietValue);
  if (Rec)
    noteCanary(*Rec);
  for (unsigned Retry = 0; Rec && Retry < Opts.QuietRetries; ++Retry) {
    if (!contended(*Rec))
      break;
    usleep(50000 * (Retry + 1));
    Expected<Record> Again =
        runIsolated(A, B, Span, Opts, BestCanary, QuietValue);
    if (!Again)
      return Again.takeError();
    noteCanary(*Again);
    if (Again->CanaryCycles < Rec->CanaryCycles)
      Rec = std::move(Again);
  }
  // The longer run must take longer. When it does not, the kernel's speed
  // changed between the two runs (a kernel whose rate depends on where its
  // pages landed: a Zen 4 store/reload pair 4 KiB apart ran at 1.00 or at
  // 3.65 cycles per iteration from one process to the next), and their
  // difference measures nothing: measure again, then give up with an error
  // rather than report 0 cycles.
  for (unsigned Retry = 0;
       Rec && !(Rec->TicksPerIteration > 0) && Retry < UnorderedRunRetries;
       ++Retry)
    Rec = runIsolated(A, B, Span, Opts, BestCanary, QuietValue);
  if (!Rec)
    return Rec.takeError();
  if (!(Rec->TicksPerIteration > 0))
    return createStringError(
        inconvertibleErrorCode(),
        "kernel not measured: the run with more iterations was not slower "
        "than the one with fewer (%u tries); the kernel's speed changed "
        "between runs",
        UnorderedRunRetries + 1);
  if (QuietValue > 0)
    NeverNearExpected =
        BestCanary <= QuietVsKnown * QuietValue ? 0 : NeverNearExpected + 1;
  M.Repetitions = Rec->Repetitions;
  M.QuietRepetitions = Rec->QuietRepetitions;
  M.Contended = Opts.QuietRetries && contended(*Rec);
  M.CanaryCycles = Rec->CanaryCycles;
  M.Detail += "; throughput canary " +
              std::to_string(int(std::lround(M.CanaryCycles * 100))) +
              "/100 cycles per 8 adds" +
              (M.Contended ? " (contended: never quiet)" : "") + ", " +
              std::to_string(M.QuietRepetitions) + " of " +
              std::to_string(M.Repetitions) + " repetitions kept";
  if (!(Rec->TicksPerCycle > 0))
    return createStringError(inconvertibleErrorCode(),
                             "kernel not measured: the calibration chain did "
                             "not time consistently (a very noisy host?)");
  M.TSCPerCycle = Rec->TicksPerCycle;
  M.CyclesPerIteration = Rec->TicksPerIteration / Rec->TicksPerCycle;
  assert(M.CyclesPerIteration > 0 && "checked above");
  M.RelativeSpread = Rec->Spread;
  M.PagesMapped = Rec->Pages;
  return M;
#endif
}

} // namespace luarch
