/* test_cuda_vec.c: the device vector kernels (cuda/kernels/GG_cuda_vec_kernels.h) called directly
 * on random device inputs of every form (sparse, bitmap, full, iso or not), against a dense host
 * reference written here from the specification: the write-back rule of the CPU backend's region
 * write-back position by position, with the operators and casts of the library's own operator
 * objects (the functions the CPU backend calls), so the device must agree with the CPU bit for
 * bit. NaN is compared as NaN (the device and the host may differ in its payload). Bitmap inputs
 * carry a wrong nvals and garbage values at absent positions, so a kernel that reads either fails.
 *
 * Under compute-sanitizer (GG_TEST_SANITIZER set) the random sweeps run a few cases only.
 * Exits 77 (Meson: SKIP) without a GPU. */
#include "GG_cuda_store.h"
#include "GG_cuda_vec_kernels.h"
#include "GG_opcodes.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_cuda_test.h"

static int rounds = 12; /* random configurations per scenario (fewer under a sanitizer) */

static uint64_t rnd(uint64_t m)
{
    return GG_cuda_test_next() % m;
}

static size_t tsize(int code)
{
    return GG_type_of_code(code)->size;
}

static void cast_to(void *z, int zcode, const void *x, int xcode)
{
    GG_cast_get(zcode, xcode)(z, x);
}

static void from_double(void *z, int zcode, double d)
{
    cast_to(z, zcode, &d, GrB_FP64_CODE);
}

/* ---- random values ---------------------------------------------------------------------------- */

/* Value kinds: WILD (extremes, NaN, infinities, -0, wrapped bit patterns), TAME (small integers,
 * so floating-point sums are exact and no -0 ties MIN/MAX), MASKY (zero a third of the time). */
enum { WILD, TAME, MASKY };

static void random_value(void *x, int code, int kind)
{
    static const double fp[] = {0.0, -0.0, 1.0, -1.0, 2.5, -3.75, 0.5, 7.0, 300.0, -1e20,
                                1e30, 1e300, NAN, INFINITY, -INFINITY, 65536.5};
    if (kind == MASKY && rnd(3) == 0) {
        from_double(x, code, (code == GrB_FP32_CODE || code == GrB_FP64_CODE) && rnd(2) ? -0.0 : 0.0);
        return;
    }
    if (code == GrB_FP32_CODE || code == GrB_FP64_CODE) {
        double d = kind == TAME ? (double)((int)rnd(11) - 5) : fp[rnd(sizeof fp / sizeof fp[0])];
        if (kind == TAME && d == 0) d = 0.0; /* never -0 */
        from_double(x, code, d);
    } else if (kind != TAME && rnd(6) == 0) {
        uint64_t bits = GG_cuda_test_next(); /* any bit pattern: extremes, wrapping */
        cast_to(x, code, &bits, GrB_UINT64_CODE);
    } else {
        int64_t v = (int64_t)rnd(11) - 5;
        cast_to(x, code, &v, GrB_INT64_CODE);
    }
}

/* ---- dense host vectors (the reference's representation) -------------------------------------- */

typedef struct {
    uint64_t n;
    int code;
    size_t size;
    bool *b;
    unsigned char *x;
} hvec;

static hvec hvec_new(uint64_t n, int code)
{
    hvec v = {n, code, tsize(code), calloc(n + 1, 1), calloc(n + 1, tsize(code))};
    assert_non_null(v.b);
    assert_non_null(v.x);
    return v;
}

static void hvec_free(hvec *v)
{
    free(v->b);
    free(v->x);
}

static void *hval(const hvec *v, uint64_t i)
{
    return v->x + i * v->size;
}

/* Presence with probability density (1: every position), values of `kind`; iso: one value. */
static void hvec_fill(hvec *v, double density, bool iso, int kind)
{
    unsigned char one[16];
    random_value(one, v->code, kind);
    for (uint64_t i = 0; i < v->n; i++) {
        v->b[i] = density >= 1 || (double)rnd(1000000) < density * 1e6;
        if (iso)
            memcpy(hval(v, i), one, v->size);
        else
            random_value(hval(v, i), v->code, kind);
    }
}

static uint64_t hvec_nvals(const hvec *v)
{
    uint64_t k = 0;
    for (uint64_t i = 0; i < v->n; i++) k += v->b[i];
    return k;
}

static bool same_value(int code, const void *a, const void *b)
{
    if (code == GrB_FP32_CODE) {
        float x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        if (isnan(x) || isnan(y)) return isnan(x) && isnan(y);
    } else if (code == GrB_FP64_CODE) {
        double x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        if (isnan(x) || isnan(y)) return isnan(x) && isnan(y);
    }
    return memcmp(a, b, tsize(code)) == 0;
}

static void show_value(const char *what, int code, const void *x)
{
    double d;
    cast_to(&d, GrB_FP64_CODE, x, code);
    uint64_t bits = 0;
    memcpy(&bits, x, tsize(code));
    printf("  %s = %.17g (bits %llx)\n", what, d, (unsigned long long)bits);
}

static void assert_same(const hvec *want, const hvec *got, const char *what)
{
    assert_int_equal(want->n, got->n);
    for (uint64_t i = 0; i < want->n; i++) {
        bool ok = want->b[i] == got->b[i] &&
                  (!want->b[i] || same_value(want->code, hval(want, i), hval(got, i)));
        if (!ok) {
            printf("%s: position %llu of %llu: want %s, got %s\n", what, (unsigned long long)i,
                   (unsigned long long)want->n, want->b[i] ? "entry" : "none",
                   got->b[i] ? "entry" : "none");
            if (want->b[i]) show_value("want", want->code, hval(want, i));
            if (got->b[i]) show_value("got", got->code, hval(got, i));
            fail();
        }
    }
}

/* ---- device copies ------------------------------------------------------------------------------ */

typedef struct {
    void *p[64];
    int n;
} dlist;

/* A device copy of `bytes` of host (NULL: uninitialised), kept in L (NULL: the caller owns it). */
static void *dput(dlist *L, const void *host, size_t bytes)
{
    void *d = GG_cuda_malloc(bytes);
    assert_non_null(d);
    if (host != NULL && bytes > 0) assert_true(GG_cuda_upload(d, host, bytes));
    if (L != NULL) {
        assert_true(L->n < 64);
        L->p[L->n++] = d;
    }
    return d;
}

static void dfree(dlist *L)
{
    for (int k = 0; k < L->n; k++) GG_cuda_free(L->p[k]);
    L->n = 0;
}

static const char *form_name(int form)
{
    return form == GG_VF_SPARSE ? "sparse" : form == GG_VF_BITMAP ? "bitmap" : "full";
}

/* v on the device in `form` (FULL: every position must be present); iso: v's values are all equal
 * and one is stored. A bitmap gets a wrong nvals and garbage where absent. */
static GG_vdata dev_vec(dlist *L, const hvec *v, int form, bool iso)
{
    GG_vdata d = {.n = v->n, .size = (uint32_t)v->size, .form = (uint8_t)form, .iso = iso};
    uint64_t nv = hvec_nvals(v), first = 0;
    while (first < v->n && !v->b[first]) first++;
    d.nvals = nv;
    size_t s = v->size;
    if (form == GG_VF_SPARSE) {
        if (nv == 0) return d; /* empty: no arrays */
        uint64_t *idx = malloc(nv * sizeof(uint64_t));
        unsigned char *x = malloc(nv * s);
        uint64_t p = 0;
        for (uint64_t i = 0; i < v->n; i++) {
            if (!v->b[i]) continue;
            idx[p] = i;
            memcpy(x + p * s, hval(v, i), s);
            p++;
        }
        d.i = dput(L, idx, nv * sizeof(uint64_t));
        d.x = dput(L, x, iso ? s : nv * s);
        free(idx);
        free(x);
    } else if (form == GG_VF_BITMAP) {
        unsigned char *x = malloc(v->n * s + 1);
        uint8_t *b = malloc(v->n + 1);
        for (uint64_t i = 0; i < v->n; i++) {
            b[i] = v->b[i];
            if (v->b[i])
                memcpy(x + i * s, hval(v, i), s);
            else
                memset(x + i * s, 0xA5, s);
        }
        d.b = dput(L, b, v->n);
        d.x = dput(L, iso ? hval(v, first < v->n ? first : 0) : x, iso ? s : v->n * s);
        d.nvals = nv + 12345; /* never to be read */
        free(x);
        free(b);
    } else {
        assert_int_equal(nv, v->n);
        d.x = dput(L, v->x, iso ? s : v->n * s);
    }
    return d;
}

