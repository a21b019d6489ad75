#!/usr/bin/env bash
# spmv_device.sh: on the GPU host, builds the SpMV test and benchmark in build-dev-spmv, runs
# test_cuda_spmv (plain, then under compute-sanitizer memcheck) and spmv_bench, with full logs in
# $OUT (default ./spmv-out). Arguments go to spmv_bench (e.g. --mats grid --prec fp32).
# Uses the .deb packages in .ref/ (cmocka) where the host lacks them, as tools/device-check.sh.
set -u
out=${OUT:-$PWD/spmv-out}
build=build-dev-spmv
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
root=$PWD/$build/ref-root
if ! pkg-config --exists cmocka 2>/dev/null && ls .ref/*.deb >/dev/null 2>&1; then
    for deb in .ref/*.deb; do dpkg -x "$deb" "$root"; done
    lib=$root/usr/lib/x86_64-linux-gnu
    export CPATH="$root/usr/include${CPATH:+:$CPATH}"
    export LIBRARY_PATH="$lib${LIBRARY_PATH:+:$LIBRARY_PATH}"
    export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    mkdir -p "$root/pkgconfig"
    sed "s|/usr/|$root/usr/|g" "$lib/pkgconfig/cmocka.pc" >"$root/pkgconfig/cmocka.pc"
    export PKG_CONFIG_PATH="$root/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
fi
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee "$out/gpu.txt"
[ -f "$build/build.ninja" ] || meson setup "$build" -Dcuda=enabled -Dgpu_arch=90 >"$out/setup.log" 2>&1 ||
    { tail -30 "$out/setup.log"; exit 1; }
ninja -C "$build" cuda/test/test_cuda_spmv bench/gpu/spmv_bench >"$out/build.log" 2>&1 ||
    { grep -B2 -A12 "error" "$out/build.log" | head -60; exit 1; }
echo "== test_cuda_spmv"
timeout 120 "$build/cuda/test/test_cuda_spmv" >"$out/test.log" 2>&1
echo "rc=$?"; tail -15 "$out/test.log"
echo "== memcheck"
timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 "$build/cuda/test/test_cuda_spmv" \
    >"$out/memcheck.log" 2>&1
echo "rc=$?"; grep -E "ERROR SUMMARY|PASSED|FAILED" "$out/memcheck.log" | tail -5
echo "== spmv_bench $*"
timeout 400 "$build/bench/gpu/spmv_bench" "$@" 2>&1 | tee "$out/bench.log"
