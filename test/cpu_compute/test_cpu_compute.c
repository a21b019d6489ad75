/* test_cpu_compute.c: randomized semantic tests of GrB_mxm, GrB_mxv, GrB_vxm, GrB_eWiseAdd,
 * GrB_eWiseMult and GrB_kronecker (the CPU backend's compute kernels) against a dense reference.
 *
 * The reference (section "reference") holds every object as a dense array with a presence bitmap
 * and evaluates each operation with plain loops in the order the spec defines: T(i,j) is the
 * monoid sum over k = 0, 1, ... of mul((xtype) A(i,k), (ytype) B(k,j)); then the write-back
 * C<M,replace> = accum(C, T). It applies the operators through their own function pointers and
 * casts through the library's cast table (both tested on their own in test/algebra), so what is
 * checked here is the operations' semantics: structure, operand order, which cast applies where,
 * masks, complement, replace, accumulation, transposes and aliasing.
 *
 * Cases draw all 11 built-in types for every object, all 124 built-in semirings plus user-defined
 * ones (the fast paths included), all built-in binary operators, monoids and accumulators, every
 * mask kind, replace, both transposes and aliased arguments. Values are small integers, so
 * floating-point sums are exact whatever the order. A failing case prints its seed; rerun one
 * case with GG_TEST_SEED=<seed>. A second group runs the same checks on hypersparse objects of
 * dimension 2^60, whose few entries sit at scattered indices: the reference works on the
 * compressed index set, which the operations preserve. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <cmocka.h>

#include "GG_internal.h"
#include "GG_hisparse.h"

/* ---- random numbers ----------------------------------------------------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static uint64_t rnd(uint64_t *s, uint64_t n)
{
    return rng_next(s) % n;
}
static bool coin(uint64_t *s, unsigned percent)
{
    return rnd(s, 100) < percent;
}

/* ---- a user-defined type and user-defined operators -------------------------------------------- */

/* 24 bytes: larger than the kernels' stack scratch, so their heap path runs too */
typedef struct {
    int32_t a, b;
    int64_t pad[2]; /* always zero */
} pair_t;

static void pair_times(void *z, const void *x, const void *y)
{
    pair_t p, q;
    memcpy(&p, x, sizeof p);
    memcpy(&q, y, sizeof q);
    pair_t r = {p.a * q.a - p.b, p.b * q.b + p.a, {0, 0}}; /* not commutative: operand order shows */
    memcpy(z, &r, sizeof r);
}
static void pair_plus(void *z, const void *x, const void *y)
{
    pair_t p, q;
    memcpy(&p, x, sizeof p);
    memcpy(&q, y, sizeof q);
    pair_t r = {p.a + q.a, p.b + q.b, {0, 0}};
    memcpy(z, &r, sizeof r);
}
static void user_minus_i64(void *z, const void *x, const void *y)
{
    *(int64_t *)z = *(const int64_t *)x - *(const int64_t *)y;
}
static void user_plus_i32(void *z, const void *x, const void *y)
{
    uint32_t a = (uint32_t)(*(const int32_t *)x), b = (uint32_t)(*(const int32_t *)y);
    *(int32_t *)z = (int32_t)(a + b);
}
static void user_first_fp32(void *z, const void *x, const void *y)
{
    (void)y;
    *(float *)z = *(const float *)x;
}

static GrB_Type Pair;
static GrB_BinaryOp PairTimes, PairPlus, UserMinus, UserPlus, UserFirst;
static GrB_Monoid PairMonoid, UserPlusMonoid;
static GrB_Semiring PairSemiring;

/* Semirings built from the built-in pieces and the user-defined ones: the PAIR (ONEB) kinds that
 * count, a user multiplier, a user monoid. */
#define N_USER_SR 6
static GrB_Semiring user_sr[N_USER_SR];

static void make_user_objects(void)
{
    assert_int_equal(GrB_Type_new(&Pair, sizeof(pair_t)), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&PairTimes, pair_times, Pair, Pair, Pair), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&PairPlus, pair_plus, Pair, Pair, Pair), GrB_SUCCESS);
    pair_t zero = {0, 0, {0, 0}};
    assert_int_equal(GrB_Monoid_new_UDT(&PairMonoid, PairPlus, &zero), GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&PairSemiring, PairMonoid, PairTimes), GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&UserMinus, user_minus_i64, GrB_INT64, GrB_INT64, GrB_INT64),
                     GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&UserPlus, user_plus_i32, GrB_INT32, GrB_INT32, GrB_INT32),
                     GrB_SUCCESS);
    assert_int_equal(GrB_BinaryOp_new(&UserFirst, user_first_fp32, GrB_FP32, GrB_FP32, GrB_FP32),
                     GrB_SUCCESS);
    assert_int_equal(GrB_Monoid_new_INT32(&UserPlusMonoid, UserPlus, 0), GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&user_sr[0], GrB_PLUS_MONOID_INT32, GrB_ONEB_INT32),
                     GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&user_sr[1], GrB_PLUS_MONOID_INT64, GrB_ONEB_INT64),
                     GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&user_sr[2], GrB_PLUS_MONOID_FP64, GrB_ONEB_FP64),
                     GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&user_sr[3], GrB_PLUS_MONOID_INT64, UserMinus), GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&user_sr[4], UserPlusMonoid, GrB_TIMES_INT32), GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&user_sr[5], GrB_MIN_MONOID_FP32, UserFirst), GrB_SUCCESS);
}

static void free_user_objects(void)
{
    for (int k = 0; k < N_USER_SR; k++) GrB_Semiring_free(&user_sr[k]);
    GrB_Semiring_free(&PairSemiring);
    GrB_Monoid_free(&PairMonoid);
    GrB_Monoid_free(&UserPlusMonoid);
    GrB_BinaryOp_free(&PairTimes);
    GrB_BinaryOp_free(&PairPlus);
    GrB_BinaryOp_free(&UserMinus);
    GrB_BinaryOp_free(&UserPlus);
    GrB_BinaryOp_free(&UserFirst);
    GrB_Type_free(&Pair);
}

/* ---- the built-in objects, from the public header's lists -------------------------------------- */

#define ADDR(name) &name,
#define TYPE_ADDR(T, ...) &GrB_##T,
static GrB_Type *const all_types[] = {GxG_BUILTIN_TYPES(TYPE_ADDR)};
static GrB_Semiring *const all_semirings[] = {GxG_SEMIRINGS(ADDR)};
static GrB_BinaryOp *const all_binops[] = {GxG_BINARY_OPS(ADDR)};
static GrB_Monoid *const all_monoids[] = {GxG_MONOIDS(ADDR)};
/* The semirings with a typed fast path in the CPU backend, drawn more often. */
static GrB_Semiring *const fast_semirings[] = {
    &GrB_PLUS_TIMES_SEMIRING_FP32, &GrB_PLUS_TIMES_SEMIRING_FP64, &GrB_PLUS_TIMES_SEMIRING_INT64,
    &GrB_MIN_PLUS_SEMIRING_INT32,  &GrB_MIN_PLUS_SEMIRING_INT64,  &GrB_MIN_PLUS_SEMIRING_FP32,
    &GrB_MIN_PLUS_SEMIRING_FP64,   &GrB_LOR_LAND_SEMIRING_BOOL,  &GrB_MAX_SECOND_SEMIRING_FP64};
static GrB_BinaryOp *const fast_binops[] = {&GrB_PLUS_FP32, &GrB_PLUS_FP64, &GrB_PLUS_INT32,
                                            &GrB_PLUS_INT64, &GrB_TIMES_FP64, &GrB_MIN_FP64,
                                            &GrB_LOR,       &GrB_LAND};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Predefined descriptors by (replace, mask kind, tran0, tran1): index R*16 + K*4 + T0*2 + T1 with
 * K 0 plain, 1 complemented, 2 structural, 3 both. */
static GrB_Descriptor no_desc = NULL;
static GrB_Descriptor *const descs[32] = {
    &no_desc,          &GrB_DESC_T1,      &GrB_DESC_T0,       &GrB_DESC_T0T1,
    &GrB_DESC_C,       &GrB_DESC_CT1,     &GrB_DESC_CT0,      &GrB_DESC_CT0T1,
    &GrB_DESC_S,       &GrB_DESC_ST1,     &GrB_DESC_ST0,      &GrB_DESC_ST0T1,
    &GrB_DESC_SC,      &GrB_DESC_SCT1,    &GrB_DESC_SCT0,     &GrB_DESC_SCT0T1,
    &GrB_DESC_R,       &GrB_DESC_RT1,     &GrB_DESC_RT0,      &GrB_DESC_RT0T1,
    &GrB_DESC_RC,      &GrB_DESC_RCT1,    &GrB_DESC_RCT0,     &GrB_DESC_RCT0T1,
    &GrB_DESC_RS,      &GrB_DESC_RST1,    &GrB_DESC_RST0,     &GrB_DESC_RST0T1,
    &GrB_DESC_RSC,     &GrB_DESC_RSCT1,   &GrB_DESC_RSCT0,    &GrB_DESC_RSCT0T1};

/* ---- dense objects ------------------------------------------------------------------------------
 * An m x n array of values of `type` with a presence bitmap (a vector is n x 1). rmap/cmap, when
 * not NULL, give the true index of each row/column (the hypersparse cases; the true dimensions
 * are M x N), else the index is the position. */
typedef struct {
    GrB_Type type;
    GrB_Index m, n, M, N;
    const GrB_Index *rmap, *cmap;
    size_t size;
    unsigned char *x;
    bool *p;
} dm;

static dm dm_new(GrB_Type type, GrB_Index m, GrB_Index n)
{
    dm d = {.type = type, .m = m, .n = n, .M = m, .N = n, .size = type->size};
    d.x = calloc(m * n + 1, d.size);
    d.p = calloc(m * n + 1, sizeof(bool));
    assert_non_null(d.x);
    assert_non_null(d.p);
    return d;
}
static void dm_free(dm *d)
{
    free(d->x);
    free(d->p);
}
static void *at(const dm *d, GrB_Index i, GrB_Index j)
{
    return d->x + (i * d->n + j) * d->size;
}
static bool *has(const dm *d, GrB_Index i, GrB_Index j)
{
    return &d->p[i * d->n + j];
}
static dm dm_copy(const dm *s)
{
    dm d = *s;
    d.x = malloc(s->m * s->n * s->size + s->size);
    d.p = malloc(s->m * s->n + 1);
    memcpy(d.x, s->x, s->m * s->n * s->size + s->size);
    memcpy(d.p, s->p, s->m * s->n + 1);
    return d;
}

/* z = (ztype) x, through the library's cast table; a user-defined type only to itself. */
static void cast(void *z, GrB_Type zt, const void *x, GrB_Type xt)
{
    if (zt == xt) {
        memcpy(z, x, zt->size);
        return;
    }
    GG_cast_fn f = GG_cast_get(zt->code, xt->code);
    assert_non_null(f);
    f(z, x);
}

/* A small random value: an integer in [-3, 3] cast to the type (so unsigned types wrap and BOOL
 * is mostly true), or a pair of such integers. */
static void random_value(uint64_t *s, GrB_Type t, void *z)
{
    if (t == Pair) {
        pair_t v = {(int32_t)rnd(s, 7) - 3, (int32_t)rnd(s, 7) - 3, {0, 0}};
        memcpy(z, &v, sizeof v);
        return;
    }
    int64_t v = (int64_t)rnd(s, 7) - 3;
    cast(z, t, &v, GrB_INT64);
}

/* A random m x n object; each entry present with probability permille / 1000. */
static dm dm_random(uint64_t *s, GrB_Type t, GrB_Index m, GrB_Index n, unsigned permille)
{
    dm d = dm_new(t, m, n);
    for (GrB_Index i = 0; i < m; i++)
        for (GrB_Index j = 0; j < n; j++)
            if (rnd(s, 1000) < permille) {
                *has(&d, i, j) = true;
                random_value(s, t, at(&d, i, j));
            }
    return d;
}

