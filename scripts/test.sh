#!/usr/bin/env bash
# README command 2: set up, build with warnings as errors, and run the whole test suite
# (labels: unit, system, gui; GUI tests run offscreen). Extra arguments go to ctest (e.g. -L unit).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --test-dir build/ci --output-on-failure -j2 "$@"
