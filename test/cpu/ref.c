/* ref.c: the dense reference of ref.h: casting, binary operators, the write-back, conversions
 * between dense arrays and library objects, and the random-case driver. */
#include "ref.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- random numbers --------------------------------------------------------------------------- */

static uint64_t rnd_state = 1;

void rnd_seed(uint64_t seed)
{
    rnd_state = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
    if (rnd_state == 0) rnd_state = 1;
}

uint64_t rnd(void)
{
    /* xorshift64* */
    rnd_state ^= rnd_state >> 12;
    rnd_state ^= rnd_state << 25;
    rnd_state ^= rnd_state >> 27;
    return rnd_state * 0x2545F4914F6CDD1DULL;
}

int rnd_int(int n)
{
    return n <= 1 ? 0 : (int)(rnd() % (uint64_t)n);
}

bool rnd_chance(int percent)
{
    return rnd_int(100) < percent;
}

/* ---- types and values ------------------------------------------------------------------------- */

#define REF_ELT(T, ...) GrB_##T,

GrB_Type type_of(int code)
{
    GrB_Type t[] = {NULL, GxG_BUILTIN_TYPES(REF_ELT)};
    return t[code];
}

size_t type_size(int code)
{
#define REF_SIZE(T, E, ...) sizeof(E),
    static const size_t s[] = {0, GxG_BUILTIN_TYPES(REF_SIZE)};
#undef REF_SIZE
    return s[code];
}

const char *type_name(int code)
{
#define REF_NAME(T, ...) #T,
    static const char *n[] = {"UDT", GxG_BUILTIN_TYPES(REF_NAME)};
#undef REF_NAME
    return n[code];
}

int rnd_code(void)
{
    return 1 + rnd_int(11);
}

static bool is_float(int c)
{
    return c == GrB_FP32_CODE || c == GrB_FP64_CODE;
}

static bool is_signed(int c)
{
    return c == GrB_INT8_CODE || c == GrB_INT16_CODE || c == GrB_INT32_CODE || c == GrB_INT64_CODE;
}

/* A value read into the widest C type of its kind. */
typedef struct {
    double f;
    int64_t s;
    uint64_t u;
} wide;

static wide load(const void *x, int xc)
{
    wide w = {0, 0, 0};
    switch (xc) {
#define REF_LOAD(T, E, ...)                                                                        \
    case GrB_##T##_CODE: {                                                                         \
        E a;                                                                                       \
        memcpy(&a, x, sizeof a);                                                                   \
        w.f = (double)a;                                                                           \
        w.s = is_float(xc) ? 0 : (int64_t)a;                                                       \
        w.u = is_float(xc) ? 0 : (uint64_t)a;                                                      \
        break;                                                                                     \
    }
        GxG_BUILTIN_TYPES(REF_LOAD)
#undef REF_LOAD
    }
    return w;
}

/* An integer of type E (range LO..HI) from a double: saturating, NaN to 0. */
#define REF_FROM_DOUBLE(E, LO, HI, d)                                                              \
    (isnan(d) ? (E)0 : (d) <= (double)(LO) ? (E)(LO) : (d) >= (double)(HI) ? (E)(HI) : (E)(d))

