/* test_cast.c: typecasting between all 11 x 11 built-in type pairs (GG_cast_get, GG_cast_array)
 * against the rules stated independently here: floating point to integer saturates with NaN to
 * 0, integer to integer wraps, anything to BOOL is x != 0, BOOL to anything is 0 or 1, and to
 * floating point is C's conversion. */
#include "algebra_test.h"

#include <float.h>

/* Source values: every integer and floating edge the rules distinguish. Each source type uses
 * those it can represent exactly. */
static const double fp_sources[] = {
    0.0,         -0.0,         0.5,           -0.5,         0.99,          -0.99,
    1.0,         -1.0,         1.5,           2.9,          -2.9,          127.0,
    127.5,       128.0,        -128.0,        -128.5,       -129.0,        255.0,
    255.9,       256.0,        300.7,         -300.7,       32767.5,       65535.5,
    65536.0,     70000.0,      -70000.0,      2147483520.0, 2147483647.0,  2147483648.0,
    -2147483648.0, -2147483649.0, 4294967295.0, 4294967296.0, 9.2233720368547748e18,
    9223372036854774784.0, -9223372036854775808.0, -9.3e18, 18446744073709549568.0,
    18446744073709551616.0, 1e30, -1e30, FLT_MAX, DBL_MAX, -DBL_MAX, FLT_MIN, DBL_MIN, 1e-310,
    INFINITY, -INFINITY, NAN};

static int int_sources(i128 *out)
{
    const i128 base[] = {0,
                         1,
                         -1,
                         2,
                         127,
                         128,
                         -128,
                         -129,
                         255,
                         256,
                         300,
                         -300,
                         32767,
                         32768,
                         65535,
                         65536,
                         70000,
                         -70000,
                         INT32_MAX,
                         (i128)INT32_MAX + 1,
                         INT32_MIN,
                         (i128)INT32_MIN - 1,
                         UINT32_MAX,
                         (i128)UINT32_MAX + 5,
                         ((i128)1 << 53) + 1,
                         INT64_MAX,
                         INT64_MIN,
                         UINT64_MAX,
                         (i128)UINT64_MAX - 1};
    memcpy(out, base, sizeof(base));
    return (int)(sizeof(base) / sizeof(base[0]));
}

/* The expected value of casting v (of type xt) to type zt, from the rules. */
static tval expected_cast(const tinfo *zt, const tinfo *xt, tval v, const void *xbuf)
{
    if (zt->is_bool) return ival(v.is_fp ? v.f != 0 : v.i != 0);
    if (zt->is_fp) {
        if (v.is_fp) return fp_result(zt, v.f);
        /* C's integer-to-floating conversion, from the source's own C type */
        double d = 0;
        float f = 0;
        switch (xt->code) {
        case GrB_BOOL_CODE: d = *(const bool *)xbuf; f = *(const bool *)xbuf; break;
        case GrB_INT8_CODE: d = *(const int8_t *)xbuf; f = *(const int8_t *)xbuf; break;
        case GrB_UINT8_CODE: d = *(const uint8_t *)xbuf; f = *(const uint8_t *)xbuf; break;
        case GrB_INT16_CODE: d = *(const int16_t *)xbuf; f = *(const int16_t *)xbuf; break;
        case GrB_UINT16_CODE: d = *(const uint16_t *)xbuf; f = *(const uint16_t *)xbuf; break;
        case GrB_INT32_CODE: d = *(const int32_t *)xbuf; f = (float)*(const int32_t *)xbuf; break;
        case GrB_UINT32_CODE:
            d = *(const uint32_t *)xbuf;
            f = (float)*(const uint32_t *)xbuf;
            break;
        case GrB_INT64_CODE:
            d = (double)*(const int64_t *)xbuf;
            f = (float)*(const int64_t *)xbuf;
            break;
        case GrB_UINT64_CODE:
            d = (double)*(const uint64_t *)xbuf;
            f = (float)*(const uint64_t *)xbuf;
            break;
        default: fail_msg("unexpected source");
        }
        return fval(zt->code == GrB_FP32_CODE ? (double)f : d);
    }
    if (v.is_fp) {
        if (isnan(v.f)) return ival(0);
        if (v.f <= (double)int_min(zt)) return ival(int_min(zt));
        if (v.f >= (double)int_max(zt)) return ival(int_max(zt));
        return ival((i128)trunc(v.f));
    }
    return ival(wrap(zt, (u128)v.i));
}

static void check_pair(const tinfo *zt, const tinfo *xt)
{
    GG_cast_fn cast = GG_cast_get(zt->code, xt->code);
    assert_non_null(cast);
    GrB_Type ztype = GG_type_of_code(zt->code), xtype = GG_type_of_code(xt->code);
    tval values[64];
    int n = 0;
    i128 ints[64];
    int nints = int_sources(ints);
    for (int k = 0; k < nints; k++)
        if (representable(xt, ival(ints[k]))) values[n++] = ival(ints[k]);
    for (size_t k = 0; k < sizeof(fp_sources) / sizeof(fp_sources[0]); k++)
        if (representable(xt, fval(fp_sources[k]))) values[n++] = fval(fp_sources[k]);
    assert_true(n > 1);

    /* one value at a time, then all at once through GG_cast_array, at an unaligned offset */
    unsigned char xs[64 * 8 + 1], zs[64 * 8 + 1];
    for (int k = 0; k < n; k++) {
        unsigned char xbuf[8], zbuf[8];
        tstore(xt, xbuf, values[k]);
        memcpy(xs + 1 + k * xtype->size, xbuf, xtype->size);
        tval want = expected_cast(zt, xt, values[k], xbuf);
        cast(zbuf, xbuf);
        tval got = tload(zt, zbuf);
        char a[64], b[64], c[64];
        tval_format(a, sizeof(a), values[k]);
        tval_format(b, sizeof(b), want);
        tval_format(c, sizeof(c), got);
        if (!tval_equal(got, want))
            fail_msg("cast %s -> %s of %s: expected %s, got %s", xt->suffix, zt->suffix, a, b, c);
    }
    GG_cast_array(zs + 1, ztype, xs + 1, xtype, (GrB_Index)n);
    for (int k = 0; k < n; k++) {
        unsigned char xbuf[8], zbuf[8];
        memcpy(xbuf, xs + 1 + k * xtype->size, xtype->size);
        memcpy(zbuf, zs + 1 + k * ztype->size, ztype->size);
        tval want = expected_cast(zt, xt, values[k], xbuf);
        if (!tval_equal(tload(zt, zbuf), want))
            fail_msg("GG_cast_array %s -> %s differs at %d", xt->suffix, zt->suffix, k);
    }
}

