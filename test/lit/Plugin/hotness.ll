; Hotness (-fdiagnostics-show-hotness) needs block frequencies, which the
; pass computes only then; with a profile (here an entry count) the remarks
; carry it, as LLVM's own do.
; REQUIRES: plugin
; RUN: %clang -O2 -x ir %s -c -o /dev/null -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylake -Rpass=uarch -fdiagnostics-show-hotness 2>&1 | FileCheck %s
; RUN: %clang -O2 -x ir %s -c -o /dev/null -fpass-plugin=%plugin -mllvm -uarch-mcpu=skylake -Rpass=uarch 2>&1 | FileCheck %s --check-prefix=NOHOT
; CHECK: remark: {{.*}}loop: scalar loop {{.*}} on skylake; {{.*}} (hotness: {{[1-9][0-9]*}})
; NOHOT: remark: {{.*}}loop: scalar loop
; NOHOT-NOT: hotness

target triple = "x86_64-pc-linux-gnu"

define double @sum(ptr %a, i64 %n) !prof !0 {
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
  br i1 %c, label %loop, label %exit, !prof !1
exit:
  ret double %s.next
}

!0 = !{!"function_entry_count", i64 1000}
!1 = !{!"branch_weights", i32 99, i32 1}
