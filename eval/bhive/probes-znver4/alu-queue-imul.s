# Zen 4: a uop that only one ALU executes (imul r, r, imm: ALU1) among the
# ALU queues taken in turn ("zen7" helper; the straight-line add/lea/cmp
# chain + imul measured 1.00 where the model gave 1.67). Loop form here;
# the straight-line copies (--as=unrolled --hex=<bytes>) in README.md
# (alu-queue-imul.s). Measure:
#   flock /tmp/luarch-measure.lock taskset -c 1 loop-uarch-report \
#     -mcpu=native --measure --no-sensitivity --harness-context \
#     eval/bhive/probes-znver4/alu-queue-imul.s
	.intel_syntax noprefix
	.text
L_c3_m:
add r10, 8
lea rax, [r10-8]
cmp rbx, rax
imul r11, r12, 3
dec r15
jnz L_c3_m
L_m_c3:
imul r11, r12, 3
add r10, 8
lea rax, [r10-8]
cmp rbx, rax
dec r15
jnz L_m_c3
L_c4_m:
add r10, 8
lea rax, [r10-8]
lea rcx, [rax+1]
cmp rbx, rcx
imul r11, r12, 3
dec r15
jnz L_c4_m
L_c3_m_x:
add r10, 8
lea rax, [r10-8]
cmp rbx, rax
imul r11, r12, 3
add r9, 1
dec r15
jnz L_c3_m_x
L_c3_x_m:
add r10, 8
lea rax, [r10-8]
cmp rbx, rax
add r9, 1
imul r11, r12, 3
dec r15
jnz L_c3_x_m
L_x3_m:
add r11, 1
add r12, 1
add r13, 1
imul r9, r14, 3
dec r15
jnz L_x3_m
L_x4_m:
add r11, 1
add r12, 1
add r13, 1
add rsi, 1
imul r9, r14, 3
dec r15
jnz L_x4_m
L_c2_m:
add r10, 8
cmp rbx, r10
imul r11, r12, 3
dec r15
jnz L_c2_m
L_c3_mm:
add r10, 8
lea rax, [r10-8]
cmp rbx, rax
imul r11, r12, 3
imul r9, r12, 3
dec r15
jnz L_c3_mm
L_c2_x_m:
add r10, 8
cmp rbx, r10
add r9, 1
imul r11, r12, 3
dec r15
jnz L_c2_x_m
L_c5_m:
add r10, 8
lea rax, [r10-8]
lea rcx, [rax+1]
lea rdx, [rcx+1]
cmp rbx, rdx
imul r11, r12, 3
dec r15
jnz L_c5_m
