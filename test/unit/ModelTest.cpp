#include "luarch/Model/MachineModel.h"
#include "gtest/gtest.h"
using namespace luarch;
TEST(MachineModel, SkylakeExists) {
  auto M = getMachineModel("skylake");
  ASSERT_TRUE(bool(M));
  EXPECT_EQ(M->numPorts(), 8u);
}

TEST(MachineModel, GoldenCoveClientAndServer) {
  // Same core, same tables; the server part has no LSD (measured on an
  // Emerald Rapids host), the client part has one ([uiCA]).
  auto Client = getMachineModel("alderlake");
  auto Server = getMachineModel("emeraldrapids");
  ASSERT_TRUE(bool(Client));
  ASSERT_TRUE(bool(Server));
  EXPECT_EQ(Server->Name, "sapphirerapids");
  EXPECT_EQ(Client->UopsInfoTable, Server->UopsInfoTable);
  EXPECT_EQ(Client->numPorts(), Server->numPorts());
  EXPECT_TRUE(Client->FrontEnd.HasLSD.Value);
  EXPECT_FALSE(Server->FrontEnd.HasLSD.Value);
  EXPECT_EQ(getMachineModel("raptorlake")->Name, "alderlake");
}

TEST(MachineModel, MeasuredFlagsOnlyWhereMeasuredOrDocumented) {
  // Memory renaming: Zen 2 ([Agner-Zen2]) and Zen 4 (measured); the
  // carry-only sbb: Zen 4 (measured). Every other core keeps the default,
  // whose source says it is not modelled; the stack-sync uop is universal.
  for (const MachineModel *M : allMachineModels()) {
    bool Renames = M->Name == "znver2" || M->Name == "znver4";
    EXPECT_EQ(M->Memory.MemoryRenaming.Value, Renames) << M->Name;
    EXPECT_EQ(M->Idioms.SbbSameRegCarryOnly.Value, M->Name == "znver4")
        << M->Name;
    EXPECT_TRUE(M->FrontEnd.StackSyncUop.Value) << M->Name;
    EXPECT_TRUE(llvm::StringRef(M->Memory.MemoryRenaming.Source).size() > 20)
        << M->Name;
  }
}
