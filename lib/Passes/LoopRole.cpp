//===- LoopRole.cpp - Which loop is this machine loop? -------------------===//
//
// Facts LLVM 22 leaves behind, read from the IR the machine loop was built
// from (the IR after the codegen IR passes: LSR and CodeGenPrepare may have
// rewritten the induction variables into byte offsets and pointer phis, so
// everything below is measured in bytes of address per iteration):
//
// * LoopVectorize marks both loops it emits with llvm.loop.isvectorized = 1
//   (LoopVectorizeHints::setAlreadyVectorized on the vector loop and on the
//   original loop that becomes the scalar remainder); the vector loop
//   widens each consecutive access into a <VF x T> load or store, and its
//   canonical induction advances by VF x UF elements per iteration. An
//   epilogue vector loop gets the same metadata as the main one; it is told
//   apart by control flow: it is entered from the exit of a wider vector
//   loop over the same arrays (same source line when there is debug info).
// * LoopUnroll's runtime unrolling leaves U copies of each access, at
//   consecutive offsets, with a stride of U elements, and a remainder loop
//   marked llvm.loop.unroll.disable after the unrolled one (a loop unrolled
//   by a pragma's count is marked so too, so the mark alone proves nothing).
//   The unroll count itself is recorded nowhere.
// * clang's `vectorize(disable)` writes llvm.loop.isvectorized without a
//   value, beside llvm.loop.vectorize.width = 1: not the vectorizer's mark.
//
//===----------------------------------------------------------------------===//
#include "luarch/Passes/LoopRole.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

using namespace llvm;