/* Z's content as a dense host vector of type `code`, after checking Z's own consistency: sorted
 * unique indices, nvals (known or in Z->count) equal to the entries present, FULL complete. */
static hvec host_vec(const GG_cuda_vec *Z, int code)
{
    const GG_vdata *d = &Z->d;
    hvec v = hvec_new(d->n, code);
    assert_int_equal(d->size, v.size);
    uint64_t nvals = d->nvals;
    if (!Z->nvals_known) {
        assert_non_null(Z->count);
        assert_true(GG_cuda_download(&nvals, Z->count, sizeof nvals));
    }
    size_t s = v.size;
    uint64_t nx = d->iso ? (nvals > 0 || d->form == GG_VF_FULL ? 1 : 0)
                         : d->form == GG_VF_SPARSE ? nvals : d->n;
    unsigned char *x = malloc(nx * s + 1);
    if (nx > 0) assert_true(GG_cuda_download(x, d->x, nx * s));
    if (d->form == GG_VF_SPARSE) {
        uint64_t *idx = malloc(nvals * sizeof(uint64_t) + 1);
        if (nvals > 0) assert_true(GG_cuda_download(idx, d->i, nvals * sizeof(uint64_t)));
        for (uint64_t p = 0; p < nvals; p++) {
            assert_true(idx[p] < d->n);
            if (p > 0) assert_true(idx[p - 1] < idx[p]);
            v.b[idx[p]] = true;
            memcpy(hval(&v, idx[p]), x + (d->iso ? 0 : p) * s, s);
        }
        free(idx);
    } else if (d->form == GG_VF_BITMAP) {
        uint8_t *b = malloc(d->n + 1);
        if (d->n > 0) assert_true(GG_cuda_download(b, d->b, d->n));
        uint64_t k = 0;
        for (uint64_t i = 0; i < d->n; i++) {
            assert_true(b[i] <= 1);
            v.b[i] = b[i];
            k += b[i];
            if (b[i]) memcpy(hval(&v, i), x + (d->iso ? 0 : i) * s, s);
        }
        assert_int_equal(k, nvals);
        free(b);
    } else {
        assert_int_equal(d->form, GG_VF_FULL);
        assert_int_equal(nvals, d->n);
        for (uint64_t i = 0; i < d->n; i++) {
            v.b[i] = true;
            memcpy(hval(&v, i), x + (d->iso ? 0 : i) * s, s);
        }
    }
    free(x);
    return v;
}

/* A random form for a vector of dimension n: *density is 1 for FULL. */
static int random_form(double *density)
{
    static const double densities[] = {0.0, 0.01, 0.2, 0.7, 1.0};
    int form = (int)rnd(3);
    *density = form == GG_VF_FULL ? 1.0 : densities[rnd(5)];
    return form;
}

/* ---- the reference ------------------------------------------------------------------------------ */

typedef struct {
    const char *name;
    GG_cuda_tkind kind;
    GrB_UnaryOp u;
    GrB_BinaryOp b;
    GrB_IndexUnaryOp x;
    int acode, bcode;
    int s1code;
    double s1;
    int s2code;
    double s2;
} scen;

static GG_cuda_op op_of(const scen *sc)
{
    if (sc->u != NULL) return (GG_cuda_op){sc->u->opcode, sc->u->xtype->code, 0, sc->u->ztype->code};
    if (sc->b != NULL)
        return (GG_cuda_op){sc->b->opcode, sc->b->xtype->code, sc->b->ytype->code,
                            sc->b->ztype->code};
    if (sc->x != NULL)
        return (GG_cuda_op){sc->x->opcode, sc->x->xtype == NULL ? 0 : sc->x->xtype->code,
                            sc->x->ytype->code, sc->x->ztype->code};
    return (GG_cuda_op){0, 0, 0, 0};
}

static GG_cuda_op binop_of(GrB_BinaryOp b)
{
    return (GG_cuda_op){b->opcode, b->xtype->code, b->ytype->code, b->ztype->code};
}

/* The type of T. */
static int t_code(const scen *sc)
{
    switch (sc->kind) {
    case GG_CUDA_T_VEC:
    case GG_CUDA_T_SELECT: return sc->acode;
    case GG_CUDA_T_SCALAR: return sc->s1code;
    default: return op_of(sc).zcode;
    }
}

/* z = op(x, y) for operands at entry (i, 0): the CPU backend's rule for positional operators. */
static void binop_at(GrB_BinaryOp op, void *z, const void *x, const void *y, uint64_t i)
{
    if (GG_opcode_positional(op->opcode))
        GG_positional_store(z, op->ztype, GG_positional_value(op->opcode, i, 0, i, 0));
    else
        op->f(z, x, y);
}

/* T(i) into t (of t_code): false where T has no entry. s1 and s2 are the scenario's scalars. */
static bool ref_t(const scen *sc, const void *s1, const void *s2, const hvec *A, const hvec *B,
                  uint64_t i, void *t)
{
    unsigned char xa[16], yb[16], sc1[16], z[16];
    bool ha = A != NULL && A->b[i], hb = B != NULL && B->b[i];
    switch (sc->kind) {
    case GG_CUDA_T_VEC:
        if (ha) memcpy(t, hval(A, i), A->size);
        return ha;
    case GG_CUDA_T_SCALAR: memcpy(t, s1, tsize(sc->s1code)); return true;
    case GG_CUDA_T_APPLY_UNARY:
        if (!ha) return false;
        cast_to(xa, sc->u->xtype->code, hval(A, i), A->code);
        sc->u->f(t, xa);
        return true;
    case GG_CUDA_T_APPLY_BIND1ST:
        if (!ha) return false;
        cast_to(sc1, sc->b->xtype->code, s1, sc->s1code);
        cast_to(yb, sc->b->ytype->code, hval(A, i), A->code);
        binop_at(sc->b, t, sc1, yb, i);
        return true;
    case GG_CUDA_T_APPLY_BIND2ND:
        if (!ha) return false;
        cast_to(xa, sc->b->xtype->code, hval(A, i), A->code);
        cast_to(sc1, sc->b->ytype->code, s1, sc->s1code);
        binop_at(sc->b, t, xa, sc1, i);
        return true;
    case GG_CUDA_T_APPLY_INDEX:
    case GG_CUDA_T_SELECT: {
        if (!ha) return false;
        cast_to(sc1, sc->x->ytype->code, s1, sc->s1code);
        if (sc->x->xtype != NULL) cast_to(xa, sc->x->xtype->code, hval(A, i), A->code);
        sc->x->f(z, xa, i, 0, sc1);
        if (sc->kind == GG_CUDA_T_APPLY_INDEX) {
            memcpy(t, z, sc->x->ztype->size);
            return true;
        }
        bool keep;
        cast_to(&keep, GrB_BOOL_CODE, z, sc->x->ztype->code);
        if (keep) memcpy(t, hval(A, i), A->size);
        return keep;
    }
    default: break;
    }
    GrB_BinaryOp op = sc->b;
    int zc = op->ztype->code;
    if (ha) cast_to(xa, op->xtype->code, hval(A, i), A->code);
    if (hb) cast_to(yb, op->ytype->code, hval(B, i), B->code);
    if (ha && hb) {
        binop_at(op, t, xa, yb, i);
        return true;
    }
    if (sc->kind == GG_CUDA_T_MULT || !(ha || hb)) return false;
    if (sc->kind == GG_CUDA_T_UNION) {
        if (ha) {
            cast_to(sc1, op->ytype->code, s2, sc->s2code);
            binop_at(op, t, xa, sc1, i);
        } else {
            cast_to(sc1, op->xtype->code, s1, sc->s1code);
            binop_at(op, t, sc1, yb, i);
        }
        return true;
    }
    if (ha)
        cast_to(t, zc, hval(A, i), A->code);
    else
        cast_to(t, zc, hval(B, i), B->code);
    return true;
}

/* The write-back C<M, replace>(region) = accum(C, T), dense, as the CPU backend's region
 * write-back states it; M NULL for no mask (mcomp then complements the absent mask). */