static GrB_Index map(const GrB_Index *m, GrB_Index k)
{
    return m == NULL ? k : m[k];
}
/* The position of true index v in the map (or v itself); fails the test when it is not there. */
static GrB_Index unmap(const GrB_Index *m, GrB_Index len, GrB_Index v)
{
    if (m == NULL) {
        assert_true(v < len);
        return v;
    }
    for (GrB_Index k = 0; k < len; k++)
        if (m[k] == v) return k;
    fail_msg("index %llu is outside the expected pattern", (unsigned long long)v);
    return 0;
}

/* ---- GraphBLAS objects from and to dense ones ------------------------------------------------ */

static GrB_Info build(void *obj, bool vec, const GrB_Index *I, const GrB_Index *J, const void *X,
                      GrB_Index n, GrB_Type t)
{
    switch (t->code) {
#define BUILD_CASE(T, E, ...)                                                                      \
    case GrB_##T##_CODE:                                                                           \
        return vec ? GrB_Vector_build_##T(obj, I, (const E *)X, n, NULL)                           \
                   : GrB_Matrix_build_##T(obj, I, J, (const E *)X, n, NULL);
        GxG_BUILTIN_TYPES(BUILD_CASE)
#undef BUILD_CASE
    default:
        return vec ? GrB_Vector_build_UDT(obj, I, X, n, NULL)
                   : GrB_Matrix_build_UDT(obj, I, J, X, n, NULL);
    }
}

static GrB_Info tuples(GrB_Index *I, GrB_Index *J, void *X, GrB_Index *n, void *obj, bool vec,
                       GrB_Type t)
{
    switch (t->code) {
#define TUPLES_CASE(T, E, ...)                                                                     \
    case GrB_##T##_CODE:                                                                           \
        return vec ? GrB_Vector_extractTuples_##T(I, (E *)X, n, obj)                               \
                   : GrB_Matrix_extractTuples_##T(I, J, (E *)X, n, obj);
        GxG_BUILTIN_TYPES(TUPLES_CASE)
#undef TUPLES_CASE
    default:
        return vec ? GrB_Vector_extractTuples_UDT(I, X, n, obj)
                   : GrB_Matrix_extractTuples_UDT(I, J, X, n, obj);
    }
}

/* A GrB_Vector (vec, d is n x 1) or GrB_Matrix with d's content. */
static void *to_grb(const dm *d, bool vec)
{
    void *obj;
    if (vec)
        assert_int_equal(GrB_Vector_new((GrB_Vector *)&obj, d->type, d->M), GrB_SUCCESS);
    else
        assert_int_equal(GrB_Matrix_new((GrB_Matrix *)&obj, d->type, d->M, d->N), GrB_SUCCESS);
    GrB_Index cap = d->m * d->n + 1, n = 0;
    GrB_Index *I = malloc(cap * sizeof(GrB_Index)), *J = malloc(cap * sizeof(GrB_Index));
    unsigned char *X = malloc(cap * d->size);
    for (GrB_Index i = 0; i < d->m; i++)
        for (GrB_Index j = 0; j < d->n; j++)
            if (*has(d, i, j)) {
                I[n] = map(d->rmap, i);
                J[n] = map(d->cmap, j);
                memcpy(X + n * d->size, at(d, i, j), d->size);
                n++;
            }
    assert_int_equal(build(obj, vec, I, J, X, n, d->type), GrB_SUCCESS);
    free(I);
    free(J);
    free(X);
    return obj;
}

/* The content of obj as a dense object shaped like `like`. */
static dm from_grb(void *obj, bool vec, const dm *like)
{
    dm d = dm_new(like->type, like->m, like->n);
    d.M = like->M, d.N = like->N, d.rmap = like->rmap, d.cmap = like->cmap;
    GrB_Index n = 0;
    if (vec)
        assert_int_equal(GrB_Vector_nvals(&n, obj), GrB_SUCCESS);
    else
        assert_int_equal(GrB_Matrix_nvals(&n, obj), GrB_SUCCESS);
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index)), *J = calloc(n + 1, sizeof(GrB_Index));
    unsigned char *X = malloc((n + 1) * d.size);
    GrB_Index got = n;
    assert_int_equal(tuples(I, J, X, &got, obj, vec, d.type), GrB_SUCCESS);
    assert_int_equal(got, n);
    for (GrB_Index k = 0; k < n; k++) {
        GrB_Index i = unmap(d.rmap, d.m, I[k]), j = vec ? 0 : unmap(d.cmap, d.n, J[k]);
        assert_false(*has(&d, i, j));
        *has(&d, i, j) = true;
        memcpy(at(&d, i, j), X + k * d.size, d.size);
    }
    free(I);
    free(J);
    free(X);
    return d;
}

static void grb_free(void *obj, bool vec)
{
    if (vec)
        GrB_Vector_free((GrB_Vector *)&obj);
    else
        GrB_Matrix_free((GrB_Matrix *)&obj);
}

static bool value_equal(GrB_Type t, const void *a, const void *b)
{
    if (t->code == GrB_FP32_CODE) {
        float x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return x == y || (x != x && y != y);
    }
    if (t->code == GrB_FP64_CODE) {
        double x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return x == y || (x != x && y != y);
    }
    return memcmp(a, b, t->size) == 0;
}

/* The first difference between the expected and the computed object, or NULL. */
static const char *dm_diff(const dm *want, const dm *got, char *buf, size_t len)
{
    for (GrB_Index i = 0; i < want->m; i++)
        for (GrB_Index j = 0; j < want->n; j++) {
            bool w = *has(want, i, j), g = *has(got, i, j);
            if (w != g || (w && !value_equal(want->type, at(want, i, j), at(got, i, j)))) {
                snprintf(buf, len, "entry (%llu,%llu): expected %s, got %s",
                         (unsigned long long)i, (unsigned long long)j,
                         w ? "a value" : "none", g ? "a value" : "none");
                if (w && g) snprintf(buf, len, "entry (%llu,%llu): values differ",
                                     (unsigned long long)i, (unsigned long long)j);
                return buf;
            }
        }
    return NULL;
}

/* ---- reference ------------------------------------------------------------------------------------ */

/* op(X)(i,j): X(j,i) when tran. */
static bool get(const dm *X, bool tran, GrB_Index i, GrB_Index j, const void **v)
{
    GrB_Index r = tran ? j : i, c = tran ? i : j;
    *v = at(X, r, c);
    return *has(X, r, c);
}

/* T(i,j) += x (or T(i,j) = x when absent), for a monoid or accumulating operator `add`. */
static void accumulate(dm *T, GrB_Index i, GrB_Index j, GrB_BinaryOp add, const void *x)
{
    if (*has(T, i, j)) {
        add->f(at(T, i, j), at(T, i, j), x);
    } else {
        memcpy(at(T, i, j), x, T->size);
        *has(T, i, j) = true;
    }
}

/* z = mul((xtype) a, (ytype) b). */
static void multiply(GrB_BinaryOp mul, void *z, const void *a, GrB_Type at_, const void *b,
                     GrB_Type bt)
{
    _Alignas(16) unsigned char x[64], y[64];
    cast(x, mul->xtype, a, at_);
    cast(y, mul->ytype, b, bt);
    mul->f(z, x, y);
}

/* T = op(A) (+.*) op(B): m x n, inner dimension k. */
static dm ref_mxm(GrB_Semiring s, const dm *A, bool ta, const dm *B, bool tb)
{
    GrB_Index m = ta ? A->n : A->m, k = ta ? A->m : A->n, n = tb ? B->m : B->n;
    dm T = dm_new(s->add->op->ztype, m, n);
    _Alignas(16) unsigned char t[64];
    /* for each T(i,j) the terms come in increasing q */
    for (GrB_Index i = 0; i < m; i++)
        for (GrB_Index q = 0; q < k; q++) {
            const void *a, *b;
            if (!get(A, ta, i, q, &a)) continue;
            for (GrB_Index j = 0; j < n; j++) {
                if (!get(B, tb, q, j, &b)) continue;
                multiply(s->mul, t, a, A->type, b, B->type);
                accumulate(&T, i, j, s->add->op, t);
            }
        }
    return T;
}

/* w = op(A) (+.*) u (mxv) or u' (+.*) op(A) (vxm), as n x 1 objects. */
static dm ref_mxv(GrB_Semiring s, const dm *A, bool ta, const dm *u, bool vxm)
{
    bool tr = ta != vxm; /* R = op(A) or op(A)', T = R * u */
    GrB_Index m = tr ? A->n : A->m, k = tr ? A->m : A->n;
    dm T = dm_new(s->add->op->ztype, m, 1);
    _Alignas(16) unsigned char t[64];
    for (GrB_Index i = 0; i < m; i++)
        for (GrB_Index q = 0; q < k; q++) {
            const void *a, *x;
            if (!get(A, tr, i, q, &a) || !get(u, false, q, 0, &x)) continue;
            if (vxm)
                multiply(s->mul, t, x, u->type, a, A->type);
            else
                multiply(s->mul, t, a, A->type, x, u->type);
            accumulate(&T, i, 0, s->add->op, t);
        }
    return T;
}

/* eWiseAdd (union) or eWiseMult (intersection); one-sided entries cast straight to op's type. */
static dm ref_ewise(GrB_BinaryOp op, const dm *A, bool ta, const dm *B, bool tb, bool add)
{
    GrB_Index m = ta ? A->n : A->m, n = ta ? A->m : A->n;
    dm T = dm_new(op->ztype, m, n);
    for (GrB_Index i = 0; i < m; i++)
        for (GrB_Index j = 0; j < n; j++) {
            const void *a, *b;
            bool ha = get(A, ta, i, j, &a), hb = get(B, tb, i, j, &b);
            if (ha && hb)
                multiply(op, at(&T, i, j), a, A->type, b, B->type);
            else if (add && ha)
                cast(at(&T, i, j), op->ztype, a, A->type);
            else if (add && hb)
                cast(at(&T, i, j), op->ztype, b, B->type);
            else
                continue;
            *has(&T, i, j) = true;
        }
    return T;
}

static dm ref_kron(GrB_BinaryOp op, const dm *A, bool ta, const dm *B, bool tb)
{
    GrB_Index ma = ta ? A->n : A->m, na = ta ? A->m : A->n, mb = tb ? B->n : B->m,
              nb = tb ? B->m : B->n;
    dm T = dm_new(op->ztype, ma * mb, na * nb);
    for (GrB_Index ia = 0; ia < ma; ia++)
        for (GrB_Index ja = 0; ja < na; ja++)
            for (GrB_Index ib = 0; ib < mb; ib++)
                for (GrB_Index jb = 0; jb < nb; jb++) {
                    const void *a, *b;
                    if (!get(A, ta, ia, ja, &a) || !get(B, tb, ib, jb, &b)) continue;
                    GrB_Index i = ia * mb + ib, j = ja * nb + jb;
                    multiply(op, at(&T, i, j), a, A->type, b, B->type);
                    *has(&T, i, j) = true;
                }
    return T;
}

typedef struct {
    bool replace, comp, structural;
} maskdesc;

/* C<M,replace> = accum(C, T), in place on C. */
static void ref_writeback(dm *C, const dm *M, GrB_BinaryOp accum, const dm *T, maskdesc md)
{
    _Alignas(16) unsigned char x[64], y[64], z[64];
    for (GrB_Index i = 0; i < C->m; i++)
        for (GrB_Index j = 0; j < C->n; j++) {
            bool allow = true;
            if (M != NULL) {
                allow = *has(M, i, j);
                if (allow && !md.structural) {
                    bool b;
                    cast(&b, GrB_BOOL, at(M, i, j), M->type);
                    allow = b;
                }
            }
            if (md.comp) allow = !allow;
            /* Z = accum(C, T) or T */
            bool hc = *has(C, i, j), ht = *has(T, i, j), hz = ht;
            if (accum != NULL && hc && ht) {
                cast(x, accum->xtype, at(C, i, j), C->type);
                cast(y, accum->ytype, at(T, i, j), T->type);
                accum->f(z, x, y);
                cast(x, C->type, z, accum->ztype);
            } else if (ht) {
                cast(x, C->type, at(T, i, j), T->type);
            } else if (accum != NULL && hc) {
                memcpy(x, at(C, i, j), C->size);
                hz = true;
            }
            if (allow) {
                *has(C, i, j) = hz;
                if (hz) memcpy(at(C, i, j), x, C->size);
            } else if (md.replace) {
                *has(C, i, j) = false;
            }
        }
}