namespace luarch {

StringRef loopRoleName(LoopRole R) {
  switch (R) {
  case LoopRole::Scalar:
    return "scalar loop";
  case LoopRole::VectorBody:
    return "vector body";
  case LoopRole::VectorEpilogue:
    return "vector epilogue";
  case LoopRole::ScalarRemainder:
    return "scalar remainder";
  case LoopRole::Unknown:
    return "loop";
  }
  llvm_unreachable("unknown loop role");
}

namespace {

/// In insertion order: the walks over a loop's blocks (its loop ID, the
/// header an llvm.loop latch goes back to, the accesses in order) must not
/// depend on where the blocks were allocated. A pointer set iterates a
/// loop of more than 8 blocks by address: sqlite3.c at -O3
/// -march=cascadelake gave one loop (sqlite3.c:71026) "1 element/iteration"
/// in one compile and none in the next.
using BlockSet = SmallSetVector<const BasicBlock *, 8>;

/// Bounds on the walks: loops and paths longer than this are not the
/// vectorizer's or the unroller's neighbours.
constexpr unsigned MaxExprDepth = 12;
constexpr unsigned MaxLoopBlocks = 64;
constexpr unsigned MaxPathBlocks = 6;

/// A constant integer, or the splat value of a constant vector.
const ConstantInt *asConstInt(const Value *V) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C;
  if (auto *C = dyn_cast<Constant>(V))
    if (V->getType()->isVectorTy())
      return dyn_cast_or_null<ConstantInt>(C->getSplatValue());
  return nullptr;
}

/// The change of \p V per iteration relative to \p Phi, when \p V is \p Phi
/// plus constants (add, sub, disjoint or, constant-offset GEPs).
std::optional<int64_t> stepFrom(const Value *V, const PHINode *Phi,
                                const DataLayout &DL, unsigned Depth = 0) {
  if (V == Phi)
    return 0;
  if (Depth > MaxExprDepth)
    return std::nullopt;
  if (auto *BO = dyn_cast<BinaryOperator>(V)) {
    const Value *X = BO->getOperand(0);
    const ConstantInt *C = asConstInt(BO->getOperand(1));
    if (!C && BO->isCommutative()) {
      C = asConstInt(X);
      X = BO->getOperand(1);
    }
    if (!C || C->getBitWidth() > 64)
      return std::nullopt;
    bool Disjoint = isa<PossiblyDisjointInst>(BO) &&
                    cast<PossiblyDisjointInst>(BO)->isDisjoint();
    int64_t K = C->getSExtValue();
    if (BO->getOpcode() == Instruction::Sub) {
      K = -K; // X - C (C - X is not commutative, so never matched here)
    } else if (BO->getOpcode() != Instruction::Add &&
               !(BO->getOpcode() == Instruction::Or && Disjoint)) {
      return std::nullopt;
    }
    std::optional<int64_t> S = stepFrom(X, Phi, DL, Depth + 1);
    if (!S)
      return std::nullopt;
    return *S + K;
  }
  if (auto *GEP = dyn_cast<GEPOperator>(V)) {
    if (GEP->getType()->isVectorTy())
      return std::nullopt;
    APInt Off(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
    if (!GEP->accumulateConstantOffset(DL, Off) ||
        Off.getSignificantBits() > 64)
      return std::nullopt;
    std::optional<int64_t> S =
        stepFrom(GEP->getPointerOperand(), Phi, DL, Depth + 1);
    if (!S)
      return std::nullopt;
    return *S + Off.getSExtValue();
  }
  return std::nullopt;
}

struct LoopShape {
  const BasicBlock *Header = nullptr;
  BlockSet Blocks;
};

/// Inductions of a loop: header phis advancing by a constant per iteration
/// (integers in their own unit, pointers in bytes, vectors per lane), with
/// the value they start from.
struct Induction {
  int64_t Step = 0;
  const Value *Start = nullptr;
};
using InductionMap = DenseMap<const PHINode *, Induction>;

InductionMap findInductions(const LoopShape &L, const DataLayout &DL) {
  InductionMap IVs;
  for (const PHINode &Phi : L.Header->phis()) {
    const Value *Inside = nullptr, *Outside = nullptr;
    bool Consistent = true;
    for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I) {
      const Value *V = Phi.getIncomingValue(I);
      if (!L.Blocks.contains(Phi.getIncomingBlock(I))) {
        if (!Outside)
          Outside = V;
        continue;
      }
      Consistent &= !Inside || Inside == V;
      Inside = V;
    }
    if (!Consistent || !Inside || !Outside)
      continue;
    if (std::optional<int64_t> S = stepFrom(Inside, &Phi, DL))
      if (*S != 0)
        IVs[&Phi] = {*S, Outside};
  }
  return IVs;
}

/// An address as Base + sum(Terms) + Offset bytes, advancing by Stride
/// bytes per iteration. Terms are variables (loop-invariant values or
/// integer inductions) with their byte scale.
struct Address {
  const Value *Base = nullptr;
  SmallVector<std::pair<const Value *, int64_t>, 4> Terms;
  int64_t Offset = 0;
  int64_t Stride = 0;
};

class AddressDecomposer {
public:
  AddressDecomposer(const LoopShape &L, const InductionMap &IVs,
                    const DataLayout &DL)
      : L(L), IVs(IVs), DL(DL) {}

  std::optional<Address> decompose(const Value *Ptr) {
    Address A;
    if (!addPointer(A, Ptr, 0))
      return std::nullopt;
    llvm::sort(A.Terms);
    // Merge equal variables (i*8 + i*8 = i*16).
    SmallVector<std::pair<const Value *, int64_t>, 4> Merged;
    for (auto &T : A.Terms) {
      if (!Merged.empty() && Merged.back().first == T.first)
        Merged.back().second += T.second;
      else
        Merged.push_back(T);
    }
    llvm::erase_if(Merged, [](auto &T) { return T.second == 0; });
    A.Terms = std::move(Merged);
    return A;
  }

private:
  const LoopShape &L;
  const InductionMap &IVs;
  const DataLayout &DL;

  bool inLoop(const Value *V) const {
    auto *I = dyn_cast<Instruction>(V);
    return I && L.Blocks.contains(I->getParent());
  }

  static bool fits(int64_t V) {
    return V > -(int64_t(1) << 40) && V < (int64_t(1) << 40);
  }

