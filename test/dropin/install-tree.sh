#!/bin/sh
# install-tree.sh: stages `meson install` of $BUILD into a temporary DESTDIR and checks the tree:
# libraries with their SONAMEs and links, headers, grbgpu, the pkg-config and CMake files. Then it
# builds $CLIENT/client.c against the staged tree and runs it:
#   - with pkg-config's flags;
#   - with $CLIENT/Makefile, which links only -lgraphblas, against the SuiteSparse-named alias;
#   - with CMake ($CLIENT/CMakeLists.txt: find_package(GraphBLAS) through a finder taking LAGraph's
#     steps, and find_package(GraphBLAS_gpu)), three ways: CMAKE_PREFIX_PATH, then a re-configure
#     of that build directory (GraphBLAS_DIR now cached), then GraphBLAS_DIR on the command line.
# Exit 77 (skip) with the reason when cmake is not installed, after the other checks passed.
# The environment (test/dropin/meson.build) gives the install directories PREFIX LIBDIR
# INCLUDEDIR BINDIR, the libraries' VERSION and SOVERSION, the alias's ALIAS_VERSION (empty when
# suitesparse_alias is off), the C compiler CC and the build's b_sanitize option SANITIZE. The
# clients are compiled plainly, so against an AddressSanitizer library they run with CC's ASan
# runtime preloaded (it must come first); without that runtime the test reports SKIP (exit 77).
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
for f in "$inc/GraphBLAS_gpu.h" "$inc/graphblas_gpu/GraphBLAS.h" "$inc/graphblas_gpu/GraphBLAS_gpu.h" \
    "$bin/grbgpu" \
    "$lib/pkgconfig/graphblas_gpu.pc" "$lib/cmake/GraphBLAS_gpu/GraphBLAS_gpuConfig.cmake" \
    "$lib/cmake/GraphBLAS_gpu/GraphBLAS_gpuConfigVersion.cmake" \
    "$lib/cmake/GraphBLAS_gpu/GraphBLASConfig.cmake" \
    "$lib/cmake/GraphBLAS_gpu/GraphBLASConfigVersion.cmake"; do
    [ -f "$f" ] || fail "$f missing"
done
echo "installed tree: ok"

expect="GraphBLAS API 2.1" # what client.c prints on GraphBLAS_gpu (SuiteSparse 7.4 says 2.0)
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

command -v pkg-config >/dev/null || fail "pkg-config is not installed (tools/install-deps.sh)"
flags=$(PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage" \
    pkg-config --cflags --libs graphblas_gpu) || fail "pkg-config graphblas_gpu failed"
echo "pkg-config: $flags"
# shellcheck disable=SC2086 # $flags is a list of compiler flags
"$CC" -std=c11 -o "$tmp/client" "$CLIENT/client.c" $flags || fail "pkg-config client did not compile"
[ "$(run_client "$tmp/client")" = "$expect" ] || fail "pkg-config client did not run on GraphBLAS_gpu"
echo "pkg-config client: ok"
# The header in C++ (std::complex, as SuiteSparse's header gives C++ clients), when a C++ compiler
# is there: CI installs none.
if command -v c++ >/dev/null; then
    printf '%s\n' '#include <GraphBLAS.h>' 'int main() {' \
        '    std::complex<double> z(3, 4);' '    unsigned v, s;' \
        '    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS || GrB_getVersion(&v, &s) != GrB_SUCCESS) return 1;' \
        '    printf("%g %u.%u %" PRIu64 "\n", std::abs(z), v, s, (uint64_t)INT_MAX);' '    return 0;' '}' \
        >"$tmp/client.cpp"
    # shellcheck disable=SC2086 # $flags is a list of compiler flags
    c++ -o "$tmp/client_cxx" "$tmp/client.cpp" $flags || fail "the header does not compile as C++"
    [ "$(run_client "$tmp/client_cxx")" = "5 2.1 2147483647" ] || fail "the C++ client did not run on GraphBLAS_gpu"
    echo "C++ client: ok"
fi

if [ -n "$ALIAS_VERSION" ]; then
    command -v make >/dev/null || fail "make is not installed (tools/install-deps.sh)"
    alias_dir=$lib/graphblas_gpu
    mkdir "$tmp/make"
    make -s -C "$tmp/make" -f "$CLIENT/Makefile" VPATH="$CLIENT" CC="$CC" \
        GRAPHBLAS_INCLUDE="$inc/graphblas_gpu" GRAPHBLAS_LIBDIR="$alias_dir" ||
        fail "Makefile client did not build"
    readelf -d "$tmp/make/client" | grep -q 'NEEDED.*\[libgraphblas\.so\.7\]' ||
        fail "Makefile client does not import libgraphblas.so.7"
    [ "$(LD_LIBRARY_PATH="$alias_dir" run_client "$tmp/make/client")" = "$expect" ] ||
        fail "Makefile client did not run on the alias library"
    echo "Makefile client (-lgraphblas, the alias): ok"
else
    echo "suitesparse_alias is off: the Makefile client (-lgraphblas) is not checked"
fi

if ! command -v cmake >/dev/null; then
    echo "SKIP: cmake is not installed (tools/install-deps.sh): the CMake packages are not checked"
    exit 77
fi
# configure_and_run DIR LABEL BRANCH [CMAKE ARGS]: configures (or re-configures) DIR, checks the
# finder branch the GraphBLAS package was found by, builds, and runs both clients.
configure_and_run() {
    dir=$1 label=$2 branch=$3
    shift 3
    log=$tmp/cmake-$label.log
    if ! cmake "$@" >"$log" 2>&1 || ! cmake --build "$dir" >>"$log" 2>&1; then
        cat "$log"
        fail "CMake client ($label) failed"
    fi
    grep -q "finder branch: $branch" "$log" || { cat "$log"; fail "CMake ($label): not found by finder branch $branch"; }
    for exe in client_graphblas client_graphblas_gpu; do
        [ "$(run_client "$dir/$exe")" = "$expect" ] || fail "$exe ($label) did not run on GraphBLAS_gpu"
    done
    echo "CMake clients, $label: ok ($(grep -o 'GraphBLAS [0-9.]*:' "$log"), finder branch $branch)"
}
pkgdir=$lib/cmake/GraphBLAS_gpu
configure_and_run "$tmp/cmake1" CMAKE_PREFIX_PATH 2 -S "$CLIENT" -B "$tmp/cmake1" -DCMAKE_PREFIX_PATH="$stage$PREFIX"
configure_and_run "$tmp/cmake1" re-configure 1 "$tmp/cmake1"
configure_and_run "$tmp/cmake2" GraphBLAS_DIR 1 -S "$CLIENT" -B "$tmp/cmake2" -DGraphBLAS_DIR="$pkgdir" \
    -DGraphBLAS_gpu_DIR="$pkgdir"
