//===- MoveEliminationSlots.h - Rename-stage move-elimination limits -*- C++ -*-===//
//
// The unit behind MoveEliminationDesc's elimination slots ([uiCA] §4.1.4):
// a physical register that an eliminated move leaves shared by several
// architectural registers holds one slot of its class (GPR or vector)
// until those registers are overwritten. A move renamed in cycle c is
// eliminated only while
//
//   slots - (moves of its class eliminated in cycles c-P+1 .. c)
//         - (shared registers holding a slot at the end of cycle c-P) > 0
//
// (P = SlotPipelineCycles); otherwise the allocate stage issues it as one
// executed uop. The registers sharing a physical register are tracked by
// register unit (GPRs and vector registers are units below 64). A move
// onto its own register shares nothing and holds no slot (the paper's
// wording: registers "used by more than one architectural register"),
// though it counts among the cycle's eliminations.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_SIM_MOVEELIMINATIONSLOTS_H
#define LUARCH_LIB_SIM_MOVEELIMINATIONSLOTS_H

#include "SimKernel.h"
#include "luarch/Model/MachineModel.h"
#include "luarch/Model/X86Semantics.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>

namespace luarch {
namespace sim {

class MoveEliminationSlots {
public:
  /// Limits of \p ME; without a description (hand-built test machines) or
  /// without slots every move is eliminated, as before.
  void configure(const MachineModel *M) {
    if (!M)
      return;
    const MoveEliminationDesc &ME = M->MoveElimination;
    Pools[0].Slots = ME.GPRSlots;
    Pools[0].ReleaseSingle = !ME.GPRSlotHeldUntilAllOverwritten;
    Pools[1].Slots = ME.VectorSlots;
    Pools[1].ReleaseSingle = !ME.VectorSlotHeldUntilAllOverwritten;
    Pipe = std::max(1u, std::min<unsigned>(ME.SlotPipelineCycles, History));
    Active = Pools[0].Slots || Pools[1].Slots;
  }
  bool active() const { return Active; }

  /// Closes the cycles before \p Cycle (each at most once): frees the slots
  /// whose registers were all overwritten (and, in a cycle without an
  /// elimination of the class, those with one register left where that
  /// frees them) and records the slots held and the moves eliminated.
  void beginCycle(long Cycle) {
    if (!Active || Cycle <= Current)
      return;
    closeCycle(Current);
    // Cycles in which the allocate stage did not run eliminated nothing.
    for (long C = std::max(Current + 1, Cycle - long(History)); C < Cycle; ++C)
      closeCycle(C);
    Current = Cycle;
  }

  /// Whether a move of class \p K (SInstr::MoveSlots) renamed now finds a
  /// slot.
  bool canEliminate(MoveSlotClass K) const {
    const Pool &P = poolOf(K);
    if (!P.Slots)
      return true;
    long Used = P.ThisCycle;
    for (unsigned I = 1; I < Pipe; ++I)
      Used += at(P.EliminatedIn, Current - I);
    Used += at(P.HeldAfter, Current - Pipe);
    return long(P.Slots) - Used > 0;
  }

  /// Records an eliminated move of class \p K from \p Src to \p Dst.
  void eliminated(MoveSlotClass K, RegUnit Src, llvm::ArrayRef<RegUnit> Dst) {
    Pool &P = poolOf(K);
    ++P.ThisCycle;
    // A move onto its own register (movzx eax, al where the description
    // lets it be eliminated) leaves no register shared: no slot held.
    if (Src >= 64 || llvm::all_of(Dst, [&](RegUnit D) { return D == Src; }))
      return;
    uint64_t Phys = physOf(Src);
    Shared *S = find(P, Phys);
    if (!S) {
      P.Regs.push_back({Phys, 0});
      S = &P.Regs.back();
    }
    S->Aliases |= uint64_t(1) << Src;
    AliasedUnits |= uint64_t(1) << Src;
    for (RegUnit D : Dst) {
      if (D >= 64 || PhysOf[D] == Phys)
        continue;
      dropAlias(D);
      PhysOf[D] = Phys;
      S->Aliases |= uint64_t(1) << D;
      AliasedUnits |= uint64_t(1) << D;
    }
  }

