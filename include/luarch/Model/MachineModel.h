//===- MachineModel.h - Everything a microarchitecture is ------*- C++ -*-===//
//
// One MachineModel per microarchitecture (named by LLVM -mcpu names). Every
// number carries the source it came from (Sourced<T>), so that reports and
// `loop-uarch-report --describe-cpu` can cite it. The descriptions live in
// lib/Model/Descriptions/<Name>.cpp, one file per microarchitecture; no CPU
// fact is written anywhere else.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_MACHINEMODEL_H
#define LUARCH_MODEL_MACHINEMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace luarch {

/// A value together with where it comes from (document, table, measurement).
template <typename T> struct Sourced {
  T Value{};
  const char *Source = "";
  Sourced() = default;
  Sourced(T V, const char *S) : Value(V), Source(S) {}
  operator T() const { return Value; }
};

/// Bit i set = port i of MachineModel::Ports.
using PortMask = uint32_t;
constexpr unsigned MaxPorts = 32;

struct PortDesc {
  /// Port name as uops.info prints it for this vendor ("0".."9", "A", "B" on
  /// Intel; "ALU0", "FP0" ... on AMD).
  std::string Name;
  /// What runs there, for the report legend ("ALU, FMA, divider").
  std::string Units;
};

/// Register classes that matter for load-to-use latency and register files.
enum class RegClass : uint8_t { GPR, Vec, Mask, X87, None };

/// When a micro-fused load+op (or store) is split into two issue slots.
enum class UnlaminationRule : uint8_t {
  /// Never (AMD: a macro-op keeps its memory operand).
  Never,
  /// Any indexed addressing mode unlaminates (Sandy Bridge, Ivy Bridge).
  AnyIndexed,
  /// Indexed addressing unlaminates unless the instruction has at most two
  /// register operands and the destination is also a source (Haswell and
  /// later, Intel optimization manual §2.4.2.x / uiCA paper).
  IndexedUnlessTwoOperandRMW,
};

/// Which first instructions fuse with a following conditional branch.
struct MacroFusionRules {
  /// Mnemonic classes that may fuse (subset of: cmp, test, add, sub, and,
  /// inc, dec, or, xor). Conditions are checked per class below.
  bool Cmp = false, Test = false, Add = false, Sub = false, And = false,
       IncDec = false, OrXor = false;
  /// add/sub/cmp/inc/dec fuse only with these conditions on Intel
  /// (no sign/overflow/parity tests): see Intel optimization manual Table 3-1.
  bool ArithOnlyWithZeroCarrySignedCompares = true;
  /// A memory operand together with an immediate never fuses; a RIP-relative
  /// memory operand never fuses.
  bool NoMemImm = true;
  bool NoRIPRelative = true;
  /// Whether a memory operand may fuse at all.
  bool AllowMemory = true;
  const char *Source = "";
};

/// How the front end delivers uops into the uop queue.
enum class FrontEndKind : uint8_t {
  /// A uop/op cache delivers up to UopCacheWidth fused uops per cycle; a
  /// taken branch ends the cycle's delivery (or the LSD streams the loop).
  UopCacheOnly,
  /// Intel: legacy decode (16-byte predecode, one complex and simple
  /// decoders, microcode sequencer), the decoded-uop cache (DSB) with its
  /// 32-byte windows, and the loop stream detector, chosen per window as
  /// the hardware does (FrontEndStage, FrontEndLayout).
  IntelLegacyDSB,
};

/// Front-end parameters (fused-domain uops unless stated otherwise).
struct FrontEndDesc {
  Sourced<FrontEndKind> Kind{FrontEndKind::UopCacheOnly,
                             "uop cache delivery modelled only"};
  /// Rename/allocate (issue) width: fused uops per cycle into the back end.
  Sourced<unsigned> IssueWidth;
  /// Legacy decode (MITE): bytes fetched/predecoded per cycle.
  Sourced<unsigned> PredecodeBytesPerCycle;
  /// Instructions predecoded per cycle at most.
  Sourced<unsigned> PredecodeInstrsPerCycle;
  /// Number of decoders (1 complex + N-1 simple on Intel).
  Sourced<unsigned> Decoders;
  /// Uops delivered per cycle by the legacy decoders at most.
  Sourced<unsigned> DecodeUopsPerCycle;
  /// Uop cache (DSB / op cache) delivery width in uops per cycle.
  Sourced<unsigned> UopCacheWidth;
  /// Uop cache capacity in uops (0 = none).
  Sourced<unsigned> UopCacheUops;
  /// Loop stream detector active (SKL/CLX have it disabled by microcode).
  Sourced<bool> HasLSD;
  /// The stack engine (push/pop/call/ret move rsp without a uop) inserts a
  /// synchronisation uop before the next instruction that reads rsp
  /// explicitly (add rsp, imm; mov r, [rsp+8]...): one more ALU uop and one
  /// more cycle on the rsp path.
  Sourced<bool> StackSyncUop{
      true, "[IntelOpt] stack pointer tracker (all Intel cores since "
            "Pentium M); [Agner] the same on AMD since K10; measured: push "
            "rbx; sub rsp, 16 repeated takes 2.00 cycles on Cascade Lake "
            "(corpus bhdev-1395) and on Zen 4 (EPYC 9004 host), 1.00 "
            "without the sync"};
  /// NOPs that execute nowhere (uops.info: 0 uops) still take a dispatch
  /// slot, two adjacent NOPs sharing one (NOP fusion). Off: such a NOP is
  /// free (no slot, no retire entry).
  Sourced<bool> NopsDispatchInPairs{false, "NOPs modelled as uops.info "
                                           "measures them"};
  /// A load, or a store's address and data, share one fused-domain slot
  /// with their operation (micro-fusion); LLVM's scheduling model counts
  /// them separately, so its fallback decodings drop one slot each.
  Sourced<bool> MicroFusion{false, "not documented for this core"};
  /// Uop queue (IDQ) entries per thread.
  Sourced<unsigned> UopQueueSize;
  /// Uops from different iterations cannot issue in the same cycle (SNB/IVB
  /// "ceiling effect", Palomares thesis §5.3.2).
  Sourced<bool> IterationBoundaryRule;
  /// Length-changing-prefix stall on the legacy decoders, cycles.
  Sourced<unsigned> LCPPenalty;

