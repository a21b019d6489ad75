/* diff_core.c: the framework of the differential programs: random streams, operator tables, random
 * values, dimensions, index lists, objects and descriptors, and the canonical text dump that the
 * comparison script (compare.py) reads. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

/* ---- types ----------------------------------------------------------------------------------- */

GrB_Type dt_type[DT_N];
#define DT_NAME(T, C) #T,
const char *const dt_name[DT_N] = {DT_TYPES(DT_NAME)};
#undef DT_NAME
#define DT_SIZE(T, C) sizeof(C),
const size_t dt_size[DT_N] = {DT_TYPES(DT_SIZE)};
#undef DT_SIZE

bool dt_is_float(int t)
{
    return t == DT_FP32 || t == DT_FP64;
}

void *val_ptr(tval *x)
{
    return &x->v;
}

/* ---- random streams -------------------------------------------------------------------------- */

uint64_t rng_next(rng_t *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rng_below(rng_t *r, uint64_t n)
{
    return n == 0 ? 0 : rng_next(r) % n;
}

bool rng_chance(rng_t *r, double p)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53 < p;
}

/* ---- operator tables ------------------------------------------------------------------------- */

#define EACH_I(X, P, K)                                                                            \
    X(P, INT8, K) X(P, UINT8, K) X(P, INT16, K) X(P, UINT16, K) X(P, INT32, K) X(P, UINT32, K)     \
    X(P, INT64, K) X(P, UINT64, K)
#define EACH_F(X, P, K) X(P, FP32, K) X(P, FP64, K)
#define EACH_N(X, P, K) EACH_I(X, P, K) EACH_F(X, P, K)
#define EACH_T(X, P, K) X(P, BOOL, K) EACH_N(X, P, K)

static binop_t binops[256];
static monoid_t monoids[64];
static semiring_t semirings[160];
static unop_t unops[80];
static idxop_t idxops[96];
binop_t *tab_binop = binops;
monoid_t *tab_monoid = monoids;
semiring_t *tab_semiring = semirings;
unop_t *tab_unop = unops;
idxop_t *tab_idxop = idxops;
int n_binop, n_monoid, n_semiring, n_unop, n_idxop;

static void descs_init(void);

