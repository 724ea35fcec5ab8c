// What a load that splits a 64-byte line costs the L1 on this host: do
// line-crossing loads take two of the L1's accesses (so that a loop bound
// by L1 bandwidth slows by the share of its loads that cross), and what do
// misaligned loads that stay within a line cost? docs/memory.md, "Loads
// that split a line". Usage:
//   clang-22 -O2 -march=native -fno-unroll-loops -o /tmp/line-split \
//       utils/line-split.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/line-split
// Table 'loads': 8 independent loads per iteration of a counted loop, all
// from one 4 KiB page that stays in L1 (the same 8 addresses every
// iteration: no page is crossed, nothing misses), at offsets
// 'off + k * step' (k = 0..7) from a 64-byte aligned base: 16-, 32- and
// 64-byte loads aligned, misaligned within a line, and crossing a line every
// time or every other time. Cycles per iteration (best of 7 runs of 2^22
// iterations; the loop's own dec/jnz is free beside 8 loads).
// Table 'mix': 6 loads + 1 store per iteration (the 2-D 5-point stencil's
// mix, store to its own line), crossing or not.
// Table 'stores': 4 stores per iteration, aligned or each splitting a
// line; 'gemm': PolyBench gemm's mix, 2 loads and a store of one width.
// Table 'fills': R loads per iteration, one of them new data from L1, L2
// or L3 and the rest lines in L1: do the lines filled into L1 take the
// L1's load slots (the time adds) or not (the larger one sets it)? 'fills+store': with a store stream too.
// Table 'stencil5': utils/memory-kernels.c's 5-point stencil over a
// 32 x 32 grid of doubles (16 KiB, in L1), its arrays at a 64-byte aligned
// address plus 0, 8, 16, 24 or 32 bytes: how the loop's speed follows the
// number of its loads that split a line. Cycles per call (best of 7).
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "microbench.h"

static char Page[8192] __attribute__((aligned(4096)));
static const long Iters = 1L << 22;

// One loop of 8 loads with 'Insn Disp(base), Reg' for Disp = Off + k * Step.
#define LOADS8(NAME, INSN, REG, OFF, STEP)                                     \
  __attribute__((noinline)) static void NAME(const char *Base, long N) {       \
    __asm__ volatile("1:\n\t" INSN " " #OFF "+0*" #STEP "(%0), %%" REG "0\n\t" \
                     INSN " " #OFF "+1*" #STEP "(%0), %%" REG "1\n\t"          \
                     INSN " " #OFF "+2*" #STEP "(%0), %%" REG "2\n\t"          \
                     INSN " " #OFF "+3*" #STEP "(%0), %%" REG "3\n\t"          \
                     INSN " " #OFF "+4*" #STEP "(%0), %%" REG "4\n\t"          \
                     INSN " " #OFF "+5*" #STEP "(%0), %%" REG "5\n\t"          \
                     INSN " " #OFF "+6*" #STEP "(%0), %%" REG "6\n\t"          \
                     INSN " " #OFF "+7*" #STEP "(%0), %%" REG "7\n\t"          \
                     "dec %1\n\tjnz 1b"                                        \
                     : "+r"(Base), "+r"(N)                                     \
                     :                                                         \
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
                       "xmm7", "cc");                                          \
  }

LOADS8(x16Aligned, "vmovups", "xmm", 0, 64)
LOADS8(x16Within, "vmovups", "xmm", 8, 64)
LOADS8(x16Split, "vmovups", "xmm", 56, 64)
LOADS8(y32Aligned, "vmovupd", "ymm", 0, 64)
LOADS8(y32Pairs, "vmovupd", "ymm", 0, 32)
LOADS8(y32Within, "vmovupd", "ymm", 8, 64)
LOADS8(y32Split, "vmovupd", "ymm", 40, 64)
LOADS8(y32Half, "vmovupd", "ymm", 8, 32)
LOADS8(z64Aligned, "vmovupd", "zmm", 0, 64)
LOADS8(z64Split, "vmovupd", "zmm", 8, 64)