/* ---- case drivers ------------------------------------------------------------------------------- */

typedef enum { OP_MXM, OP_MXV, OP_VXM, OP_ADD, OP_MULT, OP_KRON } opkind;
static const char *const opnames[] = {"mxm", "mxv", "vxm", "eWiseAdd", "eWiseMult", "kronecker"};

/* How the operator of a case is given. */
typedef enum { FORM_SEMIRING, FORM_MONOID, FORM_BINARYOP } opform;

typedef struct {
    opkind kind;
    bool vec;              /* eWise on vectors */
    opform form;
    GrB_Semiring sr;
    GrB_Monoid mon;
    GrB_BinaryOp op;       /* the binary operator the form reduces to */
    GrB_BinaryOp accum;
    int mask;              /* 0 none, 1 valued, 2 structural */
    maskdesc md;
    bool ta, tb;
    int alias;             /* 0 none, 1 C is A, 2 B is A, 3 M is C, 4 C is B, 5 M is A,
                            * 6 all four one object (C<C> = C*C) */
    int method;            /* mxm: GxB_AxB_METHOD (the engine the CPU backend must use) */
} spec;

static GrB_Type random_type(uint64_t *s)
{
    return *all_types[rnd(s, COUNT(all_types))];
}

static void describe(const spec *c, uint64_t seed, const dm *C, const dm *A, const dm *B,
                     const char *what)
{
    const char *opname = c->form == FORM_SEMIRING ? c->sr->h.name
                         : c->form == FORM_MONOID ? c->mon->h.name
                                                  : c->op->h.name;
    fail_msg("seed %llu: %s%s with %s, C %s %llux%llu, A %s, B %s, accum %s, mask %d%s%s%s, "
             "tran %d%d, alias %d, method %d: %s",
             (unsigned long long)seed, opnames[c->kind], c->vec ? " (vectors)" : "", opname,
             C->type->h.name, (unsigned long long)C->m, (unsigned long long)C->n,
             A->type->h.name, B->type->h.name, c->accum ? c->accum->h.name : "none", c->mask,
             c->md.comp ? " complemented" : "", c->md.structural ? " structural" : "",
             c->md.replace ? " replace" : "", c->ta, c->tb, c->alias, c->method, what);
}

/* The descriptor of case c; vxm's matrix is its second input (GrB_INP1). */
static GrB_Descriptor pick_desc(const spec *c)
{
    int kind = (c->md.comp ? 1 : 0) + (c->md.structural ? 2 : 0);
    bool t0 = c->kind == OP_VXM ? false : c->ta, t1 = c->kind == OP_VXM ? c->ta : c->tb;
    return *descs[(c->md.replace ? 16 : 0) + kind * 4 + (t0 ? 2 : 0) + (t1 ? 1 : 0)];
}

/* GrB_mxm of case c with its engine forced by GxB_AxB_METHOD: a new descriptor with d's settings. */
static GrB_Info mxm_method(const spec *c, void *C, void *M, void *A, void *B)
{
    GrB_Descriptor d;
    assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
    GrB_Desc_Value mask = c->md.comp ? (c->md.structural ? GrB_COMP_STRUCTURE : GrB_COMP)
                                     : (c->md.structural ? GrB_STRUCTURE : GrB_DEFAULT);
    assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, mask), GrB_SUCCESS);
    if (c->md.replace) assert_int_equal(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE), GrB_SUCCESS);
    if (c->ta) assert_int_equal(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN), GrB_SUCCESS);
    if (c->tb) assert_int_equal(GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(d, GxB_AxB_METHOD, (GrB_Desc_Value)c->method),
                     GrB_SUCCESS);
    GrB_Info info = GrB_mxm(C, M, c->accum, c->sr, A, B, d);
    GrB_Descriptor_free(&d);
    return info;
}

