#!/usr/bin/env bash
# setup.sh [BUILD_DIR]: the README's first command. On a fresh Debian/Ubuntu machine: installs the
# dependencies, builds GraphBLAS_gpu (with CUDA when nvcc is present) and runs the main job,
# `grbgpu info` (library and API versions, backends, the GPU if any).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tools/install-deps.sh
tools/build.sh "$build"
"$build/tools/grbgpu" info