  bool addPointer(Address &A, const Value *P, unsigned Depth) {
    if (Depth > MaxExprDepth || !P->getType()->isPointerTy())
      return false;
    if (auto *GEP = dyn_cast<GEPOperator>(P)) {
      if (!addPointer(A, GEP->getPointerOperand(), Depth + 1))
        return false;
      for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
           GTI != E; ++GTI) {
        const Value *Idx = GTI.getOperand();
        if (StructType *ST = GTI.getStructTypeOrNull()) {
          unsigned Field = cast<ConstantInt>(Idx)->getZExtValue();
          A.Offset += DL.getStructLayout(ST)->getElementOffset(Field);
          continue;
        }
        TypeSize Size = GTI.getSequentialElementStride(DL);
        if (Size.isScalable() || Idx->getType()->isVectorTy())
          return false;
        if (!addInteger(A, Idx, int64_t(Size.getFixedValue()), Depth + 1))
          return false;
      }
      return true;
    }
    if (auto *Op = dyn_cast<Operator>(P))
      if (Op->getOpcode() == Instruction::BitCast ||
          Op->getOpcode() == Instruction::AddrSpaceCast)
        return addPointer(A, Op->getOperand(0), Depth + 1);
    if (A.Base)
      return false; // two pointers added: not an address we understand
    if (auto *Phi = dyn_cast<PHINode>(P)) {
      auto It = IVs.find(Phi);
      if (It != IVs.end()) {
        A.Base = Phi;
        A.Stride += It->second.Step;
        return true;
      }
    }
    if (inLoop(P))
      return false; // loaded or selected inside the loop: not affine
    A.Base = P;
    return true;
  }

  bool addInteger(Address &A, const Value *V, int64_t Scale, unsigned Depth) {
    if (Depth > MaxExprDepth || !fits(Scale))
      return false;
    if (auto *C = dyn_cast<ConstantInt>(V)) {
      if (C->getBitWidth() > 64)
        return false;
      A.Offset += Scale * C->getSExtValue();
      return true;
    }
    if (auto *Phi = dyn_cast<PHINode>(V)) {
      auto It = IVs.find(Phi);
      if (It != IVs.end()) {
        A.Terms.push_back({Phi, Scale});
        A.Stride += Scale * It->second.Step;
        return true;
      }
    }
    if (!inLoop(V)) {
      A.Terms.push_back({V, Scale});
      return true;
    }
    auto *I = cast<Instruction>(V);
    switch (I->getOpcode()) {
    case Instruction::Add:
      return addInteger(A, I->getOperand(0), Scale, Depth + 1) &&
             addInteger(A, I->getOperand(1), Scale, Depth + 1);
    case Instruction::Sub:
      return addInteger(A, I->getOperand(0), Scale, Depth + 1) &&
             addInteger(A, I->getOperand(1), -Scale, Depth + 1);
    case Instruction::Or:
      return cast<PossiblyDisjointInst>(I)->isDisjoint() &&
             addInteger(A, I->getOperand(0), Scale, Depth + 1) &&
             addInteger(A, I->getOperand(1), Scale, Depth + 1);
    case Instruction::Mul:
    case Instruction::Shl: {
      const Value *X = I->getOperand(0);
      const ConstantInt *C = asConstInt(I->getOperand(1));
      if (!C && I->getOpcode() == Instruction::Mul) {
        C = asConstInt(X);
        X = I->getOperand(1);
      }
      if (!C || C->getBitWidth() > 64)
        return false;
      int64_t K = C->getSExtValue();
      if (I->getOpcode() == Instruction::Shl) {
        if (K < 0 || K > 32)
          return false;
        K = int64_t(1) << K;
      }
      if (!fits(K))
        return false;
      return addInteger(A, X, Scale * K, Depth + 1);
    }
    case Instruction::SExt:
    case Instruction::ZExt:
    case Instruction::Trunc:
      // Wrapping aside (the vectorizer and LSR only build these on indices
      // that do not wrap), the value is its operand's.
      return addInteger(A, I->getOperand(0), Scale, Depth + 1);
    default:
      return false;
    }
  }
};

/// One memory access of the loop body.
struct Access {
  bool IsStore = false;
  Type *Ty = nullptr;
  const Value *Ptr = nullptr;
  /// The TBAA access tag: fields of one struct (p[i].x, p[i].y) have
  /// different tags, the unrolled copies of one access the same.
  const MDNode *TBAA = nullptr;
  std::optional<Address> Addr;
};

