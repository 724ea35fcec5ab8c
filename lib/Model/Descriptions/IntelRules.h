//===- IntelRules.h - Rules every Intel core since Sandy Bridge shares -*- C++ -*-//
//
// Facts that Intel documents once for the whole Sandy Bridge line and its
// successors; each description calls these instead of repeating them.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_MODEL_DESCRIPTIONS_INTELRULES_H
#define LUARCH_LIB_MODEL_DESCRIPTIONS_INTELRULES_H

#include "luarch/Model/MachineModel.h"

namespace luarch {
namespace descriptions {

/// Intel optimization manual Table 3-1: cmp/test/add/sub/and/inc/dec fuse
/// with a following jcc (add/sub/cmp/inc/dec only with the carry/zero/
/// signed-compare conditions listed there); no memory+immediate, no
/// RIP-relative operand.
inline void setSandyBridgeMacroFusion(MachineModel &M) {
  MacroFusionRules &MF = M.MacroFusion;
  MF.Cmp = MF.Test = MF.Add = MF.Sub = MF.And = MF.IncDec = true;
  MF.OrXor = false;
  MF.ArithOnlyWithZeroCarrySignedCompares = true;
  MF.NoMemImm = true;
  MF.NoRIPRelative = true;
  MF.AllowMemory = true;
  MF.Source = "[IntelOpt §3.4.2.2] Table 3-1 macro-fusible instructions "
              "(Sandy Bridge and later)";
}

/// Micro-fusion: a load, or a store's address and data, take one
/// fused-domain slot with their operation (Sandy Bridge and later).
inline void setSandyBridgeMicroFusion(MachineModel &M) {
  M.FrontEnd.MicroFusion = {true, "[IntelOpt §2.5.2.1, §2.6.2.x] micro-fusion "
                                  "of load+op and store address+data "
                                  "(Sandy Bridge and later)"};
}

/// The legacy decode pipeline, uop cache (DSB) and microcode sequencer
/// rules that the Sandy Bridge line shares; each description then sets
/// what differs (queue sizes, the JCC erratum, stalls).
inline void setIntelLegacyDecode(MachineModel &M) {
  FrontEndDesc &FE = M.FrontEnd;
  FE.Kind = {FrontEndKind::IntelLegacyDSB,
             "[IntelOpt §2.5.2, §2.6.2] legacy decode pipeline, decoded "
             "ICache and LSD; per-window delivery rules as measured by "
             "[uiCA §4]"};
  FE.PredecodeToDecodeDelay = {3, "[uiCA-cfg] predecodeDecodeDelay = 3 "
                                  "(reverse engineered, [uiCA §4.1])"};
  FE.DecoderMaxUops = {4, "[IntelOpt §2.6.2.2] the complex decoder emits up "
                          "to four uops; longer flows come from the MSROM"};
  FE.DSBWindowBytes = {32, "[IntelOpt §2.6.2.3] the decoded ICache caches "
                           "uops per 32-byte window"};
  FE.DSBWaysPerWindow = {3, "[IntelOpt §2.6.2.3] up to 3 ways per 32-byte "
                            "window"};
  FE.DSBSlotsPerWay = {6, "[IntelOpt §2.6.2.3] 6 uops per way; a 64-bit "
                          "immediate takes two slots, an MSROM instruction a "
                          "whole way"};
  FE.DSBImm32WithMemoryTwoSlots = {
      true, "slot costs in the decoded ICache for the capacity test: 64-bit "
            "immediates, and 32-bit immediate fields with a memory operand, "
            "take two slots. [uiCA-sim] getDSBBlocks counts the extra entry "
            "by the immediate's value instead (beyond 16 bits beside a "
            "memory operand; DSBExtraEntryEndsDelivery uses that for "
            "delivery); for the capacity of 200 straight-line copies the "
            "encoding's count scores better on Cascade Lake (measured-clx.csv "
            "unrolled: 2.27% against 2.32%; bhdev-0361, 0416, 0640, 1301, "
            "1891 with mov m64, 0 run at the legacy decoders' rate): chosen "
            "by the corpus, in-sample"};
  FE.MSUopsPerCycle = {4, "[uiCA §4.1] the microcode sequencer delivers 4 "
                          "uops per cycle"};
  FE.MITEToMSStall = {1, "[uiCA-cfg] one stall cycle when the MS takes over "
                         "from the legacy decoders, one after"};
  // 8 and 12 uops fill whole 4-wide issue groups: no unrolling.
  FE.LSDUnrollByUops = {{1, 8, 8, 8, 8, 6, 5, 4, 1, 3, 3, 3, 1, 2, 2, 2, 2, 2,
                         2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
                        "[uiCA §4.1] LSD unrolling measured on Skylake-era "
                        "cores (uops per iteration -> copies)"};
  FE.UnrolledCodeFromLegacyDecode = {
      true, "[uiCA §4.1, §6] straight-line code that does not fit the "
            "decoded ICache is delivered by the legacy decoders; measured "
            "BHive blocks repeated 200 times whose copies fit it run faster "
            "than 16 bytes per cycle (e.g. bhdev-0188, 13 bytes in 0.51 "
            "cycles on Cascade Lake), i.e. from the DSB"};
}

/// The 1.5K-uop decoded ICache of Sandy Bridge to Skylake as organised:
/// sets of 8 ways (32 sets of 6-uop ways). Later cores grew it without
/// Intel documenting the organisation, so they leave it unset.
inline void setSandyBridgeDSBSets(MachineModel &M) {
  M.FrontEnd.DSBWaysPerSet = {8, "[IntelOpt §2.6.2.3] the decoded ICache is "
                                 "32 sets of 8 ways of 6 uops; a 32-byte "
                                 "window occupies up to 3 ways of the set "
                                 "its address selects"};
}

/// Port binding at issue and load-port sharing, as [uiCA §4.3] measured
/// them on Sandy Bridge to Ice Lake.
inline void setIntelPortBinding(MachineModel &M) {
  M.BackEnd.PortBinding = {PortBindingRule::IssueSnapshotAlternating,
                           "[uiCA §4.3] ports chosen at issue from a per-cycle "
                           "snapshot of per-port uop counts, ties to the "
                           "higher port, odd issue slots to the second least "
                           "loaded port unless 3 more loaded; the snapshot is "
                           "the counts at the start of the cycle, uops "
                           "dispatched in it included ([SO-uica-binding]: "
                           "uiCA's port usage at the start of the cycle)"};
  M.BackEnd.IssueToDispatchCycles = {
      5, "[uiCA-cfg] issueDispatchDelay = 5: a uop dispatches 5 cycles after "
         "issue at the earliest (measured, [uiCA §4.3])"};
  M.BackEnd.LoadPortsShareReadyUops = {
      true, "[uiCA §4.3] a load port with no ready uop takes one bound to the "
            "other load port"};
}

/// Allocation in whole issue groups, as uiCA's simulator models every
/// Intel core it covers (Sandy Bridge to Alder Lake / Rocket Lake). Set on
/// the Skylake family only, where the Cascade Lake corpus checks it
/// (Haswell's hand-derived cmova chain, flag-merge-uop-intel.test, would
/// move from 2.00 to 2.08).
inline void setIntelWholeIssueGroups(MachineModel &M) {
  M.BackEnd.AllocatesWholeIssueGroups = {
      true,
      "[uiCA-sim] uiCA's simulator (uiCA.py, FrontEnd.cycle) issues nothing "
      "in a cycle in which the reorder buffer or the scheduler lacks room "
      "for a whole issue group (its comment: an approximation that 'leads "
      "to better results'); Cascade Lake measurements (measured-clx.csv, "
      "loop form) agree: 28 loops 'op r; cmp r, x' + dec/jnz (3 fused "
      "uops, a 1-cycle chain through r, the scheduler full) run at "
      "1.49-1.50 cycles (bhdev-0221, 0395, 0463, 1113), which the issue-"
      "snapshot binding gives with 4-uop groups (1.36 when allocation "
      "takes what fits); chosen by the corpus (in-sample)"};
}

/// Zero idioms (executed at rename, no port) and ones idioms (dependency
/// breaking, still executed), Sandy Bridge and later.
inline void setSandyBridgeIdioms(MachineModel &M) {
  M.Idioms.ZeroIdioms = {true, "[IntelOpt §3.5.1.8] zero idioms"};
  M.Idioms.ZeroIdiomsNeedNoPort = {true, "[IntelOpt §3.5.1.8] zero idioms "
                                         "are resolved at rename"};
  M.Idioms.OnesIdioms = {true, "[IntelOpt §3.5.1.8] pcmpeq x,x breaks the "
                               "dependency"};
}

/// Move-elimination slots of Haswell to Cascade Lake (MoveEliminationDesc::
/// GPRSlots and the rest): 4 per class, a two-cycle pipeline, a GPR slot
/// held until every register sharing it is overwritten, a vector slot freed
/// with one register left in a cycle without a vector elimination. A vector
/// move that executes takes p015 (the executed xmm-to-xmm moves of the
/// uops.info tables).
inline void setHaswellEliminationSlots(MachineModel &M) {
  MoveEliminationDesc &ME = M.MoveElimination;
  ME.GPRSlots = {4, "[uiCA] §4.1.4: a physical register shared by several "
                    "architectural registers holds an elimination slot until "
                    "they are overwritten; the moves eliminated in a cycle "
                    "depend on the free slots and on the eliminations of the "
                    "previous cycle; [uiCA-sim] the accounting (slots less the "
                    "moves eliminated in the cycle and the one before, less "
                    "the slots held two cycles before); [uiCA-cfg] "
                    "moveEliminationGPRSlots = 4 (HSW, BDW, SKL, SKX, CLX). "
                    "Not fitted"};
  ME.VectorSlots = {4, "[uiCA] §4.1.4; [uiCA-cfg] moveEliminationSIMDSlots = "
                       "4 (HSW, BDW, SKL, SKX, CLX). Not fitted"};
  ME.SlotPipelineCycles = {2, "[uiCA-cfg] moveEliminationPipelineLength = 2 "
                              "(HSW, BDW, SKL, SKX, CLX; 3 on IVB). Not "
                              "fitted"};
  ME.GPRSlotHeldUntilAllOverwritten = {
      true, "[uiCA-cfg] moveEliminationGPRAllAliasesMustBeOverwritten = True "
            "(HSW, BDW, SKL, SKX, CLX; False on IVB)"};
  ME.VectorSlotHeldUntilAllOverwritten = {
      false, "[uiCA-sim] a cycle without a vector elimination frees the "
             "vector slots whose register has one architectural register "
             "left, on every core it models ([uiCA-cfg] has a switch for the "
             "GPR slots only); not measured here"};
  ME.VectorMovePorts = {
      0b00100011, // p015
      "[uops.info] the executed xmm-to-xmm moves: MOVQ (XMM, XMM) 1*p015, "
      "latency 1 (HSW, SKL, SKX, CLX), VMOVAPS/VMOVDQA32 (XMM, K, XMM) "
      "1*p015 (SKX, CLX; the ZMM form 1*p05, not modelled: every width "
      "takes p015). The (V)MOVAPS/MOVDQA (XMM, XMM) rows measure the "
      "eliminated move (1 / 0 uops, no ports)"};
}

/// cmov/setcc with a condition that reads CF and ZF (be/a): two uops, flags
/// to result 2 cycles, data to result 1. The decoder applies it to the
/// variants whose uops.info row shows it (2 uops, latency [1;2]); \p Source
/// cites the core's rows.
inline void setCarryZeroFlagMerge(MachineModel &M, const char *Source) {
  M.FlagMergeUop = {true, Source};
}

/// The Skylake family's evidence for setCarryZeroFlagMerge.
inline void setCarryZeroFlagMerge(MachineModel &M) {
  setCarryZeroFlagMerge(
      M, "[uops.info] CMOVBE/CMOVNBE (R64, R64) and SETBE/SETNBE (R8l): "
         "2 uops on p06, latency [1;2], where the other conditions are "
         "1 uop, latency 1: CF and the other flags are separate rename "
         "groups; which input takes 2 cycles is inferred from the "
         "measurements: Cascade Lake (measured-clx.csv) bhdev-1139 "
         "cmp rdx, rbp; cmova rdx, rbp 3.00 cycles per iteration (1 + "
         "2 through the flags), bhdev-1321 a chain through cmovbe's "
         "data source at 1 cycle (2.02 with a 1-cycle sub)");
}

/// Shifts and rotates by CL: the result from the first uop, the others
/// only merge the flags. The decoder applies it to the variants whose
/// uops.info row shows it (2 or more uops, latency [0;2]); \p Source cites
/// the core's rows.
inline void setShiftByCLFlagUops(MachineModel &M, const char *Source) {
  M.ShiftByCLFlagUops = {true, Source};
}

/// The Skylake family's evidence for setShiftByCLFlagUops.
inline void setShiftByCLFlagUops(MachineModel &M) {
  setShiftByCLFlagUops(
      M, "[uops.info] SHL/SHR/SAR/ROL/ROR (R64, CL): 3 uops on p06, "
         "latency [0;2], read as 0 for the flags a zero count passes "
         "through and 2 for the merged flags, the register result being "
         "the shift's, 1 cycle as by an immediate; measured on Cascade Lake "
         "(measured-clx.csv): movzx eax, byte [rax + disp32]; shl rax, "
         "cl; or rbp, rax chains at 6.00 cycles (load 5 + shift 1; "
         "bhdev-1055, 1091), 7 with the three uops gating the result");
}

/// The Skylake family's evidence for
/// MachineModel::LockedRoundTripAtThroughput.
inline void setLockedRoundTripAtThroughput(MachineModel &M) {
  M.LockedRoundTripAtThroughput = {
      true,
      "[uops.info] ADD_LOCK (M64, I8), XADD_LOCK (M32, R32): latency "
      "[12-15;<=29] (bounds only), throughput 18.00; measured on Cascade "
      "Lake (measured-clx.csv): loops whose locked RMW reads what the "
      "previous iteration's wrote run at 18.0 cycles (bhdev-1398 lock add "
      "qword [r12+0x68], 1; bhdev-0238 lock xadd [rcx], edx; bhdev-1128 "
      "lock cmpxchg [rdi], esi), not the bound's 29; xchg with memory "
      "(locked without the prefix; [uops.info] XCHG (M32, R32): latency "
      "[12;29], throughput 18.00) the same: bhdev-0682 xchg fs:[0x1c], eax "
      "18.0"};
}

/// MemoryDesc::LockedWaitsForStoreCommit: Intel documents locked
/// instructions as waiting for buffered writes to drain.
inline void setLockedWaitsForStoreCommit(MachineModel &M) {
  M.Memory.LockedWaitsForStoreCommit = {
      true,
      "[IntelSDM Vol. 3A §8.1.2 'Bus Locking', §8.2.5; chapter 9 in "
      "recent editions] for the P6 family and later, "
      "locked operations serialize all outstanding load and store "
      "operations (wait for them to complete); a locked operation waits "
      "until all buffered writes have drained to memory; measured on "
      "Cascade Lake (measured-clx.csv): a lock cmpxchg / xchg after five "
      "or six stores in its iteration runs at 33.0 cycles (bhdev-0479, "
      "1067), the locked round trip (18) plus a commit wait, not 17-18"};
}

/// MemoryDesc::LoadsWaitForLockedRMW: Intel documents that loads are not
/// reordered with locked instructions.
inline void setLoadsWaitForLockedRMW(MachineModel &M) {
  M.Memory.LoadsWaitForLockedRMW = {
      true,
      "[IntelSDM Vol. 3A §8.2.2, §8.2.3.9; chapter 9 in recent editions] "
      "reads cannot be reordered with locked instructions: loads and "
      "stores are not reordered with locked instructions; the wait is "
      "StoreForwardBlockLatency's (the lock's store commits, then the "
      "load reads), no new constant; measured on Cascade Lake "
      "(measured-clx.csv): lock add dword [rax], 1; mov rax, [rbx+8]; "
      "... (bhdev-0362) runs at 30.0 / 31.0 cycles, not the lock's 18 "
      "(model 34); a lock whose later loads start no chain keeps 18 "
      "(bhdev-1398)"};
}

/// 4K aliasing: Intel documents it for its cores as a performance event
/// and a VTune metric (loads falsely matched to an older store 4 KiB away
/// are re-issued).
inline void setFourKAliasing(MachineModel &M) {
  M.Memory.FourKAliasing = {
      true, "[IntelOpt] 4K aliasing; Intel VTune metric '4K Aliasing': a "
            "load aliased by a preceding store with a 4K address offset may "
            "be falsely matched and re-issued, costing a few cycles "
            "(counted by LD_BLOCKS_PARTIAL.ADDRESS_ALIAS)"};
}

} // namespace descriptions
} // namespace luarch

#endif
