/* cast.c: typecasting between the 11 built-in types, with SuiteSparse's rules (which clients'
 * results depend on): floating point to integer saturates and maps NaN to 0, integer to integer
 * wraps as C does, anything to BOOL is x != 0, BOOL to anything is 0 or 1, and integer to floating
 * point is C's conversion. All 121 pairs come from one conversion rule, for single values
 * (GG_cast_get) and arrays (GG_cast_array). Buffers may be unaligned (serialized blobs), so
 * values move through memcpy, which compiles to plain loads and stores. */
#include "GG_opcodes.h"

/* A floating-point value converted to type T. C's conversion is undefined outside the integer
 * range, so integers saturate (NaN to 0); the double bounds are exact powers of two or zero. */
#define GG_FROM_FP_B(K, T, E, x) ((x) != 0)
#define GG_FROM_FP_F(K, T, E, x) ((E)(x))
#define GG_FROM_FP_S(K, T, E, x)                                                                   \
    (isnan(x) ? (E)0                                                                               \
     : (x) <= (double)GG_MIN_OF(K, T) ? (E)GG_MIN_OF(K, T)                                         \
     : (x) >= (double)GG_MAX_OF(K, T) ? (E)GG_MAX_OF(K, T)                                         \
                                      : (E)(x))
#define GG_FROM_FP_U GG_FROM_FP_S
#define GG_DEFINE_FROM_FP(unused, T, E, K)                                                         \
    static inline E from_fp_##T(double x) { return GG_CAT(GG_FROM_FP_, K)(K, T, E, x); }
GG_WITH_T(GG_DEFINE_FROM_FP, ~)
#undef GG_DEFINE_FROM_FP

/* A value of kind KX converted to type Z: from floating point through from_fp, from BOOL and the
 * integers by C's conversion (which is x != 0 for BOOL and wraps for integers). */
#define GG_CONVERT_F(Z, EZ, x) from_fp_##Z((double)(x))
#define GG_CONVERT_B(Z, EZ, x) ((EZ)(x))
#define GG_CONVERT_S GG_CONVERT_B
#define GG_CONVERT_U GG_CONVERT_B

#define GG_DEFINE_CAST(Z, EZ, X, EX, KX)                                                           \
    static void cast_##Z##_##X(void *z, const void *x)                                             \
    {                                                                                              \
        EX a;                                                                                      \
        memcpy(&a, x, sizeof(a));                                                                  \
        EZ r = GG_CAT(GG_CONVERT_, KX)(Z, EZ, a);                                                  \
        memcpy(z, &r, sizeof(r));                                                                  \
    }                                                                                              \
    static void cast_array_##Z##_##X(void *z, const void *x, GrB_Index n)                          \
    {                                                                                              \
        for (GrB_Index k = 0; k < n; k++)                                                          \
            cast_##Z##_##X((char *)z + k * sizeof(EZ), (const char *)x + k * sizeof(EX));          \
    }
#define GG_DEFINE_CAST_ROW(Z, EZ, ...) GG_WITH_T(GG_DEFINE_CAST, Z, EZ)
GxG_BUILTIN_TYPES(GG_DEFINE_CAST_ROW)
#undef GG_DEFINE_CAST_ROW
#undef GG_DEFINE_CAST

typedef struct {
    GG_cast_fn one;
    void (*many)(void *z, const void *x, GrB_Index n);
} GG_cast_pair;

#define GG_NCODES (GrB_FP64_CODE + 1)
#define GG_CAST_ENTRY(Z, X, ...)                                                                   \
    [GrB_##Z##_CODE][GrB_##X##_CODE] = {cast_##Z##_##X, cast_array_##Z##_##X},
#define GG_CAST_ROW(Z, ...) GG_WITH_T(GG_CAST_ENTRY, Z)
static const GG_cast_pair casts[GG_NCODES][GG_NCODES] = {GxG_BUILTIN_TYPES(GG_CAST_ROW)};
#undef GG_CAST_ROW
#undef GG_CAST_ENTRY

static bool builtin_code(GrB_Type_Code code)
{
    return code > GrB_UDT_CODE && code < GG_NCODES;
}

GG_cast_fn GG_cast_get(GrB_Type_Code zcode, GrB_Type_Code xcode)
{
    if (!builtin_code(zcode) || !builtin_code(xcode)) return NULL;
    return casts[zcode][xcode].one;
}

void GG_cast_array(void *z, GrB_Type ztype, const void *x, GrB_Type xtype, GrB_Index n)
{
    if (n == 0) return;
    if (ztype->code == xtype->code || !builtin_code(ztype->code) || !builtin_code(xtype->code)) {
        /* the same type (a user-defined type is only compatible with itself) */
        memmove(z, x, n * ztype->size);
        return;
    }
    casts[ztype->code][xtype->code].many(z, x, n);
}
