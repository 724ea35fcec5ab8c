//===- UopDecoder.cpp - MCInst + MachineModel → DecodedInstr -------------===//
#include "luarch/Model/UopDecoder.h"
#include "luarch/Model/AddressRules.h"
#include "luarch/Model/X87Rules.h"
#include "luarch/Model/InstKey.h"
#include "luarch/Model/X86Encoding.h"
#include "luarch/Kernel/TargetContext.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCSchedule.h"
#include <cmath>
#include <optional>

using namespace llvm;

namespace luarch {

StringRef uopKindName(UopKind K) {
  switch (K) {
  case UopKind::Compute: return "compute";
  case UopKind::Load: return "load";
  case UopKind::StoreAddress: return "store-address";
  case UopKind::StoreData: return "store-data";
  case UopKind::Branch: return "branch";
  }
  return "?";
}

StringRef decodeSourceName(DecodeSource S) {
  switch (S) {
  case DecodeSource::UopsInfo: return "uops.info";
  case DecodeSource::UopsInfoPartial: return "uops.info+llvm-ports";
  case DecodeSource::LLVMSchedModel: return "llvm-sched-model";
  case DecodeSource::Unsupported: return "unsupported";
  }
  return "?";
}

UopDecoder::UopDecoder(const MachineModel &M, const TargetContext &TC)
    : Model(M), TC(TC), Sem(TC.instrInfo(), TC.regInfo()), Matcher(TC, Sem) {
  if (!M.UopsInfoTable.empty())
    Table = InstrTable::get(M.UopsInfoTable);
}

UopDecoder::~UopDecoder() = default;

/// A compact key of the instruction's opcode and operands (on the stack:
/// a heap string per lookup cost a malloc per decoded instruction).
static void cacheKey(const MCInst &Inst, SmallVectorImpl<char> &K) {
  K.clear();
  appendExactInstKey(K, Inst);
}

DecodedInstr UopDecoder::decode(const MCInst &Inst) const {
  SmallString<96> Key;
  cacheKey(Inst, Key);
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second;
  DecodedInstr D = decodeUncached(Inst);
  Cache.try_emplace(Key, D);
  return D;
}

/// Instructions whose latency depends on operand values (the divider):
/// uops.info's range spans those values.
static bool isDividerClass(StringRef Mnemonic) {
  return Mnemonic.contains("DIV") || Mnemonic.contains("SQRT");
}

/// Cycles an instruction occupies its slowest unit per instance: uops.info's
/// measured reciprocal throughput, or its ports' if that is higher.
static float occupancyCycles(const UopsInfoEntry &E) {
  return std::max(E.TPMeasured, E.TPPorts);
}

/// Cycles a divide or square root holds the (non-pipelined) divider.
static unsigned dividerCycles(const UopsInfoEntry &E) {
  return static_cast<unsigned>(std::lround(occupancyCycles(E)));
}

/// A shift or rotate by CL in register form ("SHL (R64, CL)").
static bool isShiftOrRotateByCL(const UopsInfoEntry &E) {
  static const StringRef Mnemonics[] = {"SHL", "SHR", "SAR",
                                        "SAL", "ROL", "ROR"};
  // The signature first: it rules out most rows cheaply (this runs in
  // every first decoding).
  return E.Signature.ends_with(", CL") && E.Signature.starts_with("R") &&
         is_contained(Mnemonics, E.Mnemonic);
}

/// A bit test and modify in register form ("BTS (R64, R64)", "BTR (R32,
/// I8)").
static bool isBitTestModify(const UopsInfoEntry &E) {
  static const StringRef Mnemonics[] = {"BTS", "BTR", "BTC"};
  return E.Signature.starts_with("R") && is_contained(Mnemonics, E.Mnemonic);
}

unsigned UopDecoder::registerLatency(const UopsInfoEntry &E) const {
  // LatencyRulesDesc::ShiftRotateByCL: the measured latency replaces
  // uops.info's range (Zen: "[0;16]", whose upper bound is no path a
  // dependent instruction sees).
  if (Model.Latencies.ShiftRotateByCL && isShiftOrRotateByCL(E))
    return Model.Latencies.ShiftRotateByCL;
  // LatencyRulesDesc::BitTestModify: uops.info's "[1;2]" has a minimum that
  // no measured path shows (Zen 4: destination, index and carry all 2).
  if (Model.Latencies.BitTestModify && isBitTestModify(E))
    return Model.Latencies.BitTestModify;
  if (!E.hasLatency())
    return 1;
  float Lat = E.LatMin >= 0 ? E.LatMin : E.LatMax;
  // A 0 minimum comes from an operand pair that does not go through an
  // executed uop (flags passed through by a shift by cl, the destination
  // TZCNT/LZCNT leaves unchanged). A single executed uop has one latency for
  // every operand pair it does connect, so the other bound is its latency:
  // uops.info's "[0;3]" for TZCNT (R64, R64) is the 3-cycle path of Intel's
  // optimization manual (TZCNT/LZCNT latency 3, Skylake). With several uops
  // the larger bound may be a secondary path (the flags of SHL (R64, CL),
  // "[0;2]", whose data path is 1), so take one cycle.
  if (Lat < 1 && E.Unfused > 0)
    Lat = E.Unfused == 1 ? std::max(1.0f, E.LatMax) : 1.0f;
  // Divide/square-root latency depends on the operand values; take the
  // middle of the measured range.
  if (E.LatMax > E.LatMin && isDividerClass(E.Mnemonic))
    Lat = (E.LatMin + E.LatMax) / 2;
  return std::max(0, static_cast<int>(std::lround(Lat)));
}

/// Whether a load reads or writes vector (or MMX) registers: its load-to-use
/// latency is LoadLatencyVec.
static bool isVectorLoad(const DecodedInstr &D) {
  bool Vector = false;
  for (RegUnit U : D.Writes)
    Vector |= isVecUnit(U) || (U >= regunit::FirstMMX && U < regunit::Count);
  for (RegUnit U : D.Reads)
    Vector |= isVecUnit(U);
  return Vector;
}

/// A GPR load without a segment base whose address is complex (an index, a
/// symbolic, negative or 2 KiB-or-larger displacement): LoadLatencyGPRComplex.
static bool isComplexGPRLoad(const DecodedInstr &D) {
  return D.MayLoad && D.Mem && !D.Mem->Segment.id() && !isVectorLoad(D) &&
         (D.Mem->Index || D.Mem->SymbolicDisp || D.Mem->Disp < 0 ||
          D.Mem->Disp >= 2048);
}

unsigned UopDecoder::loadLatencyFor(const DecodedInstr &D) const {
  if (!D.MayLoad)
    return 0;
  bool Vector = isVectorLoad(D);
  // MemoryDesc::SegmentBaseLoadCycles: fs/gs add their base.
  unsigned Segment = D.Mem && D.Mem->Segment.id()
                         ? unsigned(Model.Memory.SegmentBaseLoadCycles)
                         : 0;
  if (Vector)
    return Model.Memory.LoadLatencyVec + Segment;
  bool Complex = D.Mem && (D.Mem->Index || D.Mem->SymbolicDisp ||
                           D.Mem->Disp < 0 || D.Mem->Disp >= 2048);
  if (Segment)
    return Model.Memory.LoadLatencyGPRComplex + Segment;
  return Complex ? Model.Memory.LoadLatencyGPRComplex
                 : Model.Memory.LoadLatencyGPR;
}

/// Parses "1*p0156+2*p23" into (count, mask) groups; false if a port set is
/// unknown to the model.
static bool parsePortUsage(const MachineModel &M, StringRef Ports,
                           SmallVectorImpl<std::pair<unsigned, PortMask>> &Out) {
  SmallVector<StringRef, 6> Terms;
  Ports.split(Terms, '+', -1, false);
  for (StringRef T : Terms) {
    auto [CountStr, Set] = T.split('*');
    unsigned Count = 0;
    if (CountStr.getAsInteger(10, Count) || Set.empty())
      return false;
    PortMask Mask = M.parsePortSet(Set);
    if (!Mask)
      return false;
    Out.push_back({Count, Mask});
  }
  return true;
}

/// Gives each uop its kind and data-flow role, from its port set and the
/// instruction's memory behaviour. Shared by the uops.info and LLVM paths.
static void classifyUops(const MachineModel &M, DecodedInstr &D,
                         ArrayRef<std::pair<unsigned, PortMask>> Groups,
                         unsigned RegLat, unsigned LoadLat,
                         unsigned DividerCycles) {
  PortMask STAOnly = M.StoreAddressPorts & ~M.LoadPorts;
  for (auto [Count, Mask] : Groups) {
    for (unsigned I = 0; I < Count; ++I) {
      Uop U;
      U.Ports = Mask;
      if (D.MayStore && (Mask & ~M.StoreDataPorts) == 0)
        U.Kind = UopKind::StoreData;
      else if (D.MayStore && STAOnly && (Mask & STAOnly) &&
               (Mask & ~M.StoreAddressPorts) == 0)
        U.Kind = UopKind::StoreAddress;
      else if ((D.MayLoad || D.MayStore) && (Mask & ~M.LoadPorts) == 0)
        U.Kind = D.MayLoad ? UopKind::Load : UopKind::StoreAddress;
      else if (D.IsBranch && (Mask & ~M.BranchPorts) == 0)
        U.Kind = UopKind::Branch;
      else
        U.Kind = UopKind::Compute;
      D.Uops.push_back(U);
    }
  }
  // Stores on machines whose store-address uops share the load ports (no
  // dedicated STA port, or an instruction that both loads and stores): the
  // last "load" becomes the store-address uop, unless it is the only load
  // of an instruction that loads too (LLVM's Sandy Bridge model books PUSH
  // m64 as one p23 use): that load stays and gets its own address uop.
  if (D.MayStore) {
    bool HasSTA = any_of(D.Uops, [](const Uop &U) {
      return U.Kind == UopKind::StoreAddress;
    });
    unsigned Loads = count_if(D.Uops, [](const Uop &U) {
      return U.Kind == UopKind::Load;
    });
    if (!HasSTA && D.MayLoad && Loads == 1 && M.StoreAddressPorts) {
      Uop U;
      U.Ports = M.StoreAddressPorts;
      U.Kind = UopKind::StoreAddress;
      D.Uops.push_back(U);
    } else if (!HasSTA) {
      for (unsigned I = D.Uops.size(); I-- > 0;)
        if (D.Uops[I].Kind == UopKind::Load &&
            (D.Uops[I].Ports & ~M.StoreAddressPorts) == 0) {
          D.Uops[I].Kind = UopKind::StoreAddress;
          break;
        }
    }
  }

  // Every store writes its data: where the source lists no store-data uop
  // (AMD, whose store queue reads the data without an issue port), add one
  // on the model's store-data ports.
  if (D.MayStore && M.StoreDataPorts &&
      none_of(D.Uops, [](const Uop &U) {
        return U.Kind == UopKind::StoreData;
      })) {
    Uop U;
    U.Ports = M.StoreDataPorts;
    U.Kind = UopKind::StoreData;
    D.Uops.push_back(U);
  }

  int LastLoad = -1, FirstCompute = -1;
  for (unsigned I = 0; I < D.Uops.size(); ++I) {
    if (D.Uops[I].Kind == UopKind::Load)
      LastLoad = I;
    if (D.Uops[I].Kind == UopKind::Compute && FirstCompute < 0)
      FirstCompute = I;
  }
  bool DividerPlaced = DividerCycles == 0;
  for (unsigned I = 0; I < D.Uops.size(); ++I) {
    Uop &U = D.Uops[I];
    switch (U.Kind) {
    case UopKind::Load:
      U.ReadsAddress = true;
      U.Latency = LoadLat;
      U.WritesResult = FirstCompute < 0;
      break;
    case UopKind::Compute:
      U.ReadsSources = true;
      U.InputUop = LastLoad;
      U.Latency = int(I) == FirstCompute ? RegLat : 1;
      U.WritesResult = true;
      if (!DividerPlaced && (U.Ports & (1u << M.Divider.Port))) {
        U.DividerCycles = DividerCycles;
        DividerPlaced = true;
      }
      break;
    case UopKind::StoreAddress:
      U.ReadsAddress = true;
      assert(M.Memory.StoreAddressLatency >= 1 && "a description sets it");
      U.Latency = M.Memory.StoreAddressLatency;
      break;
    case UopKind::StoreData:
      assert(M.Memory.StoreDataLatency >= 1 && "a description sets it");
      U.Latency = M.Memory.StoreDataLatency;
      if (FirstCompute >= 0)
        U.InputUop = FirstCompute;
      else if (LastLoad >= 0)
        U.InputUop = LastLoad;
      else
        U.ReadsSources = true;
      break;
    case UopKind::Branch:
      U.ReadsSources = true;
      U.InputUop = LastLoad;
      U.Latency = 1;
      break;
    }
  }
  if (!DividerPlaced && FirstCompute >= 0)
    D.Uops[FirstCompute].DividerCycles = DividerCycles;
  D.DividerCycles = DividerCycles;
  // An instruction without a compute or load uop that writes registers
  // (e.g. a branch writing RSP, an eliminated move) exposes its results
  // through its last uop.
  if (!D.Writes.empty() && none_of(D.Uops, [](const Uop &U) {
        return U.WritesResult;
      }) && !D.Uops.empty())
    D.Uops.back().WritesResult = true;
}


/// Where the instruction data leave memory uops out (AddressUopsImplied:
/// uops.info's AMD rows list FP pipes only, and LLVM's znver models book an
/// FP load on an FP pipe, a simple LEA on the AGUs, and a read-modify-
/// write's load and store on one AGU use), give every load an address uop
/// on the load ports and every store one on the store-address ports, and
/// move address-port uops of instructions that access no memory (LEA) to
/// the integer ALUs.
static void completeImpliedMemoryGroups(
    const MachineModel &M, const DecodedInstr &D,
    SmallVectorImpl<std::pair<unsigned, PortMask>> &Groups) {
  if (!M.AddressUopsImplied)
    return;
  PortMask MemPorts = M.LoadPorts | M.StoreAddressPorts;
  if (!D.MayLoad && !D.MayStore) {
    for (auto &G : Groups)
      if ((G.second & ~MemPorts) == 0)
        G.second = M.IntALUPorts;
    return;
  }
  unsigned Have = 0;
  for (auto &G : Groups)
    if ((G.second & ~MemPorts) == 0)
      Have += G.first;
  unsigned Need = unsigned(D.MayLoad) + unsigned(D.MayStore);
  if (Have >= Need)
    return;
  if (D.MayLoad) {
    Groups.insert(Groups.begin(), {1, M.LoadPorts});
    ++Have;
  }
  if (Have < Need)
    Groups.push_back({Need - Have, M.StoreAddressPorts});
}

/// The instruction's data-path latency: the compute latency when it computes,
/// the load-to-use latency for a pure load.
static unsigned pathLatency(const DecodedInstr &D, unsigned RegLat) {
  bool Computes = any_of(D.Uops, [](const Uop &U) {
    return U.Kind == UopKind::Compute || U.Kind == UopKind::Branch;
  });
  if (Computes)
    return RegLat;
  if (D.MayLoad)
    return D.LoadLatency;
  return D.Uops.empty() ? 0 : 1;
}

/// The register form of a memory-operand variant ("ADD (M64, I8)" →
/// "ADD (R64, I8)", "VADDPD (ZMM, ZMM, M64_1to8)" → "VADDPD (ZMM, ZMM,
/// ZMM)"): its latency is the operation's own, without the memory path.
static const UopsInfoEntry *registerForm(const InstrTable &T,
                                         const UopsInfoEntry &E) {
  SmallVector<StringRef, 4> Ops;
  E.Signature.split(Ops, ", ");
  bool Vector = any_of(Ops, [](StringRef O) {
    return O == "XMM" || O == "YMM" || O == "ZMM";
  });
  std::string Sig;
  bool Replaced = false;
  for (StringRef O : Ops) {
    std::string R = O.str();
    if (O.starts_with("M") && O.size() > 1 && isDigit(O[1])) {
      StringRef Width = O.drop_front().take_while(isDigit);
      size_t Bcast = O.find("_1to");
      if (Bcast != StringRef::npos) {
        unsigned Bits = 0, N = 0;
        Width.getAsInteger(10, Bits);
        O.drop_front(Bcast + 4).getAsInteger(10, N);
        unsigned Total = Bits * N;
        R = Total >= 512 ? "ZMM" : Total >= 256 ? "YMM" : "XMM";
      } else if (Vector || Width == "128" || Width == "256" || Width == "512") {
        R = Width == "512" ? "ZMM" : Width == "256" ? "YMM" : "XMM";
      } else {
        R = Width == "8" ? "R8l" : ("R" + Width).str();
      }
      Replaced = true;
    }
    Sig += (Sig.empty() ? "" : ", ") + R;
  }
  if (!Replaced)
    return nullptr;
  if (const UopsInfoEntry *R = T.lookup((E.Mnemonic + " (" + Sig + ")").str()))
    return R;
  // Narrow forms are often measured in one variant only ("OR (M8, I8)" has
  // no "OR (R8l, I8)"): the same operation on 32-bit registers has the
  // same ALU latency.
  SmallVector<StringRef, 4> Parts;
  StringRef(Sig).split(Parts, ", ");
  std::string Wide;
  bool Widened = false;
  for (StringRef P : Parts) {
    bool Narrow = P == "R8l" || P == "R8h" || P == "R16";
    Widened |= Narrow;
    Wide += (Wide.empty() ? "" : ", ") + (Narrow ? std::string("R32") : P.str());
  }
  return Widened ? T.lookup((E.Mnemonic + " (" + Wide + ")").str()) : nullptr;
}

const UopsInfoEntry *UopDecoder::registerFormOf(const UopsInfoEntry &E) const {
  assert(Table && "a table row without a table");
  auto [It, New] = RegisterForms.try_emplace(&E, nullptr);
  if (New)
    It->second = registerForm(*Table, E);
  return It->second;
}

bool UopDecoder::buildFromUopsInfo(const MCInst &Inst, const UopsInfoEntry &E,
                                   DecodedInstr &D) const {
  SmallVector<std::pair<unsigned, PortMask>, 4> Groups;
  if (!parsePortUsage(Model, E.Ports, Groups))
    return false;
  completeImpliedMemoryGroups(Model, D, Groups);
  D.Source = DecodeSource::UopsInfo;
  D.Variant = E.Key.str();
  D.FusedUops = E.Fused;
  D.IssueSlots = E.Fused;
  unsigned RegLat = registerLatency(E);
  D.LoadLatency = loadLatencyFor(D);
  // Memory forms: uops.info's range includes the memory path (load, and for
  // read-modify-write the store); the operation's own latency is its
  // register form's. Without one, a pure memory-source instruction (imul
  // r, m, imm) computes for the total minus the load.
  const UopsInfoEntry *RegForm =
      (D.MayLoad || D.MayStore) && Table ? registerFormOf(E) : nullptr;
  bool HasRegSources = any_of(D.Reads, [](RegUnit U) {
    return !isFlagUnit(U);
  });
  if (RegForm && RegForm->hasLatency())
    RegLat = registerLatency(*RegForm);
  else if (D.MayLoad && !HasRegSources && E.hasLatency() && E.LatMinIsBound)
    RegLat = std::max<int>(1, std::lround(E.LatMax) - int(D.LoadLatency));
  // MachineModel::LockedRoundTripAtThroughput: the forwarded load plus the
  // operation take the measured throughput.
  if (Model.LockedRoundTripAtThroughput &&
      D.isLockedRMW() && D.MayLoad &&
      E.LatMaxIsBound && E.TPMeasured > 0) {
    int Forward = std::max<int>(Model.Memory.StoreForwardLatency,
                                int(D.LoadLatency));
    RegLat = std::max<int>(1, std::lround(E.TPMeasured) - Forward);
  }
  // Pure stores: uops.info's latency bound ("<=8" for MOVDQU (M128, XMM)
  // on Zen 4) is a store-reload round trip, which the model's forwarding
  // latency already covers; a data-moving uop (AMD's FP45 store-data pipe)
  // takes one cycle. Measured on Zen 4: movdqu xmm8, [rsi+32];
  // movdqu [rdi+32], xmm8 with rsi = rdi, 9.0 cycles per round trip (the
  // bound as latency gave 16). Intel store-data uops are StoreData anyway.
  else if (D.MayStore && !D.MayLoad && E.LatMinIsBound)
    RegLat = 1;
  unsigned Div = 0;
  if (isDividerClass(E.Mnemonic))
    Div = dividerCycles(E);
  // Locked, microcoded and other serialising instructions: uops.info
  // measures a throughput far below what their ports allow; model the gap
  // as occupancy of one non-pipelined path (like the divider).
  // Not branches: uops.info times back-to-back taken jumps, whose rate is
  // a front-end limit (JMP rel8: 4.8 cycles on Skylake), modelled there.
  else if (E.TPMeasured >= 4 && E.TPMeasured >= 2 * E.TPPorts && !D.IsBranch)
    D.SerialCycles = static_cast<unsigned>(std::lround(E.TPMeasured));
  // Long microcoded sequences (MachineModel::MicrocodeSequencerOps): the
  // sequencer delivers one at a time, at uops.info's measured rate.
  else if (Model.MicrocodeSequencerOps &&
           E.Fused >= Model.MicrocodeSequencerOps && E.TPMeasured >= 2)
    D.SerialCycles = static_cast<unsigned>(std::lround(E.TPMeasured));
  // MoveEliminationDesc::SameRegisterExecutes, MovzxHigh8AliasExecutes:
  // the row measured the eliminated case (different registers, legacy
  // low bytes); mov eax, eax, movzx eax, al and movzx ecx, sil take an
  // ALU uop with the row's upper latency bound, 1.
  const MoveEliminationDesc &ME = Model.MoveElimination;
  if (E.Unfused == 0 && Model.IntALUPorts &&
      ((ME.SameRegisterExecutes && Sem.isSameRegisterMove(Inst)) ||
       (ME.MovzxHigh8AliasExecutes && Sem.isMovzxFromHigh8Alias(Inst)))) {
    Groups.assign(1, {1u, Model.IntALUPorts});
    classifyUops(Model, D, Groups, /*RegLat=*/1, D.LoadLatency, /*Div=*/0);
    D.Latency = pathLatency(D, 1);
    return true;
  }
  if (E.Unfused == 0) {
    // Executed at rename: eliminated move, nop, fxch...
    D.Latency = 0;
    D.EliminatedMove = !D.Writes.empty();
    return true;
  }
  classifyUops(Model, D, Groups, RegLat, D.LoadLatency, Div);
  if (D.SerialCycles && !D.Uops.empty())
    D.Uops.front().SerialCycles = D.SerialCycles;
  D.Latency = pathLatency(D, RegLat);
  return true;
}

PortMask UopDecoder::portsOfSchedResource(unsigned Idx) const {
  if (Idx >= ResourcePorts.size())
    ResourcePorts.resize(Idx + 1);
  if (!ResourcePorts[Idx]) {
    PortMask Mask = portsOfSchedResourceUncached(Idx);
    ResourcePorts[Idx] = Mask; // (the recursion may have resized)
  }
  return *ResourcePorts[Idx];
}

PortMask UopDecoder::portsOfSchedResourceUncached(unsigned Idx) const {
  const MCSchedModel &SM = TC.subtargetInfo().getSchedModel();
  const MCProcResourceDesc *PRD = SM.getProcResource(Idx);
  if (!PRD)
    return 0;
  StringRef Name = PRD->Name;
  for (const auto &[ResName, Mask] : Model.LLVMResourcePorts)
    if (Name == ResName)
      return Mask;
  if (PRD->SubUnitsIdxBegin) {
    PortMask Mask = 0;
    for (unsigned I = 0; I < PRD->NumUnits; ++I)
      Mask |= portsOfSchedResource(PRD->SubUnitsIdxBegin[I]);
    return Mask;
  }
  size_t At = Name.rfind("Port");
  if (At == StringRef::npos)
    return 0;
  StringRef Suffix = Name.drop_front(At + 4);
  int Port = Model.portIndex(Suffix);
  if (Port >= 0)
    return PortMask(1) << Port;
  // A multi-unit resource named by its ports, e.g. SandyBridge's
  // "SBPort23" (ProcResource<2>, no sub-units): one character per port.
  PortMask Mask = 0;
  for (char C : Suffix) {
    int P = Model.portIndex(StringRef(&C, 1));
    if (P < 0)
      return 0;
    Mask |= PortMask(1) << P;
  }
  return Mask;
}

/// "LLVM " and the scheduling class's name, built in one string.
static std::string schedClassVariant(const MCSchedModel &SM, unsigned ID) {
#ifndef NDEBUG
  return ("LLVM " + SM.getSchedClassName(ID)).str();
#else
  return "LLVM sched class " + std::to_string(ID);
#endif
}

bool UopDecoder::buildFromSchedModel(const MCInst &Inst,
                                     DecodedInstr &D) const {
  const MCSubtargetInfo &STI = TC.subtargetInfo();
  const MCSchedModel &SM = STI.getSchedModel();
  if (!SM.hasInstrSchedModel())
    return false;
  const MCInstrInfo &MII = TC.instrInfo();
  unsigned ClassID = MII.get(Inst.getOpcode()).getSchedClass();
  const MCSchedClassDesc *SC = SM.getSchedClassDesc(ClassID);
  unsigned Guard = 0;
  while (SC && SC->isVariant() && Guard++ < 8) {
    ClassID = STI.resolveVariantSchedClass(ClassID, &Inst, &MII,
                                           SM.getProcessorID());
    SC = ClassID ? SM.getSchedClassDesc(ClassID) : nullptr;
  }
  if (!SC || !SC->isValid() || SC->isVariant())
    return false;

  // LLVM also lists every group enclosing a port an instruction uses (for
  // llvm-mca's pressure view): take resources from the narrowest up and
  // count for a group only the cycles its narrower members do not explain.
  SmallVector<std::pair<PortMask, int>, 8> Uses;
  for (const MCWriteProcResEntry *W = STI.getWriteProcResBegin(SC),
                                 *WE = STI.getWriteProcResEnd(SC);
       W != WE; ++W) {
    PortMask Mask = portsOfSchedResource(W->ProcResourceIdx);
    if (!Mask)
      continue; // a non-port resource (divider, load queue...)
    Uses.push_back({Mask, std::max<int>(1, W->ReleaseAtCycle - W->AcquireAtCycle)});
  }
  llvm::sort(Uses, [](const auto &A, const auto &B) {
    return llvm::popcount(A.first) < llvm::popcount(B.first);
  });
  SmallVector<std::pair<unsigned, PortMask>, 4> Groups;
  SmallVector<std::pair<PortMask, int>, 8> Taken;
  for (auto [Mask, Cycles] : Uses) {
    int Own = Cycles;
    for (auto [Sub, N] : Taken)
      if ((Sub & ~Mask) == 0 && Sub != Mask)
        Own -= N;
    Taken.push_back({Mask, Cycles});
    if (Own > 0)
      Groups.push_back({unsigned(Own), Mask});
  }
  D.Source = DecodeSource::LLVMSchedModel;
  D.Variant = schedClassVariant(SM, ClassID);
  int Lat = MCSchedModel::computeInstrLatency(STI, *SC);
  D.LoadLatency = loadLatencyFor(D);
  unsigned RegLat = std::max(0, Lat - (D.MayLoad ? int(D.LoadLatency) : 0));
  if (RegLat == 0 && Lat > 0)
    RegLat = 1;
  completeImpliedMemoryGroups(Model, D, Groups);
  if (Groups.empty() && SC->NumMicroOps > 0)
    Groups.push_back({1, Model.IntALUPorts});
  classifyUops(Model, D, Groups, RegLat, D.LoadLatency, 0);
  D.Latency = pathLatency(D, RegLat);
  D.FusedUops = std::max<unsigned>(1, SC->NumMicroOps ? SC->NumMicroOps : 1);
  // LLVM counts unfused uops; loads and stores micro-fuse with their op.
  if (Model.FrontEnd.MicroFusion && D.MayLoad && D.FusedUops > 1)
    --D.FusedUops;
  if (Model.FrontEnd.MicroFusion && D.MayStore && D.FusedUops > 1)
    --D.FusedUops;
  D.IssueSlots = D.FusedUops;
  return true;
}

/// `reg += constant` on a 64-bit register (add/sub/inc/dec/lea), which lets
/// the dependency analysis follow constant-stride addresses.
/// The first immediate MCOperand of \p Inst that is its own: not part of
/// its memory reference, not a jcc/setcc/cmov's condition code (the last
/// operand). D.Mem and D.CondCode must be set.
static std::optional<unsigned> ownImmediateOperand(const MCInst &Inst,
                                                   const DecodedInstr &D) {
  for (unsigned I = 0, E = Inst.getNumOperands(); I != E; ++I)
    if (!(D.Mem && D.Mem->covers(I)) && Inst.getOperand(I).isImm() &&
        !(D.CondCode >= 0 && I + 1 == E))
      return I;
  return std::nullopt;
}

static void findConstantIncrement(const MCInst &Inst, StringRef Op,
                                  const X86Semantics &Sem, DecodedInstr &D) {
  auto Reg = [&](unsigned I) {
    return I < Inst.getNumOperands() && Inst.getOperand(I).isReg()
               ? Inst.getOperand(I).getReg()
               : MCRegister();
  };
  auto Imm = [&](unsigned I, int64_t &V) {
    if (I >= Inst.getNumOperands() || !Inst.getOperand(I).isImm())
      return false;
    V = Inst.getOperand(I).getImm();
    return true;
  };
  int64_t V = 0;
  MCRegister Dst = Reg(0);
  if (!Dst || Sem.regBits(Dst) != 64)
    return;
  if ((Op == "ADD64ri8" || Op == "ADD64ri32") && Imm(2, V))
    ;
  else if ((Op == "SUB64ri8" || Op == "SUB64ri32") && Imm(2, V))
    V = -V;
  else if (Op == "INC64r")
    V = 1;
  else if (Op == "DEC64r")
    V = -1;
  else if (Op == "LEA64r" && Reg(1) == Dst && !Reg(3) && !Reg(5) &&
           Imm(4, V))
    ;
  else
    return;
  D.IncrementedUnit = Sem.unitOf(Dst);
  D.Increment = V;
}

/// How an instruction sets its GPR destination, and stack effects, for the
/// concrete evaluation of addresses (see DecodedInstr::GPRResult).
static void findValueEffect(const MCInst &Inst, StringRef Op,
                            const X86Semantics &Sem, DecodedInstr &D) {
  using GW = DecodedInstr::GPRWrite;
  if (Op.starts_with("PUSH") || Op.starts_with("CALL")) {
    D.StackDelta = -8;
    D.StackAccess = true;
  } else if (Op.starts_with("POP") || Op.starts_with("RET")) {
    D.StackDelta = 8;
    D.StackAccess = true;
  }
  // div/idiv r/m32, r/m64: the quotient to rax, the remainder to rdx
  // (Intel SDM vol. 2A, DIV/IDIV), followed where the dividend and the
  // divisor are known (bhdev-1904: the remainder 0 indexes the next
  // copy's store, a store its load of [r15] reads).
  {
    StringRef DivBase = Op.take_until([](char C) { return isDigit(C); });
    StringRef DivForm = Op.drop_front(DivBase.size());
    unsigned DivBits = DivForm.starts_with("64")   ? 64
                       : DivForm.starts_with("32") ? 32
                                                   : 0;
    if ((DivBase == "DIV" || DivBase == "IDIV") && DivBits &&
        (DivForm.ends_with("r") || (DivForm.ends_with("m") && D.Mem))) {
      GW &W = D.GPRResult;
      W.K = DivBase == "IDIV" ? GW::DivideSigned : GW::DivideUnsigned;
      W.Dest = regunit::RAX;
      W.Index = DivForm.ends_with("r") && Inst.getNumOperands() &&
                        Inst.getOperand(0).isReg()
                    ? Sem.unitOf(Inst.getOperand(0).getReg())
                    : regunit::None;
      W.Bits = DivBits;
      return;
    }
  }
  // The single GPR destination, if any.
  RegUnit Dest = regunit::None;
  for (RegUnit U : D.Writes)
    if (isGPRUnit(U)) {
      if (Dest != regunit::None)
        return; // several GPR results (mul, xchg...): not followed
      Dest = U;
    }
  if (Dest == regunit::None)
    return;
  GW &W = D.GPRResult;
  W.Dest = Dest;
  W.K = GW::Unknown;
  MCRegister DstReg =
      Inst.getNumOperands() && Inst.getOperand(0).isReg() ? Inst.getOperand(0).getReg()
                                                          : MCRegister();
  W.Bits = DstReg ? Sem.regBits(DstReg) : 64;
  // 8-bit (low byte) and 16-bit writes merge into the old value: followed
  // as LowPart where the written value is affine (below), else not.
  const bool Partial = (W.Bits == 8 || W.Bits == 16) && DstReg &&
                       !Sem.isHighByteReg(DstReg);
  if (W.Bits != 32 && W.Bits != 64 && !Partial) {
    W.Bits = 64;
    return; // partial writes merge: not followed
  }
  auto RegAt = [&](unsigned I) -> RegUnit {
    return I < Inst.getNumOperands() && Inst.getOperand(I).isReg()
               ? Sem.unitOf(Inst.getOperand(I).getReg())
               : regunit::None;
  };
  auto ImmAt = [&](unsigned I, int64_t &V) {
    if (I >= Inst.getNumOperands() || !Inst.getOperand(I).isImm())
      return false;
    V = Inst.getOperand(I).getImm();
    return true;
  };
  int64_t V;
  StringRef Base = Op.take_until([](char C) { return isDigit(C); });
  StringRef Form = Op.drop_front(Base.size()).drop_while(isDigit);
  if (D.ZeroIdiom || Sem.isSameRegXorOrSub(Inst)) {
    // dest = 0 (xor dx, dx too, which is no zero idiom to the renamer:
    // it still merges into rdx, as LowPart)
    W.K = GW::Affine;
  } else if (D.MayLoad && !D.MayStore && (Base == "MOV" || Base == "MOVZX" ||
                                          Base == "MOVSX" || Base == "POP")) {
    W.K = GW::Loaded;
  } else if (Base == "MOV" && Form.starts_with("ri") && ImmAt(1, V)) {
    W.K = GW::Affine;
    W.Imm = V;
  } else if (Base == "MOV" && Form.starts_with("rr")) {
    W.K = GW::Affine;
    W.Base = RegAt(1);
    W.Scale = 0;
  } else if (Op == "MOVSX64rr32") {
    // movsxd r64, r32: array indices (bhdev-0826 aliases through it).
    W.K = GW::Affine;
    W.Base = RegAt(1);
    W.Scale = 0;
    W.SignExtend32 = true;
  } else if ((Base == "ADD" || Base == "SUB") && Form.starts_with("ri") &&
             ImmAt(2, V)) {
    W.K = GW::Affine;
    W.Base = RegAt(1);
    W.Imm = Base == "SUB" ? -V : V;
  } else if ((Base == "ADD" || Base == "SUB") && Form.starts_with("rr")) {
    W.K = GW::Affine;
    W.Base = RegAt(1);
    W.Index = RegAt(2);
    W.Scale = Base == "SUB" ? -1 : 1;
  } else if (Base == "INC" || Base == "DEC") {
    if (Form.starts_with("r")) {
      W.K = GW::Affine;
      W.Base = RegAt(1);
      W.Imm = Base == "INC" ? 1 : -1;
    }
  } else if ((Base == "AND" || Base == "SHL") && Form.starts_with("ri") &&
             ImmAt(2, V)) {
    // Address walks through loaded values (and rdx, -8; shl rax, 6): the
    // harness context follows them (MemoryDesc::STLBHitLoadCycles).
    W.K = Base == "AND" ? GW::AndImm : GW::ShlImm;
    W.Base = RegAt(1);
    W.Imm = V;
  } else if (Base == "LEA" && D.Mem && !D.Mem->SymbolicDisp &&
             !D.Mem->RIPRelative) {
    W.K = GW::Affine;
    W.Base = D.Mem->Base ? Sem.unitOf(D.Mem->Base) : regunit::None;
    W.Index = D.Mem->Index ? Sem.unitOf(D.Mem->Index) : regunit::None;
    W.Scale = D.Mem->Scale;
    W.Imm = D.Mem->Disp;
  } else if ((Base == "AND" || Base == "OR" || Base == "XOR") &&
             Form.starts_with("rr") && RegAt(1) == Dest) {
    // and/or/xor r, r of known values (bhdev-0894: neg rsi; and r15, rsi
    // forms the next store's address).
    W.K = Base == "AND" ? GW::AndReg : Base == "OR" ? GW::OrReg : GW::XorReg;
    W.Base = Dest;
    W.Index = RegAt(2);
  } else if (Base == "NEG" && Form.starts_with("r") && RegAt(1) == Dest) {
    W.K = GW::Affine; // 0 - src
    W.Index = Dest;
    W.Scale = -1;
  } else if ((Base == "ADD" || Base == "SUB" || Base == "IMUL") &&
             Form == "rm" && D.MayLoad && !D.MayStore && D.Mem &&
             RegAt(1) == Dest) {
    // add/sub/imul r, m: the register and the harness memory's value
    // (bhdev-1448's index: add ebx, [rsp+0x1c]; bhdev-0073's imul r11,
    // [rsi+8] of a zero).
    W.K = Base == "IMUL" ? GW::MulLoaded : GW::AddLoaded;
    W.Base = Dest;
    W.Scale = Base == "SUB" ? -1 : 1;
  } else if ((Op == "MOVZX32rr8" || Op == "MOVZX32rr16") && RegAt(1) &&
             !Sem.isHighByteReg(Inst.getOperand(1).getReg())) {
    // movzx r32, r8/r16 of a register: the source's low bits
    // (bhdev-1783's RC4 loop indexes its table through movzx r8d, cl).
    W.K = GW::AndImm;
    W.Base = RegAt(1);
    W.Imm = Op == "MOVZX32rr8" ? 0xff : 0xffff;
  }
  if (Partial) {
    // Only the affine forms merge with a known old value; the rest (a
    // partial load, and-immediate...) stay unfollowed as before.
    if (W.K == GW::Affine && !W.SignExtend32) {
      W.K = GW::LowPart;
    } else {
      W.K = GW::Unknown;
      W.Bits = 64;
      W.Base = W.Index = regunit::None;
      W.Scale = W.Imm = 0;
    }
  }
}

DecodedInstr UopDecoder::decodeUncached(const MCInst &Inst) const {
  DecodedInstr D;
  D.Opcode = Inst.getOpcode();
  X86InstrInfo Info = Sem.analyze(Inst);
  D.Reads = Info.Reads;
  D.AddressReads = Info.AddressReads;
  D.Writes = Info.Writes;
  D.Mem = Info.Mem;
  D.MayLoad = Info.MayLoad;
  // LLVM marks prefetches as storing (side effects); they write nothing, so
  // no load depends on them (bhdev-0079 on znver4: a prefetcht0 [rdi] was
  // taken as the store a later [rsp-0x28] load of the same address reads).
  D.MayStore = Info.MayStore && !Sem.isPrefetch(Inst);
  D.IsBranch = Info.IsBranch;
  D.IsConditionalBranch = Info.IsConditionalBranch;
  D.IsCall = Info.IsCall;
  D.IsReturn = Info.IsReturn;
  D.CondCode = Info.CondCode;
  D.FusionClass = Sem.fusionClass(Inst);
  // The lock prefix lives in the MCInst's flags; the printer spells it.
  // Printed on demand: only stores and new shapes (Matcher.match) read it.
  std::string Text;
  bool IsPrinted = false;
  auto IntelText = [&]() -> StringRef {
    if (!IsPrinted) {
      Text = TC.print(Inst, /*Intel=*/1);
      IsPrinted = true;
    }
    return Text;
  };
  if (D.MayStore) {
    StringRef Printed = IntelText().ltrim();
    D.Locked = Printed.starts_with("lock");
    D.ImplicitlyLocked = D.MayLoad && Printed.starts_with("xchg");
  }
  // AVX-512 masked stores: LLVM names them ...mrk (VMOVUPSZ256mrk,
  // VPCOMPRESSDZmrk).
  D.MaskedStore =
      D.MayStore && Sem.opcodeName(Inst.getOpcode()).ends_with("mrk");
  D.NumExplicitRegOperands = Info.NumExplicitRegOperands;
  D.DestIsAlsoSource = Info.DestIsAlsoSource;
  D.IsSyscallOrPrivileged = Info.IsSyscallOrPrivileged;
  findConstantIncrement(Inst, Sem.opcodeName(Inst.getOpcode()), Sem, D);
  D.HasImmediate = ownImmediateOperand(Inst, D).has_value();

  // Encoded once for the matcher and the front-end facts (each encoded it).
  SmallVector<char, 16> Bytes = TC.encode(Inst);
  std::string Tried;
  const UopsInfoEntry *E =
      Table ? Matcher.match(Inst, *Table, Info, Bytes, IntelText, &Tried)
            : nullptr;
  if (E) {
    StringRef Sig = E->Signature;
    for (StringRef Part : split(Sig, ", ")) {
      Part = Part.trim();
      unsigned Bits;
      if (Part.consume_front("M") &&
          !Part.take_while(isDigit).getAsInteger(10, Bits))
        D.MemBits = Bits;
    }
  }
  bool Built = false;
  bool IsVecMove = false;
  if (E && !E->hasPorts() && E->hasLatency() && E->LatMax == 0 &&
      Sem.isEliminableMove(Inst, IsVecMove)) {
    // AMD tables: a register move measured at latency 0 is eliminated at
    // rename (uops.info counts its macro-op, which lists no port).
    D.Source = DecodeSource::UopsInfo;
    D.Variant = E->Key.str();
    D.FusedUops = D.IssueSlots = std::max(1u, E->Fused);
    D.Latency = 0;
    D.EliminatedMove = true;
    Built = true;
  }
  if (!Built && E && (E->hasPorts() || E->Unfused == 0))
    Built = buildFromUopsInfo(Inst, *E, D);
  if (!Built && E && !E->hasPorts()) {
    // AMD tables carry ports for FP pipes only: uops.info's uop count and
    // latency, ports from LLVM's scheduling model for this CPU.
    DecodedInstr Ports = D;
    if (buildFromSchedModel(Inst, Ports)) {
      // LLVM books a resource for several cycles (a divider for 5, a store
      // pipe for 2), which the fallback reads as several uops; uops.info
      // counted the uops: drop repeated identical uops down to its count.
      // Uops refer to each other by index (InputUop): keep them pointing
      // at the same uop, or at the identical twin that stays.
      unsigned Want = std::max(1u, E->Unfused);
      for (size_t I = Ports.Uops.size(); I-- > 1 && Ports.Uops.size() > Want;)
        for (size_t J = 0; J < I; ++J)
          if (Ports.Uops[J].Kind == Ports.Uops[I].Kind &&
              Ports.Uops[J].Ports == Ports.Uops[I].Ports) {
            Ports.Uops.erase(Ports.Uops.begin() + I);
            for (Uop &U : Ports.Uops) {
              if (U.InputUop == int(I))
                U.InputUop = int8_t(J);
              else if (U.InputUop > int(I))
                --U.InputUop;
            }
            break;
          }
      // Zen 3/4 split a base+index+displacement LEA into two ALU ops
      // (uops.info: 2 uops, 0.5 cycles; measured on Zen 4: eight of them
      // plus dec/jnz take 4.26 cycles); LLVM lists one.
      if (E->Mnemonic.starts_with("LEA") && !Ports.Uops.empty() &&
          Ports.Uops.size() < Want &&
          all_of(Ports.Uops, [](const Uop &U) {
            return U.Kind == UopKind::Compute;
          })) {
        Uop Extra = Ports.Uops.front();
        Extra.WritesResult = false;
        Extra.Latency = 1;
        while (Ports.Uops.size() < Want)
          Ports.Uops.push_back(Extra);
      }
      D = std::move(Ports);
      D.Source = DecodeSource::UopsInfoPartial;
      D.Variant = E->Key.str();
      D.FusedUops = E->Fused;
      D.IssueSlots = E->Fused;
      unsigned RegLat = registerLatency(*E);
      // (LEA: uops.info's range spans the address registers. Measured on
      // Zen 4, lea rax, [rax+rbx+1] chained takes 2.00 cycles through the
      // base and 1.00 through the index; the instruction keeps the
      // minimum, which scored better on the corpus - index recurrences
      // such as lea rcx, [rbx+rcx*8+8] are common - and
      // LatencyRulesDesc::ThreeComponentLEABase gives the base its path,
      // applyLEABaseRule.)
      // Memory forms: the operation's own latency, without the load (as in
      // buildFromUopsInfo).
      bool HasLoadUop = any_of(D.Uops, [](const Uop &U) {
        return U.Kind == UopKind::Load;
      });
      if (HasLoadUop && Table) {
        const UopsInfoEntry *RegForm = registerFormOf(*E);
        bool HasRegSources = any_of(D.Reads, [](RegUnit U) {
          return !isFlagUnit(U);
        });
        if (RegForm && RegForm->hasLatency())
          RegLat = registerLatency(*RegForm);
        else if (!HasRegSources && E->hasLatency() && E->LatMinIsBound)
          RegLat = std::max<int>(1, std::lround(E->LatMax) -
                                        int(D.LoadLatency));
      }
      for (Uop &U : D.Uops)
        if (U.Kind == UopKind::Compute) {
          U.Latency = RegLat;
          break;
        }
      // Occupancy that uops.info measured and LLVM's resources only hint
      // at: the divider, and serialising instructions whose measured
      // throughput is far below one uop per cycle each.
      float TP = occupancyCycles(*E);
      if (TP >= 1 && isDividerClass(E->Mnemonic)) {
        D.DividerCycles = dividerCycles(*E);
        Uop *Target = nullptr;
        for (Uop &U : D.Uops)
          if (U.Kind == UopKind::Compute &&
              (!Target || (U.Ports & (1u << Model.Divider.Port))))
            Target = &U;
        if (Target)
          Target->DividerCycles = D.DividerCycles;
      } else if (TP >= 4 && TP >= 2 * D.Uops.size() && !D.Uops.empty() &&
                 !D.IsBranch) { // see buildFromUopsInfo
        D.SerialCycles = static_cast<unsigned>(std::lround(TP));
        D.Uops.front().SerialCycles = D.SerialCycles;
      }
      D.Latency = pathLatency(D, RegLat);
      // Appended into one allocation (most first decodings on AMD take
      // this path).
      static constexpr StringLiteral NoPorts =
          "ports from LLVM's scheduling model (uops.info has no port data "
          "for this instruction on ";
      D.Note.reserve(NoPorts.size() + Model.Name.size() + 1);
      D.Note.assign(NoPorts.data(), NoPorts.size());
      D.Note += Model.Name;
      D.Note += ')';
      Built = true;
    }
  }
  if (!Built && buildFromSchedModel(Inst, D)) {
    D.Note = Table ? "no uops.info entry (tried '" + Tried +
                         "'); LLVM scheduling model used"
                   : "no uops.info table for " + Model.Name +
                         "; LLVM scheduling model used";
    Built = true;
  }
  if (!Built) {
    D.Source = DecodeSource::Unsupported;
    D.Variant = Tried;
    D.Note = "not modelled by uops.info nor by LLVM's scheduling model; "
             "assumed one ALU uop with latency 1";
    SmallVector<std::pair<unsigned, PortMask>, 1> G = {{1, Model.IntALUPorts}};
    D.LoadLatency = loadLatencyFor(D);
    classifyUops(Model, D, G, 1, D.LoadLatency, 0);
  }
  applyDataPathRules(E, D);
  applyFlagMergeRule(E, D);
  applyShiftByCLRule(E, D);
  applyShiftByCLFlagsRule(E, D);
  applyLEABaseRule(E, D);
  // MemoryDesc::LockedRMWCycles: at least the measured occupancy, or
  // uops.info's measured throughput where longer (XADD_LOCK 7.80 on Zen
  // 4); the usual derivation skips them (7.38 is under twice ADD_LOCK's
  // four uops).
  if (D.Locked && Model.Memory.LockedRMWCycles && !D.Uops.empty()) {
    unsigned FromTable = E ? unsigned(std::lround(E->TPMeasured)) : 0;
    D.SerialCycles = std::max({D.SerialCycles, FromTable,
                               unsigned(Model.Memory.LockedRMWCycles)});
    for (Uop &U : D.Uops)
      U.SerialCycles = 0;
    D.Uops.front().SerialCycles = D.SerialCycles;
  }
  applyIdiomsAndFusionRules(Inst, D);
  // BackEndDesc::DirectJumpsNeedNoPort: the jmp keeps its issue slot (and
  // retires) but completes at issue, as a nop does.
  if (Model.BackEnd.DirectJumpsNeedNoPort && D.IsBranch &&
      !D.IsConditionalBranch && !D.IsCall && !D.IsReturn &&
      !Info.IsIndirectBranch && !D.MayLoad) {
    D.Uops.clear();
    D.Latency = 0;
  }
  findValueEffect(Inst, Sem.opcodeName(Inst.getOpcode()), Sem, D);
  setFrontEndFacts(Inst, Bytes, D);
  return D;
}

/// Whether the instruction moves data between memory and vector registers.
static bool accessesVectorRegs(const DecodedInstr &D) {
  auto Vec = [](RegUnit U) {
    return isVecUnit(U) || (U >= regunit::FirstMMX && U < regunit::Count);
  };
  return any_of(D.Writes, Vec) || any_of(D.Reads, Vec);
}

void UopDecoder::applyDataPathRules(const UopsInfoEntry *E,
                                    DecodedInstr &D) const {
  if (D.Uops.empty())
    return; // executed at rename
  const MemoryDesc &Mem = Model.Memory;
  bool VectorLoad = D.MayLoad && accessesVectorRegs(D);
  // A load into a vector register for which uops.info lists no execution
  // pipe is a load and nothing else (LLVM's znver models also book it on
  // the FP store/transfer pipes, which uops.info does not see it use).
  if (VectorLoad && Mem.VectorLoadPorts && !D.MayStore && E &&
      !E->hasPorts() && any_of(D.Uops, [](const Uop &U) {
        return U.Kind == UopKind::Load;
      })) {
    SmallVector<Uop, 4> Loads;
    for (const Uop &U : D.Uops)
      if (U.Kind == UopKind::Load)
        Loads.push_back(U);
    for (Uop &U : Loads) {
      U.InputUop = -1;
      U.WritesResult = false;
      U.Latency = D.LoadLatency;
    }
    Loads.front().WritesResult = true;
    D.Uops.assign(Loads.begin(), Loads.end());
    D.Latency = D.LoadLatency;
  }
  if (VectorLoad && Mem.VectorLoadPorts)
    for (Uop &U : D.Uops)
      if (U.Kind == UopKind::Load)
        U.Ports = Mem.VectorLoadPorts;

  // Pipes held for several cycles (PipeOccupancyFromMeasuredThroughput).
  if (Model.PipeOccupancyFromMeasuredThroughput && E && E->hasPorts() &&
      E->TPPorts > 0 && !D.DividerCycles && !D.SerialCycles) {
    unsigned K = unsigned(E->TPMeasured / E->TPPorts + 0.25);
    if (K >= 2) {
      K = std::min(K, 4u);
      unsigned N = D.Uops.size();
      for (unsigned I = 0; I < N; ++I)
        if (D.Uops[I].Kind == UopKind::Compute)
          for (unsigned Extra = 1; Extra < K; ++Extra)
            D.Uops.push_back(occupancyCopy(D.Uops[I]));
    }
  }

  // Wide accesses take several load or store-data slots.
  auto widen = [&](UopKind Kind, unsigned SlotBits) {
    if (!SlotBits || D.MemBits <= SlotBits)
      return;
    unsigned Want = D.MemBits / SlotBits;
    auto First = find_if(D.Uops, [&](const Uop &U) { return U.Kind == Kind; });
    if (First == D.Uops.end())
      return;
    Uop Copy = occupancyCopy(*First);
    unsigned Have = count_if(D.Uops, [&](const Uop &U) {
      return U.Kind == Kind;
    });
    for (; Have < Want; ++Have)
      D.Uops.push_back(Copy);
  };
  if (VectorLoad)
    widen(UopKind::Load, Mem.VectorLoadBits);
  if (D.MayStore)
    widen(UopKind::StoreData, Mem.StoreDataBits);
}

/// uops.info's row shows the split itself: exactly two uops and latency
/// [1;2] (1 from the data, 2 from the flags). The rule applies only to such
/// rows, whichever core's table it is (Haswell's 3-uop cmovbe, Ice Lake's
/// 1-uop setbe and Alder Lake's [3;6] setbe r8h are left alone).
static bool isFlagMergeRow(const UopsInfoEntry *E) {
  return E && E->Unfused == 2 && E->LatMin == 1 && E->LatMax == 2 &&
         !E->LatMinIsBound && !E->LatMaxIsBound;
}

void UopDecoder::applyFlagMergeRule(const UopsInfoEntry *E,
                                    DecodedInstr &D) const {
  if (!Model.FlagMergeUop || !isFlagMergeRow(E) ||
      D.Source != DecodeSource::UopsInfo || D.IsBranch || D.MayLoad ||
      D.MayStore || D.CondCode < 0 || !cond::readsCF(D.CondCode) ||
      !cond::readsSZOP(D.CondCode) || D.Uops.size() != 2 ||
      !all_of(D.Uops, [](const Uop &U) {
        return U.Kind == UopKind::Compute && U.ReadsSources &&
               !U.DividerCycles && !U.SerialCycles;
      }))
    return;
  // The first uop merges CF with ZF; the operation waits for it and for
  // the data sources (the destination's old value, the moved register).
  Uop &Merge = D.Uops[0], &Op = D.Uops[1];
  Merge.Sources = SourceSubset::Flags;
  Merge.Latency = 1;
  Merge.WritesResult = false;
  Op.Sources = SourceSubset::NonFlags;
  Op.InputUop = 0;
  Op.Latency = 1;
  Op.WritesResult = true;
  D.Latency = 1;
  D.FlagsLatency = 2;
}

/// uops.info's row shows the split: latency [0;2] (0 for the flags that a
/// zero count passes through, 2 for the merged flags; the register result
/// takes 1, as by an immediate) over two (Ice Lake and later) or three
/// (Haswell to Skylake) uops.
static bool isShiftByCLRow(const UopsInfoEntry *E) {
  return E && E->Unfused >= 2 && E->LatMin == 0 && E->LatMax == 2 &&
         !E->LatMinIsBound && !E->LatMaxIsBound;
}

void UopDecoder::applyShiftByCLRule(const UopsInfoEntry *E,
                                    DecodedInstr &D) const {
  if (!Model.ShiftByCLFlagUops || !isShiftByCLRow(E) ||
      D.Source != DecodeSource::UopsInfo || D.MayLoad || D.MayStore ||
      D.Uops.size() < 2 || D.Uops.size() != E->Unfused ||
      !all_of(D.Uops, [](const Uop &U) {
        return U.Kind == UopKind::Compute && U.ReadsSources;
      }))
    return;
  if (!isShiftOrRotateByCL(*E))
    return;
  Uop &Shift = D.Uops[0];
  Shift.Sources = SourceSubset::NonFlags;
  Shift.Latency = 1;
  Shift.WritesResult = true;
  for (unsigned I = 1, N = D.Uops.size(); I < N; ++I) {
    D.Uops[I].Sources = SourceSubset::Flags;
    D.Uops[I].InputUop = 0;
    D.Uops[I].WritesResult = false;
  }
  D.Latency = 1;
  D.FlagsLatency = 0;
}

/// A double shift by CL in register form ("SHLD_CL (R64, R64, CL)").
static bool isDoubleShiftByCL(const UopsInfoEntry &E) {
  return (E.Mnemonic == "SHLD_CL" || E.Mnemonic == "SHRD_CL") &&
         E.Signature.starts_with("R") && E.Signature.ends_with(", CL");
}

/// The flag uops of a register shift, rotate or double shift by CL (row
/// \p E), as the decoder built them: those applyShiftByCLRule split off
/// (all but the first), or the two uops of a SHLD/SHRD by CL that share
/// one port set (uops.info's Haswell-to-Skylake row
/// 1*p0156+2*p06+1*p1: the double shift is SHLD/SHRD by an immediate's
/// 1*p1, and 2*p06 are the shifts by CL's flag uops). Empty for anything
/// else.
static SmallVector<unsigned, 2> shiftByCLFlagUops(const UopsInfoEntry &E,
                                                  const DecodedInstr &D) {
  SmallVector<unsigned, 2> Flags;
  if (D.Source != DecodeSource::UopsInfo || D.MayLoad || D.MayStore ||
      !all_of(D.Uops, [](const Uop &U) {
        return U.Kind == UopKind::Compute && !U.DividerCycles &&
               !U.SerialCycles;
      }))
    return Flags;
  if (isShiftOrRotateByCL(E)) {
    // Split by applyShiftByCLRule (its FlagsLatency 0), else left whole.
    if (D.FlagsLatency == 0)
      for (unsigned I = 1; I < D.Uops.size(); ++I)
        Flags.push_back(I);
    return Flags;
  }
  if (!isDoubleShiftByCL(E))
    return Flags;
  for (unsigned I = 0; I < D.Uops.size(); ++I)
    if (count_if(D.Uops, [&](const Uop &U) {
          return U.Ports == D.Uops[I].Ports;
        }) == 2)
      Flags.push_back(I);
  if (Flags.size() != 2 || Flags.size() == D.Uops.size())
    Flags.clear();
  return Flags;
}

void UopDecoder::applyShiftByCLFlagsRule(const UopsInfoEntry *E,
                                         DecodedInstr &D) const {
  unsigned Cycles = Model.ShiftByCLFlagsCycles;
  if (!Cycles || !Model.ShiftByCLFlagUops || !E)
    return;
  SmallVector<unsigned, 2> Flags = shiftByCLFlagUops(*E, D);
  if (Flags.size() < 2)
    return;
  // The old flags, which a zero count passes through ([IntelSDM] SAL/SAR/
  // SHL/SHR, SHLD, SHRD: "if the count is 0, the flags are not
  // affected"); LLVM lists no flag input for these instructions.
  for (RegUnit U : {regunit::CF, regunit::SZOP})
    if (!is_contained(D.Reads, U))
      D.Reads.push_back(U);
  // The result waits for the register inputs only; of the flag uops the
  // first merges the old flags, the second the register inputs (the
  // shifted-out bit, the result's sign and zero), each taking the cycles
  // from its inputs to the new flags. Any others only occupy their port.
  for (unsigned I = 0; I < D.Uops.size(); ++I) {
    Uop &U = D.Uops[I];
    U.ReadsSources = true;
    U.InputUop = -1;
    if (!is_contained(Flags, I)) {
      U.Sources = SourceSubset::NonFlags;
      continue;
    }
    U.WritesResult = false;
    U.Sources = I == Flags[0] ? SourceSubset::Flags : SourceSubset::NonFlags;
    U.Latency = I == Flags[0] || I == Flags[1] ? Cycles : 1;
  }
  assert(any_of(D.Uops, [](const Uop &U) { return U.WritesResult; }) &&
         "a result uop stays");
  D.FlagsLatency = 0;
  assert(Cycles < 128 && "fits FlagsOutLatency");
  D.FlagsOutLatency = int8_t(Cycles);
}

void UopDecoder::applyLEABaseRule(const UopsInfoEntry *E,
                                  DecodedInstr &D) const {
  unsigned BaseCycles = Model.Latencies.ThreeComponentLEABase;
  if (!BaseCycles || !E || !E->Mnemonic.starts_with("LEA") || !D.Mem ||
      !D.Mem->Base || !D.Mem->Index || D.Mem->RIPRelative ||
      D.Uops.size() != 2 || !all_of(D.Uops, [](const Uop &U) {
        return U.Kind == UopKind::Compute && U.ReadsSources;
      }))
    return;
  RegUnit Base = Sem.unitOf(D.Mem->Base), Index = Sem.unitOf(D.Mem->Index);
  // The same register on both paths, or rsp (its stack-sync uop goes with
  // the source reads), keeps the single latency.
  if (Base == Index || Base == Sem.rspUnit() || !is_contained(D.Reads, Base))
    return;
  assert(BaseCycles >= 2 && "the base path has two ops");
  // The base becomes the first op's only input, read as an address
  // register; the index stays a source of the second, which adds it to
  // the first's result and writes the instruction's (DependencyGraph
  // weighs the base path along the two ops). Two independent ops, each
  // writing the result, scored worse on eval/bhive/znver4.csv (4.63% vs
  // 4.62% loop form, 23 vs 27 of the blocks that move closer).
  erase(D.Reads, Base);
  D.AddressReads.push_back(Base);
  Uop &First = D.Uops[0], &Second = D.Uops[1];
  First.ReadsSources = false;
  First.ReadsAddress = true;
  First.InputUop = -1;
  First.WritesResult = false;
  First.Latency = BaseCycles - 1;
  Second.ReadsSources = true;
  Second.InputUop = 0;
  Second.WritesResult = true;
  Second.Latency = 1;
  D.Latency = 1;
}

void UopDecoder::setFrontEndFacts(const MCInst &Inst, ArrayRef<char> Bytes,
                                  DecodedInstr &D) const {
  D.FE.Encoding = scanEncoding(
      ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Bytes.data()),
                        Bytes.size()));
  for (const MCOperand &MO : Inst)
    if (MO.isReg() && Sem.isHighByteReg(MO.getReg()))
      D.FE.High8 = true;
  // The immediate as the uop cache stores it: outside the memory operand,
  // not a jcc's condition code, not a branch's target.
  if (!D.IsBranch)
    if (std::optional<unsigned> I = ownImmediateOperand(Inst, D)) {
      D.FE.HasImmValue = true;
      D.FE.ImmValue = Inst.getOperand(*I).getImm();
    }
  unsigned MaxUops = Model.FrontEnd.DecoderMaxUops
                         ? unsigned(Model.FrontEnd.DecoderMaxUops)
                         : ~0u;
  unsigned Fused = D.FusedUops;
  if (Fused > MaxUops) {
    // A microcode flow: all of it from the MS (which part the complex
    // decoder emits first is not measured; uops.info's XML has it).
    D.FE.DecoderUops = 0;
    D.FE.MicrocodeUops = uint8_t(std::min(Fused, 255u));
    D.FE.ComplexDecoder = true;
  } else {
    D.FE.DecoderUops = uint8_t(Fused);
    D.FE.ComplexDecoder =
        Fused >= 2 ||
        mnemonicListed(D, Model.FrontEnd.ComplexDecoderMnemonics.Value);
  }
}

