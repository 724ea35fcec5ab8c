# Jacobi inner loop of the Gus paper (Fig. 1 and Table 1): 10 loads,
# 2 stores, 17 instructions with the loop control.
.L12bb:
        mov    -0x10(%rsp),%rdx
        vmovsd (%rdx,%rax,1),%xmm0
        vaddsd 0x8(%rdx,%rax,1),%xmm0,%xmm0
        vaddsd 0x10(%rdx,%rax,1),%xmm0,%xmm0
        vmulsd %xmm1,%xmm0,%xmm0
        mov    -0x18(%rsp),%rdx
        vmovsd %xmm0,0x8(%rdx,%rax,1)
        mov    -0x18(%rsp),%rdx
        vmovsd -0x8(%rdx,%rax,1),%xmm0
        vaddsd (%rdx,%rax,1),%xmm0,%xmm0
        vaddsd 0x8(%rdx,%rax,1),%xmm0,%xmm0
        vmulsd %xmm1,%xmm0,%xmm0
        mov    -0x10(%rsp),%rdx
        vmovsd %xmm0,(%rdx,%rax,1)
        add    $0x18,%rax
        cmp    %rcx,%rax
        jne    .L12bb
