/* test_exports.c: the predefined algebraic objects as a client sees them through the shared
 * library: each list of the public header links (so every handle is exported), has the spec's
 * number of members (plus SuiteSparse's nine legacy MINV), and every handle is a distinct,
 * live object that GrB_free leaves alone. Public API only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>

#include "GraphBLAS_gpu.h"
#include "GG_test.h"

#define COUNT_ONE(...) +1
enum {
    N_TYPES = 0 GxG_BUILTIN_TYPES(COUNT_ONE),
    N_UNARY = 0 GxG_UNARY_OPS(COUNT_ONE),
    N_LEGACY = 0 GxG_LEGACY_UNARY_OPS(COUNT_ONE),
    N_BINARY = 0 GxG_BINARY_OPS(COUNT_ONE),
    N_INDEXUNARY = 0 GxG_INDEXUNARY_OPS(COUNT_ONE),
    N_MONOIDS = 0 GxG_MONOIDS(COUNT_ONE),
    N_SEMIRINGS = 0 GxG_SEMIRINGS(COUNT_ONE),
};
#undef COUNT_ONE

static int compare_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;
    return (x > y) - (x < y);
}

static void test_counts(void **state)
{
    (void)state;
    /* spec 2.1: 11 types, 44 unary, 201 binary, 80 index-unary, 44 monoids, 124 semirings */
    assert_int_equal(N_TYPES, 11);
    assert_int_equal(N_UNARY, 44);
    assert_int_equal(N_LEGACY, 9);
    assert_int_equal(N_BINARY, 201);
    assert_int_equal(N_INDEXUNARY, 80);
    assert_int_equal(N_MONOIDS, 44);
    assert_int_equal(N_SEMIRINGS, 124);
}

static void test_distinct_handles(void **state)
{
    (void)state;
#define PTR_T(T, ...) (void *)GrB_##T,
#define PTR(name) (void *)name,
    void *all[] = {GxG_BUILTIN_TYPES(PTR_T) GxG_UNARY_OPS(PTR) GxG_LEGACY_UNARY_OPS(PTR)
                       GxG_BINARY_OPS(PTR) GxG_INDEXUNARY_OPS(PTR) GxG_MONOIDS(PTR)
                           GxG_SEMIRINGS(PTR)};
#undef PTR
#undef PTR_T
    size_t n = sizeof(all) / sizeof(all[0]);
    assert_int_equal(n, 11 + 44 + 9 + 201 + 80 + 44 + 124);
    for (size_t k = 0; k < n; k++) assert_non_null(all[k]);
    qsort(all, n, sizeof(all[0]), compare_ptr);
    for (size_t k = 1; k < n; k++) assert_true(all[k] != all[k - 1]);
}

/* Freeing a predefined object is a no-op that keeps the handle; waiting on one succeeds. */
static void test_builtins_survive_free(void **state)
{
    (void)state;
#define FREE_KEEP(K, h)                                                                            \
    {                                                                                              \
        GrB_##K x = h;                                                                             \
        assert_int_equal(GrB_free(&x), GrB_SUCCESS);                                               \
        assert_ptr_equal(x, h);                                                                    \
        assert_int_equal(GrB_wait(x, GrB_MATERIALIZE), GrB_SUCCESS);                               \
    }
#define FREE_TYPE(T, ...) FREE_KEEP(Type, GrB_##T)
#define FREE_UNOP(name) FREE_KEEP(UnaryOp, name)
#define FREE_BINOP(name) FREE_KEEP(BinaryOp, name)
#define FREE_IDXOP(name) FREE_KEEP(IndexUnaryOp, name)
#define FREE_MONOID(name) FREE_KEEP(Monoid, name)
#define FREE_SEMIRING(name) FREE_KEEP(Semiring, name)
    GxG_BUILTIN_TYPES(FREE_TYPE)
    GxG_UNARY_OPS(FREE_UNOP)
    GxG_LEGACY_UNARY_OPS(FREE_UNOP)
    GxG_BINARY_OPS(FREE_BINOP)
    GxG_INDEXUNARY_OPS(FREE_IDXOP)
    GxG_MONOIDS(FREE_MONOID)
    GxG_SEMIRINGS(FREE_SEMIRING)
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_distinct_handles),
        cmocka_unit_test(test_builtins_survive_free),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
