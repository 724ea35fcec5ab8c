//===- PortPressure.cpp - Exact min-max port pressure --------------------===//
#include "luarch/Analysis/PortPressure.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"
#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

using namespace llvm;

namespace luarch {

namespace {

constexpr double Eps = 1e-9;

/// Ports that share uops form independent components (e.g. AMD's integer
/// and FP pipes): the bound is the max over components, and subset
/// enumeration stays small.
SmallVector<PortMask, 8> components(ArrayRef<UopGroup> Groups) {
  SmallVector<PortMask, 8> Comps;
  for (const UopGroup &G : Groups)
    if (G.Ports && G.Count > 0)
      Comps.push_back(G.Ports);
  // Merge overlapping sets until none overlap.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Comps.size() && !Changed; ++I)
      for (size_t J = I + 1; J < Comps.size(); ++J)
        if (Comps[I] & Comps[J]) {
          Comps[I] |= Comps[J];
          Comps.erase(Comps.begin() + J);
          Changed = true;
          break;
        }
  }
  return Comps;
}

/// Maps the ports of \p Comp to local bit positions.
SmallVector<unsigned, 16> portsOf(PortMask Comp) {
  SmallVector<unsigned, 16> P;
  for (unsigned I = 0; I < MaxPorts; ++I)
    if (Comp & (PortMask(1) << I))
      P.push_back(I);
  return P;
}

uint32_t toLocal(PortMask Mask, ArrayRef<unsigned> Ports) {
  uint32_t L = 0;
  for (unsigned I = 0; I < Ports.size(); ++I)
    if (Mask & (PortMask(1) << Ports[I]))
      L |= 1u << I;
  return L;
}

PortMask toGlobal(uint32_t Local, ArrayRef<unsigned> Ports) {
  PortMask G = 0;
  for (unsigned I = 0; I < Ports.size(); ++I)
    if (Local & (1u << I))
      G |= PortMask(1) << Ports[I];
  return G;
}

/// Max-flow (Dinic) on a small dense graph with double capacities.
/// The capacities are one row-major table (one allocation: the plugin
/// solves this for every loop, on the heap it shares with clang).
class MaxFlow {
public:
  explicit MaxFlow(unsigned N) : CapTable(size_t(N) * N, 0.0), N(N) {}
  void add(unsigned U, unsigned V, double C) { cap(U, V) += C; }
  double run(unsigned S, unsigned T) {
    double Total = 0;
    while (bfs(S, T)) {
      Next.assign(N, 0);
      while (double F = dfs(S, T, std::numeric_limits<double>::infinity()))
        Total += F;
    }
    return Total;
  }
  /// Flow pushed from U to V (residual difference).
  double flow(unsigned U, unsigned V, double Original) const {
    return Original - cap(U, V);
  }

private:
  double &cap(unsigned U, unsigned V) { return CapTable[size_t(U) * N + V]; }
  double cap(unsigned U, unsigned V) const {
    return CapTable[size_t(U) * N + V];
  }
  bool bfs(unsigned S, unsigned T) {
    Level.assign(N, -1);
    SmallVector<unsigned, 32> Q = {S};
    Level[S] = 0;
    for (size_t I = 0; I < Q.size(); ++I)
      for (unsigned V = 0; V < N; ++V)
        if (Level[V] < 0 && cap(Q[I], V) > Eps) {
          Level[V] = Level[Q[I]] + 1;
          Q.push_back(V);
        }
    return Level[T] >= 0;
  }
  double dfs(unsigned U, unsigned T, double F) {
    if (U == T)
      return F;
    for (unsigned &V = Next[U]; V < N; ++V)
      if (Level[V] == Level[U] + 1 && cap(U, V) > Eps) {
        double D = dfs(V, T, std::min(F, cap(U, V)));
        if (D > Eps) {
          cap(U, V) -= D;
          cap(V, U) += D;
          return D;
        }
      }
    return 0;
  }
  std::vector<double> CapTable;
  std::vector<int> Level;
  std::vector<unsigned> Next;
  unsigned N;
};

/// Exact min-max load within one component: max over subsets Q of
/// load(Q)/|Q|, with load(Q) = sum of groups whose ports lie within Q
/// (sum-over-subsets dynamic programming).
double componentBound(ArrayRef<UopGroup> Groups, ArrayRef<unsigned> Ports,
                      uint32_t *Tight) {
  unsigned K = Ports.size();
  // On the stack up to 8 ports (AMD's and Intel's components have at most
  // 6-8): the plugin solves this several times per loop.
  SmallVector<double, 256> F(size_t(1) << K, 0.0);
  PortMask Comp = toGlobal((1u << K) - 1, Ports);
  for (const UopGroup &G : Groups)
    if (G.Ports && G.Count > 0 && (G.Ports & ~Comp) == 0)
      F[toLocal(G.Ports, Ports)] += G.Count;
  for (unsigned B = 0; B < K; ++B)
    for (uint32_t Q = 0; Q < F.size(); ++Q)
      if (Q & (1u << B))
        F[Q] += F[Q ^ (1u << B)];
  double Best = 0;
  uint32_t BestQ = 0;
  for (uint32_t Q = 1; Q < F.size(); ++Q) {
    double V = F[Q] / llvm::popcount(Q);
    // Prefer the larger tight set on ties: every saturated port shows.
    if (V > Best + Eps ||
        (std::fabs(V - Best) <= Eps && llvm::popcount(Q) > llvm::popcount(BestQ))) {
      Best = V;
      BestQ = Q;
    }
  }
  if (Tight)
    *Tight = BestQ;
  return Best;
}

} // namespace

