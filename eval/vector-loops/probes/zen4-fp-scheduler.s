# Zen 4 FP scheduler probes: per iteration one chain of L dependent vpaddd
# ymm (each iteration's chain starts from a loop-invariant register, so
# chains of consecutive iterations could all overlap), or two chains of L/2
# (then chains of 3-cycle vaddpd, vmulpd or both alternating)
# (cited in lib/Model/Descriptions/Znver4.cpp, BackEndDesc::VecSchedulerSize;
# pinned by test/lit/Vector/zen4-fp-scheduler.test).
# Measure: loop-uarch-report -mcpu=native --measure --measure-entry-trips=256 \
#            --measure-register-step=0x100000 \
#            eval/vector-loops/probes/zen4-fp-scheduler.s
	.text
L_chain16:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
decq %r15
jne L_chain16
L_chains2x8:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm3, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
decq %r15
jne L_chains2x8
L_chain32:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
decq %r15
jne L_chain32
L_chains2x16:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm3, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
decq %r15
jne L_chains2x16
L_chain48:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
decq %r15
jne L_chain48
L_chains2x24:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm3, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
decq %r15
jne L_chains2x24
L_chain64:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm8, %ymm8
decq %r15
jne L_chain64
L_chains2x32:
vpaddd %ymm1, %ymm2, %ymm8
vpaddd %ymm1, %ymm3, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
vpaddd %ymm1, %ymm8, %ymm8
vpaddd %ymm1, %ymm9, %ymm9
decq %r15
jne L_chains2x32
L_addpd_chain16:
vaddpd %ymm1, %ymm2, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
decq %r15
jne L_addpd_chain16
L_mulpd_chain16:
vmulpd %ymm1, %ymm2, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
decq %r15
jne L_mulpd_chain16
L_mix_chain16:
vaddpd %ymm1, %ymm2, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
decq %r15
jne L_mix_chain16
L_addpd_chain24:
vaddpd %ymm1, %ymm2, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
decq %r15
jne L_addpd_chain24
L_mulpd_chain24:
vmulpd %ymm1, %ymm2, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
decq %r15
jne L_mulpd_chain24
L_mix_chain24:
vaddpd %ymm1, %ymm2, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
vmulpd %ymm1, %ymm8, %ymm8
vaddpd %ymm1, %ymm8, %ymm8
decq %r15
jne L_mix_chain24