/* Runs the operation of c on GraphBLAS objects made from the dense ones. */
static GrB_Info run(const spec *c, void *C, void *M, void *A, void *B)
{
    GrB_Descriptor d = pick_desc(c);
    switch (c->kind) {
    case OP_MXM:
        if (c->method != GxB_DEFAULT) return mxm_method(c, C, M, A, B);
        return GrB_mxm(C, M, c->accum, c->sr, A, B, d);
    case OP_MXV: return GrB_mxv(C, M, c->accum, c->sr, A, B, d);
    case OP_VXM: return GrB_vxm(C, M, c->accum, c->sr, B, A, d);
    case OP_KRON:
        return c->form == FORM_SEMIRING ? GrB_Matrix_kronecker_Semiring(C, M, c->accum, c->sr, A, B, d)
               : c->form == FORM_MONOID ? GrB_Matrix_kronecker_Monoid(C, M, c->accum, c->mon, A, B, d)
                                        : GrB_Matrix_kronecker_BinaryOp(C, M, c->accum, c->op, A, B, d);
    case OP_ADD:
    case OP_MULT: {
        bool add = c->kind == OP_ADD;
#define EWISE(V, E)                                                                                \
    (c->form == FORM_SEMIRING ? GrB_##V##_eWise##E##_Semiring(C, M, c->accum, c->sr, A, B, d)      \
     : c->form == FORM_MONOID ? GrB_##V##_eWise##E##_Monoid(C, M, c->accum, c->mon, A, B, d)       \
                              : GrB_##V##_eWise##E##_BinaryOp(C, M, c->accum, c->op, A, B, d))
        if (c->vec) return add ? EWISE(Vector, Add) : EWISE(Vector, Mult);
        return add ? EWISE(Matrix, Add) : EWISE(Matrix, Mult);
#undef EWISE
    }
    }
    return GrB_PANIC;
}

/* The reference result T of case c. For vxm the vector is B and the matrix A. */
static dm reference(const spec *c, const dm *A, const dm *B)
{
    switch (c->kind) {
    case OP_MXM: return ref_mxm(c->sr, A, c->ta, B, c->tb);
    case OP_MXV: return ref_mxv(c->sr, A, c->ta, B, false);
    case OP_VXM: return ref_mxv(c->sr, A, c->ta, B, true);
    case OP_KRON: return ref_kron(c->op, A, c->ta, B, c->tb);
    default: return ref_ewise(c->op, A, c->ta, B, c->tb, c->kind == OP_ADD);
    }
}

/* Runs case c on A, B, C, M (dense; M may have no content when c->mask is 0) and compares. An
 * aliased case passes the same dense object twice (C == A for alias 1, ...); the GraphBLAS call
 * then gets one object in both places. */
static void check(const spec *c, uint64_t seed, const dm *C, const dm *M, const dm *A,
                  const dm *B)
{
    /* which objects are vectors: mxv/vxm take a vector B and produce one; eWise on vectors */
    bool cvec = c->kind == OP_MXV || c->kind == OP_VXM || c->vec;
    bool avec = c->vec, bvec = c->kind == OP_MXV || c->kind == OP_VXM || c->vec;
    dm T = reference(c, A, B);
    dm want = dm_copy(C);
    dm mcopy = {0};
    const dm *mref = c->mask == 0 ? NULL : M;
    if (c->mask != 0 && (c->alias == 3 || c->alias == 6)) {
        mcopy = dm_copy(C); /* the mask is C as it was before the call */
        mref = &mcopy;
    }
    ref_writeback(&want, mref, c->accum, &T, c->md);

    void *gA = to_grb(A, avec);
    void *gB = c->alias == 2 || c->alias == 6 ? gA : to_grb(B, bvec);
    void *gC = c->alias == 1 || c->alias == 6 ? gA : c->alias == 4 ? gB : to_grb(C, cvec);
    void *gM = c->mask == 0                       ? NULL
               : c->alias == 3 || c->alias == 6 ? gC
               : c->alias == 5                  ? gA
                                                : to_grb(M, cvec);
    GrB_Info info = run(c, gC, gM, gA, gB);
    if (info != GrB_SUCCESS) {
        char msg[64];
        snprintf(msg, sizeof msg, "returned %d", (int)info);
        describe(c, seed, C, A, B, msg);
    }
    dm got = from_grb(gC, cvec, &want);
    char buf[200];
    const char *diff = dm_diff(&want, &got, buf, sizeof buf);
    if (diff != NULL) describe(c, seed, C, A, B, diff);
    if (gM != NULL && c->alias != 3 && c->alias != 5 && c->alias != 6) grb_free(gM, cvec);
    if (c->alias != 1 && c->alias != 4 && c->alias != 6) grb_free(gC, cvec);
    if (c->alias != 2 && c->alias != 6) grb_free(gB, bvec);
    grb_free(gA, avec);
    dm_free(&got);
    dm_free(&want);
    dm_free(&T);
    if (mcopy.x != NULL) dm_free(&mcopy);
}

/* Draws the accumulator, mask kind and descriptor of a case. */
static void random_writeback(uint64_t *s, spec *c)
{
    c->accum = coin(s, 50) ? NULL : *all_binops[rnd(s, COUNT(all_binops))];
    c->mask = (int)rnd(s, 3);
    c->md.comp = coin(s, 40);
    c->md.structural = c->mask == 2;
    c->md.replace = coin(s, 40);
}

static unsigned random_density(uint64_t *s)
{
    static const unsigned d[] = {0, 100, 250, 500, 800, 1000};
    return d[rnd(s, COUNT(d))];
}

static GrB_Semiring random_semiring(uint64_t *s)
{
    switch (rnd(s, 4)) {
    case 0: return *fast_semirings[rnd(s, COUNT(fast_semirings))];
    case 1: return user_sr[rnd(s, N_USER_SR)];
    default: return *all_semirings[rnd(s, COUNT(all_semirings))];
    }
}

static GrB_Index random_dim(uint64_t *s)
{
    return coin(s, 4) ? 0 : 1 + rnd(s, 7);
}

static int aliased_cases; /* cases run with aliased arguments, reported per operation */

/* The operator of an element-wise or kronecker case c: a semiring, monoid or binary operator. */
static void random_form(uint64_t *s, spec *c)
{
    c->form = (opform)rnd(s, 3);
    if (c->form == FORM_SEMIRING) {
        c->sr = random_semiring(s);
        c->op = c->kind == OP_ADD ? c->sr->add->op : c->sr->mul;
    } else if (c->form == FORM_MONOID) {
        c->mon = coin(s, 10) ? UserPlusMonoid : *all_monoids[rnd(s, COUNT(all_monoids))];
        c->op = c->mon->op;
    } else {
        c->op = coin(s, 30) ? *fast_binops[rnd(s, COUNT(fast_binops))]
              : coin(s, 10) ? UserMinus
                            : *all_binops[rnd(s, COUNT(all_binops))];
    }
}

/* One random case of kind k from seed. */
static void one_case(opkind k, uint64_t seed)
{
    uint64_t s = seed;
    spec c = {.kind = k};
    random_writeback(&s, &c);
    c.ta = coin(&s, 40);
    c.tb = k != OP_MXV && k != OP_VXM && coin(&s, 40);
    GrB_Index m = random_dim(&s), n = random_dim(&s), q = random_dim(&s);
    GrB_Index am, an, bm, bn, cm, cn;
    switch (k) {
    case OP_MXM:
        c.form = FORM_SEMIRING;
        c.sr = random_semiring(&s);
        am = m, an = q, bm = q, bn = n, cm = m, cn = n;
        break;
    case OP_MXV:
    case OP_VXM:
        c.form = FORM_SEMIRING;
        c.sr = random_semiring(&s);
        am = m, an = q, bm = k == OP_MXV ? q : m, bn = 1, cm = k == OP_MXV ? m : q, cn = 1;
        break;
    case OP_KRON:
        bm = 1 + rnd(&s, 3), bn = 1 + rnd(&s, 3), am = 1 + rnd(&s, 3), an = 1 + rnd(&s, 3);
        cm = am * bm, cn = an * bn;
        break;
    default:
        c.vec = coin(&s, 30);
        if (c.vec) n = 1, c.ta = c.tb = false;
        am = m, an = n, bm = m, bn = n, cm = m, cn = n;
        break;
    }
    if (k == OP_ADD || k == OP_MULT || k == OP_KRON) random_form(&s, &c);
    /* transposed inputs are stored the other way round */
    if (c.ta) {
        GrB_Index t = am;
        am = an, an = t;
    }
    if (c.tb) {
        GrB_Index t = bm;
        bm = bn, bn = t;
    }
    /* aliases (1 C is A, 2 B is A, 3 M is C, 4 C is B, 5 M is A), each only where the objects
     * have the same kind and shape; mxv and vxm have a matrix A and vectors B, C, M */
    bool vecop = k == OP_MXV || k == OP_VXM;
    c.alias = k != OP_KRON && coin(&s, 50) ? 1 + (int)rnd(&s, 5) : 0;
    if ((c.alias == 1 && (vecop || am != cm || an != cn)) ||
        (c.alias == 2 && (vecop || am != bm || an != bn)) || (c.alias == 3 && c.mask == 0) ||
        (c.alias == 4 && (bm != cm || bn != cn)) ||
        (c.alias == 5 && (vecop || c.mask == 0 || am != cm || an != cn)))
        c.alias = 0;

    aliased_cases += c.alias != 0;
    dm A = dm_random(&s, random_type(&s), am, an, random_density(&s));
    dm B = c.alias == 2 ? A : dm_random(&s, random_type(&s), bm, bn, random_density(&s));
    dm C = c.alias == 1   ? A
           : c.alias == 4 ? B
                          : dm_random(&s, random_type(&s), cm, cn, random_density(&s));
    dm M = c.alias == 5 ? A : dm_random(&s, random_type(&s), cm, cn, random_density(&s));
    /* mxm: the engine the backend picks, then each engine forced (the masked dot product only
     * runs under a mask that is not complemented; elsewhere DOT falls back to Gustavson) */
    static const int methods[] = {GxB_DEFAULT, GxB_AxB_DOT, GxB_AxB_GUSTAVSON};
    for (size_t q = 0; q < (k == OP_MXM ? COUNT(methods) : 1); q++) {
        c.method = methods[q];
        check(&c, seed, &C, &M, &A, &B);
    }
    if (c.alias != 5) dm_free(&M);
    if (c.alias != 1 && c.alias != 4) dm_free(&C);
    if (c.alias != 2) dm_free(&B);
    dm_free(&A);
}

/* Runs `count` cases of kind k, or only the one in GG_TEST_SEED. */
static void run_cases(opkind k, int count, uint64_t base)
{
    const char *only = getenv("GG_TEST_SEED");
    if (only != NULL) {
        uint64_t seed = strtoull(only, NULL, 10);
        if ((seed >> 32) == (uint64_t)k) one_case(k, seed);
        return;
    }
    aliased_cases = 0;
    for (int i = 0; i < count; i++) one_case(k, ((uint64_t)k << 32) | (base + (uint64_t)i));
    print_message("%s: %d random cases, %d with aliased arguments\n", opnames[k], count,
                  aliased_cases);
}

/* X(test, operation, cases): one cmocka test of random cases per operation. */
#define RANDOM_TESTS(X)                                                                            \
    X(test_mxm, OP_MXM, 1500) \
    X(test_mxv, OP_MXV, 800) \
    X(test_vxm, OP_VXM, 800) \
    X(test_ewise_add, OP_ADD, 800) \
    X(test_ewise_mult, OP_MULT, 800) \
    X(test_kronecker, OP_KRON, 400)
#define DEFINE_RANDOM_TEST(test, op, cases)                                                        \
    static void test(void **state)                                                                 \
    {                                                                                              \
        (void)state;                                                                               \
        run_cases(op, cases, 1);                                                                   \
    }
RANDOM_TESTS(DEFINE_RANDOM_TEST)

/* ---- mxm engines, systematically ----------------------------------------------------------------
 * Every mask kind x semiring class x transpose x engine (the backend's pick, the masked dot
 * product, Gustavson), plain and aliased as C<C> = C*C, on operands with a few dense rows and
 * columns among sparse ones, so the dot product both merges and gallops (a list over 32 times
 * the other's length) and Gustavson uses both accumulators. */

/* A random n x n object of density permille, with rows and columns below `dense` full. */
static dm dm_skewed(uint64_t *s, GrB_Type t, GrB_Index n, unsigned permille, GrB_Index dense)
{
    dm d = dm_random(s, t, n, n, permille);
    for (GrB_Index i = 0; i < n; i++)
        for (GrB_Index j = 0; j < n; j++)
            if ((i < dense || j < dense) && !*has(&d, i, j)) {
                *has(&d, i, j) = true;
                random_value(s, t, at(&d, i, j));
            }
    return d;
}

static void test_mxm_engines(void **state)
{
    (void)state;
    GrB_Semiring plus_oneb_u64, plus_oneb_fp64, plus_oneb_i8;
    assert_int_equal(GrB_Semiring_new(&plus_oneb_u64, GrB_PLUS_MONOID_UINT64, GrB_ONEB_UINT64),
                     GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&plus_oneb_fp64, GrB_PLUS_MONOID_FP64, GrB_ONEB_FP64),
                     GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&plus_oneb_i8, GrB_PLUS_MONOID_INT8, GrB_ONEB_INT8),
                     GrB_SUCCESS);
    /* PLUS_TIMES, PLUS_PAIR and PLUS_ONEB (the dot product's counting merge for the 32- and
     * 64-bit types and FP64; INT8 sums as a semiring), MIN_PLUS, LOR_LAND, ANY_PAIR, a
     * positional one */
    GrB_Semiring classes[] = {GrB_PLUS_TIMES_SEMIRING_FP64, GxB_PLUS_PAIR_INT64, plus_oneb_u64,
                              plus_oneb_fp64, GxB_PLUS_PAIR_UINT32, plus_oneb_i8,
                              GrB_MIN_PLUS_SEMIRING_INT32,  GrB_LOR_LAND_SEMIRING_BOOL,
                              GxB_ANY_PAIR_BOOL,            GxB_MIN_SECONDI_INT64};
    /* mask kinds: none, valued, structural, each complemented or not, with and without replace */
    static const struct {
        int mask;
        bool comp;
    } kinds[] = {{0, false}, {1, false}, {2, false}, {1, true}, {2, true}, {0, true}};
    static const int methods[] = {GxB_DEFAULT, GxB_AxB_DOT, GxB_AxB_GUSTAVSON};
    const GrB_Index n = 100;
    int cases = 0;
    for (size_t q = 0; q < COUNT(classes); q++)
        for (size_t k = 0; k < COUNT(kinds); k++)
            for (int replace = 0; replace < 2; replace++)
                for (int tran = 0; tran < 4; tran++)
                    for (int alias = 0; alias < 2; alias++) {
                        uint64_t seed = ((uint64_t)q * 64 + k * 8 + (uint64_t)replace * 4 +
                                         (uint64_t)tran) * 2 + (uint64_t)alias + 7;
                        uint64_t s = seed;
                        spec c = {.kind = OP_MXM, .form = FORM_SEMIRING, .sr = classes[q],
                                  .mask = kinds[k].mask, .ta = tran & 1, .tb = tran >> 1,
                                  .alias = alias ? 6 : 0};
                        c.md.comp = kinds[k].comp;
                        c.md.structural = kinds[k].mask == 2;
                        c.md.replace = replace;
                        if (alias && c.mask == 0) continue; /* C<C> needs a mask */
                        /* C aliased with A and B must hold the product's type */
                        GrB_Type t = alias ? classes[q]->add->op->ztype : GrB_FP64;
                        dm A = dm_skewed(&s, t, n, 12, 1);
                        dm B = alias ? A : dm_skewed(&s, GrB_INT32, n, 12, 1);
                        dm C = alias ? A : dm_random(&s, GrB_FP64, n, n, 100);
                        dm M = alias ? A : dm_skewed(&s, GrB_UINT8, n, 150, 1);
                        for (size_t e = 0; e < COUNT(methods); e++) {
                            c.method = methods[e];
                            check(&c, seed, &C, &M, &A, &B);
                            cases++;
                        }
                        if (!alias) {
                            dm_free(&M);
                            dm_free(&C);
                            dm_free(&B);
                        }
                        dm_free(&A);
                    }
    print_message("mxm engines: %d cases\n", cases);
    GrB_Semiring_free(&plus_oneb_u64);
    GrB_Semiring_free(&plus_oneb_fp64);
    GrB_Semiring_free(&plus_oneb_i8);
}

/* The dot product's counting merge (PLUS_PAIR / PLUS_ONEB) against PLUS_TIMES over ones by
 * Gustavson: half-dense rows and columns against sparse ones, so the merge both steps and
 * gallops through lists that are not full (where every search would succeed). Two masks: one of
 * about 60 entries a row, whose rows of A are flagged once and B's columns summed over the flags
 * (rows of A from 2 entries, GG_DOT_MARK_MIN), and one of a single entry a row, whose counts all
 * merge or gallop. Result types: int64 and uint64 stored as counted, uint32 and FP64 cast. */
static void test_mxm_counting(void **state)
{
    (void)state;
    const GrB_Index n = 400;
    GrB_Matrix A, M[2], C, R;
    assert_int_equal(GrB_Matrix_new(&A, GrB_INT64, n, n), GrB_SUCCESS);
    for (int m = 0; m < 2; m++)
        assert_int_equal(GrB_Matrix_new(&M[m], GrB_BOOL, n, n), GrB_SUCCESS);
    uint64_t s = 99;
    for (GrB_Index i = 0; i < n; i++) {
        for (GrB_Index j = 0; j < n; j++) {
            unsigned permille = i < 3 || j < 3 ? 450 : 25;
            if (rnd(&s, 1000) < permille)
                assert_int_equal(GrB_Matrix_setElement_INT64(A, 1, i, j), GrB_SUCCESS);
            if (rnd(&s, 1000) < 150)
                assert_int_equal(GrB_Matrix_setElement_BOOL(M[0], true, i, j), GrB_SUCCESS);
        }
        assert_int_equal(GrB_Matrix_setElement_BOOL(M[1], true, i, rnd(&s, n)), GrB_SUCCESS);
    }
    GrB_Descriptor dot, gus;
    assert_int_equal(GrB_Descriptor_new(&dot), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_new(&gus), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(dot, GxB_AxB_METHOD, GxB_AxB_DOT), GrB_SUCCESS);
    assert_int_equal(GrB_Descriptor_set(gus, GxB_AxB_METHOD, GxB_AxB_GUSTAVSON), GrB_SUCCESS);
    GrB_Semiring counting[] = {GxB_PLUS_PAIR_INT64, GxB_PLUS_PAIR_UINT64, GxB_PLUS_PAIR_UINT32,
                               GxB_PLUS_PAIR_FP64};
    for (int m = 0; m < 2; m++)
        for (size_t q = 0; q < COUNT(counting); q++) {
            GrB_Type z = counting[q]->add->op->ztype;
            assert_int_equal(GrB_Matrix_new(&C, z, n, n), GrB_SUCCESS);
            assert_int_equal(GrB_Matrix_new(&R, GrB_INT64, n, n), GrB_SUCCESS);
            assert_int_equal(GrB_mxm(C, M[m], NULL, counting[q], A, A, dot), GrB_SUCCESS);
            assert_int_equal(GrB_mxm(R, M[m], NULL, GrB_PLUS_TIMES_SEMIRING_INT64, A, A, gus),
                             GrB_SUCCESS);
            GrB_Index nc, nr;
            assert_int_equal(GrB_Matrix_nvals(&nc, C), GrB_SUCCESS);
            assert_int_equal(GrB_Matrix_nvals(&nr, R), GrB_SUCCESS);
            assert_int_equal(nc, nr);
            assert_true(nc > (m == 0 ? 1000 : 100));
            for (GrB_Index i = 0; i < n; i++)
                for (GrB_Index j = 0; j < n; j++) {
                    double x = -1, y = -1;
                    GrB_Info a = GrB_Matrix_extractElement_FP64(&x, C, i, j);
                    GrB_Info b = GrB_Matrix_extractElement_FP64(&y, R, i, j);
                    assert_int_equal(a, b);
                    assert_true(x == y);
                }
            GrB_Matrix_free(&C);
            GrB_Matrix_free(&R);
        }
    GrB_Descriptor_free(&dot);
    GrB_Descriptor_free(&gus);
    GrB_Matrix_free(&A);
    for (int m = 0; m < 2; m++) GrB_Matrix_free(&M[m]);
}

