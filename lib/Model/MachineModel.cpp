//===- MachineModel.cpp - Queries and the registry of models -------------===//
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/Descriptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include <cmath>

using namespace llvm;

namespace luarch {

int MachineModel::portIndex(StringRef PortName) const {
  for (unsigned I = 0, E = Ports.size(); I != E; ++I)
    if (Ports[I].Name == PortName)
      return I;
  return -1;
}

std::string MachineModel::portSetName(PortMask Mask) const {
  if (!Mask)
    return "-";
  bool SingleChar = true;
  for (const PortDesc &P : Ports)
    SingleChar &= P.Name.size() == 1;
  std::string S;
  if (SingleChar) {
    S = "p";
    for (unsigned I = 0, E = Ports.size(); I != E; ++I)
      if (Mask & (1u << I))
        S += Ports[I].Name;
    return S;
  }
  for (unsigned I = 0, E = Ports.size(); I != E; ++I)
    if (Mask & (1u << I)) {
      if (!S.empty())
        S += "|";
      S += Ports[I].Name;
    }
  return S;
}

PortMask MachineModel::parsePortSet(StringRef Name) const {
  PortMask Mask = 0;
  if (Name.consume_front("p")) {
    // Intel style: one character per port ("p0156", "p23A").
    for (char C : Name) {
      int Idx = portIndex(StringRef(&C, 1));
      if (Idx < 0)
        return 0;
      Mask |= 1u << Idx;
    }
    return Mask;
  }
  // AMD style: a unit prefix followed by digits ("FP0123" = FP0..FP3).
  size_t DigitsAt = Name.find_first_of("0123456789");
  if (DigitsAt == StringRef::npos)
    return 0;
  StringRef Prefix = Name.take_front(DigitsAt);
  for (char C : Name.drop_front(DigitsAt)) {
    int Idx = portIndex((Prefix + Twine(C)).str());
    if (Idx < 0)
      return 0;
    Mask |= 1u << Idx;
  }
  return Mask;
}

ArrayRef<const MachineModel *> allMachineModels() {
  // Built once and never destroyed (models are handed out by pointer for
  // the life of the process, the plugin's included). The list itself is
  // never destroyed either: were it a static object, its destructor would
  // run at exit before LeakSanitizer looks, and the models would show as
  // leaked.
  static const std::vector<const MachineModel *> &Models = *[] {
    auto *V = new std::vector<const MachineModel *>;
    for (MachineModel (*Make)() : descriptions::AllDescriptions)
      V->push_back(new MachineModel(Make()));
    return V;
  }();
  return Models;
}

static const MachineModel *findModel(StringRef Name) {
  for (const MachineModel *M : allMachineModels()) {
    if (M->Name == Name)
      return M;
    for (const std::string &A : M->Aliases)
      if (A == Name)
        return M;
  }
  return nullptr;
}

static Error noModelError(StringRef Name, bool Native, StringRef Why) {
  std::string Known;
  for (const MachineModel *M : allMachineModels())
    Known += (Known.empty() ? "" : ", ") + M->Name;
  return createStringError(inconvertibleErrorCode(),
                           "no LoopUArch model for CPU '%s'%s%s; supported: %s",
                           Name.str().c_str(), Native ? " (the host)" : "",
                           Why.empty() ? "" : (": " + Why).str().c_str(),
                           Known.c_str());
}

/// What a row of the name table means, for reports.
static std::string mappingNote(StringRef Spelled, const CPUNameMapping &Row,
                               const MachineModel &M) {
  switch (Row.Match) {
  case CPUMatch::Spelling:
    return (Spelled + " is LLVM's other spelling of " + M.Name + " (" +
            Row.Reason + ")")
        .str();
  case CPUMatch::ISALevel:
    return (Spelled + " is not a core: " + Row.Reason + "; modelled as " +
            M.Name)
        .str();
  case CPUMatch::Close:
    return (Spelled + " has no model of its own; using the nearest described "
                      "core, " +
            M.Name + " (a close match: " + Row.Reason + ")")
        .str();
  case CPUMatch::Distant:
    return (Spelled + " has no model of its own; using " + M.Name +
            ", a distant match (" + Row.Reason +
            "): expect large errors")
        .str();
  case CPUMatch::NoModel:
    break;
  }
  return "";
}

/// The model standing in for \p Name by the name table, or an error.
static Expected<const MachineModel &>
mappedModel(StringRef Name, StringRef Spelled, bool Native, std::string *Note) {
  const CPUNameMapping *Row = findCPUNameMapping(Name);
  if (!Row)
    return noModelError(Name, Native, "");
  const MachineModel *M = Row->Model ? findModel(Row->Model) : nullptr;
  if (!M)
    return noModelError(Name, Native, Row->Reason);
  if (Note)
    *Note = mappingNote(Spelled, *Row, *M);
  return *M;
}

Expected<const MachineModel &> getMachineModel(StringRef CPU,
                                               std::string *Note) {
  bool Native = CPU.empty() || CPU == "native";
  std::string Name = Native ? sys::getHostCPUName().str() : CPU.str();
  if (const MachineModel *M = findModel(Name)) {
    if (Native && Note)
      *Note = "-mcpu=native: host is " + Name +
              (M->Name == Name ? std::string() : ", modelled as " + M->Name);
    return *M;
  }
  // Hosts without a description of their own use the nearest described
  // core, always reported as such.
  if (Native)
    return mappedModel(Name, "-mcpu=native: host " + Name, Native, Note);
  return noModelError(Name, Native, "");
}

Expected<const MachineModel &> getNearestMachineModel(StringRef CPU,
                                                      std::string *Note) {
  bool Native = CPU.empty() || CPU == "native";
  if (Native || findModel(CPU))
    return getMachineModel(CPU, Note);
  return mappedModel(CPU, "-mcpu=" + CPU.str(), Native, Note);
}

/// One row of the describer: the label, the value right-aligned, the source.
static void textRow(raw_ostream &OS, StringRef What, StringRef Value,
                    StringRef Source) {
  OS << "  " << left_justify(What, 38) << " " << right_justify(Value, 5)
     << "   " << Source << "\n";
}

template <typename T>
static void row(raw_ostream &OS, StringRef What, const Sourced<T> &V) {
  textRow(OS, What, std::to_string(static_cast<long long>(V.Value)), V.Source);
}

static void row(raw_ostream &OS, StringRef What, const Sourced<double> &V) {
  std::string Num;
  raw_string_ostream(Num) << format(V.Value == std::floor(V.Value) ? "%.0f"
                                                                   : "%.1f",
                                    V.Value);
  textRow(OS, What, Num, V.Source);
}

static void row(raw_ostream &OS, StringRef What, const Sourced<bool> &V) {
  textRow(OS, What, V.Value ? "yes" : "no", V.Source);
}

/// A port set's row; \p Empty says what an empty set means.
static void portRow(raw_ostream &OS, const MachineModel &M, StringRef What,
                    const Sourced<PortMask> &V, StringRef Empty) {
  textRow(OS, What, V.Value ? M.portSetName(V.Value) : Empty.str(), V.Source);
}

const MemoryLevelDesc *MemoryHierarchyDesc::level(StringRef Name) const {
  for (const MemoryLevelDesc &L : Levels)
    if (L.Name == Name)
      return &L;
  return nullptr;
}

unsigned MemoryHierarchyDesc::l1LineBytes() const {
  unsigned Bytes = Levels.empty() ? 0 : Levels.front().LineBytes.Value;
  if (!Bytes)
    Bytes = 64;
  assert(isPowerOf2_32(Bytes) && "a cache line is a power of two");
  return Bytes;
}

MemoryLevelDesc *MemoryHierarchyDesc::level(StringRef Name) {
  for (MemoryLevelDesc &L : Levels)
    if (L.Name == Name)
      return &L;
  return nullptr;
}

static void describeMemoryHierarchy(raw_ostream &OS,
                                    const MemoryHierarchyDesc &H) {
  OS << "\nMemory hierarchy (one core; bandwidths in bytes/cycle, "
        "sustained)\n";
  for (const MemoryLevelDesc &L : H.Levels) {
    OS << "  " << L.Name << "\n";
    if (L.SizeKiB.Value) {
      row(OS, "  size (KiB)", L.SizeKiB);
      row(OS, "  line (bytes)", L.LineBytes);
      row(OS, "  associativity (ways)", L.Ways);
      row(OS, "  shared by cores", L.SharedByCores);
      if (L.SharedByCores.Value > 1)
        row(OS, "  usable by one core, busy (KiB)", L.UsableKiB);
      row(OS, "  inclusive of the levels above", L.Inclusive);
    }
    row(OS, "  latency (cycles)", L.LatencyCycles);
    row(OS, "  load bandwidth", L.LoadBytesPerCycle);
    row(OS, "  store bandwidth (write-allocate)", L.StoreBytesPerCycle);
    row(OS, "  copy bandwidth (loaded + stored)", L.CopyBytesPerCycle);
    if (L.SizeKiB.Value)
      row(OS, "  misses in flight", L.MissBuffers);
  }
  for (const TLBLevelDesc &T : H.TLBs) {
    OS << "  " << T.Name << "\n";
    row(OS, "  entries, 4 KiB pages", T.Entries4K);
    row(OS, "  entries, 2 MiB pages", T.Entries2M);
    row(OS, "  entries, 1 GiB pages", T.Entries1G);
    if (T.CyclicHitPages4K.Value)
      row(OS, "  cyclic walk: no misses up to (4 KiB pages)",
          T.CyclicHitPages4K);
    if (T.CyclicMissPages4K.Value)
      row(OS, "  cyclic walk: every page misses from", T.CyclicMissPages4K);
  }
  row(OS, "page walk (cycles)", H.PageWalkCycles);
  row(OS, "page walks in flight", H.PageWalkers);
  row(OS, "non-temporal stores skip write-allocate", H.NonTemporalStores);
  row(OS, "non-temporal store bandwidth to DRAM", H.NTStoreBytesPerCycle);
  row(OS, "prefetched strides up to (bytes)", H.PrefetchStrideBytes);
  if (H.DRAMOverlapsCacheLoads.Value != std::numeric_limits<unsigned>::max())
    row(OS, "DRAM overlaps loads from L2/L3 up to",
        H.DRAMOverlapsCacheLoads);
  if (H.L1AccessBytes.Value)
    row(OS, "L1 access pieces (bytes; a split piece: two)", H.L1AccessBytes);
}

std::string describeMachineModel(const MachineModel &M) {
  std::string S;
  raw_string_ostream OS(S);
  OS << M.Name << ": " << M.Vendor << " " << M.Description << "\n";
  if (!M.Aliases.empty())
    OS << "  also: " << join(M.Aliases, ", ") << "\n";
  OS << "  instruction table: "
     << (M.UopsInfoTable.empty() ? "none (LLVM scheduling model)"
                                 : "uops.info " + M.UopsInfoTable)
     << "\n\nPorts (" << M.PortsSource << ")\n";
  for (const PortDesc &P : M.Ports)
    OS << "  " << left_justify(P.Name, 6) << P.Units << "\n";
  OS << "\nFront end\n";
  row(OS, "issue width (fused uops/cycle)", M.FrontEnd.IssueWidth);
  row(OS, "predecode bytes/cycle", M.FrontEnd.PredecodeBytesPerCycle);
  row(OS, "predecode instructions/cycle", M.FrontEnd.PredecodeInstrsPerCycle);
  row(OS, "decoders", M.FrontEnd.Decoders);
  row(OS, "legacy decode uops/cycle", M.FrontEnd.DecodeUopsPerCycle);
  row(OS, "uop cache uops/cycle", M.FrontEnd.UopCacheWidth);
  row(OS, "uop cache capacity (uops)", M.FrontEnd.UopCacheUops);
  row(OS, "loop stream detector", M.FrontEnd.HasLSD);
  row(OS, "stack-sync uop after push/pop", M.FrontEnd.StackSyncUop);
  row(OS, "NOPs dispatch two per slot", M.FrontEnd.NopsDispatchInPairs);
  row(OS, "micro-fusion (load/store + op)", M.FrontEnd.MicroFusion);
  row(OS, "uop queue entries", M.FrontEnd.UopQueueSize);
  row(OS, "iteration-boundary issue rule", M.FrontEnd.IterationBoundaryRule);
  row(OS, "LCP stall (cycles)", M.FrontEnd.LCPPenalty);
  const FrontEndDesc &FE = M.FrontEnd;
  if (FE.Kind == FrontEndKind::IntelLegacyDSB) {
    OS << "  legacy decode + DSB + LSD front end   " << FE.Kind.Source << "\n";
    row(OS, "instruction queue entries", FE.InstructionQueueSize);
    row(OS, "predecode-to-decode delay", FE.PredecodeToDecodeDelay);
    row(OS, "complex decoder max uops", FE.DecoderMaxUops);
    row(OS, "macro-fusible on last decoder", FE.MacroFusibleOnLastDecoder);
    OS << "  " << left_justify("complex decoder only (1 uop)", 38) << " "
       << (FE.ComplexDecoderMnemonics.Value.empty()
               ? std::string("none")
               : join(FE.ComplexDecoderMnemonics.Value, " "))
       << "   " << FE.ComplexDecoderMnemonics.Source << "\n";
    row(OS, "uop cache window (bytes)", FE.DSBWindowBytes);
    row(OS, "uop cache ways per window", FE.DSBWaysPerWindow);
    row(OS, "uop cache slots per way", FE.DSBSlotsPerWay);
    row(OS, "imm32 + memory: two uop-cache slots",
        FE.DSBImm32WithMemoryTwoSlots);
    row(OS, "JCC erratum", FE.JCCErratum);
    row(OS, "both windows of a line cached", FE.DSBBothHalvesOfLine);
    row(OS, "MS uops per cycle", FE.MSUopsPerCycle);
    row(OS, "DSB-to-MS stall", FE.DSBToMSStall);
    row(OS, "MITE-to-MS stall", FE.MITEToMSStall);
    row(OS, "unrolled code from legacy decode",
        FE.UnrolledCodeFromLegacyDecode);
    row(OS, "unrolled with LCP from legacy decode",
        FE.UnrolledLCPFromLegacyDecode);
    if (FE.UnrolledDSBMaxSlots)
      row(OS, "unrolled copies in uop cache (max slots)",
          FE.UnrolledDSBMaxSlots);
    row(OS, "uop cache: per-way delivery limits", FE.DSBWayDelivery);
    row(OS, "uop cache: extra entry ends delivery",
        FE.DSBExtraEntryEndsDelivery);
    if (FE.DSBWaysPerSet)
      row(OS, "uop cache ways per set", FE.DSBWaysPerSet);
    std::string Table;
    for (size_t U = 1; U < FE.LSDUnrollByUops.Value.size(); ++U)
      Table += (Table.empty() ? "" : " ") + std::to_string(U) + ":" +
               std::to_string(FE.LSDUnrollByUops.Value[U]);
    OS << "  LSD unroll (uops:copies)  " << Table << "   "
       << FE.LSDUnrollByUops.Source << "\n";
  }
  OS << "\nBack end\n";
  row(OS, "retire width (fused uops/cycle)", M.BackEnd.RetireWidth);
  row(OS, "reorder buffer", M.BackEnd.ROBSize);
  row(OS, "scheduler (RS)", M.BackEnd.SchedulerSize);
  if (M.BackEnd.VecSchedulerSize)
    row(OS, "FP scheduler on " + M.portSetName(M.BackEnd.VecSchedulerPorts),
        M.BackEnd.VecSchedulerSize);
  row(OS, "load buffer", M.BackEnd.LoadBufferSize);
  row(OS, "store buffer", M.BackEnd.StoreBufferSize);
  row(OS, "integer register file", M.BackEnd.IntPRFSize);
  row(OS, "vector register file", M.BackEnd.VecPRFSize);
  row(OS, "micro-fused uop = 1 ROB entry", M.BackEnd.ROBMicroFusion);
  row(OS, "issue to earliest dispatch (cycles)",
      M.BackEnd.IssueToDispatchCycles);
  OS << "  port binding                       "
     << (M.BackEnd.PortBinding == PortBindingRule::IssueSnapshotAlternating
             ? "issue-time snapshot, alternating"
             : "least loaded in the scheduler")
     << "   " << M.BackEnd.PortBinding.Source << "\n";
  row(OS, "load ports share ready uops", M.BackEnd.LoadPortsShareReadyUops);
  row(OS, "ALU queues taken in turn", M.BackEnd.ALUQueuesInTurn);
  row(OS, "allocates whole issue groups",
      M.BackEnd.AllocatesWholeIssueGroups);
  row(OS, "direct jmp needs no port", M.BackEnd.DirectJumpsNeedNoPort);
  OS << "\nMemory\n";
  row(OS, "load-to-use, GPR, simple address", M.Memory.LoadLatencyGPR);
  row(OS, "load-to-use, GPR, complex address", M.Memory.LoadLatencyGPRComplex);
  row(OS, "fast load needs a loaded base", M.Memory.FastLoadNeedsLoadedBase);
  row(OS, "... for rsp, through the stack engine",
      M.Memory.FastLoadRSPNeedsLoadedBase);
  row(OS, "forwarded load skips the complex-address cycle",
      M.Memory.ForwardedLoadSkipsComplexAddress);
  row(OS, "load-to-use, vector", M.Memory.LoadLatencyVec);
  row(OS, "store-to-load forwarding", M.Memory.StoreForwardLatency);
  row(OS, "store-address uop", M.Memory.StoreAddressLatency);
  row(OS, "store-data uop", M.Memory.StoreDataLatency);
  row(OS, "store-forward block (partial overlap)",
      M.Memory.StoreForwardBlockLatency);
  if (M.Memory.StoreForwardBlockAfterRetire)
    row(OS, "store-forward block after the store retires",
        M.Memory.StoreForwardBlockAfterRetire);
  row(OS, "memory renaming (GPR)", M.Memory.MemoryRenaming);
  row(OS, "div/idiv m waits for older store addresses",
      M.Memory.DivideLoadWaitsForStoreAddresses);
  row(OS, "renamed load after its store's commit reads the cache",
      M.Memory.RenamedLoadAfterCommitReadsCache);
  row(OS, "memory renaming of push/pop", M.Memory.StackAccessRenaming);
  row(OS, "renaming by the stack engine's rsp", M.Memory.StackOffsetRenaming);
  row(OS, "masked stores forward", M.Memory.MaskedStoreForwards);
  row(OS, "flush after a loaded store address (cycles)",
      M.Memory.LoadedStoreAddressFlush);
  if (M.Memory.SegmentBaseLoadCycles)
    row(OS, "fs/gs load, + cycles (no fast path)",
        M.Memory.SegmentBaseLoadCycles);
  if (M.Memory.LoadedStoreAddressForward)
    row(OS, "load after a loaded store address (cycles)",
        M.Memory.LoadedStoreAddressForward);
  row(OS, "4K aliasing (false load/store match)", M.Memory.FourKAliasing);
  row(OS, "4K-aliased load waits for the store",
      M.Memory.FourKAliasedLoadWaitsForStore);
  row(OS, "locked RMW waits for older stores' commit",
      M.Memory.LockedWaitsForStoreCommit);
  row(OS, "later loads wait for a locked RMW's commit",
      M.Memory.LoadsWaitForLockedRMW);
  row(OS, "loads/cycle", M.Memory.LoadsPerCycle);
  row(OS, "stores/cycle", M.Memory.StoresPerCycle);
  portRow(OS, M, "vector loads issue on", M.Memory.VectorLoadPorts, "all");
  row(OS, "load slot width, bits (0: any)", M.Memory.VectorLoadBits);
  row(OS, "store-data slot width, bits (0: any)", M.Memory.StoreDataBits);
  if (M.Memory.LineFillPorts.Value)
    portRow(OS, M, "harness-aliased line fills on", M.Memory.LineFillPorts,
            "none");
  if (M.Memory.NewPageAccessFillCycles)
    row(OS, "access to a new page, +fill cycles",
        M.Memory.NewPageAccessFillCycles);
  if (M.Memory.STLBHitLoadCycles)
    row(OS, "load to a new page (STLB hit), +cycles",
        M.Memory.STLBHitLoadCycles);
  if (M.Memory.STLBHitHoldsLoadPorts)
    row(OS, "new page of several loads holds ports",
        M.Memory.STLBHitHoldsLoadPorts);
  if (M.Memory.STLBHitHoldsStorePorts)
    row(OS, "new page of a store holds store ports",
        M.Memory.STLBHitHoldsStorePorts);
  if (M.Memory.SplitLineStoreDataCycles > 1)
    row(OS, "store that splits a line: store-data cycles",
        M.Memory.SplitLineStoreDataCycles);
  if (M.Memory.LockedRMWCycles)
    row(OS, "locked RMW, one at a time (cycles)", M.Memory.LockedRMWCycles);
  if (M.Memory.LockedStoreForwardBlockLatency)
    row(OS, "store-forward block after a locked RMW",
        M.Memory.LockedStoreForwardBlockLatency);
  if (M.Memory.MovingStackLoadPasses > 1)
    row(OS, "moving-stack load passes (harness)",
        M.Memory.MovingStackLoadPasses);
  if (M.Memory.StoreCommitPairBytes)
    row(OS, "two stores commit together within (B)",
        M.Memory.StoreCommitPairBytes);
  row(OS, "pipe occupancy from measured TP",
      M.PipeOccupancyFromMeasuredThroughput);
  row(OS, "microcoded from macro-ops (0: no)", M.MicrocodeSequencerOps);
  if (M.X87NaNInputAssistCycles)
    row(OS, "x87 NaN-input assist (harness, cycles)",
        M.X87NaNInputAssistCycles);
  row(OS, "address uops implied by the data", M.AddressUopsImplied);
  portRow(OS, M, "simple-address-only store ports", M.SimpleAddressOnlyPorts,
          "none");
  OS << "\nRename\n";
  row(OS, "move elimination, GPR", M.MoveElimination.GPR);
  row(OS, "move elimination, vector", M.MoveElimination.Vector);
  if (M.MoveElimination.SameRegisterExecutes)
    row(OS, "same-register mov/movzx executes",
        M.MoveElimination.SameRegisterExecutes);
  if (M.MoveElimination.MovzxHigh8AliasExecutes)
    row(OS, "movzx from spl/bpl/sil/dil executes",
        M.MoveElimination.MovzxHigh8AliasExecutes);
  if (M.MoveElimination.GPRSlots || M.MoveElimination.VectorSlots) {
    const MoveEliminationDesc &ME = M.MoveElimination;
    row(OS, "elimination slots, GPR (0: no limit)", ME.GPRSlots);
    row(OS, "elimination slots, vector", ME.VectorSlots);
    row(OS, "elimination slot pipeline (cycles)", ME.SlotPipelineCycles);
    row(OS, "GPR slot held until all overwritten",
        ME.GPRSlotHeldUntilAllOverwritten);
    row(OS, "vector slot held until all overwritten",
        ME.VectorSlotHeldUntilAllOverwritten);
    portRow(OS, M, "executed vector move ports", ME.VectorMovePorts, "none");
  }
  row(OS, "zero idioms", M.Idioms.ZeroIdioms);
  row(OS, "zero idioms need no port", M.Idioms.ZeroIdiomsNeedNoPort);
  row(OS, "ones idioms", M.Idioms.OnesIdioms);
  row(OS, "sbb r, r depends on CF only", M.Idioms.SbbSameRegCarryOnly);
  row(OS, "cmov/setcc be/a: flag-merge uop", M.FlagMergeUop);
  row(OS, "shift by cl: flag-only uops", M.ShiftByCLFlagUops);
  if (M.ShiftByCLFlagsCycles)
    row(OS, "shift by cl: old flags to new (cycles)", M.ShiftByCLFlagsCycles);
  row(OS, "locked RMW round trip = throughput", M.LockedRoundTripAtThroughput);
  if (M.Latencies.ShiftRotateByCL)
    row(OS, "shift/rotate by cl latency", M.Latencies.ShiftRotateByCL);
  if (M.Latencies.BitTestModify)
    row(OS, "bts/btr/btc latency", M.Latencies.BitTestModify);
  if (M.Latencies.ThreeComponentLEABase)
    row(OS, "base+index+disp LEA, base latency",
        M.Latencies.ThreeComponentLEABase);
  OS << "  unlamination rule                  ";
  switch (M.Unlamination.Value) {
  case UnlaminationRule::Never: OS << "never"; break;
  case UnlaminationRule::AnyIndexed: OS << "any indexed address"; break;
  case UnlaminationRule::IndexedUnlessTwoOperandRMW:
    OS << "indexed, unless 2-operand RMW";
    break;
  }
  OS << "   " << M.Unlamination.Source << "\n";
  const MacroFusionRules &F = M.MacroFusion;
  OS << "  macro-fusion with jcc: ";
  std::vector<std::string> Firsts;
  if (F.Cmp) Firsts.push_back("cmp");
  if (F.Test) Firsts.push_back("test");
  if (F.Add) Firsts.push_back("add");
  if (F.Sub) Firsts.push_back("sub");
  if (F.And) Firsts.push_back("and");
  if (F.IncDec) Firsts.push_back("inc/dec");
  if (F.OrXor) Firsts.push_back("or/xor");
  OS << (Firsts.empty() ? std::string("none") : join(Firsts, ", ")) << "   "
     << F.Source << "\n";
  OS << "  divider behind port " << M.Ports[M.Divider.Port].Name << "   "
     << M.Divider.Source << "\n";
  if (M.Divider.Sticky512BitMode)
    row(OS, "divider: 512-bit mode sticks", M.Divider.Sticky512BitMode);
  describeMemoryHierarchy(OS, M.MemoryHierarchy);
  return S;
}

} // namespace luarch
