; The pass's innermost cycles (InnermostCycles.h) are MachineCycleInfo's:
; -uarch-verify-cycles computes both and prints any cycle found otherwise.
; An irreducible cycle {a, b} (entered at a and at b), and the same inside
; an outer loop with a sibling loop d: the outer loop's search takes both
; in as children and floods from each entry of {a, b}. The IR is compiled
; as it is (no IR optimisation: it would make the cycles reducible). In
; @inside the DFS from %outer visits %b before %a (the last successor
; first), so %b (.LBB1_3) heads {a, b}; %d is .LBB1_5.
; REQUIRES: plugin
; RUN: %clang -O2 -Xclang -disable-llvm-optzns -c -x ir %s -o /dev/null -fpass-plugin=%plugin -Rpass=uarch -Rpass-missed=uarch -mllvm -uarch-mcpu=skylake -mllvm -uarch-verify-cycles 2>&1 | FileCheck %s --implicit-check-not="not found alike" --implicit-check-not="innermost cycles found" --implicit-check-not=remark:

; CHECK: remark: <unknown>:0:0: loop: scalar loop (1 element/iteration)
; CHECK: remark: <unknown>:0:0: loop: scalar loop [1 of 2 here, .LBB1_3]
; CHECK: remark: <unknown>:0:0: loop: scalar loop [2 of 2 here, .LBB1_5]

target triple = "x86_64-pc-linux-gnu"

; {a, b}: a cycle entered at a and at b.
define i32 @irreducible(ptr %p, i32 %n, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %i.a = phi i32 [ 0, %entry ], [ %i.b1, %b ]
  %s.a = phi i32 [ 0, %entry ], [ %s.b1, %b ]
  %pa = getelementptr i32, ptr %p, i32 %i.a
  %va = load i32, ptr %pa
  %s.a1 = add i32 %s.a, %va
  %i.a1 = add i32 %i.a, 1
  br label %b
b:
  %i.b = phi i32 [ 0, %entry ], [ %i.a1, %a ]
  %s.b = phi i32 [ 0, %entry ], [ %s.a1, %a ]
  %pb = getelementptr i32, ptr %p, i32 %i.b
  %vb = load i32, ptr %pb
  %s.b1 = xor i32 %s.b, %vb
  %i.b1 = add i32 %i.b, 1
  %more = icmp slt i32 %i.b1, %n
  br i1 %more, label %a, label %exit
exit:
  ret i32 %s.b1
}

; An outer loop around the cycle {a, b} entered at a and at b, and a
; sibling loop d after it: the outer cycle's search takes {a, b} in as a
; child and floods from both its entries.
define i32 @inside(ptr %p, i32 %n, i32 %m, ptr %q) {
entry:
  br label %outer
outer:
  %o = phi i32 [ 0, %entry ], [ %o1, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %latch ]
  %qo = getelementptr i32, ptr %q, i32 %o
  %start = load i32, ptr %qo
  %odd = trunc i32 %start to i1
  br i1 %odd, label %a, label %b
a:
  %i.a = phi i32 [ 0, %outer ], [ %i.b1, %b ]
  %s.a = phi i32 [ %acc, %outer ], [ %s.b1, %b ]
  %pa = getelementptr i32, ptr %p, i32 %i.a
  %va = load i32, ptr %pa
  %s.a1 = add i32 %s.a, %va
  %i.a1 = add i32 %i.a, 1
  br label %b
b:
  %i.b = phi i32 [ 0, %outer ], [ %i.a1, %a ]
  %s.b = phi i32 [ %acc, %outer ], [ %s.a1, %a ]
  %pb = getelementptr i32, ptr %p, i32 %i.b
  %vb = load i32, ptr %pb
  %s.b1 = xor i32 %s.b, %vb
  %i.b1 = add i32 %i.b, 1
  %more = icmp slt i32 %i.b1, %n
  br i1 %more, label %a, label %d
d:
  %j = phi i32 [ 0, %b ], [ %j1, %d ]
  %t = phi i32 [ %s.b1, %b ], [ %t1, %d ]
  %pd = getelementptr i32, ptr %q, i32 %j
  %vd = load i32, ptr %pd
  %t1 = add i32 %t, %vd
  %j1 = add i32 %j, 1
  %dmore = icmp slt i32 %j1, %m
  br i1 %dmore, label %d, label %latch
latch:
  %acc1 = phi i32 [ %t1, %d ]
  %o1 = add i32 %o, 1
  %omore = icmp slt i32 %o1, %m
  br i1 %omore, label %outer, label %exit
exit:
  ret i32 %acc1
}
