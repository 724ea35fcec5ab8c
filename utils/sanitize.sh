#!/usr/bin/env bash
# Builds LoopUArch with AddressSanitizer and UndefinedBehaviorSanitizer into
# ./build-sanitize and runs every test there (GoogleTest and lit, as
# scripts/test.sh does). Any sanitizer report fails the test that triggered
# it. The plugin tests run the instrumented plugin inside Debian's clang-22
# with the ASan runtime preloaded (test/lit/lit.cfg.py).
#
# Usage: utils/sanitize.sh                         (g++, address,undefined)
#        LUARCH_SANITIZE=undefined utils/sanitize.sh
#        CXX=clang++-22 CC=clang-22 utils/sanitize.sh build-sanitize-clang
# See docs/robustness.md.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${1:-build-sanitize}"
LAUNCHER=()
if command -v ccache >/dev/null; then
  LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLUARCH_SANITIZE="${LUARCH_SANITIZE:-address,undefined}" "${LAUNCHER[@]}"
nice -n 19 cmake --build "$BUILD" -j "$(nproc)"
nice -n 19 ctest --test-dir "$BUILD" --output-on-failure
