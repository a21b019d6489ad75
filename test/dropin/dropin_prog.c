/* dropin_prog.c: a GraphBLAS client built exactly as a Debian user builds one: against SuiteSparse
 * 7.4's /usr/include/GraphBLAS.h and -lgraphblas (so it imports libgraphblas.so.7, and that header
 * routes GrB_Type_new and the three GrB_*Op_new to the GxB_*_new names). It uses only spec methods
 * and GxB_init (with memory functions of its own), and prints their results and GrB_Info codes in
 * a canonical form; dropin.sh runs it on SuiteSparse and on our alias library and compares. Lines
 * starting with '#' identify the library that ran (its file, GrB_getVersion) and are left out of
 * the comparison. */
#include <GraphBLAS.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t count;
    double sum;
} pair_t;

static void pair_add(void *z, const void *x, const void *y)
{
    const pair_t *a = x, *b = y;
    pair_t r = {a->count + b->count, a->sum + b->sum};
    *(pair_t *)z = r;
}

static void negate(void *z, const void *x)
{
    *(int64_t *)z = -*(const int64_t *)x;
}

static void on_diagonal(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    (void)x;
    (void)y;
    *(bool *)z = i == j;
}

/* Prints "# library: <file>" for the mapped libgraphblas, so the caller can tell which one ran. */
static void print_library(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    while (maps != NULL && fgets(line, sizeof line, maps) != NULL) {
        char *path = strchr(line, '/');
        if (path != NULL && strstr(path, "/libgraphblas.so") != NULL) {
            printf("# library: %s", path);
            break;
        }
    }
    if (maps != NULL) fclose(maps);
}

#define SHOW(call) printf("%-60s -> %d\n", #call, (int)(call))

/* Memory functions for GxB_init: the library must allocate through them. */
static long allocations;

static void *user_malloc(size_t n)
{
    allocations++;
    return malloc(n);
}

static void *user_calloc(size_t n, size_t size)
{
    allocations++;
    return calloc(n, size);
}

static void *user_realloc(void *p, size_t n)
{
    return realloc(p, n);
}

static void user_free(void *p)
{
    free(p);
}

static void print_int64_matrix(const char *label, GrB_Matrix A)
{
    GrB_Index n = 0;
    SHOW(GrB_Matrix_nvals(&n, A));
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index)), *J = malloc((n + 1) * sizeof(GrB_Index));
    int64_t *X = malloc((n + 1) * sizeof(int64_t));
    GrB_Index got = n;
    SHOW(GrB_Matrix_extractTuples_INT64(I, J, X, &got, A));
    printf("%s: %" PRIu64 " entries:", label, got);
    for (GrB_Index k = 0; k < got; k++) printf(" (%" PRIu64 ",%" PRIu64 ")=%" PRId64, I[k], J[k], X[k]);
    printf("\n");
    free(I);
    free(J);
    free(X);
}