static hvec ref_ewise(const hvec *C, const scen *sc, const void *s1, const void *s2,
                      const hvec *A, const hvec *B, const hvec *M, bool mstruct, bool mcomp,
                      bool replace, GrB_BinaryOp accum, const uint8_t *region)
{
    hvec Z = hvec_new(C->n, C->code);
    int tc = t_code(sc);
    for (uint64_t i = 0; i < C->n; i++) {
        bool allowed = !mcomp;
        if (M != NULL) {
            bool mtrue = M->b[i];
            if (mtrue && !mstruct) {
                uint64_t bits = 0;
                memcpy(&bits, hval(M, i), M->size);
                mtrue = bits != 0;
            }
            allowed = mtrue != mcomp;
        }
        bool inside = region == NULL || region[i];
        bool has_c = C->b[i];
        unsigned char t[16], xs[16], ys[16], zs[16];
        bool has_t = allowed && inside && ref_t(sc, s1, s2, A, B, i, t);
        int src;
        if (!allowed)
            src = has_c && !replace ? 1 : 0;
        else if (!inside)
            src = has_c ? 1 : 0;
        else if (accum == NULL)
            src = has_t ? 2 : 0;
        else
            src = has_c && has_t ? 3 : has_c ? 1 : has_t ? 2 : 0;
        Z.b[i] = src != 0;
        if (src == 1) memcpy(hval(&Z, i), hval(C, i), C->size);
        if (src == 2) cast_to(hval(&Z, i), C->code, t, tc);
        if (src == 3) {
            cast_to(xs, accum->xtype->code, hval(C, i), C->code);
            cast_to(ys, accum->ytype->code, t, tc);
            accum->f(zs, xs, ys); /* the CPU calls the function, also for a positional accum */
            cast_to(hval(&Z, i), C->code, zs, accum->ztype->code);
        }
    }
    return Z;
}

/* ---- the element-wise sweep ------------------------------------------------------------------- */