/// What one loop's IR says about it.
struct LoopFacts {
  MDNode *ID = nullptr;
  bool Vectorized = false, UnrollDisabled = false;
  /// llvm.loop.unroll.runtime.disable: the vectorizer puts it on the loops
  /// it emits as vector loops; a remainder without it may be unrolled.
  bool RuntimeUnrollDisabled = false;
  unsigned Line = 0;
  /// The element count of the body's vector data (0: no vector data).
  unsigned VF = 0;
  unsigned ElementsPerIteration = 0;
  /// The arrays the loop reads and writes (underlying objects).
  std::set<std::pair<const Value *, bool>> Roots;
};

MDNode *loopIDOf(const LoopShape &L) {
  for (const BasicBlock *BB : L.Blocks) {
    const Instruction *T = BB->getTerminator();
    MDNode *MD = T ? T->getMetadata(LLVMContext::MD_loop) : nullptr;
    if (!MD || MD->getNumOperands() == 0 || MD->getOperand(0) != MD)
      continue;
    if (is_contained(successors(BB), L.Header))
      return MD;
  }
  return nullptr;
}

bool flagSet(MDNode *ID, StringRef Name) {
  MDNode *Opt = ID ? findOptionMDForLoopID(ID, Name) : nullptr;
  if (!Opt)
    return false;
  if (Opt->getNumOperands() < 2)
    return true;
  auto *C = mdconst::dyn_extract<ConstantInt>(Opt->getOperand(1));
  return !C || !C->isZero();
}

/// Whether the loop vectorizer emitted this loop: it writes
/// llvm.loop.isvectorized = i32 1 and drops the llvm.loop.vectorize.*
/// hints. clang's `#pragma clang loop vectorize(disable)` also writes
/// llvm.loop.isvectorized (without a value), beside vectorize.width = 1.
bool emittedByVectorizer(MDNode *ID) {
  MDNode *Opt =
      ID ? findOptionMDForLoopID(ID, "llvm.loop.isvectorized") : nullptr;
  return Opt && Opt->getNumOperands() == 2 &&
         flagSet(ID, "llvm.loop.isvectorized") &&
         !findOptionMDForLoopID(ID, "llvm.loop.vectorize.width") &&
         !findOptionMDForLoopID(ID, "llvm.loop.vectorize.enable");
}

unsigned lineOf(MDNode *ID) {
  if (ID)
    for (unsigned I = 1; I < ID->getNumOperands(); ++I)
      if (auto *Loc = dyn_cast<DILocation>(ID->getOperand(I)))
        return Loc->getLine();
  return 0;
}

/// The most frequent key of \p Counts, the smallest among equals.
unsigned mostFrequent(const std::map<unsigned, unsigned> &Counts) {
  unsigned Best = 0, BestCount = 0;
  for (auto [Key, Count] : Counts)
    if (Count > BestCount) {
      Best = Key;
      BestCount = Count;
    }
  return Best;
}

/// Source iterations per iteration of a vector loop: a widened consecutive
/// access (<VF x T>) advances by VF x UF elements per iteration; an
/// interleave group's wide access (<k*VF x T>, k fields or a stride of k)
/// by k x VF x UF. Else a widened induction (<VF x iN> phi) advances by
/// VF x UF.
unsigned vectorElementsPerIteration(ArrayRef<Access> Accesses,
                                    const InductionMap &IVs, unsigned VF,
                                    const DataLayout &DL) {
  std::map<unsigned, unsigned> Candidates;
  for (const Access &A : Accesses) {
    auto *VT = dyn_cast<FixedVectorType>(A.Ty);
    if (!VT || VT->getNumElements() % VF || !A.Addr || !A.Addr->Stride)
      continue;
    uint64_t Group = VT->getNumElements() / VF;
    uint64_t Elem = DL.getTypeStoreSize(VT->getElementType()).getFixedValue();
    uint64_t Bytes = uint64_t(std::abs(A.Addr->Stride));
    if (!Elem || Bytes % (Elem * Group))
      continue;
    uint64_t Elements = Bytes / (Elem * Group);
    if (Elements % VF == 0 && Elements < (1u << 20))
      ++Candidates[unsigned(Elements)];
  }
  if (!Candidates.empty())
    return mostFrequent(Candidates);
  unsigned Best = 0;
  for (auto &[Phi, IV] : IVs) {
    auto *VT = dyn_cast<FixedVectorType>(Phi->getType());
    uint64_t Step = uint64_t(std::abs(IV.Step));
    if (VT && VT->getNumElements() == VF &&
        VT->getElementType()->isIntegerTy() && Step % VF == 0 &&
        (!Best || Step < Best))
      Best = unsigned(Step);
  }
  return Best;
}

