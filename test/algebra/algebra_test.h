/* algebra_test.h: helpers shared by the algebra tests: typed values held as exact numbers
 * (integers as __int128, floating point as double) so that expectations are computed by plain
 * arithmetic, independently of the library's generated code. */
#ifndef ALGEBRA_TEST_H
#define ALGEBRA_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "GG_internal.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

/* A value of a built-in type: integers and BOOL exactly in i, floating point in f. */
typedef struct {
    bool is_fp;
    i128 i;
    double f;
} tval;

typedef struct {
    const char *suffix; /* "INT8" */
    GrB_Type_Code code;
    int bits;    /* integers and BOOL (1) */
    bool is_signed;
    bool is_fp;
    bool is_bool;
} tinfo;

static const tinfo TYPES[] = {
    {"BOOL", GrB_BOOL_CODE, 1, false, false, true},
    {"INT8", GrB_INT8_CODE, 8, true, false, false},
    {"UINT8", GrB_UINT8_CODE, 8, false, false, false},
    {"INT16", GrB_INT16_CODE, 16, true, false, false},
    {"UINT16", GrB_UINT16_CODE, 16, false, false, false},
    {"INT32", GrB_INT32_CODE, 32, true, false, false},
    {"UINT32", GrB_UINT32_CODE, 32, false, false, false},
    {"INT64", GrB_INT64_CODE, 64, true, false, false},
    {"UINT64", GrB_UINT64_CODE, 64, false, false, false},
    {"FP32", GrB_FP32_CODE, 32, true, true, false},
    {"FP64", GrB_FP64_CODE, 64, true, true, false},
};
#define NTYPES 11

static inline const tinfo *tinfo_of_code(GrB_Type_Code code)
{
    for (int k = 0; k < NTYPES; k++)
        if (TYPES[k].code == code) return &TYPES[k];
    return NULL;
}

static inline const tinfo *tinfo_of_suffix(const char *suffix)
{
    for (int k = 0; k < NTYPES; k++)
        if (strcmp(TYPES[k].suffix, suffix) == 0) return &TYPES[k];
    return NULL;
}

static inline i128 int_max(const tinfo *t)
{
    if (t->is_bool) return 1;
    return t->is_signed ? (((i128)1 << (t->bits - 1)) - 1) : (((i128)1 << t->bits) - 1);
}

static inline i128 int_min(const tinfo *t)
{
    return t->is_signed && !t->is_bool ? -((i128)1 << (t->bits - 1)) : 0;
}

/* v modulo 2^bits, into the type's range: what two's-complement wrapping gives. */
static inline i128 wrap(const tinfo *t, u128 v)
{
    if (t->is_bool) return (i128)(v & 1);
    u128 mask = (((u128)1) << t->bits) - 1;
    u128 low = v & mask;
    if (t->is_signed && (low >> (t->bits - 1)) != 0) return (i128)low - ((i128)1 << t->bits);
    return (i128)low;
}

static inline tval ival(i128 i)
{
    return (tval){.is_fp = false, .i = i};
}

static inline tval fval(double f)
{
    return (tval){.is_fp = true, .f = f};
}

/* Stores v (representable in the type) into buf with the type's C representation. */
static inline void tstore(const tinfo *t, void *buf, tval v)
{
    double f = v.is_fp ? v.f : (double)v.i;
    switch (t->code) {
    case GrB_BOOL_CODE: *(bool *)buf = v.is_fp ? f != 0 : v.i != 0; break;
    case GrB_INT8_CODE: *(int8_t *)buf = (int8_t)v.i; break;
    case GrB_UINT8_CODE: *(uint8_t *)buf = (uint8_t)v.i; break;
    case GrB_INT16_CODE: *(int16_t *)buf = (int16_t)v.i; break;
    case GrB_UINT16_CODE: *(uint16_t *)buf = (uint16_t)v.i; break;
    case GrB_INT32_CODE: *(int32_t *)buf = (int32_t)v.i; break;
    case GrB_UINT32_CODE: *(uint32_t *)buf = (uint32_t)v.i; break;
    case GrB_INT64_CODE: *(int64_t *)buf = (int64_t)v.i; break;
    case GrB_UINT64_CODE: *(uint64_t *)buf = (uint64_t)v.i; break;
    case GrB_FP32_CODE: *(float *)buf = (float)f; break;
    case GrB_FP64_CODE: *(double *)buf = f; break;
    default: fail_msg("bad type code %d", (int)t->code);
    }
}

