#!/usr/bin/env bash
# device-check.sh: the one command for the GPU host (DESIGN.md §9, Doc/build.md).
#
# Builds with CUDA (meson/ninja, -Dgpu_arch=$GPU_ARCH, default 90) in $BUILD (default build-device),
# runs `grbgpu info`, the cuda suite and the other suites, then compute-sanitizer memcheck and
# racecheck on every test of the cuda suite (each test sees GG_TEST_SANITIZER=1), then every GPU
# benchmark built in $BUILD/bench/gpu (with --quick where the program accepts it; SKIP when none is
# built). Logs go to $BUILD/device-check; with $OUT set, the
# summary and a tarball of the logs are copied there; a short table is printed last. Exits non-zero when any step fails,
# including a cuda suite that skipped although nvidia-smi sees a GPU. STEPS (default all) limits
# the steps after the build (MEMCHECK_TESTS, RACECHECK_TESTS: only these cuda tests under memcheck,
# racecheck; RACECHECK_THREADS: cuda_threads' host threads under racecheck, default 1) to a
# space-separated subset of: info cuda other status memcheck racecheck
# bench resident gap level ("status" measures Doc/STATUS.md's GPU column into STATUS.md beside the
# summary; "resident" prints the transfer counters of the algorithms on the GPU; "gap" runs
# bench/gap/run_gap.py with SuiteSparse in the same run; "level" the floor of a host-driven level
# beside grid BFS call by call), plus steps run only when named:
# "fault" (compute-sanitizer memcheck over the algorithm suite's small graphs with CUDA forced, the
# device-allocation sweep cuda_oom and the threads test cuda_threads), "forced" (every suite with
# GRAPHBLAS_GPU_BACKEND=cuda), "tsan" (cuda_threads built with ThreadSanitizer in $BUILD-tsan) and
# "svm" (trains the frontier-mode SVM, tools/svm/gg_svm_train: svm_model.c and svm_cases.csv beside
# the summary and in $OUT, then BFS with the compiled and the trained model; Doc/performance.md;
# the summary then lists its Table VII rows for SSSP and per kind of run, and BC's product counts).
#
# The host has no network: SuiteSparse and cmocka come as Debian packages carried in the ignored
# folder .ref/ (`apt-get download libgraphblas7 libgraphblas-dev libcmocka0 libcmocka-dev`); they
# are unpacked under $BUILD/ref-root and used only where the host lacks its own.
# shellcheck disable=SC2317 # the functions below run through step()
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

build=${BUILD:-build-device}
arch=${GPU_ARCH:-90}
# Logs are written to $build/device-check; with $OUT set, the summary and one tarball of the logs
# are copied there at the end (the device tool returns at most 8 files).
out=$build/device-check
mkdir -p "$build" "$out"
out=$(cd "$out" && pwd)
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
fi

rows=()
failed=0

# step NAME CMD...: runs CMD with its output in $out/NAME.log and records PASS, SKIP (exit 77) or
# FAIL with the time taken; returns CMD's status.
step() {
    local name=$1 start status verdict ms
    shift
    start=$(date +%s%N)
    "$@" >"$out/$name.log" 2>&1
    status=$?
    case $status in
    0) verdict=PASS ;;
    77) verdict=SKIP ;;
    *) verdict="FAIL($status)" failed=1 ;;
    esac
    ms=$((($(date +%s%N) - start) / 1000000))
    rows+=("$(printf '%-16s %-9s %5d.%01ds  %s' "$name" "$verdict" $((ms / 1000)) \
        $((ms % 1000 / 100)) "$out/$name.log")")
    return "$status"
}

environment() {
    date -u
    uname -a
    nvidia-smi || echo "nvidia-smi: not available"
    nvcc --version
    meson --version
    ninja --version
    command -v compute-sanitizer || echo "compute-sanitizer: not found"
    git log -1 --oneline 2>/dev/null || true
}