/// Source iterations per iteration of a scalar loop: the unroll factor. An
/// unrolled loop has, for each access of the source loop, U accesses at
/// consecutive offsets that tile the per-iteration stride; a loop that is
/// not unrolled has single accesses. Groups that do not tile (a[i] and
/// a[i+1] of a stencil) do not vote. Accesses are grouped by kind, type,
/// TBAA tag, base and variable terms.
unsigned scalarElementsPerIteration(ArrayRef<Access> Accesses,
                                    const InductionMap &IVs) {
  using Key = std::tuple<bool, Type *, const MDNode *, const Value *,
                         SmallVector<std::pair<const Value *, int64_t>, 4>>;
  std::map<Key, std::pair<int64_t, std::set<int64_t>>> Groups;
  for (const Access &A : Accesses) {
    if (!A.Addr || !A.Addr->Stride)
      continue;
    auto &G = Groups[Key(A.IsStore, A.Ty, A.TBAA, A.Addr->Base, A.Addr->Terms)];
    G.first = A.Addr->Stride;
    G.second.insert(A.Addr->Offset);
  }
  unsigned U = 0;
  for (auto &[K, G] : Groups) {
    const std::set<int64_t> &Offsets = G.second;
    unsigned Count = Offsets.size();
    if (Count > 1) {
      int64_t Gap = *std::next(Offsets.begin()) - *Offsets.begin();
      bool Even = true;
      for (auto It = std::next(Offsets.begin()); It != Offsets.end(); ++It)
        Even &= *It - *std::prev(It) == Gap;
      if (!Even || Gap * int64_t(Count) != std::abs(G.first))
        continue;
    }
    U = std::gcd(U, Count);
  }
  if (U)
    return U;
  // No affine access: a loop with a unit-step induction (or none) was not
  // unrolled; anything else is unknown.
  bool UnitStep = false, AnyScalarIV = false;
  for (auto &[Phi, IV] : IVs)
    if (Phi->getType()->isIntegerTy()) {
      AnyScalarIV = true;
      UnitStep |= std::abs(IV.Step) == 1;
    }
  return UnitStep || !AnyScalarIV ? 1 : 0;
}

/// The root object of an access: through GEPs and casts, and from a
/// pointer induction to its start value.
const Value *rootOf(const Access &A, const InductionMap &IVs) {
  const Value *P = A.Addr && A.Addr->Base ? A.Addr->Base : A.Ptr;
  if (auto *Phi = dyn_cast<PHINode>(P)) {
    auto It = IVs.find(Phi);
    if (It != IVs.end())
      P = It->second.Start;
  }
  return getUnderlyingObject(P);
}