void UopDecoder::applyIdiomsAndFusionRules(const MCInst &Inst,
                                           DecodedInstr &D) const {
  if (Model.Idioms.ZeroIdioms && Sem.isZeroIdiom(Inst)) {
    D.ZeroIdiom = true;
    D.Reads.clear();
    if (Model.Idioms.ZeroIdiomsNeedNoPort) {
      D.Uops.clear();
      D.Latency = 0;
    } else {
      for (Uop &U : D.Uops)
        U.ReadsSources = false;
    }
  } else if (Model.Idioms.OnesIdioms && Sem.isOnesIdiom(Inst)) {
    D.OnesIdiom = true;
    D.Reads.clear();
    for (Uop &U : D.Uops)
      U.ReadsSources = false;
  }
  if (Model.Idioms.SbbSameRegCarryOnly && Sem.isSameRegSbb(Inst)) {
    // Only the carry flag is an input.
    D.Reads.erase(remove_if(D.Reads, [](RegUnit U) { return !isFlagUnit(U); }),
                  D.Reads.end());
  }
  bool IsVecMove = false;
  bool SameRegisterExecutes = Model.MoveElimination.SameRegisterExecutes &&
                              Sem.isSameRegisterMove(Inst);
  if (D.Source != DecodeSource::UopsInfo && Sem.isEliminableMove(Inst, IsVecMove) &&
      (IsVecMove ? Model.MoveElimination.Vector : Model.MoveElimination.GPR) &&
      !SameRegisterExecutes) {
    D.Uops.clear();
    D.Latency = 0;
    D.EliminatedMove = true;
  }

  // Unlamination: a micro-fused load+op or store splits into two issue
  // slots depending on the addressing mode.
  unsigned FusedPairs = 0;
  unsigned NumLoads = 0, NumCompute = 0, NumSTA = 0, NumSTD = 0;
  for (const Uop &U : D.Uops) {
    NumLoads += U.Kind == UopKind::Load;
    NumCompute += U.Kind == UopKind::Compute || U.Kind == UopKind::Branch;
    NumSTA += U.Kind == UopKind::StoreAddress;
    NumSTD += U.Kind == UopKind::StoreData;
  }
  bool LoadFused = NumLoads && NumCompute && D.FusedUops < D.Uops.size();
  bool StoreFused = NumSTA && NumSTD;
  FusedPairs = unsigned(LoadFused) + unsigned(StoreFused);
  bool Indexed = D.Mem && D.Mem->Index;
  if (FusedPairs && Indexed) {
    switch (Model.Unlamination.Value) {
    case UnlaminationRule::Never:
      break;
    case UnlaminationRule::AnyIndexed:
      D.Unlaminated = true;
      D.IssueSlots = D.FusedUops + FusedPairs;
      break;
    case UnlaminationRule::IndexedUnlessTwoOperandRMW: {
      // Loads stay fused for 2-operand read-modify-write forms
      // (add rax, [rbx+rcx]); 3-operand forms and compares unlaminate.
      // Indexed stores stay micro-fused (their STA cannot use port 7).
      bool LoadStays = D.DestIsAlsoSource && D.NumExplicitRegOperands <= 1;
      unsigned Extra = (LoadFused && !LoadStays) ? 1 : 0;
      if (Extra) {
        D.Unlaminated = true;
        D.IssueSlots = D.FusedUops + Extra;
      }
      break;
    }
    }
  }
  // Indexed store addresses cannot use simple-address-only STA ports (p7).
  PortMask SimpleOnly = Model.SimpleAddressOnlyPorts;
  if (Indexed && SimpleOnly)
    for (Uop &U : D.Uops)
      if (U.Kind == UopKind::StoreAddress && (U.Ports & ~SimpleOnly))
        U.Ports &= ~SimpleOnly;
}

