/* ops_ref.c: unary operators, index-unary operators and monoids for the semantic tests: handles
 * from the public header's lists and plain-C evaluations written from the spec. */
#include "ops_ref.h"

#include <math.h>
#include <string.h>

#define REF_ELT(h) h,

/* ---- unary operators ----------------------------------------------------------------------------- */

runop runop_random(void)
{
    runop u = {rnd_int(NUNOPS), rnd_code()};
    if (u.op == UN_MINV) u.code = rnd_chance(50) ? GrB_FP32_CODE : GrB_FP64_CODE;
    if (u.op == UN_LNOT) u.code = GrB_BOOL_CODE;
    return u;
}

GrB_UnaryOp runop_handle(runop u)
{
    switch (u.op) {
    case UN_IDENTITY: { GrB_UnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_IDENTITY_)}; return t[u.code]; }
    case UN_AINV: { GrB_UnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_AINV_)}; return t[u.code]; }
    case UN_ABS: { GrB_UnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_ABS_)}; return t[u.code]; }
    case UN_MINV: return u.code == GrB_FP32_CODE ? GrB_MINV_FP32 : GrB_MINV_FP64;
    default: return GrB_LNOT;
    }
}

const char *runop_name(runop u)
{
    static const char *n[] = {"IDENTITY", "AINV", "ABS", "MINV", "LNOT"};
    return n[u.op];
}

/* ABS and AINV by kind: integers wrap, BOOL is its own negation. */
#define REF_NEG_S(E, a) ((E)(0 - (uint64_t)(a)))
#define REF_ABS_S(E, a) ((a) < 0 ? REF_NEG_S(E, a) : (a))
#define REF_NEG_U REF_NEG_S
#define REF_ABS_U(E, a) (a)
#define REF_NEG_B(E, a) (a)
#define REF_ABS_B(E, a) (a)
#define REF_NEG_F(E, a) ((E)(-(a)))
#define REF_ABS_F(E, a) ((E)fabs(a))
#define REF_UN(T, E, K)                                                                            \
    case GrB_##T##_CODE: {                                                                         \
        E a, r;                                                                                    \
        memcpy(&a, x, sizeof a);                                                                   \
        switch (u.op) {                                                                            \
        case UN_IDENTITY: r = a; break;                                                            \
        case UN_AINV: r = REF_NEG_##K(E, a); break;                                                \
        case UN_ABS: r = REF_ABS_##K(E, a); break;                                                 \
        case UN_MINV: r = (E)(1 / (double)a); break;                                               \
        default: r = !a; break;                                                                    \
        }                                                                                          \
        memcpy(z, &r, sizeof r);                                                                   \
        return;                                                                                    \
    }
#define REF_UN_S(T, E) REF_UN(T, E, S)
#define REF_UN_U(T, E) REF_UN(T, E, U)
#define REF_UN_B(T, E) REF_UN(T, E, B)
#define REF_UN_F(T, E) REF_UN(T, E, F)

void runop_apply(runop u, void *z, const void *x)
{
    switch (u.code) {
        REF_BOOL_T(REF_UN_B)
        REF_SIGNED_T(REF_UN_S)
        REF_UNSIGNED_T(REF_UN_U)
        REF_FLOAT_T(REF_UN_F)
    }
}

/* ---- index-unary operators ------------------------------------------------------------------------ */

static GrB_IndexUnaryOp user_idx, user_idx_int;

static void user_idx_fn(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    double a, b;
    memcpy(&a, x, 8), memcpy(&b, y, 8);
    bool r = a + (double)i - 2.0 * (double)j >= b;
    memcpy(z, &r, 1);
}

static void user_idx_int_fn(void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    (void)i, (void)j;
    double a, b;
    memcpy(&a, x, 8), memcpy(&b, y, 8);
    int64_t r = (a > b) - (a < b);
    memcpy(z, &r, 8);
}

ridx ridx_random(void)
{
    ridx r = {rnd_int(NIDXOPS), GrB_INT64_CODE};
    if (r.op <= IX_DIAGINDEX) r.code = rnd_chance(50) ? GrB_INT32_CODE : GrB_INT64_CODE;
    if (r.op >= IX_VALUEEQ && r.op <= IX_VALUEGE) r.code = rnd_code();
    if (r.op >= IX_USER) r.code = GrB_FP64_CODE;
    return r;
}