void rcast(void *z, int zc, const void *x, int xc)
{
    wide w = load(x, xc);
    bool fx = is_float(xc), sx = is_signed(xc);
    switch (zc) {
#define REF_STORE(T, E, LO, HI)                                                                    \
    case GrB_##T##_CODE: {                                                                         \
        E r = fx ? REF_FROM_DOUBLE(E, LO, HI, w.f) : sx ? (E)w.s : (E)w.u;                          \
        memcpy(z, &r, sizeof r);                                                                   \
        break;                                                                                     \
    }
        REF_STORE(INT8, int8_t, INT8_MIN, INT8_MAX)
        REF_STORE(UINT8, uint8_t, 0, UINT8_MAX)
        REF_STORE(INT16, int16_t, INT16_MIN, INT16_MAX)
        REF_STORE(UINT16, uint16_t, 0, UINT16_MAX)
        REF_STORE(INT32, int32_t, INT32_MIN, INT32_MAX)
        REF_STORE(UINT32, uint32_t, 0, UINT32_MAX)
        REF_STORE(INT64, int64_t, INT64_MIN, INT64_MAX)
        REF_STORE(UINT64, uint64_t, 0, UINT64_MAX)
#undef REF_STORE
    case GrB_BOOL_CODE: {
        bool r = fx ? w.f != 0 : w.u != 0;
        memcpy(z, &r, sizeof r);
        break;
    }
    case GrB_FP32_CODE: {
        float r = fx ? (float)w.f : sx ? (float)w.s : (float)w.u;
        memcpy(z, &r, sizeof r);
        break;
    }
    case GrB_FP64_CODE: {
        double r = fx ? w.f : sx ? (double)w.s : (double)w.u;
        memcpy(z, &r, sizeof r);
        break;
    }
    }
}

bool rtrue(const void *x, int xc)
{
    bool b;
    rcast(&b, GrB_BOOL_CODE, x, xc);
    return b;
}

bool ref_exact_values;

void rnd_value(void *z, int code)
{
    bool large = rnd_chance(12) && !(ref_exact_values && is_float(code));
    if (is_float(code)) {
        double d = large ? (double)(rnd_int(2001) - 1000) * 1000.25 : (rnd_int(17) - 8) / 2.0;
        if (d == 0 && rnd_chance(50)) d = -0.0;
        rcast(z, code, &d, GrB_FP64_CODE);
    } else if (code == GrB_BOOL_CODE) {
        bool b = rnd_int(2);
        memcpy(z, &b, 1);
    } else if (large) {
        uint64_t u = rnd();
        rcast(z, code, &u, GrB_UINT64_CODE);
    } else {
        int64_t s = is_signed(code) ? rnd_int(9) - 4 : rnd_int(9);
        rcast(z, code, &s, GrB_INT64_CODE);
    }
}

bool values_equal(const void *a, const void *b, int code)
{
    if (code == GrB_FP32_CODE) {
        float x, y;
        memcpy(&x, a, 4), memcpy(&y, b, 4);
        return x == y || (isnan(x) && isnan(y));
    }
    if (code == GrB_FP64_CODE) {
        double x, y;
        memcpy(&x, a, 8), memcpy(&y, b, 8);
        return x == y || (isnan(x) && isnan(y));
    }
    return memcmp(a, b, type_size(code)) == 0;
}

void print_value(FILE *f, const void *x, int code)
{
    wide w = load(x, code);
    if (is_float(code))
        fprintf(f, "%.17g", w.f);
    else if (is_signed(code))
        fprintf(f, "%lld", (long long)w.s);
    else
        fprintf(f, "%llu", (unsigned long long)w.u);
}

/* ---- dense matrices ---------------------------------------------------------------------------- */

dense *d_new(int code, GrB_Index nr, GrB_Index nc)
{
    dense *d = calloc(1, sizeof *d);
    d->code = code;
    d->nr = nr;
    d->nc = nc;
    d->p = calloc(nr * nc + 1, sizeof(bool));
    d->v = calloc(nr * nc + 1, sizeof(uint64_t));
    return d;
}

dense *d_copy(const dense *a)
{
    dense *d = d_new(a->code, a->nr, a->nc);
    memcpy(d->p, a->p, a->nr * a->nc * sizeof(bool));
    memcpy(d->v, a->v, a->nr * a->nc * sizeof(uint64_t));
    return d;
}

dense *d_random(int code, GrB_Index nr, GrB_Index nc, int percent)
{
    dense *d = d_new(code, nr, nc);
    for (GrB_Index i = 0; i < nr; i++)
        for (GrB_Index j = 0; j < nc; j++)
            if (rnd_chance(percent)) {
                D_P(d, i, j) = true;
                rnd_value(D_V(d, i, j), code);
            }
    return d;
}

