/* mm_types.c: the built-in types as the Matrix Market reader and writer see them: one table row
 * per type (from one list, so names, sizes, ranges and the typed build/extract wrappers agree),
 * and the value parsing, negation and formatting that depend on the type's kind. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mm_internal.h"

/* X(GrB suffix, C type, kind, min, max) */
#define MM_TYPES(X)                                         \
    X(BOOL, bool, MM_KIND_BOOL, 0, 1)                       \
    X(INT8, int8_t, MM_KIND_SIGNED, INT8_MIN, INT8_MAX)     \
    X(INT16, int16_t, MM_KIND_SIGNED, INT16_MIN, INT16_MAX) \
    X(INT32, int32_t, MM_KIND_SIGNED, INT32_MIN, INT32_MAX) \
    X(INT64, int64_t, MM_KIND_SIGNED, INT64_MIN, INT64_MAX) \
    X(UINT8, uint8_t, MM_KIND_UNSIGNED, 0, UINT8_MAX)       \
    X(UINT16, uint16_t, MM_KIND_UNSIGNED, 0, UINT16_MAX)    \
    X(UINT32, uint32_t, MM_KIND_UNSIGNED, 0, UINT32_MAX)    \
    X(UINT64, uint64_t, MM_KIND_UNSIGNED, 0, UINT64_MAX)    \
    X(FP32, float, MM_KIND_FLOAT, 0, 0)                     \
    X(FP64, double, MM_KIND_FLOAT, 0, 0)

/* Duplicates never reach a build (the reader rejects them), so FIRST is only a formality. */
#define MM_WRAPPERS(T, C, K, LO, HI)                                                                  \
    static GrB_Info mm_build_##T(GrB_Matrix A, const GrB_Index *I, const GrB_Index *J, const void *X, \
                                 GrB_Index n)                                                         \
    {                                                                                                 \
        return GrB_Matrix_build_##T(A, I, J, (const C *)X, n, GrB_FIRST_##T);                         \
    }                                                                                                 \
    static GrB_Info mm_extract_##T(GrB_Index *I, GrB_Index *J, void *X, GrB_Index *n, GrB_Matrix A)   \
    {                                                                                                 \
        return GrB_Matrix_extractTuples_##T(I, J, (C *)X, n, A);                                      \
    }
MM_TYPES(MM_WRAPPERS)
#undef MM_WRAPPERS

#define MM_ROW(T, C, K, LO, HI) {&GrB_##T, #C, "GrB_" #T, sizeof(C), K, LO, HI, mm_build_##T, mm_extract_##T},
static const mm_type mm_types[] = {MM_TYPES(MM_ROW)};
#undef MM_ROW
#define MM_NTYPES (sizeof(mm_types) / sizeof(mm_types[0]))

const mm_type *mm_type_of(GrB_Type type)
{
    for (size_t k = 0; type && k < MM_NTYPES; k++)
        if (*mm_types[k].type == type) return &mm_types[k];
    return NULL;
}

const mm_type *mm_type_named(const char *name, size_t len)
{
    for (size_t k = 0; k < MM_NTYPES; k++) {
        const mm_type *t = &mm_types[k];
        if ((strlen(t->cname) == len && strncasecmp(name, t->cname, len) == 0) ||
            (strlen(t->grbname) == len && strncasecmp(name, t->grbname, len) == 0))
            return t;
    }
    return NULL;
}

const char *GG_mm_type_name(GrB_Type type)
{
    const mm_type *t = mm_type_of(type);
    return t ? t->cname : NULL;
}

GrB_Type GG_mm_type_from_name(const char *name)
{
    const mm_type *t = name ? mm_type_named(name, strlen(name)) : NULL;
    return t ? *t->type : NULL;
}

/* ---- values ---------------------------------------------------------------------------------- */

bool mm_parse_index(const char *s, size_t len, uint64_t *out)
{
    if (len == 0) return false;
    uint64_t v = 0;
    for (size_t k = 0; k < len; k++) {
        unsigned d = (unsigned)(s[k] - '0');
        if (d > 9 || v > (UINT64_MAX - d) / 10) return false;
        v = 10 * v + d;
    }
    *out = v;
    return true;
}

static void store_int(const mm_type *t, uint64_t bits, void *out)
{
    switch (t->size) {
    case 1: {
        uint8_t v = (uint8_t)bits;
        memcpy(out, &v, 1);
        break;
    }
    case 2: {
        uint16_t v = (uint16_t)bits;
        memcpy(out, &v, 2);
        break;
    }
    case 4: {
        uint32_t v = (uint32_t)bits;
        memcpy(out, &v, 4);
        break;
    }
    default:
        memcpy(out, &bits, 8);
    }
}

/* The value of a stored integer, sign-extended for the signed kind. */
static uint64_t load_int(const mm_type *t, const void *x)
{
    bool sgn = t->kind == MM_KIND_SIGNED;
    switch (t->size) {
    case 1: {
        uint8_t v;
        memcpy(&v, x, 1);
        return sgn ? (uint64_t)(int64_t)(int8_t)v : v;
    }
    case 2: {
        uint16_t v;
        memcpy(&v, x, 2);
        return sgn ? (uint64_t)(int64_t)(int16_t)v : v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, x, 4);
        return sgn ? (uint64_t)(int64_t)(int32_t)v : v;
    }
    default: {
        uint64_t v;
        memcpy(&v, x, 8);
        return v;
    }
    }
}