  // --- IntelLegacyDSB ------------------------------------------------------
  /// Instruction queue between predecoder and decoders (entries).
  Sourced<unsigned> InstructionQueueSize;
  /// Cycles from predecode to the earliest decode of an instruction.
  Sourced<unsigned> PredecodeToDecodeDelay;
  /// Fused uops the complex decoder emits at most; larger instructions
  /// come from the microcode sequencer.
  Sourced<unsigned> DecoderMaxUops;
  /// A macro-fusible instruction may go to the last decoder (the jcc is
  /// then decoded with it next cycle); if not, decoding stops before it.
  Sourced<bool> MacroFusibleOnLastDecoder;
  /// Single-uop instructions that only the complex decoder decodes, as
  /// uops.info mnemonics ("CDQE", "BSWAP"); a trailing '*' matches any
  /// suffix ("CMOV*": every cmovcc). Empty: the uop count alone decides.
  Sourced<std::vector<std::string>> ComplexDecoderMnemonics{
      {}, "the uop count alone decides"};
  /// Uop-cache windows: bytes per window and uops (slots) per window.
  Sourced<unsigned> DSBWindowBytes;
  Sourced<unsigned> DSBWaysPerWindow;
  Sourced<unsigned> DSBSlotsPerWay;
  /// An instruction with a 32-bit immediate and a memory operand takes two
  /// uop-cache slots per uop, as a 64-bit immediate does.
  Sourced<bool> DSBImm32WithMemoryTwoSlots{false, "not modelled"};
  /// A window whose last instruction is a branch that crosses or ends at
  /// its end (or the first half of a macro-fused pair) is not cached: the
  /// JCC erratum microcode update (Skylake family).
  Sourced<bool> JCCErratum;
  /// A 32-byte window is cached only if the other window of its 64-byte
  /// line is cacheable too.
  Sourced<bool> DSBBothHalvesOfLine;
  /// Microcode sequencer: uops per cycle, and stall cycles when it takes
  /// over from the uop cache or from the legacy decoders.
  Sourced<unsigned> MSUopsPerCycle;
  Sourced<unsigned> DSBToMSStall;
  Sourced<unsigned> MITEToMSStall;
  /// Loop iterations the loop stream detector puts into the uop queue per
  /// refill, by uops per iteration (index); 1 beyond the table.
  Sourced<std::vector<unsigned>> LSDUnrollByUops;
  /// Straight-line code repeated back to back (BHive's unrolled form)
  /// runs from the legacy decoders when its copies exceed the uop cache
  /// (UopCacheUops slots), from the uop cache otherwise.
  Sourced<bool> UnrolledCodeFromLegacyDecode;
  /// Straight-line copies with a length-changing prefix run from the legacy
  /// decoders (and take the LCP stalls) even when they fit the uop cache.
  Sourced<bool> UnrolledLCPFromLegacyDecode{false, "not observed"};
  /// Straight-line copies run from the uop cache only while all of them
  /// together take at most this many of its slots (0: UopCacheUops, the
  /// documented capacity, is the only limit besides the set organisation).
  Sourced<unsigned> UnrolledDSBMaxSlots{0, "not observed"};
  /// The uop cache delivers a cycle's uops from at most two of its ways
  /// (lines of DSBSlotsPerWay entries, laid out per window instruction by
  /// instruction), with the per-way limits uiCA measured: where a way ends
  /// and the next lies in another window, the cycle's remaining slots
  /// depend on how many uops it delivered (and whether it started at a
  /// way's start); after a loop's back edge the cycle goes on into the
  /// next iteration's first way unless that lies in the same window.
  Sourced<bool> DSBWayDelivery{false, "not modelled"};
  /// An instruction whose immediate does not fit 32 bits, or not 16 bits
  /// with a memory operand, takes an extra entry of its uop-cache way: the
  /// cycle that delivers it needs two free slots for it and delivers
  /// nothing after it.
  Sourced<bool> DSBExtraEntryEndsDelivery{false, "not modelled"};
  /// Ways per uop-cache set (0: capacity counted in uops only). The cache
  /// has UopCacheUops / (DSBSlotsPerWay * DSBWaysPerSet) sets, a 32-byte
  /// window maps to set (address / DSBWindowBytes) mod sets and takes whole
  /// ways: straight-line copies fit only if no set needs more ways.
  Sourced<unsigned> DSBWaysPerSet{0, "not modelled"};
};

/// How a uop with several eligible ports gets its port (at issue).
enum class PortBindingRule : uint8_t {
  /// The eligible port with the fewest uops bound to it still waiting,
  /// counting uops issued earlier in the same cycle; ties to the lowest
  /// port (UFS, Palomares thesis §7.4.4.2).
  LeastLoaded,
  /// Intel, as measured by [uiCA §4.3]: from a snapshot, taken when the
  /// cycle's issue group starts, of the uops bound to each port and not
  /// dispatched before the last cycle; ties to the highest-numbered port;
  /// a uop in an odd issue slot takes the second least loaded port unless
  /// that one has 3 or more uops more.
  IssueSnapshotAlternating,
};