# Unpacks the carried .debs and points the compiler, linker, loader and pkg-config at them for
# whatever the host lacks (SuiteSparse's header and library, cmocka).
use_carried_packages() {
    local root=$PWD/$build/ref-root deb
    shopt -s nullglob
    local debs=(.ref/*.deb)
    shopt -u nullglob
    if [ ${#debs[@]} -eq 0 ]; then
        echo "no .ref/*.deb carried: using the host's packages only"
        return 0
    fi
    for deb in "${debs[@]}"; do
        echo "unpacking $deb"
        dpkg -x "$deb" "$root" || return 1
    done
    local inc=$root/usr/include lib=$root/usr/lib/x86_64-linux-gnu
    export CPATH="$inc${CPATH:+:$CPATH}"
    export LIBRARY_PATH="$lib${LIBRARY_PATH:+:$LIBRARY_PATH}"
    export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    if [ -f "$lib/pkgconfig/cmocka.pc" ] && ! pkg-config --exists cmocka 2>/dev/null; then
        mkdir -p "$root/pkgconfig"
        sed "s|/usr/|$root/usr/|g" "$lib/pkgconfig/cmocka.pc" >"$root/pkgconfig/cmocka.pc"
        export PKG_CONFIG_PATH="$root/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    fi
    if ! command -v pkg-config >/dev/null && [ -x "$root/usr/bin/pkgconf" ]; then
        ln -sf pkgconf "$root/usr/bin/pkg-config"
        export PATH="$root/usr/bin:$PATH"
        echo "using the carried pkgconf as pkg-config"
    fi
    echo "CPATH=$CPATH"
    echo "LIBRARY_PATH=$LIBRARY_PATH"
    echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
    echo "PKG_CONFIG_PATH=${PKG_CONFIG_PATH:-}"
}

configure() {
    if [ -f "$build/build.ninja" ]; then
        meson setup --reconfigure "$build" -Dcuda=enabled -Dgpu_arch="$arch"
    else
        meson setup "$build" -Dcuda=enabled -Dgpu_arch="$arch"
    fi
}

# The cuda suite: SKIP when no test ran and there is no GPU; with a GPU that nvidia-smi sees, an
# all-skipped suite is a failure.
cuda_suite() {
    meson test -C "$build" --no-rebuild --print-errorlogs --suite cuda
    local status=$?
    local ran
    ran=$(python3 -c '
import json, sys
print(sum(json.loads(line)["result"] == "OK" for line in open(sys.argv[1]) if line.strip()))' \
        "$build/meson-logs/testlog.json")
    if [ "$status" -eq 0 ] && [ "$ran" = 0 ]; then
        if nvidia-smi -L >/dev/null 2>&1; then
            echo "FAIL: nvidia-smi sees a GPU but no cuda test ran (see the SKIP reasons above)"
            return 1
        fi
        return 77
    fi
    return "$status"
}

# The cuda suite's tests, one per line: NAME<TAB>shell-quoted command.
cuda_tests() {
    meson introspect "$build" --tests | python3 -c '
import json, shlex, sys
for t in json.load(sys.stdin):
    if any(s.split(":")[-1] == "cuda" for s in t["suite"]):
        print(t["name"] + "\t" + shlex.join(t["cmd"]))'
}

# Every test, one per line: NAME<TAB>shell-quoted command.
# Tests run here outside `meson test` (whose default setup sets it) get GRAPHBLAS_GPU_CHECK=1 too:
# the HiSparse checker then verifies every tree, as in the suites; benchmarks run without it.
named_tests() {
    meson introspect "$build" --tests | python3 -c '
import json, shlex, sys
for t in json.load(sys.stdin):
    print(t["name"] + "\t" + shlex.join(t["cmd"]))'
}

# sanitize TOOL [TESTS]: runs the cuda tests named in TESTS (default: every one) under
# compute-sanitizer TOOL; a skipping test (77) passes. The library's cache of freed device blocks is
# off (GRAPHBLAS_GPU_POOL_CACHE=0) so that the sanitizer sees every free.
sanitize() {
    local tool=$1 only=" ${2:-} " name cmd status worst=0 sanitizer extra=""
    [ "$tool" = memcheck ] && extra="--leak-check full"
    # racecheck loses track of kernel launches from host threads launching at once, 8 or 2
    # (cuda_threads' GG_TEST_THREADS comment): RACECHECK_THREADS (default 1) host threads there
    local threads=""
    [ "$tool" = racecheck ] && threads="GG_TEST_THREADS=${RACECHECK_THREADS:-1}"
    sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    [ -x "$sanitizer" ] || { echo "compute-sanitizer not found"; return 1; }
    while IFS=$'\t' read -r name cmd; do
        [ "$only" = "  " ] || [[ $only == *" $name "* ]] || continue
        echo "== $name: compute-sanitizer --tool $tool"
        # each test under a limit (SANITIZE_LIMIT seconds, default 240), so one slow test cannot
        # take a whole device call: exit 124 is a failure, named in the log
        eval "$threads GRAPHBLAS_GPU_CHECK=1 GG_TEST_SANITIZER=1 GRAPHBLAS_GPU_POOL_CACHE=0 timeout ${SANITIZE_LIMIT:-240} \"$sanitizer\" --tool $tool $extra --error-exitcode 99 $cmd"
        status=$?
        [ "$status" -eq 124 ] && echo "== $name: TIMEOUT after ${SANITIZE_LIMIT:-240} s"
        echo "== $name: exit $status"
        case $status in 0 | 77) ;; *) worst=$status ;; esac
    done < <(cuda_tests)
    return "$worst"
}

# gpu_benchmarks: runs every executable in $build/bench/gpu, with --quick when its binary mentions
# that flag, each under a 10-minute limit; SKIP when none is built.
gpu_benchmarks() {
    local dir=$build/bench/gpu exe status worst=0 ran=0
    for exe in "$dir"/*; do
        [ -f "$exe" ] && [ -x "$exe" ] || continue
        case $exe in *.so | *.a | *.p) continue ;; esac
        local args=()
        grep -qa -- '--quick' "$exe" && args=(--quick)
        echo "== $exe ${args[*]}"
        timeout 600 "$exe" "${args[@]}"
        status=$?
        echo "== $exe: exit $status"
        ran=1
        [ "$status" -eq 0 ] || worst=$status
    done
    [ "$ran" -eq 1 ] || { echo "no GPU benchmark built in $dir"; return 77; }
    return "$worst"
}

# fault (issue 15, Doc/testing.md): memcheck over the algorithms with CUDA forced, on the graphs
# small enough for it (GG_TEST_SANITIZER=1 skips the others), then the device-allocation sweep and
# the threads test.
fault_run() {
    local sanitizer name cmd status worst=0
    sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    [ -x "$sanitizer" ] || { echo "compute-sanitizer not found"; return 1; }
    while IFS=$'\t' read -r name cmd; do
        case $name in
        algorithms)
            echo "== $name: compute-sanitizer --tool memcheck, GRAPHBLAS_GPU_BACKEND=cuda"
            eval "GRAPHBLAS_GPU_CHECK=1 GRAPHBLAS_GPU_BACKEND=cuda GG_TEST_SANITIZER=1 GRAPHBLAS_GPU_POOL_CACHE=0 \"$sanitizer\" --tool memcheck \
                --leak-check full --error-exitcode 99 $cmd" ;;
        cuda_oom | cuda_threads)
            echo "== $name"
            eval "GRAPHBLAS_GPU_CHECK=1 $cmd" ;;
        *) continue ;;
        esac
        status=$?
        echo "== $name: exit $status"
        [ "$status" -eq 0 ] || worst=$status
    done < <(named_tests)
    return "$worst"
}

# tsan: the threads test with the library built under ThreadSanitizer (CUDA compiled in), in its
# own build directory $build-tsan; only the library and that test are built.
tsan_run() {
    local tsan=$build-tsan
    if [ ! -f "$tsan/build.ninja" ]; then
        meson setup "$tsan" -Dcuda=enabled -Dgpu_arch="$arch" -Db_sanitize=thread || return 1
    fi
    ninja -C "$tsan" cuda/test/test_cuda_threads || return 1
    GRAPHBLAS_GPU_CHECK=1 TSAN_OPTIONS=halt_on_error=1 "$tsan/cuda/test/test_cuda_threads"
}

steps=" ${STEPS:-info cuda other status memcheck racecheck bench resident gap level} "
want() { [[ $steps == *" $1 "* ]]; }

# resident: the transfer counters of graph algorithms on a device-resident graph (grbgpu --stats),
# on $RESIDENT_GRAPHS (default rmat:20 grid:1000).
resident_stats() {
    local g status=0
    for g in ${RESIDENT_GRAPHS:-rmat:20 grid:1000}; do
        echo "== $g"
        "$build/tools/grbgpu" run pr,bfs,sssp,cc --gen "$g" --backend cuda --repeat 2 --check \
            --stats || status=1
    done
    return $status
}

# level: the floor of a host-driven level (bench/gpu/floor_bench, the CUDA runtime alone) beside
# BFS on the grid call by call (bench/bfs_calls_gg, the corner source: 1,999 levels), so a level's
# µs can be read against the floor (DESIGN.md §8, issue 12's grid target); LEVEL_GRAPHS replaces
# the graph list.
level_run() {
    local g status=0
    "$build/bench/gpu/floor_bench" 2000 || status=1
    for g in ${LEVEL_GRAPHS:-grid:1000}; do
        echo "== bfs_calls $g"
        "$build/bench/bfs_calls_gg" "$g" 3 0 | grep -E '^(unit|input|op) ' || status=1
    done
    return $status
}

# gap: bench/gap/run_gap.py (our GPU and CPU columns, SuiteSparse in the same run) into
# $out/gap; GAP_GRAPHS, GAP_ALGS, GAP_CONFIGS... pass through (see its header).
gap_run() {
    python3 bench/gap/run_gap.py "$out/gap" "$build"
}

# svm: the frontier-mode SVM trained on this GPU (about 6 minutes; SVM_BUDGET seconds, default
# 330), its model source and cases written beside the summary; then BFS (CUDA forced, median of
# 5) on SVM_BFS_GRAPHS (default RMAT-22 and the 1000^2 grid) with the compiled model and with the
# one just trained (GRAPHBLAS_GPU_SVM_MODEL), twice each, alternating, in the same build: the
# trained model replaces cuda/svm_model.c only where it is no slower.
svm_train() {
    "$build/tools/svm/gg_svm_train" --out "$out/svm_model.c" --csv "$out/svm_cases.csv" \
        --budget "${SVM_BUDGET:-330}" || return
    local g m
    for g in ${SVM_BFS_GRAPHS:-rmat:22 grid:1000}; do
        for m in compiled trained compiled trained; do
            echo "== bfs $g, $m model"
            if [ "$m" = trained ]; then
                GRAPHBLAS_GPU_SVM_MODEL="$out/svm_model.c" "$build/tools/grbgpu" run bfs --gen "$g" \
                    --backend cuda --repeat 5 2>&1
            else
                "$build/tools/grbgpu" run bfs --gen "$g" --backend cuda --repeat 5 2>&1
            fi | grep -E '^(time|result|GraphBLAS_gpu)' || return
        done
    done
}

# Doc/STATUS.md measured with the device present (its GPU column), written beside the summary.
measure_status() {
    cp Doc/STATUS.md "$out/STATUS.md" && "$build/test/status/gg_status" --write "$out/STATUS.md"
}

step environment environment
step carried-packages use_carried_packages
if step configure configure && step build ninja -C "$build"; then
    want info && step grbgpu-info "$build/tools/grbgpu" info
    want cuda && step cuda-suite cuda_suite
    want other && step other-suites meson test -C "$build" --no-rebuild --print-errorlogs --no-suite cuda
    want status && step status measure_status
    want memcheck && step memcheck sanitize memcheck "${MEMCHECK_TESTS:-}"
    # racecheck is slow (about 100 s a test): the tests of the kernels that share memory
    # between threads (SpMV tiles, tree build and eWise, the SpGEMM's shared hash tables and
    # sorts), every other cuda test under memcheck
    # (RACECHECK_TESTS replaces the list; cuda_threads is the concurrent-threads test of issue 15)
    want racecheck && step racecheck sanitize racecheck "${RACECHECK_TESTS:-cuda_spmv cuda_hs cuda_spgemm cuda_threads}"
    want bench && step gpu-benchmarks gpu_benchmarks
    want resident && step resident resident_stats
    want gap && step gap gap_run
    want level && step level level_run
    want fault && step fault fault_run
    # forced CUDA runs the random semantics tests' thousands of tiny calls on the device, each
    # synchronised: test_cpu_random took 60 s there (its limit), so the limits are tripled
    want forced && step forced env GRAPHBLAS_GPU_BACKEND=cuda \
        meson test -C "$build" --no-rebuild --print-errorlogs --timeout-multiplier 3
    want tsan && step tsan tsan_run
    want svm && step svm-train svm_train
fi

{
    echo "device-check on $(hostname) $(date -u '+%Y-%m-%d %H:%M UTC'), gpu_arch $arch"
    grep -h '^gpu ' "$out/grbgpu-info.log" 2>/dev/null
    printf '%-16s %-9s %7s  %s\n' step result time log
    printf '%s\n' "${rows[@]}"
    # the svm step's Table VII rows for SSSP runs and for all runs of each kind, and BC's products
    if [ -f "$out/svm-train.log" ]; then
        echo "svm-train, Table VII (fraction correct, time lost against the per-call oracle):"
        grep -E '^(SSSP |all [0-9]+ )|^[^ ]+ +(SSSP|BC): ' "$out/svm-train.log"
    fi
} | tee "$out/summary.txt"
if [ -n "${OUT:-}" ]; then
    cp "$out/summary.txt" "$OUT/summary.txt"
    [ -f "$out/STATUS.md" ] && cp "$out/STATUS.md" "$OUT/STATUS.md"
    [ -f "$out/svm_model.c" ] && cp "$out/svm_model.c" "$out/svm-train.log" "$out/svm_cases.csv" "$OUT/"
    tar -czf "$OUT/device-logs.tar.gz" -C "$out" .
fi
exit $failed