static void store_float(const mm_type *t, double v, void *out)
{
    if (t->size == sizeof(float)) {
        float f = (float)v;
        memcpy(out, &f, sizeof(f));
    } else {
        memcpy(out, &v, sizeof(v));
    }
}

mm_value_status mm_parse_value(const mm_type *t, const char *s, size_t len, void *out)
{
    if (len == 0) return MM_VALUE_INVALID;
    bool neg = s[0] == '-';
    size_t skip = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    uint64_t mag;
    bool integral = mm_parse_index(s + skip, len - skip, &mag);
    if (t->kind == MM_KIND_FLOAT) {
        /* up to 15 digits is exact in a double, and rounding it to float once is what strtof does:
         * the fast path for the integer weights most graph files hold */
        if (integral && len - skip <= 15) {
            store_float(t, neg ? -(double)mag : (double)mag, out);
            return MM_VALUE_OK;
        }
        /* strtod needs a terminated string; tokens longer than any sane number are invalid */
        char buf[128];
        if (len >= sizeof(buf)) return MM_VALUE_INVALID;
        memcpy(buf, s, len);
        buf[len] = '\0';
        char *end;
        if (t->size == sizeof(float)) {
            float v = strtof(buf, &end);
            memcpy(out, &v, sizeof(v));
        } else {
            double v = strtod(buf, &end);
            memcpy(out, &v, sizeof(v));
        }
        return end == buf + len ? MM_VALUE_OK : MM_VALUE_INVALID;
    }
    if (!integral) {
        /* digits that overflow are a range error, anything else is not a number */
        for (size_t k = skip; k < len; k++)
            if (s[k] < '0' || s[k] > '9') return MM_VALUE_INVALID;
        return len > skip ? MM_VALUE_RANGE : MM_VALUE_INVALID;
    }
    if (neg && mag != 0) {
        if (t->kind != MM_KIND_SIGNED || mag > (uint64_t)INT64_MAX + 1 || -(int64_t)(mag - 1) - 1 < t->min)
            return MM_VALUE_RANGE;
        store_int(t, (uint64_t)(-(int64_t)(mag - 1) - 1), out);
        return MM_VALUE_OK;
    }
    if (mag > t->max) return MM_VALUE_RANGE;
    store_int(t, mag, out);
    return MM_VALUE_OK;
}

bool mm_negate(const mm_type *t, const void *x, void *out)
{
    if (t->kind == MM_KIND_FLOAT) {
        if (t->size == sizeof(float)) {
            float v;
            memcpy(&v, x, sizeof(v));
            v = -v;
            memcpy(out, &v, sizeof(v));
        } else {
            double v;
            memcpy(&v, x, sizeof(v));
            v = -v;
            memcpy(out, &v, sizeof(v));
        }
        return true;
    }
    int64_t v = (int64_t)load_int(t, x);
    /* only 0 negates in bool and the unsigned types; INT_MIN has no negation in its type */
    if ((t->kind != MM_KIND_SIGNED && v != 0) || (t->kind == MM_KIND_SIGNED && v == t->min)) return false;
    store_int(t, (uint64_t)-v, out);
    return true;
}

bool mm_equal(const mm_type *t, const void *a, const void *b)
{
    if (t->kind != MM_KIND_FLOAT) return memcmp(a, b, t->size) == 0;
    double x, y;
    if (t->size == sizeof(float)) {
        float u, v;
        memcpy(&u, a, sizeof(u));
        memcpy(&v, b, sizeof(v));
        x = u;
        y = v;
    } else {
        memcpy(&x, a, sizeof(x));
        memcpy(&y, b, sizeof(y));
    }
    return x == y || (isnan(x) && isnan(y));
}

int mm_format_index(char *buf, uint64_t v)
{
    char tmp[20];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (int k = 0; k < n; k++) buf[k] = tmp[n - 1 - k];
    buf[n] = '\0';
    return n;
}

static int format_signed(char *buf, int64_t v)
{
    if (v >= 0) return mm_format_index(buf, (uint64_t)v);
    buf[0] = '-';
    return 1 + mm_format_index(buf + 1, 0 - (uint64_t)v);
}

int mm_format_value(const mm_type *t, const void *x, char *buf)
{
    if (t->kind == MM_KIND_SIGNED) return format_signed(buf, (int64_t)load_int(t, x));
    if (t->kind != MM_KIND_FLOAT) return mm_format_index(buf, load_int(t, x));
    double v;
    int digits = 17;
    if (t->size == sizeof(float)) {
        float f;
        memcpy(&f, x, sizeof(f));
        v = f;
        digits = 9;
    } else {
        memcpy(&v, x, sizeof(v));
    }
    /* integers print as %.*g prints them, only faster; -0 keeps its sign through printf */
    if (v == floor(v) && fabs(v) < 1e15 && !(v == 0 && signbit(v))) return format_signed(buf, (int64_t)v);
    return snprintf(buf, 32, "%.*g", digits, v);
}

GrB_Info mm_message(GrB_Info info, char *msg, size_t msglen, const char *fmt, ...)
{
    if (msg && msglen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, msglen, fmt, ap);
        va_end(ap);
    }
    return info;
}

int mm_tuple_cmp(const void *a, const void *b)
{
    const mm_tuple *x = a, *y = b;
    if (x->i != y->i) return x->i < y->i ? -1 : 1;
    if (x->j != y->j) return x->j < y->j ? -1 : 1;
    return (x->k > y->k) - (x->k < y->k);
}