#define S(...) {__VA_ARGS__}
static const scen *scenarios(size_t *count)
{
    static scen s[80];
    size_t k = 0;
    /* T = A */
    s[k++] = (scen)S("copy fp64", GG_CUDA_T_VEC, .acode = GrB_FP64_CODE);
    s[k++] = (scen)S("copy int32", GG_CUDA_T_VEC, .acode = GrB_INT32_CODE);
    s[k++] = (scen)S("copy bool", GG_CUDA_T_VEC, .acode = GrB_BOOL_CODE);
    s[k++] = (scen)S("copy fp32", GG_CUDA_T_VEC, .acode = GrB_FP32_CODE);
    s[k++] = (scen)S("copy uint16", GG_CUDA_T_VEC, .acode = GrB_UINT16_CODE);
    /* scalars */
    s[k++] = (scen)S("scalar fp64", GG_CUDA_T_SCALAR, .s1code = GrB_FP64_CODE, .s1 = 2.5);
    s[k++] = (scen)S("scalar int64", GG_CUDA_T_SCALAR, .s1code = GrB_INT64_CODE, .s1 = -7);
    s[k++] = (scen)S("scalar bool", GG_CUDA_T_SCALAR, .s1code = GrB_BOOL_CODE, .s1 = 1);
    s[k++] = (scen)S("scalar fp32 nan", GG_CUDA_T_SCALAR, .s1code = GrB_FP32_CODE, .s1 = NAN);
    /* apply unary */
    s[k++] = (scen)S("ainv int8", GG_CUDA_T_APPLY_UNARY, .u = GrB_AINV_INT8, .acode = GrB_INT8_CODE);
    s[k++] = (scen)S("minv int32", GG_CUDA_T_APPLY_UNARY, .u = GrB_MINV_INT32, .acode = GrB_INT32_CODE);
    s[k++] = (scen)S("minv fp64", GG_CUDA_T_APPLY_UNARY, .u = GrB_MINV_FP64, .acode = GrB_FP64_CODE);
    s[k++] = (scen)S("abs int16 of fp32", GG_CUDA_T_APPLY_UNARY, .u = GrB_ABS_INT16, .acode = GrB_FP32_CODE);
    s[k++] = (scen)S("lnot", GG_CUDA_T_APPLY_UNARY, .u = GrB_LNOT, .acode = GrB_BOOL_CODE);
    s[k++] = (scen)S("bnot uint16", GG_CUDA_T_APPLY_UNARY, .u = GrB_BNOT_UINT16, .acode = GrB_UINT16_CODE);
    s[k++] = (scen)S("identity fp32 of fp64", GG_CUDA_T_APPLY_UNARY, .u = GrB_IDENTITY_FP32, .acode = GrB_FP64_CODE);
    s[k++] = (scen)S("minv bool of int8", GG_CUDA_T_APPLY_UNARY, .u = GrB_MINV_BOOL, .acode = GrB_INT8_CODE);
    s[k++] = (scen)S("minv uint8", GG_CUDA_T_APPLY_UNARY, .u = GrB_MINV_UINT8, .acode = GrB_UINT8_CODE);
    s[k++] = (scen)S("ainv fp32", GG_CUDA_T_APPLY_UNARY, .u = GrB_AINV_FP32, .acode = GrB_FP32_CODE);
    s[k++] = (scen)S("abs fp64", GG_CUDA_T_APPLY_UNARY, .u = GrB_ABS_FP64, .acode = GrB_FP64_CODE);
    /* apply with a bound scalar */
    s[k++] = (scen)S("7 div int32", GG_CUDA_T_APPLY_BIND1ST, .b = GrB_DIV_INT32, .acode = GrB_INT32_CODE, .s1code = GrB_INT32_CODE, .s1 = 7);
    s[k++] = (scen)S("3.7 minus uint8", GG_CUDA_T_APPLY_BIND1ST, .b = GrB_MINUS_UINT8, .acode = GrB_UINT8_CODE, .s1code = GrB_FP64_CODE, .s1 = 3.7);
    s[k++] = (scen)S("firsti int64", GG_CUDA_T_APPLY_BIND1ST, .b = GxB_FIRSTI_INT64, .acode = GrB_FP64_CODE, .s1code = GrB_INT64_CODE, .s1 = 9);
    s[k++] = (scen)S("0.5 lt fp64 of fp32", GG_CUDA_T_APPLY_BIND1ST, .b = GrB_LT_FP64, .acode = GrB_FP32_CODE, .s1code = GrB_FP64_CODE, .s1 = 0.5);
    s[k++] = (scen)S("1 div fp32", GG_CUDA_T_APPLY_BIND1ST, .b = GrB_DIV_FP32, .acode = GrB_FP32_CODE, .s1code = GrB_FP32_CODE, .s1 = 1);
    s[k++] = (scen)S("secondi1 int32", GG_CUDA_T_APPLY_BIND1ST, .b = GxB_SECONDI1_INT32, .acode = GrB_BOOL_CODE, .s1code = GrB_INT32_CODE, .s1 = 0);
    s[k++] = (scen)S("uint16 div 0", GG_CUDA_T_APPLY_BIND2ND, .b = GrB_DIV_UINT16, .acode = GrB_UINT16_CODE, .s1code = GrB_UINT16_CODE, .s1 = 0);
    s[k++] = (scen)S("fp32 plus 1.25", GG_CUDA_T_APPLY_BIND2ND, .b = GrB_PLUS_FP32, .acode = GrB_FP32_CODE, .s1code = GrB_FP32_CODE, .s1 = 1.25);
    s[k++] = (scen)S("secondj1 int32", GG_CUDA_T_APPLY_BIND2ND, .b = GxB_SECONDJ1_INT32, .acode = GrB_INT64_CODE, .s1code = GrB_INT32_CODE, .s1 = 4);
    s[k++] = (scen)S("fp64 max nan", GG_CUDA_T_APPLY_BIND2ND, .b = GrB_MAX_FP64, .acode = GrB_FP64_CODE, .s1code = GrB_FP64_CODE, .s1 = NAN);
    s[k++] = (scen)S("int8 bxnor 3", GG_CUDA_T_APPLY_BIND2ND, .b = GrB_BXNOR_INT8, .acode = GrB_INT8_CODE, .s1code = GrB_INT8_CODE, .s1 = 3);
    s[k++] = (scen)S("uint64 ge -1 (int64)", GG_CUDA_T_APPLY_BIND2ND, .b = GrB_GE_INT64, .acode = GrB_UINT64_CODE, .s1code = GrB_INT64_CODE, .s1 = -1);
    s[k++] = (scen)S("int16 minus int16", GG_CUDA_T_APPLY_BIND2ND, .b = GrB_MINUS_INT16, .acode = GrB_INT16_CODE, .s1code = GrB_INT16_CODE, .s1 = -32768);
    /* index-unary apply */
    s[k++] = (scen)S("rowindex int64 +5", GG_CUDA_T_APPLY_INDEX, .x = GrB_ROWINDEX_INT64, .acode = GrB_FP64_CODE, .s1code = GrB_INT64_CODE, .s1 = 5);
    s[k++] = (scen)S("rowindex int32 -3", GG_CUDA_T_APPLY_INDEX, .x = GrB_ROWINDEX_INT32, .acode = GrB_INT8_CODE, .s1code = GrB_INT32_CODE, .s1 = -3);
    s[k++] = (scen)S("diagindex int64", GG_CUDA_T_APPLY_INDEX, .x = GrB_DIAGINDEX_INT64, .acode = GrB_BOOL_CODE, .s1code = GrB_INT64_CODE, .s1 = 2);
    s[k++] = (scen)S("colindex int32", GG_CUDA_T_APPLY_INDEX, .x = GrB_COLINDEX_INT32, .acode = GrB_FP32_CODE, .s1code = GrB_INT32_CODE, .s1 = 4);
    s[k++] = (scen)S("valuegt fp64", GG_CUDA_T_APPLY_INDEX, .x = GrB_VALUEGT_FP64, .acode = GrB_FP64_CODE, .s1code = GrB_FP64_CODE, .s1 = 0);
    s[k++] = (scen)S("tril -10", GG_CUDA_T_APPLY_INDEX, .x = GrB_TRIL, .acode = GrB_INT32_CODE, .s1code = GrB_INT64_CODE, .s1 = -10);
    s[k++] = (scen)S("valueeq int16 of fp64 thunk", GG_CUDA_T_APPLY_INDEX, .x = GrB_VALUEEQ_INT16, .acode = GrB_INT16_CODE, .s1code = GrB_FP64_CODE, .s1 = 0);
    /* select */
    s[k++] = (scen)S("select valuegt int32", GG_CUDA_T_SELECT, .x = GrB_VALUEGT_INT32, .acode = GrB_INT32_CODE, .s1code = GrB_INT32_CODE, .s1 = 0);
    s[k++] = (scen)S("select rowle", GG_CUDA_T_SELECT, .x = GrB_ROWLE, .acode = GrB_FP64_CODE, .s1code = GrB_INT64_CODE, .s1 = 500);
    s[k++] = (scen)S("select triu", GG_CUDA_T_SELECT, .x = GrB_TRIU, .acode = GrB_UINT8_CODE, .s1code = GrB_INT64_CODE, .s1 = -300);
    s[k++] = (scen)S("select valuene fp32", GG_CUDA_T_SELECT, .x = GrB_VALUENE_FP32, .acode = GrB_FP32_CODE, .s1code = GrB_FP32_CODE, .s1 = 0);
    s[k++] = (scen)S("select offdiag", GG_CUDA_T_SELECT, .x = GrB_OFFDIAG, .acode = GrB_BOOL_CODE, .s1code = GrB_INT64_CODE, .s1 = 0);
    s[k++] = (scen)S("select rowindex", GG_CUDA_T_SELECT, .x = GrB_ROWINDEX_INT64, .acode = GrB_INT16_CODE, .s1code = GrB_INT64_CODE, .s1 = -7);
    s[k++] = (scen)S("select valuele bool", GG_CUDA_T_SELECT, .x = GrB_VALUELE_BOOL, .acode = GrB_BOOL_CODE, .s1code = GrB_BOOL_CODE, .s1 = 0);
    s[k++] = (scen)S("select colgt", GG_CUDA_T_SELECT, .x = GrB_COLGT, .acode = GrB_INT64_CODE, .s1code = GrB_INT64_CODE, .s1 = -1);
    s[k++] = (scen)S("select valuelt uint32 of int8", GG_CUDA_T_SELECT, .x = GrB_VALUELT_UINT32, .acode = GrB_INT8_CODE, .s1code = GrB_UINT32_CODE, .s1 = 3);
    /* eWiseAdd */
    s[k++] = (scen)S("add plus fp64", GG_CUDA_T_ADD, .b = GrB_PLUS_FP64, .acode = GrB_FP64_CODE, .bcode = GrB_FP64_CODE);
    s[k++] = (scen)S("add min fp32", GG_CUDA_T_ADD, .b = GrB_MIN_FP32, .acode = GrB_FP32_CODE, .bcode = GrB_FP32_CODE);
    s[k++] = (scen)S("add div int16", GG_CUDA_T_ADD, .b = GrB_DIV_INT16, .acode = GrB_INT16_CODE, .bcode = GrB_INT16_CODE);
    s[k++] = (scen)S("add times uint64", GG_CUDA_T_ADD, .b = GrB_TIMES_UINT64, .acode = GrB_UINT64_CODE, .bcode = GrB_UINT64_CODE);
    s[k++] = (scen)S("add lor", GG_CUDA_T_ADD, .b = GrB_LOR, .acode = GrB_BOOL_CODE, .bcode = GrB_BOOL_CODE);
    s[k++] = (scen)S("add bxor uint32", GG_CUDA_T_ADD, .b = GrB_BXOR_UINT32, .acode = GrB_UINT32_CODE, .bcode = GrB_UINT32_CODE);
    s[k++] = (scen)S("add eq int8", GG_CUDA_T_ADD, .b = GrB_EQ_INT8, .acode = GrB_INT8_CODE, .bcode = GrB_INT8_CODE);
    s[k++] = (scen)S("add firsti int32", GG_CUDA_T_ADD, .b = GxB_FIRSTI_INT32, .acode = GrB_FP64_CODE, .bcode = GrB_FP64_CODE);
    s[k++] = (scen)S("add any fp64", GG_CUDA_T_ADD, .b = GxB_ANY_FP64, .acode = GrB_FP64_CODE, .bcode = GrB_FP64_CODE);
    s[k++] = (scen)S("add oneb int64", GG_CUDA_T_ADD, .b = GrB_ONEB_INT64, .acode = GrB_INT64_CODE, .bcode = GrB_INT32_CODE);
    s[k++] = (scen)S("add plus fp32 of int32, fp64", GG_CUDA_T_ADD, .b = GrB_PLUS_FP32, .acode = GrB_INT32_CODE, .bcode = GrB_FP64_CODE);
    s[k++] = (scen)S("add minus int8 of fp64, uint16", GG_CUDA_T_ADD, .b = GrB_MINUS_INT8, .acode = GrB_FP64_CODE, .bcode = GrB_UINT16_CODE);
    s[k++] = (scen)S("add lxnor", GG_CUDA_T_ADD, .b = GrB_LXNOR, .acode = GrB_BOOL_CODE, .bcode = GrB_INT32_CODE);
    /* eWiseMult */
    s[k++] = (scen)S("mult times fp64", GG_CUDA_T_MULT, .b = GrB_TIMES_FP64, .acode = GrB_FP64_CODE, .bcode = GrB_FP64_CODE);
    s[k++] = (scen)S("mult minus int64", GG_CUDA_T_MULT, .b = GrB_MINUS_INT64, .acode = GrB_INT64_CODE, .bcode = GrB_INT64_CODE);
    s[k++] = (scen)S("mult second bool", GG_CUDA_T_MULT, .b = GrB_SECOND_BOOL, .acode = GrB_BOOL_CODE, .bcode = GrB_INT32_CODE);
    s[k++] = (scen)S("mult lt uint16", GG_CUDA_T_MULT, .b = GrB_LT_UINT16, .acode = GrB_UINT16_CODE, .bcode = GrB_UINT16_CODE);
    s[k++] = (scen)S("mult band int8", GG_CUDA_T_MULT, .b = GrB_BAND_INT8, .acode = GrB_INT8_CODE, .bcode = GrB_INT8_CODE);
    s[k++] = (scen)S("mult max fp64 of fp32", GG_CUDA_T_MULT, .b = GrB_MAX_FP64, .acode = GrB_FP64_CODE, .bcode = GrB_FP32_CODE);
    s[k++] = (scen)S("mult secondj int64", GG_CUDA_T_MULT, .b = GxB_SECONDJ_INT64, .acode = GrB_UINT8_CODE, .bcode = GrB_FP32_CODE);
    s[k++] = (scen)S("mult div fp32", GG_CUDA_T_MULT, .b = GrB_DIV_FP32, .acode = GrB_FP32_CODE, .bcode = GrB_FP32_CODE);
    /* eWiseUnion */
    s[k++] = (scen)S("union plus fp64", GG_CUDA_T_UNION, .b = GrB_PLUS_FP64, .acode = GrB_FP64_CODE, .bcode = GrB_FP64_CODE, .s1code = GrB_FP64_CODE, .s1 = 1.5, .s2code = GrB_FP64_CODE, .s2 = -2);
    s[k++] = (scen)S("union div int32", GG_CUDA_T_UNION, .b = GrB_DIV_INT32, .acode = GrB_INT32_CODE, .bcode = GrB_INT32_CODE, .s1code = GrB_INT32_CODE, .s1 = 0, .s2code = GrB_INT32_CODE, .s2 = 0);
    s[k++] = (scen)S("union max int16", GG_CUDA_T_UNION, .b = GrB_MAX_INT16, .acode = GrB_INT16_CODE, .bcode = GrB_UINT8_CODE, .s1code = GrB_INT16_CODE, .s1 = -3, .s2code = GrB_FP64_CODE, .s2 = NAN);
    s[k++] = (scen)S("union lxor", GG_CUDA_T_UNION, .b = GrB_LXOR, .acode = GrB_BOOL_CODE, .bcode = GrB_BOOL_CODE, .s1code = GrB_BOOL_CODE, .s1 = 1, .s2code = GrB_BOOL_CODE, .s2 = 0);
    assert_true(k <= sizeof s / sizeof s[0]);
    *count = k;
    return s;
}

