/* client.c: a minimal GraphBLAS client that test/dropin/install-tree.sh compiles against the
 * installed tree, through pkg-config and through CMake. It includes <GraphBLAS.h> as client code
 * written for any GraphBLAS library does, and prints the API version it runs on. */
#include <GraphBLAS.h>

#include <stdio.h>

int main(void)
{
    unsigned version = 0, subversion = 0;
    GrB_Matrix A = NULL;
    GrB_Index nvals = 99;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return 1;
    if (GrB_getVersion(&version, &subversion) != GrB_SUCCESS) return 1;
    if (GrB_Matrix_new(&A, GrB_FP64, 3, 3) != GrB_SUCCESS) return 1;
    if (GrB_Matrix_nvals(&nvals, A) != GrB_SUCCESS || nvals != 0) return 1;
    GrB_Matrix_free(&A);
    GrB_finalize();
    printf("GraphBLAS API %u.%u\n", version, subversion);
    return 0;
}
