// Zen 4 probe: does a direct unconditional jmp take a branch ALU?
// sqlite3MatchEName's loop (sqlite-loops.c) runs at 1.00 with two
// never-taken conditional branches and a jmp back; three branch uops on
// the two branch ALUs (ALU0, ALU3) would take 1.50. These loops isolate
// the jmp: never-taken fused branches (test/je, rax != 0), a loop exit
// `dec/jz` never taken until the end, and either `jnz` back (control) or
// `jz out; jmp back`, or jmps to the next instruction inside the body,
// beside independent adds. Timed the way early-exit-branches.c times its
// loops: wall time against a dependent add chain in the same process,
// 400 rounds of (chain, kernel), the minimum of each.
//
//   cc -O1 -o /tmp/direct-jumps direct-jumps.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/direct-jumps
#include <stdio.h>
#include <time.h>

enum { N = 200000 };

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

#define KERNEL(NAME, BODY)                                                     \
  static void NAME(void) {                                                     \
    long K = N;                                                                \
    asm volatile("mov $0x40000800, %%eax\n mov %%rax, %%rbx\n .p2align 6\n"    \
                 "1:" BODY "\n9:"                                              \
                 : "+r"(K)                                                     \
                 :                                                             \
                 : "rax", "rbx", "rcx", "rdx", "rsi", "r8", "r9", "r10",       \
                   "r11", "cc");                                               \
  }

#define EXIT " test %%rax, %%rax\n je 9f\n"
#define EXITB " cmp $7, %%rbx\n je 9f\n"
#define ADD(R) " add $1, %%" #R "\n"
#define JNEXT " jmp 2f\n2:\n"
#define JNEXT3 " jmp 3f\n3:\n"
#define BACK_JNZ " dec %0\n jnz 1b\n"
#define BACK_JMP " dec %0\n jz 9f\n jmp 1b\n"

// Branch-bound loops: fused branch uops only (+ dec).
KERNEL(L_br2_jnz, EXIT BACK_JNZ)             // 2 cond
KERNEL(L_br2_jmp, EXIT BACK_JMP)             // 2 cond + jmp (MatchEName)
KERNEL(L_br3_jnz, EXIT EXITB BACK_JNZ)       // 3 cond
KERNEL(L_br3_jmp, EXIT EXITB BACK_JMP)       // 3 cond + jmp
KERNEL(L_br4_jnz, EXIT EXITB EXIT BACK_JNZ)  // 4 cond
KERNEL(L_br4_jmp, EXIT EXITB EXIT BACK_JMP)  // 4 cond + jmp
KERNEL(L_br1_jmp, BACK_JMP)                  // 1 cond + jmp
KERNEL(L_br1_jnext, JNEXT BACK_JNZ)          // jmp to next + 1 cond
KERNEL(L_br2_jnext, EXIT JNEXT BACK_JNZ)     // 2 cond + jmp to next
KERNEL(L_br3_jnext, EXIT JNEXT EXITB BACK_JNZ)       // 3 cond + jmp next
KERNEL(L_br2_jnext2, EXIT JNEXT JNEXT3 BACK_JNZ)     // 2 cond + 2 jmp next
KERNEL(L_br3_jnext_jmp, EXIT JNEXT EXITB BACK_JMP)   // 3 cond + 2 jmp
// ALU-bound loops: adds + branches; 4 ALUs.
KERNEL(L_a5_jnz, ADD(rcx) ADD(rdx) ADD(rsi) ADD(r8) ADD(r9) BACK_JNZ)
KERNEL(L_a5_jmp, ADD(rcx) ADD(rdx) ADD(rsi) ADD(r8) ADD(r9) BACK_JMP)
KERNEL(L_a6_jnz, ADD(rcx) ADD(rdx) ADD(rsi) ADD(r8) ADD(r9) ADD(r10) BACK_JNZ)
KERNEL(L_a6_jmp, ADD(rcx) ADD(rdx) ADD(rsi) ADD(r8) ADD(r9) ADD(r10) BACK_JMP)
KERNEL(L_a6_jnext, ADD(rcx) ADD(rdx) ADD(rsi) JNEXT ADD(r8) ADD(r9) ADD(r10) BACK_JNZ)
KERNEL(L_a6_jnext2, ADD(rcx) ADD(rdx) JNEXT ADD(rsi) ADD(r8) JNEXT3 ADD(r9) ADD(r10) BACK_JNZ)
KERNEL(L_a7_jnz, ADD(rcx) ADD(rdx) ADD(rsi) ADD(r8) ADD(r9) ADD(r10) ADD(r11) BACK_JNZ)
KERNEL(L_a7_jmp, ADD(rcx) ADD(rdx) ADD(rsi) ADD(r8) ADD(r9) ADD(r10) ADD(r11) BACK_JMP)
// Taken conditional branches to the next instruction, for contrast.
KERNEL(L_br2_tnext, " cmp %%rax, %%rbx\n je 2f\n2:\n" EXIT BACK_JNZ) // 1 taken cond + 2
KERNEL(L_a6_tnext, ADD(rcx) ADD(rdx) ADD(rsi) " cmp %%rax, %%rbx\n je 2f\n2:\n" ADD(r8) ADD(r9) BACK_JNZ)

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
  printf("%-18s %.3f\n", Name, BestKernel / BestChain * 4.0);
}

#define M(K) measure(#K, K)
int main(void) {
  M(L_br2_jnz); M(L_br2_jmp); M(L_br3_jnz); M(L_br3_jmp); M(L_br4_jnz);
  M(L_br4_jmp); M(L_br1_jmp); M(L_br1_jnext); M(L_br2_jnext); M(L_br3_jnext);
  M(L_br2_jnext2); M(L_br3_jnext_jmp); M(L_a5_jnz); M(L_a5_jmp); M(L_a6_jnz);
  M(L_a6_jmp); M(L_a6_jnext); M(L_a6_jnext2); M(L_a7_jnz); M(L_a7_jmp);
  M(L_br2_tnext); M(L_a6_tnext);
  return 0;
}
