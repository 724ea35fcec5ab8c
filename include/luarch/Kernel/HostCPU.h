//===- HostCPU.h - What the machine we run on is ---------------*- C++ -*-===//
//
// CPUID identification of the host, as -mcpu=native and --measure report
// it: vendor, family/model/stepping, brand string, and LLVM's -mcpu name
// for it (LLVM's own CPUID tables decide the name).
//
//===----------------------------------------------------------------------===//
#ifndef LUARCH_KERNEL_HOSTCPU_H
#define LUARCH_KERNEL_HOSTCPU_H

#include <string>

namespace luarch {

struct HostCPU {
  std::string Vendor;   ///< "GenuineIntel", "AuthenticAMD", or "" (not x86)
  unsigned Family = 0;  ///< display family (base + extended)
  unsigned Model = 0;   ///< display model (base + extended)
  unsigned Stepping = 0;
  std::string Brand;    ///< CPUID brand string, trimmed
  std::string LLVMName; ///< LLVM -mcpu name (sys::getHostCPUName)
  bool HasAVX512 = false;

  /// "Intel family 6 model 207 stepping 2, Intel(R) Xeon(R) Processor".
  std::string str() const;
};

/// Identifies the host (cached after the first call).
const HostCPU &detectHostCPU();

} // namespace luarch

#endif
