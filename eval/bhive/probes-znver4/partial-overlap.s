# Zen 4 under the harness: what a load that partially overlaps an older store
# costs (MemoryDesc::StoreForwardBlockLatency), fixed and shifting by one byte
# per iteration (bhdev-1360's drifting partial overlap). Figures in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure --harness-context eval/bhive/probes-znver4/partial-overlap.s
	.text
# 64-bit reload of a 32-bit store (the description's figure, 19.02).
L_wide_reload:
movl %eax, (%rdi)
movq (%rdi), %rax
decq %r15
jne L_wide_reload
# 4-byte load overlapping a 4-byte store by 3 bytes (load 1 byte higher).
L_ov3_fixed:
movl %eax, (%rdi)
movl 1(%rdi), %eax
decq %r15
jne L_ov3_fixed
# ... by 1 byte (load 3 bytes higher).
L_ov1_fixed:
movl %eax, (%rdi)
movl 3(%rdi), %eax
decq %r15
jne L_ov1_fixed
# ... by 3 bytes, load 1 byte lower.
L_ov3_below:
movl %eax, 1(%rdi)
movl (%rdi), %eax
decq %r15
jne L_ov3_below
# 3-of-4 overlap, the pair moving up by one byte every iteration.
L_ov3_shift1:
movl %eax, (%rdi)
movl 1(%rdi), %eax
addq $1, %rdi
decq %r15
jne L_ov3_shift1
# 3-of-4 overlap, the pair moving up by 4 bytes every iteration.
L_ov3_shift4:
movl %eax, (%rdi)
movl 1(%rdi), %eax
addq $4, %rdi
decq %r15
jne L_ov3_shift4
# Contained but misaligned: 4-byte load at +1 of an 8-byte store (forwards?).
L_contained_off1:
movq %rax, (%rdi)
movl 1(%rdi), %eax
decq %r15
jne L_contained_off1
# Two stores covering the load (8-byte load of two 4-byte stores).
L_two_stores:
movl %eax, (%rdi)
movl %eax, 4(%rdi)
movq (%rdi), %rax
decq %r15
jne L_two_stores
# bhdev-1360 itself (loop form; 11.13 in eval/bhive/znver4.csv): the load's
# address drifts by rotating registers, a 3-of-4-byte overlap in some
# iterations, a plain reload of the last store in the others.
L_bhdev1360:
movl (%rdx), %eax
movq %rdx, %rbx
subl $1, %esi
movl $1, %r8d
movl $10, %ecx
movl %eax, %r12d
andl $-33, %eax
movl %eax, (%rdx)
movslq %esi, %rdx
movq %rdi, %rsi
movq %rbx, %rdi
andl $32, %r12d
decq %r15
jne L_bhdev1360
# A 1-byte store inside a 4-byte load (the load covers the store).
L_byte_in_load:
movb %al, 1(%rdi)
movl (%rdi), %eax
decq %r15
jne L_byte_in_load
# Plain forwarding, for comparison: the upper half of an 8-byte store
# (contained, not at the store's address, so memory renaming does not apply).
L_fwd_hi:
movq %rax, (%rdi)
movl 4(%rdi), %eax
decq %r15
jne L_fwd_hi
# ... with bhdev-1360's and between the reload and the store.
L_fwd_hi_and:
movq %rax, (%rdi)
movl 4(%rdi), %eax
andl $-33, %eax
decq %r15
jne L_fwd_hi_and
# The same address, the load's base a fresh copy every iteration
# (bhdev-1360's movslq).
L_fwd_fresh_base:
movl %eax, (%rdx)
movslq %edi, %rdx
movl (%rdx), %eax
decq %r15
jne L_fwd_fresh_base