/// Back-end (out-of-order engine) sizes.
struct BackEndDesc {
  Sourced<PortBindingRule> PortBinding{PortBindingRule::LeastLoaded,
                                       "[Palomares §7.4.4.2] UFS binding"};
  /// Cycles from issue (allocation) to the earliest dispatch.
  Sourced<unsigned> IssueToDispatchCycles{
      1, "[Palomares §7.2] UFS: dispatch in the cycle after issue"};
  /// A load port with no ready uop of its own dispatches the oldest ready
  /// uop bound to another load port [uiCA §4.3].
  Sourced<bool> LoadPortsShareReadyUops{false, "not modelled for this core"};
  /// The integer ALU ports (IntALUPorts) are fed by one queue each, and the
  /// uops that only ALUs execute (no divide, no serialising path) take the
  /// queues in turn: the ALU uops of a cycle's issue group get the next k
  /// queues of the turn, one each in issue order, except that those
  /// eligible for fewer ALUs (a branch, a shift) choose first, among those k
  /// queues, the eligible one nearest their own place (or, with none among
  /// them, the eligible queue with the fewest uops waiting); the turn moves
  /// on by k.
  /// Off: each uop is bound by PortBinding.
  Sourced<bool> ALUQueuesInTurn{false, "not modelled for this core"};
  /// The renamer allocates nothing in a cycle unless the reorder buffer and
  /// the scheduler both have room for a whole issue group (IssueWidth
  /// uops); off: it allocates whatever fits.
  Sourced<bool> AllocatesWholeIssueGroups{
      false, "not modelled: allocation takes what fits"};
  /// A direct unconditional jmp (no condition, no call, no return, target
  /// in the instruction) takes an issue slot and retires but executes on
  /// no port: the branch predictor has resolved it. Off: its uop takes the
  /// branch ports as its data says.
  Sourced<bool> DirectJumpsNeedNoPort{
      false, "not modelled: a jmp's uop takes a branch port"};
  Sourced<unsigned> RetireWidth;  ///< fused uops retired per cycle
  Sourced<unsigned> ROBSize;      ///< reorder buffer entries
  Sourced<unsigned> SchedulerSize;///< unified RS entries (AMD: sum of queues)
  /// A separate scheduler of this many entries for the uops whose ports
  /// are all in VecSchedulerPorts (AMD's FP/vector side); they take an
  /// entry of SchedulerSize too (0: not modelled, one pool).
  Sourced<unsigned> VecSchedulerSize{0, "not modelled: one pool"};
  PortMask VecSchedulerPorts = 0;
  Sourced<unsigned> LoadBufferSize;
  Sourced<unsigned> StoreBufferSize;
  Sourced<unsigned> IntPRFSize;   ///< speculative integer registers
  Sourced<unsigned> VecPRFSize;   ///< speculative vector registers
  /// A micro-fused uop takes one ROB entry (IVB and later) or two (SNB).
  Sourced<bool> ROBMicroFusion;
};

