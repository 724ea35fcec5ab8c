# JSON output: schema, version, prediction, simulation accounting summing to
# the cycles per iteration, per-instruction rows.
# RUN: %loop-uarch-report -mcpu=skylake --json %s > %t.json
# RUN: %python %S/check-json.py %t.json
# RUN: %loop-uarch-report -mcpu=skylake --json --timeline --timeline-iterations=2 %s > %t.trace.json
# RUN: %python %S/check-json.py %t.trace.json trace
.L:
vfmadd231pd %ymm1, %ymm2, %ymm0
vfmadd231pd %ymm1, %ymm2, %ymm0
decq %r15
jne .L
