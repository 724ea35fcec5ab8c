# Zen 4: latency of bit test and modify (bts/btr/btc r, r and r, imm) on
# each path, and the add/lea/cmp chain + bts that the ALU-queue probes
# raised (README.md, alu-queue-turns.s: measured 2.00, model 1.67).
# Figures in README.md (bit-test-modify.s). Measure (loop form):
#   flock /tmp/luarch-measure.lock taskset -c 1 loop-uarch-report \
#     -mcpu=native --measure --no-sensitivity --harness-context \
#     eval/bhive/probes-znver4/bit-test-modify.s
	.intel_syntax noprefix
	.text
L_bts_dest:
bts r14, r13
bts r14, r13
dec r15
jnz L_bts_dest
L_btr_dest:
btr r14, r13
btr r14, r13
dec r15
jnz L_btr_dest
L_btc_dest:
btc r14, r13
btc r14, r13
dec r15
jnz L_btc_dest
L_bts_imm:
bts r14, 5
bts r14, 5
dec r15
jnz L_bts_imm
L_bts32:
bts r14d, r13d
bts r14d, r13d
dec r15
jnz L_bts32
L_bts_index:
xor r14d, r14d
bts r14, r13
mov r13, r14
dec r15
jnz L_bts_index
L_bts_carry:
bts r14, r13
cmovc r14, r12
dec r15
jnz L_bts_carry
L_bt_carry:
bt r14, r13
cmovc r14, r12
dec r15
jnz L_bt_carry
L_bts_four:
bts r14, r13
bts r12, r13
bts r11, r13
bts r9, r13
dec r15
jnz L_bts_four
L_bts_broken:
xor r14d, r14d
bts r14, r13
dec r15
jnz L_bts_broken
L_chain3_bts:
add r10, 8
lea rax, [r10-8]
cmp rbx, rax
bts r14, r13
dec r15
jnz L_chain3_bts
