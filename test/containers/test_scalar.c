/* test_scalar.c: GrB_Scalar: lifecycle, setElement/extractElement for every suffix with
 * SuiteSparse's typecasts, user-defined values, and the exact code of every bad input. */
#include "containers_test.h"

#include <math.h>

static void test_lifecycle(void **state)
{
    (void)state;
    GrB_Scalar s = NULL, t = NULL;
    GrB_Index n = 99;
    OK(GrB_Scalar_new(&s, GrB_FP64));
    OK(GrB_Scalar_nvals(&n, s));
    assert_int_equal(n, 0);
    OK(GrB_Scalar_setElement_FP64(s, 3.5));
    OK(GrB_Scalar_nvals(&n, s));
    assert_int_equal(n, 1);
    OK(GrB_Scalar_dup(&t, s));
    OK(GrB_Scalar_clear(s));
    OK(GrB_Scalar_nvals(&n, s));
    assert_int_equal(n, 0);
    double x = 0;
    OK(GrB_Scalar_extractElement_FP64(&x, t));
    assert_true(x == 3.5);
    OK(GrB_Scalar_wait(s, GrB_COMPLETE));
    OK(GrB_Scalar_wait(t, GrB_MATERIALIZE));
    INFO(GrB_Scalar_wait(t, (GrB_WaitMode)2), GrB_INVALID_VALUE);

    GrB_Scalar stale = t;
    OK(GrB_Scalar_free(&t));
    assert_null(t);
    OK(GrB_Scalar_free(&t));
    OK(GrB_Scalar_free(NULL));
    INFO(GrB_Scalar_free(&stale), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Scalar_nvals(&n, stale), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Scalar_setElement_FP64(stale, 1.0), GrB_UNINITIALIZED_OBJECT);
    OK(GrB_Scalar_free(&s));
}

