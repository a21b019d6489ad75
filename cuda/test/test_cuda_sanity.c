/* test_cuda_sanity.c: the CUDA backend's plumbing on a real GPU: detection agrees between the
 * gateway, the internal device query and the public GrB_get fields; kernels run on the library's
 * stream (the gateway's own round trip and a kernel of this test). Exits 77 (Meson: SKIP) when no
 * CUDA device is usable, saying why. */
#include "GG_backend.h"
#include "GG_cuda.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "GG_cuda_test.h"

bool test_scale_on_stream(GG_cuda_stream_t stream, double *x, size_t n, double a, double b);

extern const GG_backend GG_cuda_backend;

static void detection_agrees(void **state)
{
    (void)state;
    char name[256];
    size_t memory = 0;
    assert_true(GG_device_info(name, sizeof name, &memory));
    assert_true(name[0] != '\0');
    assert_true(memory >= ((size_t)1 << 30));
    assert_non_null(GG_cuda_stream());

    int32_t backends = 0;
    char pname[256];
    size_t pmemory = 0;
    assert_int_equal(GrB_get(GrB_GLOBAL, &backends, GxG_BACKENDS_AVAILABLE), GrB_SUCCESS);
    assert_int_equal(backends, 3);
    assert_int_equal(GrB_get(GrB_GLOBAL, pname, GxG_DEVICE_NAME), GrB_SUCCESS);
    assert_string_equal(pname, name);
    assert_int_equal(GrB_get(GrB_GLOBAL, &pmemory, GxG_DEVICE_MEMORY), GrB_SUCCESS);
    assert_true(pmemory == memory);
}

static void gateway_roundtrip(void **state)
{
    (void)state;
    assert_true(GG_cuda_selftest(0));
    assert_true(GG_cuda_selftest(1));
    assert_true(GG_cuda_selftest((size_t)3 << 20));
}

static void own_kernel_on_library_stream(void **state)
{
    (void)state;
    size_t n = (size_t)1 << 20;
    double *x = malloc(n * sizeof(double));
    assert_non_null(x);
    for (size_t k = 0; k < n; k++) x[k] = (double)k;
    assert_true(test_scale_on_stream(GG_cuda_stream(), x, n, 2.0, -1.0));
    for (size_t k = 0; k < n; k++) {
        if (x[k] != 2.0 * (double)k - 1.0) fail_msg("x[%zu] = %g, expected %g", k, x[k], 2.0 * k - 1.0);
    }
    free(x);
}

static void backend_table_is_cuda(void **state)
{
    (void)state;
    assert_string_equal(GG_cuda_backend.name, "cuda");
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(detection_agrees),
        cmocka_unit_test(gateway_roundtrip),
        cmocka_unit_test(own_kernel_on_library_stream),
        cmocka_unit_test(backend_table_is_cuda),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return failed;
}
