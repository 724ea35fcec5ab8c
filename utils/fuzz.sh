#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang-22, AddressSanitizer and
# UndefinedBehaviorSanitizer into ./build-fuzz and runs each for a bounded
# time, starting from seed corpora of real inputs:
#   asm     assembly: fuzz/seeds/*.c compiled by clang-22 -O2/-O3 -S, the
#           lit tests' .s files, and the regression crashers
#   bytes   machine code: BHive blocks (../shared/data/bhive) as raw bytes,
#           hex text and CSV, plus the bytes of the asm seeds' objects
#   object  fuzz/seeds/*.c compiled by clang-22 -c, and tiny objects
# Needs clang-22 with its sanitizer and fuzzer runtimes (Debian:
# libclang-rt-22-dev). Crashes, leaks, timeouts (> 10 s) and out-of-memory
# inputs land in utils/out/fuzz/crashes-<target>/; the grown corpora stay in
# utils/out/fuzz/corpus-<target>/ for the next run.
#
# Usage: utils/fuzz.sh [seconds per target, default 300] [target...]
#        (targets: asm bytes object; default all three)
# See docs/robustness.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SECS="${1:-300}"
shift || true
TARGETS=("${@:-asm bytes object}")
read -r -a TARGETS <<<"${TARGETS[*]}"
BUILD=build-fuzz
OUT=utils/out/fuzz

LAUNCHER=()
if command -v ccache >/dev/null; then
  LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLUARCH_SANITIZE=address,undefined -DLUARCH_FUZZERS=ON "${LAUNCHER[@]}" >/dev/null
nice -n 19 cmake --build "$BUILD" -j "$(nproc)" \
  --target "${TARGETS[@]/#/luarch-fuzz-}"

# --- Seed corpora (rebuilt each run; libFuzzer merges them in) -------------
SEEDS="$OUT/seeds"
rm -rf "$SEEDS"
mkdir -p "$SEEDS"/{asm,bytes,object}
for c in fuzz/seeds/*.c; do
  n=$(basename "$c" .c)
  for o in O2 O3; do
    clang-22 -"$o" -S "$c" -o "$SEEDS/asm/$n-$o.s"
    clang-22 -"$o" -c "$c" -o "$SEEDS/object/$n-$o.o"
  done
done
find test/lit -name '*.s' -not -path '*/Output/*' -exec cp {} "$SEEDS/asm/" \;
if [ -d test/lit/Tool/Inputs/fuzz ]; then
  cp test/lit/Tool/Inputs/fuzz/* "$SEEDS/asm/" 2>/dev/null || true
fi
for s in "$SEEDS"/asm/*.s; do
  llvm-mc-22 -filetype=obj -triple=x86_64-unknown-linux-gnu "$s" \
    -o "$SEEDS/object/$(basename "$s" .s).o" >/dev/null 2>&1 || true
done
# Bytes: mode byte 0 = raw code, 1 = hex text, 2 = CSV (BytesFuzzer.cpp).
python3 - "$SEEDS/bytes" <<'PY'
import csv, glob, os, sys
out = sys.argv[1]
blocks = []
for path in sorted(glob.glob("../shared/data/bhive/**/*.csv", recursive=True)):
    with open(path) as f:
        for row in csv.reader(f):
            if row and row[0] and all(c in "0123456789abcdef" for c in row[0]):
                blocks.append(row[0])
            if len(blocks) >= 300:
                break
    if len(blocks) >= 300:
        break
blocks = blocks or ["4801d8", "c5fd58c1", "f0ff07", "48f7f1"]
for i, b in enumerate(blocks):
    open(os.path.join(out, "raw%d" % i), "wb").write(
        bytes([3 * (i % 16)]) + bytes.fromhex(b))
    open(os.path.join(out, "hex%d" % i), "wb").write(
        bytes([3 * (i % 16) + 1]) + b.encode())
open(os.path.join(out, "csv"), "wb").write(
    b"\x02" + ("code,throughput\n" + "\n".join(
        "%s,%d" % (b, 100 + i) for i, b in enumerate(blocks[:8]))).encode())
PY

# --- Runs ---------------------------------------------------------------------
declare -A MAXLEN=([asm]=65536 [bytes]=4096 [object]=65536)
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for t in "${TARGETS[@]}"; do
  mkdir -p "$OUT/corpus-$t" "$OUT/crashes-$t"
  DICT=()
  [ "$t" = asm ] && DICT=(-dict=fuzz/asm.dict)
  echo "=== luarch-fuzz-$t for $SECS s"
  # Fork mode keeps going after a crash, a timeout or an out-of-memory
  # input (each is kept under crashes-$t), so the time bound covers all.
  nice -n 19 "$BUILD/fuzz/luarch-fuzz-$t" "$OUT/corpus-$t" "$SEEDS/$t" \
    "${DICT[@]}" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 \
    -max_len="${MAXLEN[$t]}" -artifact_prefix="$OUT/crashes-$t/" \
    >"$OUT/log-$t.txt" 2>&1 || true
  grep -E "^#[0-9]+" "$OUT/log-$t.txt" | tail -n 1
  echo "inputs kept in the corpus: $(find "$OUT/corpus-$t" -type f | wc -l);" \
    "crashes/timeouts/ooms kept: $(find "$OUT/crashes-$t" -type f | wc -l)"
done
