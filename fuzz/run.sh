#!/bin/sh
# fuzz/run.sh: builds the library with clang and AddressSanitizer, builds the libFuzzer harness
# for the Matrix Market reader (fuzz_mmread.c) and runs it. Not part of the test suites.
#   fuzz/run.sh [SECONDS] [BUILD_DIR]       default: 300 s, build-fuzz
# The seed corpus is fuzz/corpus plus ../shared/data/lagraph when present; new inputs go to
# BUILD_DIR/corpus. A crash leaves BUILD_DIR/crash-* (the input) and a non-zero exit.
# To refresh the committed seeds after a run (keep them few and small):
#   BUILD_DIR/fuzz_mmread -merge=1 -max_len=512 fuzz/corpus BUILD_DIR/corpus
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-300}
build=${2:-build-fuzz}
if [ ! -f "$build/build.ninja" ]; then
    CC=clang meson setup "$build" -Dcuda=disabled -Dtests=false -Dsuitesparse_alias=false \
        -Dreference=disabled -Db_sanitize=address -Db_lundef=false -Dbuildtype=debugoptimized
fi
meson compile -C "$build" graphblas_gpu
clang -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address \
    -Itools/mmio -Iinclude/graphblas_gpu -Iinclude \
    fuzz/fuzz_mmread.c tools/mmio/mm_types.c tools/mmio/mm_read.c tools/mmio/mm_write.c \
    -L"$build" -lgraphblas_gpu -Wl,-rpath,"$PWD/$build" -lm -o "$build/fuzz_mmread"
mkdir -p "$build/corpus"
seeds=fuzz/corpus
if [ -d ../shared/data/lagraph ]; then seeds="$seeds ../shared/data/lagraph"; fi
# -rss_limit_mb and -malloc_limit_mb keep a hostile size line from passing as a memory bug
# shellcheck disable=SC2086
exec "$build/fuzz_mmread" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=1024 -dict=fuzz/mm.dict -artifact_prefix="$build/" -print_final_stats=1 \
    "$build/corpus" $seeds