/* Accumulators to draw from (a positional one included: the CPU applies its function). */
static GrB_BinaryOp random_accum(void)
{
    GrB_BinaryOp ops[] = {GrB_PLUS_FP64,  GrB_MIN_INT32, GrB_TIMES_UINT8, GrB_SECOND_FP32,
                          GrB_LOR,        GrB_DIV_INT64, GrB_MAX_FP32,    GrB_MINUS_INT16,
                          GrB_FIRST_BOOL, GxB_ANY_UINT32, GrB_BOR_UINT64, GxB_FIRSTI1_INT32};
    return ops[rnd(sizeof ops / sizeof ops[0])];
}

static const int all_codes[] = {GrB_BOOL_CODE,   GrB_INT8_CODE,  GrB_UINT8_CODE, GrB_INT16_CODE,
                                GrB_UINT16_CODE, GrB_INT32_CODE, GrB_UINT32_CODE, GrB_INT64_CODE,
                                GrB_UINT64_CODE, GrB_FP32_CODE,  GrB_FP64_CODE};

static int random_code(void)
{
    return all_codes[rnd(11)];
}

/* One random configuration of scenario sc: forms, mask, accum, replace, region; run and compare. */
static void ewise_case(const scen *sc, int round)
{
    static const uint64_t dims[] = {1, 2, 31, 100, 1000, 4097};
    uint64_t n = dims[rnd(6)];
    dlist L = {0};
    char what[640];
    int tc = t_code(sc);
    int ccode = rnd(2) ? tc : random_code();

    /* the scalars in their own types */
    unsigned char s1[16] = {0}, s2[16] = {0};
    if (sc->s1code != 0) from_double(s1, sc->s1code, sc->s1);
    if (sc->s2code != 0) from_double(s2, sc->s2code, sc->s2);

    /* inputs */
    hvec A = {0}, B = {0};
    GG_vdata dA = {0}, dB = {0};
    int fa = -1, fb = -1;
    bool ia = false, ib = false;
    if (sc->kind != GG_CUDA_T_SCALAR) {
        double dens;
        fa = random_form(&dens);
        ia = rnd(5) == 0;
        A = hvec_new(n, sc->acode);
        hvec_fill(&A, dens, ia, WILD);
        dA = dev_vec(&L, &A, fa, ia);
    }
    if (sc->kind == GG_CUDA_T_ADD || sc->kind == GG_CUDA_T_MULT || sc->kind == GG_CUDA_T_UNION) {
        double dens;
        fb = random_form(&dens);
        ib = rnd(5) == 0;
        B = hvec_new(n, sc->bcode);
        hvec_fill(&B, dens, ib, WILD);
        dB = dev_vec(&L, &B, fb, ib);
    }

    /* C: sometimes a bare empty vdata (no arrays at all) */
    double cd;
    int fc = random_form(&cd);
    bool ic = rnd(6) == 0, bare = rnd(8) == 0;
    hvec C = hvec_new(n, ccode);
    GG_vdata dC = {.n = n, .size = (uint32_t)tsize(ccode), .form = (uint8_t)fc};
    if (!bare) {
        hvec_fill(&C, cd, ic, WILD);
        dC = dev_vec(&L, &C, fc, ic);
    }

    /* mask */
    hvec M = {0};
    GG_vdata dM = {0};
    bool has_m = rnd(10) < 7, mstruct = rnd(2), mcomp = rnd(2), replace = rnd(2);
    bool im = rnd(6) == 0;
    int fm = -1, mcode = 0;
    if (has_m) {
        double md;
        fm = random_form(&md);
        mcode = random_code();
        M = hvec_new(n, mcode);
        hvec_fill(&M, md, im, MASKY);
        dM = dev_vec(&L, &M, fm, im);
    }

    /* accum and region */
    GrB_BinaryOp accum = rnd(2) ? random_accum() : NULL;
    GG_cuda_op acc = accum == NULL ? (GG_cuda_op){0} : binop_of(accum);
    uint8_t *region = NULL, *dregion = NULL;
    if (rnd(10) < 3) {
        region = malloc(n);
        for (uint64_t i = 0; i < n; i++) region[i] = rnd(2);
        dregion = dput(&L, region, n);
    }

    snprintf(what, sizeof what,
             "%s round %d: n %llu, A %s%s, B %s%s, C %s%s (type %d), mask %s%s%s%s (type %d), "
             "accum %s, replace %d, region %d",
             sc->name, round, (unsigned long long)n, fa < 0 ? "-" : form_name(fa), ia ? " iso" : "",
             fb < 0 ? "-" : form_name(fb), ib ? " iso" : "", bare ? "bare" : form_name(fc),
             ic ? " iso" : "", ccode, has_m ? form_name(fm) : "none", im ? " iso" : "",
             mstruct ? " struct" : "", mcomp ? " comp" : "", mcode,
             accum == NULL ? "none" : accum->h.name, replace, region != NULL);

    GG_cuda_tdesc t = {.kind = sc->kind, .A = sc->kind == GG_CUDA_T_SCALAR ? NULL : &dA,
                       .acode = sc->acode, .B = fb < 0 ? NULL : &dB, .bcode = sc->bcode,
                       .op = op_of(sc), .s1code = sc->s1code, .s2code = sc->s2code, .tcode = tc};
    memcpy(t.s1, s1, sizeof s1);
    memcpy(t.s2, s2, sizeof s2);
    GG_cuda_wb wb = {.M = has_m ? &dM : NULL, .mcode = mcode, .mstruct = mstruct, .mcomp = mcomp,
                     .replace = replace, .accum = accum == NULL ? NULL : &acc, .region = dregion};
    if (sc->kind != GG_CUDA_T_VEC && sc->kind != GG_CUDA_T_SCALAR)
        assert_true(GG_cuda_vec_op_supported(&t.op));
    if (accum != NULL) assert_true(GG_cuda_vec_accum_supported(&acc));

    GG_cuda_vec Z;
    int rc = GG_cuda_vec_ewise(&Z, &dC, ccode, &t, &wb);
    if (rc != GG_CUDA_VRC_OK) {
        printf("%s: rc %d\n", what, rc);
        fail();
    }
    hvec got = host_vec(&Z, ccode);
    GG_cuda_vec_release(&Z);
    hvec want = ref_ewise(&C, sc, s1, s2, sc->kind == GG_CUDA_T_SCALAR ? NULL : &A,
                          fb < 0 ? NULL : &B, has_m ? &M : NULL, mstruct, mcomp, replace, accum,
                          region);
    assert_same(&want, &got, what);

    hvec_free(&got);
    hvec_free(&want);
    hvec_free(&A);
    hvec_free(&B);
    hvec_free(&C);
    hvec_free(&M);
    free(region);
    dfree(&L);
}

