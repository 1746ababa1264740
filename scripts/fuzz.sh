#!/usr/bin/env bash
# Builds the libFuzzer targets in build-fuzz/ and runs each for SECONDS
# (default 60), starting from its seed corpus in test/fuzz/corpus/. New
# inputs go to build-fuzz/corpus/<target>; crashes to build-fuzz/crashes/.
# Copy a crash into test/fuzz/corpus/<target>/ once it is fixed: ctest
# replays the corpus on every run.
#   scripts/fuzz.sh [SECONDS] [TARGET...]    TARGET: records rules config compile-db matcher
# FUZZ_CXX names a clang++ whose runtime has libFuzzer (default: clang++-19,
# else Debian's clang 14, whose compiler-rt package ships libFuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-60}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(records rules config compile-db matcher)

has_fuzzer() {
  echo 'extern "C" int LLVMFuzzerTestOneInput(const char *, long) { return 0; }' |
    "$1" -x c++ -fsanitize=fuzzer -o /dev/null - 2>/dev/null
}
CXX="${FUZZ_CXX:-}"
if [ -z "$CXX" ]; then
  for c in /usr/lib/llvm-19/bin/clang++ /usr/lib/llvm-14/bin/clang++; do
    if [ -x "$c" ] && has_fuzzer "$c"; then CXX="$c"; break; fi
  done
fi
if [ -z "$CXX" ]; then
  echo "fuzz.sh: no clang++ with libFuzzer found; set FUZZ_CXX" >&2
  exit 2
fi
cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER="$CXX" \
  -DERRLINT_FUZZ=ON -DBUILD_TESTING=ON >/dev/null
ninja -C build-fuzz -j"${JOBS:-1}" $(printf 'errlint-fuzz-%s ' "${TARGETS[@]}")
mkdir -p build-fuzz/crashes
for t in "${TARGETS[@]}"; do
  mkdir -p "build-fuzz/corpus/$t"
  echo "== $t: ${SECONDS_EACH}s"
  "build-fuzz/bin/errlint-fuzz-$t" -max_total_time="$SECONDS_EACH" \
    -artifact_prefix="build-fuzz/crashes/$t-" \
    "build-fuzz/corpus/$t" "test/fuzz/corpus/$t"
done