void tables_init(void)
{
#define DT_SET(T, C) dt_type[DT_##T] = GrB_##T;
    DT_TYPES(DT_SET)
#undef DT_SET

#define BIN(P, T, K) binops[n_binop++] = (binop_t){#P #T, P##T, DT_##T, K};
    binops[n_binop++] = (binop_t){"GrB_LOR", GrB_LOR, DT_BOOL, K_OTHER};
    binops[n_binop++] = (binop_t){"GrB_LAND", GrB_LAND, DT_BOOL, K_OTHER};
    binops[n_binop++] = (binop_t){"GrB_LXOR", GrB_LXOR, DT_BOOL, K_OTHER};
    binops[n_binop++] = (binop_t){"GrB_LXNOR", GrB_LXNOR, DT_BOOL, K_OTHER};
    EACH_I(BIN, GrB_BOR_, K_OTHER)
    EACH_I(BIN, GrB_BAND_, K_OTHER)
    EACH_I(BIN, GrB_BXOR_, K_OTHER)
    EACH_I(BIN, GrB_BXNOR_, K_OTHER)
    EACH_T(BIN, GrB_EQ_, K_CMP)
    EACH_T(BIN, GrB_NE_, K_CMP)
    EACH_T(BIN, GrB_GT_, K_CMP)
    EACH_T(BIN, GrB_LT_, K_CMP)
    EACH_T(BIN, GrB_GE_, K_CMP)
    EACH_T(BIN, GrB_LE_, K_CMP)
    EACH_T(BIN, GrB_ONEB_, K_OTHER)
    EACH_T(BIN, GrB_FIRST_, K_OTHER)
    EACH_T(BIN, GrB_SECOND_, K_OTHER)
    EACH_T(BIN, GrB_MIN_, K_OTHER)
    EACH_T(BIN, GrB_MAX_, K_OTHER)
    EACH_T(BIN, GrB_PLUS_, K_PLUS)
    EACH_T(BIN, GrB_MINUS_, K_OTHER)
    EACH_T(BIN, GrB_TIMES_, K_TIMES)
    EACH_T(BIN, GrB_DIV_, K_OTHER)
#undef BIN

#define MON(P, T, K) monoids[n_monoid++] = (monoid_t){#P #T, P##T, DT_##T, K};
    EACH_N(MON, GrB_PLUS_MONOID_, K_PLUS)
    EACH_N(MON, GrB_TIMES_MONOID_, K_TIMES)
    EACH_N(MON, GrB_MIN_MONOID_, K_OTHER)
    EACH_N(MON, GrB_MAX_MONOID_, K_OTHER)
    MON(GrB_LOR_MONOID_, BOOL, K_OTHER)
    MON(GrB_LAND_MONOID_, BOOL, K_OTHER)
    MON(GrB_LXOR_MONOID_, BOOL, K_OTHER)
    MON(GrB_LXNOR_MONOID_, BOOL, K_OTHER)
#undef MON

#define SR(P, T, K) semirings[n_semiring++] = (semiring_t){#P #T, P##T, DT_##T, K};
    EACH_N(SR, GrB_PLUS_TIMES_SEMIRING_, K_PLUS)
    EACH_N(SR, GrB_MIN_PLUS_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MAX_PLUS_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MIN_TIMES_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MIN_MAX_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MAX_MIN_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MAX_TIMES_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_PLUS_MIN_SEMIRING_, K_PLUS)
    EACH_N(SR, GrB_MIN_FIRST_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MIN_SECOND_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MAX_FIRST_SEMIRING_, K_OTHER)
    EACH_N(SR, GrB_MAX_SECOND_SEMIRING_, K_OTHER)
    SR(GrB_LOR_LAND_SEMIRING_, BOOL, K_OTHER)
    SR(GrB_LAND_LOR_SEMIRING_, BOOL, K_OTHER)
    SR(GrB_LXOR_LAND_SEMIRING_, BOOL, K_OTHER)
    SR(GrB_LXNOR_LOR_SEMIRING_, BOOL, K_OTHER)
#undef SR

    /* Integer and Boolean MINV left the spec in 1.3; both libraries still define them, with
     * SuiteSparse's rules for division by zero, so they stay in the mix. */
#define UN(P, T, K) unops[n_unop++] = (unop_t){#P #T, P##T};
    EACH_T(UN, GrB_IDENTITY_, 0)
    EACH_T(UN, GrB_AINV_, 0)
    EACH_T(UN, GrB_MINV_, 0)
    EACH_T(UN, GrB_ABS_, 0)
    EACH_I(UN, GrB_BNOT_, 0)
    unops[n_unop++] = (unop_t){"GrB_LNOT", GrB_LNOT};
#undef UN

#define POS(name, thunk, sel) idxops[n_idxop++] = (idxop_t){#name, name, -1, thunk, sel};
    POS(GrB_ROWINDEX_INT32, DT_INT32, false)
    POS(GrB_ROWINDEX_INT64, DT_INT64, false)
    POS(GrB_COLINDEX_INT32, DT_INT32, false)
    POS(GrB_COLINDEX_INT64, DT_INT64, false)
    POS(GrB_DIAGINDEX_INT32, DT_INT32, false)
    POS(GrB_DIAGINDEX_INT64, DT_INT64, false)
    POS(GrB_TRIL, DT_INT64, true)
    POS(GrB_TRIU, DT_INT64, true)
    POS(GrB_DIAG, DT_INT64, true)
    POS(GrB_OFFDIAG, DT_INT64, true)
    POS(GrB_COLLE, DT_INT64, true)
    POS(GrB_COLGT, DT_INT64, true)
    POS(GrB_ROWLE, DT_INT64, true)
    POS(GrB_ROWGT, DT_INT64, true)
#undef POS
#define VAL(P, T, K) idxops[n_idxop++] = (idxop_t){#P #T, P##T, DT_##T, DT_##T, true};
    EACH_T(VAL, GrB_VALUEEQ_, 0)
    EACH_T(VAL, GrB_VALUENE_, 0)
    EACH_T(VAL, GrB_VALUELT_, 0)
    EACH_T(VAL, GrB_VALUELE_, 0)
    EACH_T(VAL, GrB_VALUEGT_, 0)
    EACH_T(VAL, GrB_VALUEGE_, 0)
#undef VAL
    descs_init();
}

int type_random(ctx *c)
{
    return (int)rng_below(&c->r, DT_N);
}

const binop_t *binop_random(ctx *c)
{
    return &binops[rng_below(&c->r, (uint64_t)n_binop)];
}

/* A dup operator for building a matrix of type t: of that type and not a comparison, whose
 * Boolean result both libraries refuse as a dup (GrB_DOMAIN_MISMATCH). Generated objects must
 * build: after such a failed build SuiteSparse 7.4.0 can double-free the matrix later
 * (Doc/testing.md). */
const binop_t *dup_random(ctx *c, int t)
{
    for (;;) {
        const binop_t *b = binop_random(c);
        if (b->t == t && (b->kind != K_CMP || t == DT_BOOL)) return b;
    }
}

/* SuiteSparse 7.4 reduces with a binary operator only when it is the operator of a built-in monoid
 * (PLUS, TIMES, MIN, MAX of any type, the Boolean LOR, LAND, LXOR, LXNOR, EQ, NE, MINUS, and the
 * bitwise BOR, BAND, BXOR, BXNOR of unsigned types); for others it answers GrB_NOT_IMPLEMENTED. The
 * random reductions use these; the error case reduce_nonmonoid_binop tries the others. */
