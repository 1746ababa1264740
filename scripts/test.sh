#!/usr/bin/env bash
# Sets everything up, builds errlint and runs every test through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -G Ninja -DBUILD_TESTING=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure "$@"
