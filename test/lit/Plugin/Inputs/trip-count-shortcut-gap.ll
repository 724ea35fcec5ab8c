; What countIsHopeless() does not rule out (trip-count-shortcut.c): the
; exit compares %a and %b, both 1 + %v for SCEV, so the loop exits after
; its first iteration. InstCombine folds the compare before codegen; with
; the IR optimizations off it stays.
target triple = "x86_64-unknown-linux-gnu"

define i64 @gap(ptr %q, ptr %r) {
entry:
  br label %loop
loop:
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %v = load volatile i64, ptr %q
  %a = add i64 %v, 1
  %b = add i64 1, %v
  store volatile i64 %a, ptr %r
  %s.next = add i64 %s, %v
  %c = icmp eq i64 %a, %b
  br i1 %c, label %exit, label %loop
exit:
  ret i64 %s.next
}
