// Zen 4 probe: loops whose bodies hold early-exit branches that are never
// taken (early-exit-branches.s has the same bodies for the model). The
// harness of `loop-uarch-report --measure` refuses branches inside a block,
// so this program times the loops itself, the way that harness does: core
// cycles from wall time against a dependent `add` chain (one cycle per add)
// timed in the same process, the best of 15 runs of 20 million iterations.
// Each loop is 64-byte aligned; rax and rbx start at 0x40000800 (as in the
// harness context) so no exit is ever taken.
//
//   cc -O1 -o /tmp/early-exit early-exit-branches.c
//   flock /tmp/luarch-measure.lock taskset -c 1 /tmp/early-exit
#include <stdio.h>
#include <time.h>

static double nowNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}

#define INIT "mov $0x40000800, %%rbx\n mov $0x40000800, %%rax\n .p2align 6\n"

// Four dependent adds per iteration: 4 cycles.
static void addChain(long N) {
  asm volatile(".p2align 6\n1: add $1, %%rax\n add $1, %%rax\n add $1, %%rax\n"
               " add $1, %%rax\n dec %0\n jnz 1b"
               : "+r"(N) : : "rax", "cc");
}
static void br3(long N) {
  asm volatile(INIT "1: test %%rbx, %%rbx\n je 2f\n inc %%rax\n"
               " lea 1(%%rax), %%rsi\n cmp $5, %%rsi\n je 2f\n add $1, %%rdx\n"
               " dec %0\n jnz 1b\n2:"
               : "+r"(N) : : "rax", "rbx", "rsi", "rdx", "cc");
}
static void br4(long N) {
  asm volatile(INIT "1: test %%rbx, %%rbx\n je 2f\n inc %%rax\n"
               " lea 1(%%rax), %%rsi\n cmp $5, %%rsi\n je 2f\n add $1, %%rdx\n"
               " cmp $7, %%rbx\n je 2f\n dec %0\n jnz 1b\n2:"
               : "+r"(N) : : "rax", "rbx", "rsi", "rdx", "cc");
}
static void br3TwoALU(long N) {
  asm volatile(INIT "1: test %%rbx, %%rbx\n je 2f\n inc %%rax\n"
               " cmp $5, %%rax\n je 2f\n dec %0\n jnz 1b\n2:"
               : "+r"(N) : : "rax", "rbx", "cc");
}
static void br2FourALU(long N) {
  asm volatile(INIT "1: test %%rbx, %%rbx\n je 2f\n inc %%rax\n"
               " add $1, %%rdx\n add $1, %%rsi\n add $1, %%rdi\n dec %0\n"
               " jnz 1b\n2:"
               : "+r"(N) : : "rax", "rbx", "rdx", "rsi", "rdi", "cc");
}

static double bestNs(void (*F)(long), long N) {
  double Best = 1e30;
  for (int R = 0; R < 15; ++R) {
    double T = nowNs();
    F(N);
    T = nowNs() - T;
    if (T < Best)
      Best = T;
  }
  return Best;
}

int main(void) {
  const long N = 20000000;
  double NsPerCycle = bestNs(addChain, N) / (4.0 * N);
  printf("ns per cycle %.4f\n", NsPerCycle);
  printf("L_exit_br3       %.3f\n", bestNs(br3, N) / N / NsPerCycle);
  printf("L_exit_br4       %.3f\n", bestNs(br4, N) / N / NsPerCycle);
  printf("L_exit_br3_2alu  %.3f\n", bestNs(br3TwoALU, N) / N / NsPerCycle);
  printf("L_exit_br2_4alu  %.3f\n", bestNs(br2FourALU, N) / N / NsPerCycle);
  printf("ns per cycle again %.4f (the clock held if both agree)\n",
         bestNs(addChain, N) / (4.0 * N));
  return 0;
}
