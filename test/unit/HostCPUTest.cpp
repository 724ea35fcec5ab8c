//===- HostCPUTest.cpp - CPUID identification agrees with the kernel -----===//
#include "luarch/Kernel/HostCPU.h"
#include "luarch/Model/MachineModel.h"
#include "gtest/gtest.h"

#include <fstream>
#include <string>

using namespace luarch;

#if defined(__x86_64__) && defined(__linux__)
TEST(HostCPU, AgreesWithProcCpuinfo) {
  std::ifstream In("/proc/cpuinfo");
  if (!In)
    GTEST_SKIP() << "no /proc/cpuinfo";
  std::string Line, Vendor;
  int Family = -1, Model = -1;
  while (std::getline(In, Line) && (Vendor.empty() || Family < 0 || Model < 0)) {
    auto Value = [&] { return Line.substr(Line.find(':') + 2); };
    if (Line.rfind("vendor_id", 0) == 0)
      Vendor = Value();
    else if (Line.rfind("cpu family", 0) == 0)
      Family = std::stoi(Value());
    else if (Line.rfind("model\t", 0) == 0)
      Model = std::stoi(Value());
  }
  const HostCPU &H = detectHostCPU();
  EXPECT_EQ(H.Vendor, Vendor);
  EXPECT_EQ(int(H.Family), Family);
  EXPECT_EQ(int(H.Model), Model);
  EXPECT_FALSE(H.LLVMName.empty());
  EXPECT_NE(H.str().find("family " + std::to_string(Family)),
            std::string::npos);
}
#endif

TEST(HostCPU, NativeIsExplainedOrRefusedClearly) {
  std::string Note;
  auto M = getMachineModel("native", &Note);
  if (M) {
    EXPECT_NE(Note.find("-mcpu=native: host is " + detectHostCPU().LLVMName),
              std::string::npos);
  } else {
    std::string Msg = llvm::toString(M.takeError());
    EXPECT_NE(Msg.find("(the host)"), std::string::npos);
    EXPECT_NE(Msg.find("supported:"), std::string::npos);
  }
  // An explicit name never carries a note.
  std::string None;
  ASSERT_TRUE(bool(getMachineModel("cascadelake", &None)));
  EXPECT_TRUE(None.empty());
}
