l:
  addq $1, %rax
  addq $1, %rbx
  addq $1, %rcx
  addq $1, %rdx
  decq %r15
  jnz l
