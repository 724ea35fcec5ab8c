# Region selection: llvm-mca markers (named, nested), OSACA markers, IACA
# byte markers (one .byte line or three), and automatic innermost loops, in
# AT&T and Intel syntax.
# RUN: split-file %s %t
# RUN: %loop-uarch-report -mcpu=skylake --static %t/mca.s | FileCheck %s --check-prefix=MCA
# RUN: %loop-uarch-report -mcpu=skylake --static %t/osaca.s | FileCheck %s --check-prefix=OSACA
# RUN: %loop-uarch-report -mcpu=skylake --static %t/iaca3.s | FileCheck %s --check-prefix=IACA
# RUN: %loop-uarch-report -mcpu=skylake --static %t/loops.s | FileCheck %s --check-prefix=LOOPS
# RUN: %loop-uarch-report -mcpu=skylake --static %t/loops-intel.s | FileCheck %s --check-prefix=LOOPS
# RUN: %loop-uarch-report -mcpu=skylake --static %t/straight.s 2>&1 | FileCheck %s --check-prefix=WHOLE

# MCA: Kernel: outer ({{.*}}mca.s:2:2)
# MCA: Instructions: 3,
# MCA: region from llvm-mca markers
# MCA: Kernel: inner ({{.*}}mca.s:4:2)
# MCA: Instructions: 1,

# OSACA: Kernel: .Lbody
# OSACA: Instructions: 2,
# OSACA: region from OSACA markers

# IACA: Kernel: iaca
# IACA: Instructions: 2,
# IACA: region from IACA markers
# IACA-NOT: ebx

# Two functions, one with a nested loop: only innermost loops, named
# function:label, with their source line.
# LOOPS: Kernel: first:.LBB0_2 ({{.*}}loops{{.*}}.s:{{[0-9]+}}:{{[0-9]+}})
# LOOPS: Instructions: 3,
# LOOPS: region from innermost loops
# LOOPS-NOT: Kernel: first:.LBB0_1
# LOOPS: Kernel: second:.LBB1_1
# LOOPS: Instructions: 4,

# WHOLE: Kernel: whole file
# WHOLE: warning: no region markers and no loop (a cycle of branches) found; analysing all 2 instructions as one loop body

#--- mca.s
        movq $1, %rax
# LLVM-MCA-BEGIN outer
        addq %rax, %rbx
# LLVM-MCA-BEGIN inner
        imulq %rbx, %rcx
# LLVM-MCA-END inner
        subq $1, %rdx
# LLVM-MCA-END outer
        ret
#--- osaca.s
        xorl %eax, %eax
.Lbody:
# OSACA-BEGIN
        addq (%rdi), %rax
        addq $8, %rdi
# OSACA-END
        ret
#--- iaca3.s
        movl $111, %ebx
        .byte 100
        .byte 103
        .byte 144
        vaddpd %ymm0, %ymm1, %ymm2
        vmulpd %ymm2, %ymm3, %ymm4
        movl $222, %ebx
        .byte 100, 103, 144
#--- loops.s
        .text
        .globl first
        .type first,@function
first:
.LBB0_1:
        movq $0, %rcx
.LBB0_2:
        addq (%rdi,%rcx,8), %rax
        incq %rcx
        jne .LBB0_2
        decq %rsi
        jne .LBB0_1
        ret
        .globl second
        .type second,@function
second:
.LBB1_1:
        vaddpd (%rdi), %ymm0, %ymm0
        addq $32, %rdi
        cmpq %rsi, %rdi
        jb .LBB1_1
        ret
#--- loops-intel.s
        .intel_syntax noprefix
        .text
        .globl first
        .type first,@function
first:
.LBB0_1:
        mov rcx, 0
.LBB0_2:
        add rax, qword ptr [rdi + 8*rcx]
        inc rcx
        jne .LBB0_2
        dec rsi
        jne .LBB0_1
        ret
        .globl second
        .type second,@function
second:
.LBB1_1:
        vaddpd ymm0, ymm0, ymmword ptr [rdi]
        add rdi, 32
        cmp rdi, rsi
        jb .LBB1_1
        ret
#--- straight.s
        addq %rax, %rbx
        imulq %rbx, %rcx