bool UopDecoder::canMacroFuse(const DecodedInstr &First,
                              const DecodedInstr &Second) const {
  const MacroFusionRules &R = Model.MacroFusion;
  if (!Second.IsConditionalBranch || Second.CondCode < 0)
    return false;
  StringRef C = First.FusionClass;
  bool ClassOK = (C == "cmp" && R.Cmp) || (C == "test" && R.Test) ||
                 (C == "add" && R.Add) || (C == "sub" && R.Sub) ||
                 (C == "and" && R.And) ||
                 ((C == "inc" || C == "dec") && R.IncDec) ||
                 ((C == "or" || C == "xor") && R.OrXor);
  if (!ClassOK)
    return false;
  if (First.Mem) {
    if (!R.AllowMemory || First.MayStore)
      return false;
    if (R.NoMemImm && First.HasImmediate)
      return false;
    if (R.NoRIPRelative && First.Mem->RIPRelative)
      return false;
  }
  int CC = Second.CondCode;
  if (R.ArithOnlyWithZeroCarrySignedCompares && C != "test" && C != "and") {
    bool SignOverflowParity = CC == cond::O || CC == cond::NO ||
                              CC == cond::S || CC == cond::NS ||
                              CC == cond::P || CC == cond::NP;
    if (SignOverflowParity)
      return false;
    if ((C == "inc" || C == "dec") &&
        (CC == cond::B || CC == cond::AE || CC == cond::BE || CC == cond::A))
      return false;
  }
  return true;
}

