# The same sum from a contiguous load (the advice followed, for
# consecutive indices).
.L:
vpaddd (%rdi), %ymm0, %ymm0
decq %rcx
jnz .L
