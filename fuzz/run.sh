#!/bin/sh
# fuzz/run.sh: builds the library with clang, AddressSanitizer and UndefinedBehaviorSanitizer, builds
# a libFuzzer harness and runs it. CI (.ci/run) runs both harnesses for a bounded time.
#   fuzz/run.sh [SECONDS [BUILD_DIR [HARNESS]]]    default: 300 s, build-fuzz, mmread
# HARNESS is one of
#   mmread       the Matrix Market reader (fuzz_mmread.c); seeds fuzz/corpus, plus
#                ../shared/data/lagraph when present
#   deserialize  GrB_Matrix_deserialize (fuzz_deserialize.c); seeds fuzz/corpus_deserialize
# New inputs go to BUILD_DIR/corpus-HARNESS. Any crash, sanitizer report, leak, timeout (10 s for
# one input) or memory blow-up leaves BUILD_DIR/HARNESS-crash-* (the input) and a non-zero exit.
# To refresh the committed seeds after a run (keep them few and small):
#   BUILD_DIR/fuzz_HARNESS -merge=1 -max_len=512 SEEDS_DIR BUILD_DIR/corpus-HARNESS
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-300}
build=${2:-build-fuzz}
harness=${3:-mmread}
case $harness in
mmread)
    sources="fuzz/fuzz_mmread.c tools/mmio/mm_types.c tools/mmio/mm_read.c tools/mmio/mm_write.c"
    seeds=fuzz/corpus
    if [ -d ../shared/data/lagraph ]; then seeds="$seeds ../shared/data/lagraph"; fi
    options="-dict=fuzz/mm.dict"
    ;;
deserialize)
    sources=fuzz/fuzz_deserialize.c
    seeds=fuzz/corpus_deserialize
    options=
    ;;
*)
    echo "fuzz/run.sh: unknown harness '$harness' (mmread or deserialize)" >&2
    exit 2
    ;;
esac
if [ ! -f "$build/build.ninja" ]; then
    CC=clang meson setup "$build" -Dcuda=disabled -Dtests=false -Dsuitesparse_alias=false \
        -Dreference=disabled -Db_sanitize=address,undefined -Db_lundef=false \
        -Dbuildtype=debugoptimized -Dc_args="['-fno-sanitize-recover=undefined', '-fsanitize=fuzzer-no-link']"
fi
meson compile -C "$build" graphblas_gpu
# shellcheck disable=SC2086
clang -g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=undefined -Itools/mmio -Iinclude/graphblas_gpu -Iinclude \
    $sources -L"$build" -lgraphblas_gpu -Wl,-rpath,"$PWD/$build" -lm -o "$build/fuzz_$harness"
mkdir -p "$build/corpus-$harness"
# every tree the library builds is verified (src/store/store.c, tree_verify)
export GRAPHBLAS_GPU_CHECK=1
# -rss_limit_mb and -malloc_limit_mb keep a hostile size field from passing as a memory bug
# shellcheck disable=SC2086
exec "$build/fuzz_$harness" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 $options -artifact_prefix="$build/$harness-" \
    -print_final_stats=1 "$build/corpus-$harness" $seeds