/// A NOP that executes nowhere (no uop) takes one dispatch and retire slot
/// per two adjacent NOPs (MachineModel FrontEndDesc::NopsDispatchInPairs).
static void pairNops(std::vector<DecodedInstr> &Out) {
  bool Open = false; // the previous instruction is a NOP with a free half
  for (DecodedInstr &D : Out) {
    bool Nop = D.Uops.empty() && D.Writes.empty() && !D.MayLoad &&
               !D.MayStore && !D.IsBranch &&
               StringRef(D.Variant).starts_with("NOP");
    if (!Nop) {
      Open = false;
      continue;
    }
    D.FusedUops = D.IssueSlots = Open ? 0 : 1;
    Open = !Open;
  }
}

/// The uops.info key of the 512-bit register form of an FP divide or
/// square root variant ("DIVSD (XMM, XMM)" -> "VDIVPD (ZMM, ZMM, ZMM)"), or
/// empty for other instructions (integer divides among them).
static StringRef fpDivider512BitForm(StringRef Variant) {
  StringRef Mnemonic = Variant.split(' ').first;
  Mnemonic.consume_front("V");
  Mnemonic.consume_back("_EVEX"); // uops.info's EVEX twins of VEX forms
  return StringSwitch<StringRef>(Mnemonic)
      .Case("DIVSS", "VDIVPS (ZMM, ZMM, ZMM)")
      .Case("DIVPS", "VDIVPS (ZMM, ZMM, ZMM)")
      .Case("DIVSD", "VDIVPD (ZMM, ZMM, ZMM)")
      .Case("DIVPD", "VDIVPD (ZMM, ZMM, ZMM)")
      .Case("SQRTSS", "VSQRTPS (ZMM, ZMM)")
      .Case("SQRTPS", "VSQRTPS (ZMM, ZMM)")
      .Case("SQRTSD", "VSQRTPD (ZMM, ZMM)")
      .Case("SQRTPD", "VSQRTPD (ZMM, ZMM)")
      .Default("");
}

