#!/usr/bin/env bash
# BOLT (LLVM's post-link optimiser) on an LTO+PGO build's plugin and tool: an
# experiment, not part of the build (docs/plugin.md, "Nineteenth session").
#
# It instruments LoopUArch.so and loop-uarch-report with llvm-bolt-22
# -instrument, runs the same training workload as utils/pgo-profile.sh (BHive
# blocks bench.py never samples, PolyBench, some of LoopUArch's own C++ files;
# never sqlite3.c, the test set), merges the per-process profiles and writes
# the re-laid-out binaries:
#   <out>/LoopUArch.so, <out>/loop-uarch-report     (BOLT-optimised)
#   <out>/base/LoopUArch.so, <out>/base/loop-uarch-report   (the inputs)
#   <out>/plugin.fdata, <out>/tool.fdata            (the merged profiles)
#
# The build must be linked with relocations kept, e.g.
#   cmake -S . -B build-lto -G Ninja -DCMAKE_BUILD_TYPE=Release \
#     -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
#     -DCMAKE_MODULE_LINKER_FLAGS=-Wl,--emit-relocs \
#     -DCMAKE_EXE_LINKER_FLAGS=-Wl,--emit-relocs
# (the plugin is a CMake MODULE library: CMAKE_SHARED_LINKER_FLAGS does not
# reach it). Needs bolt-22 (apt-get install bolt-22) and ../shared.
#
# Usage: utils/bolt-plugin.sh <build-dir> [out-dir]
#        (about a minute on a busy 2-core host; the profile is of this build's
#        exact binaries and goes stale with any rebuild)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="$(cd "${1:?usage: bolt-plugin.sh <build-dir> [out-dir]}" && pwd)"
OUT="${2:-$(mktemp -d /tmp/loop-uarch-bolt.XXXXXX)}"
BOLT="${LLVM_BOLT:-llvm-bolt-22}"
MERGE="${MERGE_FDATA:-merge-fdata-22}"

for t in "$BOLT" "$MERGE" llvm-readelf-22; do
  command -v "$t" > /dev/null || {
    echo "error: $t not found (apt-get install bolt-22)" >&2; exit 1; }
done
source "$ROOT/utils/pgo-training.sh"
check_training_inputs "$ROOT"
PLUGIN_IN="$BUILD/lib/Passes/LoopUArch.so"
TOOL_IN="$BUILD/tools/loop-uarch-report/loop-uarch-report"
for b in "$PLUGIN_IN" "$TOOL_IN"; do
  [ -f "$b" ] || { echo "error: $b not built" >&2; exit 1; }
  # BOLT reorders functions only with the link's relocations (--emit-relocs).
  if ! llvm-readelf-22 -S -W "$b" | grep -q '\.rela\.text'; then
    echo "error: $b has no .rela.text; link with -Wl,--emit-relocs (see the header)" >&2
    exit 1
  fi
done

mkdir -p "$OUT/base" "$OUT/instr"
rm -rf "$OUT/raw"
mkdir -p "$OUT/raw"
cp "$PLUGIN_IN" "$TOOL_IN" "$OUT/base/"
# One profile file per process (clang and the tool run many times).
"$BOLT" "$OUT/base/LoopUArch.so" -o "$OUT/instr/LoopUArch.so" -instrument \
  -instrumentation-file="$OUT/raw/plugin" -instrumentation-file-append-pid \
  > "$OUT/instr/plugin.log" 2>&1
"$BOLT" "$OUT/base/loop-uarch-report" -o "$OUT/instr/loop-uarch-report" -instrument \
  -instrumentation-file="$OUT/raw/tool" -instrumentation-file-append-pid \
  > "$OUT/instr/tool.log" 2>&1
TOOL="$OUT/instr/loop-uarch-report"
PLUGIN="$OUT/instr/LoopUArch.so"

# The training workload of utils/pgo-profile.sh, on the instrumented binaries.
run_training "$ROOT" "$TOOL" "$PLUGIN" "$OUT"

"$MERGE" "$OUT"/raw/plugin.*.fdata -o "$OUT/plugin.fdata" 2> "$OUT/merge.log"
"$MERGE" "$OUT"/raw/tool.*.fdata -o "$OUT/tool.fdata" 2>> "$OUT/merge.log"
rm -rf "$OUT/raw"

# The layout: blocks by ext-TSP, functions by cache-directed sort, cold blocks
# of every function split off into one cold region, identical code folded.
# (BOLT's documented options; llvm-bolt-22 --help.)
BOLT_OPTS=(-reorder-blocks=ext-tsp -reorder-functions=cdsort -split-functions
           -split-all-cold -split-eh -icf=all -use-gnu-stack -dyno-stats)
"$BOLT" "$OUT/base/LoopUArch.so" -o "$OUT/LoopUArch.so" -data "$OUT/plugin.fdata" \
  "${BOLT_OPTS[@]}" ${BOLT_EXTRA:-} > "$OUT/plugin.log" 2>&1
"$BOLT" "$OUT/base/loop-uarch-report" -o "$OUT/loop-uarch-report" -data "$OUT/tool.fdata" \
  "${BOLT_OPTS[@]}" ${BOLT_EXTRA:-} > "$OUT/tool.log" 2>&1
grep -h "have non-empty execution profile\|BOLT-WARNING" "$OUT/plugin.log" "$OUT/tool.log" || true
echo "wrote $OUT/LoopUArch.so and $OUT/loop-uarch-report (logs: $OUT/*.log)"
