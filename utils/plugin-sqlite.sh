#!/usr/bin/env bash
# Robustness of the clang plugin on a real code base: the SQLite
# amalgamation (from the npm package better-sqlite3) compiled at -O0, -O2
# and -O3 -march=cascadelake with LoopUArch.so and -Rpass=uarch, and linked
# with full and thin LTO (lld-22) with the plugin in the linker. Checks that
# every compile succeeds, that the objects are byte-identical to those built
# without the plugin, and counts the remarks.
#
# Usage: utils/plugin-sqlite.sh [cache-dir]     (default: /tmp/loop-uarch-sqlite)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PLUGIN="$ROOT/build/lib/Passes/LoopUArch.so"
CLANG="${CLANG:-clang-22}"
CACHE="${1:-/tmp/loop-uarch-sqlite}"
mkdir -p "$CACHE"
SRC="$CACHE/package/deps/sqlite3/sqlite3.c"
if [ ! -f "$SRC" ]; then
  (cd "$CACHE" && npm pack better-sqlite3 >/dev/null 2>&1 && tar xzf better-sqlite3-*.tgz)
fi
[ -f "$SRC" ] || { echo "cannot fetch sqlite3.c (npm pack better-sqlite3)"; exit 1; }
echo "sqlite3.c: $(wc -l < "$SRC") lines; plugin: $PLUGIN"
status=0
for flags in "-O0" "-O2" "-O3 -march=cascadelake"; do
  tag=$(echo "$flags" | tr -d ' =-')
  $CLANG $flags -c "$SRC" -o "$CACHE/plain-$tag.o"
  set +e
  $CLANG $flags -fpass-plugin="$PLUGIN" -Rpass=uarch -Rpass-missed=uarch \
    -c "$SRC" -o "$CACHE/plugin-$tag.o" 2> "$CACHE/remarks-$tag.txt"
  rc=$?
  set -e
  analysed=$(grep -c "remark: loop:" "$CACHE/remarks-$tag.txt" || true)
  missed=$(grep -c "remark: loop not analysed" "$CACHE/remarks-$tag.txt" || true)
  if cmp -s "$CACHE/plain-$tag.o" "$CACHE/plugin-$tag.o"; then same=identical; else same=DIFFERENT; status=1; fi
  [ $rc -eq 0 ] || status=1
  printf '%-24s exit %d  objects %-9s  %5d loops analysed, %4d missed\n' \
    "$flags" "$rc" "$same" "$analysed" "$missed"
  if [ "$missed" -gt 0 ]; then
    grep "remark: loop not analysed" "$CACHE/remarks-$tag.txt" |
      sed 's/.*not analysed: //; s/ \[-Rpass-missed=uarch\]//' |
      sort | uniq -c | sort -rn | head -5 | sed 's/^/      /'
  fi
done
# LTO with lld-22: the loops are compiled at link time (a shared library, so
# nothing is dropped as unused); lld prints the remarks on stdout, without
# the "remark:" prefix.
if command -v ld.lld-22 >/dev/null || [ -x /usr/lib/llvm-22/bin/ld.lld ]; then
  for lto in full thin; do
    $CLANG -O2 -fPIC -shared -flto=$lto -fuse-ld=lld "$SRC" -o "$CACHE/plain-$lto.so"
    set +e
    $CLANG -O2 -fPIC -shared -flto=$lto -fuse-ld=lld -Wl,--load-pass-plugin="$PLUGIN" \
      -Rpass=uarch -Rpass-missed=uarch "$SRC" -o "$CACHE/plugin-$lto.so" \
      > "$CACHE/remarks-lto-$lto.txt" 2>&1
    rc=$?
    set -e
    analysed=$(grep -c ": loop: " "$CACHE/remarks-lto-$lto.txt" || true)
    missed=$(grep -c ": loop not analysed" "$CACHE/remarks-lto-$lto.txt" || true)
    if cmp -s "$CACHE/plain-$lto.so" "$CACHE/plugin-$lto.so"; then same=identical; else same=DIFFERENT; status=1; fi
    [ $rc -eq 0 ] || status=1
    printf '%-24s exit %d  library %-9s  %5d loops analysed, %4d missed\n' \
      "-O2 -flto=$lto (lld)" "$rc" "$same" "$analysed" "$missed"
  done
fi
exit $status