void UopDecoder::applySticky512BitDivider(
    std::vector<DecodedInstr> &Out) const {
  if (!Model.Divider.Sticky512BitMode || !Table)
    return;
  auto Is512BitFPDivider = [](const DecodedInstr &D) {
    return D.DividerCycles && D.Source == DecodeSource::UopsInfo &&
           !fpDivider512BitForm(D.Variant).empty() &&
           StringRef(D.Variant).contains("ZMM");
  };
  if (none_of(Out, Is512BitFPDivider))
    return;
  for (DecodedInstr &D : Out) {
    if (!D.DividerCycles || Is512BitFPDivider(D))
      continue;
    StringRef Key = fpDivider512BitForm(D.Variant);
    const UopsInfoEntry *E = Key.empty() ? nullptr : Table->lookup(Key);
    if (!E)
      continue;
    unsigned Cycles = dividerCycles(*E);
    if (Cycles <= D.DividerCycles)
      continue;
    D.DividerCycles = Cycles;
    for (Uop &U : D.Uops)
      if (U.DividerCycles)
        U.DividerCycles = Cycles;
  }
}

std::vector<DecodedInstr>
UopDecoder::decodeKernel(const Kernel &K, const AddressContext &Ctx) const {
  std::vector<DecodedInstr> Out;
  Out.reserve(K.size());
  for (const KernelInstr &KI : K.Instrs)
    Out.push_back(decode(KI.Inst));
  for (size_t I = 0; I + 1 < Out.size(); ++I) {
    DecodedInstr &A = Out[I], &B = Out[I + 1];
    if (A.MacroFusedIntoPrev || !canMacroFuse(A, B))
      continue;
    A.MacroFusedWithNext = true;
    B.MacroFusedIntoPrev = true;
    // The pair is one uop on the branch ports, with the first instruction's
    // inputs, outputs and latency.
    PortMask BranchPorts = 0;
    for (const Uop &U : B.Uops)
      if (U.Kind == UopKind::Branch || U.Kind == UopKind::Compute)
        BranchPorts |= U.Ports;
    bool Merged = false;
    for (Uop &U : A.Uops)
      if (U.Kind == UopKind::Compute) {
        U.Ports = BranchPorts ? BranchPorts : U.Ports;
        U.Kind = UopKind::Branch;
        U.WritesResult = true;
        Merged = true;
        break;
      }
    // The first instruction executes at rename (Golden Cove's inc/dec and
    // small-immediate adds, uops.info: 0 uops): the branch still needs its
    // own uop on the branch ports.
    if (!Merged)
      for (const Uop &U : B.Uops)
        if (U.Kind == UopKind::Branch || U.Kind == UopKind::Compute) {
          A.Uops.push_back(U);
          A.Uops.back().Kind = UopKind::Branch;
          break;
        }
    B.Uops.clear();
    B.FusedUops = 0;
    B.IssueSlots = 0;
  }
  applySticky512BitDivider(Out);
  if (Model.FrontEnd.StackSyncUop)
    addStackSyncUops(Out);
  if (Model.Memory.ForwardedLoadSkipsComplexAddress)
    applyForwardSkipsComplexAddress(Out);
  if (Model.Memory.FastLoadNeedsLoadedBase)
    applyFastLoadBase(Out);
  if (Model.FrontEnd.NopsDispatchInPairs)
    pairNops(Out);
  applyStoreCommitLines(Model, Out, Ctx);
  applyMovingStackLoadPasses(Model, Out, Ctx);
  applySplitLineStores(Model, Out, Ctx);
  applyLinearAliasFills(Model, Out, Ctx);
  applySTLBHitRules(Model, Out, Ctx);
  applyX87NaNInputAssists(Model, Sem, Out, Ctx);
  return Out;
}

