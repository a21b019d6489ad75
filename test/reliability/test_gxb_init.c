/* test_gxb_init.c: GxB_init (SuiteSparse 7.4's memory functions) and the release of everything
 * at GrB_finalize, through the public API. A counting allocator puts a tagged header before each
 * block, so a block the library frees with another function than the one that allocated it makes
 * the test fail (or the C library abort), and its counts must balance once every object is freed
 * and GrB_finalize has run: the freed-object quarantine included. The same workload runs with all
 * four functions, with malloc and free only (calloc and realloc emulated), and with the C
 * library's functions after a switch back. The tests run in order: each starts and ends a
 * context. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"

#define OK(x) assert_int_equal((x), GrB_SUCCESS)

/* ---- the counting allocator --------------------------------------------------------------------- */

#define TAG 0x6747616c6c6f6321ULL
#define HEAD 16 /* keeps the payload 16-byte aligned, as malloc's */

static _Atomic long long n_alloc, n_free, n_calloc, n_realloc;

static void *tag(char *p)
{
    if (p == NULL) return NULL;
    uint64_t t = TAG;
    memcpy(p, &t, sizeof t);
    return p + HEAD;
}

static char *untag(void *p)
{
    char *h = (char *)p - HEAD;
    uint64_t t;
    memcpy(&t, h, sizeof t);
    if (t != TAG) abort(); /* not one of ours: the library mixed allocators */
    return h;
}

static void *count_malloc(size_t n)
{
    void *p = tag(malloc(n + HEAD));
    if (p != NULL) n_alloc++;
    return p;
}

static void *count_calloc(size_t n, size_t size)
{
    if (size != 0 && n > (SIZE_MAX - HEAD) / size) return NULL;
    void *p = tag(calloc(1, n * size + HEAD));
    if (p != NULL) {
        n_alloc++;
        n_calloc++;
    }
    return p;
}

static void *count_realloc(void *p, size_t n)
{
    if (p == NULL) return count_malloc(n);
    n_realloc++;
    return tag(realloc(untag(p), n + HEAD));
}

static void count_free(void *p)
{
    if (p == NULL) return;
    n_free++;
    free(untag(p));
}

static void reset_counts(void)
{
    n_alloc = n_free = n_calloc = n_realloc = 0;
}

/* ---- a workload that reaches the library's allocations ------------------------------------------ */

/* Builds, computes, grows pending updates (realloc), serializes and frees everything it made. */
static void workload(void)
{
    enum { N = 300 };
    GrB_Matrix A, B, C, D;
    GrB_Vector u, w;
    GrB_Scalar s;
    OK(GrB_Matrix_new(&A, GrB_FP64, N, N));
    OK(GrB_Matrix_new(&C, GrB_FP64, N, N));
    OK(GrB_Vector_new(&u, GrB_FP64, N));
    OK(GrB_Vector_new(&w, GrB_FP64, N));
    OK(GrB_Scalar_new(&s, GrB_FP64));
    for (GrB_Index k = 0; k < 5 * N; k++) /* pending updates grow by realloc */
        OK(GrB_Matrix_setElement_FP64(A, (double)(k % 7), (k * 7919) % N, (k * 104729) % N));
    for (GrB_Index i = 0; i < N; i++) OK(GrB_Vector_setElement_FP64(u, 1.0, i));
    OK(GrB_Matrix_dup(&B, A));
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL));
    OK(GrB_mxm(C, A, GrB_PLUS_FP64, GrB_MIN_PLUS_SEMIRING_FP64, A, B, GrB_DESC_T1));
    OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, NULL)); /* full u: the tree */
    OK(GrB_vxm(w, NULL, NULL, GrB_MIN_PLUS_SEMIRING_FP64, w, A, NULL));
    OK(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, A, C, NULL));
    OK(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, A, B, GrB_DESC_T0));
    OK(GrB_Matrix_reduce_Monoid(w, NULL, NULL, GrB_PLUS_MONOID_FP64, C, NULL));
    OK(GrB_Matrix_reduce_Monoid_Scalar(s, NULL, GrB_MAX_MONOID_FP64, C, NULL));
    OK(GrB_transpose(C, NULL, NULL, A, NULL));
    OK(GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, A, 2.0, NULL));
    OK(GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, A, NULL));
    GrB_Index idx[3] = {1, 5, 9};
    OK(GrB_Matrix_extract(C, NULL, NULL, A, GrB_ALL, N, GrB_ALL, N, NULL));
    OK(GrB_Matrix_assign_FP64(C, NULL, NULL, 3.0, idx, 3, idx, 3, NULL));
    OK(GrB_Matrix_new(&D, GrB_FP64, 3 * N, 3 * N));
    GrB_Matrix small;
    OK(GrB_Matrix_new(&small, GrB_FP64, 3, 3));
    OK(GrB_Matrix_setElement_FP64(small, 2.0, 1, 1));
    OK(GrB_Matrix_kronecker_BinaryOp(D, NULL, NULL, GrB_TIMES_FP64, small, A, NULL));
    GrB_Index size;
    OK(GrB_Matrix_serializeSize(&size, A));
    void *blob = malloc(size);
    assert_non_null(blob);
    OK(GrB_Matrix_serialize(blob, &size, A));
    GrB_Matrix E;
    OK(GrB_Matrix_deserialize(&E, GrB_FP64, blob, size));
    free(blob);
    GrB_Index np, ni, nx;
    OK(GrB_Matrix_exportSize(&np, &ni, &nx, GrB_CSR_FORMAT, E));
    GrB_Index *ap = malloc(np * sizeof *ap), *ai = malloc(ni * sizeof *ai);
    double *ax = malloc(nx * sizeof *ax);
    assert_true(ap && ai && ax);
    OK(GrB_Matrix_export_FP64(ap, ai, ax, &np, &ni, &nx, GrB_CSR_FORMAT, E));
    GrB_Matrix F;
    OK(GrB_Matrix_import_FP64(&F, GrB_FP64, N, N, ap, ai, ax, np, ni, nx, GrB_CSR_FORMAT));
    free(ap), free(ai), free(ax);
    OK(GrB_Matrix_wait(F, GrB_MATERIALIZE));
    GrB_Matrix mats[] = {A, B, C, D, E, F, small};
    for (size_t k = 0; k < sizeof mats / sizeof mats[0]; k++) OK(GrB_Matrix_free(&mats[k]));
    OK(GrB_Vector_free(&u));
    OK(GrB_Vector_free(&w));
    OK(GrB_Scalar_free(&s));
}

