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

/// Zero idioms (executed at rename, no port) and ones idioms (dependency
/// breaking, still executed), Sandy Bridge and later.
inline void setSandyBridgeIdioms(MachineModel &M) {
  M.Idioms.ZeroIdioms = {true, "[IntelOpt §3.5.1.8] zero idioms"};
  M.Idioms.ZeroIdiomsNeedNoPort = {true, "[IntelOpt §3.5.1.8] zero idioms "
                                         "are resolved at rename"};
  M.Idioms.OnesIdioms = {true, "[IntelOpt §3.5.1.8] pcmpeq x,x breaks the "
                               "dependency"};
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
