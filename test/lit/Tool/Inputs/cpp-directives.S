#include <asm.h>
#define STEP 8
.L:
addq $STEP, %rax
decq %rcx
jnz .L