static bool has_monoid(const binop_t *b)
{
    static const char *const any_type[] = {"GrB_PLUS_", "GrB_TIMES_", "GrB_MIN_", "GrB_MAX_"};
    static const char *const bool_only[] = {"GrB_LOR",       "GrB_LAND",    "GrB_LXOR",
                                            "GrB_LXNOR",     "GrB_EQ_BOOL", "GrB_NE_BOOL",
                                            "GrB_MINUS_BOOL"};
    for (size_t k = 0; k < sizeof any_type / sizeof any_type[0]; k++)
        if (strncmp(b->name, any_type[k], strlen(any_type[k])) == 0) return true;
    for (size_t k = 0; k < sizeof bool_only / sizeof bool_only[0]; k++)
        if (strcmp(b->name, bool_only[k]) == 0) return true;
    return strncmp(b->name, "GrB_B", 5) == 0 && strstr(b->name, "_UINT") != NULL;
}

const binop_t *binop_reducer_random(ctx *c)
{
    for (;;) {
        const binop_t *b = binop_random(c);
        if (has_monoid(b)) return b;
    }
}

const monoid_t *monoid_random(ctx *c)
{
    return &monoids[rng_below(&c->r, (uint64_t)n_monoid)];
}

const semiring_t *semiring_random(ctx *c)
{
    return &semirings[rng_below(&c->r, (uint64_t)n_semiring)];
}

const unop_t *unop_random(ctx *c)
{
    return &unops[rng_below(&c->r, (uint64_t)n_unop)];
}

/* For select, one in ten picks a non-Boolean (positional-value) operator as well, to compare how
 * the two libraries treat it. */
const idxop_t *idxop_random(ctx *c, bool for_select)
{
    for (;;) {
        const idxop_t *op = &idxops[rng_below(&c->r, (uint64_t)n_idxop)];
        if (!for_select || op->selects || rng_chance(&c->r, 0.1)) return op;
    }
}

const binop_t *accum_random(ctx *c)
{
    return rng_chance(&c->r, 0.45) ? binop_random(c) : NULL;
}

/* ---- values ---------------------------------------------------------------------------------- */

/* Signed: mostly small, sometimes the extremes, sometimes any bit pattern. */
#define SIGNED_RANDOM(C, MIN, MAX)                                                                 \
    do {                                                                                           \
        uint64_t p = rng_below(&c->r, 100);                                                        \
        C v;                                                                                       \
        if (p < 78)                                                                                \
            v = (C)((int)rng_below(&c->r, 11) - 4);                                                \
        else if (p < 90) {                                                                         \
            const C ext[4] = {MIN, MAX, (C)(MIN + 1), (C)-1};                                      \
            v = ext[rng_below(&c->r, 4)];                                                          \
        } else                                                                                     \
            v = (C)rng_next(&c->r);                                                                \
        memcpy(&x.v, &v, sizeof v);                                                                \
    } while (0)
#define UNSIGNED_RANDOM(C, MAX)                                                                    \
    do {                                                                                           \
        uint64_t p = rng_below(&c->r, 100);                                                        \
        C v;                                                                                       \
        if (p < 78)                                                                                \
            v = (C)rng_below(&c->r, 9);                                                            \
        else if (p < 90)                                                                           \
            v = (C)(MAX - rng_below(&c->r, 2));                                                    \
        else                                                                                       \
            v = (C)rng_next(&c->r);                                                                \
        memcpy(&x.v, &v, sizeof v);                                                                \
    } while (0)

/* Floating point: dyadic values k/4 (exact under any order of summation while they stay small),
 * the IEEE specials, and, outside exact mode, values that round and that stress the saturating
 * casts to integers. */
static double float_random(ctx *c)
{
    uint64_t p = rng_below(&c->r, 100);
    if (p < 75 || (p >= 88 && c->exact)) return ((double)rng_below(&c->r, 49) - 24.0) / 4.0;
    if (p < 88) {
        const double sp[5] = {NAN, INFINITY, -INFINITY, -0.0, 0.0};
        return sp[rng_below(&c->r, 5)];
    }
    if (p < 94) {
        const double odd[] = {0.1,
                              -2.7,
                              1e10,
                              -1e10,
                              3e38,
                              1e300,
                              127.5,
                              128.5,
                              -129.5,
                              255.5,
                              65535.7,
                              -32768.9,
                              2147483647.5,
                              4294967296.0,
                              9.3e18,
                              -9.3e18,
                              1.8e19,
                              1e-310,
                              0.3333333333333333};
        return odd[rng_below(&c->r, sizeof odd / sizeof odd[0])];
    }
    return ((double)(int64_t)(rng_next(&c->r) % 2000001) - 1000000.0) / 997.0;
}

