# 2D 5-point stencil (seed-suaca-osaca.md, appendix A.4, kernel K4), Intel
# syntax as IACA/SUACA list it, between IACA byte markers.
        .intel_syntax noprefix
        mov ebx, 111
        .byte 0x64, 0x67, 0x90
        vmovsd xmm2, qword ptr [r14+r15*8]
        vaddsd xmm3, xmm2, qword ptr [r14+r15*8+0x10]
        vaddsd xmm4, xmm3, qword ptr [rax+r15*8+0x8]
        vaddsd xmm5, xmm4, qword ptr [rdx+r15*8+0x8]
        vmulsd xmm6, xmm1, xmm5
        vmovsd qword ptr [r12+r15*8+0x8], xmm6
        inc r15
        cmp r15, r13
        mov ebx, 222
        .byte 0x64, 0x67, 0x90
