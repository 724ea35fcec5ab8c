#!/bin/sh
# Zen 4: memory renaming of rsp-based accesses in straight-line code, where
# rsp moves between the store and the reload (MemoryDesc::StackOffsetRenaming;
# pinned by test/lit/Sim/zen4-stack-offset-renaming.test). Raw bytes, so the
# unrolled form can be measured (--as applies to --hex). Figures in README.md.
# Run from the repository root:
#   flock /tmp/luarch-measure.lock sh eval/bhive/probes-znver4/stack-offset.sh
R=${R:-build/tools/loop-uarch-report/loop-uarch-report}
# name, bytes:
#   orig       bhdev-1072: push rbx; sub rsp, 0x10; mov eax, [rbx];
#              mov eax, [rax]; mov eax, [rsp+0x20]; mov [rsp+8], eax;
#              mov [rsp], rax
#   push_chain push rbx; sub rsp, 0x10; mov eax, [rsp+0x20]; mov [rsp+8], eax
#   rsp_chain  sub rsp, 0x18; mov eax, [rsp+0x20]; mov [rsp+8], eax
#   rdi_chain  sub rdi, 0x18; mov eax, [rdi+0x20]; mov [rdi+8], eax
for v in "orig 534883ec108b038b008b4424208944240848890424" \
         "push_chain 534883ec108b44242089442408" \
         "rsp_chain 4883ec188b44242089442408" \
         "rdi_chain 4883ef188b4720894708"; do
  set -- $v
  for form in unrolled loop; do
    echo "$1 $form: $("$R" -mcpu=native --hex "$2" --as=$form --measure \
      --harness-context --no-sensitivity 2>&1 | grep '^Measured' |
      sed 's/;.*//')"
  done
done