LoopFacts summarize(const LoopShape &L) {
  LoopFacts F;
  const DataLayout &DL = L.Header->getDataLayout();
  F.ID = loopIDOf(L);
  F.Vectorized = emittedByVectorizer(F.ID);
  F.UnrollDisabled = flagSet(F.ID, "llvm.loop.unroll.disable");
  F.RuntimeUnrollDisabled =
      flagSet(F.ID, "llvm.loop.unroll.runtime.disable");
  F.Line = lineOf(F.ID);
  InductionMap IVs = findInductions(L, DL);
  AddressDecomposer Decomposer(L, IVs, DL);

  // The vectorization factor: the element count most of the body's vector
  // values have (an interleave group's wide loads and stores have k x VF,
  // but their VF-wide shuffles and arithmetic outnumber them).
  SmallVector<Access, 16> Accesses;
  std::map<unsigned, unsigned> ValueVF;
  for (const BasicBlock *BB : L.Blocks)
    for (const Instruction &I : *BB) {
      Type *Ty = isa<StoreInst>(I) ? I.getOperand(0)->getType() : I.getType();
      if (auto *VT = dyn_cast<FixedVectorType>(Ty))
        if (!isa<PHINode>(I))
          ++ValueVF[VT->getNumElements()];
      Access A;
      if (auto *LI = dyn_cast<LoadInst>(&I)) {
        A.Ty = LI->getType();
        A.Ptr = LI->getPointerOperand();
      } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
        A.IsStore = true;
        A.Ty = SI->getValueOperand()->getType();
        A.Ptr = SI->getPointerOperand();
      } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
        if (II->getIntrinsicID() == Intrinsic::masked_load) {
          A.Ty = II->getType();
          A.Ptr = II->getArgOperand(0);
        } else if (II->getIntrinsicID() == Intrinsic::masked_store) {
          A.IsStore = true;
          A.Ty = II->getArgOperand(0)->getType();
          A.Ptr = II->getArgOperand(1);
        }
      }
      if (!A.Ptr || !A.Ptr->getType()->isPointerTy())
        continue;
      A.TBAA = I.getMetadata(LLVMContext::MD_tbaa);
      A.Addr = Decomposer.decompose(A.Ptr);
      F.Roots.insert({rootOf(A, IVs), A.IsStore});
      Accesses.push_back(std::move(A));
    }
  F.VF = mostFrequent(ValueVF);
  if (F.VF == 1)
    F.VF = 0;
  // A vector loop whose every lane was scalarized (scatters without AVX-512)
  // keeps VF x UF copies of each access, like an unrolled loop.
  F.ElementsPerIteration =
      F.Vectorized && F.VF ? vectorElementsPerIteration(Accesses, IVs, F.VF, DL)
                           : scalarElementsPerIteration(Accesses, IVs);
  return F;
}

/// The natural loop of the back edge \p Latch -> \p Header, if small.
std::optional<LoopShape> naturalLoop(const BasicBlock *Latch,
                                     const BasicBlock *Header) {
  LoopShape L;
  L.Header = Header;
  L.Blocks.insert(Header);
  SmallVector<const BasicBlock *, 16> Work{Latch};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (!L.Blocks.insert(BB))
      continue;
    if (L.Blocks.size() > MaxLoopBlocks || pred_empty(BB))
      return std::nullopt; // too big, or reached the entry: not a loop
    append_range(Work, predecessors(BB));
  }
  return L;
}

/// Loops whose exit leads to \p L's header within a few blocks (no other
/// loop in between): the loops LLVM runs just before this one.
SmallVector<LoopFacts, 2> loopsBefore(const LoopShape &L) {
  SmallVector<LoopFacts, 2> Found;
  SmallPtrSet<const BasicBlock *, 16> Seen;
  // (block, the successor we came from, path length)
  SmallVector<std::tuple<const BasicBlock *, const BasicBlock *, unsigned>, 8>
      Work;
  for (const BasicBlock *P : predecessors(L.Header))
    if (!L.Blocks.contains(P))
      Work.push_back({P, L.Header, 1});
  while (!Work.empty()) {
    auto [BB, From, Length] = Work.pop_back_val();
    if (L.Blocks.contains(BB) || !Seen.insert(BB).second)
      continue;
    const Instruction *T = BB->getTerminator();
    MDNode *MD = T ? T->getMetadata(LLVMContext::MD_loop) : nullptr;
    if (MD) {
      // A latch: the loop before us, or one around us (stop either way).
      for (const BasicBlock *Header : successors(BB)) {
        if (Header == From)
          continue;
        std::optional<LoopShape> Before = naturalLoop(BB, Header);
        if (Before && !Before->Blocks.contains(L.Header))
          Found.push_back(summarize(*Before));
      }
      continue;
    }
    if (Length >= MaxPathBlocks)
      continue;
    for (const BasicBlock *P : predecessors(BB))
      Work.push_back({P, BB, Length + 1});
  }
  return Found;
}

