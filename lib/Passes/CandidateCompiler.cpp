//===- CandidateCompiler.cpp - Compile a function with forced loop choices ===//
//
// See CandidateCompiler.h. The steps of one round: clone the private copy,
// mark every loop and force the round's candidates (loop metadata), run
// buildModuleOptimizationPipeline, name what each marked loop became
// (CandidateLoopIdentity.cpp), run the code generator with a collector pass
// after block placement, predict the machine loops and the straight-line
// code of the requested regions.
//
//===----------------------------------------------------------------------===//
#include "luarch/Passes/CandidateCompiler.h"
#include "CandidateLoopIdentity.h"
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/UopDecoder.h"
#include "luarch/Passes/LoopRole.h"
#include "luarch/Passes/MachineLoopKernel.h"
#include "luarch/Report/Pipeline.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineCycleAnalysis.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/PseudoSourceValue.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <set>

using namespace llvm;

namespace luarch {

static cl::opt<bool> CompareRoles(
    "uarch-tune-compare-roles", cl::Hidden,
    cl::desc("Print where LoopRole and the tuner's IR identity disagree"));
static cl::opt<bool> DumpCandidates(
    "uarch-tune-dump-candidates", cl::Hidden,
    cl::desc("Print each candidate's optimised IR to stderr (debugging)"));

namespace {

/// Processor time (user + system) so far: on a shared machine wall time
/// says more about the neighbours than about the tuner.
double now() { return TimeRecord::getCurrentTime(false).getProcessTime(); }

Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

//===----------------------------------------------------------------------===//
// The private copy of the function
//===----------------------------------------------------------------------===//

/// Instruction metadata worth keeping in the copy: what the optimiser and
/// the vectorizer read. Everything else (debug information, metadata that
/// points at other globals) is dropped.
bool keepInstructionMetadata(unsigned Kind) {
  switch (Kind) {
  case LLVMContext::MD_tbaa:
  case LLVMContext::MD_tbaa_struct:
  case LLVMContext::MD_prof:
  case LLVMContext::MD_fpmath:
  case LLVMContext::MD_range:
  case LLVMContext::MD_alias_scope:
  case LLVMContext::MD_noalias:
  case LLVMContext::MD_nontemporal:
  case LLVMContext::MD_mem_parallel_loop_access:
  case LLVMContext::MD_nonnull:
  case LLVMContext::MD_dereferenceable:
  case LLVMContext::MD_dereferenceable_or_null:
  case LLVMContext::MD_loop:
  case LLVMContext::MD_invariant_load:
  case LLVMContext::MD_align:
  case LLVMContext::MD_access_group:
  case LLVMContext::MD_noundef:
  case LLVMContext::MD_noalias_addrspace:
    return true;
  default:
    return false;
  }
}

void collectGlobals(const Constant *C, SmallPtrSetImpl<const GlobalValue *> &Out,
                    SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  if (auto *GV = dyn_cast<GlobalValue>(C)) {
    Out.insert(GV);
    return;
  }
  for (const Use &U : C->operands())
    if (auto *Op = dyn_cast<Constant>(U.get()))
      collectGlobals(Op, Out, Seen);
}

/// A declaration in \p M standing for \p GV (same type, name, constness,
/// thread-local mode and dso_local, so addressing is generated alike).
GlobalValue *declare(Module &M, const GlobalValue &GV) {
  Type *Ty = GV.getValueType();
  GlobalValue *D;
  if (auto *FTy = dyn_cast<FunctionType>(Ty)) {
    Function *Fn = Function::Create(FTy, GlobalValue::ExternalLinkage,
                                    GV.getAddressSpace(), GV.getName(), &M);
    if (auto *Orig = dyn_cast<Function>(&GV)) {
      Fn->setAttributes(Orig->getAttributes());
      Fn->setCallingConv(Orig->getCallingConv());
    }
    D = Fn;
  } else {
    auto *Var = dyn_cast<GlobalVariable>(&GV);
    auto *G = new GlobalVariable(
        M, Ty, Var && Var->isConstant(), GlobalValue::ExternalLinkage,
        nullptr, GV.getName(), nullptr, GV.getThreadLocalMode(),
        GV.getAddressSpace());
    if (Var)
      G->setAlignment(Var->getAlign());
    D = G;
  }
  D->setDSOLocal(GV.isDSOLocal());
  return D;
}

/// Bitcode of a module holding \p F and declarations of every global it
/// references, built in \p F's context without touching its module.
Expected<SmallString<0>> extractFunction(Function &F) {
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  auto NewM = std::make_unique<Module>(M.getModuleIdentifier(), Ctx);
  NewM->setTargetTriple(M.getTargetTriple());
  NewM->setDataLayout(M.getDataLayout());
  SmallVector<Module::ModuleFlagEntry, 8> Flags;
  M.getModuleFlagsMetadata(Flags);
  for (const Module::ModuleFlagEntry &E : Flags)
    if (E.Key->getString() != "CG Profile")
      NewM->addModuleFlag(E.Behavior, E.Key->getString(), E.Val);

  SmallPtrSet<const GlobalValue *, 32> Globals;
  SmallPtrSet<const Constant *, 32> Seen;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      for (const Use &U : I.operands())
        if (auto *C = dyn_cast<Constant>(U.get()))
          collectGlobals(C, Globals, Seen);
  if (F.hasPersonalityFn())
    collectGlobals(F.getPersonalityFn(), Globals, Seen);

  Function *NewF =
      Function::Create(F.getFunctionType(), GlobalValue::ExternalLinkage,
                       F.getAddressSpace(), F.getName(), NewM.get());
  ValueToValueMapTy VMap;
  VMap[&F] = NewF;
  for (const GlobalValue *GV : Globals)
    if (GV != &F)
      VMap[GV] = declare(*NewM, *GV);
  NewF->setAttributes(F.getAttributes());
  NewF->setCallingConv(F.getCallingConv());
  NewF->setDSOLocal(F.isDSOLocal());
  NewF->setAlignment(F.getAlign());
  if (F.hasPersonalityFn())
    NewF->setPersonalityFn(cast<Constant>(VMap[F.getPersonalityFn()]));
  if (MDNode *Prof = F.getMetadata(LLVMContext::MD_prof))
    NewF->setMetadata(LLVMContext::MD_prof, Prof);
  auto NewArg = NewF->arg_begin();
  for (const Argument &A : F.args()) {
    NewArg->setName(A.getName());
    VMap[&A] = &*NewArg++;
  }
  // Metadata is shared, not copied: the copy is serialised at once, and
  // nothing new is created in the user's context.
  MetadataPredicate Identity = [](const Metadata *) { return true; };
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionBodyInto(*NewF, F, VMap, RF_None, Returns, "", nullptr,
                        nullptr, nullptr, &Identity);
  StripDebugInfo(*NewM);
  for (BasicBlock &BB : *NewF)
    for (Instruction &I : BB) {
      SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
      I.getAllMetadata(MDs);
      for (auto &[Kind, Node] : MDs)
        if (!keepInstructionMetadata(Kind))
          I.setMetadata(Kind, nullptr);
    }
  SmallString<0> Buffer;
  raw_svector_ostream OS(Buffer);
  WriteBitcodeToFile(*NewM, OS);
  return Buffer;
}

/// The marker of the loop whose header is \p Header (its latch carries the
/// loop ID).
std::optional<unsigned> markerOfHeader(const BasicBlock *Header) {
  if (!Header)
    return std::nullopt;
  for (const BasicBlock *Pred : predecessors(Header))
    if (const Instruction *T = Pred->getTerminator())
      if (auto Marker = tuneMarkerOf(T->getMetadata(LLVMContext::MD_loop)))
        return Marker;
  return std::nullopt;
}

/// Diagnostics of the private context: nothing reaches the user. Remarks
/// are built (isAnyRemarkEnabled) so that the loop vectorizer's decisions
/// can be read, but no pass is asked for extra analysis (every per-pass
/// query says no; the handler ignores the filters). Errors are kept so a
/// failed round can say why.
struct SwallowDiagnostics : DiagnosticHandler {
  std::string *FirstError;
  std::map<unsigned, VectorizerOutcome> **Vectorizer;
  SwallowDiagnostics(std::string *FirstError,
                     std::map<unsigned, VectorizerOutcome> **Vectorizer)
      : FirstError(FirstError), Vectorizer(Vectorizer) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error && FirstError->empty()) {
      raw_string_ostream OS(*FirstError);
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
    }
    auto *R = dyn_cast<DiagnosticInfoIROptimization>(&DI);
    if (!R || !*Vectorizer || R->getPassName() != "loop-vectorize")
      return true;
    std::optional<unsigned> Marker = markerOfHeader(R->getCodeRegion());
    if (!Marker)
      return true;
    VectorizerOutcome &O = (**Vectorizer)[*Marker];
    if (R->getRemarkName() == "Vectorized" ||
        R->getRemarkName() == "Interleaved") {
      O.Transformed = true;
      O.Reason.clear();
      for (const DiagnosticInfoOptimizationBase::Argument &A : R->getArgs()) {
        if (A.Key == "VectorizationFactor")
          O.VF = unsigned(std::max(1, std::atoi(A.Val.c_str())));
        else if (A.Key == "InterleaveCount")
          O.IC = unsigned(std::max(1, std::atoi(A.Val.c_str())));
      }
    } else if (!O.Transformed && O.Reason.empty() &&
               DI.getKind() == DK_OptimizationRemarkAnalysis) {
      O.Reason = R->getMsg();
    }
    return true;
  }
  bool isAnalysisRemarkEnabled(StringRef) const override { return false; }
  bool isMissedOptRemarkEnabled(StringRef) const override { return false; }
  bool isPassedOptRemarkEnabled(StringRef) const override { return false; }
  bool isAnyRemarkEnabled() const override { return true; }
};

