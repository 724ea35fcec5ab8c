# Zen 4 under the harness: a store whose address was just loaded and that
# aliases the next copy's load (BHive bhdev-1248: mov rax, [rsp];
# mov [rax], r13; xor eax, eax; every register and every loaded qword =
# 0x40000800, so the store writes [rsp]). Loop form; each kernel repeats
# the block N times (.rept), giving N distinct load and store addresses
# (instruction pointers). Measured figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure eval/bhive/probes-znver4/loaded-store-address.s
# The unrolled forms (200 and 100 copies), one block each:
#   flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#     --measure --as=unrolled --hex <bytes>
#   488b04244c892831c0        mov rax, [rsp]; mov [rax], r13; xor eax, eax
#   488b074c892831c0          mov rax, [rdi]; mov [rax], r13; xor eax, eax
#   488b04244c89680831c0      mov rax, [rsp]; mov [rax+8], r13; xor eax, eax
#   486bc4014c8928488b1c24    imul rax, rsp, 1; mov [rax], r13; mov rbx, [rsp]
#   488b4424084c8928488b1c24  mov rax, [rsp+8]; mov [rax], r13; mov rbx, [rsp]
#   488b4424084c8928488b5c2410  the same, mov rbx, [rsp+16]
#   505b48890424488b07        push rax; pop rbx; mov [rsp], rax; mov rax, [rdi]
	.text
L_pair_x1:
.rept 1
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x1
L_pair_x2:
.rept 2
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x2
L_pair_x4:
.rept 4
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x4
L_pair_x8:
.rept 8
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x8
L_pair_x16:
.rept 16
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x16
L_pair_x32:
.rept 32
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x32
L_pair_x64:
.rept 64
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x64
L_noxor_x16:
.rept 16
movq (%rsp), %rax
movq %r13, (%rax)
.endr
decq %r15
jne L_noxor_x16
L_off64_x16:
.rept 16
movq (%rsp), %rax
movq %r13, 64(%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_off64_x16
L_rdi_x16:
.rept 16
movq (%rdi), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_rdi_x16
L_rspstore_x16:
.rept 16
movq (%rsp), %rax
movq %r13, (%rsp)
xorl %eax, %eax
.endr
decq %r15
jne L_rspstore_x16
L_imuladdr_x16:
.rept 16
imulq $1, %rsp, %rax
movq %r13, (%rax)
movq (%rsp), %rbx
.endr
decq %r15
jne L_imuladdr_x16
L_imuladdr_x1:
imulq $1, %rsp, %rax
movq %r13, (%rax)
movq (%rsp), %rbx
decq %r15
jne L_imuladdr_x1
L_pair_x20:
.rept 20
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x20
L_pair_x24:
.rept 24
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x24
L_pair_x28:
.rept 28
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x28
L_pair_x40:
.rept 40
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x40
L_pair_x48:
.rept 48
movq (%rsp), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_pair_x48
L_noxor_x4:
.rept 4
movq (%rsp), %rax
movq %r13, (%rax)
.endr
decq %r15
jne L_noxor_x4
L_noxor_x8:
.rept 8
movq (%rsp), %rax
movq %r13, (%rax)
.endr
decq %r15
jne L_noxor_x8
L_noxor_x12:
.rept 12
movq (%rsp), %rax
movq %r13, (%rax)
.endr
decq %r15
jne L_noxor_x12
L_off64_x64:
.rept 64
movq (%rsp), %rax
movq %r13, 64(%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_off64_x64
L_rspstore_x64:
.rept 64
movq (%rsp), %rax
movq %r13, (%rsp)
xorl %eax, %eax
.endr
decq %r15
jne L_rspstore_x64
L_imuladdr_x64:
.rept 64
imulq $1, %rsp, %rax
movq %r13, (%rax)
movq (%rsp), %rbx
.endr
decq %r15
jne L_imuladdr_x64
L_rdi_x64:
.rept 64
movq (%rdi), %rax
movq %r13, (%rax)
xorl %eax, %eax
.endr
decq %r15
jne L_rdi_x64
