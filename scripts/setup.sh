#!/usr/bin/env bash
# Installs errlint's build and test dependencies on Debian 12 (idempotent).
set -euo pipefail
# clang-tidy-14 (Debian 12's default clang-tidy) is only for the test that a
# plugin built for clang-tidy 19 refuses to run inside another release.
# clang-14 and libclang-rt-14-dev are for scripts/fuzz.sh: Debian's clang 14
# runtime ships libFuzzer.
# The result cache talks to Redis through hiredis and to HTTP servers through
# libcurl (found with pkg-config); its tests start a real redis-server
# (redis-tools has redis-cli) and Debian's nginx, whose build has the WebDAV
# module for PUT, on loopback. Installing them does not leave them running
# as services: see below.
#
# --llvm NN (repeatable; default 19, Debian 12's own) picks the LLVM releases
# to build against: errlint supports 19 and 22 (Debian 12 has both).
LLVMS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --llvm) [ $# -ge 2 ] || { echo "setup.sh: --llvm needs a release (19 or 22)" >&2; exit 2; }
            LLVMS+=("$2"); shift 2 ;;
    --llvm=*) LLVMS+=("${1#--llvm=}"); shift ;;
    *) echo "setup.sh: unknown argument '$1' (usage: setup.sh [--llvm 19|22]...)" >&2; exit 2 ;;
  esac
done
[ ${#LLVMS[@]} -gt 0 ] || LLVMS=(19)
LLVM_PKGS=()
for v in "${LLVMS[@]}"; do
  case "$v" in
    19|22) LLVM_PKGS+=("llvm-$v-dev" "libclang-$v-dev" "clang-$v" "clang-tidy-$v" "llvm-$v-tools") ;;
    *) echo "setup.sh: LLVM $v is not supported (errlint builds against LLVM 19 and 22)" >&2; exit 2 ;;
  esac
done
PKGS=(cmake ninja-build g++ "${LLVM_PKGS[@]}"
      nlohmann-json3-dev libgtest-dev python3 git
      librdkafka-dev cppzmq-dev libzmq3-dev libpaho-mqtt-dev libpaho-mqttpp-dev libasio-dev
      libgrpc++-dev chromium fonts-dejavu-core clang-tidy-14 cppcheck
      clang-14 libclang-rt-14-dev
      pkg-config libhiredis-dev libcurl4-openssl-dev redis-server redis-tools nginx)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Microsoft's SARIF validator, for the SARIF tests: installed once with npm
# into a fixed place that CMake finds at configure time (ERRLINT_SARIF_MULTITOOL),
# so that no test ever reaches the network. Any npm will do (Node.js from
# elsewhere bundles its own, which Debian's package conflicts with).
command -v npm >/dev/null || missing+=(npm)
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
if [ ${#missing[@]} -gt 0 ]; then
  echo "errlint setup: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  # policy-rc.d exit 101: the packages' scripts start no service (the tests
  # start their own servers on free ports; a system nginx would take port 80).
  policy=/usr/sbin/policy-rc.d
  had_policy=0
  [ -e "$policy" ] && had_policy=1
  if [ "$had_policy" = 0 ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod +x "$policy"
    trap '$SUDO rm -f "$policy"' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
SARIF_PREFIX=/opt/errlint/sarif-multitool
SARIF_VERSION=5.7.0
if [ ! -x "$SARIF_PREFIX/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool" ]; then
  echo "errlint setup: installing @microsoft/sarif-multitool@$SARIF_VERSION into $SARIF_PREFIX" >&2
  # npm runs as the user, so that it keeps the user's proxy and CA settings.
  $SUDO mkdir -p "$SARIF_PREFIX"
  $SUDO chown "$(id -u):$(id -g)" "$SARIF_PREFIX"
  npm install --silent --no-audit --no-fund --prefix "$SARIF_PREFIX" \
    "@microsoft/sarif-multitool@$SARIF_VERSION" >/dev/null
  # npm may leave the native binary without its execute bit.
  chmod 755 "$SARIF_PREFIX/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
fi