/* ---- tests --------------------------------------------------------------------------------------- */

/* Argument checks, before any context: SuiteSparse checks malloc and free first. */
static void test_arguments(void **state)
{
    (void)state;
    assert_int_equal(GxB_init(GrB_NONBLOCKING, NULL, calloc, realloc, free), GrB_NULL_POINTER);
    assert_int_equal(GxB_init(GrB_NONBLOCKING, malloc, calloc, realloc, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_init((GrB_Mode)7, NULL, NULL, NULL, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_init((GrB_Mode)7, malloc, NULL, NULL, free), GrB_INVALID_VALUE);
    /* none of these started a context */
    GrB_Matrix A = NULL;
    assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, 1, 1), GrB_PANIC);
}

/* Runs the workload under the counting allocator with the given optional functions. */
static void counted_context(void *(*c)(size_t, size_t), void *(*r)(void *, size_t))
{
    reset_counts();
    OK(GxB_init(GrB_BLOCKING, count_malloc, c, r, count_free));
    assert_int_equal(GxB_init(GrB_NONBLOCKING, count_malloc, c, r, count_free), GrB_INVALID_VALUE);
    int32_t mode;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &mode, GrB_BLOCKING_MODE));
    assert_int_equal(mode, GrB_BLOCKING);
    workload();
    if (n_alloc < 100) fail_msg("only %lld allocations", (long long)n_alloc);
    /* every object is freed; freed objects wait in the quarantine until GrB_finalize */
    assert_true(n_free < n_alloc);
    OK(GrB_finalize());
    assert_int_equal(n_free, n_alloc);
    if (c == NULL) assert_int_equal(n_calloc, 0);
    if (r == NULL) assert_int_equal(n_realloc, 0);
    if (r != NULL) assert_true(n_realloc > 0);
}

static void test_all_functions(void **state)
{
    (void)state;
    counted_context(count_calloc, count_realloc);
}

static void test_malloc_free_only(void **state)
{
    (void)state;
    counted_context(NULL, NULL);
}

static void test_no_realloc(void **state)
{
    (void)state;
    counted_context(count_calloc, NULL);
}

/* A stale handle reads as freed while the context lasts; GrB_finalize releases the quarantine,
 * and an object freed after GrB_finalize (the library keeps working) is released at once. */
static void test_quarantine_lifetime(void **state)
{
    (void)state;
    reset_counts();
    OK(GxB_init(GrB_NONBLOCKING, count_malloc, NULL, NULL, count_free));
    GrB_Matrix A, B;
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    OK(GrB_Matrix_new(&B, GrB_FP64, 4, 4));
    GrB_Matrix stale = A;
    OK(GrB_Matrix_free(&A));
    GrB_Index n;
    assert_int_equal(GrB_Matrix_nvals(&n, stale), GrB_UNINITIALIZED_OBJECT);
    long long freed = n_free;
    OK(GrB_finalize());
    assert_true(n_free > freed); /* the quarantine went back to the allocator */
    assert_true(n_free < n_alloc); /* B is still there */
    OK(GrB_Matrix_nvals(&n, B));
    OK(GrB_Matrix_free(&B));
    assert_int_equal(n_free, n_alloc);
}

/* Blocks of one allocator must be freed by it: while any is live, a new context may not change
 * the functions (GrB_INVALID_VALUE, nothing started); the same functions are fine. */
static void test_switch_needs_no_live_block(void **state)
{
    (void)state;
    reset_counts();
    OK(GxB_init(GrB_NONBLOCKING, count_malloc, NULL, NULL, count_free));
    GrB_Vector v;
    OK(GrB_Vector_new(&v, GrB_INT32, 10));
    OK(GrB_Vector_setElement_INT32(v, 3, 4));
    OK(GrB_finalize());
    assert_int_equal(GrB_init(GrB_NONBLOCKING), GrB_INVALID_VALUE);
    assert_int_equal(GxB_init(GrB_NONBLOCKING, count_malloc, count_calloc, NULL, count_free),
                     GrB_INVALID_VALUE);
    OK(GxB_init(GrB_NONBLOCKING, count_malloc, NULL, NULL, count_free));
    OK(GrB_finalize());
    OK(GrB_Vector_free(&v));
    assert_int_equal(n_free, n_alloc);
    /* back to the C library's functions: the workload no longer touches the counters */
    OK(GrB_init(GrB_NONBLOCKING));
    long long before = n_alloc;
    workload();
    OK(GrB_finalize());
    assert_int_equal(n_alloc, before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_all_functions),
        cmocka_unit_test(test_malloc_free_only),
        cmocka_unit_test(test_no_realloc),
        cmocka_unit_test(test_quarantine_lifetime),
        cmocka_unit_test(test_switch_needs_no_live_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
