# The training workload of the build's profiles, sourced by
# utils/pgo-profile.sh (clang's PGO) and utils/bolt-plugin.sh (BOLT), so that
# both profiles are of one workload. The inputs are disjoint from those the
# speed figures are measured on: BHive blocks other than the first 5,000 that
# utils/bench.py samples with its default seed, and compiles of PolyBench and
# some of LoopUArch's own C++ sources (never sqlite3.c, and not
# plugin-compile-time.py's C++ files).
#
# Usage (after `source`): check_training_inputs ROOT; then
# run_training ROOT TOOL PLUGIN SCRATCH, with TOOL and PLUGIN the binaries
# that record (instrumented) and SCRATCH a directory for its files.

check_training_inputs() {
  local shared="$1/../shared" d
  for d in "$shared/data/bhive/sources" "$shared/bench/polybench-c-4.2.1"; do
    [ -d "$d" ] || { echo "error: $d not found (the shared data)" >&2; return 1; }
  done
}

run_training() {
  local root="$1" tool="$2" plugin="$3" scratch="$4"
  local shared="$root/../shared"
  local polybench="$shared/bench/polybench-c-4.2.1"
  local cpu mode f opts llvm_inc

  # 1. The tool on 1,500 BHive blocks that utils/bench.py never samples.
  python3 - "$root/utils" "$shared/data/bhive/sources" "$scratch/train.csv" <<'PY'
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
      "$tool" -mcpu=$cpu --batch "$scratch/train.csv" $mode -j 1 -o /dev/null || return 1
    done
  done

  # A compile of the training workload; its remarks go to a log, which is
  # shown if the compile fails.
  train_compile() {
    if ! "$@" -fpass-plugin="$plugin" -Rpass=uarch -o /dev/null 2> "$scratch/compile.log"; then
      echo "error: training compile failed: $*" >&2
      tail -5 "$scratch/compile.log" >&2
      return 1
    fi
  }

  # 2. The plugin on PolyBench (vectorised loops) and on scalar C++.
  for f in $(find "$polybench" -name '*.c' ! -path '*utilities*' | sort); do
    for opts in "-O2" "-O3 -march=znver4" "-O2 -march=cascadelake"; do
      train_compile clang-22 $opts -I "$polybench/utilities" -c "$f" || return 1
    done
  done
  for f in $(find "$polybench/linear-algebra" -name '*.c' | sort | head -8); do
    train_compile clang-22 -O2 -I "$polybench/utilities" -c "$f" -mllvm -uarch-tune-loops ||
      return 1
  done
  llvm_inc="$(llvm-config-22 --includedir)"
  for f in lib/Sim/Scheduler.cpp lib/Sim/SteadyState.cpp lib/Analysis/StaticAnalysis.cpp \
           lib/Model/X86Semantics.cpp lib/Kernel/AsmFrontend.cpp lib/Passes/InnermostCycles.cpp; do
    train_compile clang++-22 -O2 -std=c++17 -fno-rtti -fno-exceptions \
      -I "$root/include" -isystem "$llvm_inc" -c "$root/$f" || return 1
  done
}