dense *d_transpose(const dense *a)
{
    dense *d = d_new(a->code, a->nc, a->nr);
    for (GrB_Index i = 0; i < a->nr; i++)
        for (GrB_Index j = 0; j < a->nc; j++) {
            D_P(d, j, i) = D_P(a, i, j);
            *(uint64_t *)D_V(d, j, i) = *(uint64_t *)D_V(a, i, j);
        }
    return d;
}

void d_free(dense *d)
{
    if (d == NULL) return;
    free(d->p);
    free(d->v);
    free(d);
}

void d_print(FILE *f, const char *name, const dense *d)
{
    fprintf(f, "  %s (%s, %llu x %llu):", name, type_name(d->code), (unsigned long long)d->nr,
            (unsigned long long)d->nc);
    if (d->nr * d->nc > 400) {
        fprintf(f, " (too large to print)\n");
        return;
    }
    for (GrB_Index i = 0; i < d->nr; i++)
        for (GrB_Index j = 0; j < d->nc; j++)
            if (D_P(d, i, j)) {
                fprintf(f, " (%llu,%llu)=", (unsigned long long)i, (unsigned long long)j);
                print_value(f, D_V(d, i, j), d->code);
            }
    fprintf(f, "\n");
}

bool d_equal(const dense *want, const dense *got)
{
    bool ok = want->code == got->code && want->nr == got->nr && want->nc == got->nc;
    for (GrB_Index k = 0; ok && k < want->nr * want->nc; k++)
        ok = want->p[k] == got->p[k] &&
             (!want->p[k] || values_equal(want->v + k, got->v + k, want->code));
    if (!ok) {
        d_print(stderr, "expected", want);
        d_print(stderr, "got     ", got);
    }
    return ok;
}

/* ---- library objects ---------------------------------------------------------------------------- */

GrB_Matrix d_to_matrix(const dense *d)
{
    GrB_Matrix A;
    GrB_Matrix_new(&A, type_of(d->code), d->nr, d->nc);
    GrB_Index n = 0, cap = d->nr * d->nc + 1;
    GrB_Index *I = malloc(cap * sizeof(GrB_Index)), *J = malloc(cap * sizeof(GrB_Index));
    uint64_t *X = malloc(cap * sizeof(uint64_t));
    for (GrB_Index i = 0; i < d->nr; i++)
        for (GrB_Index j = 0; j < d->nc; j++)
            if (D_P(d, i, j)) I[n] = i, J[n] = j, X[n++] = *(uint64_t *)D_V(d, i, j);
    bool one_by_one = rnd_chance(25);
    switch (d->code) {
#define REF_BUILD(T, E, ...)                                                                       \
    case GrB_##T##_CODE: {                                                                         \
        E *Y = malloc(cap * sizeof(E));                                                            \
        for (GrB_Index k = 0; k < n; k++) memcpy(&Y[k], &X[k], sizeof(E));                         \
        if (one_by_one)                                                                            \
            for (GrB_Index k = n; k-- > 0;) GrB_Matrix_setElement_##T(A, Y[k], I[k], J[k]);       \
        else                                                                                       \
            GrB_Matrix_build_##T(A, I, J, Y, n, NULL);                                             \
        free(Y);                                                                                   \
        break;                                                                                     \
    }
        GxG_BUILTIN_TYPES(REF_BUILD)
#undef REF_BUILD
    }
    free(I), free(J), free(X);
    return A;
}