tval val_random(ctx *c, int t)
{
    tval x;
    memset(&x, 0, sizeof x);
    x.t = t;
    switch (t) {
    case DT_BOOL:
        x.v.v_BOOL = rng_below(&c->r, 2);
        break;
    case DT_INT8:
        SIGNED_RANDOM(int8_t, INT8_MIN, INT8_MAX);
        break;
    case DT_UINT8:
        UNSIGNED_RANDOM(uint8_t, UINT8_MAX);
        break;
    case DT_INT16:
        SIGNED_RANDOM(int16_t, INT16_MIN, INT16_MAX);
        break;
    case DT_UINT16:
        UNSIGNED_RANDOM(uint16_t, UINT16_MAX);
        break;
    case DT_INT32:
        SIGNED_RANDOM(int32_t, INT32_MIN, INT32_MAX);
        break;
    case DT_UINT32:
        UNSIGNED_RANDOM(uint32_t, UINT32_MAX);
        break;
    case DT_INT64:
        SIGNED_RANDOM(int64_t, INT64_MIN, INT64_MAX);
        break;
    case DT_UINT64:
        UNSIGNED_RANDOM(uint64_t, UINT64_MAX);
        break;
    case DT_FP32:
        x.v.v_FP32 = (float)float_random(c);
        break;
    default:
        x.v.v_FP64 = float_random(c);
        break;
    }
    return x;
}

static void float_print(double d, const char *fmt)
{
    if (isnan(d))
        fputs("nan", stdout);
    else
        printf(fmt, d);
}

void val_print(int t, const void *p)
{
    switch (t) {
    case DT_BOOL:
        printf("%d", (int)*(const bool *)p);
        break;
    case DT_INT8:
        printf("%d", (int)*(const int8_t *)p);
        break;
    case DT_UINT8:
        printf("%u", (unsigned)*(const uint8_t *)p);
        break;
    case DT_INT16:
        printf("%d", (int)*(const int16_t *)p);
        break;
    case DT_UINT16:
        printf("%u", (unsigned)*(const uint16_t *)p);
        break;
    case DT_INT32:
        printf("%" PRId32, *(const int32_t *)p);
        break;
    case DT_UINT32:
        printf("%" PRIu32, *(const uint32_t *)p);
        break;
    case DT_INT64:
        printf("%" PRId64, *(const int64_t *)p);
        break;
    case DT_UINT64:
        printf("%" PRIu64, *(const uint64_t *)p);
        break;
    case DT_FP32:
        float_print(*(const float *)p, "%.9g");
        break;
    default:
        float_print(*(const double *)p, "%.17g");
        break;
    }
}

/* ---- dimensions and index lists -------------------------------------------------------------- */

static const GrB_Index huge_dims[] = {1ULL << 20, (1ULL << 32) + 3, 1ULL << 40, GrB_INDEX_MAX};

bool dim_huge(GrB_Index d)
{
    return d > 64;
}

/* A case either uses huge dimensions or empty (zero) ones, never both: SuiteSparse 7.4 takes time
 * proportional to the huge dimension for some shapes like 2^40 x 0 (Doc/testing.md). */
GrB_Index dim_small(ctx *c)
{
    uint64_t p = rng_below(&c->r, 100);
    if (p < 6) return c->huge_ok ? 1 : 0;
    return p < 80 ? 1 + rng_below(&c->r, 6) : 7 + rng_below(&c->r, 6);
}

/* In a sequence most dimensions are the sequence's own, so that operands come from the pool. */
GrB_Index dim_random(ctx *c)
{
    if (c->seq_n_set && rng_chance(&c->r, 0.85)) return c->seq_n;
    if (c->huge_ok && rng_chance(&c->r, 0.3)) return huge_dims[rng_below(&c->r, 4)];
    return dim_small(c);
}

/* Large dimensions draw from a few fixed positions, so that entries of different operands meet. */
GrB_Index index_random(ctx *c, GrB_Index dim)
{
    if (!dim_huge(dim)) return rng_below(&c->r, dim);
    const GrB_Index hot[8] = {0,       1,       2,       dim - 1,
                              dim - 2, dim / 2, dim / 3, dim > (1ULL << 19) ? 1ULL << 19 : dim / 4};
    return hot[rng_below(&c->r, 8)];
}

void *ctx_alloc(ctx *c, size_t bytes)
{
    void *p = calloc(1, bytes ? bytes : 1);
    if (p == NULL || c->narena == ARENA_MAX) abort();
    c->arena[c->narena++] = p;
    return p;
}

void ctx_free_all(ctx *c)
{
    for (int i = 0; i < c->narena; i++) free(c->arena[i]);
    c->narena = 0;
}

