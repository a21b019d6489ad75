#!/bin/sh
# test-grbgpu.sh GRBGPU [DATA_DIR [GRBGPU_SS]]: checks the grbgpu command line: `info` names the
# library, the API version and the backends; --help and no arguments print the usage; an unknown
# command prints the usage on stderr and exits 2; `run` passes its own --check for every algorithm
# on generated graphs and on DATA_DIR/karate.mtx when present, and cc names the variant it chose
# (--cc, else label propagation on a GPU and FastSV on the CPU); bad options, files and specs exit 2
# with a message. `stats` prints the storage report with the CSR and COO sizes their formulas give;
# `run --emit` writes result files that `compare --files` judges (identical: agree, exit 0; one
# value changed: disagree, exit 1; malformed: exit 2). With GRBGPU_SS (the SuiteSparse build),
# `compare` runs both builds on generated graphs and karate and must find every result agreeing.
# GRAPHBLAS_GPU_PROFILE=1 prints the per-call table at exit.
set -u
grbgpu=$1
data=${2:-}
grbgpu_ss=${3:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# meson test puts the build directory on LD_LIBRARY_PATH, and it holds our libgraphblas.so.7 alias:
# grbgpu-ss must load SuiteSparse's (grbgpu finds its own library through its rpath).
build_lib=$(dirname "$grbgpu")/..
kept=
old_ifs=$IFS
IFS=:
for d in ${LD_LIBRARY_PATH:-}; do
    [ -e "$d/libgraphblas_gpu.so" ] || kept=${kept:+$kept:}$d
done
IFS=$old_ifs
LD_LIBRARY_PATH=$kept
export LD_LIBRARY_PATH
fail() { echo "FAIL: $*"; exit 1; }

"$grbgpu" info >"$out/info" 2>"$out/err" || fail "grbgpu info exited $?: $(cat "$out/err")"
cat "$out/info"
grep -q '^library   GraphBLAS_gpu [0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*$' "$out/info" || fail "no library line"
grep -q '^api       GraphBLAS C API 2\.1\.0 (GrB_getVersion: 2\.1)$' "$out/info" || fail "no api line"
grep -q '^backends  cpu\( cuda\)\{0,1\}$' "$out/info" || fail "no backends line"
if grep -q '^backends  cpu cuda$' "$out/info"; then
    grep -q '^gpu       .*, [0-9.]* GiB$' "$out/info" || fail "CUDA available but no gpu line"
else
    grep -q '^gpu       none$' "$out/info" || fail "no gpu line"
fi

for args in "" "--help"; do
    # shellcheck disable=SC2086
    "$grbgpu" $args >"$out/usage" 2>&1 || fail "grbgpu $args exited $?"
    grep -q '^usage: grbgpu' "$out/usage" || fail "grbgpu $args: no usage"
    grep -q '^  info ' "$out/usage" || fail "grbgpu $args: usage does not list info"
    grep -q '^  run ALG ' "$out/usage" || fail "grbgpu $args: usage does not list run"
    grep -q '^  compare ALG ' "$out/usage" || fail "grbgpu $args: usage does not list compare"
    grep -q '^  stats ' "$out/usage" || fail "grbgpu $args: usage does not list stats"
done

"$grbgpu" frobnicate >"$out/stdout" 2>"$out/stderr"
status=$?
[ "$status" -eq 2 ] || fail "unknown command exited $status, expected 2"
[ -s "$out/stdout" ] && fail "unknown command wrote to stdout"
grep -q '^usage: grbgpu' "$out/stderr" || fail "unknown command: no usage on stderr"
# run GRAPH_ARGS ALG: a checked run must succeed and print the whole result table
run() {
    alg=$1
    shift
    "$grbgpu" run "$alg" "$@" --check --repeat 2 >"$out/run" 2>"$out/err" ||
        fail "grbgpu run $alg $* exited $?: $(cat "$out/err")"
    for key in graph run time MTEPS result; do
        grep -q "^$key " "$out/run" || fail "grbgpu run $alg $*: no $key line"
    done
    grep -q '^check: ok$' "$out/run" || fail "grbgpu run $alg $*: no 'check: ok'"
    [ -s "$out/err" ] && fail "grbgpu run $alg $*: wrote to stderr: $(cat "$out/err")"
    echo "ok: run $alg $* -> $(grep '^result' "$out/run")"
}
run bfs --gen grid:20
grep -q '^result    reached 400 vertices, depth 38$' "$out/run" || fail "bfs on grid:20: wrong result"
# --stats: the transfer counters of the first and the last run, and per BFS level; without a GPU
# nothing moves
run bfs --gen grid:20 --stats
for key in transfers 'last run' 'per iter'; do
    grep -q "^$key *h2d [0-9.]* copies [0-9.]* bytes, d2h [0-9.]* copies [0-9.]* bytes$" "$out/run" ||
        fail "bfs --stats: no '$key' line"
done
if ! grep -q '^backends  cpu cuda$' "$out/info"; then
    grep -q '^transfers h2d 0.0 copies 0 bytes, d2h 0.0 copies 0 bytes$' "$out/run" ||
        fail "bfs --stats without a GPU: transfers counted"
fi
# GRAPHBLAS_GPU_PROFILE=1: at exit, the table of dispatched calls per function and backend on
# stderr (header, then rows sorted by time); without it (every run above) stderr stays empty
GRAPHBLAS_GPU_PROFILE=1 "$grbgpu" run bfs --gen grid:20 --backend cpu >"$out/run" 2>"$out/err" ||
    fail "profiled bfs exited $?: $(cat "$out/err")"
grep -q '^\[GraphBLAS_gpu\] profile: function  *ran  *calls  *total ms  *mean us  *share$' "$out/err" ||
    fail "profile: no header: $(cat "$out/err")"
grep -q '^\[GraphBLAS_gpu\] profile: GrB_vxm  *cpu  *[1-9][0-9]*  *[0-9.]*  *[0-9.]*  *[0-9.]*%$' "$out/err" ||
    fail "profile: no GrB_vxm row on cpu: $(cat "$out/err")"
echo "ok: GRAPHBLAS_GPU_PROFILE=1 prints the call table"
for alg in bfs sssp bc pr tc cc; do
    run "$alg" --gen rmat:8
done
run cc --gen urand:200:150 --backend cpu
grep -q '^run       cc (FastSV), backend cpu$' "$out/run" || fail "cc on the CPU: not FastSV"
run cc --gen grid:20 --cc propagate --backend cpu
grep -q '^run       cc (label propagation), backend cpu$' "$out/run" || fail "cc --cc propagate: no run line"
run cc --gen rmat:8 --cc fastsv
grep -q '^run       cc (FastSV), backend auto$' "$out/run" || fail "cc --cc fastsv: no run line"
# without --cc the variant follows where the run goes: propagation on a GPU, FastSV on the CPU
run cc --gen rmat:8
if grep -q '^backends  cpu cuda$' "$out/info"; then
    grep -q '^run       cc (label propagation), backend auto$' "$out/run" || fail "cc on a GPU: not propagation"
else
    grep -q '^run       cc (FastSV), backend auto$' "$out/run" || fail "cc without a GPU: not FastSV"
fi
if [ -n "$data" ] && [ -r "$data/karate.mtx" ]; then
    for alg in bfs sssp bc pr tc cc; do
        run "$alg" --graph "$data/karate.mtx"
    done
    grep -q '^result    1 connected components$' "$out/run" || fail "karate: wrong component count"
    "$grbgpu" run tc --graph "$data/karate.mtx" >"$out/run" 2>&1
    grep -q '^result    45 triangles$' "$out/run" || fail "karate: wrong triangle count"
fi

# fails ARGS -- PATTERN: grbgpu ARGS exits 2 with PATTERN on stderr and nothing on stdout
fails() {
    args=$1
    pattern=$2
    # shellcheck disable=SC2086
    "$grbgpu" $args >"$out/stdout" 2>"$out/stderr"
    status=$?
    [ "$status" -eq 2 ] || fail "grbgpu $args exited $status, expected 2"
    [ -s "$out/stdout" ] && fail "grbgpu $args wrote to stdout"
    grep -q -- "$pattern" "$out/stderr" || fail "grbgpu $args: stderr lacks '$pattern': $(cat "$out/stderr")"
    echo "ok: grbgpu $args -> $(head -n 1 "$out/stderr")"
}
fails "run" "which algorithm"
fails "run bfs2" "unknown or repeated algorithm 'bfs2'"
fails "run bfs --frobnicate" "unknown option '--frobnicate'"
fails "run bfs --gen" "option '--gen' needs a value"
fails "run bfs --repeat 0" "--repeat '0'"
fails "run bfs --backend gpu" "--backend 'gpu'"
fails "run cc --cc fast" "--cc 'fast'"
fails "run bfs --graph $out/missing.mtx" "missing.mtx"
fails "run bfs --gen rmat:x" "rmat:x"
fails "run bfs --gen grid:0" "grid:0"
fails "run bfs --gen grid:3 --source 9" "--source 9: the graph has 9 vertices"
printf '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 oops\n' >"$out/bad.mtx"
fails "run bfs --graph $out/bad.mtx" "bad.mtx:3"
if ! grep -q '^backends  cpu cuda$' "$out/info"; then
    fails "run bfs --gen grid:3 --backend cuda" "no CUDA device"
fi
fails "run bfs,bfs" "repeated algorithm 'bfs'"
fails "run bfs --emit $out/no/such/dir/f" "--emit $out/no/such/dir/f"
fails "compare bfs --emit $out/x" "unknown option '--emit'"
fails "compare bfs --gen rmat:6 --ss $out/none" "no SuiteSparse build of grbgpu at $out/none"
fails "compare --files $out/a" "compare --files needs two result files"
fails "stats --type float" "--type 'float'"
fails "stats --gen rmat:6 --weights some" "--weights 'some'"
fails "stats --graph $out/bad.mtx --weights int" "--weights applies to --gen only"
fails "stats --frobnicate" "unknown option '--frobnicate'"
fails "stats --gen grid:0" "grid:0"

# stats: the 20 x 20 grid, pattern (iso: no value bytes): CSR32 = 4 (400 + 1) + 4 * 1520 bytes
"$grbgpu" stats --gen grid:20 >"$out/stats" 2>"$out/err" || fail "stats exited $?: $(cat "$out/err")"
cat "$out/stats"
grep -q '^grid:20: 400 x 400, 1520 entries, 0-byte values (iso), d = ' "$out/stats" || fail "stats: header"
grep -q '^  bytes/entry: HiSparse [0-9.]* | CSR32 5\.06 | CSR64 10\.11 | COO32 8\.00 ' "$out/stats" ||
    fail "stats: wrong CSR/COO sizes"
grep -q '^    level  1 leaf ' "$out/stats" || fail "stats: no per-level node lines"
"$grbgpu" stats --gen rmat:8 --weights real --type fp32 >"$out/stats" 2>&1 || fail "stats fp32 exited $?"
grep -q '^rmat:8: 256 x 256, [0-9]* entries, 4-byte values, d = ' "$out/stats" || fail "stats fp32: header"
if [ -n "$data" ] && [ -r "$data/karate.mtx" ]; then
    "$grbgpu" stats --graph "$data/karate.mtx" >"$out/stats" 2>&1 || fail "stats karate exited $?"
    grep -q 'karate.mtx: 34 x 34, 156 entries' "$out/stats" || fail "stats karate: header"
fi

# run --emit and compare --files: the same results agree; a changed value or a torn file does not
"$grbgpu" run bfs,pr --gen rmat:8 --emit "$out/a" >/dev/null 2>"$out/err" || fail "run --emit: $(cat "$out/err")"
[ "$(grep -c '^record ' "$out/a")" -eq 2 ] || fail "run --emit: expected 2 records"
[ "$(grep -c '^end$' "$out/a")" -eq 2 ] || fail "run --emit: expected 2 complete records"
"$grbgpu" compare --files "$out/a" "$out/a" >"$out/cmp" 2>&1 || fail "compare --files same exited $?: $(cat "$out/cmp")"
[ "$(grep -c '^agree     yes' "$out/cmp")" -eq 2 ] || fail "compare --files same: not 2 agreements"
awk '/^record pr/ {pr = 1} pr && /^values/ {v = 1; print; next} v && !done {$2 = $2 * 1.01; done = 1} {print}' \
    "$out/a" >"$out/b"
"$grbgpu" compare --files "$out/a" "$out/b" >"$out/cmp" 2>&1
status=$?
[ "$status" -eq 1 ] || fail "compare --files changed value exited $status, expected 1"
grep -q '^agree     no: vertex ' "$out/cmp" || fail "compare --files changed value: no disagreement"
# NaN in both results is the same value (grid BC overflows to inf / inf in both libraries); NaN in
# one only is not
awk '/^record pr/ {pr = 1} pr && /^values/ {v = 1; print; next} v && !done {$2 = "nan"; done = 1} {print}' \
    "$out/a" >"$out/n"
"$grbgpu" compare --files "$out/n" "$out/n" >"$out/cmp" 2>&1 || fail "compare --files NaN exited $?: $(cat "$out/cmp")"
[ "$(grep -c '^agree     yes' "$out/cmp")" -eq 2 ] || fail "compare --files NaN in both: not 2 agreements"
"$grbgpu" compare --files "$out/a" "$out/n" >"$out/cmp" 2>&1
status=$?
[ "$status" -eq 1 ] || fail "compare --files NaN in one exited $status, expected 1"
head -n 5 "$out/a" >"$out/c"
fails "compare --files $out/a $out/c" "$out/c is not a complete result file"
echo "ok: run --emit and compare --files"

if [ -n "$grbgpu_ss" ]; then
    "$grbgpu" compare bfs,sssp,bc,pr,tc,cc --gen rmat:9 --check >"$out/cmp" 2>"$out/err" ||
        fail "compare exited $?: $(cat "$out/err") $(cat "$out/cmp")"
    cat "$out/cmp"
    [ "$(grep -c '^agree     yes' "$out/cmp")" -eq 6 ] || fail "compare: not all 6 algorithms agree"
    [ -s "$out/err" ] && fail "compare wrote to stderr: $(cat "$out/err")"
    if [ -n "$data" ] && [ -r "$data/karate.mtx" ]; then
        "$grbgpu" compare cc,tc,bc --graph "$data/karate.mtx" --ss "$grbgpu_ss" >"$out/cmp" 2>&1 ||
            fail "compare karate exited $?: $(cat "$out/cmp")"
        [ "$(grep -c '^agree     yes' "$out/cmp")" -eq 3 ] || fail "compare karate: not all agree"
    fi
    # --cc applies to this build only: SuiteSparse runs FastSV, and the partitions agree
    "$grbgpu" compare cc --gen grid:20 --cc propagate --backend cpu >"$out/cmp" 2>&1 ||
        fail "compare cc --cc propagate exited $?: $(cat "$out/cmp")"
    grep -q '^agree     yes' "$out/cmp" || fail "compare cc --cc propagate: no agreement"
    "$grbgpu_ss" info >/dev/null 2>&1 && fail "grbgpu-ss info should not exist"
    "$grbgpu_ss" run bfs --gen rmat:6 --check >"$out/run" 2>&1 || fail "grbgpu-ss run: $(cat "$out/run")"
    grep -q '^run       bfs, source [0-9]*, SuiteSparse:GraphBLAS$' "$out/run" || fail "grbgpu-ss run: no run line"
    "$grbgpu_ss" run cc --gen rmat:6 --check >"$out/run" 2>&1 || fail "grbgpu-ss run cc: $(cat "$out/run")"
    grep -q '^run       cc (FastSV), SuiteSparse:GraphBLAS$' "$out/run" || fail "grbgpu-ss run cc: not FastSV"
    "$grbgpu_ss" run cc --gen rmat:6 --cc propagate --check >"$out/run" 2>&1 ||
        fail "grbgpu-ss run cc --cc propagate: $(cat "$out/run")"
    grep -q '^run       cc (label propagation), SuiteSparse:GraphBLAS$' "$out/run" ||
        fail "grbgpu-ss run cc --cc propagate: no run line"
    if [ -e "$build_lib/libgraphblas.so.7" ]; then
        LD_LIBRARY_PATH=$build_lib "$grbgpu_ss" run bfs --gen rmat:6 >"$out/stdout" 2>"$out/stderr"
        status=$?
        [ "$status" -eq 2 ] || fail "grbgpu-ss on our alias library exited $status, expected 2"
        grep -q "drop-in alias, not SuiteSparse" "$out/stderr" || fail "grbgpu-ss on our alias: no message"
    fi
    echo "ok: compare against $grbgpu_ss"
fi
echo "PASS"
