# A gather (mask refreshed each iteration) feeding a sum.
.L:
vpcmpeqd %ymm3, %ymm3, %ymm3
vpgatherdd %ymm3, (%rdi,%ymm1,4), %ymm2
vpaddd %ymm2, %ymm0, %ymm0
decq %rcx
jnz .L