/// Load/store unit.
struct MemoryDesc {
  /// Load-to-use latency (L1 hit) for a load feeding an integer consumer,
  /// simple addressing (base + disp < 2048).
  Sourced<unsigned> LoadLatencyGPR;
  /// Same with complex addressing (index register or large displacement).
  Sourced<unsigned> LoadLatencyGPRComplex;
  /// Cycles a load through an fs/gs segment override (a non-zero segment
  /// base, thread-local storage) takes beyond LoadLatencyGPRComplex: the
  /// base is added in address generation, so no simple-address fast path
  /// (0: such a load is timed as any other).
  Sourced<unsigned> SegmentBaseLoadCycles{
      0, "not modelled: a segment override costs nothing"};
  /// LoadLatencyGPR holds only when the base register comes from a load (a
  /// pointer chase; through eliminated moves): a simple-address load whose
  /// base another instruction of the loop computes takes
  /// LoadLatencyGPRComplex. A base the loop does not write, rsp (unless
  /// FastLoadRSPNeedsLoadedBase), and the value forwarded from a store keep
  /// the short latency.
  Sourced<bool> FastLoadNeedsLoadedBase{
      false, "not modelled: every simple-address load takes LoadLatencyGPR"};
  /// FastLoadNeedsLoadedBase for rsp too (only with it): a pop's load and
  /// an [rsp + d] load take their base from the closest explicit writer of
  /// rsp (add/sub/lea rsp, mov rsp, r/m) or stack-sync uop before them, as
  /// the stack engine's push/pop/call/ret offsets are displacements, not
  /// writes; from an ALU instruction or a sync uop the load takes
  /// LoadLatencyGPRComplex. Off: rsp-based loads keep LoadLatencyGPR.
  Sourced<bool> FastLoadRSPNeedsLoadedBase{
      false, "not modelled: rsp-based loads keep LoadLatencyGPR"};
  /// The extra cycle of a complex-address GPR load (LoadLatencyGPRComplex
  /// over LoadLatencyGPR: an index, a negative or large displacement) lies
  /// on its address path, as FastLoadNeedsLoadedBase's does: the load's
  /// address registers wait for it, a value forwarded from a store does
  /// not (it reaches the load after StoreForwardLatency).
  Sourced<bool> ForwardedLoadSkipsComplexAddress{
      false, "not modelled: a forwarded value reaches a complex-address "
             "load no sooner than LoadLatencyGPRComplex"};
  /// Load-to-use latency for vector registers.
  Sourced<unsigned> LoadLatencyVec;
  /// Store-to-load forwarding latency (store data ready → load result).
  Sourced<unsigned> StoreForwardLatency;
  /// Cycles from a store's address registers to its store-address uop's
  /// result, the address known to later loads (the decoder gives the uop
  /// this latency; the simulator and the dependency graph time it).
  Sourced<unsigned> StoreAddressLatency;
  /// Cycles from a store's data input to its store-data uop's completion
  /// (the decoder gives the uop this latency). What reads it in the
  /// simulator: the store instruction is done, hence may retire, when its
  /// last uop completes, and a load that cannot forward waits for the
  /// store's retirement (StoreForwardBlockLatency, ...AfterRetire), so
  /// blocked-forwarding chains run through it; a store instruction that
  /// writes a register through no compute or load uop exposes it after
  /// its last uop (UopDecoder). Forwarding does not read it: a forwarded
  /// load counts StoreForwardLatency from the store-data uop's dispatch,
  /// and StoreForwardBlockAfterRetire's floor counts from the dispatch
  /// too; the dependency graph gives a store's data no latency.
  Sourced<unsigned> StoreDataLatency;
  /// A load that overlaps an in-flight store only partly cannot forward:
  /// cycles from the store to the load's result.
  Sourced<unsigned> StoreForwardBlockLatency;
  /// With a value: the blocked load's result comes this many cycles after
  /// the store retires, and no sooner than StoreForwardBlockLatency after
  /// the data and address uops of the store and of every older store
  /// (stores commit in order); 0: StoreForwardBlockLatency alone, counted
  /// from the store's retirement (less a cycle).
  Sourced<unsigned> StoreForwardBlockAfterRetire{
      0, "not modelled: the blocked wait counts from the store's "
         "retirement alone"};
  /// Memory renaming ("mirroring memory operands"): a 32- or 64-bit load
  /// into a general register, or the load of a read-modify-write, from the
  /// start address of an earlier 32/64-bit store of a general register gets
  /// the stored value at rename, with no latency (AMD Zen 2, Zen 4).
  Sourced<bool> MemoryRenaming{
      false, "not documented or measured for this core; not modelled"};
  /// The load of an integer divide with a memory operand (div/idiv m)
  /// does not run ahead of older stores: it waits until every older
  /// store's address is known (other loads speculate past them).
  Sourced<bool> DivideLoadWaitsForStoreAddresses{
      false, "not measured for this core: it speculates as other loads"};
  /// With MemoryRenaming: a renamed load whose address is known only
  /// after its store has left the store queue (committed) cannot be
  /// checked against it and takes its value from the cache, a load-to-use
  /// latency after its address, as a load that is not renamed.
  Sourced<bool> RenamedLoadAfterCommitReadsCache{
      false, "not measured for this core: a renamed load keeps the value it "
             "got at rename"};
  /// With MemoryRenaming: the implicit 8-byte stack accesses of push and
  /// pop are renamed too (a pop, or a load, of what a push, or a store,
  /// wrote gets the value at rename).
  Sourced<bool> StackAccessRenaming{
      false, "not documented or measured for this core; not modelled"};
  /// Memory renaming names an rsp-based access by rsp's value as the
  /// stack engine follows it (push, pop, add/sub rsp with an immediate):
  /// in straight-line code an rsp-based store and a later rsp-based load
  /// of the same address rename although rsp moved between them and their
  /// displacements differ (other base registers must stay unchanged).
  Sourced<bool> StackOffsetRenaming{
      false, "not described: straight-line renaming needs the same address "
             "expression"};
  /// "4K aliasing": a load whose address equals an older in-flight store's
  /// in bits 11:0 only (the addresses differ by a multiple of 4 KiB) is
  /// held as if it depended on the store and re-issued later. Not
  /// simulated; the advice rules warn about such load/store pairs.
  Sourced<bool> FourKAliasing{
      false, "not documented or measured for this core; not modelled"};
  /// Under the harness context (addresses known, every page mapped onto a
  /// few shared physical pages): a load whose bytes meet an older store's
  /// in address bits 11:0 while the linear addresses differ waits for the
  /// store's retirement and commit, as a forwarding block does
  /// (StoreForwardBlockLatency), instead of being reordered past it.
  Sourced<bool> FourKAliasedLoadWaitsForStore{
      false, "not documented or measured for this core; not modelled"};
  /// Loads and stores per cycle.
  Sourced<unsigned> LoadsPerCycle;
  Sourced<unsigned> StoresPerCycle;
  /// The load pipes that take loads into vector registers, when only some
  /// of them do (0: every load port). A load into a vector register whose
  /// uops.info row lists no execution pipe is then a load uop only.
  Sourced<PortMask> VectorLoadPorts{0, "every load port takes vector loads"};
  /// Bits a load pipe delivers per pass: a wider vector load takes several
  /// load slots (0: any width in one).
  Sourced<unsigned> VectorLoadBits{0, "any width in one load slot"};
  /// Whether a store under an AVX-512 write mask forwards its data to a
  /// later load it contains; if not, the load waits as for a partial
  /// overlap (StoreForwardBlockLatency).
  Sourced<bool> MaskedStoreForwards{
      true, "not measured for this core: modelled as forwarding"};
  /// Straight-line code: a load that reads what an older store wrote,
  /// where the store's address register was last written by a load, runs
  /// ahead of the store's address and is caught only after it delivered
  /// its value (a memory-ordering flush): the reloaded value comes this
  /// many cycles after the store's address uop (0: not modelled, the load
  /// forwards as usual).
  Sourced<unsigned> LoadedStoreAddressFlush{
      0, "not measured for this core: modelled as forwarding"};
  /// Straight-line code and loops, where LoadedStoreAddressFlush does not
  /// apply: a load that reads what an older store wrote, where the store's
  /// address register was last written by a load (and the load's own were
  /// not), gets its value no sooner than this many cycles after the
  /// store-address uop (and as usual after the store's data; 0: not
  /// modelled).
  Sourced<unsigned> LoadedStoreAddressForward{
      0, "not measured for this core: modelled as forwarding"};
  /// Bits of store data one store-data slot commits: a wider store takes
  /// several store-data slots (0: any width in one).
  Sourced<unsigned> StoreDataBits{0, "any width in one store-data slot"};
  /// Two stores commit in one cycle only when the second one writes the
  /// same aligned chunk of this many bytes as the store before it: the
  /// first store-data uop of any other store takes the first store-data
  /// port only (addresses compared as register values plus constants; 0:
  /// any two stores).
  Sourced<unsigned> StoreCommitPairBytes{
      0, "not measured for this core: every store-data port commits any "
         "store"};
  /// The L1 data cache finds a line by the linear address it was filled
  /// under (AMD's utag): the same physical line accessed under another
  /// linear address misses and fills from L2. The measurement harness (as
  /// BHive's) maps its fresh pages onto a few physical pages, so under
  /// --harness-context every line a moving stream enters is such a miss:
  /// 64 bytes at L2's LoadBytesPerCycle through LineFillPorts (0: not
  /// modelled).
  Sourced<PortMask> LineFillPorts{
      0, "not modelled: a line the harness aliases hits in L1"};
  /// Cycles a load's result comes later when its 4 KiB page misses the L1
  /// DTLB and hits the second-level TLB. Applied where addresses are known
  /// (the harness context): a load whose page no access of the previous
  /// iterations touched (an address walk that moves by 4 KiB or more per
  /// iteration; the harness aliases the pages, so the data still hits L1)
  /// waits this long on average (0: not modelled).
  Sourced<unsigned> STLBHitLoadCycles{
      0, "not modelled: a load that enters a new page costs nothing more"};
  /// Under --harness-context, with LineFillPorts: each access (load,
  /// store, push, pop) to a 4 KiB page outside the first TLB level's reach
  /// (not among its Entries4K pages used most recently before the
  /// iteration: a stream moving by a large stride) holds the line-fill
  /// path this many cycles more, on top of the new line's fill (0: not
  /// modelled).
  Sourced<unsigned> NewPageAccessFillCycles{
      0, "not modelled: an access to a new page costs no fill cycles"};
  /// With STLBHitLoadCycles, under the harness context: a 4 KiB page that
  /// two or more loads of an iteration enter first (a stack walking through
  /// its pages) also holds every load port for STLBHitLoadCycles; a page
  /// that one load enters alone costs its latency only.
  Sourced<bool> STLBHitHoldsLoadPorts{
      false, "not modelled: a new page costs latency only"};
  /// With STLBHitLoadCycles, under the harness context: a 4 KiB page that
  /// a store of an iteration touches and no access of the iterations
  /// before did (a stack of pushes walking through its pages) holds every
  /// store-data port for STLBHitLoadCycles, at most one cycle per
  /// iteration for each store whose page changes.
  Sourced<bool> STLBHitHoldsStorePorts{
      false, "not modelled: a store to a new page costs nothing more"};
  /// Under --harness-context: a store whose bytes cross a 64-byte line
  /// writes two lines, and its store-data uop holds its port this many
  /// cycles in the iterations where it splits (1: once, as any store).
  Sourced<unsigned> SplitLineStoreDataCycles{
      1, "not modelled: a store that splits a line commits as one"};
  /// Under --harness-context, where LineFillPorts' aliasing applies: a
  /// load through rsp (pop, [rsp+d]) whose address moves from one
  /// iteration to the next (a stack walking through aliased lines) takes
  /// its load pipe this many times (1: once, as any load).
  Sourced<unsigned> MovingStackLoadPasses{
      1, "not modelled: a moving stack's loads pass the pipe once"};
  /// A locked read-modify-write holds the memory pipeline for at least
  /// this many cycles, one locked instruction at a time, and one that
  /// reads what an older locked instruction wrote waits for it through
  /// that occupancy, not through store-to-load forwarding (0: not
  /// described; locked instructions are timed from uops.info's rows like
  /// any other).
  Sourced<unsigned> LockedRMWCycles{
      0, "not described: uops.info's figures and store forwarding"};
  /// A load that overlaps a locked read-modify-write's store only partly
  /// waits this many cycles from the store to its result, instead of
  /// StoreForwardBlockLatency (0: not described; as any store).
  Sourced<unsigned> LockedStoreForwardBlockLatency{
      0, "not described: a locked store blocks forwarding as any store"};

