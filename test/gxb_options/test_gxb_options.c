/* test_gxb_options.c: SuiteSparse 7.4's GxB option methods (GxB_get / GxB_set and the typed
 * forms they expand to) on the global options, matrices, vectors and descriptors: every field's
 * value, what setting it records, the values SuiteSparse normalizes, and the error codes of a
 * wrong field, a read-only field, a wrong typed form, a bad value, a NULL or freed object and a NULL
 * result pointer, each checked to change nothing. The enum values and constants are pinned to
 * SuiteSparse 7.4's (programs built on its header call the alias library with them); test/dropin's
 * gxb_prog compares the codes with SuiteSparse itself. Links the internals for GG_mem_fail_after. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "GG_internal.h"
#include "GG_test.h"

/* ---- enum values and constants ------------------------------------------------------------------ */

static void test_values_are_suitesparse(void **state)
{
    (void)state;
    /* GxB_Option_Field */
    assert_int_equal(GxB_HYPER_SWITCH, 0);
    assert_int_equal(GxB_HYPER, 0);
    assert_int_equal(GxB_FORMAT, 1);
    assert_int_equal(GxB_MODE, 2);
    assert_int_equal(GxB_NTHREADS, 5);
    assert_int_equal(GxB_IS_HYPER, 6);
    assert_int_equal(GxB_CHUNK, 7);
    assert_int_equal(GxB_LIBRARY_NAME, 8);
    assert_int_equal(GxB_LIBRARY_VERSION, 9);
    assert_int_equal(GxB_LIBRARY_DATE, 10);
    assert_int_equal(GxB_LIBRARY_ABOUT, 11);
    assert_int_equal(GxB_LIBRARY_URL, 12);
    assert_int_equal(GxB_LIBRARY_LICENSE, 13);
    assert_int_equal(GxB_LIBRARY_COMPILE_DATE, 14);
    assert_int_equal(GxB_LIBRARY_COMPILE_TIME, 15);
    assert_int_equal(GxB_API_VERSION, 16);
    assert_int_equal(GxB_API_DATE, 17);
    assert_int_equal(GxB_API_ABOUT, 18);
    assert_int_equal(GxB_API_URL, 19);
    assert_int_equal(GxB_COMPILER_VERSION, 23);
    assert_int_equal(GxB_COMPILER_NAME, 24);
    assert_int_equal(GxB_LIBRARY_OPENMP, 25);
    assert_int_equal(GxB_SPARSITY_CONTROL, 32);
    assert_int_equal(GxB_SPARSITY_STATUS, 33);
    assert_int_equal(GxB_BITMAP_SWITCH, 34);
    assert_int_equal(GxB_BURBLE, 99);
    assert_int_equal(GxB_PRINTF, 101);
    assert_int_equal(GxB_FLUSH, 102);
    assert_int_equal(GxB_MEMORY_POOL, 103);
    assert_int_equal(GxB_PRINT_1BASED, 104);
    assert_int_equal(GxB_GLOBAL_NTHREADS, 5);
    assert_int_equal(GxB_GLOBAL_CHUNK, 7);
    /* formats, sparsity */
    assert_int_equal(GxB_BY_ROW, 0);
    assert_int_equal(GxB_BY_COL, 1);
    assert_int_equal(GxB_NO_FORMAT, -1);
    assert_int_equal(GxB_FORMAT_DEFAULT, GxB_BY_ROW);
    assert_int_equal(GxB_HYPERSPARSE, 1);
    assert_int_equal(GxB_SPARSE, 2);
    assert_int_equal(GxB_BITMAP, 4);
    assert_int_equal(GxB_FULL, 8);
    assert_int_equal(GxB_AUTO_SPARSITY, 15);
    assert_int_equal(GxB_NBITMAP_SWITCH, 8);
    assert_true(GxB_HYPER_DEFAULT == 0.0625);
    assert_true(GxB_ALWAYS_HYPER == 1.0);
    assert_true(GxB_NEVER_HYPER == -1.0);
    /* descriptor fields and values */
    assert_int_equal(GxB_DESCRIPTOR_NTHREADS, 5);
    assert_int_equal(GxB_DESCRIPTOR_CHUNK, 7);
    assert_int_equal(GxB_AxB_METHOD, 1000);
    assert_int_equal(GxB_SORT, 35);
    assert_int_equal(GxB_COMPRESSION, 36);
    assert_int_equal(GxB_IMPORT, 37);
    assert_int_equal(GxB_DEFAULT, 0);
    assert_int_equal(GxB_AxB_GUSTAVSON, 1001);
    assert_int_equal(GxB_AxB_DOT, 1003);
    assert_int_equal(GxB_AxB_HASH, 1004);
    assert_int_equal(GxB_AxB_SAXPY, 1005);
    assert_int_equal(GxB_SECURE_IMPORT, 502);
    assert_int_equal(GxB_FAST_IMPORT, 0);
}

/* ---- global options ----------------------------------------------------------------------------- */

/* An n x n matrix with its diagonal: no row or column empty, so GrB_Matrix_exportHint answers by
 * the orientation hint (CSR or CSC) rather than COO. */
static GrB_Matrix diagonal(GrB_Index n)
{
    GrB_Matrix A = NULL;
    assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, n, n), GrB_SUCCESS);
    for (GrB_Index k = 0; k < n; k++)
        assert_int_equal(GrB_Matrix_setElement_FP64(A, 1, k, k), GrB_SUCCESS);
    return A;
}

