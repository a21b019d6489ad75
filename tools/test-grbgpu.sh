#!/bin/sh
# test-grbgpu.sh GRBGPU: checks the grbgpu command line: `info` names the library, the API version
# and the backends; --help and no arguments print the usage; an unknown command prints the usage on
# stderr and exits 2.
set -u
grbgpu=$1
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
done

"$grbgpu" frobnicate >"$out/stdout" 2>"$out/stderr"
status=$?
[ "$status" -eq 2 ] || fail "unknown command exited $status, expected 2"
[ -s "$out/stdout" ] && fail "unknown command wrote to stdout"
grep -q '^usage: grbgpu' "$out/stderr" || fail "unknown command: no usage on stderr"
echo "PASS"
