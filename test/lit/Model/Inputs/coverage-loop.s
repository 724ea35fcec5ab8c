# Every instruction of an assembly file counts once, inside and outside
# loops and marked regions.
  .text
  .globl f
f:
  movq (%rdi), %rax
.L1:
  # LLVM-MCA-BEGIN body
  addq $1, %rax
  vfmadd231pd %ymm0, %ymm1, %ymm2
  # LLVM-MCA-END body
  decq %rcx
  jne .L1
  lock incl (%rdi)
  fldz
  ret
