#!/usr/bin/env bash
# Builds errlint with AddressSanitizer + UndefinedBehaviorSanitizer in
# build-asan/ and runs the whole test suite there.
#   scripts/sanitize.sh [ctest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-asan -G Ninja -DBUILD_TESTING=ON -DERRLINT_SANITIZE=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
ninja -C build-asan -j"${JOBS:-1}"
# The clang-tidy plugin is loaded by an uninstrumented clang-tidy: the ASan
# runtime must come first. Leaks in LLVM's own global state are not ours.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir build-asan --output-on-failure "$@"
