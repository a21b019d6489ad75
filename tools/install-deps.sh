#!/usr/bin/env bash
# install-deps.sh: installs what building and testing GraphBLAS_gpu needs on Debian 12 / Ubuntu
# (non-interactive apt-get; sudo when not root). CUDA is optional and not installed here: when nvcc
# is present (e.g. /usr/local/cuda), the build compiles the CUDA backend in.
set -euo pipefail

packages=(
    gcc libc6-dev pkg-config meson ninja-build # the build
    make                                       # the Makefile client of the install-tree test
    libcmocka-dev                              # the test framework
    libgraphblas-dev                           # SuiteSparse: reference for drop-in and differential tests
    cmake                                      # checks the installed CMake package files
    clang                                      # builds the libFuzzer harnesses (fuzz/run.sh, CI)
)
sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
# libFuzzer's runtime: Debian 12 only recommends it with clang, so name it where the archive has
# the package (elsewhere clang ships it).
if apt-cache show libclang-rt-dev >/dev/null 2>&1; then packages+=(libclang-rt-dev); fi
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${packages[@]}"