int main(void)
{
    print_library();
    unsigned version = 0, subversion = 0;
    SHOW(GxB_init(GrB_NONBLOCKING, user_malloc, user_calloc, user_realloc, user_free));
    SHOW(GrB_getVersion(&version, &subversion));
    printf("# GrB_getVersion: %u.%u\n", version, subversion);
    SHOW(GrB_init(GrB_NONBLOCKING));

    /* User-defined type and operators: the GxB_*_new entry points of the 7.4 ABI. */
    GrB_Type Pair = NULL;
    GrB_BinaryOp pair_plus = NULL;
    GrB_UnaryOp neg = NULL;
    GrB_IndexUnaryOp diag = NULL;
    SHOW(GrB_Type_new(&Pair, sizeof(pair_t)));
    SHOW(GrB_BinaryOp_new(&pair_plus, pair_add, Pair, Pair, Pair));
    SHOW(GrB_UnaryOp_new(&neg, negate, GrB_INT64, GrB_INT64));
    SHOW(GrB_IndexUnaryOp_new(&diag, on_diagonal, GrB_BOOL, GrB_INT64, GrB_INT64));

    /* An INT64 matrix built with duplicates summed, then edited element by element. */
    GrB_Matrix A = NULL, B = NULL;
    GrB_Index I[] = {3, 0, 1, 3, 0, 4, 0};
    GrB_Index J[] = {2, 1, 3, 2, 0, 3, 1};
    int64_t X[] = {10, 20, 30, 40, 50, 60, 70};
    SHOW(GrB_Matrix_new(&A, GrB_INT64, 5, 4));
    SHOW(GrB_Matrix_build_INT64(A, I, J, X, 7, GrB_PLUS_INT64));
    print_int64_matrix("A built", A);
    SHOW(GrB_Matrix_setElement_INT64(A, -7, 2, 2));
    SHOW(GrB_Matrix_setElement_INT64(A, 99, 0, 0));
    SHOW(GrB_Matrix_removeElement(A, 1, 3));
    SHOW(GrB_Matrix_setElement_INT64(A, 1, 5, 0));
    SHOW(GrB_Matrix_setElement_INT64(A, 1, 0, 4));
    int64_t v = 0;
    SHOW(GrB_Matrix_extractElement_INT64(&v, A, 3, 2));
    printf("A(3,2) = %" PRId64 "\n", v);
    SHOW(GrB_Matrix_extractElement_INT64(&v, A, 1, 3));
    SHOW(GrB_Matrix_extractElement_INT64(&v, A, 9, 0));
    double d = 0;
    SHOW(GrB_Matrix_extractElement_FP64(&d, A, 2, 2));
    printf("A(2,2) as double = %g\n", d);
    print_int64_matrix("A edited", A);

    GrB_Index nrows = 0, ncols = 0;
    SHOW(GrB_Matrix_dup(&B, A));
    SHOW(GrB_Matrix_resize(B, 3, 3));
    SHOW(GrB_Matrix_nrows(&nrows, B));
    SHOW(GrB_Matrix_ncols(&ncols, B));
    printf("B is %" PRIu64 " x %" PRIu64 "\n", nrows, ncols);
    print_int64_matrix("B resized", B);
    SHOW(GrB_Matrix_clear(B));
    print_int64_matrix("B cleared", B);

    /* A user-typed matrix whose duplicates combine through the user operator. */
    GrB_Matrix P = NULL;
    pair_t pv[] = {{1, 0.5}, {2, 1.25}, {4, 2.0}};
    GrB_Index pi[] = {1, 1, 0}, pj[] = {1, 1, 2};
    pair_t got = {0, 0};
    SHOW(GrB_Matrix_new(&P, Pair, 2, 3));
    SHOW(GrB_Matrix_build_UDT(P, pi, pj, pv, 3, pair_plus));
    SHOW(GrB_Matrix_extractElement_UDT(&got, P, 1, 1));
    printf("P(1,1) = {%d, %g}\n", got.count, got.sum);
    SHOW(GrB_Matrix_extractElement_UDT(&got, P, 0, 2));
    printf("P(0,2) = {%d, %g}\n", got.count, got.sum);
    GrB_Index pn = 0;
    SHOW(GrB_Matrix_nvals(&pn, P));
    printf("P has %" PRIu64 " entries\n", pn);

    /* An FP64 vector. */
    GrB_Vector w = NULL;
    GrB_Index wi[] = {5, 1, 3};
    double wx[] = {0.5, -1.5, 8.0};
    SHOW(GrB_Vector_new(&w, GrB_FP64, 6));
    SHOW(GrB_Vector_build_FP64(w, wi, wx, 3, GrB_MAX_FP64));
    SHOW(GrB_Vector_setElement_FP64(w, 2.5, 0));
    SHOW(GrB_Vector_setElement_FP64(w, 1.0, 6));
    SHOW(GrB_Vector_extractElement_FP64(&d, w, 4));
    GrB_Index wn = 0, wsize = 0;
    SHOW(GrB_Vector_size(&wsize, w));
    SHOW(GrB_Vector_nvals(&wn, w));
    GrB_Index ti[8];
    double tx[8];
    GrB_Index tn = 2;
    SHOW(GrB_Vector_extractTuples_FP64(ti, tx, &tn, w));
    tn = 8;
    SHOW(GrB_Vector_extractTuples_FP64(ti, tx, &tn, w));
    printf("w (size %" PRIu64 ", %" PRIu64 " entries):", wsize, wn);
    for (GrB_Index k = 0; k < tn; k++) printf(" (%" PRIu64 ")=%g", ti[k], tx[k]);
    printf("\n");

    /* Argument errors. */
    SHOW(GrB_Matrix_nvals(NULL, A));
    SHOW(GrB_Matrix_new(NULL, GrB_INT64, 2, 2));
    GrB_Vector untyped = NULL;
    SHOW(GrB_Vector_new(&untyped, NULL, 2));
    SHOW(GrB_Matrix_build_INT64(A, I, J, X, 7, GrB_PLUS_INT64));

    /* Freeing: handles become NULL; freeing NULL handles and built-ins is harmless. */
    SHOW(GrB_Matrix_free(&A));
    SHOW(GrB_Matrix_free(&B));
    SHOW(GrB_Matrix_free(&P));
    SHOW(GrB_Vector_free(&w));
    SHOW(GrB_BinaryOp_free(&pair_plus));
    SHOW(GrB_UnaryOp_free(&neg));
    SHOW(GrB_IndexUnaryOp_free(&diag));
    SHOW(GrB_Type_free(&Pair));
    printf("handles after free: %d\n", A == NULL && B == NULL && P == NULL && w == NULL &&
                                           pair_plus == NULL && neg == NULL && diag == NULL &&
                                           Pair == NULL);
    SHOW(GrB_Matrix_free(&A));
    GrB_BinaryOp plus = GrB_PLUS_INT64;
    SHOW(GrB_BinaryOp_free(&plus));
    printf("built-in after free: %d\n", plus == GrB_PLUS_INT64);
    SHOW(GrB_finalize());
    printf("GxB_init's memory functions used: %d\n", allocations > 0);
    return 0;
}