const GrB_Index *list_random(ctx *c, GrB_Index dim, bool allow_all, GrB_Index *len)
{
    if (allow_all && rng_chance(&c->r, 0.3)) {
        *len = dim;
        return GrB_ALL;
    }
    GrB_Index n = 0;
    if (dim > 0) {
        if (!dim_huge(dim) && rng_chance(&c->r, c->seq_n_set ? 0.6 : 0.25))
            n = dim;
        else
            n = rng_below(&c->r, (dim < 6 ? dim : 6) + 3) + (c->huge_ok ? 1 : 0);
    }
    GrB_Index *list = ctx_alloc(c, (n + 1) * sizeof(GrB_Index));
    bool distinct = !dim_huge(dim) && n <= dim && rng_chance(&c->r, 0.5);
    for (GrB_Index k = 0; k < n; k++) {
        list[k] = index_random(c, dim);
        for (GrB_Index q = 0; distinct && q < k; q++) {
            if (list[q] == list[k]) {
                list[k] = index_random(c, dim);
                q = (GrB_Index)-1;
            }
        }
    }
    *len = n;
    return list;
}

void list_print(const char *what, const GrB_Index *list, GrB_Index len)
{
    if (list == GrB_ALL) {
        printf(" %s=ALL(%" PRIu64 ")", what, len);
        return;
    }
    printf(" %s=[", what);
    for (GrB_Index k = 0; k < len; k++) printf(k ? ",%" PRIu64 : "%" PRIu64, list[k]);
    printf("]");
}

/* ---- objects --------------------------------------------------------------------------------- */

const char *obj_name(const dobj *o)
{
    static char buf[4][16];
    static int slot;
    if (o == NULL) return "-";
    slot = (slot + 1) % 4;
    snprintf(buf[slot], sizeof buf[slot], "o%d", o->id);
    return buf[slot];
}

dobj *obj_wrap(ctx *c, bool is_vec, int t, GrB_Index nr, GrB_Index nc, GrB_Matrix A, GrB_Vector v)
{
    if (c->np == POOL_MAX) abort();
    dobj *o = calloc(1, sizeof *o);
    if (o == NULL) abort();
    *o = (dobj){
        .id = c->np, .is_vec = is_vec, .t = t, .nr = nr, .nc = is_vec ? 1 : nc, .A = A, .v = v};
    c->pool[c->np++] = o;
    return o;
}

dobj *obj_new(ctx *c, bool is_vec, int t, GrB_Index nr, GrB_Index nc)
{
    GrB_Matrix A = NULL;
    GrB_Vector v = NULL;
    GrB_Info info =
        is_vec ? GrB_Vector_new(&v, dt_type[t], nr) : GrB_Matrix_new(&A, dt_type[t], nr, nc);
    if (info != GrB_SUCCESS) {
        printf("FATAL new %s %" PRIu64 "x%" PRIu64 " info=%d\n", dt_name[t], nr, nc, (int)info);
        exit(2);
    }
    return obj_wrap(c, is_vec, t, nr, nc, A, v);
}

/* Random tuples: every position with some density when the shape is small, a few hot positions
 * otherwise. `dups` adds repeated positions. */
static GrB_Index tuples_random(ctx *c, const dobj *o, bool dups, GrB_Index **I, GrB_Index **J)
{
    GrB_Index cap = 16, n = 0;
    bool small = !dim_huge(o->nr) && !dim_huge(o->nc) && o->nr * o->nc <= 144;
    if (small) cap = o->nr * o->nc;
    cap = cap * 2 + 4;
    *I = ctx_alloc(c, cap * sizeof(GrB_Index));
    *J = ctx_alloc(c, cap * sizeof(GrB_Index));
    if (o->nr == 0 || o->nc == 0) return 0;
    if (small) {
        const double dens[5] = {0.0, 0.15, 0.4, 0.7, 1.0};
        double d = dens[rng_below(&c->r, 5)];
        for (GrB_Index i = 0; i < o->nr; i++)
            for (GrB_Index j = 0; j < o->nc; j++)
                if (rng_chance(&c->r, d)) {
                    (*I)[n] = i;
                    (*J)[n++] = j;
                }
    } else {
        GrB_Index want = rng_below(&c->r, 9);
        for (GrB_Index k = 0; k < want; k++) {
            GrB_Index i = index_random(c, o->nr), j = index_random(c, o->nc), q;
            for (q = 0; q < n && ((*I)[q] != i || (*J)[q] != j); q++) {
            }
            if (q == n) {
                (*I)[n] = i;
                (*J)[n++] = j;
            }
        }
    }
    /* shuffle, then append repeats of random earlier positions */
    for (GrB_Index k = n; k > 1; k--) {
        GrB_Index q = rng_below(&c->r, k), ti = (*I)[k - 1], tj = (*J)[k - 1];
        (*I)[k - 1] = (*I)[q];
        (*J)[k - 1] = (*J)[q];
        (*I)[q] = ti;
        (*J)[q] = tj;
    }
    if (dups && n > 0) {
        GrB_Index extra = 1 + rng_below(&c->r, n < cap - n ? n : cap - n);
        for (GrB_Index k = 0; k < extra; k++) {
            GrB_Index q = rng_below(&c->r, n), at = rng_below(&c->r, n + 1);
            GrB_Index ti = (*I)[q], tj = (*J)[q];
            (*I)[n] = (*I)[at];
            (*J)[n] = (*J)[at];
            (*I)[at] = ti;
            (*J)[at] = tj;
            n++;
        }
    }
    return n;
}