double minMaxPortLoad(ArrayRef<UopGroup> Groups, unsigned NumPorts,
                      PortMask *TightSet) {
  double Best = 0;
  PortMask BestSet = 0;
  for (PortMask Comp : components(Groups)) {
    SmallVector<unsigned, 16> Ports = portsOf(Comp);
    uint32_t Tight = 0;
    double B = componentBound(Groups, Ports, &Tight);
    if (B > Best + Eps) {
      Best = B;
      BestSet = toGlobal(Tight, Ports);
    } else if (std::fabs(B - Best) <= Eps) {
      BestSet |= toGlobal(Tight, Ports);
    }
  }
  if (TightSet)
    *TightSet = BestSet;
  return Best;
}

/// Distributes \p Groups over ports with a lexicographically balanced
/// optimal assignment; returns, for each group, the amount per port.
static std::vector<std::vector<double>>
balancedAssignment(ArrayRef<UopGroup> Groups, unsigned NumPorts) {
  std::vector<std::vector<double>> Out(Groups.size(),
                                       std::vector<double>(NumPorts, 0.0));
  std::vector<bool> Done(Groups.size(), false);
  PortMask Available = 0;
  for (const UopGroup &G : Groups)
    Available |= G.Ports;
  for (unsigned Round = 0; Round < NumPorts + 1 && Available; ++Round) {
    // Remaining groups, restricted to still-available ports.
    SmallVector<UopGroup, 16> Rem;
    SmallVector<unsigned, 16> RemIdx;
    for (unsigned I = 0; I < Groups.size(); ++I)
      if (!Done[I] && Groups[I].Count > 0 && (Groups[I].Ports & Available)) {
        Rem.push_back({Groups[I].Ports & Available, Groups[I].Count});
        RemIdx.push_back(I);
      }
    if (Rem.empty())
      break;
    PortMask Tight = 0;
    double T = minMaxPortLoad(Rem, NumPorts, &Tight);
    if (!Tight)
      break;
    // Groups entirely within the tight set fill it exactly to T each.
    SmallVector<unsigned, 16> Inside;
    for (unsigned J = 0; J < Rem.size(); ++J)
      if ((Rem[J].Ports & ~Tight) == 0)
        Inside.push_back(J);
    SmallVector<unsigned, 16> Ports = portsOf(Tight);
    unsigned Src = 0, Sink = 1, GBase = 2, PBase = 2 + Inside.size();
    MaxFlow MF(PBase + Ports.size());
    for (unsigned J = 0; J < Inside.size(); ++J) {
      MF.add(Src, GBase + J, Rem[Inside[J]].Count);
      // Finite capacities: the flow is read back as capacity minus
      // residual, which must not lose precision.
      for (unsigned P = 0; P < Ports.size(); ++P)
        if (Rem[Inside[J]].Ports & (PortMask(1) << Ports[P]))
          MF.add(GBase + J, PBase + P, Rem[Inside[J]].Count);
    }
    for (unsigned P = 0; P < Ports.size(); ++P)
      MF.add(PBase + P, Sink, T + 1e-7);
    MF.run(Src, Sink);
    for (unsigned J = 0; J < Inside.size(); ++J) {
      unsigned GI = RemIdx[Inside[J]];
      for (unsigned P = 0; P < Ports.size(); ++P)
        if (Rem[Inside[J]].Ports & (PortMask(1) << Ports[P]))
          Out[GI][Ports[P]] +=
              MF.flow(GBase + J, PBase + P, Rem[Inside[J]].Count);
      Done[GI] = true;
    }
    Available &= ~Tight;
  }
  return Out;
}