//===----------------------------------------------------------------------===//
// Per-thread caches: target machines and decoders
//===----------------------------------------------------------------------===//

CodeGenOptLevel codeGenLevel(OptimizationLevel L) {
  if (L == OptimizationLevel::O3)
    return CodeGenOptLevel::Aggressive;
  if (L == OptimizationLevel::O1)
    return CodeGenOptLevel::Less;
  return CodeGenOptLevel::Default;
}

/// A target machine like clang's for \p F: the module's triple, code model
/// and PIC level, the function's CPU and features (each function's
/// subtarget comes from its own target-cpu/target-features/tune-cpu
/// attributes anyway), the pipeline's level. Cached per thread (LTO code
/// generation may run on several threads).
Expected<TargetMachine *> targetMachineFor(const Module &M, const Function &F,
                                           OptimizationLevel Level) {
  thread_local std::map<std::string, std::unique_ptr<TargetMachine>> Cache;
  const Triple &TT = M.getTargetTriple();
  StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
  StringRef Features = F.getFnAttribute("target-features").getValueAsString();
  Reloc::Model RM =
      M.getPICLevel() == PICLevel::NotPIC && M.getPIELevel() == PIELevel::Default
          ? Reloc::Static
          : Reloc::PIC_;
  std::optional<CodeModel::Model> CM = M.getCodeModel();
  CodeGenOptLevel OL = codeGenLevel(Level);
  std::string Key = TT.str() + "|" + CPU.str() + "|" + Features.str() + "|" +
                    std::to_string(int(RM)) + "|" +
                    std::to_string(CM ? int(*CM) : -1) + "|" +
                    std::to_string(int(OL));
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second.get();
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return failure(Err);
  TargetOptions TO;
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(TT, CPU, Features, TO, RM, CM, OL));
  if (!TM)
    return failure("cannot create a target machine for '" + TT.str() + "'");
  return (Cache[Key] = std::move(TM)).get();
}

