//===- DecodedInstr.h - An instruction as uops on one CPU ------*- C++ -*-===//
//
// The result of decoding one MCInst for one MachineModel: fused-domain
// slots, unfused uops with port sets and latencies, the registers and flags
// it reads and writes, its memory access and idiom flags. Everything above
// lib/Model (analyses, simulator, reports) works on DecodedInstr only.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_DECODEDINSTR_H
#define LUARCH_MODEL_DECODEDINSTR_H

#include "luarch/Model/MachineModel.h"
#include "luarch/Model/X86Encoding.h"
#include "luarch/Model/X86Semantics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace luarch {

enum class UopKind : uint8_t {
  Compute,      ///< ALU/FP/vector work, writes the results
  Load,         ///< reads memory (load port)
  StoreAddress, ///< store-address generation (STA)
  StoreData,    ///< store data (STD)
  Branch,       ///< branch execution
};
llvm::StringRef uopKindName(UopKind K);

/// The register sources a uop waits for.
enum class SourceSubset : uint8_t {
  All,      ///< every register the instruction reads
  Flags,    ///< only the flag groups (CF, SZOP)
  NonFlags, ///< every register but the flags
};

struct Uop {
  UopKind Kind = UopKind::Compute;
  /// Eligible ports. Never empty for a uop that needs execution.
  PortMask Ports = 0;
  /// Cycles from dispatch until its result is available.
  uint16_t Latency = 1;
  /// Waits for the instruction's address registers.
  bool ReadsAddress = false;
  /// Waits for the instruction's data source registers.
  bool ReadsSources = false;
  /// With ReadsSources: which of them (MachineModel::FlagMergeUop and
  /// ShiftByCLFlagUops split an instruction's flag inputs from its other
  /// register inputs).
  SourceSubset Sources = SourceSubset::All;
  /// Waits for an earlier uop of the same instruction (index), or -1.
  int8_t InputUop = -1;
  /// Its completion makes the instruction's register results available.
  bool WritesResult = false;
  /// Occupies the non-pipelined divider for this many cycles (0 = none).
  uint16_t DividerCycles = 0;
  /// Occupies the core's serialising path (locked and microcoded
  /// instructions whose measured throughput is far below what their ports
  /// allow) for this many cycles. 32 bits: uops.info's measured
  /// throughputs reach 6.8 M cycles (WBINVD on Cascade Lake; RDSEED r64 on
  /// Zen 4: 83,720), which a 16-bit field wrapped (83,720 -> 18,184).
  uint32_t SerialCycles = 0;
  /// One more pass of an earlier uop through its pipe
  /// (MachineModel::PipeOccupancyFromMeasuredThroughput), not an operation
  /// of its own: it takes no scheduler entry of a separate vector scheduler.
  bool PipeOccupancyCopy = false;
  /// A PipeOccupancyCopy may pass its pipe in only this share of the
  /// iterations, spread evenly over them (1: in every one): a cost of a
  /// fraction of a cycle per iteration (the STLB-hit port rules), carried
  /// across iterations instead of rounded to whole ones.
  float Share = 1;
};

/// A copy of \p U that only occupies its port (PipeOccupancyCopy): no
/// result, no latency, no divider or serialising time of its own.
inline Uop occupancyCopy(const Uop &U) {
  Uop C = U;
  C.WritesResult = false;
  C.Latency = 1;
  C.DividerCycles = 0;
  C.SerialCycles = 0;
  C.PipeOccupancyCopy = true;
  return C;
}

/// Where the performance data of an instruction came from.
enum class DecodeSource : uint8_t {
  UopsInfo,       ///< matched a uops.info variant (ports and latency)
  UopsInfoPartial,///< uops.info latency/uops, ports from LLVM's sched model
  LLVMSchedModel, ///< no uops.info entry: LLVM's scheduling model (fallback)
  Unsupported,    ///< neither knows it; modelled as one generic ALU uop
};
llvm::StringRef decodeSourceName(DecodeSource S);

struct DecodedInstr {
  unsigned Opcode = 0;
  DecodeSource Source = DecodeSource::Unsupported;
  /// The uops.info variant used ("ADD (R64, M64)"), or the LLVM sched class.
  std::string Variant;

  /// Unfused-domain uops in the order they flow.
  llvm::SmallVector<Uop, 4> Uops;
  /// Fused-domain uops: retire slots / ROB entries (AMD: macro-ops).
  unsigned FusedUops = 1;
  /// Issue (rename) slots after unlamination and macro-fusion: a macro-fused
  /// jcc has 0, an unlaminated load+op 2.
  unsigned IssueSlots = 1;

  /// Data flow (canonical register units; flags split in CF / SZOP).
  llvm::SmallVector<RegUnit, 4> Reads;
  llvm::SmallVector<RegUnit, 2> AddressReads;
  llvm::SmallVector<RegUnit, 4> Writes;
  std::optional<MemOperand> Mem;
  unsigned MemBits = 0; ///< access width in bits (0 unknown)
  bool MayLoad = false, MayStore = false;