/* ---- a user-defined type end to end ------------------------------------------------------------- */

static void test_user_type(void **state)
{
    (void)state;
    static const opkind kinds[] = {OP_MXM, OP_MXV, OP_VXM, OP_ADD, OP_MULT, OP_KRON};
    int cases = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        uint64_t s = seed * 7919;
        spec c = {.kind = kinds[seed % COUNT(kinds)], .form = FORM_SEMIRING, .sr = PairSemiring};
        c.op = c.kind == OP_ADD ? PairPlus : PairTimes;
        c.accum = coin(&s, 50) ? PairPlus : NULL;
        c.mask = (int)rnd(&s, 3);
        c.md = (maskdesc){coin(&s, 40), coin(&s, 40), c.mask == 2};
        bool vecop = c.kind == OP_MXV || c.kind == OP_VXM;
        c.vec = (c.kind == OP_ADD || c.kind == OP_MULT) && coin(&s, 30);
        c.ta = !c.vec && coin(&s, 40);
        c.tb = !c.vec && !vecop && coin(&s, 40);
        GrB_Index m = 1 + rnd(&s, 5), n = c.vec || vecop ? 1 : 1 + rnd(&s, 5), q = 1 + rnd(&s, 5);
        GrB_Index am = m, an = q, bm = q, bn = n, cm = m, cn = n;
        if (c.kind == OP_VXM) bm = m, cm = q;
        if (c.kind == OP_ADD || c.kind == OP_MULT) an = n, bm = m;
        if (c.kind == OP_KRON) am = 2, an = 3, bm = 2, bn = 2, cm = 4, cn = 6;
        if (c.ta) {
            GrB_Index t = am;
            am = an, an = t;
        }
        if (c.tb) {
            GrB_Index t = bm;
            bm = bn, bn = t;
        }
        dm A = dm_random(&s, Pair, am, an, 500), B = dm_random(&s, Pair, bm, bn, 500);
        dm C = dm_random(&s, Pair, cm, cn, 400), M = dm_random(&s, random_type(&s), cm, cn, 500);
        check(&c, seed, &C, &M, &A, &B);
        dm_free(&A);
        dm_free(&B);
        dm_free(&C);
        dm_free(&M);
        cases++;
    }
    print_message("user-defined type: %d cases\n", cases);
}

/* ---- hypersparse objects of dimension 2^60 -------------------------------------------------------
 * Entries sit only at the indices of `hyper_idx`; every operation here maps that set (or pairs of
 * it, for kronecker) onto itself in order, so the dense reference on the compressed indices is
 * exact. Any allocation by dimension would fail (or exhaust memory) at this size. */
#define HYPER_DIM (GrB_INDEX_MAX + 1)
static const GrB_Index hyper_idx[] = {0,       1,      ((GrB_Index)1 << 20) + 3,
                                      (GrB_Index)1 << 40, HYPER_DIM - 2, HYPER_DIM - 1};
#define NH (sizeof(hyper_idx) / sizeof(hyper_idx[0]))
/* kronecker: two factors of dimension 2^30 - 1, whose product has a dimension near 2^60 (the
 * largest a product may have is GrB_INDEX_MAX) */
#define KRON_DIM (((GrB_Index)1 << 30) - 1)
static const GrB_Index kron_idx[] = {0, 5, (GrB_Index)1 << 29, KRON_DIM - 1};
#define NK (sizeof(kron_idx) / sizeof(kron_idx[0]))
static GrB_Index kron_pairs[NK * NK];

static void hyper_shape(dm *d, bool rows, bool cols, GrB_Index dim)
{
    if (rows) d->rmap = dim == HYPER_DIM ? hyper_idx : kron_idx, d->M = dim;
    if (cols) d->cmap = dim == HYPER_DIM ? hyper_idx : kron_idx, d->N = dim;
}

static void hyper_case(opkind k, uint64_t seed)
{
    uint64_t s = seed;
    spec c = {.kind = k, .form = FORM_SEMIRING};
    random_writeback(&s, &c);
    c.sr = random_semiring(&s);
    c.op = k == OP_ADD ? c.sr->add->op : c.sr->mul;
    bool vecop = k == OP_MXV || k == OP_VXM;
    c.vec = (k == OP_ADD || k == OP_MULT) && coin(&s, 30);
    c.ta = !c.vec && coin(&s, 40);
    c.tb = !c.vec && !vecop && coin(&s, 40);
    bool bcols = !vecop && !c.vec, ccols = bcols;
    GrB_Index h = NH;
    GrB_Index am = h, an = c.vec ? 1 : h, bm = h, bn = bcols ? h : 1, cm = h, cn = ccols ? h : 1;
    GrB_Index dim = HYPER_DIM;
    if (k == OP_KRON) {
        am = an = bm = bn = NK;
        cm = cn = NK * NK;
        dim = KRON_DIM;
    }
    dm A = dm_random(&s, random_type(&s), am, an, 300);
    dm B = dm_random(&s, random_type(&s), bm, bn, 300);
    dm C = dm_random(&s, random_type(&s), cm, cn, 200);
    dm M = dm_random(&s, random_type(&s), cm, cn, 400);
    hyper_shape(&A, true, !c.vec, dim);
    hyper_shape(&B, true, bcols, dim);
    if (k == OP_KRON) {
        for (GrB_Index p = 0; p < NK * NK; p++)
            kron_pairs[p] = kron_idx[p / NK] * KRON_DIM + kron_idx[p % NK];
        C.rmap = C.cmap = M.rmap = M.cmap = kron_pairs;
        C.M = C.N = M.M = M.N = KRON_DIM * KRON_DIM;
    } else {
        hyper_shape(&C, true, ccols, dim);
        hyper_shape(&M, true, ccols, dim);
    }
    check(&c, seed, &C, &M, &A, &B);
    dm_free(&A);
    dm_free(&B);
    dm_free(&C);
    dm_free(&M);
}

static void test_hypersparse(void **state)
{
    (void)state;
    static const opkind kinds[] = {OP_MXM, OP_MXV, OP_VXM, OP_ADD, OP_MULT, OP_KRON};
    int cases = 0;
    for (size_t k = 0; k < COUNT(kinds); k++)
        for (uint64_t i = 0; i < 60; i++, cases++) hyper_case(kinds[k], (k << 32) | (i + 1));
    print_message("hypersparse: %d cases\n", cases);
}

/* ---- larger cases: the parallel paths, dense and hash accumulators, push and pull -------------- */

/* Cases of about a thousand rows: enough work for several threads, sparse rows for the hash
 * accumulator and denser ones for the dense accumulator, sparse and dense input vectors. */
static void test_larger(void **state)
{
    (void)state;
    int cases = 0;
    for (uint64_t seed = 1; seed <= 16; seed++) {
        uint64_t s = seed * 104729;
        static const opkind kinds[] = {OP_MXM, OP_MXV, OP_VXM, OP_ADD};
        spec c = {.kind = kinds[seed % COUNT(kinds)], .form = FORM_SEMIRING};
        random_writeback(&s, &c);
        c.sr = seed % 3 == 0 ? user_sr[3] : *fast_semirings[rnd(&s, COUNT(fast_semirings))];
        c.op = c.sr->add->op;
        c.ta = coin(&s, 50);
        bool vecop = c.kind == OP_MXV || c.kind == OP_VXM;
        c.tb = !vecop && coin(&s, 50);
        GrB_Index n = 1000 + rnd(&s, 200);
        unsigned dens = c.kind == OP_MXM ? (seed & 4 ? 20 : 4) : 200;
        dm A = dm_random(&s, GrB_FP64, n, n, dens);
        /* sparse and dense input vectors reach both mxv forms */
        dm B = dm_random(&s, GrB_INT32, n, vecop ? 1 : n, vecop ? (seed & 1 ? 10 : 600) : dens);
        dm C = dm_random(&s, GrB_FP64, n, vecop ? 1 : n, 50);
        dm M = dm_random(&s, GrB_BOOL, n, vecop ? 1 : n, seed & 2 ? 10 : 500);
        check(&c, seed, &C, &M, &A, &B);
        dm_free(&A);
        dm_free(&B);
        dm_free(&C);
        dm_free(&M);
        cases++;
    }
    print_message("larger: %d cases\n", cases);
}

/* ---- lopsided operands: the paths driven by a small side (BC's shapes) --------------------------
 * Square objects of 12 to 31 rows where one side is dense and another holds a few entries, so
 * that the CPU backend takes its small-side paths (Doc/decisions.md, BC on grids): the union into
 * C (C = C + S, C aliased with an input, S small), element-wise products driven by a small mask or
 * by the smaller input, the accumulation of a small T into C in place, and mxm under a mask far
 * larger than the product (probed entry by entry). Each shape also draws the settings just off
 * its path (a complemented mask, a transposed C, an accumulator, C keeping entries), and every
 * mask kind, replace and random types, all against the dense reference. */

enum {
    LOP_UNION_INTO, LOP_MASK_DRIVES, LOP_SMALL_SIDE, LOP_ACCUM_IN_PLACE, LOP_MXM_PROBE, LOP_SHAPES
};

static unsigned lop_dense(uint64_t *s)
{
    return 850 + (unsigned)rnd(s, 151);
}

static unsigned lop_sparse(uint64_t *s)
{
    return 5 + (unsigned)rnd(s, 30);
}