GrB_Vector d_to_vector(const dense *d)
{
    GrB_Vector v;
    GrB_Vector_new(&v, type_of(d->code), d->nr);
    for (GrB_Index i = 0; i < d->nr; i++) {
        if (!D_P(d, i, 0)) continue;
        switch (d->code) {
#define REF_SET(T, E, ...)                                                                         \
    case GrB_##T##_CODE: {                                                                         \
        E y;                                                                                       \
        memcpy(&y, D_V(d, i, 0), sizeof y);                                                        \
        GrB_Vector_setElement_##T(v, y, i);                                                        \
        break;                                                                                     \
    }
            GxG_BUILTIN_TYPES(REF_SET)
#undef REF_SET
        }
    }
    return v;
}

/* Fills d from sorted tuples; false (with a message) if they are unsorted or out of range. */
static bool fill(dense *d, const GrB_Index *I, const GrB_Index *J, const void *X, GrB_Index n)
{
    size_t size = type_size(d->code);
    for (GrB_Index k = 0; k < n; k++) {
        GrB_Index j = J == NULL ? 0 : J[k];
        if (I[k] >= d->nr || j >= d->nc ||
            (k > 0 && (I[k] < I[k - 1] || (I[k] == I[k - 1] && j <= (J == NULL ? 0 : J[k - 1]))))) {
            fprintf(stderr, "  tuples out of order or range at %llu\n", (unsigned long long)k);
            return false;
        }
        D_P(d, I[k], j) = true;
        memcpy(D_V(d, I[k], j), (const char *)X + k * size, size);
    }
    return true;
}

dense *d_from_matrix(GrB_Matrix A, int code)
{
    GrB_Index nr, nc, n;
    GrB_Matrix_nrows(&nr, A);
    GrB_Matrix_ncols(&nc, A);
    GrB_Matrix_nvals(&n, A);
    dense *d = d_new(code, nr, nc);
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index)), *J = malloc((n + 1) * sizeof(GrB_Index));
    void *X = malloc((n + 1) * sizeof(uint64_t));
    GrB_Info info = GrB_NOT_IMPLEMENTED;
    switch (code) {
#define REF_TUPLES(T, E, ...)                                                                      \
    case GrB_##T##_CODE: info = GrB_Matrix_extractTuples_##T(I, J, (E *)X, &n, A); break;
        GxG_BUILTIN_TYPES(REF_TUPLES)
#undef REF_TUPLES
    }
    bool ok = info == GrB_SUCCESS && fill(d, I, J, X, n);
    free(I), free(J), free(X);
    if (!ok) d->code = 0; /* compares unequal to anything */
    return d;
}

dense *d_from_vector(GrB_Vector v, int code)
{
    GrB_Index nr, n;
    GrB_Vector_size(&nr, v);
    GrB_Vector_nvals(&n, v);
    dense *d = d_new(code, nr, 1);
    GrB_Index *I = malloc((n + 1) * sizeof(GrB_Index));
    void *X = malloc((n + 1) * sizeof(uint64_t));
    GrB_Info info = GrB_NOT_IMPLEMENTED;
    switch (code) {
#define REF_TUPLES(T, E, ...)                                                                      \
    case GrB_##T##_CODE: info = GrB_Vector_extractTuples_##T(I, (E *)X, &n, v); break;
        GxG_BUILTIN_TYPES(REF_TUPLES)
#undef REF_TUPLES
    }
    bool ok = info == GrB_SUCCESS && fill(d, I, NULL, X, n);
    free(I), free(X);
    if (!ok) d->code = 0;
    return d;
}

GrB_Scalar scalar_of(const void *x, int code)
{
    GrB_Scalar s;
    GrB_Scalar_new(&s, type_of(code));
    if (x == NULL) return s;
    switch (code) {
#define REF_SSET(T, E, ...)                                                                        \
    case GrB_##T##_CODE: {                                                                         \
        E y;                                                                                       \
        memcpy(&y, x, sizeof y);                                                                   \
        GrB_Scalar_setElement_##T(s, y);                                                           \
        break;                                                                                     \
    }
        GxG_BUILTIN_TYPES(REF_SSET)
#undef REF_SSET
    }
    return s;
}