/* Every suffix both ways: into an FP64 scalar and out of a scalar of the suffix's type. */
#define ROUND_TRIP(T, E, V, CV)                                                                    \
    {                                                                                              \
        GrB_Scalar s = NULL;                                                                       \
        OK(GrB_Scalar_new(&s, GrB_FP64));                                                          \
        OK(GrB_Scalar_setElement_##T(s, (E)7));                                                    \
        double d = 0;                                                                              \
        OK(GrB_Scalar_extractElement_FP64(&d, s));                                                 \
        assert_true(d == (E)7);                                                                    \
        OK(GrB_Scalar_free(&s));                                                                   \
        OK(GrB_Scalar_new(&s, GrB_##T));                                                           \
        E out = (E)0;                                                                              \
        INFO(GrB_Scalar_extractElement_##T(&out, s), GrB_NO_VALUE);                                \
        assert_true(out == (E)0);                                                                  \
        OK(GrB_Scalar_setElement_FP64(s, 42.0));                                                   \
        OK(GrB_Scalar_extractElement_##T(&out, s));                                                \
        assert_true(out == (E)42);                                                                 \
        OK(GrB_Scalar_free(&s));                                                                   \
    }

static void test_all_suffixes(void **state)
{
    (void)state;
    GxG_BUILTIN_TYPES(ROUND_TRIP)
}

/* SuiteSparse's rules: float to integer saturates (NaN to 0), integer to integer wraps, anything
 * to BOOL is x != 0. */
static void test_casts(void **state)
{
    (void)state;
    GrB_Scalar s = NULL;
    OK(GrB_Scalar_new(&s, GrB_FP64));
    uint8_t u8 = 0;
    OK(GrB_Scalar_setElement_FP64(s, 300.7));
    OK(GrB_Scalar_extractElement_UINT8(&u8, s));
    assert_int_equal(u8, 255);
    int16_t i16 = 0;
    OK(GrB_Scalar_setElement_FP64(s, -1e300));
    OK(GrB_Scalar_extractElement_INT16(&i16, s));
    assert_int_equal(i16, INT16_MIN);
    int32_t i32 = 5;
    OK(GrB_Scalar_setElement_FP64(s, NAN));
    OK(GrB_Scalar_extractElement_INT32(&i32, s));
    assert_int_equal(i32, 0);
    bool b = false;
    OK(GrB_Scalar_setElement_FP64(s, 0.25));
    OK(GrB_Scalar_extractElement_BOOL(&b, s));
    assert_true(b);
    OK(GrB_Scalar_free(&s));

    /* the value is stored in the scalar's type: 70000 wraps to 4464 in UINT16 */
    OK(GrB_Scalar_new(&s, GrB_UINT16));
    OK(GrB_Scalar_setElement_INT32(s, 70000));
    int64_t i64 = 0;
    OK(GrB_Scalar_extractElement_INT64(&i64, s));
    assert_int_equal(i64, 4464);
    OK(GrB_Scalar_free(&s));
}

static void test_udt(void **state)
{
    (void)state;
    GrB_Type U = NULL;
    OK(GrB_Type_new(&U, sizeof(ct_udt)));
    GrB_Scalar s = NULL, f = NULL, d = NULL;
    OK(GrB_Scalar_new(&s, U));
    OK(GrB_Scalar_new(&f, GrB_FP64));
    ct_udt in = ct_udt_make(2.5, 9), out = ct_udt_make(0, 0);
    INFO(GrB_Scalar_extractElement_UDT(&out, s), GrB_NO_VALUE);
    OK(GrB_Scalar_setElement_UDT(s, &in));
    OK(GrB_Scalar_extractElement_UDT(&out, s));
    assert_true(ct_udt_equal(&in, &out));
    OK(GrB_Scalar_dup(&d, s));
    out = ct_udt_make(0, 0);
    OK(GrB_Scalar_extractElement_UDT(&out, d));
    assert_true(ct_udt_equal(&in, &out));

    /* a user-defined type casts to nothing */
    double x = 1;
    INFO(GrB_Scalar_setElement_FP64(s, 1.0), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Scalar_extractElement_FP64(&x, s), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Scalar_setElement_UDT(f, &in), GrB_DOMAIN_MISMATCH);
    INFO(GrB_Scalar_extractElement_UDT(&out, f), GrB_DOMAIN_MISMATCH);
    assert_true(x == 1);
    INFO(GrB_Scalar_setElement_UDT(s, NULL), GrB_NULL_POINTER);
    INFO(GrB_Scalar_extractElement_UDT(NULL, s), GrB_NULL_POINTER);
    out = ct_udt_make(0, 0);
    OK(GrB_Scalar_extractElement_UDT(&out, s));
    assert_true(ct_udt_equal(&in, &out));
    OK(GrB_Scalar_free(&s));
    OK(GrB_Scalar_free(&d));
    OK(GrB_Scalar_free(&f));
    OK(GrB_Type_free(&U));
}

static void test_bad_inputs(void **state)
{
    (void)state;
    GrB_Scalar s = CT_SENTINEL(GrB_Scalar), live = NULL;
    INFO(GrB_Scalar_new(NULL, GrB_FP64), GrB_NULL_POINTER);
    INFO(GrB_Scalar_new(&s, NULL), GrB_NULL_POINTER);
    INFO(GrB_Scalar_dup(NULL, s), GrB_NULL_POINTER);
    INFO(GrB_Scalar_dup(&s, NULL), GrB_NULL_POINTER);
    assert_ptr_equal(s, CT_SENTINEL(GrB_Scalar));

    /* storage that never held an object */
    static uint64_t zeros[64];
    GrB_Scalar fake = (GrB_Scalar)(void *)zeros;
    GrB_Index n = 7;
    INFO(GrB_Scalar_nvals(&n, fake), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Scalar_clear(fake), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Scalar_dup(&s, fake), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Scalar_new(&s, (GrB_Type)(void *)zeros), GrB_UNINITIALIZED_OBJECT);
    INFO(GrB_Scalar_wait(fake, GrB_COMPLETE), GrB_UNINITIALIZED_OBJECT);
    assert_int_equal(n, 7);
    assert_ptr_equal(s, CT_SENTINEL(GrB_Scalar));

    OK(GrB_Scalar_new(&live, GrB_INT32));
    INFO(GrB_Scalar_nvals(NULL, live), GrB_NULL_POINTER);
    INFO(GrB_Scalar_extractElement_INT32(NULL, live), GrB_NULL_POINTER);
    INFO(GrB_Scalar_setElement_INT32(NULL, 1), GrB_NULL_POINTER);
    INFO(GrB_Scalar_wait(live, (GrB_WaitMode)-1), GrB_INVALID_VALUE);
    const char *msg = NULL;
    OK(GrB_Scalar_error(&msg, live));
    assert_non_null(strstr(msg, "GrB_Scalar_wait"));
    assert_non_null(strstr(msg, "mode"));
    OK(GrB_Scalar_free(&live));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lifecycle), cmocka_unit_test(test_all_suffixes),
        cmocka_unit_test(test_casts),     cmocka_unit_test(test_udt),
        cmocka_unit_test(test_bad_inputs),
    };
    return cmocka_run_group_tests(tests, ct_group_setup, ct_group_teardown);
}