  /// The blocked-forwarding wait of a load that overlaps a store only
  /// partly (LockedStoreForwardBlockLatency when the store is locked and
  /// that is described).
  unsigned forwardBlockLatency(bool LockedStore) const {
    return LockedStore && LockedStoreForwardBlockLatency
               ? unsigned(LockedStoreForwardBlockLatency)
               : unsigned(StoreForwardBlockLatency);
  }

  /// A locked read-modify-write (lock prefix, or xchg with memory) whose
  /// iteration has an older plain store waits, like a load whose
  /// forwarding is blocked (StoreForwardBlockLatency), for the stores to
  /// commit before it reads, instead of forwarding from them.
  Sourced<bool> LockedWaitsForStoreCommit{
      false, "not described: a locked RMW forwards like any load"};
  /// A load younger than a locked read-modify-write (lock prefix, or xchg
  /// with memory) waits for the lock's store to commit, like a load whose
  /// forwarding is blocked (StoreForwardBlockLatency after the lock
  /// retires), instead of running ahead of it.
  Sourced<bool> LoadsWaitForLockedRMW{
      false, "not described: later loads run ahead of a locked RMW"};
};

/// One level of the data memory hierarchy as one core sees it: a cache
/// (L1d, L2, L3) or DRAM, the last level (unbounded). Bandwidths are what
/// one core sustains streaming data that lives in the level (with the
/// hardware prefetchers on), in bytes per core cycle; the probe in
/// lib/Measure (`loop-uarch-report --describe-cpu --measure`) measures the
/// same quantities on the host.
struct MemoryLevelDesc {
  std::string Name; ///< "L1d", "L2", "L3", "DRAM"
  /// Capacity of one instance in KiB (0 = unbounded: DRAM).
  Sourced<unsigned> SizeKiB;
  Sourced<unsigned> LineBytes;
  Sourced<unsigned> Ways; ///< associativity (0 = not a cache)
  /// Cores sharing one instance.
  Sourced<unsigned> SharedByCores;
  /// Of a shared level, the capacity one core can count on while the
  /// cores (or other tenants) sharing it are busy, in KiB; 0 = the whole
  /// size (idle neighbours, or not measured).
  Sourced<unsigned> UsableKiB{0, "the whole size (not measured on a busy "
                                 "host)"};
  /// Holds a copy of what the levels above it hold. A non-inclusive or
  /// victim level adds its capacity to theirs.
  Sourced<bool> Inclusive;
  /// Load-to-use latency of a load served from this level, cycles.
  Sourced<double> LatencyCycles;
  /// Load-only stream: bytes loaded per cycle.
  Sourced<double> LoadBytesPerCycle;
  /// Store-only stream: bytes stored per cycle (the lines are read for
  /// ownership, write-allocate, and written back).
  Sourced<double> StoreBytesPerCycle;
  /// Copy stream: bytes loaded plus bytes stored per cycle (STREAM's way
  /// of counting).
  Sourced<double> CopyBytesPerCycle;
  /// Misses this level keeps in flight towards the next one (L1 fill
  /// buffers or miss address buffers, L2 miss status registers); 0 for
  /// DRAM.
  Sourced<unsigned> MissBuffers;
};