  /// Register-path latency of the instruction (source → result), cycles.
  unsigned Latency = 1;
  /// Latency from the flag inputs to the register result where it differs
  /// from Latency (MachineModel::FlagMergeUop: 2; ShiftByCLFlagUops: 0,
  /// the flags do not feed the result); -1: Latency.
  int FlagsLatency = -1;
  /// Load-to-use latency of its load uop(s) (0 = no load).
  unsigned LoadLatency = 0;
  /// Cycles the load waits after its address registers on top of
  /// LoadLatency (a base register that did not come from a load,
  /// MemoryDesc::FastLoadNeedsLoadedBase); a value forwarded from a store
  /// does not wait for them.
  unsigned AddressPathExtra = 0;
  /// Cycles of LoadLatency that a value forwarded from a store does not
  /// wait for: a complex address's extra cycle, which lies on the address
  /// path (MemoryDesc::ForwardedLoadSkipsComplexAddress).
  unsigned ForwardSkipsCycles = 0;
  /// Non-pipelined divider occupancy (sum over its uops).
  unsigned DividerCycles = 0;
  /// Serialising occupancy (see Uop::SerialCycles).
  unsigned SerialCycles = 0;

  bool ZeroIdiom = false;      ///< result independent of inputs (no reads)
  bool OnesIdiom = false;
  bool EliminatedMove = false; ///< executed at rename, latency 0
  bool Unlaminated = false;    ///< micro-fused pair split at issue
  /// First half of a macro-fused pair (the jcc that follows has 0 slots).
  bool MacroFusedWithNext = false;
  /// A jcc macro-fused into the previous instruction.
  bool MacroFusedIntoPrev = false;
  /// Lock-prefixed (an atomic read-modify-write).
  bool Locked = false;
  /// xchg with a memory operand: locked without the prefix ([IntelSDM]
  /// XCHG: "the processor's locking protocol is automatically
  /// implemented"); kept apart from Locked, whose rules are timed from
  /// prefixed rows.
  bool ImplicitlyLocked = false;
  /// An atomic read-modify-write: lock-prefixed or xchg with memory.
  bool isLockedRMW() const { return Locked || ImplicitlyLocked; }
  /// A store under an AVX-512 write mask (see
  /// MemoryDesc::MaskedStoreForwards).
  bool MaskedStore = false;
  /// A stack-synchronisation uop was added (FrontEndDesc::StackSyncUop).
  bool StackSync = false;
  /// Time from its inputs to its flag results where these come later than
  /// its register result (FlagsLatency's), with its last uop (MachineModel::
  /// ShiftByCLFlagsCycles: the flag uops merge the old flags); -1: the
  /// flags come with the register result. (A byte among the flags: the
  /// record keeps its size.)
  int8_t FlagsOutLatency = -1;

  bool IsBranch = false, IsConditionalBranch = false, IsCall = false,
       IsReturn = false;
  int CondCode = -1;
  /// Macro-fusion candidate class ("cmp", "test", "add"...), empty if none.
  llvm::StringRef FusionClass;
  /// Operand-structure facts for fusion/unlamination rules.
  unsigned NumExplicitRegOperands = 0;
  bool DestIsAlsoSource = false;
  bool HasImmediate = false;
  bool IsSyscallOrPrivileged = false;

  /// `unit += Increment` with a constant (add/sub/inc/dec/lea of a 64-bit
  /// register to itself): lets analyses follow constant-stride addresses.
  RegUnit IncrementedUnit = regunit::None;
  int64_t Increment = 0;

  /// How the instruction sets its general-purpose destination, for
  /// concrete address evaluation (harness context): the destination gets
  /// Base + Index * Scale + Imm of source values (Affine), a value read from
  /// memory (Loaded), or something not followed (Unknown). Bits: 32-bit
  /// writes zero-extend. evaluateGPRWrite (GPRWriteValue.h) computes each
  /// kind from known values.
  struct GPRWrite {
    /// AndImm / ShlImm: Base & Imm, Base << Imm (followed only where Base
    /// holds a known value). LowPart: an 8-bit (low byte) or 16-bit write
    /// of an Affine value; the bits above Bits keep the destination's old
    /// value (xor dx, dx leaves 0x40000000 of the harness's 0x40000800).
    /// AddLoaded / MulLoaded: Base + Scale * the loaded value (add/sub r, m),
    /// Base * the loaded value (imul r, m), where the load's address is
    /// known. AndReg / OrReg / XorReg: Base & Index, Base | Index,
    /// Base ^ Index (two registers' known values). DivideUnsigned /
    /// DivideSigned: div/idiv of Bits (32 or 64) bits: the dividend
    /// rdx:rax (edx:eax) by Index's value (the loaded value when Index is
    /// None), the quotient to Dest (rax) and the remainder to rdx, where
    /// all are known and the quotient fits (else the divide faults).
    enum Kind : uint8_t {
      None,
      Affine,
      Loaded,
      Unknown,
      AndImm,
      ShlImm,
      LowPart,
      AddLoaded,
      MulLoaded,
      AndReg,
      OrReg,
      XorReg,
      DivideUnsigned,
      DivideSigned
    } K = None;
    RegUnit Dest = regunit::None, Base = regunit::None, Index = regunit::None;
    int64_t Scale = 0, Imm = 0;
    unsigned Bits = 64;
    /// movsxd: the low 32 bits of the affine value, sign-extended.
    bool SignExtend32 = false;
  } GPRResult;
  /// push/pop/call/ret: the stack pointer moves by StackDelta, and the
  /// instruction accesses 8 bytes at rsp + StackAccessOffset (after the
  /// push, before the pop).
  int StackDelta = 0;
  bool StackAccess = false;

