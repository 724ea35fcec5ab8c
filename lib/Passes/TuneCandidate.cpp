//===- TuneCandidate.cpp - Loop metadata for a tuning candidate ----------===//
#include "luarch/Passes/TuneCandidate.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Type.h"

using namespace llvm;

namespace luarch {

std::string TuneCandidate::str() const {
  if (IsDefault)
    return "clang's choice";
  if (VF == 1 && IC == 1)
    return Unroll == 1 ? "scalar, not unrolled"
                       : "scalar, unrolled x" + std::to_string(Unroll);
  if (VF == 1)
    return "scalar, interleaved x" + std::to_string(IC);
  std::string S = "vectorized x" + std::to_string(VF);
  if (IC > 1)
    S += ", interleaved x" + std::to_string(IC);
  return S;
}

std::string TuneCandidate::shortStr() const {
  if (IsDefault)
    return "default";
  if (VF == 1 && IC == 1)
    return "u" + std::to_string(Unroll);
  return std::to_string(VF) + "x" + std::to_string(IC);
}

static bool isPowerOf2(unsigned N) { return N && !(N & (N - 1)); }

std::optional<TuneCandidate> TuneCandidate::parse(StringRef S) {
  S = S.trim();
  if (S == "default")
    return clangDefault();
  unsigned A = 0, B = 0;
  if (S.consume_front("u")) {
    if (S.getAsInteger(10, A) || A == 0 || A > 64)
      return std::nullopt;
    return scalar(A);
  }
  auto [L, R] = S.split('x');
  if (L.getAsInteger(10, A) || R.getAsInteger(10, B) || !isPowerOf2(A) ||
      !isPowerOf2(B) || A > 256 || B > 64)
    return std::nullopt;
  if (A == 1 && B == 1)
    return scalar(1);
  return vectorize(A, B);
}

static Metadata *flag(LLVMContext &Ctx, StringRef Name) {
  return MDNode::get(Ctx, MDString::get(Ctx, Name));
}

static Metadata *intAttr(LLVMContext &Ctx, StringRef Name, unsigned V) {
  return MDNode::get(Ctx, {MDString::get(Ctx, Name),
                           ConstantAsMetadata::get(ConstantInt::get(
                               Type::getInt32Ty(Ctx), V))});
}

SmallVector<Metadata *, 8>
candidateLoopAttributes(LLVMContext &Ctx, const TuneCandidate &C,
                        ArrayRef<Metadata *> FollowupExtra) {
  SmallVector<Metadata *, 8> Ops;
  if (C.IsDefault)
    return Ops;
  // A note no pass interprets; the vectorizer and the unroller copy it to
  // the loops they make, so the final IR still says what was chosen.
  Metadata *Note = MDNode::get(Ctx, {MDString::get(Ctx, "luarch.tune.decision"),
                                     MDString::get(Ctx, C.shortStr())});
  Ops.push_back(Note);
  if (C.VF > 1) {
    // A width makes the vectorizer use it (when legal) without asking its
    // cost model. No llvm.loop.vectorize.enable: it would also lift the
    // target's guard on potentially unsafe FP vectorization.
    Ops.push_back(intAttr(Ctx, "llvm.loop.vectorize.width", C.VF));
    Ops.push_back(intAttr(Ctx, "llvm.loop.interleave.count", C.IC));
    return Ops;
  }
  // Scalar: width 1 (no vectorization) and the interleave count; with both
  // 1 the vectorizer leaves the loop alone.
  Ops.push_back(intAttr(Ctx, "llvm.loop.vectorize.width", 1));
  Ops.push_back(intAttr(Ctx, "llvm.loop.interleave.count", C.IC));
  if (C.IC > 1)
    return Ops;
  if (C.Unroll <= 1) {
    Ops.push_back(flag(Ctx, "llvm.loop.unroll.disable"));
    return Ops;
  }
  Ops.push_back(intAttr(Ctx, "llvm.loop.unroll.count", C.Unroll));
  // The unrolled loop and the runtime remainder are not unrolled again.
  SmallVector<Metadata *, 4> Followup = {MDString::get(Ctx, "")};
  Followup.push_back(flag(Ctx, "llvm.loop.unroll.disable"));
  Followup.push_back(Note);
  Followup.append(FollowupExtra.begin(), FollowupExtra.end());
  for (StringRef Name :
       {"llvm.loop.unroll.followup_unrolled",
        "llvm.loop.unroll.followup_remainder"}) {
    Followup[0] = MDString::get(Ctx, Name);
    Ops.push_back(MDNode::get(Ctx, Followup));
  }
  return Ops;
}

MDNode *makeLoopID(LLVMContext &Ctx, ArrayRef<Metadata *> Keep,
                   ArrayRef<Metadata *> Add) {
  SmallVector<Metadata *, 8> Ops = {nullptr};
  Ops.append(Keep.begin(), Keep.end());
  Ops.append(Add.begin(), Add.end());
  MDNode *ID = MDNode::getDistinct(Ctx, Ops);
  ID->replaceOperandWith(0, ID);
  return ID;
}

bool isTransformationAttribute(StringRef Name) {
  return Name.starts_with("llvm.loop.vectorize.") ||
         Name.starts_with("llvm.loop.interleave.") ||
         Name.starts_with("llvm.loop.unroll.") ||
         Name.starts_with("llvm.loop.unroll_and_jam.") ||
         Name.starts_with("llvm.loop.distribute.") ||
         Name == "llvm.loop.isvectorized" ||
         Name == "llvm.loop.disable_nonforced";
}

} // namespace luarch
