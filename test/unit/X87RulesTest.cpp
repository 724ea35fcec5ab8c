//===- X87RulesTest.cpp - Which x87 instructions the NaN rule sees ------===//
//
// isX87ArithmeticOpcode / isX87ValueSourceOpcode (X87Rules.h) on LLVM's
// X86 opcode names (as llvm-mc-22 --show-inst prints them for the Intel
// mnemonics in the comments).
//
//===----------------------------------------------------------------------===//
#include "luarch/Model/X87Rules.h"
#include "gtest/gtest.h"

using namespace luarch;

namespace {

TEST(X87Rules, ArithmeticAndComparesComputeOnTheirInputs) {
  for (const char *N : {"MUL_FST0r",   // fmul st, st(i)
                        "UCOM_FIr",    // fucomi st, st(i)
                        "COM_FIr",     // fcomi
                        "COM_FST0r",   // fcom st(i)
                        "FCOMPP", "UCOM_FPPr", "TST_F", "SQRT_F",
                        "ADD_F64m",    // fadd qword ptr [m]
                        "ADD_FI32m",   // fiadd dword ptr [m]
                        "FICOM32m",    // ficom dword ptr [m]
                        "FICOMP16m",   // ficomp word ptr [m]
                        "DIVR_FrST0", "SUB_FPrST0", "FPREM", "FSIN",
                        "FRNDINT", "FSCALE"})
    EXPECT_TRUE(isX87ArithmeticOpcode(N)) << N;
  // Moves of a register, sign operations, stores and conversions to memory
  // and control instructions are not arithmetic.
  for (const char *N : {"LD_Frr", "ST_FPrr", "XCH_F", "CMOVB_F", "CHS_F",
                        "ABS_F", "ST_F64m", "IST_FP32m", "XAM_F", "FNSTCW16m",
                        "FFREE", "ADD64rr", "MULSDrr"})
    EXPECT_FALSE(isX87ArithmeticOpcode(N)) << N;
}

TEST(X87Rules, ValueSourcesAreLoadsConstantsAndStateLoads) {
  for (const char *N : {"LD_F32m", "LD_F64m", "LD_F80m", // fld m
                        "ILD_F16m", "ILD_F64m",          // fild
                        "LD_F0", "LD_F1", "FLDPI", "FLDL2E", // constants
                        "FBLDm", "FRSTORm", "FXRSTOR", "FNINIT",
                        "FLDCW16m", "FLDENVm"})
    EXPECT_TRUE(isX87ValueSourceOpcode(N)) << N;
  // fld st(i) copies a register; the rest keep what the registers hold.
  for (const char *N : {"LD_Frr", "XCH_F", "MUL_FST0r", "ST_FPrr", "FFREE",
                        "FINCSTP", "MOV64rm"})
    EXPECT_FALSE(isX87ValueSourceOpcode(N)) << N;
}

} // namespace
