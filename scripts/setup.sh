#!/usr/bin/env bash
# Installs errlint's build and test dependencies on Debian 12 (idempotent).
set -euo pipefail
# clang-tidy-14 (Debian 12's default clang-tidy) is only for the test that a
# plugin built for clang-tidy 19 refuses to run inside another release.
# clang-14 and libclang-rt-14-dev are for scripts/fuzz.sh: Debian's clang 14
# runtime ships libFuzzer.
PKGS=(cmake ninja-build g++ llvm-19-dev libclang-19-dev clang-19 clang-tidy-19 llvm-19-tools
      nlohmann-json3-dev libgtest-dev python3 git
      librdkafka-dev cppzmq-dev libzmq3-dev libpaho-mqtt-dev libpaho-mqttpp-dev libasio-dev
      libgrpc++-dev chromium fonts-dejavu-core clang-tidy-14 cppcheck
      clang-14 libclang-rt-14-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The SARIF test installs Microsoft's validator with npm; any npm will do
# (Node.js from elsewhere bundles its own, which Debian's package conflicts with).
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  echo "errlint setup: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
