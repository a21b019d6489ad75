#!/bin/sh
# dropin.sh PROG ALIAS_LIB [PROG_OURS]: runs PROG (built against SuiteSparse 7.4) once as built and
# once with ALIAS_LIB's directory first on LD_LIBRARY_PATH. Passes when the first run used
# SuiteSparse, the second our alias (as /proc/self/maps shows), and both printed the same results.
# PROG_OURS, the same source built against our header and linked with libgraphblas_gpu, must
# report that library and print the same results too.
# Without arguments (no libgraphblas-dev, or the alias not built) it reports SKIP (exit 77).
set -u
if [ $# -lt 2 ]; then
    echo "SKIP: SuiteSparse (libgraphblas-dev) or the suitesparse_alias library is not available"
    exit 77
fi
prog=$1
alias_dir=$(cd "$(dirname "$2")" && pwd -P)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -e "$alias_dir/libgraphblas.so.7" ] || fail "$alias_dir/libgraphblas.so.7 does not exist"

"$prog" >"$out/suitesparse" 2>&1 || fail "run on SuiteSparse exited $?: $(cat "$out/suitesparse")"
LD_LIBRARY_PATH="$alias_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$prog" >"$out/ours" 2>&1 ||
    fail "run on our alias exited $?: $(cat "$out/ours")"

lib_of() { sed -n 's/^# library: //p' "$1"; }
ss=$(lib_of "$out/suitesparse")
ours=$(lib_of "$out/ours")
echo "SuiteSparse run used: $ss"
echo "alias run used:       $ours"
if [ -z "$ss" ] || [ -z "$ours" ]; then fail "a run did not report its libgraphblas"; fi
dir_of() { (cd "$(dirname "$1")" && pwd -P); }
[ "$(dir_of "$ss")" != "$alias_dir" ] || fail "the plain run already used our alias"
[ "$(dir_of "$ours")" = "$alias_dir" ] || fail "the alias run used $ours, not the library in $alias_dir"
grep '^# GrB_getVersion' "$out/suitesparse" "$out/ours"

grep -v '^#' "$out/suitesparse" >"$out/ss.txt"
grep -v '^#' "$out/ours" >"$out/ours.txt"
if ! diff -u "$out/ss.txt" "$out/ours.txt"; then
    fail "results differ (- SuiteSparse, + ours)"
fi
if [ $# -ge 3 ]; then
    "$3" >"$out/source" 2>&1 || fail "run of the build against our header exited $?: $(cat "$out/source")"
    src=$(lib_of "$out/source")
    echo "our-header build used: $src"
    case $src in */libgraphblas_gpu.so*) ;; *) fail "the build against our header ran on '$src'" ;; esac
    grep -v '^#' "$out/source" >"$out/source.txt"
    if ! diff -u "$out/ss.txt" "$out/source.txt"; then
        fail "results of the build against our header differ (- SuiteSparse, + ours)"
    fi
fi
echo "PASS: $(wc -l <"$out/ss.txt") result lines agree"