struct DecoderEntry {
  std::unique_ptr<TargetContext> TC;
  std::unique_ptr<UopDecoder> Decoder;
};

Expected<DecoderEntry *> decoderFor(const Triple &TT, const MachineModel &M) {
  thread_local std::map<std::string, DecoderEntry> Cache;
  std::string Key = TT.str() + "|" + M.Name;
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return &It->second;
  auto TC = TargetContext::create(TT.str(), M.Name);
  if (!TC)
    return TC.takeError();
  DecoderEntry E;
  E.TC = std::move(*TC);
  E.Decoder = std::make_unique<UopDecoder>(M, *E.TC);
  return &(Cache[Key] = std::move(E));
}

//===----------------------------------------------------------------------===//
// The collector: a machine pass in the candidate's code generator
//===----------------------------------------------------------------------===//

struct CollectorState {
  const Function *Target = nullptr;
  /// What each loop of the optimised copy stands for, by IR header.
  DenseMap<const BasicBlock *, CandidateLoopIdentity> Identities;
  /// Region of each forced marker.
  std::map<unsigned, int> RegionOf;
  const TargetContext *TC = nullptr;
  const UopDecoder *Decoder = nullptr;
  CandidateCompileResult *Out = nullptr;
};

thread_local CollectorState *ActiveCollector = nullptr;