static void ewise_sweep(void **state)
{
    (void)state;
    size_t count;
    const scen *s = scenarios(&count);
    size_t before = GG_cuda_pool_in_use();
    for (size_t k = 0; k < count; k++)
        for (int r = 0; r < rounds; r++) ewise_case(&s[k], r);
    assert_true(GG_cuda_sync());
    assert_int_equal(GG_cuda_pool_in_use(), before); /* every temporary was freed */
}

/* ---- the fast paths and edges of GG_cuda_vec_ewise -------------------------------------------- */

/* A scalar assigned everywhere without accum: one iso value whatever n (2^50 here). */
static void scalar_everywhere_is_iso_full(void **state)
{
    (void)state;
    uint64_t n = (uint64_t)1 << 50;
    GG_vdata C = {.n = n, .size = 4, .form = GG_VF_SPARSE};
    GG_cuda_tdesc t = {.kind = GG_CUDA_T_SCALAR, .s1code = GrB_FP64_CODE, .tcode = GrB_FP64_CODE};
    from_double(t.s1, GrB_FP64_CODE, -2.75);
    GG_cuda_wb wb = {0};
    GG_cuda_vec Z;
    size_t before = GG_cuda_pool_in_use();
    assert_int_equal(GG_cuda_vec_ewise(&Z, &C, GrB_INT32_CODE, &t, &wb), GG_CUDA_VRC_OK);
    assert_int_equal(Z.d.form, GG_VF_FULL);
    assert_true(Z.d.iso);
    assert_true(Z.nvals_known);
    assert_int_equal(Z.d.nvals, n);
    assert_true(GG_cuda_pool_in_use() - before < 4096);
    int32_t v = 0;
    assert_true(GG_cuda_download(&v, Z.d.x, sizeof v));
    assert_int_equal(v, -2); /* FP64 to INT32 truncates */
    GG_cuda_vec_release(&Z);

    /* the same under a complemented empty mask; n beyond a bitmap with a mask that needs one is
     * declined before any work */
    GG_vdata M = {.n = n, .size = 1, .form = GG_VF_SPARSE};
    wb.M = &M;
    wb.mcode = GrB_BOOL_CODE;
    wb.mcomp = true;
    assert_int_equal(GG_cuda_vec_ewise(&Z, &C, GrB_INT32_CODE, &t, &wb), GG_CUDA_VRC_OK);
    assert_true(Z.d.iso && Z.d.form == GG_VF_FULL);
    GG_cuda_vec_release(&Z);
    wb.mcomp = false;
    assert_int_equal(GG_cuda_vec_ewise(&Z, &C, GrB_INT32_CODE, &t, &wb), GG_CUDA_VRC_UNSUPPORTED);
    assert_null(Z.d.x);
    assert_int_equal(GG_cuda_pool_in_use(), before);
}

/* T complete and every position allowed: Z is FULL with nvals known, also under an accumulator
 * when C is full. */
static void complete_result_is_full(void **state)
{
    (void)state;
    dlist L = {0};
    uint64_t n = 777;
    hvec A = hvec_new(n, GrB_FP64_CODE), C = hvec_new(n, GrB_FP32_CODE);
    hvec_fill(&A, 1.0, false, WILD);
    hvec_fill(&C, 1.0, false, WILD);
    GG_vdata dA = dev_vec(&L, &A, GG_VF_FULL, false), dC = dev_vec(&L, &C, GG_VF_FULL, false);
    GG_vdata dCs = dev_vec(&L, &C, GG_VF_SPARSE, false);
    scen sc = {"ainv", GG_CUDA_T_APPLY_UNARY, .u = GrB_AINV_FP64, .acode = GrB_FP64_CODE};
    GG_cuda_tdesc t = {.kind = sc.kind, .A = &dA, .acode = sc.acode, .op = op_of(&sc),
                       .tcode = GrB_FP64_CODE};
    GG_cuda_op acc = binop_of(GrB_PLUS_FP32);
    for (int k = 0; k < 3; k++) {
        /* 0: no accum; 1: accum, C full; 2: accum, C sparse (T complete all the same) */
        GG_cuda_wb wb = {.accum = k == 0 ? NULL : &acc};
        GG_cuda_vec Z;
        assert_int_equal(GG_cuda_vec_ewise(&Z, k == 2 ? &dCs : &dC, GrB_FP32_CODE, &t, &wb),
                         GG_CUDA_VRC_OK);
        assert_int_equal(Z.d.form, GG_VF_FULL);
        assert_true(Z.nvals_known);
        assert_null(Z.d.b);
        hvec got = host_vec(&Z, GrB_FP32_CODE);
        hvec want = ref_ewise(&C, &sc, NULL, NULL, &A, NULL, NULL, false, false, false,
                              k == 0 ? NULL : GrB_PLUS_FP32, NULL);
        assert_same(&want, &got, "complete result");
        hvec_free(&got);
        hvec_free(&want);
        GG_cuda_vec_release(&Z);
    }
    hvec_free(&A);
    hvec_free(&C);
    dfree(&L);
}

/* n == 0, unsupported types and operators, malformed calls: nothing is allocated. */
static void edges_and_declines(void **state)
{
    (void)state;
    size_t before = GG_cuda_pool_in_use();
    GG_vdata C = {.n = 0, .size = 8, .form = GG_VF_BITMAP};
    GG_cuda_tdesc t = {.kind = GG_CUDA_T_SCALAR, .s1code = GrB_FP64_CODE};
    GG_cuda_wb wb = {0};
    GG_cuda_vec Z;
    assert_int_equal(GG_cuda_vec_ewise(&Z, &C, GrB_FP64_CODE, &t, &wb), GG_CUDA_VRC_OK);
    assert_int_equal(Z.d.n, 0);
    assert_true(Z.nvals_known);
    assert_int_equal(Z.d.nvals, 0);
    GG_cuda_vec_release(&Z);

    C.n = 10;
    assert_int_equal(GG_cuda_vec_ewise(&Z, &C, 0, &t, &wb), GG_CUDA_VRC_UNSUPPORTED);
    t.s1code = 0;
    assert_int_equal(GG_cuda_vec_ewise(&Z, &C, GrB_FP64_CODE, &t, &wb), GG_CUDA_VRC_UNSUPPORTED);
    GG_cuda_op user = {0, GrB_FP64_CODE, GrB_FP64_CODE, GrB_FP64_CODE};
    assert_false(GG_cuda_vec_op_supported(&user));
    GG_cuda_op bor_fp = {GG_OP_BOR, GrB_FP64_CODE, GrB_FP64_CODE, GrB_FP64_CODE};
    assert_false(GG_cuda_vec_op_supported(&bor_fp));
    GG_cuda_op bnot_bool = {GG_OP_BNOT, GrB_BOOL_CODE, 0, GrB_BOOL_CODE};
    assert_false(GG_cuda_vec_op_supported(&bnot_bool));
    GG_cuda_op firsti_fp = {GG_OP_FIRSTI, GrB_FP64_CODE, GrB_FP64_CODE, GrB_FP64_CODE};
    assert_false(GG_cuda_vec_op_supported(&firsti_fp));
    GG_cuda_op minv = {GG_OP_MINV, GrB_INT8_CODE, 0, GrB_INT8_CODE};
    assert_false(GG_cuda_vec_accum_supported(&minv));
    GG_vdata A = {.n = 11, .size = 8, .form = GG_VF_SPARSE}; /* wrong dimension */
    t = (GG_cuda_tdesc){.kind = GG_CUDA_T_VEC, .A = &A, .acode = GrB_FP64_CODE};
    assert_int_equal(GG_cuda_vec_ewise(&Z, &C, GrB_FP64_CODE, &t, &wb), GG_CUDA_VRC_UNSUPPORTED);
    assert_true(GG_cuda_sync());
    assert_int_equal(GG_cuda_pool_in_use(), before);
}

/* Out of device memory at every allocation of a call in turn (the pool limit stepped up from
 * what is held): NOMEM, Z cleared, nothing left allocated; then it succeeds. */