// 6 loads (Off + k * 64, k = 0..5) and a store (at 448 + SOff) per
// iteration, 32 bytes each.
#define MIX(NAME, OFF, SOFF)                                                   \
  __attribute__((noinline)) static void NAME(char *Base, long N) {             \
    __asm__ volatile("1:\n\t"                                                  \
                     "vmovupd " #OFF "+0*64(%0), %%ymm0\n\t"                   \
                     "vmovupd " #OFF "+1*64(%0), %%ymm1\n\t"                   \
                     "vmovupd " #OFF "+2*64(%0), %%ymm2\n\t"                   \
                     "vmovupd " #OFF "+3*64(%0), %%ymm3\n\t"                   \
                     "vmovupd " #OFF "+4*64(%0), %%ymm4\n\t"                   \
                     "vmovupd " #OFF "+5*64(%0), %%ymm5\n\t"                   \
                     "vmovupd %%ymm6, 448+" #SOFF "(%0)\n\t"                   \
                     "dec %1\n\tjnz 1b"                                        \
                     : "+r"(Base), "+r"(N)                                     \
                     :                                                         \
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
                       "memory", "cc");                                        \
  }

MIX(mixAligned, 0, 0)
MIX(mixLoadsSplit, 40, 0)
MIX(mixStoreSplit, 0, 40)
MIX(mixBothSplit, 40, 40)

// 4 stores per iteration at Off + k * 64 (k = 0..3), and the 'gemm' mix:
// 2 loads and a store of the same width per iteration, lines apart.
#define STORES4(NAME, REG, OFF)                                                \
  __attribute__((noinline)) static void NAME(char *Base, long N) {             \
    __asm__ volatile("1:\n\t"                                                  \
                     "vmovupd %%" REG "0, " #OFF "+0*64(%0)\n\t"               \
                     "vmovupd %%" REG "0, " #OFF "+1*64(%0)\n\t"               \
                     "vmovupd %%" REG "0, " #OFF "+2*64(%0)\n\t"               \
                     "vmovupd %%" REG "0, " #OFF "+3*64(%0)\n\t"               \
                     "dec %1\n\tjnz 1b"                                        \
                     : "+r"(Base), "+r"(N)                                     \
                     :                                                         \
                     : "xmm0", "memory", "cc");                                \
  }
STORES4(y32StoreAligned, "ymm", 0)
STORES4(y32StoreSplit, "ymm", 40)
STORES4(z64StoreAligned, "zmm", 0)
STORES4(z64StoreSplit, "zmm", 8)

#define GEMM(NAME, REG, OFF)                                                   \
  __attribute__((noinline)) static void NAME(char *Base, long N) {             \
    __asm__ volatile("1:\n\t"                                                  \
                     "vmovupd " #OFF "+0*64(%0), %%" REG "1\n\t"               \
                     "vmovupd " #OFF "+2*64(%0), %%" REG "2\n\t"               \
                     "vmovupd %%" REG "0, " #OFF "+4*64(%0)\n\t"               \
                     "dec %1\n\tjnz 1b"                                        \
                     : "+r"(Base), "+r"(N)                                     \
                     :                                                         \
                     : "xmm0", "xmm1", "xmm2", "memory", "cc");                \
  }
GEMM(y32GemmAligned, "ymm", 0)
GEMM(y32GemmSplit, "ymm", 40)
GEMM(z64GemmAligned, "zmm", 0)
GEMM(z64GemmSplit, "zmm", 32)

// 'fills': per iteration one 32-byte load of new data (the pointer moves
// 32 bytes) and R - 1 loads of lines loaded just before (in L1): R L1
// loads per iteration, half a line from wherever the array lives.
#define RELOADS(NAME, LOADS)                                                   \
  __attribute__((noinline)) static void NAME(const char *P, const char *End) { \
    __asm__ volatile("1:\n\t" LOADS "add $32, %0\n\tcmp %1, %0\n\tjb 1b"     \
                     : "+r"(P)                                                 \
                     : "r"(End)                                                \
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
                       "xmm7", "cc");                                          \
  }
// The same with a store of 32 bytes to a second array each iteration (its
// lines read for ownership and written back where that array lives).
#define RELOADS_STORE(NAME, LOADS)                                             \
  __attribute__((noinline)) static void NAME(const char *P, const char *End,  \
                                             char *W) {                        \
    __asm__ volatile("1:\n\t" LOADS "vmovupd %%ymm0, (%1)\n\t"                \
                     "add $32, %0\n\tadd $32, %1\n\tcmp %2, %0\n\tjb 1b"       \
                     : "+r"(P), "+r"(W)                                        \
                     : "r"(End)                                                \
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
                       "xmm7", "memory", "cc");                                \
  }