/* ---- binary operators ------------------------------------------------------------------------------ */

GrB_BinaryOp ref_user_op;

static void user_fn(void *z, const void *x, const void *y)
{
    double a, b, r;
    memcpy(&a, x, 8), memcpy(&b, y, 8);
    r = 2 * a - b;
    memcpy(z, &r, 8);
}

bool rbin_bitwise(int op)
{
    return op == OP_BOR || op == OP_BAND || op == OP_BXOR;
}

rbin rbin_random(void)
{
    rbin b = {rnd_int(NBINOPS), rnd_code()};
    if (b.op == OP_USER) b.code = GrB_FP64_CODE;
    if (b.op == OP_LXNOR) b.code = GrB_BOOL_CODE;
    if (rbin_bitwise(b.op)) b.code = GrB_INT8_CODE + rnd_int(8);
    return b;
}

int rbin_ztype(rbin b)
{
    return b.op == OP_LT ? GrB_BOOL_CODE : b.code;
}

GrB_BinaryOp rbin_handle(rbin b)
{
#define REF_OPS(P) {NULL, GxG_EACH_T(REF_ELT_OP, P)}
#define REF_ELT_OP(h) h,
    switch (b.op) {
    case OP_PLUS: { GrB_BinaryOp t[] = REF_OPS(GrB_PLUS_); return t[b.code]; }
    case OP_MINUS: { GrB_BinaryOp t[] = REF_OPS(GrB_MINUS_); return t[b.code]; }
    case OP_TIMES: { GrB_BinaryOp t[] = REF_OPS(GrB_TIMES_); return t[b.code]; }
    case OP_MIN: { GrB_BinaryOp t[] = REF_OPS(GrB_MIN_); return t[b.code]; }
    case OP_MAX: { GrB_BinaryOp t[] = REF_OPS(GrB_MAX_); return t[b.code]; }
    case OP_FIRST: { GrB_BinaryOp t[] = REF_OPS(GrB_FIRST_); return t[b.code]; }
    case OP_SECOND: { GrB_BinaryOp t[] = REF_OPS(GrB_SECOND_); return t[b.code]; }
    case OP_LT: { GrB_BinaryOp t[] = REF_OPS(GrB_LT_); return t[b.code]; }
    case OP_BOR: { GrB_BinaryOp t[] = {GxG_EACH_I(REF_ELT_OP, GrB_BOR_)}; return t[b.code - GrB_INT8_CODE]; }
    case OP_BAND: { GrB_BinaryOp t[] = {GxG_EACH_I(REF_ELT_OP, GrB_BAND_)}; return t[b.code - GrB_INT8_CODE]; }
    case OP_BXOR: { GrB_BinaryOp t[] = {GxG_EACH_I(REF_ELT_OP, GrB_BXOR_)}; return t[b.code - GrB_INT8_CODE]; }
    case OP_LXNOR: return GrB_LXNOR;
    default: return ref_user_op;
    }
#undef REF_ELT_OP
#undef REF_OPS
}

const char *rbin_name(rbin b)
{
    static const char *n[] = {"PLUS", "MINUS", "TIMES", "MIN", "MAX", "FIRST", "SECOND",
                              "LT",   "BOR",   "BAND",  "BXOR", "LXNOR", "USER"};
    return n[b.op];
}

/* z = op(a, c) for ops other than LT; ARITH(OP) is how PLUS, MINUS and TIMES compute. */
#define REF_BIN_BODY(E, ARITH)                                                                     \
    switch (b.op) {                                                                                \
    case OP_PLUS: r = ARITH(E, +); break;                                                             \
    case OP_MINUS: r = ARITH(E, -); break;                                                            \
    case OP_TIMES: r = ARITH(E, *); break;                                                            \
    case OP_MIN: r = a < c ? a : c; break;                                                         \
    case OP_MAX: r = a > c ? a : c; break;                                                         \
    case OP_FIRST: r = a; break;                                                                   \
    default: r = c; break;                                                                         \
    }
