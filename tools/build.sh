#!/usr/bin/env bash
# build.sh [BUILD_DIR [MESON_OPTION...]]: configures BUILD_DIR (default: build) on first use and
# builds it. CUDA is compiled in when nvcc is found, also in /usr/local/cuda/bin off the PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift $(($# > 0 ? 1 : 0))

if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
fi
if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" "$@"
elif [ $# -gt 0 ]; then
    meson configure "$build" "$@"
fi
ninja -C "$build"
