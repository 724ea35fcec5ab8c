#!/usr/bin/env bash
# Records the profile that the build's PGO uses (pgo/loop-uarch.proftext;
# CMakeLists.txt LUARCH_PGO; docs/evaluation.md "Speed").
#
# It builds an instrumented tool and plugin (no LTO) in a scratch directory,
# runs a training workload, and writes the merged profile as text. The
# training inputs are disjoint from the inputs the speed figures are measured
# on: BHive blocks other than the first 5,000 that utils/bench.py samples
# with its default seed, and compiles of PolyBench and some of LoopUArch's own
# C++ sources (not sqlite3.c, and not plugin-compile-time.py's C++ files).
#
# Usage: utils/pgo-profile.sh [scratch-dir]     (from anywhere; 1-2 minutes with
# a scratch directory built before, ~6 with a new one on a busy 2-core host)
# Needs libclang-rt-22-dev (the profile runtime) and ../shared (BHive,
# PolyBench). Rerun it after changes to the simulator's or the pass's hot
# code; stale functions merely lose their profile.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="${1:-$(mktemp -d /tmp/loop-uarch-pgo.XXXXXX)}"
SHARED="$ROOT/../shared"
POLYBENCH="$SHARED/bench/polybench-c-4.2.1"

runtime="$(clang-22 -print-runtime-dir)/libclang_rt.profile-x86_64.a"
if [ ! -f "$runtime" ]; then
  echo "error: no $runtime; install the profile runtime: apt-get install libclang-rt-22-dev" >&2
  exit 1
fi
for d in "$SHARED/data/bhive/sources" "$POLYBENCH"; do
  [ -d "$d" ] || { echo "error: $d not found (the shared data)" >&2; exit 1; }
done

rm -rf "$SCRATCH/raw"
mkdir -p "$SCRATCH/raw"
cmake -S "$ROOT" -B "$SCRATCH/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLUARCH_LTO=OFF -DLUARCH_PGO_GENERATE="$SCRATCH/raw" > "$SCRATCH/cmake.log"
ninja -C "$SCRATCH/build" tools/loop-uarch-report/loop-uarch-report \
  lib/Passes/LoopUArch.so > "$SCRATCH/ninja.log"
TOOL="$SCRATCH/build/tools/loop-uarch-report/loop-uarch-report"
PLUGIN="$SCRATCH/build/lib/Passes/LoopUArch.so"

# 1. The tool on 1,500 BHive blocks that utils/bench.py never samples.
python3 - "$ROOT/utils" "$SHARED/data/bhive/sources" "$SCRATCH/train.csv" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from bench import sample_blocks
measured = set(sample_blocks(sys.argv[2], 5000, 1))
blocks = sample_blocks(sys.argv[2], 10**9, 2)
train = [b for b in blocks if b not in measured][:1500]
open(sys.argv[3], "w").write("".join(b + "\n" for b in train))
PY
for cpu in cascadelake znver4 skylake alderlake znver3 icelake-server haswell; do
  for mode in "" "--as=unrolled" "--static"; do
    "$TOOL" -mcpu=$cpu --batch "$SCRATCH/train.csv" $mode -j 1 -o /dev/null
  done
done

# A compile of the training workload; its remarks go to a log, which is
# shown if the compile fails.
train_compile() {
  if ! "$@" -fpass-plugin="$PLUGIN" -Rpass=uarch -o /dev/null 2> "$SCRATCH/compile.log"; then
    echo "error: training compile failed: $*" >&2
    tail -5 "$SCRATCH/compile.log" >&2
    exit 1
  fi
}

# 2. The plugin on PolyBench (vectorised loops) and on scalar C++.
for f in $(find "$POLYBENCH" -name '*.c' ! -path '*utilities*' | sort); do
  for opts in "-O2" "-O3 -march=znver4" "-O2 -march=cascadelake"; do
    train_compile clang-22 $opts -I "$POLYBENCH/utilities" -c "$f"
  done
done
for f in $(find "$POLYBENCH/linear-algebra" -name '*.c' | sort | head -8); do
  train_compile clang-22 -O2 -I "$POLYBENCH/utilities" -c "$f" -mllvm -uarch-tune-loops
done
LLVM_INC="$(llvm-config-22 --includedir)"
for f in lib/Sim/Scheduler.cpp lib/Sim/SteadyState.cpp lib/Analysis/StaticAnalysis.cpp \
         lib/Model/X86Semantics.cpp lib/Kernel/AsmFrontend.cpp lib/Passes/InnermostCycles.cpp; do
  train_compile clang++-22 -O2 -std=c++17 -fno-rtti -fno-exceptions \
    -I "$ROOT/include" -isystem "$LLVM_INC" -c "$ROOT/$f"
done

llvm-profdata-22 merge -text -o "$ROOT/pgo/loop-uarch.proftext" "$SCRATCH"/raw/*.profraw
echo "wrote $ROOT/pgo/loop-uarch.proftext ($(wc -c < "$ROOT/pgo/loop-uarch.proftext") bytes); reconfigure to use it"
