#!/usr/bin/env bash
# Sets everything up, builds errlint and runs every test through ctest.
#   scripts/test.sh [--llvm 19|22] [ctest arguments...]
# builds against LLVM 19 in build/ (default) or LLVM 22 in build-22/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/llvm-release.sh
bash scripts/setup.sh --llvm "$LLVM_RELEASE"
# The clang of the same release unless CXX names another compiler (README.md
# says why); CMake reads CXX when it first configures the build directory.
export CXX="${CXX:-clang++-$LLVM_RELEASE}"
cmake -S . -B "$BUILD_DIR" -G Ninja -DBUILD_TESTING=ON \
      -DERRLINT_LLVM_VERSION="$LLVM_RELEASE" >/dev/null
cmake --build "$BUILD_DIR"
ctest --test-dir "$BUILD_DIR" --output-on-failure ${ARGS[@]+"${ARGS[@]}"}