static void test_all_pairs(void **state)
{
    (void)state;
    for (int z = 0; z < NTYPES; z++)
        for (int x = 0; x < NTYPES; x++) check_pair(&TYPES[z], &TYPES[x]);
}

/* The rules' headline cases, spelled out. */
static void test_named_cases(void **state)
{
    (void)state;
    uint8_t u8;
    int32_t i32;
    uint16_t u16;
    int8_t i8;
    uint64_t u64;
    int64_t i64;
    bool b;
    double d;
    float f;

    d = 300.7;
    GG_cast_get(GrB_UINT8_CODE, GrB_FP64_CODE)(&u8, &d);
    assert_int_equal(u8, 255);
    d = -1e30;
    GG_cast_get(GrB_INT32_CODE, GrB_FP64_CODE)(&i32, &d);
    assert_int_equal(i32, INT32_MIN);
    f = INFINITY;
    GG_cast_get(GrB_INT64_CODE, GrB_FP32_CODE)(&i64, &f);
    assert_true(i64 == INT64_MAX);
    f = -INFINITY;
    GG_cast_get(GrB_UINT64_CODE, GrB_FP32_CODE)(&u64, &f);
    assert_true(u64 == 0);
    d = NAN;
    GG_cast_get(GrB_INT8_CODE, GrB_FP64_CODE)(&i8, &d);
    assert_int_equal(i8, 0);
    GG_cast_get(GrB_BOOL_CODE, GrB_FP64_CODE)(&b, &d);
    assert_true(b);
    i32 = 70000;
    GG_cast_get(GrB_UINT16_CODE, GrB_INT32_CODE)(&u16, &i32);
    assert_int_equal(u16, 4464);
    i32 = -1;
    GG_cast_get(GrB_UINT8_CODE, GrB_INT32_CODE)(&u8, &i32);
    assert_int_equal(u8, 255);
    d = -1.0;
    GG_cast_get(GrB_UINT8_CODE, GrB_FP64_CODE)(&u8, &d);
    assert_int_equal(u8, 0);
    d = 2.9;
    GG_cast_get(GrB_INT8_CODE, GrB_FP64_CODE)(&i8, &d);
    assert_int_equal(i8, 2);
    d = -2.9;
    GG_cast_get(GrB_INT8_CODE, GrB_FP64_CODE)(&i8, &d);
    assert_int_equal(i8, -2);
    d = 0.25;
    GG_cast_get(GrB_BOOL_CODE, GrB_FP64_CODE)(&b, &d);
    assert_true(b);
    u64 = UINT64_MAX;
    GG_cast_get(GrB_FP64_CODE, GrB_UINT64_CODE)(&d, &u64);
    assert_true(d == 18446744073709551616.0);
    b = true;
    GG_cast_get(GrB_FP32_CODE, GrB_BOOL_CODE)(&f, &b);
    assert_true(f == 1.0f);
    i64 = -5;
    GG_cast_get(GrB_BOOL_CODE, GrB_INT64_CODE)(&b, &i64);
    assert_true(b);
}

static void test_udt_and_bad_codes(void **state)
{
    (void)state;
    assert_null(GG_cast_get(GrB_UDT_CODE, GrB_INT32_CODE));
    assert_null(GG_cast_get(GrB_INT32_CODE, GrB_UDT_CODE));
    assert_null(GG_cast_get(GrB_UDT_CODE, GrB_UDT_CODE));
    assert_null(GG_cast_get((GrB_Type_Code)12, GrB_INT32_CODE));
    assert_null(GG_cast_get(GrB_INT32_CODE, (GrB_Type_Code)-1));

    /* a user-defined type is copied byte for byte */
    GrB_Type t = NULL;
    assert_int_equal(GrB_Type_new(&t, 3), GrB_SUCCESS);
    const unsigned char src[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    unsigned char dst[9] = {0};
    GG_cast_array(dst, t, src, t, 3);
    assert_memory_equal(dst, src, 9);
    assert_int_equal(GrB_Type_free(&t), GrB_SUCCESS);

    /* the same built-in type, and n == 0 */
    const int16_t a[3] = {-5, 7, 32767};
    int16_t c[3] = {0, 0, 0};
    GG_cast_array(c, GrB_INT16, a, GrB_INT16, 3);
    assert_memory_equal(c, a, sizeof(a));
    int16_t untouched = 99;
    GG_cast_array(&untouched, GrB_INT16, a, GrB_FP64, 0);
    assert_int_equal(untouched, 99);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_pairs),
        cmocka_unit_test(test_named_cases),
        cmocka_unit_test(test_udt_and_bad_codes),
    };
    return cmocka_run_group_tests(tests, grb_setup, grb_teardown);
}