static void out_of_memory_sweep(void **state)
{
    (void)state;
    dlist L = {0};
    uint64_t n = 3000;
    hvec A = hvec_new(n, GrB_FP64_CODE), B = hvec_new(n, GrB_INT32_CODE);
    hvec C = hvec_new(n, GrB_FP64_CODE), M = hvec_new(n, GrB_FP32_CODE);
    hvec_fill(&A, 0.01, false, WILD);
    hvec_fill(&B, 0.3, false, WILD);
    hvec_fill(&C, 0.02, false, WILD);
    hvec_fill(&M, 0.02, false, MASKY);
    GG_vdata dA = dev_vec(&L, &A, GG_VF_SPARSE, false), dB = dev_vec(&L, &B, GG_VF_SPARSE, false);
    GG_vdata dC = dev_vec(&L, &C, GG_VF_SPARSE, false), dM = dev_vec(&L, &M, GG_VF_SPARSE, false);
    scen sc = {"add", GG_CUDA_T_ADD, .b = GrB_PLUS_FP64, .acode = GrB_FP64_CODE,
               .bcode = GrB_INT32_CODE};
    GG_cuda_tdesc t = {.kind = sc.kind, .A = &dA, .acode = sc.acode, .B = &dB, .bcode = sc.bcode,
                       .op = op_of(&sc), .tcode = GrB_FP64_CODE};
    GG_cuda_op acc = binop_of(GrB_MIN_FP64);
    GG_cuda_wb wb = {.M = &dM, .mcode = GrB_FP32_CODE, .accum = &acc};
    assert_true(GG_cuda_sync());
    size_t base = GG_cuda_pool_in_use();
    int failures = 0;
    for (size_t extra = 0;; extra += 1024) {
        GG_cuda_pool_set_limit(base + extra + 1);
        GG_cuda_vec Z;
        int rc = GG_cuda_vec_ewise(&Z, &dC, GrB_FP64_CODE, &t, &wb);
        GG_cuda_pool_set_limit(0);
        if (rc == GG_CUDA_VRC_OK) {
            hvec got = host_vec(&Z, GrB_FP64_CODE);
            hvec want = ref_ewise(&C, &sc, NULL, NULL, &A, &B, &M, false, false, false,
                                  GrB_MIN_FP64, NULL);
            assert_same(&want, &got, "after the out-of-memory sweep");
            hvec_free(&got);
            hvec_free(&want);
            GG_cuda_vec_release(&Z);
            break;
        }
        assert_int_equal(rc, GG_CUDA_VRC_NOMEM);
        assert_null(Z.d.x);
        assert_null(Z.d.b);
        assert_null(Z.count);
        assert_true(GG_cuda_sync());
        assert_int_equal(GG_cuda_pool_in_use(), base);
        failures++;
    }
    printf("ewise out-of-memory sweep: %d failing limits, then success\n", failures);
    assert_true(failures >= 3);

    /* the other calls under a limit of what is held */
    GG_cuda_pool_set_limit(base + 1);
    GG_cuda_vec T;
    double r;
    bool empty;
    GG_cuda_op plus = binop_of(GrB_PLUS_FP64);
    uint8_t *region;
    double one = 1;
    assert_int_equal(GG_cuda_vec_reduce(&dB, GrB_INT32_CODE, &plus, &r, &empty), GG_CUDA_VRC_NOMEM);
    assert_int_equal(GG_cuda_vec_gather(&T, &dB, NULL, n), GG_CUDA_VRC_NOMEM);
    assert_int_equal(GG_cuda_vec_to_bitmap(&T, &dA), GG_CUDA_VRC_NOMEM);
    assert_int_equal(GG_cuda_vec_scatter(&T, &region, n, NULL, 0, &one, GrB_FP64_CODE, dA.i, dA.nvals),
                     GG_CUDA_VRC_NOMEM);
    GG_cuda_pool_set_limit(0);
    assert_true(GG_cuda_sync());
    assert_int_equal(GG_cuda_pool_in_use(), base);

    hvec_free(&A);
    hvec_free(&B);
    hvec_free(&C);
    hvec_free(&M);
    dfree(&L);
}

/* ---- reduce ---------------------------------------------------------------------------------- */

static void reduce_sweep(void **state)
{
    (void)state;
    struct {
        GrB_Monoid m;
        int acode, kind;
    } cases[] = {
        {GrB_PLUS_MONOID_FP64, GrB_FP64_CODE, TAME},  {GrB_PLUS_MONOID_INT32, GrB_INT8_CODE, WILD},
        {GrB_TIMES_MONOID_INT64, GrB_INT64_CODE, WILD}, {GrB_MIN_MONOID_FP32, GrB_FP32_CODE, TAME},
        {GrB_MAX_MONOID_FP64, GrB_FP64_CODE, TAME},  {GrB_MAX_MONOID_INT16, GrB_INT16_CODE, WILD},
        {GrB_LOR_MONOID_BOOL, GrB_BOOL_CODE, WILD},  {GrB_LAND_MONOID_BOOL, GrB_BOOL_CODE, WILD},
        {GrB_LXOR_MONOID_BOOL, GrB_BOOL_CODE, WILD}, {GrB_LXNOR_MONOID_BOOL, GrB_BOOL_CODE, WILD},
        {GrB_MAX_MONOID_UINT8, GrB_FP64_CODE, WILD}, {GrB_PLUS_MONOID_FP32, GrB_INT16_CODE, TAME},
        {GxB_ANY_FP64_MONOID, GrB_FP64_CODE, WILD},
    };
    static const uint64_t dims[] = {1, 5, 1000, 70000};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        GrB_BinaryOp op = cases[c].m->op;
        int zc = op->ztype->code;
        GG_cuda_op cop = binop_of(op);
        for (int r = 0; r < rounds; r++) {
            dlist L = {0};
            uint64_t n = dims[rnd(4)];
            double dens;
            int form = random_form(&dens);
            bool iso = rnd(5) == 0;
            hvec A = hvec_new(n, cases[c].acode);
            hvec_fill(&A, dens, iso, cases[c].kind);
            /* MIN/MAX of floating point: a NaN now and then (ignored unless alone) */
            if (cases[c].kind == TAME && (op->opcode == GG_OP_MIN || op->opcode == GG_OP_MAX) &&
                !iso)
                for (uint64_t i = 0; i < n; i += 7) from_double(hval(&A, i), A.code, NAN);
            GG_vdata dA = dev_vec(&L, &A, form, iso);
            unsigned char got[16], want[16], y[16];
            bool empty, any = false;
            assert_int_equal(GG_cuda_vec_reduce(&dA, A.code, &cop, got, &empty), GG_CUDA_VRC_OK);
            bool member = false;
            for (uint64_t i = 0; i < n; i++) {
                if (!A.b[i]) continue;
                cast_to(y, zc, hval(&A, i), A.code);
                if (op->opcode == GG_OP_ANY && !empty && same_value(zc, y, got)) member = true;
                if (!any)
                    memcpy(want, y, op->ztype->size);
                else
                    op->f(want, want, y);
                any = true;
            }
            if (empty != !any) {
                printf("reduce %s case %zu: empty %d, want %d\n", op->h.name, c, empty, !any);
                fail();
            }
            if (any && op->opcode == GG_OP_ANY) {
                assert_true(member);
            } else if (any && !same_value(zc, want, got)) {
                printf("reduce %s of %s (n %llu, %s%s):\n", op->h.name, GG_type_of_code(A.code)->h.name,
                       (unsigned long long)n, form_name(form), iso ? " iso" : "");
                show_value("want", zc, want);
                show_value("got", zc, got);
                fail();
            }
            hvec_free(&A);
            dfree(&L);
        }
    }
}

/* MIN/MAX of a lone NaN is NaN: the first term initialises, no identity is folded in. */
static void reduce_lone_nan(void **state)
{
    (void)state;
    dlist L = {0};
    hvec A = hvec_new(100, GrB_FP64_CODE);
    A.b[42] = true;
    from_double(hval(&A, 42), GrB_FP64_CODE, NAN);
    GG_cuda_op mins[] = {binop_of(GrB_MIN_FP64), binop_of(GrB_MAX_FP64)};
    for (int form = 0; form < 2; form++) {
        GG_vdata dA = dev_vec(&L, &A, form, false);
        for (int k = 0; k < 2; k++) {
            double r = 0;
            bool empty = true;
            assert_int_equal(GG_cuda_vec_reduce(&dA, GrB_FP64_CODE, &mins[k], &r, &empty),
                             GG_CUDA_VRC_OK);
            assert_false(empty);
            assert_true(isnan(r));
        }
    }
    hvec_free(&A);
    dfree(&L);
}