void obj_fill_random(ctx *c, dobj *o)
{
    uint64_t how = rng_below(&c->r, 4);
    GrB_Index *I, *J;
    GrB_Index n = tuples_random(c, o, how == 1, &I, &J);
    GrB_Info info;
    if (how <= 1) {
        const binop_t *dup = how == 1 ? dup_random(c, o->t) : NULL;
        char *X = ctx_alloc(c, (n + 1) * dt_size[o->t]);
        for (GrB_Index k = 0; k < n; k++) {
            tval x = val_random(c, o->t);
            memcpy(X + k * dt_size[o->t], &x.v, dt_size[o->t]);
        }
        printf("gen %s build n=%" PRIu64 " dup=%s", obj_name(o), n, dup ? dup->name : "NULL");
        info = o->is_vec ? dt_vec_build(o->v, o->t, I, X, n, dup ? dup->op : NULL)
                         : dt_mat_build(o->A, o->t, I, J, X, n, dup ? dup->op : NULL);
    } else {
        /* setElement (values of a random type half the time) with a few removals */
        printf("gen %s setElement n=%" PRIu64, obj_name(o), n);
        info = GrB_SUCCESS;
        for (GrB_Index k = 0; k < n && info == GrB_SUCCESS; k++) {
            tval x = val_random(c, rng_chance(&c->r, 0.5) ? o->t : type_random(c));
            if (how == 3 && k > 0 && rng_chance(&c->r, 0.2)) {
                GrB_Index q = rng_below(&c->r, k);
                info = o->is_vec ? GrB_Vector_removeElement(o->v, I[q])
                                 : GrB_Matrix_removeElement(o->A, I[q], J[q]);
            }
            if (info == GrB_SUCCESS)
                info = o->is_vec ? dt_vec_setElement(o->v, x, I[k])
                                 : dt_mat_setElement(o->A, x, I[k], J[k]);
        }
    }
    printf(" info=%d\n", (int)info);
    obj_dump("gen", o);
}

static dobj *pool_find(ctx *c, bool is_vec, GrB_Index nr, GrB_Index nc)
{
    dobj *cand[POOL_MAX];
    int n = 0;
    for (int k = 0; k < c->np; k++) {
        dobj *o = c->pool[k];
        if (!o->retired && o->is_vec == is_vec && o->nr == nr && (is_vec || o->nc == nc))
            cand[n++] = o;
    }
    if (n == 0 || !rng_chance(&c->r, c->reuse)) return NULL;
    return cand[rng_below(&c->r, (uint64_t)n)];
}

static dobj *get_obj(ctx *c, bool is_vec, GrB_Index nr, GrB_Index nc, double empty)
{
    dobj *o = pool_find(c, is_vec, nr, nc);
    if (o != NULL) return o;
    o = obj_new(c, is_vec, type_random(c), nr, nc);
    if (rng_chance(&c->r, empty)) {
        printf("gen %s empty\n", obj_name(o));
        obj_dump("gen", o);
    } else {
        obj_fill_random(c, o);
    }
    return o;
}

dobj *get_mat(ctx *c, GrB_Index nr, GrB_Index nc)
{
    return get_obj(c, false, nr, nc, 0.05);
}

dobj *get_vec(ctx *c, GrB_Index n)
{
    return get_obj(c, true, n, 1, 0.05);
}

dobj *get_out_mat(ctx *c, GrB_Index nr, GrB_Index nc)
{
    return get_obj(c, false, nr, nc, 0.4);
}

dobj *get_out_vec(ctx *c, GrB_Index n)
{
    return get_obj(c, true, n, 1, 0.4);
}

dobj *get_mask_mat(ctx *c, GrB_Index nr, GrB_Index nc)
{
    return rng_chance(&c->r, 0.4) ? NULL : get_obj(c, false, nr, nc, 0.05);
}

dobj *get_mask_vec(ctx *c, GrB_Index n)
{
    return rng_chance(&c->r, 0.4) ? NULL : get_obj(c, true, n, 1, 0.05);
}

void ctx_release(ctx *c)
{
    for (int k = 0; k < c->np; k++) {
        dobj *o = c->pool[k];
        if (o->is_vec)
            GrB_Vector_free(&o->v);
        else
            GrB_Matrix_free(&o->A);
        free(o);
    }
    c->np = 0;
    for (int k = 0; k < c->ndescs; k++) GrB_Descriptor_free(&c->descs[k]);
    c->ndescs = 0;
    ctx_free_all(c);
}