/// The cycle's own blocks: in it and in none of its inner cycles.
bool ownBlock(const MachineCycle &C, const MachineBasicBlock *MBB,
              const MachineCycleInfo &CI) {
  return CI.getCycle(MBB) == &C;
}

/// What cycle \p C stands for: the identity of the IR loop one of its
/// entries (else one of its own blocks) headed, else the marker in a loop
/// ID of its own blocks, else the marker in its header's name.
std::optional<CandidateLoopIdentity> identityOf(const MachineCycle &C,
                                                const MachineCycleInfo &CI,
                                                const CollectorState &S) {
  for (const MachineBasicBlock *E : C.getEntries())
    if (const BasicBlock *BB = E->getBasicBlock()) {
      auto It = S.Identities.find(BB);
      if (It != S.Identities.end())
        return It->second;
    }
  // The code generator may have made another block the header: any own
  // block that headed an IR loop.
  for (const MachineBasicBlock *MBB : C.blocks())
    if (ownBlock(C, MBB, CI) && MBB->getBasicBlock()) {
      auto It = S.Identities.find(MBB->getBasicBlock());
      if (It != S.Identities.end())
        return It->second;
    }
  CandidateLoopIdentity Id;
  for (const MachineBasicBlock *MBB : C.blocks()) {
    if (!ownBlock(C, MBB, CI))
      continue;
    const BasicBlock *BB = MBB->getBasicBlock();
    if (!BB || !BB->getTerminator())
      continue;
    if (auto Marker = tuneMarkerOf(
            BB->getTerminator()->getMetadata(LLVMContext::MD_loop))) {
      Id.Marker = *Marker;
      return Id;
    }
  }
  if (const BasicBlock *Header = C.getHeader()->getBasicBlock())
    if (auto Marker =
            tuneMarkerOfHeader(splitCopySuffix(Header->getName()).first)) {
      Id.Marker = *Marker;
      Id.Clone = true;
      return Id;
    }
  return std::nullopt;
}

unsigned countSpills(const MachineCycle &C) {
  const MachineFunction &MF = *C.getHeader()->getParent();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  const MachineFrameInfo &MFI = MF.getFrameInfo();
  unsigned N = 0;
  for (const MachineBasicBlock *MBB : C.blocks())
    for (const MachineInstr &MI : *MBB) {
      SmallVector<const MachineMemOperand *, 2> Accesses;
      if (!TII.hasLoadFromStackSlot(MI, Accesses) &&
          !TII.hasStoreToStackSlot(MI, Accesses))
        continue;
      for (const MachineMemOperand *MMO : Accesses)
        if (auto *PSV = dyn_cast_or_null<FixedStackPseudoSourceValue>(
                MMO->getPseudoValue()))
          if (MFI.isSpillSlotObjectIndex(PSV->getFrameIndex())) {
            ++N;
            break;
          }
    }
  return N;
}

