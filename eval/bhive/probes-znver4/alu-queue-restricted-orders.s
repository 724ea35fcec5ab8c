# Zen 4: orders of a one-cycle chain (c), independent adds (x), shl r14, 1
# (s: ALU1/ALU2) and cmovz r9, r12 (v: ALU0/ALU3) + the harness' dec/jnz,
# measured after BackEndDesc::OneALUOpPerQueue was written, to check it
# ("zen7" helper). Figures in README.md (alu-queue-restricted-orders.s).
# Measure:
#   flock /tmp/luarch-measure.lock taskset -c 1 loop-uarch-report \
#     -mcpu=native --measure --no-sensitivity --harness-context \
#     eval/bhive/probes-znver4/alu-queue-restricted-orders.s
	.text
L_cccss:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r14
shlq $1, %r14
decq %r15
jne L_cccss
L_cccsx:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r14
addq $1, %r11
decq %r15
jne L_cccsx
L_cccvx:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
cmovzq %r12, %r9
addq $1, %r11
decq %r15
jne L_cccvx
L_cccxs:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
shlq $1, %r14
decq %r15
jne L_cccxs
L_cccxv:
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
cmovzq %r12, %r9
decq %r15
jne L_cccxv
L_ccscs:
addq $8, %r10
leaq -8(%r10), %rax
shlq $1, %r14
cmpq %rax, %rbx
shlq $1, %r14
decq %r15
jne L_ccscs
L_ccscx:
addq $8, %r10
leaq -8(%r10), %rax
shlq $1, %r14
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_ccscx
L_ccssc:
addq $8, %r10
leaq -8(%r10), %rax
shlq $1, %r14
shlq $1, %r14
cmpq %rax, %rbx
decq %r15
jne L_ccssc
L_ccsxc:
addq $8, %r10
leaq -8(%r10), %rax
shlq $1, %r14
addq $1, %r11
cmpq %rax, %rbx
decq %r15
jne L_ccsxc
L_ccsxx:
addq $8, %r10
cmpq %r10, %rbx
shlq $1, %r14
addq $1, %r11
addq $1, %r12
decq %r15
jne L_ccsxx
L_ccvcx:
addq $8, %r10
leaq -8(%r10), %rax
cmovzq %r12, %r9
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_ccvcx
L_ccvxc:
addq $8, %r10
leaq -8(%r10), %rax
cmovzq %r12, %r9
addq $1, %r11
cmpq %rax, %rbx
decq %r15
jne L_ccvxc
L_ccxcs:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
shlq $1, %r14
decq %r15
jne L_ccxcs
L_ccxcv:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
cmovzq %r12, %r9
decq %r15
jne L_ccxcv
L_ccxsc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
shlq $1, %r14
cmpq %rax, %rbx
decq %r15
jne L_ccxsc
L_ccxsx:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
shlq $1, %r14
addq $1, %r12
decq %r15
jne L_ccxsx
L_ccxvc:
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmovzq %r12, %r9
cmpq %rax, %rbx
decq %r15
jne L_ccxvc
L_ccxxs:
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
shlq $1, %r14
decq %r15
jne L_ccxxs
L_csccs:
addq $8, %r10
shlq $1, %r14
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r14
decq %r15
jne L_csccs
L_csccx:
addq $8, %r10
shlq $1, %r14
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_csccx
L_cscsc:
addq $8, %r10
shlq $1, %r14
leaq -8(%r10), %rax
shlq $1, %r14
cmpq %rax, %rbx
decq %r15
jne L_cscsc
L_cscxc:
addq $8, %r10
shlq $1, %r14
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
decq %r15
jne L_cscxc
L_cscxx:
addq $8, %r10
shlq $1, %r14
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_cscxx
L_csscc:
addq $8, %r10
shlq $1, %r14
shlq $1, %r14
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_csscc
L_csxcc:
addq $8, %r10
shlq $1, %r14
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_csxcc
L_csxcx:
addq $8, %r10
shlq $1, %r14
addq $1, %r11
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_csxcx
L_csxxc:
addq $8, %r10
shlq $1, %r14
addq $1, %r11
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_csxxc
L_cvccx:
addq $8, %r10
cmovzq %r12, %r9
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_cvccx
L_cvcxc:
addq $8, %r10
cmovzq %r12, %r9
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
decq %r15
jne L_cvcxc
L_cvxcc:
addq $8, %r10
cmovzq %r12, %r9
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_cvxcc
L_cxccs:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r14
decq %r15
jne L_cxccs
L_cxccv:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
cmovzq %r12, %r9
decq %r15
jne L_cxccv
L_cxcsc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
shlq $1, %r14
cmpq %rax, %rbx
decq %r15
jne L_cxcsc
L_cxcsx:
addq $8, %r10
addq $1, %r11
cmpq %r10, %rbx
shlq $1, %r14
addq $1, %r12
decq %r15
jne L_cxcsx
L_cxcvc:
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmovzq %r12, %r9
cmpq %rax, %rbx
decq %r15
jne L_cxcvc
L_cxcxs:
addq $8, %r10
addq $1, %r11
cmpq %r10, %rbx
addq $1, %r12
shlq $1, %r14
decq %r15
jne L_cxcxs
L_cxscc:
addq $8, %r10
addq $1, %r11
shlq $1, %r14
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_cxscc
L_cxscx:
addq $8, %r10
addq $1, %r11
shlq $1, %r14
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_cxscx
L_cxsxc:
addq $8, %r10
addq $1, %r11
shlq $1, %r14
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_cxsxc
L_cxvcc:
addq $8, %r10
addq $1, %r11
cmovzq %r12, %r9
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_cxvcc
L_cxxcs:
addq $8, %r10
addq $1, %r11
addq $1, %r12
cmpq %r10, %rbx
shlq $1, %r14
decq %r15
jne L_cxxcs
L_cxxsc:
addq $8, %r10
addq $1, %r11
addq $1, %r12
shlq $1, %r14
cmpq %r10, %rbx
decq %r15
jne L_cxxsc
L_scccs:
shlq $1, %r14
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r14
decq %r15
jne L_scccs
L_scccx:
shlq $1, %r14
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_scccx
L_sccsc:
shlq $1, %r14
addq $8, %r10
leaq -8(%r10), %rax
shlq $1, %r14
cmpq %rax, %rbx
decq %r15
jne L_sccsc
L_sccxc:
shlq $1, %r14
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
decq %r15
jne L_sccxc
L_sccxx:
shlq $1, %r14
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r11
addq $1, %r12
decq %r15
jne L_sccxx
L_scscc:
shlq $1, %r14
addq $8, %r10
shlq $1, %r14
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_scscc
L_scxcc:
shlq $1, %r14
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_scxcc
L_scxcx:
shlq $1, %r14
addq $8, %r10
addq $1, %r11
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_scxcx
L_scxxc:
shlq $1, %r14
addq $8, %r10
addq $1, %r11
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_scxxc
L_ssccc:
shlq $1, %r14
shlq $1, %r14
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_ssccc
L_sxccc:
shlq $1, %r14
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_sxccc
L_sxccx:
shlq $1, %r14
addq $1, %r11
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_sxccx
L_sxcxc:
shlq $1, %r14
addq $1, %r11
addq $8, %r10
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_sxcxc
L_sxxcc:
shlq $1, %r14
addq $1, %r11
addq $1, %r12
addq $8, %r10
cmpq %r10, %rbx
decq %r15
jne L_sxxcc
L_vcccx:
cmovzq %r12, %r9
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
addq $1, %r11
decq %r15
jne L_vcccx
L_vccxc:
cmovzq %r12, %r9
addq $8, %r10
leaq -8(%r10), %rax
addq $1, %r11
cmpq %rax, %rbx
decq %r15
jne L_vccxc
L_vcxcc:
cmovzq %r12, %r9
addq $8, %r10
addq $1, %r11
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_vcxcc
L_vxccc:
cmovzq %r12, %r9
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_vxccc
L_xcccs:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
shlq $1, %r14
decq %r15
jne L_xcccs
L_xcccv:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
cmovzq %r12, %r9
decq %r15
jne L_xcccv
L_xccsc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
shlq $1, %r14
cmpq %rax, %rbx
decq %r15
jne L_xccsc
L_xccsx:
addq $1, %r11
addq $8, %r10
cmpq %r10, %rbx
shlq $1, %r14
addq $1, %r12
decq %r15
jne L_xccsx
L_xccvc:
addq $1, %r11
addq $8, %r10
leaq -8(%r10), %rax
cmovzq %r12, %r9
cmpq %rax, %rbx
decq %r15
jne L_xccvc
L_xccxs:
addq $1, %r11
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r12
shlq $1, %r14
decq %r15
jne L_xccxs
L_xcscc:
addq $1, %r11
addq $8, %r10
shlq $1, %r14
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xcscc
L_xcscx:
addq $1, %r11
addq $8, %r10
shlq $1, %r14
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_xcscx
L_xcsxc:
addq $1, %r11
addq $8, %r10
shlq $1, %r14
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_xcsxc
L_xcvcc:
addq $1, %r11
addq $8, %r10
cmovzq %r12, %r9
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xcvcc
L_xcxcs:
addq $1, %r11
addq $8, %r10
addq $1, %r12
cmpq %r10, %rbx
shlq $1, %r14
decq %r15
jne L_xcxcs
L_xcxsc:
addq $1, %r11
addq $8, %r10
addq $1, %r12
shlq $1, %r14
cmpq %r10, %rbx
decq %r15
jne L_xcxsc
L_xsccc:
addq $1, %r11
shlq $1, %r14
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xsccc
L_xsccx:
addq $1, %r11
shlq $1, %r14
addq $8, %r10
cmpq %r10, %rbx
addq $1, %r12
decq %r15
jne L_xsccx
L_xscxc:
addq $1, %r11
shlq $1, %r14
addq $8, %r10
addq $1, %r12
cmpq %r10, %rbx
decq %r15
jne L_xscxc
L_xsxcc:
addq $1, %r11
shlq $1, %r14
addq $1, %r12
addq $8, %r10
cmpq %r10, %rbx
decq %r15
jne L_xsxcc
L_xvccc:
addq $1, %r11
cmovzq %r12, %r9
addq $8, %r10
leaq -8(%r10), %rax
cmpq %rax, %rbx
decq %r15
jne L_xvccc
L_xxccs:
addq $1, %r11
addq $1, %r12
addq $8, %r10
cmpq %r10, %rbx
shlq $1, %r14
decq %r15
jne L_xxccs
L_xxcsc:
addq $1, %r11
addq $1, %r12
addq $8, %r10
shlq $1, %r14
cmpq %r10, %rbx
decq %r15
jne L_xxcsc
L_xxscc:
addq $1, %r11
addq $1, %r12
shlq $1, %r14
addq $8, %r10
cmpq %r10, %rbx
decq %r15
jne L_xxscc