/// One level of data address translation.
struct TLBLevelDesc {
  std::string Name; ///< "L1 DTLB", "L2 TLB"
  Sourced<unsigned> Entries4K, Entries2M, Entries1G;
  /// A cyclic walk touching a new 4 KiB page per access keeps every
  /// translation up to CyclicHitPages4K pages and none from
  /// CyclicMissPages4K on; the share of new pages that walk rises linearly
  /// between (0: the 4 KiB entries, a step there).
  Sourced<unsigned> CyclicHitPages4K{0, "not measured: the 4 KiB entries"};
  Sourced<unsigned> CyclicMissPages4K{0, "not measured: the 4 KiB entries"};
  /// The share of a cyclic walk's new pages over \p Pages pages that miss.
  double missShare(double Pages) const {
    double Lo = CyclicHitPages4K ? CyclicHitPages4K : Entries4K,
           Hi = CyclicMissPages4K ? CyclicMissPages4K : Entries4K;
    if (Pages <= Lo)
      return 0;
    if (Pages >= Hi || Hi <= Lo)
      return 1;
    return (Pages - Lo) / (Hi - Lo);
  }
};

/// Caches, DRAM and address translation, for predictions beyond L1.
struct MemoryHierarchyDesc {
  /// L1d first, DRAM last.
  std::vector<MemoryLevelDesc> Levels;
  /// L1 DTLB first.
  std::vector<TLBLevelDesc> TLBs;
  /// Cycles of one page walk whose page-table entries hit in the caches.
  Sourced<double> PageWalkCycles;
  /// Page walks in flight at once.
  Sourced<unsigned> PageWalkers;
  /// Non-temporal stores (movnt*) write whole lines to DRAM without
  /// reading them first (no write-allocate).
  Sourced<bool> NonTemporalStores;
  /// Non-temporal store stream to DRAM: bytes stored per cycle.
  Sourced<double> NTStoreBytesPerCycle;
  /// The hardware prefetchers follow constant strides up to this many
  /// bytes (they do not cross 4 KiB pages); larger strides, and addresses
  /// that come from loaded values, pay each level's latency.
  Sourced<unsigned> PrefetchStrideBytes;
  /// A loop whose data streams from DRAM overlaps its in-core work and the
  /// lines the caches beyond L1 serve it (a stencil's re-read rows) with
  /// the DRAM transfers while at most this many of its loads are served
  /// by those caches; with more, the two add (the ECM sum, not Cape's
  /// max). The default: always overlapped.
  Sourced<unsigned> DRAMOverlapsCacheLoads{
      std::numeric_limits<unsigned>::max(), "not measured: overlapped"};
  /// The L1 serves a load or store in pieces of at most this many bytes
  /// (a wider access in several); a piece that splits a line takes a
  /// second access of its size, which the L1 bandwidth node charges.
  /// 0: the whole access is one piece.
  Sourced<unsigned> L1AccessBytes{
      0, "not measured: an access splits as a whole"};

  /// The level named \p Name, or null.
  const MemoryLevelDesc *level(llvm::StringRef Name) const;
  /// The first level's line size in bytes, a power of two: the unit the
  /// cache-line rules count in (a model without a described hierarchy, a
  /// unit test's, takes the 64 bytes every description gives).
  unsigned l1LineBytes() const;
  MemoryLevelDesc *level(llvm::StringRef Name);
};

/// Which register-to-register moves are eliminated at rename.
struct MoveEliminationDesc {
  Sourced<bool> GPR;     ///< mov r32/r64, r32/r64
  Sourced<bool> Vector;  ///< (v)movaps/movapd/movdqa/movups/... reg, reg
  /// With GPR: a mov r32/r64 or movzx r32/r64, r8 whose source is part of
  /// its destination (mov eax, eax; movzx eax, al) is not eliminated: one
  /// ALU uop (IntALUPorts), latency 1.
  Sourced<bool> SameRegisterExecutes;
  /// With GPR: movzx r32/r64 from spl/bpl/sil/dil (encoded as ah/ch/dh/bh
  /// are, with a REX prefix) is not eliminated: one ALU uop, latency 1.
  Sourced<bool> MovzxHigh8AliasExecutes;
  /// Elimination slots ([uiCA] §4.1.4): a physical register that an
  /// eliminated move leaves shared by several architectural registers
  /// holds one slot of its class (GPR, vector) until they are overwritten.
  /// A move renamed in cycle c is eliminated only while
  ///   slots - (moves of its class eliminated in cycles c-P+1 .. c)
  ///         - (shared registers holding a slot at the end of cycle c-P) > 0
  /// (P = SlotPipelineCycles); otherwise it executes: one uop, latency 1,
  /// on IntALUPorts (GPR) or VectorMovePorts. 0 slots: no limit.
  Sourced<unsigned> GPRSlots{0, "not modelled: every move is eliminated"};
  Sourced<unsigned> VectorSlots{0, "not modelled: every move is eliminated"};
  Sourced<unsigned> SlotPipelineCycles{1, "not modelled"};
  /// A GPR slot is held until every register sharing it is overwritten;
  /// otherwise a cycle in which no GPR move is eliminated also frees the
  /// GPR slots with one register left.
  Sourced<bool> GPRSlotHeldUntilAllOverwritten{true, "not modelled"};
  /// The same for the vector slots and vector moves.
  Sourced<bool> VectorSlotHeldUntilAllOverwritten{true, "not modelled"};
  /// Ports of a vector register move that executes (elimination failed).
  Sourced<PortMask> VectorMovePorts{0, "not modelled"};
};