/// Innermost cycles rather than natural loops: after branch folding a
/// scalar remainder often has two entries (the vector loop's exit test
/// merged with its own latch test) and is no MachineLoop at all.
class CandidateCollector : public MachineFunctionPass {
public:
  static char ID;
  CandidateCollector() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "LoopUArch: predict the loops of a tuning candidate";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineCycleInfoWrapperPass>();
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  void predictLoop(MachineFunction &MF, const MachineCycle &C,
                   const CandidateLoopIdentity &Id, bool InRegion,
                   CollectorState &S);
  double straightLineCycles(MachineFunction &MF,
                            ArrayRef<const MachineBasicBlock *> Blocks,
                            CollectorState &S);
};

char CandidateCollector::ID = 0;

bool CandidateCollector::runOnMachineFunction(MachineFunction &MF) {
  CollectorState *S = ActiveCollector;
  if (!S || &MF.getFunction() != S->Target)
    return false;
  double T0 = now();
  scope_exit Account([&] { S->Out->AnalysisSeconds += now() - T0; });
  const MachineCycleInfo &CI =
      getAnalysis<MachineCycleInfoWrapperPass>().getCycleInfo();
  std::set<int> Regions;
  for (auto &[Marker, Region] : S->RegionOf)
    Regions.insert(Region);
  // In preorder, so results do not depend on addresses.
  SmallVector<const MachineCycle *, 16> Cycles;
  for (const MachineCycle *Top : CI.toplevel_cycles()) {
    SmallVector<const MachineCycle *, 8> Work = {Top};
    while (!Work.empty()) {
      const MachineCycle *C = Work.pop_back_val();
      Cycles.push_back(C);
      SmallVector<const MachineCycle *, 4> Kids;
      for (const auto &Child : C->children())
        Kids.push_back(Child);
      Work.append(Kids.rbegin(), Kids.rend());
    }
  }
  // A region's cycle: the one carrying the parent's loop ID (an unrolled
  // parent keeps it; its runtime remainder does not). Headers change:
  // rotation and CFG simplification move them.
  std::map<int, const MachineCycle *> RegionCycle;
  std::vector<std::pair<const MachineCycle *, CandidateLoopIdentity>> Ids;
  for (const MachineCycle *C : Cycles) {
    std::optional<CandidateLoopIdentity> Id = identityOf(*C, CI, *S);
    if (!Id)
      continue;
    Ids.push_back({C, *Id});
    if (Regions.count(int(Id->Marker)) && !Id->Clone && Id->Copy.empty() &&
        !RegionCycle.count(int(Id->Marker))) {
      RegionCycle[int(Id->Marker)] = C;
      S->Out->RegionElements[int(Id->Marker)] = std::max(1u, Id->Elements);
    }
  }
  for (auto &[C, Id] : Ids) {
    auto Forced = S->RegionOf.find(Id.Marker);
    if (!C->children().empty() || Forced == S->RegionOf.end())
      continue;
    bool InRegion = Forced->second == FunctionRegion;
    auto RC = RegionCycle.find(Forced->second);
    if (RC != RegionCycle.end())
      InRegion = RC->second->contains(C);
    predictLoop(MF, *C, Id, InRegion, *S);
  }
  for (int Region : Regions) {
    std::vector<const MachineBasicBlock *> Blocks;
    if (Region != FunctionRegion) {
      auto RC = RegionCycle.find(Region);
      if (RC == RegionCycle.end())
        continue; // not found: the caller says so
      for (const MachineBasicBlock *MBB : RC->second->blocks())
        if (ownBlock(*RC->second, MBB, CI))
          Blocks.push_back(MBB);
    } else {
      S->Out->RegionElements[Region] = 1;
      for (const MachineBasicBlock &MBB : MF)
        if (!CI.getCycle(&MBB))
          Blocks.push_back(&MBB);
    }
    S->Out->RegionCycles[Region] = straightLineCycles(MF, Blocks, *S);
  }
  return false;
}

