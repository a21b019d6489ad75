#!/usr/bin/env bash
# test.sh [BUILD_DIR [MESON_OPTION...]]: the README's second command (and CI's). Builds BUILD_DIR
# (default: build; configured with the options on first use, see build.sh) if needed and runs every
# test suite; the cuda suite reports SKIP on machines without a GPU. Prints meson test's summary and
# exits non-zero when a test fails. A sanitizer build takes its runtime options from the
# environment (CI sets ASAN_OPTIONS and UBSAN_OPTIONS, .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift $(($# > 0 ? 1 : 0))
tools/build.sh "$build" "$@"
meson test -C "$build" --no-rebuild --print-errorlogs
