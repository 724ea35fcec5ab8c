#!/usr/bin/env bash
# Installs every dependency from Debian 12's packages (LLVM 22 comes from the
# bookworm-security archive) and builds LoopUArch into ./build.
# Usage: scripts/setup.sh            (from the project root)
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

PACKAGES=(
  llvm-22-dev clang-22 llvm-22-tools libclang-22-dev
  lld-22
  libgtest-dev libgmock-dev
  cmake ninja-build g++ python3
  zlib1g-dev libzstd-dev libedit-dev libffi-dev libxml2-dev libcurl4-openssl-dev
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# clang-22 with lld-22: ThinLTO of LoopUArch's own code (CMakeLists.txt
# LUARCH_LTO; docs/evaluation.md "Speed"). Any C++17 compiler builds it too
# (then without LTO).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
cmake --build build -j "$(nproc)"
