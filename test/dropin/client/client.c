/* client.c: a GraphBLAS client written as code for SuiteSparse:GraphBLAS 7.4 is (LAGraph's style):
 * it includes only <GraphBLAS.h> and relies on the standard headers that header brings in
 * (PRIu64, INFINITY, INT_MAX, memcpy, strlen, printf), and it names the GxB options vanilla
 * clients still compile (GxB_get/GxB_set, GxB_FORMAT, GxB_BY_ROW, GxB_BURBLE). The unit test
 * header_client builds it against the source tree; test/dropin/install-tree.sh builds it against
 * the installed tree through pkg-config, CMake and a Makefile, and runs it. It prints one line,
 * "GraphBLAS API <version>.<subversion>", only when every check passed. */
#include <GraphBLAS.h>

int main(void)
{
    unsigned version = 0, subversion = 0;
    GrB_Matrix A = NULL;
    GrB_Index nvals = 99;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    if (GrB_getVersion(&version, &subversion) != GrB_SUCCESS) return 1;
    if (GrB_Matrix_new(&A, GrB_FP64, 3, 3) != GrB_SUCCESS) return 1;
    if (GrB_Matrix_nvals(&nvals, A) != GrB_SUCCESS || nvals != 0) return 1;

    /* GxB options as LAGraph uses them; our matrices are held by row. */
    GxB_Format_Value format = GxB_NO_FORMAT;
    bool burble = true;
    if (GxB_set(A, GxB_FORMAT, GxB_BY_ROW) != GrB_SUCCESS) return 1;
    if (GxB_get(A, GxB_FORMAT, &format) != GrB_SUCCESS || format != GxB_BY_ROW) return 1;
    if (GxB_set(GxB_BURBLE, false) != GrB_SUCCESS) return 1;
    if (GxB_get(GxB_BURBLE, &burble) != GrB_SUCCESS || burble) return 1;
    GrB_Matrix_free(&A);

    /* Names from <inttypes.h>, <math.h>, <limits.h> and <string.h>. */
    char text[64];
    uint64_t big = UINT64_C(1) << 40;
    snprintf(text, sizeof text, "%" PRIu64, big);
    if (strlen(text) != 13) return 1;
    double d = INFINITY;
    if (!isinf(d) || INT_MAX < 32767) return 1;
    memcpy(&d, &big, sizeof d < sizeof big ? sizeof d : sizeof big);

    GrB_finalize();
    printf("GraphBLAS API %u.%u\n", version, subversion);
    return 0;
}