  /// \p U gets a new physical register (an instruction other than an
  /// eliminated move writes it).
  void overwritten(RegUnit U) {
    if (!Active || U >= 64)
      return;
    dropAlias(U);
    PhysOf[U] = NextPhys++;
  }

private:
  static constexpr unsigned History = 4;
  struct Shared {
    uint64_t Phys;
    uint64_t Aliases; ///< register units mapped to it
  };
  struct Pool {
    unsigned Slots = 0; ///< 0: no limit
    bool ReleaseSingle = false;
    unsigned ThisCycle = 0;
    std::array<unsigned, History> EliminatedIn{}, HeldAfter{};
    llvm::SmallVector<Shared, 8> Regs;
  };

  static unsigned slot(long Cycle) {
    assert(Cycle >= 0 && "a cycle of the run");
    return unsigned(Cycle % History);
  }
  /// The record of \p Cycle (none before the run: 0).
  static unsigned at(const std::array<unsigned, History> &A, long Cycle) {
    return Cycle < 0 ? 0 : A[slot(Cycle)];
  }
  uint64_t physOf(RegUnit U) {
    if (!PhysOf[U])
      PhysOf[U] = NextPhys++; // a register not written yet: its own
    return PhysOf[U];
  }
  static Shared *find(Pool &P, uint64_t Phys) {
    for (Shared &S : P.Regs)
      if (S.Phys == Phys)
        return &S;
    return nullptr;
  }
  void dropAlias(RegUnit U) {
    // A unit in no shared register's aliases has nothing to drop (most
    // writes: the search below would clear no bit).
    if (!(AliasedUnits >> U & 1))
      return;
    uint64_t Phys = PhysOf[U];
    assert(Phys && "an aliased unit has its physical register");
    // Every shared register holding U is PhysOf[U] (at most one per pool).
    for (Pool &P : Pools)
      if (Shared *S = find(P, Phys))
        S->Aliases &= ~(uint64_t(1) << U);
    AliasedUnits &= ~(uint64_t(1) << U);
  }
  void closeCycle(long Cycle) {
    uint64_t Aliased = 0;
    for (Pool &P : Pools) {
      bool FreeSingles = P.ReleaseSingle && P.ThisCycle == 0;
      // Frees the registers no longer shared, keeping the others in order
      // (erase_if's result, without its out-of-line search per cycle).
      size_t Kept = 0;
      for (size_t K = 0; K < P.Regs.size(); ++K) {
        const Shared &S = P.Regs[K];
        unsigned N = llvm::popcount(S.Aliases);
        if (N == 0 || (FreeSingles && N <= 1))
          continue;
        Aliased |= S.Aliases;
        P.Regs[Kept++] = S;
      }
      P.Regs.truncate(Kept);
      unsigned I = slot(Cycle);
      P.EliminatedIn[I] = P.ThisCycle;
      P.HeldAfter[I] = unsigned(P.Regs.size());
      P.ThisCycle = 0;
    }
    AliasedUnits = Aliased;
  }

  Pool Pools[2]; ///< GPR, vector

  Pool &poolOf(MoveSlotClass K) {
    assert(K != MoveSlotClass::None && "a move with a slot class");
    return Pools[K == MoveSlotClass::GPR ? 0 : 1];
  }
  const Pool &poolOf(MoveSlotClass K) const {
    return const_cast<MoveEliminationSlots *>(this)->poolOf(K);
  }
  std::array<uint64_t, 64> PhysOf{};
  /// The units in some shared register's aliases (bit U: unit U).
  uint64_t AliasedUnits = 0;
  uint64_t NextPhys = 1;
  unsigned Pipe = 1;
  long Current = 0;
  bool Active = false;
};

} // namespace sim
} // namespace luarch

#endif
