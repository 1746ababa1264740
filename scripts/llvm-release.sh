# Sourced by the scripts that build errlint: takes "--llvm NN" (or
# "--llvm=NN") off the arguments and sets LLVM_RELEASE (default 19, Debian
# 12's own), BUILD_DIR (build/ for 19, build-NN/ for another release, so that
# both builds live side by side) and ARGS (the other arguments).
LLVM_RELEASE=19
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --llvm) [ $# -ge 2 ] || { echo "$0: --llvm needs a release (19 or 22)" >&2; exit 2; }
            LLVM_RELEASE="$2"; shift 2 ;;
    --llvm=*) LLVM_RELEASE="${1#--llvm=}"; shift ;;
    *) ARGS+=("$1"); shift ;;
  esac
done
case "$LLVM_RELEASE" in
  19) BUILD_DIR=build ;;
  22) BUILD_DIR=build-22 ;;
  *) echo "$0: LLVM $LLVM_RELEASE is not supported (errlint builds against LLVM 19 and 22)" >&2; exit 2 ;;
esac
