#!/bin/sh
# test-grbgpu.sh GRBGPU [DATA_DIR]: checks the grbgpu command line: `info` names the library, the API
# version and the backends; --help and no arguments print the usage; an unknown command prints the
# usage on stderr and exits 2; `run` passes its own --check for every algorithm on generated graphs
# and on DATA_DIR/karate.mtx when present; bad options, files and specs exit 2 with a message.
set -u
grbgpu=$1
data=${2:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
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
for alg in bfs sssp bc pr tc cc; do
    run "$alg" --gen rmat:8
done
run cc --gen urand:200:150 --backend cpu
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
fails "run bfs2" "unknown algorithm 'bfs2'"
fails "run bfs --frobnicate" "unknown option '--frobnicate'"
fails "run bfs --gen" "option '--gen' needs a value"
fails "run bfs --repeat 0" "--repeat '0'"
fails "run bfs --backend gpu" "--backend 'gpu'"
fails "run bfs --graph $out/missing.mtx" "missing.mtx"
fails "run bfs --gen rmat:x" "rmat:x"
fails "run bfs --gen grid:0" "grid:0"
fails "run bfs --gen grid:3 --source 9" "--source 9: the graph has 9 vertices"
printf '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 oops\n' >"$out/bad.mtx"
fails "run bfs --graph $out/bad.mtx" "bad.mtx:3"
if ! grep -q '^backends  cpu cuda$' "$out/info"; then
    fails "run bfs --gen grid:3 --backend cuda" "no CUDA device"
fi
echo "PASS"