/* Reads a value of the type from buf, exactly. */
static inline tval tload(const tinfo *t, const void *buf)
{
    switch (t->code) {
    case GrB_BOOL_CODE: return ival(*(const bool *)buf);
    case GrB_INT8_CODE: return ival(*(const int8_t *)buf);
    case GrB_UINT8_CODE: return ival(*(const uint8_t *)buf);
    case GrB_INT16_CODE: return ival(*(const int16_t *)buf);
    case GrB_UINT16_CODE: return ival(*(const uint16_t *)buf);
    case GrB_INT32_CODE: return ival(*(const int32_t *)buf);
    case GrB_UINT32_CODE: return ival(*(const uint32_t *)buf);
    case GrB_INT64_CODE: return ival(*(const int64_t *)buf);
    case GrB_UINT64_CODE: return ival(*(const uint64_t *)buf);
    case GrB_FP32_CODE: return fval(*(const float *)buf);
    case GrB_FP64_CODE: return fval(*(const double *)buf);
    default: fail_msg("bad type code %d", (int)t->code);
    }
    return ival(0);
}

/* True when v is exactly a value of the type (floating values rounded to FP32 must not move). */
static inline bool representable(const tinfo *t, tval v)
{
    if (t->is_fp) {
        if (!v.is_fp) return false;
        return t->code == GrB_FP64_CODE || isnan(v.f) || (double)(float)v.f == v.f;
    }
    return !v.is_fp && v.i >= int_min(t) && v.i <= int_max(t);
}

/* A floating-point result of the type from an exact double: FP32 rounds once (the double
 * operations used for the expectations are exact or correctly rounded for FP32 operands). */
static inline tval fp_result(const tinfo *t, double f)
{
    return fval(t->code == GrB_FP32_CODE ? (double)(float)f : f);
}

static inline bool tval_equal(tval a, tval b)
{
    if (a.is_fp != b.is_fp) return false;
    if (!a.is_fp) return a.i == b.i;
    if (isnan(a.f) || isnan(b.f)) return isnan(a.f) && isnan(b.f);
    return a.f == b.f && signbit(a.f) == signbit(b.f);
}

static inline void tval_format(char *buf, size_t len, tval v)
{
    if (v.is_fp) {
        snprintf(buf, len, "%.17g", v.f);
    } else if (v.i < 0) {
        snprintf(buf, len, "-%llu", (unsigned long long)(-v.i));
    } else {
        snprintf(buf, len, "%llu", (unsigned long long)v.i);
    }
}

/* Representative operands of a type: zero, ones, small values, the extremes and, for floating
 * point, signed zero, fractions, huge values, infinities and NaN. */
static inline int sample_values(const tinfo *t, tval *out)
{
    int n = 0;
    if (t->is_fp) {
        static const double fp[] = {0.0, -0.0, 1.0, -1.0, 2.5, -3.25, 7.0, 0.1, 1e30, -1e30,
                                    1e-30, INFINITY, -INFINITY, NAN};
        for (size_t k = 0; k < sizeof(fp) / sizeof(fp[0]); k++) out[n++] = fp_result(t, fp[k]);
        return n;
    }
    const i128 small[] = {0, 1, -1, 2, -2, 3, 7, -7, 100, -100};
    for (size_t k = 0; k < sizeof(small) / sizeof(small[0]); k++)
        if (representable(t, ival(small[k]))) out[n++] = ival(small[k]);
    const i128 extremes[] = {int_max(t), int_max(t) - 1, int_min(t), int_min(t) + 1};
    for (size_t k = 0; k < 4; k++) {
        bool seen = false;
        for (int m = 0; m < n; m++) seen = seen || out[m].i == extremes[k];
        if (!seen) out[n++] = ival(extremes[k]);
    }
    return n;
}
#define MAX_SAMPLES 16

/* Group setup/teardown: every test program runs inside GrB_init / GrB_finalize. */
static inline int grb_setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static inline int grb_teardown(void **state)
{
    (void)state;
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

#endif /* ALGEBRA_TEST_H */
