#include "luarch/Model/MachineModel.h"
#include "gtest/gtest.h"
using namespace luarch;
TEST(MachineModel, SkylakeExists) {
  auto M = getMachineModel("skylake");
  ASSERT_TRUE(bool(M));
  EXPECT_EQ(M->numPorts(), 8u);
}