GrB_IndexUnaryOp ridx_handle(ridx r)
{
    bool i32 = r.code == GrB_INT32_CODE;
    switch (r.op) {
    case IX_ROWINDEX: return i32 ? GrB_ROWINDEX_INT32 : GrB_ROWINDEX_INT64;
    case IX_COLINDEX: return i32 ? GrB_COLINDEX_INT32 : GrB_COLINDEX_INT64;
    case IX_DIAGINDEX: return i32 ? GrB_DIAGINDEX_INT32 : GrB_DIAGINDEX_INT64;
    case IX_TRIL: return GrB_TRIL;
    case IX_TRIU: return GrB_TRIU;
    case IX_DIAG: return GrB_DIAG;
    case IX_OFFDIAG: return GrB_OFFDIAG;
    case IX_COLLE: return GrB_COLLE;
    case IX_COLGT: return GrB_COLGT;
    case IX_ROWLE: return GrB_ROWLE;
    case IX_ROWGT: return GrB_ROWGT;
    case IX_VALUEEQ: { GrB_IndexUnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_VALUEEQ_)}; return t[r.code]; }
    case IX_VALUENE: { GrB_IndexUnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_VALUENE_)}; return t[r.code]; }
    case IX_VALUELT: { GrB_IndexUnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_VALUELT_)}; return t[r.code]; }
    case IX_VALUELE: { GrB_IndexUnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_VALUELE_)}; return t[r.code]; }
    case IX_VALUEGT: { GrB_IndexUnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_VALUEGT_)}; return t[r.code]; }
    case IX_VALUEGE: { GrB_IndexUnaryOp t[] = {NULL, GxG_EACH_T(REF_ELT, GrB_VALUEGE_)}; return t[r.code]; }
    case IX_USER: return user_idx;
    default: return user_idx_int;
    }
}

int ridx_ztype(ridx r)
{
    return r.op <= IX_DIAGINDEX ? r.code : r.op == IX_USERI ? GrB_INT64_CODE : GrB_BOOL_CODE;
}

int ridx_xtype(ridx r)
{
    return r.op >= IX_VALUEEQ ? r.code : 0;
}

int ridx_ytype(ridx r)
{
    return r.op <= IX_DIAGINDEX || r.op >= IX_VALUEEQ ? r.code : GrB_INT64_CODE;
}

const char *ridx_name(ridx r)
{
    static const char *n[] = {"ROWINDEX", "COLINDEX", "DIAGINDEX", "TRIL",    "TRIU",
                              "DIAG",     "OFFDIAG",  "COLLE",     "COLGT",   "ROWLE",
                              "ROWGT",    "VALUEEQ",  "VALUENE",   "VALUELT", "VALUELE",
                              "VALUEGT",  "VALUEGE",  "USER",      "USERI"};
    return n[r.op];
}

void ridx_apply(ridx r, void *z, const void *x, GrB_Index i, GrB_Index j, const void *y)
{
    if (r.op == IX_USER || r.op == IX_USERI) {
        (r.op == IX_USER ? user_idx_fn : user_idx_int_fn)(z, x, i, j, y);
        return;
    }
    if (r.op <= IX_DIAGINDEX) {
        int64_t s;
        rcast(&s, GrB_INT64_CODE, y, r.code);
        uint64_t v = r.op == IX_ROWINDEX   ? i + (uint64_t)s
                     : r.op == IX_COLINDEX ? j + (uint64_t)s
                                           : j - (i + (uint64_t)s);
        rcast(z, r.code, &v, GrB_UINT64_CODE);
        return;
    }
    bool b = false;
    if (r.op <= IX_ROWGT) {
        int64_t k, d = (int64_t)(j - i);
        memcpy(&k, y, 8);
        switch (r.op) {
        case IX_TRIL: b = d <= k; break;
        case IX_TRIU: b = d >= k; break;
        case IX_DIAG: b = d == k; break;
        case IX_OFFDIAG: b = d != k; break;
        case IX_COLLE: b = (int64_t)j <= k; break;
        case IX_COLGT: b = (int64_t)j > k; break;
        case IX_ROWLE: b = (int64_t)i <= k; break;
        default: b = (int64_t)i > k; break;
        }
    } else {
        switch (r.code) {
#define REF_CMP(T, E, ...)                                                                         \
    case GrB_##T##_CODE: {                                                                         \
        E a, c;                                                                                    \
        memcpy(&a, x, sizeof a);                                                                   \
        memcpy(&c, y, sizeof c);                                                                   \
        b = r.op == IX_VALUEEQ   ? a == c                                                          \
            : r.op == IX_VALUENE ? a != c                                                          \
            : r.op == IX_VALUELT ? a < c                                                           \
            : r.op == IX_VALUELE ? a <= c                                                          \
            : r.op == IX_VALUEGT ? a > c                                                           \
                                 : a >= c;                                                         \
        break;                                                                                     \
    }
            GxG_BUILTIN_TYPES(REF_CMP)
#undef REF_CMP
        }
    }
    memcpy(z, &b, 1);
}

