# Zen 4 probes: small loops that isolate one fact each (cited in
# lib/Model/Descriptions/Znver4.cpp, pinned by test/lit/Vector/zen4-datapaths.test).
# Measure: loop-uarch-report -mcpu=znver4 --measure --measure-entry-trips=64 \
#            --measure-register-step=0x100000 eval/vector-loops/probes/zen4.s
	.text
L_ymm_loads2:
vmovups (%rsi,%rax), %ymm0
vmovups 32(%rsi,%rax), %ymm1
addq $64, %rax
decq %r15
jne L_ymm_loads2
L_ymm_loads6:
vmovups (%rsi,%rax), %ymm0
vmovups 32(%rsi,%rax), %ymm1
vmovups 64(%rsi,%rax), %ymm2
vmovups 96(%rsi,%rax), %ymm3
vmovups 128(%rsi,%rax), %ymm4
vmovups 160(%rsi,%rax), %ymm5
addq $192, %rax
decq %r15
jne L_ymm_loads6
L_gpr_loads6:
movq (%rsi,%rax), %rbx
movq 8(%rsi,%rax), %rcx
movq 16(%rsi,%rax), %rdx
movq 24(%rsi,%rax), %rbp
movq 32(%rsi,%rax), %r8
movq 40(%rsi,%rax), %r9
addq $64, %rax
decq %r15
jne L_gpr_loads6
L_ymm_loads2_gpr_loads2:
vmovups (%rsi,%rax), %ymm0
vmovups 32(%rsi,%rax), %ymm1
movq 64(%rsi,%rax), %rbx
movq 72(%rsi,%rax), %rcx
addq $128, %rax
decq %r15
jne L_ymm_loads2_gpr_loads2
L_ymm_loads4_gpr_loads2:
vmovups (%rsi,%rax), %ymm0
vmovups 32(%rsi,%rax), %ymm1
vmovups 64(%rsi,%rax), %ymm2
vmovups 96(%rsi,%rax), %ymm3
movq 128(%rsi,%rax), %rbx
movq 136(%rsi,%rax), %rcx
addq $192, %rax
decq %r15
jne L_ymm_loads4_gpr_loads2
L_zmm_loads2:
vmovups (%rsi,%rax), %zmm0
vmovups 64(%rsi,%rax), %zmm1
addq $128, %rax
decq %r15
jne L_zmm_loads2
L_zmm_loads4:
vmovups (%rsi,%rax), %zmm0
vmovups 64(%rsi,%rax), %zmm1
vmovups 128(%rsi,%rax), %zmm2
vmovups 192(%rsi,%rax), %zmm3
addq $256, %rax
decq %r15
jne L_zmm_loads4
L_xmm_loads4_xmm_stores2:
movupd (%rsi,%rax), %xmm0
movupd 16(%rsi,%rax), %xmm1
movupd (%rdi,%rax), %xmm2
movupd 16(%rdi,%rax), %xmm3
movupd %xmm2, (%rdi,%rax)
movupd %xmm3, 16(%rdi,%rax)
addq $32, %rax
decq %r15
jne L_xmm_loads4_xmm_stores2
L_daxpy_sse2:
movupd (%rsi,%rax), %xmm2
movupd 16(%rsi,%rax), %xmm3
movupd (%rdi,%rax), %xmm4
movupd 16(%rdi,%rax), %xmm5
mulpd %xmm1, %xmm2
addpd %xmm4, %xmm2
mulpd %xmm1, %xmm3
addpd %xmm5, %xmm3
movupd %xmm2, (%rdi,%rax)
movupd %xmm3, 16(%rdi,%rax)
addq $32, %rax
decq %r15
jne L_daxpy_sse2
L_gpr_stores4:
movq %rbx, (%rsi,%rax)
movq %rcx, 8(%rsi,%rax)
movq %rbx, 16(%rsi,%rax)
movq %rcx, 24(%rsi,%rax)
addq $32, %rax
decq %r15
jne L_gpr_stores4
L_xmm_stores4:
vmovups %xmm4, (%rdi,%rax)
vmovups %xmm5, 16(%rdi,%rax)
vmovups %xmm4, 32(%rdi,%rax)
vmovups %xmm5, 48(%rdi,%rax)
addq $64, %rax
decq %r15
jne L_xmm_stores4
L_ymm_stores4:
vmovups %ymm4, (%rdi,%rax)
vmovups %ymm5, 32(%rdi,%rax)
vmovups %ymm4, 64(%rdi,%rax)
vmovups %ymm5, 96(%rdi,%rax)
addq $128, %rax
decq %r15
jne L_ymm_stores4
L_xmm_stores2_gpr_stores2:
vmovups %xmm4, (%rdi,%rax)
vmovups %xmm5, 16(%rdi,%rax)
movq %rbx, (%rsi,%rax)
movq %rcx, 8(%rsi,%rax)
addq $32, %rax
decq %r15
jne L_xmm_stores2_gpr_stores2
L_ymm_stores2_gpr_stores2:
vmovups %ymm4, (%rdi,%rax)
vmovups %ymm5, 32(%rdi,%rax)
movq %rbx, (%rsi,%rax)
movq %rcx, 8(%rsi,%rax)
addq $64, %rax
decq %r15
jne L_ymm_stores2_gpr_stores2
L_zmm_store:
vmovups %zmm0, (%rdi,%rax)
addq $64, %rax
decq %r15
jne L_zmm_store
L_zmm_stores2_gpr_stores2:
vmovups %zmm4, (%rdi,%rax)
vmovups %zmm5, 64(%rdi,%rax)
movq %rbx, (%rsi,%rax)
movq %rcx, 8(%rsi,%rax)
addq $128, %rax
decq %r15
jne L_zmm_stores2_gpr_stores2
L_zmm_copy:
vmovups (%rsi,%rax), %zmm0
vmovups %zmm0, (%rdi,%rax)
addq $64, %rax
decq %r15
jne L_zmm_copy
L_vmovq_to_gpr4:
vmovq %xmm0, %rbx
vmovq %xmm1, %rcx
vmovq %xmm2, %rdx
vmovq %xmm3, %rbp
addq $64, %rax
decq %r15
jne L_vmovq_to_gpr4
L_vmovq_to_gpr2_ymm_stores2:
vmovq %xmm0, %rbx
vmovq %xmm1, %rcx
vmovups %ymm4, (%rdi,%rax)
vmovups %ymm5, 32(%rdi,%rax)
addq $64, %rax
decq %r15
jne L_vmovq_to_gpr2_ymm_stores2
L_vaddps_ymm8:
vaddps %ymm9, %ymm0, %ymm0
vaddps %ymm9, %ymm1, %ymm1
vaddps %ymm9, %ymm2, %ymm2
vaddps %ymm9, %ymm3, %ymm3
vaddps %ymm9, %ymm4, %ymm4
vaddps %ymm9, %ymm5, %ymm5
vaddps %ymm9, %ymm6, %ymm6
vaddps %ymm9, %ymm7, %ymm7
decq %r15
jne L_vaddps_ymm8
L_vaddps_zmm8:
vaddps %zmm9, %zmm0, %zmm0
vaddps %zmm9, %zmm1, %zmm1
vaddps %zmm9, %zmm2, %zmm2
vaddps %zmm9, %zmm3, %zmm3
vaddps %zmm9, %zmm4, %zmm4
vaddps %zmm9, %zmm5, %zmm5
vaddps %zmm9, %zmm6, %zmm6
vaddps %zmm9, %zmm7, %zmm7
decq %r15
jne L_vaddps_zmm8
L_vfmadd231ps_zmm8:
vfmadd231ps %zmm9, %zmm10, %zmm0
vfmadd231ps %zmm9, %zmm10, %zmm1
vfmadd231ps %zmm9, %zmm10, %zmm2
vfmadd231ps %zmm9, %zmm10, %zmm3
vfmadd231ps %zmm9, %zmm10, %zmm4
vfmadd231ps %zmm9, %zmm10, %zmm5
vfmadd231ps %zmm9, %zmm10, %zmm6
vfmadd231ps %zmm9, %zmm10, %zmm7
decq %r15
jne L_vfmadd231ps_zmm8
L_vpaddd_ymm8:
vpaddd %ymm9, %ymm0, %ymm0
vpaddd %ymm9, %ymm1, %ymm1
vpaddd %ymm9, %ymm2, %ymm2
vpaddd %ymm9, %ymm3, %ymm3
vpaddd %ymm9, %ymm4, %ymm4
vpaddd %ymm9, %ymm5, %ymm5
vpaddd %ymm9, %ymm6, %ymm6
vpaddd %ymm9, %ymm7, %ymm7
decq %r15
jne L_vpaddd_ymm8
L_vpaddd_zmm8:
vpaddd %zmm9, %zmm0, %zmm0
vpaddd %zmm9, %zmm1, %zmm1
vpaddd %zmm9, %zmm2, %zmm2
vpaddd %zmm9, %zmm3, %zmm3
vpaddd %zmm9, %zmm4, %zmm4
vpaddd %zmm9, %zmm5, %zmm5
vpaddd %zmm9, %zmm6, %zmm6
vpaddd %zmm9, %zmm7, %zmm7
decq %r15
jne L_vpaddd_zmm8
L_vpermps_zmm8:
vpermps %zmm9, %zmm10, %zmm0
vpermps %zmm9, %zmm10, %zmm1
vpermps %zmm9, %zmm10, %zmm2
vpermps %zmm9, %zmm10, %zmm3
vpermps %zmm9, %zmm10, %zmm4
vpermps %zmm9, %zmm10, %zmm5
vpermps %zmm9, %zmm10, %zmm6
vpermps %zmm9, %zmm10, %zmm7
decq %r15
jne L_vpermps_zmm8
L_fwd_plain:
vmovups (%rdi,%rax), %ymm0
vaddps %ymm1, %ymm0, %ymm0
vmovups %ymm0, 32(%rdi,%rax)
addq $32, %rax
decq %r15
jne L_fwd_plain
L_fwd_masked_store:
vmovups (%rdi,%rax), %ymm0
vaddps %ymm1, %ymm0, %ymm0
vmovups %ymm0, 32(%rdi,%rax) {%k1}
addq $32, %rax
decq %r15
jne L_fwd_masked_store
L_fwd_masked_store_zmm:
vmovups (%rdi,%rax), %zmm0
vaddps %zmm1, %zmm0, %zmm0
vmovups %zmm0, 64(%rdi,%rax) {%k1}
addq $64, %rax
decq %r15
jne L_fwd_masked_store_zmm
L_fwd_masked_both:
vmovups (%rdi,%rax), %ymm0 {%k1} {z}
vaddps %ymm1, %ymm0, %ymm0
vmovups %ymm0, 32(%rdi,%rax) {%k1}
addq $32, %rax
decq %r15
jne L_fwd_masked_both
L_fwd_masked_load:
vmovups (%rdi,%rax), %ymm0 {%k1} {z}
vaddps %ymm1, %ymm0, %ymm0
vmovups %ymm0, 32(%rdi,%rax)
addq $32, %rax
decq %r15
jne L_fwd_masked_load
L_fwd_vmaskmov_store:
vmovups (%rdi,%rax), %ymm0
vaddps %ymm1, %ymm0, %ymm0
vmaskmovps %ymm0, %ymm2, 32(%rdi,%rax)
addq $32, %rax
decq %r15
jne L_fwd_vmaskmov_store
L_fwd_masked_store_4_later:
vmovups (%rdi,%rax), %ymm0
vaddps %ymm1, %ymm0, %ymm0
vmovups %ymm0, 128(%rdi,%rax) {%k1}
addq $32, %rax
decq %r15
jne L_fwd_masked_store_4_later
L_gather_dps_zmm:
kxnorw %k0, %k0, %k1
vgatherdps (%rdi,%zmm0,4), %zmm1 {%k1}
decq %r15
jne L_gather_dps_zmm
L_gather_dps_ymm:
kxnorw %k0, %k0, %k1
vgatherdps (%rdi,%ymm0,4), %ymm1 {%k1}
decq %r15
jne L_gather_dps_ymm
L_gather_dps_ymm_avx2:
vpcmpeqd %ymm2, %ymm2, %ymm2
vgatherdps %ymm2, (%rdi,%ymm0,4), %ymm1
decq %r15
jne L_gather_dps_ymm_avx2
L_gather_dpd_zmm:
kxnorw %k0, %k0, %k1
vgatherdpd (%rdi,%ymm0,8), %zmm1 {%k1}
decq %r15
jne L_gather_dpd_zmm
L_gather_pd_ymm_avx2:
vpcmpeqd %ymm2, %ymm2, %ymm2
vgatherdpd %ymm2, (%rdi,%xmm0,8), %ymm1
decq %r15
jne L_gather_pd_ymm_avx2
L_gather_dps_zmm_x2:
kxnorw %k0, %k0, %k1
vgatherdps (%rdi,%zmm0,4), %zmm1 {%k1}
kxnorw %k0, %k0, %k2
vgatherdps (%rsi,%zmm0,4), %zmm3 {%k2}
decq %r15
jne L_gather_dps_zmm_x2
L_scatter_dps_zmm:
kxnorw %k0, %k0, %k1
vscatterdps %zmm1, (%rdi,%zmm0,4) {%k1}
decq %r15
jne L_scatter_dps_zmm
L_scatter_dpd_zmm:
kxnorw %k0, %k0, %k1
vscatterdpd %zmm1, (%rdi,%ymm0,8) {%k1}
decq %r15
jne L_scatter_dpd_zmm
L_split_ld_aligned:
vmovups (%rsi,%rax), %ymm0
vmovups 32(%rsi,%rax), %ymm1
vmovups 64(%rsi,%rax), %ymm2
vmovups 96(%rsi,%rax), %ymm3
addq $128, %rax
decq %r15
jne L_split_ld_aligned
L_split_ld_off4:
vmovups 4(%rsi,%rax), %ymm0
vmovups 36(%rsi,%rax), %ymm1
vmovups 68(%rsi,%rax), %ymm2
vmovups 100(%rsi,%rax), %ymm3
addq $128, %rax
decq %r15
jne L_split_ld_off4
L_split_ld_off4_xmm:
vmovups 4(%rsi,%rax), %xmm0
vmovups 20(%rsi,%rax), %xmm1
vmovups 36(%rsi,%rax), %xmm2
vmovups 52(%rsi,%rax), %xmm3
addq $64, %rax
decq %r15
jne L_split_ld_off4_xmm
L_split_ld_off4_zmm:
vmovups 4(%rsi,%rax), %zmm0
vmovups 68(%rsi,%rax), %zmm1
addq $128, %rax
decq %r15
jne L_split_ld_off4_zmm
L_split_st_off4:
vmovups %ymm0, 4(%rsi,%rax)
vmovups %ymm1, 36(%rsi,%rax)
addq $64, %rax
decq %r15
jne L_split_st_off4
L_split_gpr_off4:
movq 4(%rsi,%rax), %rbx
movq 12(%rsi,%rax), %rcx
movq 20(%rsi,%rax), %rdx
movq 28(%rsi,%rax), %rbp
movq 36(%rsi,%rax), %r8
movq 44(%rsi,%rax), %r9
movq 52(%rsi,%rax), %r10
movq 60(%rsi,%rax), %r11
addq $64, %rax
decq %r15
jne L_split_gpr_off4