void CandidateCollector::predictLoop(MachineFunction &MF,
                                     const MachineCycle &C,
                                     const CandidateLoopIdentity &Id,
                                     bool InRegion, CollectorState &S) {
  CandidateMachineLoop Out;
  Out.Marker = Id.Marker;
  Out.Role = Id.Role;
  if (CompareRoles) {
    LoopIdentity LR = identifyCycle(C);
    errs() << "roles: marker " << Id.Marker << Id.Copy << " ir "
           << candidateLoopRoleName(Id.Role) << " x" << Id.Elements << " ("
           << Id.VF << "x" << Id.IC << ") looprole " << loopRoleName(LR.Role)
           << " x" << LR.ElementsPerIteration << " (" << LR.VectorWidth << "x"
           << LR.Interleave << ")\n";
  }
  Out.Copy = Id.Copy;
  Out.InRegion = InRegion;
  Out.Elements = Id.Elements;
  Out.VF = Id.VF;
  Out.IC = Id.IC;
  Expected<Kernel> K = kernelFromMachineCycle(MF, C, *S.TC);
  if (!K) {
    Out.Error = toString(K.takeError());
  } else {
    PipelineOptions PO;
    PO.Simulate = true;
    PO.Sim.StopAtSteadyState = true;
    KernelReport R = analyzeKernel(*K, *S.Decoder, PO);
    Out.Cycles = R.cyclesPerIteration();
    Out.StaticBound = R.Static.Throughput;
    Out.Bottleneck = R.bottleneck();
    Out.Instructions = K->size();
    for (const DecodedInstr &D : R.Decoded)
      Out.UnknownInstructions += D.Source == DecodeSource::Unsupported;
    Out.SpillInstructions = countSpills(C);
  }
  S.Out->Loops.push_back(std::move(Out));
}

double CandidateCollector::straightLineCycles(
    MachineFunction &MF, ArrayRef<const MachineBasicBlock *> Blocks,
    CollectorState &S) {
  // Each block is predicted alone and the cycles added up: the code around
  // a loop runs once per entry, and an additive figure keeps the
  // difference between two candidates attributable to what changed.
  double Total = 0;
  PipelineOptions PO;
  PO.Simulate = false;
  for (const MachineBasicBlock *MBB : Blocks) {
    Kernel K = kernelFromMachineBlocks(MF, {MBB}, *S.TC);
    if (K.empty())
      continue;
    Total += analyzeKernel(K, *S.Decoder, PO).Static.Throughput;
  }
  return Total;
}

static RegisterPass<CandidateCollector>
    CollectorRegistration("loop-uarch-tune-collector",
                          "LoopUArch: predict the loops of a tuning candidate",
                          false, false);

RegisterTargetPassConfigCallback
    AddCollector([](TargetMachine &, PassManagerBase &, TargetPassConfig *PC) {
      if (ActiveCollector && PC)
        PC->insertPass(&MachineBlockPlacementID, &CandidateCollector::ID);
    });

} // namespace

bool inCandidateCompile() { return ActiveCollector != nullptr; }

//===----------------------------------------------------------------------===//
// CandidateCompiler
//===----------------------------------------------------------------------===//

struct CandidateCompiler::Impl {
  LLVMContext Ctx;
  std::string FirstError;
  /// Where the diagnostic handler puts the vectorizer's decisions.
  std::map<unsigned, VectorizerOutcome> *Vectorizer = nullptr;
  std::unique_ptr<Module> Original;
  OptimizationLevel Level = OptimizationLevel::O2;
  const MachineModel *Model = nullptr;
  /// Headers of the user's loops by marker.
  DenseMap<const BasicBlock *, unsigned> MarkerOfHeader;
  unsigned NumLoops = 0;
  /// Step of each original loop's exit-controlling induction (0: unknown),
  /// by marker, to tell how many source iterations a scalar loop runs.
  std::vector<int64_t> ExitSteps;