/* ---- monoids ---------------------------------------------------------------------------------------- */

/* User-defined monoids of the bitwise operators, [op - OP_BOR][code - GrB_INT8_CODE]. */
static GrB_Monoid bit_monoids[3][8];

rbin rmonoid_random(void)
{
    rbin b = {0, rnd_code()};
    static const int bool_ops[] = {OP_PLUS, OP_TIMES, OP_MINUS, OP_LXNOR};
    static const int int_ops[] = {OP_PLUS, OP_TIMES, OP_MIN, OP_MAX, OP_BOR, OP_BAND, OP_BXOR};
    if (b.code == GrB_BOOL_CODE)
        b.op = bool_ops[rnd_int(4)];
    else if (b.code == GrB_FP32_CODE || b.code == GrB_FP64_CODE)
        b.op = int_ops[rnd_int(4)];
    else
        b.op = int_ops[rnd_int(7)];
    return b;
}

GrB_Monoid rmonoid_handle(rbin b)
{
    if (b.code == GrB_BOOL_CODE)
        return b.op == OP_PLUS    ? GrB_LOR_MONOID_BOOL
               : b.op == OP_TIMES ? GrB_LAND_MONOID_BOOL
               : b.op == OP_MINUS ? GrB_LXOR_MONOID_BOOL
                                  : GrB_LXNOR_MONOID_BOOL;
    int k = b.code - GrB_INT8_CODE;
    if (rbin_bitwise(b.op)) return bit_monoids[b.op - OP_BOR][k];
    switch (b.op) {
    case OP_PLUS: { GrB_Monoid t[] = {GxG_EACH_N(REF_ELT, GrB_PLUS_MONOID_)}; return t[k]; }
    case OP_TIMES: { GrB_Monoid t[] = {GxG_EACH_N(REF_ELT, GrB_TIMES_MONOID_)}; return t[k]; }
    case OP_MIN: { GrB_Monoid t[] = {GxG_EACH_N(REF_ELT, GrB_MIN_MONOID_)}; return t[k]; }
    default: { GrB_Monoid t[] = {GxG_EACH_N(REF_ELT, GrB_MAX_MONOID_)}; return t[k]; }
    }
}

void rmonoid_identity(rbin b, void *z)
{
    double v = b.op == OP_TIMES || b.op == OP_LXNOR ? 1
               : b.op == OP_MIN                     ? INFINITY
               : b.op == OP_MAX                     ? -INFINITY
                                                    : 0;
    int64_t ones = -1;
    if (b.op == OP_BAND)
        rcast(z, b.code, &ones, GrB_INT64_CODE); /* all bits set */
    else
        rcast(z, b.code, &v, GrB_FP64_CODE);
}

void ops_ref_init(void)
{
    GrB_IndexUnaryOp_new(&user_idx, user_idx_fn, GrB_BOOL, GrB_FP64, GrB_FP64);
    GrB_IndexUnaryOp_new(&user_idx_int, user_idx_int_fn, GrB_INT64, GrB_FP64, GrB_FP64);
#define REF_BIT_MONOIDS(T, E)                                                                      \
    GrB_Monoid_new_##T(&bit_monoids[0][GrB_##T##_CODE - GrB_INT8_CODE], GrB_BOR_##T, (E)0);        \
    GrB_Monoid_new_##T(&bit_monoids[1][GrB_##T##_CODE - GrB_INT8_CODE], GrB_BAND_##T, (E)~(E)0);   \
    GrB_Monoid_new_##T(&bit_monoids[2][GrB_##T##_CODE - GrB_INT8_CODE], GrB_BXOR_##T, (E)0);
    REF_SIGNED_T(REF_BIT_MONOIDS)
    REF_UNSIGNED_T(REF_BIT_MONOIDS)
#undef REF_BIT_MONOIDS
}

void ops_ref_finalize(void)
{
    for (int o = 0; o < 3; o++)
        for (int k = 0; k < 8; k++) GrB_Monoid_free(&bit_monoids[o][k]);
    GrB_IndexUnaryOp_free(&user_idx_int);
    GrB_IndexUnaryOp_free(&user_idx);
}
