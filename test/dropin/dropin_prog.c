/* dropin_prog.c: a GraphBLAS client built exactly as a Debian user builds one: against SuiteSparse
 * 7.4's /usr/include/GraphBLAS.h and -lgraphblas (so it imports libgraphblas.so.7, and that header
 * routes GrB_Type_new and the three GrB_*Op_new to the GxB_*_new names). It uses spec methods,
 * GxB_init (with memory functions of its own) and SuiteSparse's GxB options (GxB_get / GxB_set),
 * and prints their results and GrB_Info codes in a canonical form; dropin.sh runs it on SuiteSparse
 * and on our alias library and compares. The same source built against our header
 * (dropin_prog_ours) must print the same on libgraphblas_gpu. Lines starting with '#' identify the
 * library that ran (its file, GrB_getVersion) or hold values the libraries may differ in, and are
 * left out of the comparison. */
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

/* Prints "# library: <file>" for the mapped libgraphblas (SuiteSparse's or our alias) or
 * libgraphblas_gpu, so the caller can tell which one ran. */
static void print_library(void)
{
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096];
    while (maps != NULL && fgets(line, sizeof line, maps) != NULL) {
        char *path = strchr(line, '/');
        if (path != NULL && strstr(path, "/libgraphblas") != NULL) {
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

/* SuiteSparse 7.4's GxB options, as GxB_get / GxB_set reach them: codes, and the values both
 * libraries define alike (not the library's strings and versions, the thread count, the memory
 * pool, or formats and sparsity after a hint our storage ignores, Doc/gxb.md). */
static void gxb_options(void)
{
    GxB_Format_Value f = GxB_NO_FORMAT;
    double h = 0, b[GxB_NBITMAP_SWITCH];
    int i = 0, ver[3];
    int32_t i32 = 0;
    bool flag = true;
    char *s = NULL;
    void *fn = NULL;
    GrB_Desc_Value dv = GxB_DEFAULT;
    printf("GxB_FORMAT_DEFAULT %d GxB_HYPER_DEFAULT %g GxB_ALWAYS_HYPER %g GxB_NEVER_HYPER %g\n",
           (int)GxB_FORMAT_DEFAULT, GxB_HYPER_DEFAULT, GxB_ALWAYS_HYPER, GxB_NEVER_HYPER);

    /* global */
    SHOW(GxB_get(GxB_FORMAT, &f));
    printf("format %d\n", (int)f);
    SHOW(GxB_set(GxB_FORMAT, 7));
    SHOW(GxB_set(GxB_FORMAT, GxB_NO_FORMAT));
    SHOW(GxB_set(GxB_FORMAT, GxB_BY_COL));
    SHOW(GxB_Global_Option_set_INT32(GxB_FORMAT, GxB_BY_ROW));
    SHOW(GxB_Global_Option_get_FP64(GxB_FORMAT, &h));
    SHOW(GxB_get(GxB_HYPER_SWITCH, &h));
    SHOW(GxB_set(GxB_HYPER_SWITCH, -3.0));
    SHOW(GxB_Global_Option_get_FP64(GxB_HYPER_SWITCH, &h));
    printf("hyper switch %g\n", h);
    SHOW(GxB_Global_Option_set_FP64(GxB_HYPER_SWITCH, GxB_HYPER_DEFAULT));
    SHOW(GxB_Global_Option_get_INT32(GxB_HYPER_SWITCH, &i32));
    SHOW(GxB_get(GxB_BITMAP_SWITCH, b));
    printf("bitmap switch %g %g %g %g %g %g %g %g\n", b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]);
    for (int k = 0; k < GxB_NBITMAP_SWITCH; k++) b[k] = 0.1 * (k + 1);
    SHOW(GxB_set(GxB_BITMAP_SWITCH, b));
    SHOW(GxB_Global_Option_get_FP64(GxB_BITMAP_SWITCH, b));
    printf("bitmap switch %g %g\n", b[0], b[7]);
    SHOW(GxB_Global_Option_set_FP64_ARRAY(GxB_BITMAP_SWITCH, NULL));
    SHOW(GxB_Global_Option_set_FP64(GxB_BITMAP_SWITCH, 0.5));
    SHOW(GxB_Global_Option_get(GxB_BITMAP_SWITCH, (double *)NULL));
    SHOW(GxB_get(GxB_NTHREADS, &i));
    printf("# nthreads %d\n", i);
    SHOW(GxB_set(GxB_NTHREADS, -2));
    SHOW(GxB_Global_Option_get_INT32(GxB_NTHREADS, &i32));
    printf("nthreads %d\n", (int)i32);
    SHOW(GxB_set(GxB_CHUNK, 0.5));
    SHOW(GxB_get(GxB_CHUNK, &h));
    printf("chunk %g\n", h);
    SHOW(GxB_set(GxB_CHUNK, -1.0));
    SHOW(GxB_Global_Option_get_FP64(GxB_CHUNK, &h));
    printf("chunk %g\n", h);
    SHOW(GxB_Global_Option_set_INT32(GxB_CHUNK, 100));
    SHOW(GxB_set(GxB_BURBLE, false));
    SHOW(GxB_get(GxB_BURBLE, &flag));
    printf("burble %d\n", (int)flag);
    SHOW(GxB_Global_Option_get_INT32(GxB_BURBLE, &i32));
    SHOW(GxB_get(GxB_MODE, &i));
    printf("mode %d\n", i);
    SHOW(GxB_set(GxB_MODE, 1));
    SHOW(GxB_get(GxB_LIBRARY_NAME, &s));
    printf("# library name %s\n", s);
    SHOW(GxB_get(GxB_LIBRARY_VERSION, ver));
    SHOW(GxB_get(GxB_API_VERSION, ver));
    SHOW(GxB_Global_Option_get_INT32(GxB_API_VERSION, ver));
    SHOW(GxB_get(GxB_LIBRARY_DATE, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_LIBRARY_ABOUT, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_LIBRARY_URL, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_LIBRARY_LICENSE, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_LIBRARY_COMPILE_DATE, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_LIBRARY_COMPILE_TIME, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_API_DATE, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_API_ABOUT, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_API_URL, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_COMPILER_NAME, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_FORMAT, &s));
    SHOW(GxB_Global_Option_get_CHAR(GxB_API_DATE, NULL));
    SHOW(GxB_Global_Option_get_INT32(GxB_LIBRARY_NAME, &i32));
    SHOW(GxB_get(GxB_COMPILER_VERSION, ver));
    SHOW(GxB_get(GxB_LIBRARY_OPENMP, &flag));
    SHOW(GxB_set(GxB_LIBRARY_NAME, "x"));
    SHOW(GxB_Global_Option_get_FUNCTION(GxB_PRINTF, &fn));
    printf("printf %d\n", fn == NULL);
    SHOW(GxB_Global_Option_set_FUNCTION(GxB_FLUSH, NULL));
    SHOW(GxB_Global_Option_get_FUNCTION(GxB_FORMAT, &fn));
    SHOW(GxB_Global_Option_set_INT64_ARRAY(GxB_MEMORY_POOL, NULL));
    SHOW(GxB_Global_Option_set_INT64_ARRAY(GxB_FORMAT, NULL));
    SHOW(GxB_Global_Option_set_INT32(GxB_PRINT_1BASED, 0));
    SHOW(GxB_get(GxB_PRINT_1BASED, &flag));
    printf("1-based %d\n", (int)flag);
    SHOW(GxB_get(GxB_SPARSITY_STATUS, &i));
    SHOW(GxB_set(GxB_SPARSITY_CONTROL, 3));
    SHOW(GxB_Global_Option_get(1234, &i));
    SHOW(GxB_Global_Option_set(1234, 3));
    SHOW(GxB_Global_Option_get(1234, NULL));
    SHOW(GxB_Global_Option_get(GxB_FORMAT, NULL));
    SHOW(GxB_Global_Option_get_INT32(1234, NULL));

    /* matrices: defaults by dimension, recorded hints, status of fresh matrices */
    GrB_Matrix A = NULL, C = NULL;
    GrB_Index dims[] = {1, 2, 3, 5, 9, 17, 33, 65, 1000};
    for (int k = 0; k < 9; k++) {
        GrB_Vector v = NULL;
        SHOW(GrB_Matrix_new(&A, GrB_BOOL, dims[k], 100));
        SHOW(GrB_Vector_new(&v, GrB_BOOL, dims[k]));
        SHOW(GxB_get(A, GxB_BITMAP_SWITCH, &h));
        printf("matrix %" PRIu64 " x 100: bitmap switch %g\n", dims[k], h);
        SHOW(GxB_get(v, GxB_BITMAP_SWITCH, &h));
        printf("vector %" PRIu64 ": bitmap switch %g\n", dims[k], h);
        GrB_Matrix_free(&A);
        GrB_Vector_free(&v);
    }
    SHOW(GrB_Matrix_new(&A, GrB_FP64, 100, 100));
    SHOW(GrB_Matrix_setElement_FP64(A, 1.0, 3, 4));
    SHOW(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    SHOW(GxB_get(A, GxB_FORMAT, &f));
    printf("format %d\n", (int)f);
    SHOW(GxB_get(A, GxB_HYPER_SWITCH, &h));
    printf("hyper switch %g\n", h);
    SHOW(GxB_get(A, GxB_SPARSITY_STATUS, &i));
    printf("status %d\n", i);
    SHOW(GxB_get(A, GxB_IS_HYPER, &flag));
    printf("is hyper %d\n", (int)flag);
    SHOW(GxB_get(A, GxB_SPARSITY_CONTROL, &i));
    printf("control %d\n", i);
    SHOW(GxB_set(A, GxB_FORMAT, GxB_BY_COL));
    SHOW(GxB_set(A, GxB_FORMAT, 5));
    SHOW(GxB_Matrix_Option_set_INT32(A, GxB_FORMAT, GxB_BY_ROW));
    SHOW(GxB_Matrix_Option_set_FP64(A, GxB_FORMAT, 1.0));
    SHOW(GxB_set(A, GxB_HYPER_SWITCH, GxB_ALWAYS_HYPER));
    SHOW(GxB_Matrix_Option_get_FP64(A, GxB_HYPER_SWITCH, &h));
    printf("hyper switch %g\n", h);
    SHOW(GxB_Matrix_Option_set_INT32(A, GxB_HYPER_SWITCH, 0));
    SHOW(GxB_set(A, GxB_BITMAP_SWITCH, 7.0));
    SHOW(GxB_Matrix_Option_get_FP64(A, GxB_BITMAP_SWITCH, &h));
    printf("bitmap switch %g\n", h);
    int controls[] = {GxB_SPARSE, ~GxB_FULL, 0, 16, -1, GxB_HYPERSPARSE + GxB_SPARSE};
    for (int k = 0; k < 6; k++) {
        SHOW(GxB_set(A, GxB_SPARSITY_CONTROL, controls[k]));
        SHOW(GxB_Matrix_Option_get_INT32(A, GxB_SPARSITY_CONTROL, &i32));
        printf("control %d -> %d\n", controls[k], (int)i32);
    }
    SHOW(GxB_Matrix_Option_set_FP64(A, GxB_SPARSITY_CONTROL, 1.0));
    SHOW(GrB_Matrix_dup(&C, A));
    SHOW(GxB_get(C, GxB_HYPER_SWITCH, &h));
    printf("dup: hyper switch %g\n", h);
    SHOW(GxB_get(C, GxB_BITMAP_SWITCH, &h));
    printf("dup: bitmap switch %g\n", h);
    SHOW(GxB_get(C, GxB_SPARSITY_CONTROL, &i));
    printf("dup: control %d\n", i);
    SHOW(GxB_set(A, GxB_SPARSITY_STATUS, 2));
    SHOW(GxB_set(A, GxB_IS_HYPER, 1));
    SHOW(GxB_Matrix_Option_get_INT32(A, GxB_IS_HYPER, &i32));
    SHOW(GxB_get(A, GxB_NTHREADS, &i));
    SHOW(GxB_set(A, GxB_NTHREADS, 2));
    SHOW(GxB_get(A, 1234, &i));
    SHOW(GxB_set(A, 1234, 2));
    SHOW(GxB_get(A, GxB_FORMAT, NULL));
    SHOW(GxB_get(A, 1234, NULL));
    SHOW(GxB_Matrix_Option_get_FP64(A, GxB_FORMAT, NULL));
    SHOW(GxB_Matrix_Option_get((GrB_Matrix)NULL, GxB_FORMAT, &f));
    SHOW(GxB_Matrix_Option_set((GrB_Matrix)NULL, GxB_FORMAT, 0));
    GrB_Matrix_free(&C);
    GrB_Matrix_free(&A);
    SHOW(GrB_Matrix_new(&A, GrB_FP64, 10, 10));
    for (GrB_Index k = 0; k < 100; k++) GrB_Matrix_setElement_FP64(A, 1.0, k / 10, k % 10);
    SHOW(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    SHOW(GxB_get(A, GxB_SPARSITY_STATUS, &i));
    printf("full matrix: status %d\n", i);
    GrB_Matrix_free(&A);

    /* vectors */
    GrB_Vector v = NULL;
    SHOW(GrB_Vector_new(&v, GrB_FP64, 100));
    SHOW(GxB_get(v, GxB_FORMAT, &f));
    printf("vector format %d\n", (int)f);
    SHOW(GxB_get(v, GxB_SPARSITY_STATUS, &i));
    printf("empty vector: status %d\n", i);
    SHOW(GxB_get(v, GxB_IS_HYPER, &flag));
    printf("is hyper %d\n", (int)flag);
    /* SuiteSparse reports the status of the content before pending work: finish it first */
    for (GrB_Index k = 0; k < 50; k++) GrB_Vector_setElement_FP64(v, 1.0, k);
    SHOW(GrB_Vector_wait(v, GrB_MATERIALIZE));
    SHOW(GxB_Vector_Option_get_INT32(v, GxB_SPARSITY_STATUS, &i32));
    printf("half vector: status %d\n", (int)i32);
    /* (a fresh one: SuiteSparse keeps a bitmap vector bitmap when it fills up) */
    GrB_Vector u = NULL;
    SHOW(GrB_Vector_new(&u, GrB_FP64, 100));
    for (GrB_Index k = 0; k < 100; k++) GrB_Vector_setElement_FP64(u, 1.0, k);
    SHOW(GrB_Vector_wait(u, GrB_MATERIALIZE));
    SHOW(GxB_get(u, GxB_SPARSITY_STATUS, &i));
    printf("full vector: status %d\n", i);
    GrB_Vector_free(&u);
    SHOW(GxB_set(v, GxB_FORMAT, GxB_BY_COL));
    SHOW(GxB_Vector_Option_set_INT32(v, GxB_FORMAT, GxB_BY_ROW));
    SHOW(GxB_get(v, GxB_HYPER_SWITCH, &h));
    SHOW(GxB_set(v, GxB_HYPER_SWITCH, 0.5));
    SHOW(GxB_set(v, GxB_BITMAP_SWITCH, 0.5));
    SHOW(GxB_Vector_Option_get_FP64(v, GxB_BITMAP_SWITCH, &h));
    printf("bitmap switch %g\n", h);
    SHOW(GxB_Vector_Option_set_FP64(v, GxB_HYPER_SWITCH, 0.25));
    SHOW(GxB_set(v, GxB_SPARSITY_CONTROL, GxB_HYPERSPARSE));
    SHOW(GxB_get(v, GxB_SPARSITY_CONTROL, &i));
    printf("control %d\n", i);
    SHOW(GxB_set(v, GxB_SPARSITY_STATUS, 2));
    SHOW(GxB_get(v, 1234, &i));
    SHOW(GxB_get(v, GxB_FORMAT, NULL));
    SHOW(GxB_Vector_Option_get((GrB_Vector)NULL, GxB_FORMAT, &f));
    GrB_Vector_free(&v);

    /* descriptors */
    GrB_Descriptor d = NULL;
    SHOW(GrB_Descriptor_new(&d));
    SHOW(GxB_get(d, GxB_NTHREADS, &i));
    SHOW(GxB_get(d, GxB_CHUNK, &h));
    printf("defaults %d %g\n", i, h);
    SHOW(GxB_set(d, GrB_OUTP, GrB_REPLACE));
    SHOW(GxB_set(d, GrB_OUTP, 5));
    SHOW(GxB_set(d, GrB_MASK, GrB_COMP));
    SHOW(GxB_set(d, GrB_MASK, GrB_STRUCTURE));
    SHOW(GxB_get(d, GrB_MASK, &dv));
    printf("mask %d\n", (int)dv);
    SHOW(GxB_set(d, GrB_INP1, GrB_REPLACE));
    SHOW(GxB_set(d, GxB_NTHREADS, -4));
    SHOW(GxB_get(d, GxB_NTHREADS, &i));
    printf("nthreads %d\n", i);
    SHOW(GxB_set(d, GxB_CHUNK, -3.0));
    SHOW(GxB_Desc_get_FP64(d, GxB_CHUNK, &h));
    printf("chunk %g\n", h);
    SHOW(GxB_set(d, GxB_AxB_METHOD, 1002));
    SHOW(GxB_set(d, GxB_AxB_METHOD, GxB_AxB_DOT));
    SHOW(GxB_set(d, GxB_SORT, -3));
    SHOW(GxB_get(d, GxB_SORT, &i));
    printf("sort %d\n", i);
    SHOW(GxB_set(d, GxB_COMPRESSION, -7));
    SHOW(GxB_get(d, GxB_COMPRESSION, &i));
    printf("compression %d\n", i);
    SHOW(GxB_set(d, GxB_IMPORT, 7));
    SHOW(GxB_Desc_get_INT32(d, GxB_IMPORT, &i32));
    printf("import %d\n", (int)i32);
    SHOW(GrB_Descriptor_set(d, GxB_AxB_METHOD, GxB_AxB_HASH));
    SHOW(GrB_Descriptor_set(d, GxB_NTHREADS, 4));
    SHOW(GxB_Descriptor_get(&dv, d, GxB_AxB_METHOD));
    printf("method %d\n", (int)dv);
    SHOW(GxB_Descriptor_get(&dv, d, GxB_IMPORT));
    SHOW(GxB_Descriptor_get(&dv, NULL, GrB_INP0));
    SHOW(GxB_Descriptor_get(NULL, d, GrB_MASK));
    SHOW(GxB_Desc_set_FP64(d, GxB_NTHREADS, 3.0));
    SHOW(GxB_Desc_set_INT32(d, GxB_CHUNK, 0));
    SHOW(GxB_Desc_get_INT32(d, 1234, NULL));
    SHOW(GxB_Desc_get(d, 1234, NULL));
    SHOW(GxB_Desc_get(d, 1234, &i));
    SHOW(GxB_Desc_get(NULL, GxB_CHUNK, &h));
    SHOW(GxB_Desc_set((GrB_Descriptor)NULL, GrB_OUTP, GrB_REPLACE));
    SHOW(GxB_set(GrB_DESC_T0, GrB_OUTP, GrB_REPLACE));
    SHOW(GxB_set(GrB_DESC_T0, GxB_CHUNK, 1.0));
    SHOW(GxB_get(GrB_DESC_T0, GrB_INP0, &dv));
    printf("GrB_DESC_T0 inp0 %d\n", (int)dv);
    SHOW(GrB_Descriptor_free(&d));
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
    gxb_options();
    SHOW(GrB_finalize());
    printf("GxB_init's memory functions used: %d\n", allocations > 0);
    return 0;
}
