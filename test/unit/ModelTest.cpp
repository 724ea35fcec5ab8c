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

TEST(MachineModel, EveryFieldHasASource) {
  // Machine facts carry their source; the two measured-only flags default
  // to "not documented or measured" and must say so.
  for (const MachineModel *M : allMachineModels()) {
    EXPECT_TRUE(M->Memory.MemoryRenaming.Source && *M->Memory.MemoryRenaming.Source) << M->Name;
    EXPECT_TRUE(M->Idioms.SbbSameRegCarryOnly.Source && *M->Idioms.SbbSameRegCarryOnly.Source) << M->Name;
    EXPECT_TRUE(M->FrontEnd.HasLSD.Source && *M->FrontEnd.HasLSD.Source) << M->Name;
    EXPECT_TRUE(M->FrontEnd.StackSyncUop.Value) << M->Name;
  }
}
