# Zen 4: does memory renaming (MemoryDesc::MemoryRenaming) cover push/pop?
# A value stored by push and reloaded by pop forms a loop-carried chain
# through memory; renamed, it costs no forwarding latency. Measured figures
# in README.md.
# Measure: flock /tmp/luarch-measure.lock loop-uarch-report -mcpu=native \
#            --measure eval/bhive/probes-znver4/stack-renaming.s
	.text
	.intel_syntax noprefix
L_pushpop_rbp:
push rbp
pop rbp
dec r15
jne L_pushpop_rbp
L_bhdev1867:
mov rax, qword ptr [rdi + 0x8]
push rbp
mov rbp, rsp
mov rax, qword ptr [rax + 0x98]
pop rbp
dec r15
jne L_bhdev1867
L_pushpop_cross:
push rax
pop rbx
mov rax, rbx
dec r15
jne L_pushpop_cross
L_pushpop_add:
push rax
pop rax
add rax, 1
dec r15
jne L_pushpop_add
L_push_movload:
push rax
mov rax, qword ptr [rsp]
add rsp, 8
dec r15
jne L_push_movload
L_movstore_pop:
sub rsp, 8
mov qword ptr [rsp], rax
pop rax
dec r15
jne L_movstore_pop
L_push2pop2:
push rax
push rbx
pop rbx
pop rax
dec r15
jne L_push2pop2
L_push_pop32:
push rax
pop rax
push rax
pop rax
dec r15
jne L_push_pop32
L_store_load_rsp:
mov qword ptr [rsp - 8], rax
mov rax, qword ptr [rsp - 8]
dec r15
jne L_store_load_rsp
L_push_addrsp_pop:
push rax
add rsp, 8
sub rsp, 8
pop rax
dec r15
jne L_push_addrsp_pop