/* ---- the canonical dump ---------------------------------------------------------------------- */

typedef struct {
    GrB_Index i, j, pos;
} tuple;

static int tuple_cmp(const void *a, const void *b)
{
    const tuple *x = a, *y = b;
    if (x->i != y->i) return x->i < y->i ? -1 : 1;
    if (x->j != y->j) return x->j < y->j ? -1 : 1;
    return 0;
}

/* Header: tag, name, M|V, type, shape as the library reports it, nvals, and "~" when floating-point
 * values compare with a tolerance. Then one indented line per entry, sorted by index: the order in
 * which extractTuples returns them is not compared (SuiteSparse follows its storage orientation
 * and sometimes returns a vector's entries unsorted). */
void obj_dump(const char *tag, const dobj *o)
{
    GrB_Index nr = 0, nc = 1, nv = 0;
    GrB_Info info = o->is_vec ? GrB_Vector_size(&nr, o->v) : GrB_Matrix_nrows(&nr, o->A);
    if (info == GrB_SUCCESS && !o->is_vec) info = GrB_Matrix_ncols(&nc, o->A);
    if (info == GrB_SUCCESS)
        info = o->is_vec ? GrB_Vector_nvals(&nv, o->v) : GrB_Matrix_nvals(&nv, o->A);
    if (info != GrB_SUCCESS) {
        printf("%s %s dump failed info=%d\n", tag, obj_name(o), (int)info);
        return;
    }
    size_t sz = dt_size[o->t];
    GrB_Index *I = malloc((nv + 1) * sizeof *I), *J = malloc((nv + 1) * sizeof *J);
    char *X = malloc((nv + 1) * sz);
    tuple *tu = malloc((nv + 1) * sizeof *tu);
    if (I == NULL || J == NULL || X == NULL || tu == NULL) abort();
    GrB_Index n = nv;
    info = o->is_vec ? dt_vec_extractTuples(I, X, &n, o->t, o->v)
                     : dt_mat_extractTuples(I, J, X, &n, o->t, o->A);
    if (info != GrB_SUCCESS || n != nv) {
        printf("%s %s extractTuples failed info=%d n=%" PRIu64 " nvals=%" PRIu64 "\n", tag,
               obj_name(o), (int)info, n, nv);
    } else {
        for (GrB_Index k = 0; k < n; k++) tu[k] = (tuple){I[k], o->is_vec ? 0 : J[k], k};
        qsort(tu, n, sizeof *tu, tuple_cmp);
        printf("%s %s %s %s %" PRIu64 "x%" PRIu64 " nvals=%" PRIu64 "%s\n", tag, obj_name(o),
               o->is_vec ? "V" : "M", dt_name[o->t], nr, nc, nv, o->fuzzy ? " ~" : "");
        for (GrB_Index k = 0; k < n; k++) {
            if (o->is_vec)
                printf("  %" PRIu64 " ", tu[k].i);
            else
                printf("  %" PRIu64 " %" PRIu64 " ", tu[k].i, tu[k].j);
            val_print(o->t, X + tu[k].pos * sz);
            putchar('\n');
        }
    }
    free(I);
    free(J);
    free(X);
    free(tu);
}

/* Whether a floating-point object holds a -0.0 entry (see the mask_negzero marker in diff_ops.c).
 */
bool obj_has_negzero(const dobj *o)
{
    if (!dt_is_float(o->t)) return false;
    GrB_Index nv = 0;
    if ((o->is_vec ? GrB_Vector_nvals(&nv, o->v) : GrB_Matrix_nvals(&nv, o->A)) != GrB_SUCCESS)
        return false;
    GrB_Index *I = malloc((nv + 1) * sizeof *I), *J = malloc((nv + 1) * sizeof *J), n = nv;
    double *X = malloc((nv + 1) * sizeof *X);
    if (I == NULL || J == NULL || X == NULL) abort();
    GrB_Info info = o->is_vec ? GrB_Vector_extractTuples_FP64(I, X, &n, o->v)
                              : GrB_Matrix_extractTuples_FP64(I, J, X, &n, o->A);
    bool found = false;
    for (GrB_Index k = 0; info == GrB_SUCCESS && k < n && !found; k++)
        found = X[k] == 0 && signbit(X[k]);
    free(I);
    free(J);
    free(X);
    return found;
}

void pool_dump(ctx *c)
{
    for (int k = 0; k < c->np; k++) obj_dump("end", c->pool[k]);
}

void info_print(const char *what, GrB_Info info)
{
    printf("%s info=%d\n", what, (int)info);
}

