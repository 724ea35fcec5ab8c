//===- MemoryRules.h - Shared facts of the memory descriptions -*- C++ -*-===//
//
// Building blocks of MemoryHierarchyDesc that several descriptions share:
// the 64-byte line of every x86-64 core, and the ECM rule that estimates
// store and copy bandwidths from a measured load bandwidth where no
// measurement of them is published.
//
// [ECM] J. Treibig, G. Hager, "Introducing a Performance Model for
//       Bandwidth-Limited Loop Kernels", PPAM 2009; H. Stengel et al.,
//       "Quantifying performance bottlenecks of stencil computations using
//       the Execution-Cache-Memory model", ICS 2015; Kerncraft's machine
//       files. On Intel cores one line transfer between two levels costs
//       the same whether it is a load, a write-allocate read or a
//       write-back, and transfers do not overlap.
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_LIB_MODEL_DESCRIPTIONS_MEMORYRULES_H
#define LUARCH_LIB_MODEL_DESCRIPTIONS_MEMORYRULES_H

#include "luarch/Model/MachineModel.h"

namespace luarch {
namespace descriptions {

/// A level with the 64-byte line every described core uses.
inline MemoryLevelDesc memoryLevel(const char *Name) {
  MemoryLevelDesc L;
  L.Name = Name;
  L.LineBytes = {64, "64-byte lines on every x86-64 core ([IntelOpt "
                     "§2], [AMDOpt17h §2])"};
  return L;
}

/// Store and copy bandwidths from the load bandwidth by the ECM rule: a
/// stored line crosses the path twice (write-allocate read and
/// write-back), so a store stream gets half the load bandwidth and a copy
/// (two lines in, one out, per line copied) two thirds of it, counted as
/// bytes loaded plus stored.
inline void setStoreCopyByECM(MemoryLevelDesc &L) {
  L.StoreBytesPerCycle = {L.LoadBytesPerCycle.Value / 2,
                          "estimate [ECM]: a stored line crosses the path "
                          "twice (write-allocate read, write-back): half "
                          "the load bandwidth"};
  L.CopyBytesPerCycle = {L.LoadBytesPerCycle.Value * 2 / 3,
                         "estimate [ECM]: three line transfers per line "
                         "copied (two lines loaded and stored): two "
                         "thirds of the load bandwidth"};
}

/// The store-address uop's latency where no measurement of it is
/// published (every description here): one cycle, as an address
/// generation takes. uops.info measures a store's latencies only through
/// a reload (MOV (M64, R64): [<=2;<=10] on Cascade Lake, upper bounds of
/// chains that include the load); the optimization manuals give the store
/// AGUs' count and throughput, no latency; LLVM's scheduling models give
/// a store latency of 1 without a measurement (X86SchedSkylakeClient.td
/// WriteStore, X86ScheduleZnver4.td StoreLatency "latency of a simple
/// store operation").
inline Sourced<unsigned> assumedStoreAddressLatency() {
  return {1, "assumed; no public measurement found: searched uops.info "
             "(store latencies only through a reload, MOV (M64, R64) "
             "[<=2;<=10] on Cascade Lake), [IntelOpt] and [AMDOptZen4] "
             "(AGU counts and throughputs, no latency), Agner Fog's "
             "microarchitecture guide, the uiCA paper; [LLVM] "
             "X86SchedSkylakeClient.td WriteStore and X86ScheduleZnver4.td "
             "StoreLatency say 1, unmeasured"};
}

/// The store-data uop's latency where no measurement of it is published
/// (every description here): one cycle, as a move of the data into the
/// store buffer's entry takes. In this simulator it decides when the
/// store instruction is done and may retire (and so when a load that
/// cannot forward gets its value); a forwarded load counts from the uop's
/// dispatch and does not move with it (MemoryDesc::StoreDataLatency).
/// uops.info gives a store's latencies only as upper bounds of round
/// trips through a reload (MOV (M64, R64): [<=2;<=10] on Cascade Lake and
/// Skylake, [<=4;<=9] on Haswell, [<=0;<=7] on Zen 4, where memory
/// renaming takes the reload; MOVAPS (M128, XMM) [<=4;<=10] on Cascade
/// Lake, [<=8;<=11] on Zen 4), which do not separate the data uop from
/// the load; AMD's cores list no store-data uop at all (the decoder adds
/// one on the store-data ports); LLVM's scheduling models time a store as
/// one WriteStore of latency 1, unmeasured. The search for this uop
/// (debt21) read uops.info's tables and the docs, pages and code search
/// corpora (OSACA's csx.yml: store port pressure, no latency; uiCA and
/// Facile: abstracts only); the manuals, Agner Fog's guide and the uiCA
/// paper were searched for the store-address uop (debt20, above), where
/// they gave no uop latency, and not again for this one.
inline Sourced<unsigned> assumedStoreDataLatency() {
  return {1, "assumed; no public measurement found: searched uops.info "
             "(store latencies only as bounds of round trips through a "
             "reload: MOV (M64, R64) [<=2;<=10] on Cascade Lake, [<=0;<=7] "
             "on Zen 4) and the public docs/pages/code search corpora "
             "(OSACA's csx.yml: store port pressure, no latency); [LLVM] "
             "X86SchedSkylakeClient.td WriteStore says 1, unmeasured. It "
             "times when the store is done and may retire; forwarding "
             "counts from the uop's dispatch"};
}

/// DRAM: no capacity, ways or miss buffers.
inline MemoryLevelDesc dramLevel() {
  MemoryLevelDesc L = memoryLevel("DRAM");
  L.SizeKiB = {0, "unbounded"};
  L.Ways = {0, "not a cache"};
  L.SharedByCores = {0, "every core"};
  L.Inclusive = {true, "holds everything"};
  L.MissBuffers = {0, "the last level"};
  return L;
}

} // namespace descriptions
} // namespace luarch

#endif
