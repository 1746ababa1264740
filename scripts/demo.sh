#!/usr/bin/env bash
# Sets everything up, builds errlint and runs it on examples/.
# Exits 0 when errlint ran and reported what examples/ is built to show.
set -euo pipefail
cd "$(dirname "$0")/.."
# scripts/demo.sh [--llvm 19|22] [errlint arguments...]
source scripts/llvm-release.sh
bash scripts/setup.sh --llvm "$LLVM_RELEASE"
# The clang of the same release unless CXX names another compiler (README.md
# says why); CMake reads CXX when it first configures the build directory.
export CXX="${CXX:-clang++-$LLVM_RELEASE}"
cmake -S . -B "$BUILD_DIR" -G Ninja -DBUILD_TESTING=OFF \
      -DERRLINT_LLVM_VERSION="$LLVM_RELEASE" >/dev/null
cmake --build "$BUILD_DIR" --target errlint
cmake -S examples -B examples/build -G Ninja >/dev/null
echo "== errlint -p examples/build" >&2
status=0
"$BUILD_DIR/bin/errlint" -p examples/build ${ARGS[@]+"${ARGS[@]}"} || status=$?
# 1 means findings were reported: the risky halves of examples/ are meant to
# be found. Anything else (0, 2, 3) means the demo did not show what it should.
if [ "$status" -ne 1 ]; then
  echo "demo: errlint exited with $status, expected 1 (findings)" >&2
  exit 1
fi
echo "== errlint found the risky calls above (exit code 1 = findings)" >&2
