#!/usr/bin/env bash
# Records the profile that the build's PGO uses (pgo/loop-uarch.proftext;
# CMakeLists.txt LUARCH_PGO; docs/evaluation.md "Speed").
#
# It builds an instrumented tool and plugin (no LTO) in a scratch directory,
# runs a training workload (utils/pgo-training.sh, which utils/bolt-plugin.sh
# runs too), and writes the merged profile as text. The training inputs are
# disjoint from the inputs the speed figures are measured on: BHive blocks
# other than the first 5,000 that utils/bench.py samples with its default
# seed, and compiles of PolyBench and some of LoopUArch's own C++ sources (not
# sqlite3.c, and not plugin-compile-time.py's C++ files).
#
# Usage: utils/pgo-profile.sh [scratch-dir]     (from anywhere; 1-2 minutes with
# a scratch directory built before, ~6 with a new one on a busy 2-core host)
# Needs libclang-rt-22-dev (the profile runtime) and ../shared (BHive,
# PolyBench). Rerun it after changes to the simulator's or the pass's hot
# code; stale functions merely lose their profile.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="${1:-$(mktemp -d /tmp/loop-uarch-pgo.XXXXXX)}"

runtime="$(clang-22 -print-runtime-dir)/libclang_rt.profile-x86_64.a"
if [ ! -f "$runtime" ]; then
  echo "error: no $runtime; install the profile runtime: apt-get install libclang-rt-22-dev" >&2
  exit 1
fi
source "$ROOT/utils/pgo-training.sh"
check_training_inputs "$ROOT"

rm -rf "$SCRATCH/raw"
mkdir -p "$SCRATCH/raw"
cmake -S "$ROOT" -B "$SCRATCH/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLUARCH_LTO=OFF -DLUARCH_PGO_GENERATE="$SCRATCH/raw" > "$SCRATCH/cmake.log"
ninja -C "$SCRATCH/build" tools/loop-uarch-report/loop-uarch-report \
  lib/Passes/LoopUArch.so > "$SCRATCH/ninja.log"
TOOL="$SCRATCH/build/tools/loop-uarch-report/loop-uarch-report"
PLUGIN="$SCRATCH/build/lib/Passes/LoopUArch.so"

run_training "$ROOT" "$TOOL" "$PLUGIN" "$SCRATCH"

llvm-profdata-22 merge -text -o "$ROOT/pgo/loop-uarch.proftext" "$SCRATCH"/raw/*.profraw
echo "wrote $ROOT/pgo/loop-uarch.proftext ($(wc -c < "$ROOT/pgo/loop-uarch.proftext") bytes); reconfigure to use it"
