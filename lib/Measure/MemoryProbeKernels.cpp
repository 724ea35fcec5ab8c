//===- MemoryProbeKernels.cpp - The probe's timed loops ------------------===//
#include "MemoryProbeKernels.h"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace luarch {
namespace memprobe {

#if defined(__x86_64__)

uint64_t fencedTSC() {
  _mm_lfence();
  uint64_t T = __rdtsc();
  _mm_lfence();
  return T;
}

void loadPasses(const char *P, uint64_t Bytes, uint64_t Passes, bool AVX) {
  if (AVX)
    asm volatile("1:\n\t"
                 "mov %[p], %%rax\n\t"
                 "lea (%[p],%[n]), %%rdx\n\t"
                 "2:\n\t"
                 "vmovaps (%%rax), %%ymm0\n\t"
                 "vmovaps 32(%%rax), %%ymm1\n\t"
                 "vmovaps 64(%%rax), %%ymm2\n\t"
                 "vmovaps 96(%%rax), %%ymm3\n\t"
                 "add $128, %%rax\n\t"
                 "cmp %%rdx, %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b\n\t"
                 "vzeroupper"
                 : [k] "+r"(Passes)
                 : [p] "r"(P), [n] "r"(Bytes)
                 : "rax", "rdx", "xmm0", "xmm1", "xmm2", "xmm3", "memory",
                   "cc");
  else
    asm volatile("1:\n\t"
                 "mov %[p], %%rax\n\t"
                 "lea (%[p],%[n]), %%rdx\n\t"
                 "2:\n\t"
                 "movaps (%%rax), %%xmm0\n\t"
                 "movaps 16(%%rax), %%xmm1\n\t"
                 "movaps 32(%%rax), %%xmm2\n\t"
                 "movaps 48(%%rax), %%xmm3\n\t"
                 "movaps 64(%%rax), %%xmm0\n\t"
                 "movaps 80(%%rax), %%xmm1\n\t"
                 "movaps 96(%%rax), %%xmm2\n\t"
                 "movaps 112(%%rax), %%xmm3\n\t"
                 "add $128, %%rax\n\t"
                 "cmp %%rdx, %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b"
                 : [k] "+r"(Passes)
                 : [p] "r"(P), [n] "r"(Bytes)
                 : "rax", "rdx", "xmm0", "xmm1", "xmm2", "xmm3", "memory",
                   "cc");
}

void storePasses(char *P, uint64_t Bytes, uint64_t Passes, bool AVX) {
  if (AVX)
    asm volatile("vxorps %%ymm0, %%ymm0, %%ymm0\n\t"
                 "1:\n\t"
                 "mov %[p], %%rax\n\t"
                 "lea (%[p],%[n]), %%rdx\n\t"
                 "2:\n\t"
                 "vmovaps %%ymm0, (%%rax)\n\t"
                 "vmovaps %%ymm0, 32(%%rax)\n\t"
                 "vmovaps %%ymm0, 64(%%rax)\n\t"
                 "vmovaps %%ymm0, 96(%%rax)\n\t"
                 "add $128, %%rax\n\t"
                 "cmp %%rdx, %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b\n\t"
                 "vzeroupper"
                 : [k] "+r"(Passes)
                 : [p] "r"(P), [n] "r"(Bytes)
                 : "rax", "rdx", "xmm0", "memory", "cc");
  else
    asm volatile("xorps %%xmm0, %%xmm0\n\t"
                 "1:\n\t"
                 "mov %[p], %%rax\n\t"
                 "lea (%[p],%[n]), %%rdx\n\t"
                 "2:\n\t"
                 "movaps %%xmm0, (%%rax)\n\t"
                 "movaps %%xmm0, 16(%%rax)\n\t"
                 "movaps %%xmm0, 32(%%rax)\n\t"
                 "movaps %%xmm0, 48(%%rax)\n\t"
                 "movaps %%xmm0, 64(%%rax)\n\t"
                 "movaps %%xmm0, 80(%%rax)\n\t"
                 "movaps %%xmm0, 96(%%rax)\n\t"
                 "movaps %%xmm0, 112(%%rax)\n\t"
                 "add $128, %%rax\n\t"
                 "cmp %%rdx, %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b"
                 : [k] "+r"(Passes)
                 : [p] "r"(P), [n] "r"(Bytes)
                 : "rax", "rdx", "xmm0", "memory", "cc");
}

void copyPasses(const char *Src, char *Dst, uint64_t Bytes, uint64_t Passes,
                bool AVX) {
  if (AVX)
    asm volatile("1:\n\t"
                 "xor %%rax, %%rax\n\t"
                 "2:\n\t"
                 "vmovaps (%[s],%%rax), %%ymm0\n\t"
                 "vmovaps 32(%[s],%%rax), %%ymm1\n\t"
                 "vmovaps 64(%[s],%%rax), %%ymm2\n\t"
                 "vmovaps 96(%[s],%%rax), %%ymm3\n\t"
                 "vmovaps %%ymm0, (%[d],%%rax)\n\t"
                 "vmovaps %%ymm1, 32(%[d],%%rax)\n\t"
                 "vmovaps %%ymm2, 64(%[d],%%rax)\n\t"
                 "vmovaps %%ymm3, 96(%[d],%%rax)\n\t"
                 "add $128, %%rax\n\t"
                 "cmp %[n], %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b\n\t"
                 "vzeroupper"
                 : [k] "+r"(Passes)
                 : [s] "r"(Src), [d] "r"(Dst), [n] "r"(Bytes)
                 : "rax", "xmm0", "xmm1", "xmm2", "xmm3", "memory", "cc");
  else
    asm volatile("1:\n\t"
                 "xor %%rax, %%rax\n\t"
                 "2:\n\t"
                 "movaps (%[s],%%rax), %%xmm0\n\t"
                 "movaps 16(%[s],%%rax), %%xmm1\n\t"
                 "movaps 32(%[s],%%rax), %%xmm2\n\t"
                 "movaps 48(%[s],%%rax), %%xmm3\n\t"
                 "movaps %%xmm0, (%[d],%%rax)\n\t"
                 "movaps %%xmm1, 16(%[d],%%rax)\n\t"
                 "movaps %%xmm2, 32(%[d],%%rax)\n\t"
                 "movaps %%xmm3, 48(%[d],%%rax)\n\t"
                 "add $64, %%rax\n\t"
                 "cmp %[n], %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b"
                 : [k] "+r"(Passes)
                 : [s] "r"(Src), [d] "r"(Dst), [n] "r"(Bytes)
                 : "rax", "xmm0", "xmm1", "xmm2", "xmm3", "memory", "cc");
}

void triadPasses(char *A, const char *B, const char *C, uint64_t Bytes,
                 uint64_t Passes, bool AVX) {
  static const double Scalar[2] = {0.5, 0.5};
  if (AVX)
    asm volatile("vbroadcastsd (%[q]), %%ymm7\n\t"
                 "1:\n\t"
                 "xor %%rax, %%rax\n\t"
                 "2:\n\t"
                 "vmovapd (%[b],%%rax), %%ymm0\n\t"
                 "vmovapd 32(%[b],%%rax), %%ymm1\n\t"
                 "vmulpd (%[c],%%rax), %%ymm7, %%ymm2\n\t"
                 "vmulpd 32(%[c],%%rax), %%ymm7, %%ymm3\n\t"
                 "vaddpd %%ymm2, %%ymm0, %%ymm0\n\t"
                 "vaddpd %%ymm3, %%ymm1, %%ymm1\n\t"
                 "vmovapd %%ymm0, (%[a],%%rax)\n\t"
                 "vmovapd %%ymm1, 32(%[a],%%rax)\n\t"
                 "add $64, %%rax\n\t"
                 "cmp %[n], %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b\n\t"
                 "vzeroupper"
                 : [k] "+r"(Passes)
                 : [a] "r"(A), [b] "r"(B), [c] "r"(C), [n] "r"(Bytes),
                   [q] "r"(Scalar)
                 : "rax", "xmm0", "xmm1", "xmm2", "xmm3", "xmm7", "memory",
                   "cc");
  else
    asm volatile("movapd (%[q]), %%xmm7\n\t"
                 "1:\n\t"
                 "xor %%rax, %%rax\n\t"
                 "2:\n\t"
                 "movapd (%[c],%%rax), %%xmm2\n\t"
                 "movapd 16(%[c],%%rax), %%xmm3\n\t"
                 "mulpd %%xmm7, %%xmm2\n\t"
                 "mulpd %%xmm7, %%xmm3\n\t"
                 "addpd (%[b],%%rax), %%xmm2\n\t"
                 "addpd 16(%[b],%%rax), %%xmm3\n\t"
                 "movapd %%xmm2, (%[a],%%rax)\n\t"
                 "movapd %%xmm3, 16(%[a],%%rax)\n\t"
                 "add $32, %%rax\n\t"
                 "cmp %[n], %%rax\n\t"
                 "jb 2b\n\t"
                 "dec %[k]\n\t"
                 "jnz 1b"
                 : [k] "+r"(Passes)
                 : [a] "r"(A), [b] "r"(B), [c] "r"(C), [n] "r"(Bytes),
                   [q] "r"(Scalar)
                 : "rax", "xmm2", "xmm3", "xmm7", "memory", "cc");
}

void stridePasses(const char *P, const char *End, uint64_t Stride,
                  uint64_t Passes) {
  asm volatile("1:\n\t"
               "mov %[p], %%rax\n\t"
               "2:\n\t"
               "mov (%%rax), %%rdx\n\t"
               "add %[s], %%rax\n\t"
               "cmp %[e], %%rax\n\t"
               "jb 2b\n\t"
               "dec %[k]\n\t"
               "jnz 1b"
               : [k] "+r"(Passes)
               : [p] "r"(P), [e] "r"(End), [s] "r"(Stride)
               : "rax", "rdx", "memory", "cc");
}

const void *chase(const void *Start, uint64_t Loads) {
  const void *P = Start;
  asm volatile("1:\n\t"
               ".rept 16\n\t"
               "mov (%[p]), %[p]\n\t"
               ".endr\n\t"
               "sub $16, %[n]\n\t"
               "jnz 1b"
               : [p] "+r"(P), [n] "+r"(Loads)
               :
               : "memory", "cc");
  return P;
}

uint64_t addChainTicks(uint64_t Trips) {
  uint64_t T0 = fencedTSC();
  asm volatile("mov $1, %%rbx\n\t"
               "1:\n\t"
               ".rept 100\n\t"
               "add %%rbx, %%rax\n\t"
               ".endr\n\t"
               "dec %[k]\n\t"
               "jnz 1b"
               : [k] "+r"(Trips)
               :
               : "rax", "rbx", "cc");
  return fencedTSC() - T0;
}

uint64_t canaryTicks(uint64_t Trips) {
  uint64_t T0 = fencedTSC();
  asm volatile("1:\n\t"
               ".rept 50\n\t"
               "add %%rax, %%rbx\n\t"
               "add %%rax, %%rcx\n\t"
               "add %%rax, %%rdx\n\t"
               "add %%rax, %%rsi\n\t"
               "add %%rax, %%rdi\n\t"
               "add %%rax, %%r8\n\t"
               "add %%rax, %%r9\n\t"
               "add %%rax, %%r10\n\t"
               ".endr\n\t"
               "dec %[k]\n\t"
               "jnz 1b"
               : [k] "+r"(Trips)
               :
               : "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",
                 "cc");
  return fencedTSC() - T0;
}

#else // not x86-64: the probe refuses to run before calling any of these.

uint64_t fencedTSC() { return 0; }
void loadPasses(const char *, uint64_t, uint64_t, bool) {}
void storePasses(char *, uint64_t, uint64_t, bool) {}
void copyPasses(const char *, char *, uint64_t, uint64_t, bool) {}
void triadPasses(char *, const char *, const char *, uint64_t, uint64_t,
                 bool) {}
void stridePasses(const char *, const char *, uint64_t, uint64_t) {}
const void *chase(const void *Start, uint64_t) { return Start; }
uint64_t addChainTicks(uint64_t) { return 0; }
uint64_t canaryTicks(uint64_t) { return 0; }

#endif

} // namespace memprobe
} // namespace luarch
