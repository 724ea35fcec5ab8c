# Three fused compare-and-branch uops (ALU0/ALU3 only) and one inc per
# iteration: L_exit_br3_2alu of eval/bhive/probes-znver4/early-exit-branches.s.
l:
  testq %rbx, %rbx
  je out
  incq %rax
  cmpq $5, %rax
  je out
  decq %r15
  jnz l
out:
  nop
