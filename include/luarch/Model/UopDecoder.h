//===- UopDecoder.h - MCInst + MachineModel → DecodedInstr -----*- C++ -*-===//
//
// Turns machine instructions into uops for one microarchitecture: uops.info
// measurements first, LLVM's scheduling model for the CPU as a labelled
// fallback, never silently dropping an instruction. Kernel-level rules that
// involve neighbouring instructions (macro-fusion) or the kernel's addresses
// (AddressRules.h) are applied by decodeKernel().
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_MODEL_UOPDECODER_H
#define LUARCH_MODEL_UOPDECODER_H

#include "luarch/Kernel/Kernel.h"
#include "luarch/Model/AddressContext.h"
#include "luarch/Model/DecodedInstr.h"
#include "luarch/Model/InstrTable.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/UopsInfoMatcher.h"
#include "luarch/Model/X86Semantics.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <optional>
#include <vector>

namespace luarch {

class TargetContext;

class UopDecoder {
public:
  /// \p TC must outlive the decoder. Its subtarget should be the model's CPU
  /// (its scheduling model is the fallback); any x86-64 CPU works.
  UopDecoder(const MachineModel &M, const TargetContext &TC);
  ~UopDecoder();

  const MachineModel &model() const { return Model; }
  const X86Semantics &semantics() const { return Sem; }

  /// Decodes one instruction in isolation.
  DecodedInstr decode(const llvm::MCInst &Inst) const;

  /// Decodes a kernel and applies neighbour rules: macro-fusion of
  /// flag-setting instructions with a following jcc (including the loop's
  /// back edge), kernel-wide ones (the divider's 512-bit mode), and the
  /// rules that follow the kernel's addresses (AddressRules.h) with what
  /// \p Ctx says about register values (default: nothing known).
  std::vector<DecodedInstr> decodeKernel(const Kernel &K,
                                         const AddressContext &Ctx = {}) const;

  /// Whether \p First and the jcc \p Second macro-fuse on this model.
  bool canMacroFuse(const DecodedInstr &First,
                    const DecodedInstr &Second) const;

private:
  DecodedInstr decodeUncached(const llvm::MCInst &Inst) const;
  bool buildFromUopsInfo(const llvm::MCInst &Inst, const UopsInfoEntry &E,
                         DecodedInstr &D) const;
  bool buildFromSchedModel(const llvm::MCInst &Inst, DecodedInstr &D) const;
  void applyIdiomsAndFusionRules(const llvm::MCInst &Inst,
                                 DecodedInstr &D) const;
  void applyDataPathRules(const UopsInfoEntry *E, DecodedInstr &D) const;
  /// MachineModel::FlagMergeUop.
  void applyFlagMergeRule(const UopsInfoEntry *E, DecodedInstr &D) const;
  /// MachineModel::ShiftByCLFlagUops.
  void applyShiftByCLRule(const UopsInfoEntry *E, DecodedInstr &D) const;
  /// MachineModel::ShiftByCLFlagsCycles (after applyShiftByCLRule).
  void applyShiftByCLFlagsRule(const UopsInfoEntry *E, DecodedInstr &D) const;
  /// LatencyRulesDesc::ThreeComponentLEABase.
  void applyLEABaseRule(const UopsInfoEntry *E, DecodedInstr &D) const;
  /// Encoding and decoder-path facts for the front end (DecodedInstr::FE);
  /// \p Bytes is \p Inst's encoding.
  void setFrontEndFacts(const llvm::MCInst &Inst, llvm::ArrayRef<char> Bytes,
                        DecodedInstr &D) const;
  unsigned registerLatency(const UopsInfoEntry &E) const;
  unsigned loadLatencyFor(const DecodedInstr &D) const;
  PortMask portsOfSchedResource(unsigned ProcResIdx) const;
  PortMask portsOfSchedResourceUncached(unsigned ProcResIdx) const;

  const MachineModel &Model;
  const TargetContext &TC;
  X86Semantics Sem;
  void addStackSyncUops(std::vector<DecodedInstr> &D) const;
  void applyFastLoadBase(std::vector<DecodedInstr> &D) const;
  /// MemoryDesc::ForwardedLoadSkipsComplexAddress.
  void applyForwardSkipsComplexAddress(std::vector<DecodedInstr> &D) const;
  /// DividerDesc::Sticky512BitMode: with a 512-bit FP divide or square
  /// root in the kernel, the others take their 512-bit form's occupancy.
  void applySticky512BitDivider(std::vector<DecodedInstr> &D) const;
  UopsInfoMatcher Matcher;
  const InstrTable *Table = nullptr;
  /// Decoding depends on the opcode and, for idioms, immediates and
  /// addressing, on operands: cache by the printed Intel text.
  mutable llvm::StringMap<DecodedInstr> Cache;
  /// registerForm() of a row of Table, by the row: the same memory form
  /// recurs with other registers and displacements, and building and
  /// looking up the register form's name cost about 2,400 instructions.
  const UopsInfoEntry *registerFormOf(const UopsInfoEntry &E) const;
  mutable llvm::DenseMap<const UopsInfoEntry *, const UopsInfoEntry *>
      RegisterForms;
  /// portsOfSchedResource per LLVM resource index (a function of the
  /// model and the CPU's scheduling model; name compares otherwise).
  mutable std::vector<std::optional<PortMask>> ResourcePorts;
};

/// Port-count and latency summary helpers used by reports.
std::string describeUops(const MachineModel &M, const DecodedInstr &D);

} // namespace luarch

#endif
