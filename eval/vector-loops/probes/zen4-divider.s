# Zen 4 divider probes: independent FP divides and square roots, alone and
# mixed with a 512-bit one (cited in lib/Model/Descriptions/Znver4.cpp,
# DividerDesc::Sticky512BitMode; pinned by test/lit/Vector/zen4-divider.test).
# Measure: loop-uarch-report -mcpu=native --static --measure \
#            --measure-entry-trips=64 --measure-register-step=0x100000 \
#            eval/vector-loops/probes/zen4-divider.s
	.text
L_sd6:
vdivsd %xmm7, %xmm1, %xmm8
vdivsd %xmm7, %xmm2, %xmm9
vdivsd %xmm7, %xmm3, %xmm10
vdivsd %xmm7, %xmm1, %xmm11
vdivsd %xmm7, %xmm2, %xmm12
vdivsd %xmm7, %xmm3, %xmm13
decq %r15
jne L_sd6
L_pdz3:
vdivpd %zmm4, %zmm1, %zmm8
vdivpd %zmm4, %zmm2, %zmm9
vdivpd %zmm4, %zmm3, %zmm10
decq %r15
jne L_pdz3
L_pdz3_sd6:
vdivpd %zmm4, %zmm1, %zmm8
vdivpd %zmm4, %zmm2, %zmm9
vdivpd %zmm4, %zmm3, %zmm10
vdivsd %xmm7, %xmm1, %xmm11
vdivsd %xmm7, %xmm2, %xmm12
vdivsd %xmm7, %xmm3, %xmm13
vdivsd %xmm7, %xmm1, %xmm14
vdivsd %xmm7, %xmm2, %xmm15
vdivsd %xmm7, %xmm3, %xmm16
decq %r15
jne L_pdz3_sd6
L_pdz1_sd1:
vdivpd %zmm4, %zmm1, %zmm8
vdivsd %xmm7, %xmm1, %xmm11
decq %r15
jne L_pdz1_sd1
L_pdy1_sd1:
vdivpd %ymm4, %ymm1, %ymm8
vdivsd %xmm7, %xmm1, %xmm11
decq %r15
jne L_pdy1_sd1
L_psz1_ss1:
vdivps %zmm4, %zmm1, %zmm8
vdivss %xmm7, %xmm1, %xmm11
decq %r15
jne L_psz1_ss1
L_psz1_psy1:
vdivps %zmm4, %zmm1, %zmm8
vdivps %ymm4, %ymm1, %ymm11
decq %r15
jne L_psz1_psy1
L_pdz1_psz1:
vdivpd %zmm4, %zmm1, %zmm8
vdivps %zmm4, %zmm1, %zmm11
decq %r15
jne L_pdz1_psz1
L_pdy1_psy1:
vdivpd %ymm4, %ymm1, %ymm8
vdivps %ymm4, %ymm1, %ymm11
decq %r15
jne L_pdy1_psy1
L_psz5:
vdivps %zmm4, %zmm1, %zmm8
vdivps %zmm4, %zmm2, %zmm9
vdivps %zmm4, %zmm3, %zmm10
vdivps %zmm4, %zmm1, %zmm11
vdivps %zmm4, %zmm2, %zmm12
decq %r15
jne L_psz5
L_psy10:
vdivps %ymm4, %ymm1, %ymm8
vdivps %ymm4, %ymm2, %ymm9
vdivps %ymm4, %ymm3, %ymm10
vdivps %ymm4, %ymm1, %ymm11
vdivps %ymm4, %ymm2, %ymm12
vdivps %ymm4, %ymm1, %ymm8
vdivps %ymm4, %ymm2, %ymm9
vdivps %ymm4, %ymm3, %ymm10
vdivps %ymm4, %ymm1, %ymm11
vdivps %ymm4, %ymm2, %ymm12
decq %r15
jne L_psy10
L_pdz1_ss1:
vdivpd %zmm4, %zmm1, %zmm8
vdivss %xmm7, %xmm1, %xmm11
decq %r15
jne L_pdz1_ss1
L_psz1_sd1:
vdivps %zmm4, %zmm1, %zmm8
vdivsd %xmm7, %xmm1, %xmm11
decq %r15
jne L_psz1_sd1
L_pdz1_sd6:
vdivpd %zmm4, %zmm1, %zmm8
vdivsd %xmm7, %xmm1, %xmm11
vdivsd %xmm7, %xmm2, %xmm12
vdivsd %xmm7, %xmm3, %xmm13
vdivsd %xmm7, %xmm1, %xmm14
vdivsd %xmm7, %xmm2, %xmm15
vdivsd %xmm7, %xmm3, %xmm16
decq %r15
jne L_pdz1_sd6
L_pdz1_pdy1:
vdivpd %zmm4, %zmm1, %zmm8
vdivpd %ymm4, %ymm1, %ymm11
decq %r15
jne L_pdz1_pdy1
L_sqrtpdz1_sqrtsd1:
vsqrtpd %zmm1, %zmm8
vsqrtsd %xmm1, %xmm1, %xmm11
decq %r15
jne L_sqrtpdz1_sqrtsd1
L_sqrtpdz1:
vsqrtpd %zmm1, %zmm8
decq %r15
jne L_sqrtpdz1
L_sqrtsd1:
vsqrtsd %xmm1, %xmm1, %xmm11
decq %r15
jne L_sqrtsd1
L_pdz1_sqrtsd1:
vdivpd %zmm4, %zmm1, %zmm8
vsqrtsd %xmm1, %xmm1, %xmm11
decq %r15
jne L_pdz1_sqrtsd1
L_addz_sd2:
vaddpd %zmm4, %zmm1, %zmm8
vdivsd %xmm7, %xmm1, %xmm11
vdivsd %xmm7, %xmm2, %xmm12
decq %r15
jne L_addz_sd2
L_mullz_psz2:
vpmulld %zmm4, %zmm1, %zmm8
vpmulld %zmm4, %zmm2, %zmm9
vpmulld %zmm4, %zmm3, %zmm10
vpmulld %zmm4, %zmm5, %zmm12
vdivps %zmm4, %zmm1, %zmm11
decq %r15
jne L_mullz_psz2
L_pdz1_sd20:
vdivpd %zmm4, %zmm1, %zmm16
vdivsd %xmm7, %xmm1, %xmm8
vdivsd %xmm7, %xmm2, %xmm9
vdivsd %xmm7, %xmm3, %xmm10
vdivsd %xmm7, %xmm1, %xmm11
vdivsd %xmm7, %xmm2, %xmm12
vdivsd %xmm7, %xmm3, %xmm13
vdivsd %xmm7, %xmm1, %xmm14
vdivsd %xmm7, %xmm2, %xmm15
vdivsd %xmm7, %xmm3, %xmm8
vdivsd %xmm7, %xmm1, %xmm9
vdivsd %xmm7, %xmm2, %xmm10
vdivsd %xmm7, %xmm3, %xmm11
vdivsd %xmm7, %xmm1, %xmm12
vdivsd %xmm7, %xmm2, %xmm13
vdivsd %xmm7, %xmm3, %xmm14
vdivsd %xmm7, %xmm1, %xmm15
vdivsd %xmm7, %xmm2, %xmm8
vdivsd %xmm7, %xmm3, %xmm9
vdivsd %xmm7, %xmm1, %xmm10
vdivsd %xmm7, %xmm2, %xmm11
decq %r15
jne L_pdz1_sd20
L_pdzdep_sd2:
vdivpd %zmm4, %zmm16, %zmm16
vdivsd %xmm7, %xmm1, %xmm8
vdivsd %xmm7, %xmm2, %xmm9
decq %r15
jne L_pdzdep_sd2