static void lopsided_case(int shape, uint64_t seed)
{
    uint64_t s = seed;
    spec c = {.kind = OP_MULT};
    random_writeback(&s, &c);
    GrB_Index n = 12 + rnd(&s, 20);
    GrB_Type ta = random_type(&s), tb = random_type(&s), tc = random_type(&s), tm = random_type(&s);
    unsigned da = lop_dense(&s), db = lop_dense(&s), dc = lop_dense(&s), dmask = lop_dense(&s);
    switch (shape) {
    case LOP_UNION_INTO:
        /* C = C + S (or S + C): mostly no mask or accumulator and C of op's result type */
        c.kind = OP_ADD;
        random_form(&s, &c);
        if (coin(&s, 75)) c.mask = 0, c.md.comp = false;
        if (coin(&s, 75)) c.accum = NULL;
        c.alias = coin(&s, 50) ? 1 : 4;
        if (c.alias == 1) {
            c.tb = coin(&s, 30);
            c.ta = coin(&s, 15);
            db = lop_sparse(&s);
            if (coin(&s, 75)) ta = c.op->ztype;
        } else {
            c.ta = coin(&s, 30);
            c.tb = coin(&s, 15);
            da = lop_sparse(&s);
            if (coin(&s, 75)) tb = c.op->ztype;
        }
        break;
    case LOP_MASK_DRIVES:
        /* a small mask, mostly not complemented, over two dense inputs */
        c.kind = coin(&s, 50) ? OP_ADD : OP_MULT;
        random_form(&s, &c);
        c.mask = 1 + (int)rnd(&s, 2);
        c.md.structural = c.mask == 2;
        c.md.comp = coin(&s, 20);
        dmask = lop_sparse(&s);
        c.alias = coin(&s, 50) ? (int)rnd(&s, 6) : 0; /* 0 .. 5 */
        c.ta = coin(&s, 30);
        c.tb = coin(&s, 30);
        break;
    case LOP_SMALL_SIDE:
        /* an intersection with one small input, under any mask */
        random_form(&s, &c);
        if (coin(&s, 50))
            da = lop_sparse(&s);
        else
            db = lop_sparse(&s);
        c.alias = coin(&s, 40) ? 1 + (int)rnd(&s, 5) : 0;
        c.ta = coin(&s, 30);
        c.tb = coin(&s, 30);
        break;
    case LOP_ACCUM_IN_PLACE:
        /* C += S .* B with no mask: T within C's pattern when C is full (dc 1000), or not */
        random_form(&s, &c);
        if (c.accum == NULL) c.accum = *fast_binops[rnd(&s, COUNT(fast_binops))];
        if (coin(&s, 80)) c.mask = 0, c.md.comp = false;
        dc = coin(&s, 70) ? 1000 : dc;
        da = lop_sparse(&s);
        c.alias = coin(&s, 30) ? 4 : 0; /* C is the dense B */
        if (c.alias == 4) db = dc;
        c.ta = coin(&s, 30);
        c.tb = coin(&s, 30);
        break;
    default:
        /* C<M> = A*B with M dense, A and B sparse, C empty or replaced, mostly no accumulator */
        c.kind = OP_MXM;
        c.form = FORM_SEMIRING;
        c.sr = random_semiring(&s);
        if (coin(&s, 80)) c.accum = NULL;
        c.mask = 1 + (int)rnd(&s, 2);
        c.md.structural = c.mask == 2;
        if (coin(&s, 50)) dc = 0;
        if (coin(&s, 60)) c.md.replace = true;
        da = lop_sparse(&s);
        db = 20 + (unsigned)rnd(&s, 100);
        c.alias = coin(&s, 20) ? 3 : 0; /* M is C (replace keeps the probe) */
        if (c.alias == 3) dc = dmask;
        c.ta = coin(&s, 30);
        c.tb = coin(&s, 30);
        break;
    }
    if (c.alias == 3 && c.mask == 0) c.alias = 0;
    if (c.alias == 5 && c.mask == 0) c.alias = 0;
    dm A = dm_random(&s, ta, n, n, da);
    dm B = c.alias == 2 ? A : dm_random(&s, tb, n, n, db);
    dm C = c.alias == 1 ? A : c.alias == 4 ? B : dm_random(&s, tc, n, n, dc);
    /* M is C (alias 3): check() reads the mask from C as it was */
    dm M = c.alias == 5 ? A : c.alias == 3 ? C : dm_random(&s, tm, n, n, dmask);
    c.method = GxB_DEFAULT;
    check(&c, seed, &C, &M, &A, &B);
    if (c.alias != 5 && c.alias != 3) dm_free(&M);
    if (c.alias != 1 && c.alias != 4) dm_free(&C);
    if (c.alias != 2) dm_free(&B);
    dm_free(&A);
}

static void test_lopsided(void **state)
{
    (void)state;
    const char *only = getenv("GG_TEST_SEED");
    int cases = 0;
    for (int shape = 0; shape < LOP_SHAPES; shape++)
        for (uint64_t i = 1; i <= 400; i++) {
            uint64_t seed = ((uint64_t)(16 + shape) << 32) | i;
            if (only != NULL && strtoull(only, NULL, 10) != seed) continue;
            lopsided_case(shape, seed);
            cases++;
        }
    print_message("lopsided: %d cases\n", cases);
}

/* ---- a chain of BC's steps on one C -----------------------------------------------------------
 * The small-side paths write C in place (its log, its values) and read C's log without an
 * assembly, so they are also checked in sequence on one object, as BC runs them: unions into C,
 * accumulations into C, C as the mask of a product and of an element-wise call, and setElement,
 * each followed by reads through C's row view, column view and a lookup, all against the
 * reference. */

/* Compares the GraphBLAS matrix g with the dense want; fails with the chain's step. */
static void chain_expect(GrB_Matrix g, const dm *want, int trial, int step, const char *what)
{
    dm got = from_grb(g, false, want);
    char buf[200];
    const char *diff = dm_diff(want, &got, buf, sizeof buf);
    if (diff != NULL) fail_msg("chain trial %d step %d (%s): %s", trial, step, what, diff);
    dm_free(&got);
}

/* C's reads after a step: one element, and now and then C*P (rows of C) and C'*P (columns of
 * C), which assemble C's log; between those, unions, writes and masks meet the log. */
static void chain_read(GrB_Matrix C, const dm *Cd, GrB_Matrix P, const dm *Pd, uint64_t *s,
                       int trial, int step)
{
    for (int tran = 0; tran < 2 && coin(s, 25); tran++) {
        dm want = ref_mxm(GrB_PLUS_TIMES_SEMIRING_FP64, Cd, tran, Pd, false);
        GrB_Matrix R;
        assert_int_equal(GrB_Matrix_new(&R, GrB_FP64, Cd->n, Pd->n), GrB_SUCCESS);
        assert_int_equal(GrB_mxm(R, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C, P,
                                 tran ? GrB_DESC_T0 : NULL),
                         GrB_SUCCESS);
        chain_expect(R, &want, trial, step, tran ? "read C'*P" : "read C*P");
        GrB_Matrix_free(&R);
        dm_free(&want);
    }
    GrB_Index i = rnd(s, Cd->m), j = rnd(s, Cd->n);
    double x = 0;
    GrB_Info info = GrB_Matrix_extractElement_FP64(&x, C, i, j);
    assert_int_equal(info, *has(Cd, i, j) ? GrB_SUCCESS : GrB_NO_VALUE);
    if (info == GrB_SUCCESS && x != *(double *)at(Cd, i, j))
        fail_msg("chain trial %d step %d: C(%llu,%llu) read %g", trial, step, (unsigned long long)i,
                 (unsigned long long)j, x);
}

/* d (FP64) with its zeros made ones: a product of a zero and a negative value is -0, which a value
 * mask takes as true (its bytes, SuiteSparse's rule) and this reference as false. */
static void chain_no_zeros(dm *d)
{
    for (GrB_Index k = 0; k < d->m * d->n; k++)
        if (((double *)d->x)[k] == 0) ((double *)d->x)[k] = 1;
}

static void test_bc_chain(void **state)
{
    (void)state;
    const GrB_Index n = 48;
    for (int trial = 0; trial < 12; trial++) {
        uint64_t s = 7919 * (uint64_t)(trial + 1);
        dm Cd = dm_random(&s, GrB_FP64, n, n, trial % 2 ? 1000 : 900);
        dm Bd = dm_random(&s, GrB_FP64, n, n, 1000);
        chain_no_zeros(&Bd);
        dm Pd = dm_random(&s, GrB_FP64, n, n, 60);
        GrB_Matrix C = to_grb(&Cd, false), B = to_grb(&Bd, false), P = to_grb(&Pd, false);
        if (trial % 3 == 2) {
            /* C iso and full, as BC's bcu starts: nothing of it can be written in place */
            assert_int_equal(
                GrB_Matrix_assign_FP64(C, NULL, NULL, 1.0, GrB_ALL, n, GrB_ALL, n, NULL),
                GrB_SUCCESS);
            for (GrB_Index k = 0; k < n * n; k++) {
                Cd.p[k] = true;
                ((double *)Cd.x)[k] = 1.0;
            }
        }
        for (int step = 0; step < 24; step++) {
            dm Sd = dm_random(&s, GrB_FP64, n, n, 15);
            chain_no_zeros(&Sd);
            GrB_Matrix S = to_grb(&Sd, false), W;
            assert_int_equal(GrB_Matrix_new(&W, GrB_FP64, n, n), GrB_SUCCESS);
            int kind = (int)rnd(&s, 5);
            maskdesc md = {.replace = coin(&s, 50), .comp = coin(&s, 50),
                           .structural = coin(&s, 50)};
            GrB_Descriptor d =
                *descs[(md.replace ? 16 : 0) + (md.comp ? 4 : 0) + (md.structural ? 8 : 0)];
            dm T = {0}, Wd = dm_new(GrB_FP64, n, n);
            switch (kind) {
            case 0: /* paths = paths + frontier (either order) */
                if (coin(&s, 50)) {
                    T = ref_ewise(GrB_MINUS_FP64, &Cd, false, &Sd, false, true);
                    assert_int_equal(
                        GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_MINUS_FP64, C, S, NULL),
                        GrB_SUCCESS);
                } else {
                    T = ref_ewise(GrB_MINUS_FP64, &Sd, false, &Cd, false, true);
                    assert_int_equal(
                        GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_MINUS_FP64, S, C, NULL),
                        GrB_SUCCESS);
                }
                ref_writeback(&Cd, NULL, NULL, &T, (maskdesc){0});
                break;
            case 1: /* bcu += w .* paths */
                T = ref_ewise(GrB_TIMES_FP64, &Sd, false, &Bd, false, false);
                assert_int_equal(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, GrB_PLUS_FP64, GrB_TIMES_FP64,
                                                               S, B, NULL),
                                 GrB_SUCCESS);
                ref_writeback(&Cd, NULL, GrB_PLUS_FP64, &T, (maskdesc){0});
                break;
            case 2: /* frontier<!paths, struct, replace> = frontier * A, C the mask */
                T = ref_mxm(GrB_PLUS_TIMES_SEMIRING_FP64, &Sd, false, &Pd, false);
                assert_int_equal(GrB_mxm(W, C, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, S, P, d),
                                 GrB_SUCCESS);
                ref_writeback(&Wd, &Cd, NULL, &T, md);
                chain_expect(W, &Wd, trial, step, "mxm under C");
                break;
            case 3: /* w<level, struct, replace> = bcu ./ paths, the mask small */
                T = ref_ewise(GrB_DIV_FP64, &Cd, false, &Bd, false, false);
                assert_int_equal(GrB_Matrix_eWiseMult_BinaryOp(W, S, NULL, GrB_DIV_FP64, C, B, d),
                                 GrB_SUCCESS);
                ref_writeback(&Wd, &Sd, NULL, &T, md);
                chain_expect(W, &Wd, trial, step, "eWiseMult under a small mask");
                break;
            default: { /* writes through setElement and removeElement among the logged unions */
                for (int w = 0; w < 48; w++) {
                    GrB_Index i = rnd(&s, n), j = rnd(&s, n);
                    double x = (double)rnd(&s, 9);
                    *has(&Cd, i, j) = coin(&s, 50);
                    memcpy(at(&Cd, i, j), &x, sizeof x);
                    assert_int_equal(*has(&Cd, i, j) ? GrB_Matrix_setElement_FP64(C, x, i, j)
                                                     : GrB_Matrix_removeElement(C, i, j),
                                     GrB_SUCCESS);
                }
                break;
            }
            }
            if (kind < 2 || kind == 4) chain_read(C, &Cd, P, &Pd, &s, trial, step);
            if (T.x != NULL) dm_free(&T);
            dm_free(&Wd);
            dm_free(&Sd);
            GrB_Matrix_free(&S);
            GrB_Matrix_free(&W);
        }
        chain_expect(C, &Cd, trial, 24, "C at the end");
        GrB_Matrix_free(&C);
        GrB_Matrix_free(&B);
        GrB_Matrix_free(&P);
        dm_free(&Cd);
        dm_free(&Bd);
        dm_free(&Pd);
    }
}

