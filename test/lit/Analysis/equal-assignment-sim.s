# --port-assignment=equal (OSACA's fixed 1/n split) changes the port table
# and the static port bound, not the machine: the simulation still binds
# uops to ports as before. Three shl (p06) and six add (p0156) per copy on
# Skylake: the optimal assignment needs 9/4 = 2.25 cycles, the equal split
# puts 3 x 1/2 + 6 x 1/4 = 3.00 on p0 and p6. The equal-split bound once
# served as the simulation's lower bound: the steady-state detector took
# the 2.25 rhythm for a transient and ran 2000 iterations without a
# steady state. Both runs now find the same steady state.
# RUN: %loop-uarch-report -mcpu=skylake --as=unrolled --no-memory --no-sensitivity %s | FileCheck %s --check-prefix=OPT
# RUN: %loop-uarch-report -mcpu=skylake --as=unrolled --no-memory --no-sensitivity --port-assignment=equal %s | FileCheck %s --check-prefix=EQ
# OPT: Cycles per iteration: 2.25  [simulated; static bound 2.25]
# OPT: Simulation (uop flow): 2.25 cycles per iteration, steady state (period
# EQ: Cycles per iteration: 2.25  [simulated; static bound 3.00]
# EQ: Simulation (uop flow): 2.25 cycles per iteration, steady state (period
# EQ: ports 3.00 p06 saturated
  shlq $1, %rax
  shlq $1, %rbx
  shlq $1, %rcx
  addq $1, %rdx
  addq $1, %rsi
  addq $1, %rdi
  addq $1, %r8
  addq $1, %r9
  addq $1, %r10
