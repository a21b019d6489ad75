#!/usr/bin/env bash
# setup.sh [BUILD_DIR]: the README's first command. On a fresh Debian/Ubuntu machine: installs the
# dependencies, builds GraphBLAS_gpu (with CUDA when nvcc is present) and runs the main job:
# `grbgpu info` (library and API versions, backends, the GPU if any), then `grbgpu run bfs --check`
# (a checked BFS on the built-in RMAT scale-16 graph, about a second on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tools/install-deps.sh
tools/build.sh "$build"
"$build/tools/grbgpu" info
"$build/tools/grbgpu" run bfs --check