void scalar_dump(const char *tag, GrB_Scalar s, int t, bool fuzzy)
{
    GrB_Index nv = 0;
    GrB_Info info = GrB_Scalar_nvals(&nv, s);
    tval x;
    memset(&x, 0, sizeof x);
    x.t = t;
    GrB_Info got = dt_scalar_get(&x, s);
    printf("%s S %s nvals=%" PRIu64 " info=%d/%d%s\n", tag, dt_name[t], nv, (int)info, (int)got,
           fuzzy ? " ~" : "");
    if (got == GrB_SUCCESS) {
        printf("  ");
        val_print(t, &x.v);
        putchar('\n');
    }
}

void tval_print(const char *tag, GrB_Info info, tval x, bool fuzzy)
{
    printf("%s C %s info=%d%s\n  ", tag, dt_name[x.t], (int)info, fuzzy ? " ~" : "");
    val_print(x.t, &x.v);
    putchar('\n');
}

/* ---- descriptors ----------------------------------------------------------------------------- */

/* The 31 predefined descriptors, indexed by their D_* bits (0: NULL, the default). */
static GrB_Descriptor predefined_desc[32];

static void descs_init(void)
{
    predefined_desc[1] = GrB_DESC_T1;
    predefined_desc[2] = GrB_DESC_T0;
    predefined_desc[3] = GrB_DESC_T0T1;
    predefined_desc[4] = GrB_DESC_C;
    predefined_desc[5] = GrB_DESC_CT1;
    predefined_desc[6] = GrB_DESC_CT0;
    predefined_desc[7] = GrB_DESC_CT0T1;
    predefined_desc[8] = GrB_DESC_S;
    predefined_desc[9] = GrB_DESC_ST1;
    predefined_desc[10] = GrB_DESC_ST0;
    predefined_desc[11] = GrB_DESC_ST0T1;
    predefined_desc[12] = GrB_DESC_SC;
    predefined_desc[13] = GrB_DESC_SCT1;
    predefined_desc[14] = GrB_DESC_SCT0;
    predefined_desc[15] = GrB_DESC_SCT0T1;
    predefined_desc[16] = GrB_DESC_R;
    predefined_desc[17] = GrB_DESC_RT1;
    predefined_desc[18] = GrB_DESC_RT0;
    predefined_desc[19] = GrB_DESC_RT0T1;
    predefined_desc[20] = GrB_DESC_RC;
    predefined_desc[21] = GrB_DESC_RCT1;
    predefined_desc[22] = GrB_DESC_RCT0;
    predefined_desc[23] = GrB_DESC_RCT0T1;
    predefined_desc[24] = GrB_DESC_RS;
    predefined_desc[25] = GrB_DESC_RST1;
    predefined_desc[26] = GrB_DESC_RST0;
    predefined_desc[27] = GrB_DESC_RST0T1;
    predefined_desc[28] = GrB_DESC_RSC;
    predefined_desc[29] = GrB_DESC_RSCT1;
    predefined_desc[30] = GrB_DESC_RSCT0;
    predefined_desc[31] = GrB_DESC_RSCT0T1;
}

/* A predefined descriptor, or one built with GrB_Descriptor_set (both mask values set by two
 * calls, as spec 2.0 describes), chosen at random. */
GrB_Descriptor desc_random(ctx *c, int allowed, int *bits)
{
    int b = 0;
    if (rng_chance(&c->r, 0.3)) b |= D_R;
    if (rng_chance(&c->r, 0.3)) b |= D_S;
    if (rng_chance(&c->r, 0.3)) b |= D_C;
    if (rng_chance(&c->r, 0.35)) b |= D_T0;
    if (rng_chance(&c->r, 0.35)) b |= D_T1;
    b &= allowed;
    *bits = b;
    if (b == 0 || c->ndescs == 16 || rng_chance(&c->r, 0.75)) return predefined_desc[b];
    GrB_Descriptor d = desc_build(b);
    c->descs[c->ndescs++] = d;
    return d;
}

GrB_Descriptor desc_build(int bits)
{
    GrB_Descriptor d = NULL;
    GrB_Info info = GrB_Descriptor_new(&d);
    if (info == GrB_SUCCESS && (bits & D_R)) info = GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE);
    if (info == GrB_SUCCESS && (bits & D_C)) info = GrB_Descriptor_set(d, GrB_MASK, GrB_COMP);
    if (info == GrB_SUCCESS && (bits & D_S)) info = GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE);
    if (info == GrB_SUCCESS && (bits & D_T0)) info = GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN);
    if (info == GrB_SUCCESS && (bits & D_T1)) info = GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN);
    printf("desc built info=%d\n", (int)info);
    return d;
}

void desc_print(int bits)
{
    printf(" desc=%s%s%s%s%s%s", bits ? "" : "default", bits & D_R ? "R" : "",
           bits & D_S ? "S" : "", bits & D_C ? "C" : "", bits & D_T0 ? "T0" : "",
           bits & D_T1 ? "T1" : "");
}