namespace {
/// balancedAssignment() and the tight set of one list of groups, the
/// assignment flat (group-major, NumPorts per group).
struct SolvedGroups {
  std::vector<double> Assign;
  PortMask Tight = 0;
};

/// What balancedAssignment() and minMaxPortLoad() give \p Groups, remembered
/// per thread by the groups (port sets and counts) and the port count:
/// both are functions of these alone, and loops that differ in registers,
/// immediates or even instructions share them (the plugin on sqlite3.c at
/// -O2: 1,299 analyses; the max-flow and subset sums were a third of the
/// port pressure's instructions). Bounded: past MaxEntries the groups are
/// solved without being remembered.
const SolvedGroups &solveGroups(ArrayRef<UopGroup> Groups, unsigned NP) {
  static constexpr unsigned MaxEntries = 1 << 12;
  thread_local StringMap<SolvedGroups> Memo;
  thread_local SolvedGroups Unremembered;
  SmallString<128> Key;
  auto Put = [&Key](auto V) {
    Key.append(reinterpret_cast<const char *>(&V),
               reinterpret_cast<const char *>(&V) + sizeof(V));
  };
  Put(uint32_t(NP));
  for (const UopGroup &G : Groups) {
    Put(G.Ports);
    Put(G.Count);
  }
  auto It = Memo.find(Key);
  if (It != Memo.end())
    return It->second;
  SolvedGroups S;
  std::vector<std::vector<double>> Assign = balancedAssignment(Groups, NP);
  S.Assign.reserve(Groups.size() * NP);
  for (const std::vector<double> &Row : Assign) {
    assert(Row.size() == NP && "an assignment row per group and port");
    S.Assign.insert(S.Assign.end(), Row.begin(), Row.end());
  }
  minMaxPortLoad(Groups, NP, &S.Tight);
  if (Memo.size() >= MaxEntries)
    return Unremembered = std::move(S);
  return Memo.try_emplace(Key, std::move(S)).first->second;
}
} // namespace

PortPressure computePortPressure(const MachineModel &M,
                                 ArrayRef<DecodedInstr> Instrs,
                                 PortAssignment A) {
  unsigned NP = M.numPorts();
  PortPressure R;
  R.Assignment = A;
  R.PerPort.assign(NP, 0.0);
  R.PerInstr.assign(Instrs.size(), NP);
  R.DividerPerInstr.assign(Instrs.size(), 0.0);
  for (size_t I = 0; I < Instrs.size(); ++I) {
    R.DividerPerInstr[I] = Instrs[I].DividerCycles;
    R.DividerTotal += Instrs[I].DividerCycles;
  }

  if (A == PortAssignment::EqualSplit) {
    for (size_t I = 0; I < Instrs.size(); ++I)
      for (const Uop &U : Instrs[I].Uops) {
        unsigned N = llvm::popcount(U.Ports);
        for (unsigned P = 0; P < NP && N; ++P)
          if (U.Ports & (PortMask(1) << P))
            R.PerInstr[I][P] += double(U.Share) / N;
      }
  } else {
    // Aggregate uops by port set, solve, then hand each set's per-port
    // amounts back to its instructions in proportion to their uops.
    // Groups in ascending order of their masks (a flat sorted vector: a
    // loop has a handful of distinct port sets).
    SmallVector<UopGroup, 16> Groups;
    auto GroupOf = [&Groups](PortMask Mask) {
      return std::lower_bound(Groups.begin(), Groups.end(), Mask,
                              [](const UopGroup &G, PortMask M) {
                                return G.Ports < M;
                              });
    };
    for (const DecodedInstr &D : Instrs)
      for (const Uop &U : D.Uops)
        if (U.Ports) {
          auto It = GroupOf(U.Ports);
          if (It == Groups.end() || It->Ports != U.Ports)
            It = Groups.insert(It, {U.Ports, 0.0});
          It->Count += U.Share; // an occupancy copy in part of the iterations
        }
    const SolvedGroups &Solved = solveGroups(Groups, NP);
    for (size_t I = 0; I < Instrs.size(); ++I)
      for (const Uop &U : Instrs[I].Uops) {
        if (!U.Ports)
          continue;
        unsigned G = GroupOf(U.Ports) - Groups.begin();
        assert(G < Groups.size() && Groups[G].Ports == U.Ports);
        // The group's amounts lie on its own ports (the max-flow has edges
        // to those only): the other ports' terms are zeros, which leave
        // the sums as they are.
        MutableArrayRef<double> Row = R.PerInstr[I];
        for (PortMask Rest = U.Ports; Rest; Rest &= Rest - 1) {
          unsigned P = llvm::countr_zero(Rest);
          if (P >= NP)
            break;
          Row[P] += Solved.Assign[size_t(G) * NP + P] * U.Share /
                    Groups[G].Count;
        }
      }
    R.BottleneckPorts = Solved.Tight;
  }
  for (size_t I = 0; I < Instrs.size(); ++I)
    for (unsigned P = 0; P < NP; ++P)
      R.PerPort[P] += R.PerInstr[I][P];
  R.Bound = 0;
  for (unsigned P = 0; P < NP; ++P)
    R.Bound = std::max(R.Bound, R.PerPort[P]);
  if (A == PortAssignment::EqualSplit)
    for (unsigned P = 0; P < NP; ++P)
      if (std::fabs(R.PerPort[P] - R.Bound) < 1e-6 && R.Bound > 0)
        R.BottleneckPorts |= PortMask(1) << P;
  return R;
}

} // namespace luarch