void UopDecoder::addStackSyncUops(std::vector<DecodedInstr> &D) const {
  // The stack engine's offset is non-zero after push/pop/call/ret; the
  // next explicit reader of rsp needs a sync uop, which zeroes it. The
  // state at the loop's entry is its state at the back edge: two passes.
  const RegUnit RSP = Sem.rspUnit();
  auto readsRSP = [&](const DecodedInstr &X) {
    return is_contained(X.Reads, RSP) || is_contained(X.AddressReads, RSP);
  };
  auto writesRSP = [&](const DecodedInstr &X) {
    return is_contained(X.Writes, RSP);
  };
  bool Dirty = false;
  for (unsigned Pass = 0; Pass < 2; ++Pass)
    for (DecodedInstr &X : D) {
      if (X.StackDelta != 0) {
        Dirty = true;
        continue;
      }
      bool Reads = readsRSP(X);
      bool Syncs = Pass == 1 && Dirty && Reads &&
                   (X.EliminatedMove || !X.Uops.empty());
      if (Syncs) {
        Uop Sync;
        Sync.Kind = UopKind::Compute;
        Sync.Ports = Model.IntALUPorts;
        Sync.Latency = 1;
        ++X.FusedUops;
        ++X.IssueSlots;
        X.StackSync = true;
        if (X.EliminatedMove) {
          // mov rbp, rsp after a push: the move stays at rename, but its
          // source is the synced rsp, which the sync uop computes; the
          // copy is that uop's result, a cycle after rsp.
          Sync.ReadsSources = true;
          Sync.WritesResult = true;
          X.Uops.push_back(Sync);
          X.EliminatedMove = false;
          X.Latency = 1;
        } else {
          X.Uops.push_back(Sync);
          // One more cycle on the rsp path: the first uop that reads it.
          bool AddrRSP = is_contained(X.AddressReads, RSP);
          for (Uop &U : X.Uops) {
            if ((AddrRSP && U.Kind == UopKind::Load) ||
                (!AddrRSP && U.Kind == UopKind::Compute && U.ReadsSources)) {
              ++U.Latency;
              break;
            }
          }
          if (AddrRSP && X.MayLoad)
            ++X.LoadLatency;
          else
            ++X.Latency;
        }
      }
      if (Reads || writesRSP(X))
        Dirty = false;
    }
}

