//===- CPUNameTest.cpp - The -mcpu name table covers LLVM's names ---------===//
#include "luarch/Kernel/TargetContext.h"
#include "luarch/Model/MachineModel.h"
#include "gtest/gtest.h"

#include <memory>
#include <set>
#include <string>

using namespace luarch;

namespace {

/// A described core's name or one of its aliases.
bool isDescribed(llvm::StringRef Name) {
  for (const MachineModel *M : allMachineModels()) {
    if (M->Name == Name)
      return true;
    for (const std::string &A : M->Aliases)
      if (A == Name)
        return true;
  }
  return false;
}

std::unique_ptr<TargetContext> x86Context() {
  auto TC = TargetContext::create("x86_64-unknown-linux-gnu", "skylake");
  if (!TC) {
    ADD_FAILURE() << llvm::toString(TC.takeError());
    return nullptr;
  }
  return std::move(*TC);
}

} // namespace

TEST(CPUNames, EveryLLVMX86NameIsDescribedOrMapped) {
  auto TC = x86Context();
  ASSERT_TRUE(TC);
  std::set<std::string> LLVMNames;
  for (const llvm::SubtargetSubTypeKV &CPU :
       TC->subtargetInfo().getAllProcessorDescriptions())
    LLVMNames.insert(CPU.Key);
  ASSERT_GT(LLVMNames.size(), 120u); // LLVM 22.1 knows 131 x86 names
  for (const std::string &Name : LLVMNames)
    EXPECT_TRUE(isDescribed(Name) || findCPUNameMapping(Name))
        << "-mcpu=" << Name << " is neither described nor in CPUNameMap.cpp";
  for (const CPUNameMapping &Row : cpuNameMappings()) {
    EXPECT_TRUE(LLVMNames.count(Row.Name)) << Row.Name << " is not an LLVM name";
    EXPECT_FALSE(isDescribed(Row.Name)) << Row.Name << " is described already";
    EXPECT_GT(llvm::StringRef(Row.Reason).size(), 5u) << Row.Name;
  }
}

TEST(CPUNames, NoModelRowsAreExactlyTheCPUsWithout64Bit) {
  auto TC = x86Context();
  ASSERT_TRUE(TC);
  for (const CPUNameMapping &Row : cpuNameMappings()) {
    std::unique_ptr<llvm::MCSubtargetInfo> STI(
        TC->target().createMCSubtargetInfo(TC->triple(), Row.Name, ""));
    ASSERT_TRUE(STI) << Row.Name;
    bool Is64 = STI->checkFeatures("+64bit");
    EXPECT_EQ(Row.Match == CPUMatch::NoModel, !Is64) << Row.Name;
    if (Row.Match == CPUMatch::NoModel) {
      EXPECT_EQ(Row.Model, nullptr) << Row.Name;
      auto M = getNearestMachineModel(Row.Name);
      ASSERT_FALSE(bool(M)) << Row.Name;
      EXPECT_NE(llvm::toString(M.takeError()).find("32-bit-only"),
                std::string::npos);
    } else {
      std::string Note;
      auto M = getNearestMachineModel(Row.Name, &Note);
      ASSERT_TRUE(bool(M)) << Row.Name << ": " << llvm::toString(M.takeError());
      EXPECT_EQ(M->Name, Row.Model);
      EXPECT_NE(Note.find(Row.Name), std::string::npos) << Note;
      EXPECT_NE(Note.find(M->Name), std::string::npos) << Note;
    }
  }
}

TEST(CPUNames, ExactNamesStayExactAndSilent) {
  // A described core or alias is never remapped, and says nothing.
  for (const char *Name : {"skylake", "cooperlake", "znver4", "raptorlake"}) {
    std::string Note;
    auto M = getNearestMachineModel(Name, &Note);
    ASSERT_TRUE(bool(M)) << Name;
    EXPECT_TRUE(Note.empty()) << Name << ": " << Note;
  }
  // getMachineModel keeps its strict meaning for explicit names (the plugin
  // relies on it to fall back to the host for target-cpu x86-64).
  auto Strict = getMachineModel("x86-64");
  ASSERT_FALSE(bool(Strict));
  llvm::consumeError(Strict.takeError());
}