  /// What the legacy decode pipeline and the uop cache need to know.
  struct FrontEndFacts {
    EncodingFacts Encoding;
    /// Fused uops that the legacy decoders emit, and those that come from
    /// the microcode sequencer (MS) instead (FrontEndDesc::DecoderMaxUops).
    uint8_t DecoderUops = 1, MicrocodeUops = 0;
    /// Needs the complex decoder (more than one fused uop).
    bool ComplexDecoder = false;
    /// Reads or writes AH/BH/CH/DH: the loop stream detector does not
    /// stream such loops [uiCA].
    bool High8 = false;
    /// The value of its immediate operand (not a displacement, not a branch
    /// target), where it has one (FrontEndDesc::DSBExtraEntryEndsDelivery).
    bool HasImmValue = false;
    int64_t ImmValue = 0;
  } FE;

  /// Why the model is approximate (fallback reason), empty if exact.
  std::string Note;

  unsigned numUops() const { return Uops.size(); }
  bool isExact() const { return Source == DecodeSource::UopsInfo; }
};

/// The units of \p D's memory operand's base and index registers (None if
/// absent), from the decoded address reads (base first, then index; a
/// register used as both appears once). \p D must have a memory operand.
inline std::pair<RegUnit, RegUnit> memoryAddressUnits(const DecodedInstr &D) {
  assert(D.Mem && "an instruction with a memory operand");
  const MemOperand &M = *D.Mem;
  bool HasBase = M.Base && !M.RIPRelative;
  RegUnit Base = regunit::None, Index = regunit::None;
  llvm::ArrayRef<RegUnit> A = D.AddressReads;
  if (HasBase && !A.empty())
    Base = A[0];
  if (M.Index)
    Index = HasBase ? (A.size() > 1 ? A[1] : Base)
                    : (A.empty() ? regunit::None : A[0]);
  return {Base, Index};
}

/// Whether \p D's uops.info mnemonic ("CMOVZ" of "CMOVZ (R64, R64)") is
/// in \p Patterns, a list of mnemonics where a trailing '*' matches any
/// suffix ("SET*"); the form of FrontEndDesc's mnemonic lists.
inline bool mnemonicListed(const DecodedInstr &D,
                           llvm::ArrayRef<std::string> Patterns) {
  if (Patterns.empty() || D.Source != DecodeSource::UopsInfo)
    return false;
  llvm::StringRef Mnemonic = llvm::StringRef(D.Variant).split(' ').first;
  return llvm::any_of(Patterns, [&](const std::string &P) {
    llvm::StringRef Pattern(P);
    return Pattern.consume_back("*") ? Mnemonic.starts_with(Pattern)
                                     : Mnemonic == Pattern;
  });
}

/// The closest instruction of the loop \p D before instruction \p I that
/// \p Wanted accepts (around the back edge; \p I itself comes last), or
/// none.
template <typename InstrPredicate>
std::optional<size_t> closestBefore(llvm::ArrayRef<DecodedInstr> D, size_t I,
                                    InstrPredicate Wanted) {
  const size_t N = D.size();
  for (size_t Step = 1; Step <= N; ++Step) {
    size_t At = (I + N - Step) % N;
    if (Wanted(D[At]))
      return At;
  }
  return std::nullopt;
}

/// Iterations between closestBefore's answer \p At and \p I: 1 when the
/// walk went around the back edge (\p At at or after \p I), else 0.
inline unsigned iterationsBefore(size_t At, size_t I) { return At >= I; }

/// The instruction of the loop \p D that last wrote a unit \p Wanted
/// accepts before instruction \p I runs (around the back edge; \p I itself
/// comes last), or none if no instruction writes one.
template <typename UnitPredicate>
std::optional<size_t> closestWriter(llvm::ArrayRef<DecodedInstr> D, size_t I,
                                    UnitPredicate Wanted) {
  return closestBefore(D, I, [&](const DecodedInstr &X) {
    return llvm::any_of(X.Writes, Wanted);
  });
}

} // namespace luarch

#endif
