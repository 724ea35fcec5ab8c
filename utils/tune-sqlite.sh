#!/usr/bin/env bash
# The loop tuner on a real code base: the SQLite amalgamation (from the npm
# package better-sqlite3, fetched by utils/plugin-sqlite.sh) compiled with
# -march=native at -O2 and -O3 with -mllvm -uarch-tune-loops: every compile
# must succeed, and a program built from it (utils/tune-sqlite/smoke.c, a
# few SQL statements) must print exactly what the plain build prints.
# Reports the decisions taken and the tuner's own time report.
#
# Usage: utils/tune-sqlite.sh [cache-dir]     (default: /tmp/loop-uarch-sqlite)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PLUGIN="$ROOT/build/lib/Passes/LoopUArch.so"
CLANG="${CLANG:-clang-22}"
CACHE="${1:-/tmp/loop-uarch-sqlite}"
SRC="$CACHE/package/deps/sqlite3/sqlite3.c"
if [ ! -f "$SRC" ]; then
  "$ROOT/utils/plugin-sqlite.sh" "$CACHE" >/dev/null || true
fi
[ -f "$SRC" ] || { echo "cannot fetch sqlite3.c (npm pack better-sqlite3)"; exit 1; }
OUT="$CACHE/tune"
mkdir -p "$OUT"
DRIVER="$ROOT/utils/tune-sqlite/smoke.c"
INC="$(dirname "$SRC")"
status=0
for level in -O2 -O3; do
  tag=${level#-}
  $CLANG $level -march=native -c "$SRC" -o "$OUT/plain-$tag.o"
  set +e
  $CLANG $level -march=native -fpass-plugin="$PLUGIN" -mllvm -uarch-tune-loops \
    -mllvm -uarch-tune-time-report -Rpass=uarch -Rpass-missed=uarch \
    -c "$SRC" -o "$OUT/tuned-$tag.o" 2> "$OUT/remarks-$tag.txt"
  rc=$?
  set -e
  [ $rc -eq 0 ] || status=1
  for v in plain tuned; do
    $CLANG $level -march=native -I "$INC" "$DRIVER" "$OUT/$v-$tag.o" \
      -lpthread -ldl -lm -o "$OUT/smoke-$v-$tag"
    "$OUT/smoke-$v-$tag" > "$OUT/smoke-$v-$tag.txt"
  done
  if cmp -s "$OUT/smoke-plain-$tag.txt" "$OUT/smoke-tuned-$tag.txt"; then
    smoke="same output ($(wc -l < "$OUT/smoke-plain-$tag.txt") lines)"
  else
    smoke="DIFFERENT output"; status=1
  fi
  decisions=$(grep -c ": predicted .* cycles/element; clang's choice" "$OUT/remarks-$tag.txt" || true)
  kept=$(grep -c "clang's choice kept" "$OUT/remarks-$tag.txt" || true)
  nottuned=$(grep -c "loop not tuned" "$OUT/remarks-$tag.txt" || true)
  printf '%-4s exit %d  smoke test: %s  decisions %d, kept %d, not tuned %d\n' \
    "$level" "$rc" "$smoke" "$decisions" "$kept" "$nottuned"
  grep "^uarch-tune:" "$OUT/remarks-$tag.txt" | sed 's/^/     /' || true
done
exit $status