  Function &function(Module &M) {
    for (Function &F : M)
      if (!F.isDeclaration())
        return F;
    llvm_unreachable("the copy has no function body");
  }
};

CandidateCompiler::CandidateCompiler(std::unique_ptr<Impl> I)
    : P(std::move(I)) {}
CandidateCompiler::~CandidateCompiler() = default;

unsigned CandidateCompiler::markerOf(const Loop *L) const {
  auto It = P->MarkerOfHeader.find(L->getHeader());
  assert(It != P->MarkerOfHeader.end() && "not a loop of the tuned function");
  return It->second;
}

Expected<std::unique_ptr<CandidateCompiler>>
CandidateCompiler::create(Function &F, LoopInfo &, OptimizationLevel Level,
                          const MachineModel &Model) {
  initializeTargets();
  auto I = std::make_unique<Impl>();
  I->Level = Level;
  I->Model = &Model;
  // Markers are preorder indices of a freshly computed LoopInfo: the
  // cached one of the pass manager may have been updated loop by loop, in
  // an order a fresh computation on the copy would not reproduce.
  DominatorTree UserDT(F);
  LoopInfo UserLI(UserDT);
  SmallVector<Loop *, 8> UserLoops = UserLI.getLoopsInPreorder();
  for (unsigned M = 0; M < UserLoops.size(); ++M)
    I->MarkerOfHeader[UserLoops[M]->getHeader()] = M;
  I->NumLoops = UserLoops.size();

  Expected<SmallString<0>> Bitcode = extractFunction(F);
  if (!Bitcode)
    return Bitcode.takeError();
  I->Ctx.setDiagnosticHandler(
      std::make_unique<SwallowDiagnostics>(&I->FirstError, &I->Vectorizer));
  auto Parsed = parseBitcodeFile(
      MemoryBufferRef(StringRef(Bitcode->data(), Bitcode->size()), "tune"),
      I->Ctx);
  if (!Parsed)
    return Parsed.takeError();
  I->Original = std::move(*Parsed);

  Function &Copy = I->function(*I->Original);
  DominatorTree DT(Copy);
  LoopInfo LI(DT);
  SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
  if (Loops.size() != UserLoops.size())
    return failure("the copy of the function has " + Twine(Loops.size()) +
                   " loops, the function " + Twine(UserLoops.size()));
  for (unsigned M = 0; M < Loops.size(); ++M)
    if (Loops[M]->getNumBlocks() != UserLoops[M]->getNumBlocks())
      return failure("loop " + Twine(M) + " of the copy differs");
  TargetLibraryInfoImpl TLII(I->Original->getTargetTriple());
  TargetLibraryInfo TLI(TLII);
  AssumptionCache AC(Copy);
  ScalarEvolution SE(Copy, TLI, AC, DT, LI);
  for (Loop *L : Loops)
    I->ExitSteps.push_back(exitInductionStep(*L, SE));
  return std::unique_ptr<CandidateCompiler>(new CandidateCompiler(std::move(I)));
}