/* ---- out of memory ------------------------------------------------------------------------------
 * Each case runs with the k-th allocation failing, for k = 1, 2, ... until it succeeds: it must
 * return GrB_OUT_OF_MEMORY with the output unchanged, or succeed with the right result, and leak
 * nothing. The cases reach every allocation of the kernels: both accumulators, the masked dot
 * product, pull and push, the eWise merge, kronecker, and the heap scratch of a large user type. */

static void oom_case(const char *name, const spec *c, const dm *C, const dm *M, const dm *A,
                     const dm *B)
{
    bool cvec = c->kind == OP_MXV || c->kind == OP_VXM || c->vec;
    bool avec = c->vec, bvec = c->kind == OP_MXV || c->kind == OP_VXM || c->vec;
    dm T = reference(c, A, B);
    dm want = dm_copy(C);
    ref_writeback(&want, c->mask ? M : NULL, c->accum, &T, c->md);
    void *gA = to_grb(A, avec), *gB = to_grb(B, bvec), *gM = c->mask ? to_grb(M, cvec) : NULL;
    void *g0 = to_grb(C, cvec);
    assert_int_equal(run(c, g0, gM, gA, gB), GrB_SUCCESS); /* builds the inputs' cached views */
    grb_free(g0, cvec);
    int failures = 0;
    char buf[200];
    for (int64_t k = 1;; k++) {
        int64_t base = GG_mem_live_blocks();
        void *gC = to_grb(C, cvec);
        GG_mem_fail_after(k);
        GrB_Info info = run(c, gC, gM, gA, gB);
        GG_mem_fail_after(0);
        dm got = from_grb(gC, cvec, &want);
        if (info == GrB_SUCCESS) {
            if (dm_diff(&want, &got, buf, sizeof buf) != NULL)
                fail_msg("%s: wrong result after %d failures: %s", name, failures, buf);
        } else {
            if (info != GrB_OUT_OF_MEMORY) fail_msg("%s: k = %lld gave %d", name, (long long)k, info);
            if (dm_diff(C, &got, buf, sizeof buf) != NULL)
                fail_msg("%s: k = %lld changed the output: %s", name, (long long)k, buf);
            failures++;
        }
        dm_free(&got);
        grb_free(gC, cvec);
        if (GG_mem_live_blocks() != base)
            fail_msg("%s: k = %lld leaked %lld blocks", name, (long long)k,
                     (long long)(GG_mem_live_blocks() - base));
        if (info == GrB_SUCCESS) break;
    }
    assert_true(failures > 0);
    print_message("out of memory: %s, %d failing allocations\n", name, failures);
    if (gM != NULL) grb_free(gM, cvec);
    grb_free(gB, bvec);
    grb_free(gA, avec);
    dm_free(&want);
    dm_free(&T);
}

static void test_out_of_memory(void **state)
{
    (void)state;
    /* the sweeps fail host allocations inside the CPU slots: a run with CUDA forced
     * (tools/device-check.sh's "forced" step) keeps them there; the device's allocation failures
     * are cuda_oom's (the policy is restored at the end) */
    int32_t policy;
    assert_int_equal(GrB_Global_get_INT32(GrB_GLOBAL, &policy, GxG_BACKEND), GrB_SUCCESS);
    assert_int_equal(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND), GrB_SUCCESS);
    uint64_t s = 99;
    GrB_Semiring pt = GrB_PLUS_TIMES_SEMIRING_FP64;
    dm A = dm_random(&s, GrB_FP64, 40, 40, 300), B = dm_random(&s, GrB_INT32, 40, 40, 300);
    dm C = dm_random(&s, GrB_FP64, 40, 40, 200), M = dm_random(&s, GrB_BOOL, 40, 40, 500);
    dm Ms = dm_random(&s, GrB_BOOL, 40, 40, 3);
    /* wide and sparse: rows with few products against many columns use the hash accumulator */
    dm Bw = dm_random(&s, GrB_FP64, 40, 4000, 2), Cw = dm_random(&s, GrB_FP64, 40, 4000, 1);
    dm u = dm_random(&s, GrB_FP64, 40, 1, 700), us = dm_random(&s, GrB_FP64, 40, 1, 50);
    dm w = dm_random(&s, GrB_FP64, 40, 1, 300), m = dm_random(&s, GrB_BOOL, 40, 1, 500);
    dm P = dm_random(&s, Pair, 40, 40, 200), Pc = dm_random(&s, Pair, 40, 40, 100);
    dm Ak = dm_random(&s, GrB_FP64, 5, 6, 400), Bk = dm_random(&s, GrB_FP64, 4, 3, 500);
    dm Ck = dm_random(&s, GrB_FP64, 20, 18, 100);
    maskdesc plain = {false, false, false}, comp = {false, true, false};
    spec c;
    c = (spec){.kind = OP_MXM, .form = FORM_SEMIRING, .sr = pt, .mask = 1, .md = comp};
    oom_case("mxm, dense accumulator, complemented mask", &c, &C, &M, &A, &B);
    c = (spec){.kind = OP_MXM, .form = FORM_SEMIRING, .sr = pt, .accum = GrB_PLUS_FP64, .md = plain};
    oom_case("mxm, hash accumulator", &c, &Cw, NULL, &A, &Bw);
    c = (spec){.kind = OP_MXM, .form = FORM_SEMIRING, .sr = pt, .mask = 2, .tb = true,
               .md = {true, false, true}};
    oom_case("mxm, masked dot product", &c, &C, &Ms, &A, &B);
    c = (spec){.kind = OP_MXM, .form = FORM_SEMIRING, .sr = PairSemiring, .md = plain};
    oom_case("mxm, user-defined type", &c, &Pc, NULL, &P, &P);
    c = (spec){.kind = OP_MXV, .form = FORM_SEMIRING, .sr = pt, .mask = 1, .md = plain};
    oom_case("mxv, pull", &c, &w, &m, &A, &u);
    c = (spec){.kind = OP_VXM, .form = FORM_SEMIRING, .sr = user_sr[3], .mask = 1, .md = comp};
    oom_case("vxm, push", &c, &w, &m, &A, &us);
    c = (spec){.kind = OP_ADD, .form = FORM_BINARYOP, .op = GrB_MINUS_FP64, .tb = true, .md = plain};
    oom_case("eWiseAdd", &c, &C, NULL, &A, &B);
    c = (spec){.kind = OP_MULT, .form = FORM_BINARYOP, .op = GrB_TIMES_FP64, .md = plain};
    oom_case("eWiseMult", &c, &C, NULL, &A, &B);
    c = (spec){.kind = OP_KRON, .form = FORM_BINARYOP, .op = GrB_TIMES_FP64, .md = plain};
    oom_case("kronecker", &c, &Ck, NULL, &Ak, &Bk);
    dm *all[] = {&A, &B, &C, &M, &Ms, &Bw, &Cw, &u, &us, &w, &m, &P, &Pc, &Ak, &Bk, &Ck};
    for (size_t k = 0; k < COUNT(all); k++) dm_free(all[k]);
    assert_int_equal(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND), GrB_SUCCESS);
}

