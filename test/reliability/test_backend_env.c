/* test_backend_env.c: GRAPHBLAS_GPU_BACKEND=auto|cpu|cuda, read by GrB_init as
 * GRAPHBLAS_GPU_TRACE is, and the decline count GxG_CUDA_DECLINES. Each test sets the variable,
 * starts a context with the trace captured from stderr, checks the policy and what an operation
 * does under it, and finalizes; the tests run in order in one process. On a machine without a
 * CUDA device, forced CUDA follows GxG_BACKEND's rule: an operation fails with
 * GrB_NOT_IMPLEMENTED. With a device it runs, and every call CUDA did not take is counted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "GraphBLAS_gpu.h"

#define OK(x) assert_int_equal((x), GrB_SUCCESS)

static char trace[8192]; /* what the library wrote to stderr during the last start() */

/* GrB_init with GRAPHBLAS_GPU_BACKEND = value (NULL: unset) and the trace on, its stderr lines
 * kept in `trace`. */
static void start(const char *value)
{
    if (value != NULL)
        setenv("GRAPHBLAS_GPU_BACKEND", value, 1);
    else
        unsetenv("GRAPHBLAS_GPU_BACKEND");
    setenv("GRAPHBLAS_GPU_TRACE", "1", 1);
    FILE *f = tmpfile();
    assert_non_null(f);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(f), STDERR_FILENO) >= 0);
    GrB_Info info = GrB_init(GrB_NONBLOCKING);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    rewind(f);
    size_t n = fread(trace, 1, sizeof trace - 1, f);
    trace[n] = '\0';
    fclose(f);
    OK(info);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, 0, GxG_TRACE)); /* quiet from here on */
}

static int32_t policy(void)
{
    int32_t b = -1;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &b, GxG_BACKEND));
    return b;
}

static size_t declines(void)
{
    size_t n = 12345;
    OK(GrB_Global_get_SIZE(GrB_GLOBAL, &n, GxG_CUDA_DECLINES));
    return n;
}

static bool have_cuda(void)
{
    int32_t avail = 0;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &avail, GxG_BACKENDS_AVAILABLE));
    return (avail & 2) != 0;
}

/* One small product: C = A*A on a 3x3 matrix. */
static GrB_Info product(void)
{
    GrB_Matrix A, C;
    OK(GrB_Matrix_new(&A, GrB_FP64, 3, 3));
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, 3));
    OK(GrB_Matrix_setElement_FP64(A, 2.0, 0, 1));
    OK(GrB_Matrix_setElement_FP64(A, 3.0, 1, 2));
    GrB_Info info = GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL);
    if (info == GrB_SUCCESS) {
        double x = 0;
        OK(GrB_Matrix_extractElement_FP64(&x, C, 0, 2));
        assert_true(x == 6.0);
    }
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&C));
    return info;
}

static void test_unset_is_auto(void **state)
{
    (void)state;
    start(NULL);
    assert_int_equal(policy(), GxG_BACKEND_AUTO);
    assert_null(strstr(trace, "GRAPHBLAS_GPU_BACKEND"));
    assert_int_equal(declines(), 0);
    OK(product());
    OK(GrB_finalize());
    start("");
    assert_int_equal(policy(), GxG_BACKEND_AUTO);
    OK(GrB_finalize());
}

static void test_cpu(void **state)
{
    (void)state;
    start("cpu");
    assert_int_equal(policy(), GxG_BACKEND_CPU);
    assert_non_null(strstr(trace, "GRAPHBLAS_GPU_BACKEND=cpu sets the backend policy to cpu"));
    OK(product());
    assert_int_equal(declines(), 0);
    /* GrB_set still overrides it, and the next GrB_init reads the variable again */
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_AUTO, GxG_BACKEND));
    assert_int_equal(policy(), GxG_BACKEND_AUTO);
    OK(GrB_finalize());
    start("Auto");
    assert_int_equal(policy(), GxG_BACKEND_AUTO);
    OK(GrB_finalize());
}

/* z = x for a 16-byte user-defined type. */
static void copy16(void *z, const void *x)
{
    memcpy(z, x, 16);
}

static void test_cuda(void **state)
{
    (void)state;
    start("CUDA");
    assert_int_equal(policy(), GxG_BACKEND_CUDA);
    assert_non_null(strstr(trace, "sets the backend policy to cuda"));
    if (have_cuda()) {
        OK(product());
        /* a user-defined type has no device code: the call runs on the CPU, counted */
        size_t before = declines();
        /* (an apply: GrB_transpose of A onto itself only flips a flag, dispatching nothing) */
        GrB_Type T;
        GrB_UnaryOp op;
        GrB_Matrix A;
        OK(GrB_Type_new(&T, 16));
        OK(GrB_UnaryOp_new(&op, copy16, T, T));
        OK(GrB_Matrix_new(&A, T, 2, 2));
        OK(GrB_Matrix_apply(A, NULL, NULL, op, A, NULL));
        OK(GrB_Matrix_free(&A));
        OK(GrB_UnaryOp_free(&op));
        OK(GrB_Type_free(&T));
        assert_true(declines() > before);
    } else {
        /* today's forced-CUDA rule: no device, no operation */
        assert_int_equal(product(), GrB_NOT_IMPLEMENTED);
        assert_int_equal(declines(), 0);
    }
    OK(GrB_finalize());
    /* the count starts again at each GrB_init */
    start("cpu");
    assert_int_equal(declines(), 0);
    assert_int_equal(GrB_Global_set_INT32(GrB_GLOBAL, 1, GxG_CUDA_DECLINES), GrB_INVALID_VALUE);
    OK(GrB_finalize());
}

/* An unknown value does not stop GrB_init: AUTO, and the trace says why. */
static void test_invalid_value(void **state)
{
    (void)state;
    start("gpu");
    assert_int_equal(policy(), GxG_BACKEND_AUTO);
    assert_non_null(strstr(trace, "GRAPHBLAS_GPU_BACKEND=gpu is not auto, cpu or cuda"));
    OK(product());
    OK(GrB_finalize());
    unsetenv("GRAPHBLAS_GPU_BACKEND");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unset_is_auto),
        cmocka_unit_test(test_cpu),
        cmocka_unit_test(test_cuda),
        cmocka_unit_test(test_invalid_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
