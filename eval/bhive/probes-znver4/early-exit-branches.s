# Zen 4: loops with early-exit branches that are never taken (three or four
# fused compare-and-branch uops per iteration, ALU0/ALU3 only). The harness
# of loop-uarch-report --measure refuses branches inside a block, so these
# are measured by early-exit-branches.c (same bodies, README.md); this file
# gives the model's side:
#   loop-uarch-report -mcpu=znver4 --no-sensitivity --harness-context early-exit-branches.s
	.text
L_exit_br3:
testq %rbx, %rbx
je .Lx1
incq %rax
leaq 1(%rax), %rsi
cmpq $5, %rsi
je .Lx1
addq $1, %rdx
decq %r15
jne L_exit_br3
.Lx1:
L_exit_br4:
testq %rbx, %rbx
je .Lx2
incq %rax
leaq 1(%rax), %rsi
cmpq $5, %rsi
je .Lx2
addq $1, %rdx
cmpq $7, %rbx
je .Lx2
decq %r15
jne L_exit_br4
.Lx2:
L_exit_br3_2alu:
testq %rbx, %rbx
je .Lx3
incq %rax
cmpq $5, %rax
je .Lx3
decq %r15
jne L_exit_br3_2alu
.Lx3:
L_exit_br2_4alu:
testq %rbx, %rbx
je .Lx4
incq %rax
addq $1, %rdx
addq $1, %rsi
addq $1, %rdi
decq %r15
jne L_exit_br2_4alu
.Lx4:
# Measured afterwards, only to check the binding rule (README.md):
L_exit_br3_3add:
testq %rbx, %rbx
je .Lx5
addq $1, %rdx
addq $1, %rsi
cmpq $7, %rbx
je .Lx5
addq $1, %rdi
decq %r15
jne L_exit_br3_3add
.Lx5:
L_exit_br3_shl:
testq %rbx, %rbx
je .Lx6
incq %rax
shlq $1, %r11
cmpq $5, %rax
je .Lx6
addq $1, %rdx
decq %r15
jne L_exit_br3_shl
.Lx6:
L_exit_br2_2alu:
testq %rbx, %rbx
je .Lx7
incq %rax
addq $1, %rdx
decq %r15
jne L_exit_br2_2alu
.Lx7:
L_exit_br3_cmpmem:
testq %rbx, %rbx
je .Lx8
incq %rax
cmpq $5, (%rdi)
je .Lx8
addq $1, %rdx
decq %r15
jne L_exit_br3_cmpmem
.Lx8:
L_exit_br3_loaded:
movq (%rdi), %rcx
testq %rcx, %rcx
jne .Lx9
incq %rax
cmpq $5, %rax
je .Lx9
decq %r15
jne L_exit_br3_loaded
.Lx9:
L_exit_br4_2add:
testq %rbx, %rbx
je .Lx10
addq $1, %rdx
cmpq $7, %rbx
je .Lx10
addq $1, %rsi
cmpq $9, %rbx
je .Lx10
decq %r15
jne L_exit_br4_2add
.Lx10:
L_exit_br2_5alu:
testq %rbx, %rbx
je .Lx11
incq %rax
addq $1, %rdx
addq $1, %rsi
addq $1, %rdi
addq $1, %r11
decq %r15
jne L_exit_br2_5alu
.Lx11:
# Controls for L_exit_br2_5alu (README.md):
L_six_add:
addq $1, %rax
addq $1, %rdx
addq $1, %rsi
addq $1, %rdi
addq $1, %r11
addq $1, %r10
decq %r15
jne L_six_add
L_exit_br2_6add:
testq %rbx, %rbx
je .Lx12
addq $1, %rax
addq $1, %rdx
addq $1, %rsi
addq $1, %rdi
addq $1, %r11
addq $1, %r10
decq %r15
jne L_exit_br2_6add
.Lx12:
nop
