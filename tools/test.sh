#!/usr/bin/env bash
# test.sh [BUILD_DIR]: the README's second command (and CI's). Builds BUILD_DIR (default: build) if
# needed and runs every test suite; the cuda suite reports SKIP on machines without a GPU. Prints
# meson test's summary and exits non-zero when a test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tools/build.sh "$build"
meson test -C "$build" --no-rebuild --print-errorlogs