static int setup(void **state)
{
    (void)state;
    if (GrB_init(GrB_NONBLOCKING) != GrB_SUCCESS) return -1;
    make_user_objects();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free_user_objects();
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

/* ---- w += A u on the tree (PageRank's shape) ----------------------------------------------------- */

/* w += op(A) u with accum PLUS on a full FP64 w, an iso-1 FP64 A and a dense u (full, or bitmap
 * with some entries missing) over PLUS_SECOND, PLUS_FIRST (vxm) and PLUS_ONEB: the path that adds on
 * the tree (src/cpu/mxv.c, adds_on_tree), against sums over A's tuples. The iso w takes its values
 * from the walk's bands; a twin w2 holding the same value in an array of its own (not iso: its
 * first entry differs) must get the same bits at every other position, one band or several (the
 * parts forced as a test may, 7 of them over however many threads). */
/* The FP64 vector w after GrB_mxv(w, NULL, accum, sr, A, u, d) run with the k-th allocation failing,
 * k = 1, 2, ... until it succeeds: each failure must return GrB_OUT_OF_MEMORY with w as it was and
 * leak nothing, and the success must give `want` exactly. For the paths the matrix oom_case cannot
 * reach (they need a cached view or an iso w made by the test first). */
static void mxv_oom_sweep(const char *name, GrB_Vector w0, GrB_BinaryOp accum, GrB_Semiring sr,
                          GrB_Matrix A, GrB_Vector u, GrB_Descriptor d, GrB_Vector want)
{
    GrB_Index n, nw, n0;
    assert_int_equal(GrB_Vector_size(&n, w0), GrB_SUCCESS);
    assert_int_equal(GrB_Vector_nvals(&nw, want), GrB_SUCCESS);
    assert_int_equal(GrB_Vector_nvals(&n0, w0), GrB_SUCCESS);
    int failures = 0;
    for (int64_t k = 1;; k++) {
        GrB_Vector w;
        assert_int_equal(GrB_Vector_dup(&w, w0), GrB_SUCCESS);
        int64_t base = GG_mem_live_blocks();
        GG_mem_fail_after(k);
        GrB_Info info = GrB_mxv(w, NULL, accum, sr, A, u, d);
        GG_mem_fail_after(0);
        GrB_Vector ref = info == GrB_SUCCESS ? want : w0;
        GrB_Index nv, nr = info == GrB_SUCCESS ? nw : n0;
        if (info != GrB_SUCCESS && info != GrB_OUT_OF_MEMORY)
            fail_msg("%s: k = %lld gave %d", name, (long long)k, info);
        assert_int_equal(GrB_Vector_nvals(&nv, w), GrB_SUCCESS);
        if (nv != nr) fail_msg("%s: k = %lld: %llu entries, expected %llu", name, (long long)k,
                               (unsigned long long)nv, (unsigned long long)nr);
        for (GrB_Index i = 0; i < n; i++) {
            double a = 0, b = 0;
            GrB_Info ia = GrB_Vector_extractElement_FP64(&a, w, i);
            GrB_Info ib = GrB_Vector_extractElement_FP64(&b, ref, i);
            if (ia != ib || memcmp(&a, &b, sizeof a) != 0)
                fail_msg("%s: k = %lld: w(%llu) = %g, expected %g", name, (long long)k,
                         (unsigned long long)i, a, b);
        }
        if (info == GrB_SUCCESS) {
            GrB_free(&w);
            break;
        }
        failures++;
        if (GG_mem_live_blocks() != base)
            fail_msg("%s: k = %lld leaked %lld blocks", name, (long long)k,
                     (long long)(GG_mem_live_blocks() - base));
        GrB_free(&w);
    }
    assert_true(failures > 0);
    print_message("out of memory: %s, %d failing allocations\n", name, failures);
}

static void test_add_on_tree(void **state)
{
    (void)state;
    GrB_Semiring srs[3];
    assert_int_equal(GrB_Semiring_new(&srs[0], GrB_PLUS_MONOID_FP64, GrB_SECOND_FP64), GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&srs[1], GrB_PLUS_MONOID_FP64, GrB_FIRST_FP64), GrB_SUCCESS);
    assert_int_equal(GrB_Semiring_new(&srs[2], GrB_PLUS_MONOID_FP64, GrB_ONEB_FP64), GrB_SUCCESS);
    const GrB_Index n = 3000;
    for (int trial = 0; trial < 12; trial++) {
        uint64_t s = 1000 + (uint64_t)trial;
        int which = trial % 3;
        bool vxm = which == 1, tran = coin(&s, 50), bitmap = trial % 2 == 0;
        GrB_Matrix A;
        GrB_Vector w, w2, u;
        assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, n, n), GrB_SUCCESS);
        assert_int_equal(GrB_Vector_new(&w, GrB_FP64, n), GrB_SUCCESS);
        assert_int_equal(GrB_Vector_new(&w2, GrB_FP64, n), GrB_SUCCESS);
        assert_int_equal(GrB_Vector_new(&u, GrB_FP64, n), GrB_SUCCESS);
        GrB_Index *I = malloc(6 * n * sizeof *I), *J = malloc(6 * n * sizeof *J);
        double *X = malloc(6 * n * sizeof *X), *uv = calloc(n, sizeof *uv), *want = calloc(n, sizeof *want);
        bool *has = calloc(n, sizeof *has);
        /* a pattern graph: all values 1 and no duplicates, so that A is iso; up to 6 entries a row,
         * rows 0, 2, 4 ... empty in even trials */
        GrB_Index ne = 0;
        for (GrB_Index i = 0; i < n; i++) {
            if (trial % 2 == 0 && i % 2 == 0) continue;
            GrB_Index base = rnd(&s, n), deg = rnd(&s, 7);
            for (GrB_Index t = 0; t < deg; t++) {
                I[ne] = i;
                J[ne] = (base + t * 401) % n;
                X[ne++] = 1;
            }
        }
        assert_int_equal(GrB_Matrix_build_FP64(A, I, J, X, ne, NULL), GrB_SUCCESS);
        /* w full and iso, as PageRank's assign leaves it; u built from tuples */
        assert_int_equal(GrB_Vector_assign_FP64(w, NULL, NULL, 0.5, GrB_ALL, n, NULL), GrB_SUCCESS);
        GrB_Index nu = 0;
        for (GrB_Index i = 0; i < n; i++) {
            want[i] = 0.5;
            if (bitmap && coin(&s, 20)) continue;
            uv[i] = (double)(int64_t)(rnd(&s, 17) - 8) / 4;
            has[i] = true;
            I[nu] = i;
            X[nu++] = uv[i];
        }
        assert_int_equal(GrB_Vector_build_FP64(u, I, X, nu, NULL), GrB_SUCCESS);
        for (GrB_Index i = 0; i < n; i++) I[i] = i, X[i] = i == 0 ? 0.25 : 0.5;
        assert_int_equal(GrB_Vector_build_FP64(w2, I, X, n, NULL), GrB_SUCCESS);
        /* the reference: A's entries once each (duplicates combined by the build) */
        GrB_Index nv = ne;
        assert_int_equal(GrB_Matrix_extractTuples_FP64(I, J, X, &nv, A), GrB_SUCCESS);
        for (GrB_Index k = 0; k < nv; k++) {
            /* mxv: w(i) += A(i,j) u(j); transposed (or vxm) the roles swap */
            bool swap = tran != vxm;
            GrB_Index out = swap ? J[k] : I[k], in = swap ? I[k] : J[k];
            if (has[in]) want[out] += which == 2 ? 1 : uv[in];
        }
        GrB_Descriptor d = tran ? GrB_DESC_T0 : NULL;
        if (vxm) d = tran ? GrB_DESC_T1 : NULL;
        if (trial < 3 && !vxm) {
            /* the iso start's fresh values and the walk's own allocations, failing one by one */
            GrB_Vector ref;
            assert_int_equal(GrB_Vector_dup(&ref, w), GrB_SUCCESS);
            assert_int_equal(GrB_mxv(ref, NULL, GrB_PLUS_FP64, srs[which], A, u, d), GrB_SUCCESS);
            mxv_oom_sweep("mxv onto an iso w", w, GrB_PLUS_FP64, srs[which], A, u, d, ref);
            GrB_free(&ref);
        }
        if (trial % 4 >= 2) GG_hs_set_build_parts(7);
        for (int k = 0; k < 2; k++) {
            GrB_Vector out = k == 0 ? w : w2;
            GrB_Info info = vxm ? GrB_vxm(out, NULL, GrB_PLUS_FP64, srs[which], u, A, d)
                                : GrB_mxv(out, NULL, GrB_PLUS_FP64, srs[which], A, u, d);
            assert_int_equal(info, GrB_SUCCESS);
        }
        GG_hs_set_build_parts(0);
        for (GrB_Index i = 0; i < n; i++) {
            double got, twin;
            assert_int_equal(GrB_Vector_extractElement_FP64(&got, w, i), GrB_SUCCESS);
            assert_int_equal(GrB_Vector_extractElement_FP64(&twin, w2, i), GrB_SUCCESS);
            if (fabs(got - want[i]) > 1e-9 * (1 + fabs(want[i])))
                fail_msg("trial %d: w(%llu) = %g, expected %g", trial, (unsigned long long)i, got,
                         want[i]);
            if (i > 0 && memcmp(&got, &twin, sizeof got) != 0)
                fail_msg("trial %d: w(%llu) = %.17g from iso, %.17g from an array", trial,
                         (unsigned long long)i, got, twin);
        }
        free(I);
        free(J);
        free(X);
        free(uv);
        free(want);
        free(has);
        GrB_free(&A);
        GrB_free(&w);
        GrB_free(&w2);
        GrB_free(&u);
    }
    for (int k = 0; k < 3; k++) GrB_free(&srs[k]);
}

/* w<M> = op(A) u over PLUS_ONEB (FP64, INT64, UINT64) with a full u: the rows' entry counts. With
 * the CSR or CSC view of A cached (a reduce of A's rows or columns leaves it), they are read off
 * its pointers (src/cpu/mxv.c, counts_rows); against counts over A's tuples, empty rows staying
 * without an entry, with and without a mask (complemented in half the trials), and in a third of
 * the trials after a setElement and a removeElement that the view does not hold yet. */
static void test_row_counts(void **state)
{
    (void)state;
    const GrB_Index m = 700, n = 500;
    const GrB_Type types[3] = {GrB_FP64, GrB_INT64, GrB_UINT64};
    const GrB_Monoid plus[3] = {GrB_PLUS_MONOID_FP64, GrB_PLUS_MONOID_INT64,
                                GrB_PLUS_MONOID_UINT64};
    const GrB_BinaryOp oneb[3] = {GrB_ONEB_FP64, GrB_ONEB_INT64, GrB_ONEB_UINT64};
    for (int trial = 0; trial < 12; trial++) {
        uint64_t s = 7000 + (uint64_t)trial;
        int which = trial % 3;
        bool tran = trial % 2 == 1, masked = trial % 4 >= 2, comp = coin(&s, 50);
        GrB_Index dim = tran ? n : m, len = tran ? m : n;
        GrB_Matrix A;
        GrB_Vector w, u, M, sums;
        GrB_Semiring sr;
        assert_int_equal(GrB_Semiring_new(&sr, plus[which], oneb[which]), GrB_SUCCESS);
        assert_int_equal(GrB_Matrix_new(&A, GrB_FP64, m, n), GrB_SUCCESS);
        assert_int_equal(GrB_Vector_new(&w, types[which], dim), GrB_SUCCESS);
        assert_int_equal(GrB_Vector_new(&u, GrB_FP64, len), GrB_SUCCESS);
        assert_int_equal(GrB_Vector_new(&M, GrB_BOOL, dim), GrB_SUCCESS);
        assert_int_equal(GrB_Vector_new(&sums, GrB_FP64, dim), GrB_SUCCESS);
        GrB_Index *I = malloc(8 * m * sizeof *I), *J = malloc(8 * m * sizeof *J);
        double *X = malloc(8 * m * sizeof *X);
        uint64_t *want = calloc(dim, sizeof *want);
        bool *allow = calloc(dim, sizeof *allow);
        GrB_Index ne = 0;
        for (GrB_Index i = 0; i < m; i++) {
            if (i % 5 == 0) continue; /* empty rows */
            GrB_Index deg = rnd(&s, 8);
            for (GrB_Index t = 0; t < deg; t++) {
                I[ne] = i;
                J[ne] = (i * 7 + t * 61) % n; /* distinct for t < 8 */
                X[ne] = t == 0 ? 0 : (double)rnd(&s, 5); /* explicit zeros count too */
                want[tran ? J[ne] : I[ne]]++;
                ne++;
            }
        }
        assert_int_equal(GrB_Matrix_build_FP64(A, I, J, X, ne, GrB_PLUS_FP64), GrB_SUCCESS);
        /* the view that counts: A's rows (mxv) or columns (with the transpose) */
        assert_int_equal(GrB_Matrix_reduce_Monoid(sums, NULL, NULL, GrB_PLUS_MONOID_FP64, A,
                                                  tran ? GrB_DESC_T0 : NULL),
                         GrB_SUCCESS);
        if (trial % 3 == 1) {
            /* written after the view was made: a new entry in an empty row and one removed */
            GrB_Index r = 5 * rnd(&s, m / 5), c = rnd(&s, n), q = rnd(&s, ne);
            assert_int_equal(GrB_Matrix_setElement_FP64(A, 1, r, c), GrB_SUCCESS);
            want[tran ? c : r]++;
            assert_int_equal(GrB_Matrix_removeElement(A, I[q], J[q]), GrB_SUCCESS);
            want[tran ? J[q] : I[q]]--;
        }
        assert_int_equal(GrB_Vector_assign_FP64(u, NULL, NULL, 3.5, GrB_ALL, len, NULL),
                         GrB_SUCCESS);
        for (GrB_Index i = 0; i < dim; i++) {
            bool in = coin(&s, 60);
            if (in) assert_int_equal(GrB_Vector_setElement_BOOL(M, true, i), GrB_SUCCESS);
            allow[i] = !masked || in != comp;
        }
        GrB_Descriptor d;
        assert_int_equal(GrB_Descriptor_new(&d), GrB_SUCCESS);
        if (tran) assert_int_equal(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN), GrB_SUCCESS);
        if (masked && comp)
            assert_int_equal(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP), GrB_SUCCESS);
        if (!masked) {
            /* the counts' allocations failing one by one (trial 1: after pending writes) */
            GrB_Vector ref;
            assert_int_equal(GrB_Vector_dup(&ref, w), GrB_SUCCESS);
            assert_int_equal(GrB_mxv(ref, NULL, NULL, sr, A, u, d), GrB_SUCCESS);
            mxv_oom_sweep("mxv row counts", w, NULL, sr, A, u, d, ref);
            GrB_free(&ref);
        }
        assert_int_equal(GrB_mxv(w, masked ? M : NULL, NULL, sr, A, u, d), GrB_SUCCESS);
        GrB_Index nv, count = 0;
        for (GrB_Index i = 0; i < dim; i++) count += want[i] > 0 && allow[i];
        assert_int_equal(GrB_Vector_nvals(&nv, w), GrB_SUCCESS);
        assert_int_equal(nv, count);
        for (GrB_Index i = 0; i < dim; i++) {
            double got;
            GrB_Info info = GrB_Vector_extractElement_FP64(&got, w, i);
            if (want[i] == 0 || !allow[i]) {
                assert_int_equal(info, GrB_NO_VALUE);
                continue;
            }
            assert_int_equal(info, GrB_SUCCESS);
            if (got != (double)want[i])
                fail_msg("trial %d: w(%llu) = %g, expected %llu", trial, (unsigned long long)i, got,
                         (unsigned long long)want[i]);
        }
        free(I);
        free(J);
        free(X);
        free(want);
        free(allow);
        GrB_free(&d);
        GrB_free(&sr);
        GrB_free(&A);
        GrB_free(&w);
        GrB_free(&u);
        GrB_free(&M);
        GrB_free(&sums);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mxm),        cmocka_unit_test(test_mxm_engines), cmocka_unit_test(test_mxm_counting),
        cmocka_unit_test(test_mxv),
        cmocka_unit_test(test_vxm),        cmocka_unit_test(test_ewise_add),
        cmocka_unit_test(test_ewise_mult), cmocka_unit_test(test_kronecker),
        cmocka_unit_test(test_user_type),  cmocka_unit_test(test_hypersparse),
        cmocka_unit_test(test_larger),     cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_add_on_tree), cmocka_unit_test(test_row_counts),
        cmocka_unit_test(test_lopsided),
        cmocka_unit_test(test_bc_chain),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
