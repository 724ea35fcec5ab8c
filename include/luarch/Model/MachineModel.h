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

/// Front-end parameters (fused-domain uops unless stated otherwise).
struct FrontEndDesc {
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
  /// Uop queue (IDQ) entries per thread.
  Sourced<unsigned> UopQueueSize;
  /// Uops from different iterations cannot issue in the same cycle (SNB/IVB
  /// "ceiling effect", Palomares thesis §5.3.2).
  Sourced<bool> IterationBoundaryRule;
  /// Length-changing-prefix stall on the legacy decoders, cycles.
  Sourced<unsigned> LCPPenalty;
};

/// Back-end (out-of-order engine) sizes.
struct BackEndDesc {
  Sourced<unsigned> RetireWidth;  ///< fused uops retired per cycle
  Sourced<unsigned> ROBSize;      ///< reorder buffer entries
  Sourced<unsigned> SchedulerSize;///< unified RS entries (AMD: sum of queues)
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
  /// Load-to-use latency for vector registers.
  Sourced<unsigned> LoadLatencyVec;
  /// Store-to-load forwarding latency (store data ready → load result).
  Sourced<unsigned> StoreForwardLatency;
  /// A load that overlaps an in-flight store only partly cannot forward:
  /// cycles from the store to the load's result.
  Sourced<unsigned> StoreForwardBlockLatency;
  /// Memory renaming ("mirroring memory operands"): a 32- or 64-bit load
  /// into a general register, or the load of a read-modify-write, from the
  /// start address of an earlier 32/64-bit store of a general register gets
  /// the stored value at rename, with no latency (AMD Zen 2, Zen 4).
  Sourced<bool> MemoryRenaming{
      false, "not documented or measured for this core; not modelled"};
  /// Loads and stores per cycle.
  Sourced<unsigned> LoadsPerCycle;
  Sourced<unsigned> StoresPerCycle;
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

  /// The level named \p Name, or null.
  const MemoryLevelDesc *level(llvm::StringRef Name) const;
  MemoryLevelDesc *level(llvm::StringRef Name);
};

/// Which register-to-register moves are eliminated at rename.
struct MoveEliminationDesc {
  Sourced<bool> GPR;     ///< mov r32/r64, r32/r64
  Sourced<bool> Vector;  ///< (v)movaps/movapd/movdqa/movups/... reg, reg
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

/// The non-pipelined divider.
struct DividerDesc {
  /// Port the divider sits behind.
  unsigned Port = 0;
  const char *Source = "";
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

  FrontEndDesc FrontEnd;
  BackEndDesc BackEnd;
  MemoryDesc Memory;
  MacroFusionRules MacroFusion;
  Sourced<UnlaminationRule> Unlamination;
  MoveEliminationDesc MoveElimination;
  IdiomDesc Idioms;
  DividerDesc Divider;
  MemoryHierarchyDesc MemoryHierarchy;

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

/// Renders every parameter with its source (for --describe-cpu and docs).
std::string describeMachineModel(const MachineModel &M);

} // namespace luarch

#endif