static void test_global_format(void **state)
{
    (void)state;
    GxB_Format_Value f = GxB_NO_FORMAT;
    int32_t i = -1;
    assert_int_equal(GxB_get(GxB_FORMAT, &f), GrB_SUCCESS);
    assert_int_equal(f, GxB_BY_ROW);
    /* bad values change nothing */
    assert_int_equal(GxB_set(GxB_FORMAT, 7), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(GxB_FORMAT, GxB_NO_FORMAT), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Global_Option_set_INT32(GxB_FORMAT, 2), GrB_INVALID_VALUE);
    GrB_Format hint;
    GrB_Matrix A = diagonal(4);
    assert_int_equal(GrB_Matrix_exportHint(&hint, A), GrB_SUCCESS);
    assert_int_equal(hint, GrB_CSR_FORMAT);
    GrB_Matrix_free(&A);
    /* BY_COL is recorded as new matrices' orientation hint; reads still say by row */
    assert_int_equal(GxB_set(GxB_FORMAT, GxB_BY_COL), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_INT32(GxB_FORMAT, &i), GrB_SUCCESS);
    assert_int_equal(i, GxB_BY_ROW);
    A = diagonal(4);
    assert_int_equal(GrB_Matrix_exportHint(&hint, A), GrB_SUCCESS);
    assert_int_equal(hint, GrB_CSC_FORMAT);
    assert_int_equal(GxB_get(A, GxB_FORMAT, &f), GrB_SUCCESS);
    assert_int_equal(f, GxB_BY_ROW);
    GrB_Matrix_free(&A);
    assert_int_equal(GxB_Global_Option_set_INT32(GxB_FORMAT, GxB_BY_ROW), GrB_SUCCESS);
    A = diagonal(4);
    assert_int_equal(GrB_Matrix_exportHint(&hint, A), GrB_SUCCESS);
    assert_int_equal(hint, GrB_CSR_FORMAT);
    GrB_Matrix_free(&A);
    /* FORMAT is an int field */
    double d = 5;
    assert_int_equal(GxB_Global_Option_get_FP64(GxB_FORMAT, &d), GrB_INVALID_VALUE);
    assert_true(d == 5);
    assert_int_equal(GxB_Global_Option_set_FP64(GxB_FORMAT, 1.0), GrB_INVALID_VALUE);
}

