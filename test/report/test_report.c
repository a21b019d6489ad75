/* test_report.c: GxG_Matrix_storage_report. Its argument checks return the exact GrB_Info of every
 * GrB_ method (GrB_PANIC before GrB_init, NULL, freed and wrong-kind handles, a file that cannot
 * be written); its text names the matrix, the logical dimensions and entry count after pending
 * work and transposition, and prints the CSR and COO sizes the formulas of Doc/hisparse.md give. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"
#include "GG_test.h"

#define OK(x) assert_int_equal((x), GrB_SUCCESS)

/* The report of A, written to a temporary file and read back (static buffer). */
static const char *report(GrB_Matrix A, const char *name)
{
    static char text[16384];
    FILE *f = tmpfile();
    assert_non_null(f);
    OK(GxG_Matrix_storage_report(A, name, f));
    rewind(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* The number after `key` in text. */
static double number_after(const char *text, const char *key)
{
    const char *p = strstr(text, key);
    assert_non_null(p);
    return strtod(p + strlen(key), NULL);
}

static void test_before_init(void **state)
{
    (void)state;
    assert_int_equal(GxG_Matrix_storage_report(NULL, "A", stdout), GrB_PANIC);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    assert_int_equal(GxG_Matrix_storage_report(NULL, "A", stdout), GrB_NULL_POINTER);
    OK(GrB_Vector_new(&v, GrB_FP64, 4));
    assert_int_equal(GxG_Matrix_storage_report((GrB_Matrix)v, "v", stdout), GrB_UNINITIALIZED_OBJECT);
    OK(GrB_Vector_free(&v));
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    GrB_Matrix stale = A;
    OK(GrB_Matrix_free(&A));
    assert_int_equal(GxG_Matrix_storage_report(stale, "A", stdout), GrB_UNINITIALIZED_OBJECT);

    /* a stream opened for reading refuses writes: the report is lost, which is an error */
    OK(GrB_Matrix_new(&A, GrB_FP64, 4, 4));
    OK(GrB_Matrix_setElement_FP64(A, 1.5, 2, 3));
    FILE *ro = fopen("/dev/null", "r");
    assert_non_null(ro);
    assert_int_equal(GxG_Matrix_storage_report(A, "A", ro), GrB_INVALID_VALUE);
    fclose(ro);
    const char *err = NULL;
    OK(GrB_Matrix_error(&err, A));
    assert_non_null(strstr(err, "writing to the file failed"));
    OK(GrB_Matrix_free(&A));
}

/* A full 64 x 64 FP32 matrix with distinct values (no iso tree): CSR32 holds 4 (64 + 1) bytes of
 * row pointers plus 8 per entry, COO32 12 per entry, and a dense tree beats both. */
static void test_dense_numbers(void **state)
{
    (void)state;
    enum { N = 64 };
    GrB_Index I[N * N], J[N * N];
    float X[N * N];
    for (int k = 0; k < N * N; k++) {
        I[k] = (GrB_Index)(k / N);
        J[k] = (GrB_Index)(k % N);
        X[k] = (float)k + 1;
    }
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP32, N, N));
    OK(GrB_Matrix_build_FP32(A, I, J, X, N * N, GrB_PLUS_FP32));
    const char *text = report(A, "dense64");
    assert_non_null(strstr(text, "dense64: 64 x 64, 4096 entries, 4-byte values, d = "));
    double hs = number_after(text, "HiSparse "), csr32 = number_after(text, "CSR32 "),
           csr64 = number_after(text, "CSR64 "), coo32 = number_after(text, "COO32 ");
    assert_float_equal(csr32, (4.0 * (N + 1) + 8.0 * N * N) / (N * N), 0.005);
    assert_float_equal(csr64, (8.0 * (N + 1) + 12.0 * N * N) / (N * N), 0.005);
    assert_float_equal(coo32, 12.0, 0.005);
    assert_true(hs > 0 && hs < csr32);
    assert_non_null(strstr(text, "leaves:"));
    assert_non_null(strstr(text, "    level "));
    OK(GrB_Matrix_free(&A));
}

/* name NULL falls back to GrB_NAME, then to "A"; an explicit name wins. */
static void test_names(void **state)
{
    (void)state;
    GrB_Matrix A = NULL;
    OK(GrB_Matrix_new(&A, GrB_INT32, 3, 3));
    OK(GrB_Matrix_setElement_INT32(A, 7, 0, 1));
    assert_true(strncmp(report(A, NULL), "A: 3 x 3, 1 entries", 19) == 0);
    OK(GrB_Matrix_set_String(A, "mygraph", GrB_NAME));
    assert_true(strncmp(report(A, NULL), "mygraph: 3 x 3", 14) == 0);
    assert_true(strncmp(report(A, "other"), "other: 3 x 3", 12) == 0);
    OK(GxG_Matrix_storage_report(A, NULL, NULL)); /* NULL file: stdout, as GxB_fprint */
    OK(GrB_Matrix_free(&A));
}

/* Pending setElement calls are assembled before the report; a transpose reports the logical
 * (transposed) dimensions; an empty matrix reports zero entries. */
static void test_pending_transposed_empty(void **state)
{
    (void)state;
    GrB_Matrix A = NULL, T = NULL, E = NULL;
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 5));
    OK(GrB_Matrix_setElement_FP64(A, 1.0, 0, 4));
    OK(GrB_Matrix_setElement_FP64(A, 2.0, 2, 1));
    OK(GrB_Matrix_setElement_FP64(A, 3.0, 1, 1));
    assert_non_null(strstr(report(A, "P"), "P: 3 x 5, 3 entries"));
    OK(GrB_Matrix_new(&T, GrB_FP64, 5, 3));
    OK(GrB_transpose(T, NULL, NULL, A, NULL));
    assert_non_null(strstr(report(T, "T"), "T: 5 x 3, 3 entries"));
    OK(GrB_Matrix_new(&E, GrB_BOOL, 0, 0));
    assert_non_null(strstr(report(E, "E"), "E: 0 x 0, 0 entries"));
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&T));
    OK(GrB_Matrix_free(&E));
}

int main(void)
{
    const struct CMUnitTest uninitialised[] = {cmocka_unit_test(test_before_init)};
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_dense_numbers),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_pending_transposed_empty),
    };
    int failed = cmocka_run_group_tests_name("before GrB_init", uninitialised, NULL, NULL);
    return failed + cmocka_run_group_tests_name("storage report", tests, GG_test_setup, GG_test_teardown);
}
