# Loops in assembly and objects are the innermost cycles of the control-flow
# graph, as the plugin finds them in codegen: a loop entered in its middle,
# a cycle with two entries, a loop through a jump table, loops in two text
# sections of one object (each starts at address 0), and a branch to a
# label after the last instruction (no loop; never a crash).
# RUN: split-file %s %t
# RUN: %loop-uarch-report -mcpu=skylake --static %t/loops.s 2>&1 | FileCheck %s
# RUN: %llvm-mc -triple=x86_64 -filetype=obj %t/loops.s -o %t/loops.o
# RUN: %loop-uarch-report -mcpu=skylake --static %t/loops.o 2>&1 | FileCheck %s --check-prefix=OBJ
# RUN: %loop-uarch-report -mcpu=skylake --static %t/end.s 2>&1 | FileCheck %s --check-prefix=END

# The rotated loop: header .Lcond, body laid out before it.
# CHECK: Kernel: rotated:.Lcond
# CHECK: Instructions: 4,
# Entered at .Lbody2 and at .Llatch: one cycle of both blocks.
# CHECK: Kernel: twoentries:
# CHECK: Instructions: 4,
# Through the jump table: head, both cases, the join (the case's jump to it
# stays in: it is inside the loop).
# CHECK: Kernel: jumptable:.Lhead
# CHECK: Instructions: 8,
# CHECK: Kernel: second:.Ls
# CHECK: Instructions: 3,
# CHECK-NOT: Kernel:

# OBJ: Kernel: rotated
# OBJ: Instructions: 4,
# OBJ: Kernel: twoentries
# OBJ: Instructions: 4,
# OBJ: Kernel: jumptable
# OBJ: Instructions: 8,
# OBJ: Kernel: second
# OBJ: Instructions: 3,
# OBJ-NOT: Kernel:

# END: warning: no region markers and no loop (a cycle of branches) found; analysing all 2 instructions as one loop body

#--- loops.s
        .text
        .globl rotated
        .type rotated,@function
rotated:
        xorl %eax, %eax
        jmp .Lcond
.Lbody:
        addq (%rdi), %rax
        addq $8, %rdi
.Lcond:
        decq %rsi
        jne .Lbody
        ret
        .globl twoentries
        .type twoentries,@function
twoentries:
        testq %rdx, %rdx
        je .Llatch
.Lbody2:
        imulq %rax, %rax
        incq %rcx
.Llatch:
        cmpq %rcx, %rsi
        jne .Lbody2
        ret
        .globl jumptable
        .type jumptable,@function
jumptable:
.Lhead:
        movl (%rdi), %eax
        jmpq *.Ltable(,%rax,8)
.Lcase1:
        addq $1, %rcx
        jmp .Lnext
.Lcase2:
        addq $2, %rcx
.Lnext:
        addq $4, %rdi
        decq %rsi
        jne .Lhead
        ret
        .section .text.startup,"ax",@progbits
        .globl second
        .type second,@function
second:
        nop
        nop
.Ls:
        addq $3, %rax
        decq %rdx
        jne .Ls
        ret
        .section .rodata,"a",@progbits
.Ltable:
        .quad .Lcase1
        .quad .Lcase2
#--- end.s
        addq %rax, %rbx
        jne .Lend
.Lend:
