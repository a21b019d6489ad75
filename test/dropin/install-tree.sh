#!/bin/sh
# install-tree.sh: stages `meson install` of $BUILD into a temporary DESTDIR and checks the tree:
# libraries with their SONAMEs and links, headers, grbgpu, the pkg-config and CMake files. Then it
# compiles $CLIENT/client.c against the staged tree with pkg-config and (when cmake is installed)
# with both CMake packages, and runs it. The environment (test/dropin/meson.build) gives the
# install directories PREFIX LIBDIR INCLUDEDIR BINDIR, the libraries' VERSION and SOVERSION, the
# alias's ALIAS_VERSION (empty when suitesparse_alias is off), the C compiler CC and the build's
# b_sanitize option SANITIZE. The clients are compiled plainly, so against an AddressSanitizer
# library they run with CC's ASan runtime preloaded (it must come first); without that runtime
# the test reports SKIP (exit 77).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
under_prefix() { case $1 in /*) echo "$1" ;; *) echo "$PREFIX/$1" ;; esac; }
stage=$tmp/stage
lib=$stage$(under_prefix "$LIBDIR")
inc=$stage$(under_prefix "$INCLUDEDIR")
bin=$stage$(under_prefix "$BINDIR")

# The Meson that configured BUILD (another version on the PATH would refuse its install data):
# build.ninja names it in the rule that regenerates the build.
meson=$(sed -n 's/^ command = \(.*\) --internal regenerate .*/\1/p' "$BUILD/build.ninja" | head -n 1)
# shellcheck disable=SC2086 # $meson may be "python3 /path/to/meson.py"
${meson:-meson} install -C "$BUILD" --no-rebuild --quiet --destdir "$stage" || fail "meson install failed"

soname() { readelf -d "$1" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p'; }
check_lib() { # DIR NAME VERSION SONAME
    [ -f "$1/$2.so.$3" ] || fail "$1/$2.so.$3 missing"
    [ "$(soname "$1/$2.so.$3")" = "$4" ] || fail "$2.so.$3 has SONAME $(soname "$1/$2.so.$3"), not $4"
    [ "$(readlink "$1/$4")" = "$2.so.$3" ] || fail "$1/$4 does not link to $2.so.$3"
    [ "$(readlink "$1/$2.so")" = "$4" ] || fail "$1/$2.so does not link to $4"
}
check_lib "$lib" libgraphblas_gpu "$VERSION" "libgraphblas_gpu.so.$SOVERSION"
if [ -n "$ALIAS_VERSION" ]; then
    check_lib "$lib/graphblas_gpu" libgraphblas "$ALIAS_VERSION" "libgraphblas.so.${ALIAS_VERSION%%.*}"
    [ -e "$lib/libgraphblas.so.7" ] && fail "the alias must not be installed in the libdir itself"
fi
for f in "$inc/GraphBLAS_gpu.h" "$inc/graphblas_gpu/GraphBLAS.h" "$bin/grbgpu" \
    "$lib/pkgconfig/graphblas_gpu.pc" "$lib/cmake/GraphBLAS_gpu/GraphBLAS_gpuConfig.cmake" \
    "$lib/cmake/GraphBLAS_gpu/GraphBLAS_gpuConfigVersion.cmake" \
    "$lib/cmake/GraphBLAS_gpu/GraphBLASConfig.cmake" \
    "$lib/cmake/GraphBLAS_gpu/GraphBLASConfigVersion.cmake"; do
    [ -f "$f" ] || fail "$f missing"
done
echo "installed tree: ok"

export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
preload=
case ${SANITIZE:-none} in
*address*)
    preload=$("$CC" -print-file-name=libasan.so)
    if [ ! -f "$preload" ]; then
        echo "SKIP: the library uses AddressSanitizer, and $CC has no libasan.so to preload for" \
            "the plainly compiled clients"
        exit 77
    fi
    echo "AddressSanitizer library: plain clients run with LD_PRELOAD=$preload"
    ;;
esac
run_client() { LD_PRELOAD="$preload${LD_PRELOAD:+ $LD_PRELOAD}" "$1"; }
if command -v pkg-config >/dev/null; then
    flags=$(PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage" \
        pkg-config --cflags --libs graphblas_gpu) || fail "pkg-config graphblas_gpu failed"
    echo "pkg-config: $flags"
    # shellcheck disable=SC2086 # $flags is a list of compiler flags
    "$CC" -std=c11 -o "$tmp/client" "$CLIENT/client.c" $flags || fail "pkg-config client did not compile"
    [ "$(run_client "$tmp/client")" = "GraphBLAS API 2.1" ] || fail "pkg-config client did not run on GraphBLAS_gpu"
    echo "pkg-config client: ok"
else
    echo "pkg-config not installed: the pkg-config file is not checked"
fi

if ! command -v cmake >/dev/null; then
    echo "cmake not installed: CMake packages not checked"
    exit 0
fi
if ! cmake -S "$CLIENT" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$stage$PREFIX" >"$tmp/cmake.log" 2>&1 ||
    ! cmake --build "$tmp/cmake" >>"$tmp/cmake.log" 2>&1; then
    cat "$tmp/cmake.log"
    fail "CMake client failed"
fi
grep 'GraphBLAS [0-9.]*:' "$tmp/cmake.log"
for exe in client_graphblas client_graphblas_gpu; do
    [ "$(run_client "$tmp/cmake/$exe")" = "GraphBLAS API 2.1" ] || fail "$exe did not run on GraphBLAS_gpu"
done
echo "CMake clients (GraphBLAS and GraphBLAS_gpu packages): ok"