/* Integers (and bool) wrap: PLUS, MINUS and TIMES run in uint64_t and convert back. */
#define REF_BIN_INT(T, E, ARITH)                                                                   \
    case GrB_##T##_CODE: {                                                                         \
        E a, c, r;                                                                                 \
        memcpy(&a, x, sizeof a), memcpy(&c, y, sizeof c);                                          \
        if (b.op == OP_LT) {                                                                       \
            bool lt = a < c;                                                                       \
            memcpy(z, &lt, 1);                                                                     \
            return;                                                                                \
        }                                                                                          \
        if (b.op == OP_BOR || b.op == OP_BAND || b.op == OP_BXOR || b.op == OP_LXNOR)             \
            r = b.op == OP_BOR    ? (E)(a | c)                                                     \
                : b.op == OP_BAND ? (E)(a & c)                                                     \
                : b.op == OP_BXOR ? (E)(a ^ c)                                                     \
                                  : (E)(a == c);                                                   \
        else                                                                                       \
            REF_BIN_BODY(E, ARITH)                                                                 \
        memcpy(z, &r, sizeof r);                                                                   \
        return;                                                                                    \
    }
#define REF_WRAP(E, OP) (E)((uint64_t)a OP(uint64_t) c)
#define REF_BOOL(E, OP) (((uint64_t)a OP(uint64_t) c) != 0)
#define REF_BIN_I(T, E) REF_BIN_INT(T, E, REF_WRAP)
#define REF_BIN_B(T, E) REF_BIN_INT(T, E, REF_BOOL)
/* Floating point: IEEE arithmetic in the type itself; MIN and MAX are fmin and fmax (a NaN
 * operand yields the other). */
#define REF_BIN_F(T, E)                                                                            \
    case GrB_##T##_CODE: {                                                                         \
        E a, c, r;                                                                                 \
        memcpy(&a, x, sizeof a), memcpy(&c, y, sizeof c);                                          \
        if (b.op == OP_LT) {                                                                       \
            bool lt = a < c;                                                                       \
            memcpy(z, &lt, 1);                                                                     \
            return;                                                                                \
        }                                                                                          \
        if (b.op == OP_MIN || b.op == OP_MAX)                                                      \
            r = (E)(b.op == OP_MIN ? fmin(a, c) : fmax(a, c));                                     \
        else                                                                                       \
            REF_BIN_BODY(E, REF_IEEE)                                                              \
        memcpy(z, &r, sizeof r);                                                                   \
        return;                                                                                    \
    }
#define REF_IEEE(E, OP) (E)(a OP c)

void rbin_apply(rbin b, void *z, const void *x, const void *y)
{
    if (b.op == OP_USER) {
        user_fn(z, x, y);
        return;
    }
    switch (b.code) {
        REF_BOOL_T(REF_BIN_B)
        REF_SIGNED_T(REF_BIN_I)
        REF_UNSIGNED_T(REF_BIN_I)
        REF_FLOAT_T(REF_BIN_F)
    }
}

/* ---- masks and the write-back ------------------------------------------------------------------- */

rdesc rdesc_random(bool allow_tran)
{
    rdesc d = {0};
    d.structural = rnd_chance(40);
    d.comp = rnd_chance(35);
    d.replace = rnd_chance(35);
    d.tran0 = allow_tran && rnd_chance(50);
    d.tran1 = allow_tran && rnd_chance(50);
    return d;
}

