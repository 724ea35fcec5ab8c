// Zen 4 probe: two loops of the SQLite amalgamation whose prediction moved
// most when simulated runs got longer (docs/plugin.md: 1.50 -> 2.29 and
// 2.00 on the Zen 4 model, static bound 1.50, three fused branch uops per
// iteration on ALU0/ALU3). Bodies as clang-22 -O2 -march=znver4 compiles
// them (objdump of sqlite3.o; sqlite-loops.s has them for the model), timed
// the way early-exit-branches.c times its loops: wall time against a
// dependent add chain in the same process, 400 rounds of (chain, kernel),
// the minimum of each. Each loop walks a buffer of 'a' bytes ending in a 0
// byte, so the only exit taken is the last iteration's.
//
//   cc -O1 -o /tmp/sqlite-loops sqlite-loops.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/sqlite-loops
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { N = 200000 };
static char Buf[N + 64];

static double nowNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}

// Four dependent adds per iteration: 4 cycles.
static void addChain(void) {
  long K = N;
  asm volatile(".p2align 6\n1: add $1, %%rax\n add $1, %%rax\n add $1, %%rax\n"
               " add $1, %%rax\n dec %0\n jnz 1b"
               : "+r"(K) : : "rax", "cc");
}
// sqlite3_complete, the C-style comment skip (sqlite3.c line 186994):
// while( zSql[0] && (zSql[0]!='*' || zSql[1]!='/') ){ zSql++; }
static void complete(void) {
  asm volatile(".p2align 6\n"
               "1: cmpb $47, (%%rdi)\n je 3f\n"
               "2: incq %%rdi\n movzbl -1(%%rdi), %%r8d\n cmpl $42, %%r8d\n"
               " je 1b\n testl %%r8d, %%r8d\n jne 2b\n3:"
               : : "D"(Buf + 1) : "r8", "cc", "memory");
}
// The same body as the model sees it: the blocks in layout order as one
// straight loop (each iteration also compares the next byte with '/').
static void completeStraight(void) {
  asm volatile(".p2align 6\n"
               "1: cmpb $47, (%%rdi)\n je 3f\n"
               " incq %%rdi\n movzbl -1(%%rdi), %%r8d\n cmpl $42, %%r8d\n"
               " je 3f\n testl %%r8d, %%r8d\n jne 1b\n3:"
               : : "D"(Buf + 1) : "r8", "cc", "memory");
}
// sqlite3MatchEName (line 110493):
// for(n=0; ALWAYS(zSpan[n]) && zSpan[n]!='.'; n++){}
static void matchEName(void) {
  asm volatile("xor %%edi, %%edi\n .p2align 6\n"
               "1: movzbl -1(%%rax), %%r11d\n testl %%r11d, %%r11d\n je 2f\n"
               " cmpl $46, %%r11d\n je 2f\n incq %%rdi\n incq %%rax\n jmp 1b\n2:"
               : : "a"(Buf + 1) : "rdi", "r11", "cc", "memory");
}

static double onceNs(void (*F)(void)) {
  double T = nowNs();
  F();
  return nowNs() - T;
}

static void measure(const char *Name, void (*F)(void)) {
  double BestChain = 1e30, BestKernel = 1e30;
  for (int R = 0; R < 400; ++R) {
    double Chain = onceNs(addChain), Kernel = onceNs(F);
    if (Chain < BestChain)
      BestChain = Chain;
    if (Kernel < BestKernel)
      BestKernel = Kernel;
  }
  printf("%-22s %.3f  (ns per cycle %.4f)\n", Name,
         BestKernel / BestChain * 4.0, BestChain / (4.0 * N));
}

int main(void) {
  memset(Buf, 'a', sizeof Buf);
  Buf[N] = 0; // the loops stop here: N iterations each
  measure("L_sqlite_complete", complete);
  measure("L_sqlite_complete_straight", completeStraight);
  measure("L_sqlite_matchename", matchEName);
  return 0;
}
