; An <8 x float> add loop: one ymm add with AVX (x86-64-v3), two xmm adds
; with SSE only (x86-64).
target triple = "x86_64-unknown-linux-gnu"

define void @add8(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr inbounds <8 x float>, ptr %a, i64 %i
  %pb = getelementptr inbounds <8 x float>, ptr %b, i64 %i
  %va = load <8 x float>, ptr %pa, align 32
  %vb = load <8 x float>, ptr %pb, align 32
  %s = fadd <8 x float> %va, %vb
  store <8 x float> %s, ptr %pa, align 32
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