/// Dependency-breaking idioms.
struct IdiomDesc {
  /// xor/sub r,r; (v)pxor/xorps/xorpd/pandn/psub*/pcmpgt* x,x,x... : result
  /// is zero and independent of the input.
  Sourced<bool> ZeroIdioms;
  /// Zero idioms are executed at rename, without an execution port.
  Sourced<bool> ZeroIdiomsNeedNoPort;
  /// (v)pcmpeq* x,x: result is all ones, independent of the input (still
  /// executes on a port).
  Sourced<bool> OnesIdioms;
  /// sbb r, r (same register): the result (0 or -1) depends on the carry
  /// flag only, not on the register.
  Sourced<bool> SbbSameRegCarryOnly{
      false, "not documented or measured for this core; not modelled"};
};

/// Latencies that the instruction data misstate for this core, measured.
struct LatencyRulesDesc {
  /// Shifts and rotates by CL (shl/shr/sar/rol/ror r, cl) take this many
  /// cycles on every path (the shifted register, the count, the flags);
  /// 0: the instruction data's latency.
  Sourced<unsigned> ShiftRotateByCL{0, "the instruction data's latency"};
  /// A base + index + displacement LEA that the instruction data split
  /// into two ALU ops takes this many cycles from its base register and
  /// one from its index (the first op adds the base, the second the
  /// index); 0: one latency, the data's minimum, for both.
  Sourced<unsigned> ThreeComponentLEABase{
      0, "one latency for both address registers (the data's minimum)"};
  /// Bit test and modify (bts/btr/btc r, r or r, imm) take this many
  /// cycles on every path (the destination, the bit index, the carry);
  /// 0: the instruction data's latency.
  Sourced<unsigned> BitTestModify{0, "the instruction data's latency"};
};

/// The non-pipelined divider.
struct DividerDesc {
  /// Port the divider sits behind.
  unsigned Port = 0;
  const char *Source = "";
  /// Once a 512-bit FP divide or square root runs, every FP divide and
  /// square root occupies the divider as long as its 512-bit form does
  /// (the divider stays in that mode for hundreds of cycles): in a kernel
  /// with a 512-bit one, the narrower ones take their zmm form's time.
  Sourced<bool> Sticky512BitMode{false, "not modelled"};
};

struct MachineModel {
  /// LLVM -mcpu name (the model's identity), e.g. "skylake".
  std::string Name;
  /// Other -mcpu names that use this description, e.g. "skx".
  std::vector<std::string> Aliases;
  std::string Vendor;      ///< "Intel" or "AMD"
  std::string Description; ///< "Skylake (client), 6th gen. Core"
  /// Base name of the generated uops.info table (lib/Model/Tables), or empty.
  std::string UopsInfoTable;

  std::vector<PortDesc> Ports;
  const char *PortsSource = "";
  /// Ports that execute loads / store-address / store-data uops.
  PortMask LoadPorts = 0, StoreAddressPorts = 0, StoreDataPorts = 0;
  /// Ports of simple integer ALU uops (used for fallback port assignment).
  PortMask IntALUPorts = 0;
  /// Ports of branch uops.
  PortMask BranchPorts = 0;
  /// Store-address ports that compute only base + displacement addresses:
  /// an indexed store's address uop uses the other store-address ports.
  Sourced<PortMask> SimpleAddressOnlyPorts{0, "none on this core"};
  /// The instruction data (uops.info's rows, LLVM's scheduling model) leave
  /// a memory operand's address uops out: the decoder adds one per load (on
  /// the load ports) and per store (on the store-address ports), and moves
  /// address-port-only operations of instructions that access no memory
  /// (LEA) to the integer ALUs.
  Sourced<bool> AddressUopsImplied{false,
                                   "the instruction data lists them"};

  FrontEndDesc FrontEnd;
  BackEndDesc BackEnd;
  MemoryDesc Memory;
  MacroFusionRules MacroFusion;
  Sourced<UnlaminationRule> Unlamination;
  MoveEliminationDesc MoveElimination;
  IdiomDesc Idioms;
  /// cmov/setcc on a register whose condition reads both the carry flag
  /// and the zero flag (be/a: CF and ZF are renamed as separate groups) are
  /// two uops: the first merges the two flag groups, the second is the
  /// operation on the data and the merged flags. The flags reach the result
  /// in 2 cycles, the data sources in 1 (uops.info's "[1;2]"). Applied to
  /// the variants whose uops.info row is 2 uops with latency [1;2].
  Sourced<bool> FlagMergeUop{false, "not modelled: one latency per "
                                    "instruction"};
  /// Shifts and rotates of a register by CL (shl/shr/sar/rol/ror r, cl) are
  /// several uops: the first computes the result in one cycle, the others
  /// only produce the flags (which a zero count leaves unchanged: they
  /// wait for the old flags) and do not delay the result. Applied to the
  /// variants whose uops.info row is 2 or more uops with latency [0;2]
  /// (three on Haswell to Skylake, two on Ice Lake and later).
  Sourced<bool> ShiftByCLFlagUops{false, "not modelled: the result waits "
                                         "for every uop"};
  /// With ShiftByCLFlagUops: the flag uops of a shift or rotate by CL, and
  /// the two flag uops of a register SHLD/SHRD by CL, merge the new flags
  /// with the old ones (which a zero count leaves unchanged), so the
  /// instruction reads the old flags and its flags come this many cycles
  /// after them, and after its register inputs, with its last uop; its
  /// register result keeps its own latency and does not wait for the old
  /// flags. 0: not modelled (no flag input; the flags come with the
  /// result).
  Sourced<unsigned> ShiftByCLFlagsCycles{
      0, "not modelled: the flags come with the result, without the old "
         "flags"};
  /// A locked read-modify-write (lock add, lock xadd, lock cmpxchg) whose
  /// uops.info latency through memory is only an upper bound ("<=29")
  /// takes its measured throughput for the round trip to the next one on
  /// the same address (store forwarding plus its operation): uops.info's
  /// throughput runs it back to back on one address.
  Sourced<bool> LockedRoundTripAtThroughput{
      false, "not modelled: uops.info's latency bound"};
  LatencyRulesDesc Latencies;
  DividerDesc Divider;
  MemoryHierarchyDesc MemoryHierarchy;

