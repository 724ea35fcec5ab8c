# The loop of a fuzzed object (docs/robustness.md): a byte flip made an
# `inl $250, %eax` (port input, microcoded) out of saxpy's vector body.
.L0:
  vmovss (%rsi,%rcx,4), %xmm1
  vfmadd213ss (%rdi,%rcx,4), %xmm0, %xmm1
  inl $250, %eax
  adcl %ecx, (%rdi,%rcx,4)
  incq %rcx
  cmpq %rcx, %rax
  jne .L0
