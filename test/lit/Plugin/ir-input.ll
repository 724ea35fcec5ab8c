; loop-uarch-report on LLVM IR: codegen like llc with the plugin's machine
; pass collecting each innermost loop; numbers as for the assembly.
; RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity %s | FileCheck %s
; RUN: %clang -O2 -S -x ir %s -march=skylake -o %t.s
; RUN: %loop-uarch-report -mcpu=skylake --no-sensitivity %t.s | FileCheck %s
; RUN: echo "not ir" > %t.ll
; RUN: not %loop-uarch-report -mcpu=skylake %t.ll 2>&1 | FileCheck %s --check-prefix=BAD

target triple = "x86_64-unknown-linux-gnu"

; for (i = 0; i < n; i++) s += a[i];  (a dependent FP add chain)
define double @sum(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr double, ptr %a, i64 %i
  %x = load double, ptr %p
  %s.next = fadd double %s, %x
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret double %s.next
}

; CHECK: Kernel: sum:
; CHECK: Cycles per iteration: 4.00 [simulated; static bound 4.00]
; CHECK: 4.00 xmm0: 1 instruction (binding)
; BAD: error: expected top-level entity
