# Decoding on skylake: uops.info variants, ports, fusion and idioms.
# RUN: %loop-uarch-report -mcpu=skylake --show-decoding %s | FileCheck %s

# CHECK: addq (%rbx), %rax 1/2 p0156+p23 lat=1 ld=4 [uops.info: ADD (R64, M64)]
# CHECK: xorl %eax, %eax 1/0 rename lat=0 ld=0 [uops.info: XOR_31 (R32, R32)] zero-idiom
# CHECK: movq %rax, 8(%rbx,%rcx,8) 1/2 p23+p4
# CHECK: movq %rax, 8(%rbx) 1/2 p237+p4
# CHECK: leaq 8(%rax,%rbx,4), %rcx 1/1 p1 lat=3 {{.*}}LEA_B_IS_D8 (R64)
# CHECK: vaddsd 16(%r12,%r13), %xmm2, %xmm3 2/2 p01+p23 lat=4 ld=5
# CHECK: cmpq %rbx, %r15 1/1 p06
# CHECK: jb .L1 0/0 fused
.L1:
addq (%rbx), %rax
xorl %eax, %eax
movq %rax, 8(%rbx,%rcx,8)
movq %rax, 8(%rbx)
leaq 8(%rax,%rbx,4), %rcx
vaddsd 16(%r12,%r13), %xmm2, %xmm3
cmpq %rbx, %r15
jb .L1