  /// A pipe held for several cycles by one operation shows in uops.info as
  /// a measured reciprocal throughput k times what the instruction's ports
  /// allow (Zen 4: 512-bit operations pass twice through 256-bit pipes;
  /// its two FP store/transfer pipes pass one operation per cycle). When
  /// set, such an instruction's uops (k = 2..4, not divider or serialising
  /// ones) occupy their pipes k times (k - 1 more uops on the same ports,
  /// without latency or issue slots of their own).
  Sourced<bool> PipeOccupancyFromMeasuredThroughput{
      false, "not modelled: one cycle per uop on its port"};

  /// Instructions of at least this many macro-ops come from the microcode
  /// sequencer, one sequence at a time: uops.info's measured reciprocal
  /// throughput is their occupancy of it (the serialising path), whatever
  /// their ports allow (0: not modelled; locked and other slow instructions
  /// are serialising anyway when uops.info measured them at twice their
  /// port bound or more).
  Sourced<unsigned> MicrocodeSequencerOps{0, "not modelled"};

  /// Under the harness context, where the x87 register stack is empty at
  /// the block's entry (x87 registers the block reads without loading them
  /// from memory or a constant hold the QNaN indefinite that a masked stack
  /// underflow writes, and what is computed from them stays NaN): each x87
  /// arithmetic or compare instruction takes a microcode assist for its NaN
  /// input, this many cycles on the core's serialising path and on its
  /// result (0: not modelled; x87 arithmetic on NaN costs its usual
  /// latency). Applied by applyX87NaNInputAssists (X87Rules.h) only where
  /// no instruction of the kernel loads an x87 value or touches MMX state.
  Sourced<unsigned> X87NaNInputAssistCycles{
      0, "not modelled: x87 arithmetic on NaN costs its usual latency"};

  /// Prefix mapping LLVM scheduling-model resource names to our ports, for
  /// instructions whose uops.info row has no port data (AMD integer ops).
  /// Each entry: LLVM ProcResource name → port mask.
  std::vector<std::pair<std::string, PortMask>> LLVMResourcePorts;

  //--- Queries -------------------------------------------------------------
  unsigned numPorts() const { return Ports.size(); }
  /// Port index by name, or -1.
  int portIndex(llvm::StringRef Name) const;
  /// "p0156"-style name of a port set (Intel) or "ALU0|ALU1" (AMD).
  std::string portSetName(PortMask Mask) const;
  /// Parses a port-set name as uops.info writes it ("p0156", "p23A",
  /// "FP0123"); returns 0 if it names an unknown port.
  PortMask parsePortSet(llvm::StringRef Name) const;
};

/// All built-in models, in a stable order.
llvm::ArrayRef<const MachineModel *> allMachineModels();

/// The model for an LLVM -mcpu name (or alias). "native" (or "") resolves
/// to the host, falling back to the nearest described core for hosts
/// without a model of their own; \p Note then says what was chosen. The
/// error lists the supported names.
llvm::Expected<const MachineModel &>
getMachineModel(llvm::StringRef CPU, std::string *Note = nullptr);

/// How well a described core stands in for an LLVM -mcpu name without a
/// model of its own.
enum class CPUMatch : uint8_t {
  Spelling, ///< the same core under another LLVM spelling
  ISALevel, ///< an ISA level or generic tuning, not a core
  Close,    ///< a derivative or direct successor of the described core
  Distant,  ///< a different design: expect large errors
  NoModel,  ///< nothing stands in (32-bit-only CPUs)
};
llvm::StringRef cpuMatchName(CPUMatch M);

/// One row of the table mapping every x86 -mcpu name LLVM knows (beyond
/// the described cores and their aliases) to the nearest described core
/// (lib/Model/CPUNameMap.cpp).
struct CPUNameMapping {
  const char *Name;   ///< LLVM -mcpu name
  const char *Model;  ///< the described core standing in; null for NoModel
  CPUMatch Match;
  const char *Reason; ///< why this core, with its source
};
llvm::ArrayRef<CPUNameMapping> cpuNameMappings();
/// The row for \p Name, or null.
const CPUNameMapping *findCPUNameMapping(llvm::StringRef Name);

/// Like getMachineModel, and every other x86 -mcpu name LLVM knows maps to
/// the nearest described core (cpuNameMappings); \p Note then says which
/// and how close. Used by loop-uarch-report; names with no stand-in
/// (32-bit-only CPUs) are an error giving the reason.
llvm::Expected<const MachineModel &>
getNearestMachineModel(llvm::StringRef CPU, std::string *Note = nullptr);

/// Renders every parameter with its source (for --describe-cpu and docs).
std::string describeMachineModel(const MachineModel &M);

} // namespace luarch

#endif