#define L(D, R) "vmovupd " #D "(%0), %%ymm" #R "\n\t"
RELOADS(reload1, L(0, 0))
RELOADS(reload2, L(0, 0) L(-64, 1))
RELOADS(reload4, L(0, 0) L(-64, 1) L(-128, 2) L(-192, 3))
RELOADS(reload6, L(0, 0) L(-64, 1) L(-128, 2) L(-192, 3) L(-256, 4) L(-320, 5))
RELOADS(reload8, L(0, 0) L(-64, 1) L(-128, 2) L(-192, 3) L(-256, 4)
                     L(-320, 5) L(-384, 6) L(-448, 7))
RELOADS_STORE(reload1s, L(0, 0))
RELOADS_STORE(reload2s, L(0, 0) L(-64, 1))
RELOADS_STORE(reload4s, L(0, 0) L(-64, 1) L(-128, 2) L(-192, 3))
RELOADS_STORE(reload6s, L(0, 0) L(-64, 1) L(-128, 2) L(-192, 3) L(-256, 4)
                            L(-320, 5))
RELOADS_STORE(reload8s, L(0, 0) L(-64, 1) L(-128, 2) L(-192, 3) L(-256, 4)
                            L(-320, 5) L(-384, 6) L(-448, 7))

typedef void LoopFn(const char *, long);

static double cyclesPerIteration(LoopFn *F, double Hz) {
  double Best = 1e30;
  F(Page, 1000);
  for (int Rep = 0; Rep < 7; ++Rep) {
    double T0 = now();
    F(Page, Iters);
    double T = now() - T0;
    if (T < Best)
      Best = T;
  }
  return Best * Hz / Iters;
}

// utils/memory-kernels.c's stencil5 at DIM 32, on arrays the caller places.
#define DIM 32
__attribute__((noinline)) static void stencil5(double *restrict B,
                                               const double *restrict A,
                                               double S) {
  for (long I = 1; I < DIM - 1; ++I)
    for (long J = 1; J < DIM - 1; ++J)
      B[I * DIM + J] =
          S * (A[I * DIM + J] + A[(I - 1) * DIM + J] + A[(I + 1) * DIM + J] +
               A[I * DIM + J - 1] + A[I * DIM + J + 1]);
}

// The same loop over rows of 128 doubles (the compiler takes 64-byte
// vectors, as memory-kernels.c's L2 stencil5 at DIM 128), over Rows rows:
// 6 rows (12 KiB for both arrays) stay in L1, 128 (256 KiB) live in L2.
#define WIDE 128
__attribute__((noinline)) static void stencil5Wide(double *restrict B,
                                                   const double *restrict A,
                                                   double S, long Rows) {
  for (long I = 1; I < Rows - 1; ++I)
    for (long J = 1; J < WIDE - 1; ++J)
      B[I * WIDE + J] =
          S * (A[I * WIDE + J] + A[(I - 1) * WIDE + J] +
               A[(I + 1) * WIDE + J] + A[I * WIDE + J - 1] +
               A[I * WIDE + J + 1]);
}

static char Grid[2 * DIM * DIM * 8 + 4096] __attribute__((aligned(4096)));