void UopDecoder::applyForwardSkipsComplexAddress(
    std::vector<DecodedInstr> &D) const {
  // MemoryDesc::ForwardedLoadSkipsComplexAddress: a value forwarded from
  // a store does not wait for a complex address's extra cycle (the
  // dependency graph and the simulator's memory edges apply it).
  const unsigned Fast = Model.Memory.LoadLatencyGPR,
                 Slow = Model.Memory.LoadLatencyGPRComplex;
  if (Slow <= Fast)
    return;
  for (DecodedInstr &X : D)
    if (!X.StackAccess && X.LoadLatency == Slow && isComplexGPRLoad(X))
      X.ForwardSkipsCycles = Slow - Fast;
}

void UopDecoder::applyFastLoadBase(std::vector<DecodedInstr> &D) const {
  // MemoryDesc::FastLoadNeedsLoadedBase: the short load-to-use latency
  // needs the base register from a load; the producer of a base is the
  // closest earlier writer around the loop, followed through eliminated
  // moves (BHive bhdev-0462: push r15; mov r15, [rdi]; mov rdi, r15 runs
  // at 4.0 on Cascade Lake). With FastLoadRSPNeedsLoadedBase, rsp-based
  // loads too (pop, [rsp + d]).
  const unsigned Fast = Model.Memory.LoadLatencyGPR,
                 Slow = Model.Memory.LoadLatencyGPRComplex;
  if (Slow <= Fast)
    return;
  const RegUnit RSP = Sem.rspUnit();
  const size_t N = D.size();
  auto loadOnly = [](const DecodedInstr &X) {
    return X.MayLoad && !X.MayStore && !X.Uops.empty() &&
           all_of(X.Uops,
                  [](const Uop &U) { return U.Kind == UopKind::Load; });
  };
  // Whether the value of \p Unit read by instruction \p I comes from a
  // load; None if no instruction of the loop writes it.
  auto fromLoad = [&](size_t I, RegUnit Unit) -> std::optional<bool> {
    for (size_t Step = 0; Step < N; ++Step) {
      std::optional<size_t> At =
          closestWriter(D, I, [&](RegUnit U) { return U == Unit; });
      if (!At)
        return std::nullopt;
      const DecodedInstr &P = D[*At];
      if (!P.EliminatedMove || P.Reads.size() != 1)
        return loadOnly(P);
      Unit = P.Reads[0];
      I = *At;
    }
    return std::nullopt; // a cycle of moves: nothing computes the base
  };
  // Whether rsp, as a load at \p I reads it, comes from a load. The
  // stack engine's push/pop/call/ret only add an offset the load's address
  // takes like a displacement: the physical rsp is that of the closest
  // explicit writer (add/sub/lea rsp, mov rsp, r) or of a stack-sync uop,
  // an ALU uop (FrontEndDesc::StackSyncUop).
  auto rspFromLoad = [&](size_t I) -> std::optional<bool> {
    std::optional<size_t> At = closestBefore(D, I, [&](const DecodedInstr &P) {
      return P.StackSync || (P.StackDelta == 0 && is_contained(P.Writes, RSP));
    });
    if (!At)
      return std::nullopt;
    const DecodedInstr &P = D[*At];
    if (P.StackSync)
      return false;
    if (P.EliminatedMove && P.Reads.size() == 1)
      return fromLoad(*At, P.Reads[0]);
    return loadOnly(P);
  };
  for (size_t I = 0; I < N; ++I) {
    DecodedInstr &X = D[I];
    if (!X.MayLoad || (!X.Mem && !X.StackAccess) || X.LoadLatency != Fast)
      continue;
    RegUnit Base = X.Mem ? memoryAddressUnits(X).first : RSP;
    if (Base == regunit::None)
      continue;
    // An explicit reader of rsp that carries the sync uop already has its
    // cycle (addStackSyncUops).
    if (Base == RSP && X.StackSync)
      continue;
    if ((Base == RSP || X.StackAccess) &&
        !Model.Memory.FastLoadRSPNeedsLoadedBase)
      continue;
    std::optional<bool> Loaded =
        Base == RSP || X.StackAccess ? rspFromLoad(I) : fromLoad(I, Base);
    if (!Loaded || *Loaded)
      continue;
    X.AddressPathExtra = Slow - Fast;
  }
}

std::string describeUops(const MachineModel &M, const DecodedInstr &D) {
  if (D.Uops.empty())
    return D.MacroFusedIntoPrev ? "fused" : "rename";
  // Group identical port sets: "p0156+p23", "2*p0".
  SmallVector<std::pair<PortMask, unsigned>, 4> Groups;
  for (const Uop &U : D.Uops) {
    auto It = find_if(Groups, [&](auto &G) { return G.first == U.Ports; });
    if (It == Groups.end())
      Groups.push_back({U.Ports, 1});
    else
      ++It->second;
  }
  std::string S;
  for (auto &[Mask, N] : Groups) {
    if (!S.empty())
      S += "+";
    if (N > 1)
      S += std::to_string(N) + "*";
    S += M.portSetName(Mask);
  }
  return S;
}

} // namespace luarch