Expected<CandidateCompileResult>
CandidateCompiler::compile(const std::map<unsigned, TuneCandidate> &Forced,
                           const std::map<unsigned, int> &RegionOf) {
  double T0 = now();
  Impl &I = *P;
  I.FirstError.clear();
  std::unique_ptr<Module> M = CloneModule(*I.Original);
  Function &F = I.function(*M);

  // Mark every loop; force the candidates.
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    SmallVector<Loop *, 8> Loops = LI.getLoopsInPreorder();
    for (unsigned Mk = 0; Mk < Loops.size(); ++Mk) {
      Loop *L = Loops[Mk];
      SmallVector<Metadata *, 8> Keep;
      if (MDNode *Old = L->getLoopID())
        for (unsigned Op = 1; Op < Old->getNumOperands(); ++Op)
          Keep.push_back(Old->getOperand(Op));
      Metadata *MarkerMD = tuneMarker(I.Ctx, Mk);
      Keep.push_back(MarkerMD);
      SmallVector<Metadata *, 8> Add;
      auto It = Forced.find(Mk);
      if (It != Forced.end()) {
        SmallVector<Metadata *, 2> Extra = {MarkerMD};
        if (findOptionMDForLoop(L, "llvm.loop.mustprogress"))
          Extra.push_back(MDNode::get(
              I.Ctx, MDString::get(I.Ctx, "llvm.loop.mustprogress")));
        Add = candidateLoopAttributes(I.Ctx, It->second, Extra);
      }
      L->setLoopID(makeLoopID(I.Ctx, Keep, Add));
      // Names change no decision; the unroller's remainder clones keep it.
      L->getHeader()->setName(tuneHeaderName(Mk));
    }
  }

  Expected<TargetMachine *> TM = targetMachineFor(*M, F, I.Level);
  if (!TM)
    return TM.takeError();
  CandidateCompileResult Result;
  I.Vectorizer = &Result.Vectorizer;
  scope_exit Detach([&] { I.Vectorizer = nullptr; });
  TargetLibraryInfoImpl TLII(M->getTargetTriple());

  // The rest of the module optimisation pipeline, as clang builds it at
  // this level (its default tuning options at -O2/-O3).
  {
    PipelineTuningOptions PTO;
    PTO.LoopInterleaving = true;
    PTO.LoopVectorization = true;
    PTO.SLPVectorization = true;
    PTO.LoopUnrolling = true;
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PassBuilder PB(*TM, PTO);
    FAM.registerPass([&] { return PB.buildDefaultAAPipeline(); });
    FAM.registerPass([&] { return TargetLibraryAnalysis(TLII); });
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    ModulePassManager MPM =
        PB.buildModuleOptimizationPipeline(I.Level, ThinOrFullLTOPhase::None);
    double T1 = now();
    MPM.run(*M, MAM);
    Result.OptimiseSeconds = now() - T1;
  }
  if (!I.FirstError.empty())
    return failure("optimising the candidate failed: " + I.FirstError);

  if (DumpCandidates) {
    errs() << "; candidate round:";
    for (auto &[Mk, C] : Forced)
      errs() << " loop " << Mk << " = " << C.shortStr();
    errs() << "\n" << *M;
  }
  CollectorState State;
  State.Target = &F;
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    TargetLibraryInfo TLI(TLII);
    AssumptionCache AC(F);
    ScalarEvolution SE(F, TLI, AC, DT, LI);
    State.Identities = identifyCandidateLoops(LI, SE, I.ExitSteps, Forced);
  }
  State.RegionOf = RegionOf;
  Expected<DecoderEntry *> Dec = decoderFor(M->getTargetTriple(), *I.Model);
  if (!Dec)
    return Dec.takeError();
  State.TC = (*Dec)->TC.get();
  State.Decoder = (*Dec)->Decoder.get();
  State.Out = &Result;

  legacy::PassManager CG;
  CG.add(new TargetLibraryInfoWrapperPass(TLII));
  raw_null_ostream Null;
  ActiveCollector = &State;
  double T2 = now();
  bool Failed = (*TM)->addPassesToEmitFile(CG, Null, nullptr,
                                           CodeGenFileType::Null);
  if (!Failed)
    CG.run(*M);
  ActiveCollector = nullptr;
  if (Failed)
    return failure("the target cannot generate code for the candidate");
  if (!I.FirstError.empty())
    return failure("code generation failed: " + I.FirstError);
  Result.Seconds = now() - T0;
  Result.CodeGenSeconds = now() - T2 - Result.AnalysisSeconds;
  return Result;
}

} // namespace luarch
