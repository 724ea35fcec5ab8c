#!/usr/bin/env bash
# Runs every test: GoogleTest unit tests and lit/FileCheck tests, through CTest.
# Usage: scripts/test.sh             (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build -j "$(nproc)"
ctest --test-dir build --output-on-failure -j "$(nproc)"