int main(void) {
  double Hz = coreHz();
  printf("# core clock %.3f GHz (add chain)\n", Hz / 1e9);
  memset(Page, 1, sizeof Page);
  printf("# loads: 8 independent loads per iteration, offsets off + k*step "
         "from a 64-byte aligned base, one 4 KiB page in L1\n");
  printf("# %-12s %5s %5s %5s %7s  %s\n", "kind", "bytes", "off", "step",
         "splits", "cycles/iteration (best of 7)");
  struct {
    const char *Name;
    LoopFn *F;
    int Bytes, Off, Step, Splits;
  } Loads[] = {
      {"x16-aligned", x16Aligned, 16, 0, 64, 0},
      {"x16-within", x16Within, 16, 8, 64, 0},
      {"x16-split", x16Split, 16, 56, 64, 8},
      {"y32-aligned", y32Aligned, 32, 0, 64, 0},
      {"y32-pairs", y32Pairs, 32, 0, 32, 0},
      {"y32-within", y32Within, 32, 8, 64, 0},
      {"y32-half", y32Half, 32, 8, 32, 4},
      {"y32-split", y32Split, 32, 40, 64, 8},
      {"z64-aligned", z64Aligned, 64, 0, 64, 0},
      {"z64-split", z64Split, 64, 8, 64, 8},
  };
  for (unsigned I = 0; I < sizeof Loads / sizeof Loads[0]; ++I)
    printf("  %-12s %5d %5d %5d %7d  %.2f\n", Loads[I].Name, Loads[I].Bytes,
           Loads[I].Off, Loads[I].Step, Loads[I].Splits,
           cyclesPerIteration(Loads[I].F, Hz));

  printf("# mix: 6 32-byte loads (off + k*64) + 1 32-byte store per "
         "iteration\n");
  printf("# %-16s %12s %12s  %s\n", "kind", "load-splits", "store-splits",
         "cycles/iteration");
  struct {
    const char *Name;
    void (*F)(char *, long);
    int LoadSplits, StoreSplits;
  } Mix[] = {{"aligned", mixAligned, 0, 0},
             {"loads-split", mixLoadsSplit, 6, 0},
             {"store-split", mixStoreSplit, 0, 1},
             {"both-split", mixBothSplit, 6, 1}};
  for (unsigned I = 0; I < sizeof Mix / sizeof Mix[0]; ++I)
    printf("  %-16s %12d %12d  %.2f\n", Mix[I].Name, Mix[I].LoadSplits,
           Mix[I].StoreSplits,
           cyclesPerIteration((LoopFn *)Mix[I].F, Hz));

  printf("# stores: 4 stores per iteration (off + k*64); gemm: 2 loads + 1 "
         "store per iteration (off + 0, 128, 256), all of the same width\n");
  printf("# %-18s %5s %5s %7s  %s\n", "kind", "bytes", "off", "splits",
         "cycles/iteration");
  struct {
    const char *Name;
    void (*F)(char *, long);
    int Bytes, Off, Splits;
  } Stores[] = {{"y32-store-aligned", y32StoreAligned, 32, 0, 0},
                {"y32-store-split", y32StoreSplit, 32, 40, 4},
                {"z64-store-aligned", z64StoreAligned, 64, 0, 0},
                {"z64-store-split", z64StoreSplit, 64, 8, 4},
                {"y32-gemm-aligned", y32GemmAligned, 32, 0, 0},
                {"y32-gemm-split", y32GemmSplit, 32, 40, 3},
                {"z64-gemm-aligned", z64GemmAligned, 64, 0, 0},
                {"z64-gemm-split", z64GemmSplit, 64, 32, 3}};
  for (unsigned I = 0; I < sizeof Stores / sizeof Stores[0]; ++I)
    printf("  %-18s %5d %5d %7d  %.2f\n", Stores[I].Name, Stores[I].Bytes,
           Stores[I].Off, Stores[I].Splits,
           cyclesPerIteration((LoopFn *)Stores[I].F, Hz));

  printf("# fills: per iteration R 32-byte loads, one of new data (32 bytes "
         "further each iteration) and R - 1 of lines loaded before (L1); "
         "the array in L1, L2 or L3\n");
  printf("# %5s %10s %10s %10s  %s\n", "R", "16 KiB", "256 KiB", "4 MiB",
         "cycles/iteration (best of 7 passes)");
  {
    size_t Sizes[] = {16 << 10, 256 << 10, 4 << 20};
    char *Arr = aligned_alloc(4096, 4 << 20);
    memset(Arr, 1, 4 << 20);
    void (*Fns[])(const char *, const char *) = {reload1, reload2, reload4,
                                                 reload6, reload8};
    int Rs[] = {1, 2, 4, 6, 8};
    for (int F = 0; F < 5; ++F) {
      printf("  %5d", Rs[F]);
      for (int Z = 0; Z < 3; ++Z) {
        size_t Bytes = Sizes[Z];
        long Passes = (64L << 20) / Bytes;
        double Best = 1e30;
        for (int Rep = 0; Rep < 8; ++Rep) {
          double T0 = now();
          for (long P = 0; P < Passes; ++P)
            Fns[F](Arr + 512, Arr + Bytes);
          double T = now() - T0;
          if (Rep && T < Best)
            Best = T;
        }
        printf(" %10.2f", Best * Hz / (Passes * ((Bytes - 512) / 32.0)));
      }
      printf("\n");
    }
    printf("# fills+store: the same with a 32-byte store per iteration to a "
           "second array of the same size (both arrays in the level)\n");
    printf("# %5s %10s %10s %10s  %s\n", "R", "2x8 KiB", "2x128 KiB",
           "2x2 MiB", "cycles/iteration (best of 7 passes)");
    size_t Halves[] = {8 << 10, 128 << 10, 2 << 20};
    char *Out = aligned_alloc(4096, 2 << 20);
    memset(Out, 1, 2 << 20);
    void (*FnsS[])(const char *, const char *, char *) = {
        reload1s, reload2s, reload4s, reload6s, reload8s};
    for (int F = 0; F < 5; ++F) {
      printf("  %5d", Rs[F]);
      for (int Z = 0; Z < 3; ++Z) {
        size_t Bytes = Halves[Z];
        long Passes = (64L << 20) / Bytes;
        double Best = 1e30;
        for (int Rep = 0; Rep < 8; ++Rep) {
          double T0 = now();
          for (long P = 0; P < Passes; ++P)
            FnsS[F](Arr + 512, Arr + Bytes, Out);
          double T = now() - T0;
          if (Rep && T < Best)
            Best = T;
        }
        printf(" %10.2f", Best * Hz / (Passes * ((Bytes - 512) / 32.0)));
      }
      printf("\n");
    }
    free(Out);
    free(Arr);
  }

  printf("# stencil5: utils/memory-kernels.c's 5-point stencil, 32 x 32 "
         "doubles, A and B at a 64-byte aligned address + shift\n");
  printf("# %5s  %s\n", "shift", "cycles/call (best of 7 x 2000 calls)");
  for (int Shift = 0; Shift <= 32; Shift += 8) {
    double *A = (double *)(Grid + Shift);
    double *B = (double *)(Grid + DIM * DIM * 8 + 2048 + Shift);
    for (int I = 0; I < DIM * DIM; ++I)
      A[I] = B[I] = 1.0;
    double Best = 1e30;
    for (int Rep = 0; Rep < 8; ++Rep) {
      double T0 = now();
      for (int C = 0; C < 2000; ++C)
        stencil5(B, A, 0.2);
      double T = now() - T0;
      if (Rep && T < Best)
        Best = T;
    }
    printf("  %5d  %.1f\n", Shift, Best * Hz / 2000);
  }
  printf("# stencil5-wide: rows of 128 doubles (64-byte vectors), A and B "
         "64-byte aligned + shift; cycles per row (best of 7)\n");
  printf("# B a multiple of 4 KiB after A (as memory-kernels.c's arrays: "
         "a store and the next loads of the row alias in the low 12 address "
         "bits) or 4 KiB + 2 KiB after\n");
  printf("# %5s %8s %10s %10s\n", "shift", "B-A", "6 rows", "128 rows");
  for (int Apart = 0; Apart <= 2048; Apart += 2048) {
    char *Buf = aligned_alloc(4096, 2 * 128 * 128 * 8 + 8192);
    for (int Shift = 0; Shift <= 32; Shift += 8) {
      double *A = (double *)(Buf + Shift);
      double *B = (double *)(Buf + 128 * 128 * 8 + 4096 + Apart + Shift);
      for (int I = 0; I < 128 * 128; ++I)
        A[I] = B[I] = 1.0;
      printf("  %5d %8ld", Shift, (long)((char *)B - (char *)A));
      for (long Rows = 6; Rows <= 128; Rows += 122) {
        long Calls = (4L << 20) / (Rows * 128);
        double Best = 1e30;
        for (int Rep = 0; Rep < 8; ++Rep) {
          double T0 = now();
          for (long C = 0; C < Calls; ++C)
            stencil5Wide(B, A, 0.2, Rows);
          double T = now() - T0;
          if (Rep && T < Best)
            Best = T;
        }
        printf(" %10.1f", Best * Hz / (Calls * (Rows - 2)));
      }
      printf("\n");
    }
    free(Buf);
  }
  return 0;
}
