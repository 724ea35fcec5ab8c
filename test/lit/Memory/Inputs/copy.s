copy:
.L:
  vmovupd (%rsi,%rax,8), %ymm0
  vmovupd %ymm0, (%rdi,%rax,8)
  addq $4, %rax
  cmpq %rdx, %rax
  jb .L
