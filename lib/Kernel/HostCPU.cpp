//===- HostCPU.cpp - CPUID identification of the host --------------------===//
#include "luarch/Kernel/HostCPU.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/TargetParser/Host.h"

#include <cstring>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace luarch {

static HostCPU detect() {
  HostCPU H;
  H.LLVMName = llvm::sys::getHostCPUName().str();
#if defined(__x86_64__) || defined(__i386__)
  unsigned A, B, C, D;
  if (!__get_cpuid(0, &A, &B, &C, &D))
    return H;
  char Vendor[13] = {};
  std::memcpy(Vendor, &B, 4);
  std::memcpy(Vendor + 4, &D, 4);
  std::memcpy(Vendor + 8, &C, 4);
  H.Vendor = Vendor;
  unsigned MaxLeaf = A;
  if (__get_cpuid(1, &A, &B, &C, &D)) {
    // Display family/model as Intel's and AMD's manuals define them.
    unsigned BaseFamily = (A >> 8) & 0xF, BaseModel = (A >> 4) & 0xF;
    unsigned ExtFamily = (A >> 20) & 0xFF, ExtModel = (A >> 16) & 0xF;
    H.Family = BaseFamily == 0xF ? BaseFamily + ExtFamily : BaseFamily;
    H.Model = (BaseFamily == 0x6 || BaseFamily == 0xF)
                  ? (ExtModel << 4) + BaseModel
                  : BaseModel;
    H.Stepping = A & 0xF;
  }
  if (MaxLeaf >= 7 && __get_cpuid_count(7, 0, &A, &B, &C, &D))
    H.HasAVX512 = (B >> 16) & 1; // AVX512F
  if (__get_cpuid(0x80000000, &A, &B, &C, &D) && A >= 0x80000004) {
    char Brand[49] = {};
    for (unsigned Leaf = 0; Leaf < 3; ++Leaf) {
      __get_cpuid(0x80000002 + Leaf, &A, &B, &C, &D);
      std::memcpy(Brand + 16 * Leaf, &A, 4);
      std::memcpy(Brand + 16 * Leaf + 4, &B, 4);
      std::memcpy(Brand + 16 * Leaf + 8, &C, 4);
      std::memcpy(Brand + 16 * Leaf + 12, &D, 4);
    }
    H.Brand = llvm::StringRef(Brand).trim().str();
  }
#endif
  return H;
}

const HostCPU &detectHostCPU() {
  static const HostCPU Host = detect();
  return Host;
}

std::string HostCPU::str() const {
  std::string V = Vendor == "GenuineIntel"   ? "Intel"
                  : Vendor == "AuthenticAMD" ? "AMD"
                                             : Vendor;
  std::string S = (V.empty() ? std::string("unknown vendor") : V) +
                  " family " + std::to_string(Family) + " model " +
                  std::to_string(Model) + " stepping " +
                  std::to_string(Stepping);
  if (!Brand.empty())
    S += ", " + Brand;
  return S;
}

} // namespace luarch