GrB_Descriptor rdesc_make(const rdesc *d)
{
    if (!d->structural && !d->comp && !d->replace && !d->tran0 && !d->tran1) return NULL;
    GrB_Descriptor desc;
    GrB_Descriptor_new(&desc);
    if (d->replace) GrB_Descriptor_set(desc, GrB_OUTP, GrB_REPLACE);
    if (d->structural || d->comp)
        GrB_Descriptor_set(desc, GrB_MASK,
                           d->structural && d->comp ? GrB_COMP_STRUCTURE
                           : d->comp                ? GrB_COMP
                                                    : GrB_STRUCTURE);
    if (d->tran0) GrB_Descriptor_set(desc, GrB_INP0, GrB_TRAN);
    if (d->tran1) GrB_Descriptor_set(desc, GrB_INP1, GrB_TRAN);
    return desc;
}

bool rmask_allows(const rdesc *d, GrB_Index i, GrB_Index j)
{
    if (d->M == NULL) return !d->comp; /* no mask complemented: nothing is allowed */
    /* a mask value is true when its bytes are not all zero (SuiteSparse: -0.0 is true) */
    static const uint64_t zero = 0;
    bool set = D_P(d->M, i, j) &&
               (d->structural || memcmp(D_V(d->M, i, j), &zero, type_size(d->M->code)) != 0);
    return set != d->comp;
}

void ref_writeback(dense *C, const rdesc *d, const rbin *accum, const dense *T)
{
    for (GrB_Index i = 0; i < C->nr; i++)
        for (GrB_Index j = 0; j < C->nc; j++) {
            bool hc = D_P(C, i, j), ht = D_P(T, i, j);
            void *c = D_V(C, i, j);
            const void *t = D_V(T, i, j);
            if (!rmask_allows(d, i, j)) {
                if (d->replace) D_P(C, i, j) = false;
            } else if (accum == NULL || !hc) {
                /* Z = T, or an entry only in T: T cast straight to C's type */
                D_P(C, i, j) = ht;
                if (ht) rcast(c, C->code, t, T->code);
            } else if (ht) {
                uint64_t x, y, z;
                rcast(&x, accum->code, c, C->code);
                rcast(&y, accum->code, t, T->code);
                rbin_apply(*accum, &z, &x, &y);
                rcast(c, C->code, &z, rbin_ztype(*accum));
            }
        }
}

void rdesc_print(FILE *f, const rdesc *d, const rbin *accum)
{
    fprintf(f, "  mask %s%s%s replace %d tran0 %d tran1 %d accum %s_%s\n",
            d->M == NULL ? "none" : "present", d->structural ? " structural" : "",
            d->comp ? " complemented" : "", d->replace, d->tran0, d->tran1,
            accum == NULL ? "none" : rbin_name(*accum),
            accum == NULL ? "" : type_name(accum->code));
    if (d->M != NULL) d_print(f, "M", d->M);
}

/* ---- setup and the driver ------------------------------------------------------------------------ */

void ref_init(void)
{
    GrB_BinaryOp_new(&ref_user_op, user_fn, GrB_FP64, GrB_FP64, GrB_FP64);
}

void ref_finalize(void)
{
    GrB_BinaryOp_free(&ref_user_op);
}

int run_cases(const char *name, uint64_t base, int n, bool (*one)(uint64_t seed))
{
    const char *env = getenv("GG_CPU_SEED");
    if (env != NULL) {
        uint64_t seed = strtoull(env, NULL, 0);
        bool ok = one(seed);
        if (!ok) fprintf(stderr, "%s: FAILED seed %llu\n", name, (unsigned long long)seed);
        return ok ? 0 : 1;
    }
    int failed = 0;
    clock_t start = clock();
    for (int k = 0; k < n && failed < 5; k++) {
        uint64_t seed = base + (uint64_t)k;
        if (!one(seed)) {
            fprintf(stderr, "%s: FAILED seed %llu (rerun with GG_CPU_SEED=%llu)\n", name,
                    (unsigned long long)seed, (unsigned long long)seed);
            failed++;
        }
    }
    printf("%s: %d random cases, %d failed (%.2f s CPU)\n", name, n, failed,
           (double)(clock() - start) / CLOCKS_PER_SEC);
    return failed;
}