/* ---- gather, scatter, to_bitmap, conform ----------------------------------------------------- */

static void gather_sweep(void **state)
{
    (void)state;
    for (int r = 0; r < 8 * rounds; r++) {
        dlist L = {0};
        uint64_t n = 1 + rnd(3000), ni = rnd(2) ? rnd(n + 1) : rnd(2 * n);
        int code = random_code();
        double dens;
        int form = random_form(&dens);
        bool iso = rnd(5) == 0, identity = rnd(4) == 0;
        if (identity && ni > n) ni = n;
        hvec A = hvec_new(n, code);
        hvec_fill(&A, dens, iso, WILD);
        GG_vdata dA = dev_vec(&L, &A, form, iso);
        uint64_t *I = malloc((ni + 1) * sizeof(uint64_t));
        for (uint64_t k = 0; k < ni; k++) I[k] = identity ? k : rnd(n); /* repeats allowed */
        uint64_t *dI = identity ? NULL : dput(&L, I, ni * sizeof(uint64_t));
        GG_cuda_vec T;
        assert_int_equal(GG_cuda_vec_gather(&T, &dA, dI, ni), GG_CUDA_VRC_OK);
        if (hvec_nvals(&A) > 0 && ni > 0)
            assert_int_equal(T.d.form, form == GG_VF_FULL ? GG_VF_FULL : GG_VF_BITMAP);
        hvec got = host_vec(&T, code), want = hvec_new(ni, code);
        for (uint64_t k = 0; k < ni; k++) {
            want.b[k] = A.b[I[k]];
            memcpy(hval(&want, k), hval(&A, I[k]), A.size);
        }
        assert_same(&want, &got, "gather");
        GG_cuda_vec_release(&T);
        hvec_free(&got);
        hvec_free(&want);
        hvec_free(&A);
        free(I);
        dfree(&L);
    }
}

static void scatter_sweep(void **state)
{
    (void)state;
    for (int r = 0; r < 8 * rounds; r++) {
        dlist L = {0};
        uint64_t n = 1 + rnd(3000), ni = rnd(n + 1);
        int code = random_code();
        /* ni distinct indices: a prefix of a random permutation */
        uint64_t *perm = malloc(n * sizeof(uint64_t));
        for (uint64_t k = 0; k < n; k++) perm[k] = k;
        for (uint64_t k = n - 1; k > 0; k--) {
            uint64_t j = rnd(k + 1), s = perm[k];
            perm[k] = perm[j];
            perm[j] = s;
        }
        uint64_t *dI = dput(&L, perm, ni * sizeof(uint64_t));
        bool scalar = rnd(3) == 0;
        hvec U = hvec_new(ni, code);
        GG_vdata dU = {0};
        unsigned char s[16];
        random_value(s, code, WILD);
        int form = -1;
        bool iso = false;
        if (!scalar) {
            double dens;
            form = random_form(&dens);
            iso = rnd(5) == 0;
            hvec_fill(&U, dens, iso, WILD);
            dU = dev_vec(&L, &U, form, iso);
        }
        GG_cuda_vec T;
        uint8_t *region;
        assert_int_equal(GG_cuda_vec_scatter(&T, &region, n, scalar ? NULL : &dU, code, s, code, dI, ni),
                         GG_CUDA_VRC_OK);
        assert_int_equal(T.d.form, GG_VF_BITMAP);
        assert_true(T.nvals_known);
        hvec got = host_vec(&T, code), want = hvec_new(n, code);
        uint8_t *reg = malloc(n), *in = calloc(n, 1);
        assert_true(GG_cuda_download(reg, region, n));
        for (uint64_t k = 0; k < ni; k++) {
            bool has = scalar || U.b[k];
            in[perm[k]] = 1;
            want.b[perm[k]] = has;
            if (has) memcpy(hval(&want, perm[k]), scalar ? s : hval(&U, k), want.size);
        }
        for (uint64_t i = 0; i < n; i++) assert_int_equal(reg[i] != 0, in[i]);
        free(in);
        assert_same(&want, &got, "scatter");
        GG_cuda_free(region);
        GG_cuda_vec_release(&T);

        /* a repeated index is declined, nothing left allocated */
        if (ni >= 2) {
            assert_true(GG_cuda_sync());
            size_t before = GG_cuda_pool_in_use();
            uint64_t *I2 = malloc(ni * sizeof(uint64_t));
            memcpy(I2, perm, ni * sizeof(uint64_t));
            I2[ni - 1] = I2[rnd(ni - 1)];
            uint64_t *dI2 = dput(NULL, I2, ni * sizeof(uint64_t));
            assert_int_equal(GG_cuda_vec_scatter(&T, &region, n, scalar ? NULL : &dU, code, s, code,
                                                 dI2, ni),
                             GG_CUDA_VRC_UNSUPPORTED);
            assert_null(region);
            assert_null(T.d.x);
            GG_cuda_free(dI2);
            assert_true(GG_cuda_sync());
            assert_int_equal(GG_cuda_pool_in_use(), before);
            free(I2);
        }
        hvec_free(&got);
        hvec_free(&want);
        hvec_free(&U);
        free(reg);
        free(perm);
        dfree(&L);
    }
}

static void to_bitmap_sweep(void **state)
{
    (void)state;
    for (int r = 0; r < 4 * rounds; r++) {
        dlist L = {0};
        uint64_t n = 1 + rnd(2000);
        int code = random_code();
        double dens;
        int form = random_form(&dens);
        bool iso = rnd(3) == 0;
        hvec A = hvec_new(n, code);
        hvec_fill(&A, dens, iso, WILD);
        GG_vdata dA = dev_vec(&L, &A, form, iso);
        GG_cuda_vec T;
        assert_int_equal(GG_cuda_vec_to_bitmap(&T, &dA), GG_CUDA_VRC_OK);
        assert_int_equal(T.d.form, form == GG_VF_FULL ? GG_VF_FULL : GG_VF_BITMAP);
        assert_false(T.d.iso);
        hvec got = host_vec(&T, code);
        assert_same(&A, &got, "to_bitmap");
        GG_cuda_vec_release(&T);
        hvec_free(&got);
        hvec_free(&A);
        dfree(&L);
    }
}

static void conform_sweep(void **state)
{
    (void)state;
    static const double densities[] = {0.0, 0.005, 0.02, 0.5, 0.99, 1.0};
    for (int r = 0; r < 4 * rounds; r++) {
        uint64_t n = 1 + rnd(5000);
        int code = random_code();
        int form = (int)rnd(2); /* SPARSE or BITMAP; FULL is always conformed */
        bool iso = rnd(3) == 0;
        hvec A = hvec_new(n, code);
        hvec_fill(&A, densities[rnd(6)], iso, WILD);
        GG_cuda_vec v = {.d = dev_vec(NULL, &A, form, iso), .nvals_known = true};
        uint64_t nvals = hvec_nvals(&A);
        v.d.nvals = nvals;
        assert_int_equal(GG_cuda_vec_conform(&v), GG_CUDA_VRC_OK);
        assert_int_equal(v.d.form, GG_vform_choose(n, nvals, iso));
        assert_int_equal(v.d.iso, iso);
        assert_int_equal(v.d.nvals, nvals);
        hvec got = host_vec(&v, code);
        assert_same(&A, &got, "conform");
        GG_cuda_vec_release(&v);
        hvec_free(&got);
        hvec_free(&A);
    }
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    if (getenv("GG_TEST_SANITIZER") != NULL) rounds = 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ewise_sweep),
        cmocka_unit_test(scalar_everywhere_is_iso_full),
        cmocka_unit_test(complete_result_is_full),
        cmocka_unit_test(edges_and_declines),
        cmocka_unit_test(out_of_memory_sweep),
        cmocka_unit_test(reduce_sweep),
        cmocka_unit_test(reduce_lone_nan),
        cmocka_unit_test(gather_sweep),
        cmocka_unit_test(scatter_sweep),
        cmocka_unit_test(to_bitmap_sweep),
        cmocka_unit_test(conform_sweep),
    };
    int failed = cmocka_run_group_tests_name("cuda_vec", tests, NULL, NULL);
    GrB_finalize();
    return failed == 0 ? 0 : 1;
}