static void test_global_switches(void **state)
{
    (void)state;
    double h = 0, b[GxB_NBITMAP_SWITCH], mine[GxB_NBITMAP_SWITCH];
    int32_t i = 7;
    assert_int_equal(GxB_get(GxB_HYPER_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == GxB_HYPER_DEFAULT);
    assert_int_equal(GxB_set(GxB_HYPER_SWITCH, 0.25), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_FP64(GxB_HYPER_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == 0.25);
    assert_int_equal(GxB_Global_Option_set_FP64(GxB_HYPER_SWITCH, GxB_NEVER_HYPER), GrB_SUCCESS);
    assert_int_equal(GxB_get(GxB_HYPER_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == -1.0);
    /* a new matrix takes the global switch */
    GrB_Matrix A = NULL;
    assert_int_equal(GrB_Matrix_new(&A, GrB_BOOL, 3, 3), GrB_SUCCESS);
    assert_int_equal(GxB_get(A, GxB_HYPER_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == -1.0);
    GrB_Matrix_free(&A);
    assert_int_equal(GxB_set(GxB_HYPER_SWITCH, GxB_HYPER_DEFAULT), GrB_SUCCESS);
    /* an int form of a double field */
    assert_int_equal(GxB_Global_Option_get_INT32(GxB_HYPER_SWITCH, &i), GrB_INVALID_VALUE);
    assert_int_equal(i, 7);
    assert_int_equal(GxB_Global_Option_set_INT32(GxB_HYPER_SWITCH, 1), GrB_INVALID_VALUE);

    static const double defaults[] = {0.04, 0.05, 0.06, 0.08, 0.1, 0.2, 0.3, 0.4};
    assert_int_equal(GxB_get(GxB_BITMAP_SWITCH, b), GrB_SUCCESS);
    assert_memory_equal(b, defaults, sizeof b);
    for (int k = 0; k < GxB_NBITMAP_SWITCH; k++) mine[k] = 0.1 * (k + 1);
    assert_int_equal(GxB_set(GxB_BITMAP_SWITCH, mine), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_FP64(GxB_BITMAP_SWITCH, b), GrB_SUCCESS);
    assert_memory_equal(b, mine, sizeof b);
    /* a new matrix takes the switch of its smaller dimension (10: the fifth), a vector the first */
    GrB_Vector v = NULL;
    assert_int_equal(GrB_Matrix_new(&A, GrB_BOOL, 10, 1000), GrB_SUCCESS);
    assert_int_equal(GrB_Vector_new(&v, GrB_BOOL, 1000), GrB_SUCCESS);
    assert_int_equal(GxB_get(A, GxB_BITMAP_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == mine[4]);
    assert_int_equal(GxB_get(v, GxB_BITMAP_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == mine[0]);
    GrB_Matrix_free(&A);
    GrB_Vector_free(&v);
    /* NULL restores the defaults; the double form is not the array's */
    assert_int_equal(GxB_Global_Option_set_FP64_ARRAY(GxB_BITMAP_SWITCH, NULL), GrB_SUCCESS);
    assert_int_equal(GxB_get(GxB_BITMAP_SWITCH, b), GrB_SUCCESS);
    assert_memory_equal(b, defaults, sizeof b);
    assert_int_equal(GxB_Global_Option_set_FP64(GxB_BITMAP_SWITCH, 0.5), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Global_Option_get(GxB_BITMAP_SWITCH, (double *)NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Global_Option_set_FP64_ARRAY(GxB_FORMAT, mine), GrB_INVALID_VALUE);
}

static void test_global_threads_chunk_burble(void **state)
{
    (void)state;
    int n = 0;
    double c = 0;
    bool b = true;
    int32_t i = 0, trace = -1;
    assert_int_equal(GxB_get(GxB_NTHREADS, &n), GrB_SUCCESS);
    assert_true(n >= 1);
    assert_int_equal(GxB_set(GxB_NTHREADS, 7), GrB_SUCCESS);
    assert_int_equal(GxB_get(GxB_NTHREADS, &n), GrB_SUCCESS);
    assert_int_equal(n, 7);
    /* at least one thread, as SuiteSparse clamps */
    assert_int_equal(GxB_Global_Option_set_INT32(GxB_NTHREADS, -2), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_INT32(GxB_NTHREADS, &i), GrB_SUCCESS);
    assert_int_equal(i, 1);

    assert_int_equal(GxB_get(GxB_CHUNK, &c), GrB_SUCCESS);
    assert_true(c == 65536);
    assert_int_equal(GxB_set(GxB_CHUNK, 1000.0), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_FP64(GxB_CHUNK, &c), GrB_SUCCESS);
    assert_true(c == 1000);
    assert_int_equal(GxB_set(GxB_CHUNK, 0.5), GrB_SUCCESS); /* at least 1 */
    assert_int_equal(GxB_get(GxB_CHUNK, &c), GrB_SUCCESS);
    assert_true(c == 1);
    assert_int_equal(GxB_Global_Option_set_FP64(GxB_CHUNK, -1.0), GrB_SUCCESS); /* the default */
    assert_int_equal(GxB_get(GxB_CHUNK, &c), GrB_SUCCESS);
    assert_true(c == 65536);
    assert_int_equal(GxB_Global_Option_set_INT32(GxB_CHUNK, 100), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Global_Option_get_INT64(GxB_CHUNK, (int64_t *)&c), GrB_INVALID_VALUE);
    assert_true(c == 65536);

    /* GxB_BURBLE is the operation trace, GxG_TRACE */
    assert_int_equal(GxB_get(GxB_BURBLE, &b), GrB_SUCCESS);
    assert_false(b);
    assert_int_equal(GxB_set(GxB_BURBLE, true), GrB_SUCCESS);
    assert_int_equal(GrB_Global_get_INT32(GrB_GLOBAL, &trace, GxG_TRACE), GrB_SUCCESS);
    assert_int_equal(trace, 1);
    assert_int_equal(GxB_Global_Option_get_INT32(GxB_BURBLE, &i), GrB_SUCCESS);
    assert_int_equal(i, 1);
    assert_int_equal(GxB_Global_Option_set_INT32(GxB_BURBLE, 0), GrB_SUCCESS);
    assert_int_equal(GxB_get(GxB_BURBLE, &b), GrB_SUCCESS);
    assert_false(b);
    assert_int_equal(GrB_Global_set_INT32(GrB_GLOBAL, 1, GxG_TRACE), GrB_SUCCESS);
    assert_int_equal(GxB_get(GxB_BURBLE, &b), GrB_SUCCESS);
    assert_true(b);
    assert_int_equal(GxB_set(GxB_BURBLE, false), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_set_FP64(GxB_BURBLE, 1.0), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(GxB_BURBLE, &b), GrB_SUCCESS);
    assert_false(b);
}

static void test_global_queries(void **state)
{
    (void)state;
    GrB_Mode mode = GrB_BLOCKING;
    int ver[3] = {-1, -1, -1};
    int32_t i = -1;
    char *s = NULL;
    bool b = false;
    assert_int_equal(GxB_get(GxB_MODE, &mode), GrB_SUCCESS);
    assert_int_equal(mode, GrB_NONBLOCKING);
    assert_int_equal(GxB_Global_Option_get_INT32(GxB_MODE, &i), GrB_SUCCESS);
    assert_int_equal(i, GrB_NONBLOCKING);
    assert_int_equal(GxB_set(GxB_MODE, GrB_BLOCKING), GrB_INVALID_VALUE); /* read-only */
    assert_int_equal(GxB_get(GxB_LIBRARY_NAME, &s), GrB_SUCCESS);
    assert_string_equal(s, "GraphBLAS_gpu");
    assert_int_equal(GxB_get(GxB_LIBRARY_VERSION, ver), GrB_SUCCESS);
    assert_int_equal(ver[0], GxG_IMPLEMENTATION_MAJOR);
    assert_int_equal(ver[1], GxG_IMPLEMENTATION_MINOR);
    assert_int_equal(ver[2], GxG_IMPLEMENTATION_SUB);
    assert_int_equal(GxB_get(GxB_API_VERSION, ver), GrB_SUCCESS);
    assert_int_equal(ver[0], 2);
    assert_int_equal(ver[1], 1);
    assert_int_equal(ver[2], 0);
    assert_int_equal(GxB_Global_Option_get_INT32(GxB_API_VERSION, ver), GrB_SUCCESS);
    assert_int_equal(ver[0], 2);
    assert_int_equal(GxB_get(GxB_COMPILER_VERSION, ver), GrB_SUCCESS);
    assert_true(ver[0] > 0);
    static const GxB_Option_Field strings[] = {
        GxB_LIBRARY_NAME, GxB_LIBRARY_DATE, GxB_LIBRARY_ABOUT, GxB_LIBRARY_URL,
        GxB_LIBRARY_LICENSE, GxB_LIBRARY_COMPILE_DATE, GxB_LIBRARY_COMPILE_TIME, GxB_API_DATE,
        GxB_API_ABOUT, GxB_API_URL, GxB_COMPILER_NAME};
    for (size_t k = 0; k < sizeof strings / sizeof strings[0]; k++) {
        s = NULL;
        assert_int_equal(GxB_Global_Option_get_CHAR(strings[k], &s), GrB_SUCCESS);
        assert_non_null(s);
        assert_int_equal(GxB_set(strings[k], "x"), GrB_INVALID_VALUE);
        assert_int_equal(GxB_Global_Option_get_INT32(strings[k], &i), GrB_INVALID_VALUE);
    }
    assert_int_equal(GxB_Global_Option_get_CHAR(GxB_FORMAT, &s), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(GxB_LIBRARY_OPENMP, &b), GrB_SUCCESS);
#ifdef _OPENMP
    assert_true(b);
#endif
    assert_int_equal(GxB_set(GxB_LIBRARY_OPENMP, true), GrB_INVALID_VALUE);
}

static void test_global_recorded(void **state)
{
    (void)state;
    void *f = (void *)1;
    bool b = true;
    int64_t pool[64];
    memset(pool, 0xff, sizeof pool);
    assert_int_equal(GxB_get(GxB_PRINTF, &f), GrB_SUCCESS);
    assert_null(f);
    assert_int_equal(GxB_set(GxB_PRINTF, (void *)printf), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_FUNCTION(GxB_PRINTF, &f), GrB_SUCCESS);
    assert_ptr_equal(f, (void *)printf);
    assert_int_equal(GxB_Global_Option_set_FUNCTION(GxB_PRINTF, NULL), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_set_FUNCTION(GxB_FLUSH, (void *)fflush), GrB_SUCCESS);
    assert_int_equal(GxB_get(GxB_FLUSH, &f), GrB_SUCCESS);
    assert_ptr_equal(f, (void *)fflush);
    assert_int_equal(GxB_set(GxB_FLUSH, NULL), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_FUNCTION(GxB_FORMAT, &f), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Global_Option_set_FUNCTION(GxB_FORMAT, NULL), GrB_INVALID_VALUE);

    assert_int_equal(GxB_get(GxB_PRINT_1BASED, &b), GrB_SUCCESS);
    assert_false(b);
    assert_int_equal(GxB_Global_Option_set_INT32(GxB_PRINT_1BASED, 1), GrB_SUCCESS);
    assert_int_equal(GxB_get(GxB_PRINT_1BASED, &b), GrB_SUCCESS);
    assert_true(b);
    assert_int_equal(GxB_set(GxB_PRINT_1BASED, false), GrB_SUCCESS);

    /* the memory pool: accepted, there is none (every limit reads 0) */
    assert_int_equal(GxB_set(GxB_MEMORY_POOL, pool), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_set_INT64_ARRAY(GxB_MEMORY_POOL, NULL), GrB_SUCCESS);
    assert_int_equal(GxB_Global_Option_get_INT64(GxB_MEMORY_POOL, pool), GrB_SUCCESS);
    for (int k = 0; k < 64; k++) assert_int_equal(pool[k], 0);
    assert_int_equal(GxB_Global_Option_set_INT64_ARRAY(GxB_FORMAT, pool), GrB_INVALID_VALUE);
}

static void test_global_errors(void **state)
{
    (void)state;
    int32_t i = 42;
    assert_int_equal(GxB_Global_Option_get((GxB_Option_Field)1234, &i), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Global_Option_set((GxB_Option_Field)1234, 3), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Global_Option_get_INT32((GxB_Option_Field)1234, &i), GrB_INVALID_VALUE);
    assert_int_equal(i, 42);
    /* matrix fields are not global ones */
    assert_int_equal(GxB_get(GxB_SPARSITY_STATUS, &i), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(GxB_SPARSITY_CONTROL, &i), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(GxB_IS_HYPER, &i), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(GxB_SPARSITY_CONTROL, 3), GrB_INVALID_VALUE);
    assert_int_equal(i, 42);
    /* a NULL result: the typed forms check it first, the variadic one after the field */
    assert_int_equal(GxB_Global_Option_get(GxB_FORMAT, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Global_Option_get(GxB_LIBRARY_NAME, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Global_Option_get((GxB_Option_Field)1234, NULL), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Global_Option_get_INT32((GxB_Option_Field)1234, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Global_Option_get_INT32(GxB_HYPER_SWITCH, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Global_Option_get_CHAR(GxB_API_DATE, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Global_Option_get_FUNCTION(GxB_PRINTF, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Global_Option_set_FP64_ARRAY((GxB_Option_Field)1234, NULL),
                     GrB_INVALID_VALUE);
}

/* ---- matrices ----------------------------------------------------------------------------------- */

static void test_matrix_options(void **state)
{
    (void)state;
    GrB_Matrix A = diagonal(100), B = NULL;
    GxB_Format_Value f = GxB_NO_FORMAT;
    double h = 0;
    int c = 0;
    int32_t i = 0;
    GrB_Format hint;
    assert_int_equal(GxB_get(A, GxB_FORMAT, &f), GrB_SUCCESS);
    assert_int_equal(f, GxB_BY_ROW);
    assert_int_equal(GxB_get(A, GxB_HYPER_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == GxB_HYPER_DEFAULT);
    assert_int_equal(GxB_get(A, GxB_BITMAP_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == 0.4);
    assert_int_equal(GxB_get(A, GxB_SPARSITY_CONTROL, &c), GrB_SUCCESS);
    assert_int_equal(c, GxB_AUTO_SPARSITY);

    /* GxB_FORMAT: recorded as the orientation hint, reads by row */
    assert_int_equal(GxB_set(A, GxB_FORMAT, GxB_BY_COL), GrB_SUCCESS);
    assert_int_equal(GrB_Matrix_exportHint(&hint, A), GrB_SUCCESS);
    assert_int_equal(hint, GrB_CSC_FORMAT);
    assert_int_equal(GxB_Matrix_Option_get_INT32(A, GxB_FORMAT, &i), GrB_SUCCESS);
    assert_int_equal(i, GxB_BY_ROW);
    assert_int_equal(GxB_set(A, GxB_FORMAT, 5), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Matrix_Option_set_INT32(A, GxB_FORMAT, -1), GrB_INVALID_VALUE);
    assert_int_equal(GrB_Matrix_exportHint(&hint, A), GrB_SUCCESS);
    assert_int_equal(hint, GrB_CSC_FORMAT);
    assert_int_equal(GxB_Matrix_Option_set_INT32(A, GxB_FORMAT, GxB_BY_ROW), GrB_SUCCESS);
    assert_int_equal(GrB_Matrix_exportHint(&hint, A), GrB_SUCCESS);
    assert_int_equal(hint, GrB_CSR_FORMAT);
    assert_int_equal(GxB_Matrix_Option_set_FP64(A, GxB_FORMAT, 1.0), GrB_INVALID_VALUE);

    /* the switches take any double */
    assert_int_equal(GxB_set(A, GxB_HYPER_SWITCH, GxB_ALWAYS_HYPER), GrB_SUCCESS);
    assert_int_equal(GxB_Matrix_Option_get_FP64(A, GxB_HYPER_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == 1.0);
    assert_int_equal(GxB_Matrix_Option_set_FP64(A, GxB_BITMAP_SWITCH, -2.0), GrB_SUCCESS);
    assert_int_equal(GxB_get(A, GxB_BITMAP_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == -2.0);
    assert_int_equal(GxB_Matrix_Option_set_INT32(A, GxB_HYPER_SWITCH, 0), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Matrix_Option_get_INT32(A, GxB_BITMAP_SWITCH, &i), GrB_INVALID_VALUE);

    /* the sparsity control keeps its low four bits; none set means any form */
    static const struct {
        int set, get;
    } controls[] = {{GxB_SPARSE, 2}, {GxB_BITMAP, 4}, {~GxB_FULL, 7}, {0, 15}, {16, 15}, {-1, 15},
                    {GxB_FULL, 8}, {GxB_HYPERSPARSE + GxB_SPARSE, 3}};
    for (size_t k = 0; k < sizeof controls / sizeof controls[0]; k++) {
        assert_int_equal(GxB_set(A, GxB_SPARSITY_CONTROL, controls[k].set), GrB_SUCCESS);
        assert_int_equal(GxB_get(A, GxB_SPARSITY_CONTROL, &c), GrB_SUCCESS);
        assert_int_equal(c, controls[k].get);
    }
    assert_int_equal(GxB_Matrix_Option_set_FP64(A, GxB_SPARSITY_CONTROL, 1.0), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Matrix_Option_get_INT32(A, GxB_SPARSITY_CONTROL, &i), GrB_SUCCESS);
    assert_int_equal(i, 3);

    /* dup keeps the hypersparse switch and the control, not the bitmap switch */
    assert_int_equal(GrB_Matrix_dup(&B, A), GrB_SUCCESS);
    assert_int_equal(GxB_get(B, GxB_HYPER_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == 1.0);
    assert_int_equal(GxB_get(B, GxB_SPARSITY_CONTROL, &c), GrB_SUCCESS);
    assert_int_equal(c, 3);
    assert_int_equal(GxB_get(B, GxB_BITMAP_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == 0.4);
    GrB_Matrix_free(&B);
    GrB_Matrix_free(&A);
}

static void test_matrix_status(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    int s = 0;
    bool hyper = false;
    /* one entry in 1000 rows: hypersparse */
    assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, 1000, 1000), GrB_SUCCESS);
    assert_int_equal(GrB_Matrix_setElement_FP64(A, 1, 3, 4), GrB_SUCCESS);
    assert_int_equal(GxB_get(A, GxB_SPARSITY_STATUS, &s), GrB_SUCCESS);
    assert_int_equal(s, GxB_HYPERSPARSE);
    assert_int_equal(GxB_get(A, GxB_IS_HYPER, &hyper), GrB_SUCCESS);
    assert_true(hyper);
    /* every row: sparse */
    for (GrB_Index k = 0; k < 1000; k++)
        assert_int_equal(GrB_Matrix_setElement_FP64(A, 1, k, (k * 7) % 1000), GrB_SUCCESS);
    assert_int_equal(GxB_Matrix_Option_get_INT32(A, GxB_SPARSITY_STATUS, &s), GrB_SUCCESS);
    assert_int_equal(s, GxB_SPARSE);
    assert_int_equal(GxB_get(A, GxB_IS_HYPER, &hyper), GrB_SUCCESS);
    assert_false(hyper);
    assert_int_equal(GxB_Matrix_Option_get_INT32(A, GxB_IS_HYPER, &s), GrB_INVALID_VALUE);
    GrB_Matrix_free(&A);
    /* every entry: full */
    assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, 10, 10), GrB_SUCCESS);
    for (GrB_Index k = 0; k < 100; k++)
        assert_int_equal(GrB_Matrix_setElement_FP64(A, 1, k / 10, k % 10), GrB_SUCCESS);
    assert_int_equal(GxB_get(A, GxB_SPARSITY_STATUS, &s), GrB_SUCCESS);
    assert_int_equal(s, GxB_FULL);
    /* read-only, and a status that needs memory it cannot get changes nothing */
    assert_int_equal(GxB_set(A, GxB_SPARSITY_STATUS, GxB_SPARSE), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(A, GxB_IS_HYPER, true), GrB_INVALID_VALUE);
    assert_int_equal(GrB_Matrix_removeElement(A, 0, 0), GrB_SUCCESS);
    s = -1;
    GG_mem_fail_after(1);
    GrB_Info info = GxB_get(A, GxB_SPARSITY_STATUS, &s);
    GG_mem_fail_after(0);
    assert_int_equal(info, GrB_OUT_OF_MEMORY);
    assert_int_equal(s, -1);
    assert_int_equal(GxB_get(A, GxB_SPARSITY_STATUS, &s), GrB_SUCCESS);
    assert_int_equal(s, GxB_SPARSE);
    GrB_Matrix_free(&A);
}

static void test_matrix_errors(void **state)
{
    (void)state;
    GrB_Matrix A = NULL, F = NULL;
    int n = 42;
    double h = 0.5;
    assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, 4, 4), GrB_SUCCESS);
    /* global-only and unknown fields */
    assert_int_equal(GxB_get(A, GxB_NTHREADS, &n), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(A, GxB_MODE, &n), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(A, GxB_BURBLE, &n), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(A, (GxB_Option_Field)1234, &n), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(A, GxB_NTHREADS, 2), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(A, (GxB_Option_Field)1234, 2), GrB_INVALID_VALUE);
    assert_int_equal(n, 42);
    /* an error is recorded on the matrix */
    const char *msg = NULL;
    assert_int_equal(GrB_Matrix_error(&msg, A), GrB_SUCCESS);
    assert_non_null(strstr(msg, "GxB_Matrix_Option_set"));
    /* NULL pointers */
    assert_int_equal(GxB_get(A, GxB_FORMAT, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_get(A, (GxB_Option_Field)1234, NULL), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Matrix_Option_get_FP64(A, GxB_FORMAT, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Matrix_Option_get((GrB_Matrix)NULL, GxB_FORMAT, &n), GrB_NULL_POINTER);
    assert_int_equal(GxB_Matrix_Option_set((GrB_Matrix)NULL, GxB_FORMAT, 0), GrB_NULL_POINTER);
    assert_int_equal(GxB_Matrix_Option_set_FP64((GrB_Matrix)NULL, GxB_HYPER_SWITCH, 0.5),
                     GrB_NULL_POINTER);
    /* a freed matrix */
    assert_int_equal(GrB_Matrix_new(&F, GrB_FP64, 4, 4), GrB_SUCCESS);
    GrB_Matrix freed = F;
    GrB_Matrix_free(&F);
    assert_int_equal(GxB_get(freed, GxB_HYPER_SWITCH, &h), GrB_UNINITIALIZED_OBJECT);
    assert_int_equal(GxB_set(freed, GxB_HYPER_SWITCH, 0.5), GrB_UNINITIALIZED_OBJECT);
    /* a vector is not a matrix */
    GrB_Vector v = NULL;
    assert_int_equal(GrB_Vector_new(&v, GrB_FP64, 4), GrB_SUCCESS);
    assert_int_equal(GxB_Matrix_Option_get((GrB_Matrix)v, GxB_FORMAT, &n), GrB_UNINITIALIZED_OBJECT);
    GrB_Vector_free(&v);
    GrB_Matrix_free(&A);
}

/* ---- vectors ------------------------------------------------------------------------------------ */

static void test_vector_options(void **state)
{
    (void)state;
    GrB_Vector v = NULL, w = NULL;
    GxB_Format_Value f = GxB_NO_FORMAT;
    double h = 0;
    int c = 0, s = 0;
    bool hyper = true;
    int32_t i = 0;
    assert_int_equal(GrB_Vector_new(&v, GrB_FP64, 100), GrB_SUCCESS);
    /* a vector is a column */
    assert_int_equal(GxB_get(v, GxB_FORMAT, &f), GrB_SUCCESS);
    assert_int_equal(f, GxB_BY_COL);
    assert_int_equal(GxB_set(v, GxB_FORMAT, GxB_BY_COL), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Vector_Option_set_INT32(v, GxB_FORMAT, GxB_BY_ROW), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Vector_Option_get_INT32(v, GxB_FORMAT, &i), GrB_SUCCESS);
    assert_int_equal(i, GxB_BY_COL);
    /* no hypersparse switch */
    h = 3;
    assert_int_equal(GxB_get(v, GxB_HYPER_SWITCH, &h), GrB_INVALID_VALUE);
    assert_true(h == 3);
    assert_int_equal(GxB_set(v, GxB_HYPER_SWITCH, 0.5), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Vector_Option_set_FP64(v, GxB_HYPER_SWITCH, 0.5), GrB_INVALID_VALUE);
    /* bitmap switch and control */
    assert_int_equal(GxB_get(v, GxB_BITMAP_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == 0.04);
    assert_int_equal(GxB_set(v, GxB_BITMAP_SWITCH, 0.5), GrB_SUCCESS);
    assert_int_equal(GxB_Vector_Option_get_FP64(v, GxB_BITMAP_SWITCH, &h), GrB_SUCCESS);
    assert_true(h == 0.5);
    assert_int_equal(GxB_Vector_Option_set_FP64(v, GxB_BITMAP_SWITCH, 0.25), GrB_SUCCESS);
    assert_int_equal(GxB_get(v, GxB_SPARSITY_CONTROL, &c), GrB_SUCCESS);
    assert_int_equal(c, GxB_AUTO_SPARSITY);
    assert_int_equal(GxB_set(v, GxB_SPARSITY_CONTROL, GxB_HYPERSPARSE), GrB_SUCCESS);
    assert_int_equal(GxB_get(v, GxB_SPARSITY_CONTROL, &c), GrB_SUCCESS);
    assert_int_equal(c, GxB_HYPERSPARSE);
    assert_int_equal(GxB_Vector_Option_set_INT32(v, GxB_SPARSITY_CONTROL, 0), GrB_SUCCESS);
    assert_int_equal(GxB_get(v, GxB_SPARSITY_CONTROL, &c), GrB_SUCCESS);
    assert_int_equal(c, GxB_AUTO_SPARSITY);
    /* the status follows the density: empty sparse, half bitmap, all full; never hypersparse */
    assert_int_equal(GxB_get(v, GxB_SPARSITY_STATUS, &s), GrB_SUCCESS);
    assert_int_equal(s, GxB_SPARSE);
    assert_int_equal(GxB_get(v, GxB_IS_HYPER, &hyper), GrB_SUCCESS);
    assert_false(hyper);
    for (GrB_Index k = 0; k < 50; k++)
        assert_int_equal(GrB_Vector_setElement_FP64(v, 1, k), GrB_SUCCESS);
    assert_int_equal(GxB_Vector_Option_get_INT32(v, GxB_SPARSITY_STATUS, &i), GrB_SUCCESS);
    assert_int_equal(i, GxB_BITMAP);
    for (GrB_Index k = 50; k < 100; k++)
        assert_int_equal(GrB_Vector_setElement_FP64(v, 1, k), GrB_SUCCESS);
    assert_int_equal(GxB_get(v, GxB_SPARSITY_STATUS, &s), GrB_SUCCESS);
    assert_int_equal(s, GxB_FULL);
    assert_int_equal(GxB_set(v, GxB_SPARSITY_STATUS, GxB_SPARSE), GrB_INVALID_VALUE);
    /* dup keeps the control */
    assert_int_equal(GxB_set(v, GxB_SPARSITY_CONTROL, GxB_BITMAP), GrB_SUCCESS);
    assert_int_equal(GrB_Vector_dup(&w, v), GrB_SUCCESS);
    assert_int_equal(GxB_get(w, GxB_SPARSITY_CONTROL, &c), GrB_SUCCESS);
    assert_int_equal(c, GxB_BITMAP);
    GrB_Vector_free(&w);
    /* errors */
    assert_int_equal(GxB_get(v, (GxB_Option_Field)1234, &s), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(v, (GxB_Option_Field)1234, 2), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(v, GxB_FORMAT, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Vector_Option_get((GrB_Vector)NULL, GxB_FORMAT, &f), GrB_NULL_POINTER);
    assert_int_equal(GxB_Vector_Option_set((GrB_Vector)NULL, GxB_FORMAT, 0), GrB_NULL_POINTER);
    GrB_Vector_free(&v);
}

/* ---- descriptors -------------------------------------------------------------------------------- */

static void test_descriptor_fields(void **state)
{
    (void)state;
    GrB_Descriptor d = NULL;
    GrB_Desc_Value dv = GrB_REPLACE;
    int n = -1;
    double c = -1;
    int32_t i = -1;
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    static const GrB_Desc_Field ints[] = {GrB_OUTP, GrB_MASK, GrB_INP0, GrB_INP1, GxB_NTHREADS,
                                          GxB_AxB_METHOD, GxB_SORT, GxB_COMPRESSION, GxB_IMPORT};
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
        n = -1;
        assert_int_equal(GxB_get(d, ints[k], &n), GrB_SUCCESS);
        assert_int_equal(n, 0);
        /* a NULL descriptor reads as the defaults */
        i = -1;
        assert_int_equal(GxB_Desc_get_INT32(NULL, ints[k], &i), GrB_SUCCESS);
        assert_int_equal(i, 0);
    }
    assert_int_equal(GxB_Desc_get(NULL, GxB_CHUNK, &c), GrB_SUCCESS);
    assert_true(c == 0);

    assert_int_equal(GxB_set(d, GrB_OUTP, GrB_REPLACE), GrB_SUCCESS);
    assert_int_equal(GxB_get(d, GrB_OUTP, &dv), GrB_SUCCESS);
    assert_int_equal(dv, GrB_REPLACE);
    assert_int_equal(GxB_set(d, GrB_OUTP, 5), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(d, GrB_MASK, GrB_COMP), GrB_SUCCESS);
    assert_int_equal(GxB_set(d, GrB_MASK, GrB_STRUCTURE), GrB_SUCCESS);
    assert_int_equal(GxB_get(d, GrB_MASK, &dv), GrB_SUCCESS);
    assert_int_equal(dv, GrB_COMP + GrB_STRUCTURE);
    assert_int_equal(GxB_set(d, GrB_MASK, GxB_DEFAULT), GrB_SUCCESS);
    assert_int_equal(GxB_Desc_set_INT32(d, GrB_INP0, GrB_TRAN), GrB_SUCCESS);
    assert_int_equal(GxB_set(d, GrB_INP1, GrB_REPLACE), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_get_INT32(d, GrB_INP0, &i), GrB_SUCCESS);
    assert_int_equal(i, GrB_TRAN);

    /* the GxB fields, stored as SuiteSparse stores them */
    assert_int_equal(GxB_set(d, GxB_NTHREADS, -4), GrB_SUCCESS);
    assert_int_equal(GxB_get(d, GxB_NTHREADS, &n), GrB_SUCCESS);
    assert_int_equal(n, -4);
    assert_int_equal(GxB_set(d, GxB_CHUNK, 500.0), GrB_SUCCESS);
    assert_int_equal(GxB_Desc_get_FP64(d, GxB_CHUNK, &c), GrB_SUCCESS);
    assert_true(c == 500);
    assert_int_equal(GxB_Desc_set_FP64(d, GxB_CHUNK, -3.0), GrB_SUCCESS);
    assert_int_equal(GxB_get(d, GxB_CHUNK, &c), GrB_SUCCESS);
    assert_true(c == -3);
    assert_int_equal(GxB_set(d, GxB_AxB_METHOD, GxB_AxB_DOT), GrB_SUCCESS);
    assert_int_equal(GxB_set(d, GxB_AxB_METHOD, 1002), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(d, GxB_AxB_METHOD, &dv), GrB_SUCCESS);
    assert_int_equal(dv, GxB_AxB_DOT);
    assert_int_equal(GxB_set(d, GxB_SORT, 5), GrB_SUCCESS); /* any nonzero value: 1 */
    assert_int_equal(GxB_get(d, GxB_SORT, &n), GrB_SUCCESS);
    assert_int_equal(n, 1);
    assert_int_equal(GxB_set(d, GxB_COMPRESSION, 1000), GrB_SUCCESS);
    assert_int_equal(GxB_get(d, GxB_COMPRESSION, &n), GrB_SUCCESS);
    assert_int_equal(n, 1000);
    assert_int_equal(GxB_set(d, GxB_IMPORT, 7), GrB_SUCCESS); /* any nonzero value: secure */
    assert_int_equal(GxB_get(d, GxB_IMPORT, &n), GrB_SUCCESS);
    assert_int_equal(n, GxB_SECURE_IMPORT);
    assert_int_equal(GxB_Desc_set_INT32(d, GxB_IMPORT, GxB_FAST_IMPORT), GrB_SUCCESS);
    assert_int_equal(GxB_get(d, GxB_IMPORT, &n), GrB_SUCCESS);
    assert_int_equal(n, GxB_FAST_IMPORT);

    /* GrB_Descriptor_set takes the enum-valued GxB fields only, as SuiteSparse's does */
    assert_int_equal(GrB_Descriptor_set(d, GxB_AxB_METHOD, GxB_AxB_HASH), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GxB_IMPORT, GxB_SECURE_IMPORT), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GxB_NTHREADS, 4), GrB_INVALID_VALUE);
    assert_int_equal(GrB_Descriptor_set(d, GxB_SORT, 4), GrB_INVALID_VALUE);
    assert_int_equal(GxB_get(d, GxB_AxB_METHOD, &n), GrB_SUCCESS);
    assert_int_equal(n, GxB_AxB_HASH);

    /* GxB_Descriptor_get reads the GrB_Desc_Value fields only */
    assert_int_equal(GxB_Descriptor_get(&dv, d, GrB_INP0), GrB_SUCCESS);
    assert_int_equal(dv, GrB_TRAN);
    assert_int_equal(GxB_Descriptor_get(&dv, d, GxB_AxB_METHOD), GrB_SUCCESS);
    assert_int_equal(dv, GxB_AxB_HASH);
    assert_int_equal(GxB_Descriptor_get(&dv, NULL, GrB_INP0), GrB_SUCCESS);
    assert_int_equal(dv, GrB_DEFAULT);
    dv = 99;
    assert_int_equal(GxB_Descriptor_get(&dv, d, GxB_NTHREADS), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Descriptor_get(&dv, d, GxB_IMPORT), GrB_INVALID_VALUE);
    assert_int_equal(dv, 99);
    assert_int_equal(GxB_Descriptor_get(NULL, d, GrB_MASK), GrB_NULL_POINTER);
    GrB_Descriptor_free(&d);
}

static void test_descriptor_errors(void **state)
{
    (void)state;
    GrB_Descriptor d = NULL;
    int n = 42;
    double c = 2;
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    assert_int_equal(GxB_get(d, (GrB_Desc_Field)1234, &n), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(d, (GrB_Desc_Field)1234, 1), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_set_INT32(d, (GrB_Desc_Field)1234, 3), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_set_FP64(d, GxB_NTHREADS, 3.0), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_set_FP64(d, GrB_OUTP, 1.0), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_set_INT32(d, GxB_CHUNK, 0), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_get_INT32(d, GxB_CHUNK, &n), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_get_FP64(d, GrB_OUTP, &c), GrB_INVALID_VALUE);
    assert_int_equal(n, 42);
    assert_true(c == 2);
    assert_int_equal(GxB_get(d, GrB_OUTP, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Desc_get(d, (GrB_Desc_Field)1234, NULL), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_get_INT32(d, (GrB_Desc_Field)1234, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Desc_get_FP64(d, GxB_CHUNK, NULL), GrB_NULL_POINTER);
    assert_int_equal(GxB_Desc_set((GrB_Descriptor)NULL, GrB_OUTP, GrB_REPLACE), GrB_NULL_POINTER);
    /* predefined descriptors refuse every write and read as defined */
    assert_int_equal(GxB_set(GrB_DESC_T0, GrB_OUTP, GrB_REPLACE), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(GrB_DESC_T0, GxB_CHUNK, 1.0), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(GrB_DESC_T0, GxB_NTHREADS, 1), GrB_INVALID_VALUE);
    assert_int_equal(GxB_set(GrB_DESC_T0, GxB_AxB_METHOD, GxB_AxB_DOT), GrB_INVALID_VALUE);
    assert_int_equal(GxB_Desc_get(GrB_DESC_T0, GrB_INP0, &n), GrB_SUCCESS);
    assert_int_equal(n, GrB_TRAN);
    assert_int_equal(GxB_Desc_get(GrB_DESC_T0, GxB_NTHREADS, &n), GrB_SUCCESS);
    assert_int_equal(n, 0);
    GrB_Descriptor freed = d;
    GrB_Descriptor_free(&d);
    assert_int_equal(GxB_Desc_get(freed, GrB_OUTP, &n), GrB_UNINITIALIZED_OBJECT);
    assert_int_equal(GxB_Desc_set(freed, GrB_OUTP, GrB_REPLACE), GrB_UNINITIALIZED_OBJECT);
}

int main(void)
{
    /* before GrB_init every method panics, as SuiteSparse's do */
    GxB_Format_Value f;
    if (GxB_get(GxB_FORMAT, &f) != GrB_PANIC || GxB_set(GxB_NTHREADS, 1) != GrB_PANIC) return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_are_suitesparse),
        cmocka_unit_test(test_global_format),
        cmocka_unit_test(test_global_switches),
        cmocka_unit_test(test_global_threads_chunk_burble),
        cmocka_unit_test(test_global_queries),
        cmocka_unit_test(test_global_recorded),
        cmocka_unit_test(test_global_errors),
        cmocka_unit_test(test_matrix_options),
        cmocka_unit_test(test_matrix_status),
        cmocka_unit_test(test_matrix_errors),
        cmocka_unit_test(test_vector_options),
        cmocka_unit_test(test_descriptor_fields),
        cmocka_unit_test(test_descriptor_errors),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