/// The IR loop of a machine loop: the IR blocks of its machine blocks, and
/// as header the block an llvm.loop branch of the loop goes back to (the
/// machine header of an irreducible cycle may be another entry), else the
/// machine header's block.
template <typename BlockRange>
std::optional<LoopShape> shapeOf(const MachineBasicBlock *Header,
                                 BlockRange Blocks) {
  LoopShape L;
  for (const MachineBasicBlock *MBB : Blocks)
    if (const BasicBlock *BB = MBB->getBasicBlock())
      L.Blocks.insert(BB);
  for (const BasicBlock *BB : L.Blocks) {
    const Instruction *T = BB->getTerminator();
    if (!T || !T->getMetadata(LLVMContext::MD_loop))
      continue;
    for (const BasicBlock *S : successors(BB))
      if (L.Blocks.contains(S))
        L.Header = S;
  }
  if (!L.Header)
    L.Header = Header->getBasicBlock();
  if (!L.Header || !L.Blocks.contains(L.Header))
    return std::nullopt;
  return L;
}

LoopIdentity identify(const LoopShape &L) {
  LoopIdentity Id;
  LoopFacts F = summarize(L);
  Id.ElementsPerIteration = F.ElementsPerIteration;

  // The vectorizer's loops: vector data, or (all lanes scalarized) several
  // source iterations per iteration; else its scalar remainder, which it
  // never lets the unroller touch (llvm.loop.unroll.runtime.disable).
  // Without vector data, several source iterations per iteration are a
  // scalarized vector loop only where the unroller was kept out: the
  // vectorizer's scalar remainder, when it lacks runtime.disable, can be
  // unrolled (daxpy at -O3 for x86-64: a x2-unrolled remainder).
  bool ScalarizedVectorLoop =
      F.ElementsPerIteration > 1 && F.RuntimeUnrollDisabled;
  bool VectorLoop = F.VF || ScalarizedVectorLoop;
  if (F.Vectorized && VectorLoop) {
    Id.Role = LoopRole::VectorBody;
    Id.VectorWidth = F.VF;
    if (F.VF && F.ElementsPerIteration % F.VF == 0)
      Id.Interleave = F.ElementsPerIteration / F.VF;
    for (const LoopFacts &Before : loopsBefore(L)) {
      bool Wider = Before.ElementsPerIteration && F.ElementsPerIteration
                       ? Before.ElementsPerIteration > F.ElementsPerIteration
                       : Before.VF > F.VF;
      bool SameSource = Before.Roots == F.Roots &&
                        (!Before.Line || !F.Line || Before.Line == F.Line);
      bool BeforeIsVector =
          Before.VF || (Before.ElementsPerIteration > 1 && Before.RuntimeUnrollDisabled);
      if (Before.Vectorized && BeforeIsVector && Wider && SameSource)
        Id.Role = LoopRole::VectorEpilogue;
    }
    return Id;
  }
  if (F.Vectorized) {
    // The remainder does one source iteration per copy the unroller made.
    Id.Role = LoopRole::ScalarRemainder;
    Id.ElementsPerIteration = std::max(1u, F.ElementsPerIteration);
    return Id;
  }
  Id.Role = LoopRole::Scalar;
  if (F.UnrollDisabled)
    for (const LoopFacts &Before : loopsBefore(L))
      if (!Before.Vectorized && Before.ElementsPerIteration > 1 &&
          Before.Roots == F.Roots)
        Id.Role = LoopRole::ScalarRemainder;
  return Id;
}

} // namespace

LoopIdentity identifyLoop(const MachineLoop &ML) {
  std::optional<LoopShape> L = shapeOf(ML.getHeader(), ML.blocks());
  return L ? identify(*L) : LoopIdentity();
}

LoopIdentity identifyCycle(const MachineCycle &C) {
  std::optional<LoopShape> L = shapeOf(C.getHeader(), C.blocks());
  return L ? identify(*L) : LoopIdentity();
}

LoopIdentity identifyLoopBlocks(const MachineBasicBlock *Header,
                                ArrayRef<const MachineBasicBlock *> Blocks) {
  std::optional<LoopShape> L = shapeOf(Header, Blocks);
  return L ? identify(*L) : LoopIdentity();
}

} // namespace luarch
