#!/usr/bin/env bash
# Sets everything up, builds errlint and runs every test through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# clang 19 unless CXX names another compiler (README.md says why); CMake reads
# CXX when it first configures build/.
export CXX="${CXX:-clang++-19}"
cmake -S . -B build -G Ninja -DBUILD_TESTING=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure "$@"
