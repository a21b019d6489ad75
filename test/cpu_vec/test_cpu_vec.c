/* test_cpu_vec.c: the CPU backend's kernels on vector content in its forms (src/cpu/GG_cpu_vec.h),
 * called directly on GG_vdata built by hand in every form (sparse, bitmap, full, each iso or not),
 * with masks in every form, value and structural, complemented or not, and checked against a
 * dense reference (vref.h). Random cases print their seed when they fail; the out-of-memory
 * sweeps check that a failed call leaves its output unchanged and leaks nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "GG_test.h"
#include "vref.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define OK(call) assert_int_equal((call), GrB_SUCCESS)

static const uint64_t dims[] = {0, 1, 5, 40, 100, 256};

static uint64_t random_dim(void)
{
    return dims[vref_below(sizeof dims / sizeof dims[0])];
}

/* ---- masks and regions ------------------------------------------------------------------------- */

typedef struct {
    bool present, comp, structural;
    GrB_Type type;
    vref r;
    GG_vdata v, empty;
    GG_cpu_vmask mk;
} tmask;

static void mask_random(tmask *m, uint64_t n)
{
    static GrB_Type types[3];
    types[0] = GrB_BOOL, types[1] = GrB_INT32, types[2] = GrB_FP64;
    memset(m, 0, sizeof *m);
    m->present = vref_below(4) != 0;
    m->comp = vref_below(2) == 0;
    m->structural = vref_below(2) == 0;
    m->type = types[vref_below(3)];
    bool iso = vref_below(5) == 0;
    vref_random(&m->r, n, iso, false);
    for (uint64_t i = 0; i < n; i++) m->r.val[i] = vref_cast(m->type, m->r.val[i]);
    if (m->present) vref_to(&m->v, &m->r, m->type, vref_form(), iso);
    m->mk = GG_cpu_vmask_make(m->present ? &m->v : NULL, m->comp, m->structural, false, &m->empty);
}

static bool mask_allows(const tmask *m, uint64_t i)
{
    if (!m->present) return !m->comp;
    bool set = m->r.has[i] && (m->structural || m->r.val[i] != 0);
    return set != m->comp;
}

static void mask_free(tmask *m)
{
    if (m->present) GG_vdata_free(&m->v);
}

typedef struct {
    bool present;
    GrB_Index I[2 * VREF_MAX];
    GrB_Index ni;
    bool in[VREF_MAX];
    GG_cpu_ilist L;
} tregion;

static void region_random(tregion *g, uint64_t n, bool allow)
{
    memset(g, 0, sizeof *g);
    g->present = allow && n > 0 && vref_below(2) == 0;
    if (!g->present) return;
    int kind = (int)vref_below(3);
    g->ni = kind == 0 ? vref_below(4) : kind == 1 ? vref_below(n) : n + vref_below(n);
    for (GrB_Index k = 0; k < g->ni; k++) {
        /* sorted and unique, or random with repeats */
        g->I[k] = kind == 1 ? k * n / (g->ni ? g->ni : 1) : vref_below(n);
        g->in[g->I[k]] = true;
    }
    if (kind == 1)
        for (GrB_Index k = 1; k < g->ni; k++) assert_true(g->I[k - 1] < g->I[k]);
    OK(GG_cpu_ilist_init(&g->L, g->I, g->ni, n));
}

static void region_free(tregion *g)
{
    if (g->present) GG_cpu_ilist_free(&g->L);
}

/* ---- the write-back ------------------------------------------------------------------------------- */

/* z = accum(x, y) through the operator, x and y already of C's and T's types. */
static double ref_accum(GrB_BinaryOp op, GrB_Type ctype, double x, GrB_Type ttype, double y)
{
    unsigned char a[16], b[16], z[16];
    vref_put(op->xtype, a, vref_cast(ctype, x));
    vref_put(op->ytype, b, vref_cast(ttype, y));
    op->f(z, a, b);
    return vref_cast(ctype, vref_get(op->ztype, z));
}

static void ref_writeback(vref *z, const vref *c, GrB_Type ctype, const tmask *m, bool replace,
                          GrB_BinaryOp accum, const vref *t, GrB_Type ttype, const tregion *g)
{
    z->n = c->n;
    for (uint64_t i = 0; i < c->n; i++) {
        bool allowed = mask_allows(m, i), inside = !g->present || g->in[i];
        bool has = false;
        double v = 0;
        if (!allowed) {
            has = c->has[i] && !replace;
            v = c->val[i];
        } else if (!inside) {
            has = c->has[i];
            v = c->val[i];
        } else if (accum == NULL) {
            has = t->has[i];
            v = vref_cast(ctype, t->val[i]);
        } else if (c->has[i] && t->has[i]) {
            has = true;
            v = ref_accum(accum, ctype, c->val[i], ttype, t->val[i]);
        } else {
            has = c->has[i] || t->has[i];
            v = c->has[i] ? c->val[i] : vref_cast(ctype, t->val[i]);
        }
        z->has[i] = has;
        z->val[i] = has ? v : 0;
    }
}

typedef struct {
    uint64_t n;
    GrB_Type ctype, ttype;
    vref c, t;
    GG_vdata C, T;
    tmask m;
    tregion g;
    bool replace;
    GrB_BinaryOp accum;
    GG_cpu_vwb w;
} wb_case;

static void wb_case_make(wb_case *k, uint64_t seed)
{
    vref_seed(seed);
    memset(k, 0, sizeof *k);
    GrB_Type types[] = {GrB_INT64, GrB_FP64, GrB_INT32, GrB_BOOL};
    GrB_BinaryOp accums[] = {NULL, GrB_PLUS_INT64, GrB_MINUS_FP64, GrB_SECOND_INT32, GrB_MIN_FP64};
    k->n = random_dim();
    k->ctype = types[vref_below(4)];
    k->ttype = types[vref_below(4)];
    bool ciso = vref_below(4) == 0, tiso = vref_below(4) == 0;
    vref_random(&k->c, k->n, ciso, false);
    vref_random(&k->t, k->n, tiso, true);
    for (uint64_t i = 0; i < k->n; i++) {
        k->c.val[i] = vref_cast(k->ctype, k->c.val[i]);
        k->t.val[i] = vref_cast(k->ttype, k->t.val[i]);
    }
    vref_to(&k->C, &k->c, k->ctype, vref_form(), ciso);
    vref_to(&k->T, &k->t, k->ttype, vref_form(), tiso);
    mask_random(&k->m, k->n);
    region_random(&k->g, k->n, true);
    k->replace = vref_below(2) == 0;
    k->accum = accums[vref_below(5)];
    k->w = (GG_cpu_vwb){.ctype = k->ctype, .mk = k->m.mk, .replace = k->replace, .accum = k->accum,
                        .region = k->g.present ? &k->g.L : NULL};
}

static void wb_case_free(wb_case *k)
{
    GG_vdata_free(&k->C);
    GG_vdata_free(&k->T);
    mask_free(&k->m);
    region_free(&k->g);
}

static void wb_case_check(const wb_case *k, const GG_vdata *Z, uint64_t seed, const char *how)
{
    vref want, got;
    ref_writeback(&want, &k->c, k->ctype, &k->m, k->replace, k->accum, &k->t, k->ttype, &k->g);
    vref_from(&got, Z, k->ctype);
    if (!vref_equal(&want, &got)) {
        printf("seed %llu (%s): C %s%s, T %s%s, mask %s%s%s%s, replace %d, accum %s, region %d\n",
               (unsigned long long)seed, how, vref_form_name(k->C.form), k->C.iso ? " iso" : "",
               vref_form_name(k->T.form), k->T.iso ? " iso" : "",
               k->m.present ? vref_form_name(k->m.v.form) : "none", k->m.comp ? " comp" : "",
               k->m.structural ? " struct" : "", k->m.present && k->m.v.iso ? " iso" : "",
               k->replace, k->accum ? k->accum->h.name : "none", k->g.present);
        vref_print("C", &k->c);
        vref_print("T", &k->t);
        vref_print("M", &k->m.r);
        vref_print("want", &want);
        vref_print("got", &got);
        fail();
    }
}

static void test_writeback_random(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6000; seed++) {
        wb_case k;
        wb_case_make(&k, seed);
        vref before;
        /* a new result, C unchanged */
        GG_vdata Z;
        OK(GG_cpu_vwb_new(&Z, &k.C, &k.w, &k.T, k.ttype));
        wb_case_check(&k, &Z, seed, "new");
        vref_from(&before, &k.C, k.ctype);
        assert_true(vref_equal(&before, &k.c));
        GG_vdata_free(&Z);
        /* in place */
        if (k.C.form != GG_VF_SPARSE) {
            OK(GG_cpu_vwb_update(&k.C, &k.w, &k.T, k.ttype));
            wb_case_check(&k, &k.C, seed, "update");
        }
        /* T cut down to what the mask and region allow writes the same result */
        {
            GG_vdata R;
            OK(GG_cpu_vrestrict(&R, &k.T, &k.m.mk, k.w.region));
            vref r;
            vref_from(&r, &R, k.ttype);
            for (uint64_t i = 0; i < k.n; i++)
                assert_true(r.has[i] == (k.t.has[i] && mask_allows(&k.m, i) &&
                                         (!k.g.present || k.g.in[i])));
            GG_vdata_free(&R);
        }
        /* the same, in place on a dense T */
        if (k.T.form != GG_VF_SPARSE) {
            GG_vdata F;
            vref_to(&F, &k.t, k.ttype, (GG_vform_kind)k.T.form, k.T.iso);
            OK(GG_cpu_vfilter(&F, &k.m.mk));
            vref r;
            vref_from(&r, &F, k.ttype);
            for (uint64_t i = 0; i < k.n; i++)
                assert_true(r.has[i] == (k.t.has[i] && mask_allows(&k.m, i)));
            GG_vdata_free(&F);
        }
        /* whether the mask allows nothing */
        bool none = true;
        for (uint64_t i = 0; i < k.n && none; i++) none = !mask_allows(&k.m, i);
        if (GG_cpu_vmask_none(&k.m.mk)) assert_true(none);
        wb_case_free(&k);
    }
}

/* Every allocation of the write-back failing in turn: GrB_OUT_OF_MEMORY with C unchanged. */
static void test_writeback_oom(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        wb_case k;
        wb_case_make(&k, seed);
        for (int update = 0; update < 2; update++) {
            if (update && k.C.form == GG_VF_SPARSE) continue;
            for (int64_t fail_at = 1;; fail_at++) {
                int64_t live = GG_mem_live_blocks();
                GG_vdata Z;
                GG_mem_fail_after(fail_at);
                GrB_Info info = update ? GG_cpu_vwb_update(&k.C, &k.w, &k.T, k.ttype)
                                       : GG_cpu_vwb_new(&Z, &k.C, &k.w, &k.T, k.ttype);
                GG_mem_fail_after(0);
                vref now;
                if (info == GrB_OUT_OF_MEMORY) {
                    vref_from(&now, &k.C, k.ctype);
                    assert_true(vref_equal(&now, &k.c));
                    assert_int_equal(GG_mem_live_blocks(), live);
                    continue;
                }
                OK(info);
                wb_case_check(&k, update ? &k.C : &Z, seed, update ? "update oom" : "new oom");
                if (!update) GG_vdata_free(&Z);
                break;
            }
        }
        wb_case_free(&k);
    }
}

/* ---- the operations' results ------------------------------------------------------------------ */

static GrB_Type random_type(void)
{
    GrB_Type types[] = {GrB_INT64, GrB_FP64, GrB_INT32, GrB_BOOL};
    return types[vref_below(4)];
}

/* A random input vector of type t in a random form (iso one time in four). */
static void random_input(GG_vdata *v, vref *r, GrB_Type t, uint64_t n)
{
    bool iso = vref_below(4) == 0;
    vref_random(r, n, iso, true);
    for (uint64_t i = 0; i < n; i++) r->val[i] = vref_cast(t, r->val[i]);
    vref_to(v, r, t, vref_form(), iso);
}

/* op(a, b) through the library's operator, a and b already of atype and btype. */
static double ref_binop(GrB_BinaryOp op, GrB_Type atype, double a, GrB_Type btype, double b,
                        uint64_t i)
{
    unsigned char x[16], y[16], z[16];
    vref_put(op->xtype, x, vref_cast(atype, a));
    vref_put(op->ytype, y, vref_cast(btype, b));
    if (GG_opcode_positional(op->opcode))
        GG_positional_store(z, op->ztype, GG_positional_value(op->opcode, i, 0, i, 0));
    else
        op->f(z, x, y);
    return vref_get(op->ztype, z);
}

static void expect_equal(const vref *want, const GG_vdata *T, GrB_Type t, uint64_t seed,
                         const char *what)
{
    vref got;
    vref_from(&got, T, t);
    if (!vref_equal(want, &got)) {
        printf("%s, seed %llu, T %s%s\n", what, (unsigned long long)seed, vref_form_name(T->form),
               T->iso ? " iso" : "");
        vref_print("want", want);
        vref_print("got", &got);
        fail();
    }
}

/* Runs fn until it succeeds with the k-th allocation failing for k = 1, 2, ...: each failure
 * must leak nothing. */
typedef GrB_Info (*kernel_fn)(GG_vdata *T, void *arg);
static void oom_sweep(kernel_fn fn, void *arg, GG_vdata *T)
{
    for (int64_t k = 1;; k++) {
        int64_t live = GG_mem_live_blocks();
        GG_mem_fail_after(k);
        GrB_Info info = fn(T, arg);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) return;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        assert_int_equal(GG_mem_live_blocks(), live);
    }
}

/* Runs fn(T, arg) and checks T against want (values of type t); one seed in ten also under the
 * out-of-memory sweep. */
static void check_kernel(kernel_fn fn, void *arg, const vref *want, GrB_Type t, uint64_t seed,
                         const char *what)
{
    GG_vdata T;
    OK(fn(&T, arg));
    expect_equal(want, &T, t, seed, what);
    GG_vdata_free(&T);
    if (seed % 10 != 0) return;
    oom_sweep(fn, arg, &T);
    expect_equal(want, &T, t, seed, what);
    GG_vdata_free(&T);
}

/* ---- apply ---- */

typedef struct {
    const GG_vdata *A;
    GrB_Type atype;
    GG_apply_op op;
} apply_arg;

static GrB_Info run_apply(GG_vdata *T, void *p)
{
    apply_arg *a = p;
    return GG_cpu_vapply(T, a->A, a->atype, &a->op);
}

static void test_apply(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        vref_seed(seed);
        uint64_t n = random_dim();
        GrB_Type atype = random_type();
        vref a, want = {.n = n};
        GG_vdata A;
        random_input(&A, &a, atype, n);
        double bound = (double)vref_below(5) - 2;
        apply_arg arg = {.A = &A, .atype = atype, .op = {.scalar = &bound, .stype = GrB_FP64}};
        GrB_Type ztype;
        int kind = (int)vref_below(7);
        GrB_UnaryOp unops[] = {GrB_AINV_INT64, GrB_ABS_FP64, GrB_IDENTITY_FP64, GrB_IDENTITY_INT32,
                               GrB_MINV_FP64};
        GrB_BinaryOp binops[] = {GrB_MINUS_FP64, GrB_TIMES_INT64, GxB_FIRSTI_INT64, GrB_DIV_FP64};
        if (kind < 2) {
            arg.op.kind = GG_APPLY_UNARY;
            arg.op.unop = unops[vref_below(5)];
            ztype = arg.op.unop->ztype;
        } else if (kind < 6) {
            arg.op.kind = kind < 4 ? GG_APPLY_BIND1ST : GG_APPLY_BIND2ND;
            arg.op.binop = binops[vref_below(4)];
            ztype = arg.op.binop->ztype;
        } else {
            arg.op.kind = GG_APPLY_INDEXOP;
            arg.op.idxop = vref_below(2) ? GrB_ROWINDEX_INT64 : GrB_VALUEGT_FP64;
            ztype = arg.op.idxop->ztype;
        }
        for (uint64_t i = 0; i < n; i++) {
            want.has[i] = a.has[i];
            if (!a.has[i]) continue;
            unsigned char x[16], y[16], z[16];
            switch (arg.op.kind) {
            case GG_APPLY_UNARY:
                vref_put(arg.op.unop->xtype, x, a.val[i]);
                arg.op.unop->f(z, x);
                want.val[i] = vref_get(ztype, z);
                break;
            case GG_APPLY_BIND1ST:
                want.val[i] = ref_binop(arg.op.binop, GrB_FP64, bound, atype, a.val[i], i);
                break;
            case GG_APPLY_BIND2ND:
                want.val[i] = ref_binop(arg.op.binop, atype, a.val[i], GrB_FP64, bound, i);
                break;
            default:
                if (arg.op.idxop->xtype != NULL) vref_put(arg.op.idxop->xtype, x, a.val[i]);
                vref_put(arg.op.idxop->ytype, y, bound);
                arg.op.idxop->f(z, x, i, 0, y);
                want.val[i] = vref_get(ztype, z);
                break;
            }
        }
        check_kernel(run_apply, &arg, &want, ztype, seed, "apply");
        GG_vdata_free(&A);
    }
}

/* ---- select ---- */

typedef struct {
    const GG_vdata *A;
    GrB_Type atype;
    GrB_IndexUnaryOp op;
    int64_t thunk;
} select_arg;

static GrB_Info run_select(GG_vdata *T, void *p)
{
    select_arg *a = p;
    return GG_cpu_vselect(T, a->A, a->atype, a->op, &a->thunk, GrB_INT64);
}

static void test_select(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        vref_seed(seed);
        uint64_t n = random_dim();
        GrB_Type atype = random_type();
        vref a, want = {.n = n};
        GG_vdata A;
        random_input(&A, &a, atype, n);
        GrB_IndexUnaryOp ops[] = {GrB_ROWLE, GrB_VALUEGT_FP64, GrB_VALUEEQ_INT64, GrB_ROWINDEX_INT64};
        select_arg arg = {.A = &A, .atype = atype, .op = ops[vref_below(4)],
                          .thunk = (int64_t)vref_below(n + 2) - 1};
        if (arg.op != GrB_ROWLE && arg.op != GrB_ROWINDEX_INT64) arg.thunk = (int64_t)vref_below(5) - 2;
        for (uint64_t i = 0; i < n; i++) {
            bool keep = false;
            if (a.has[i]) {
                unsigned char x[16], y[16], z[16];
                if (arg.op->xtype != NULL) vref_put(arg.op->xtype, x, a.val[i]);
                vref_put(arg.op->ytype, y, (double)arg.thunk);
                arg.op->f(z, x, i, 0, y);
                keep = vref_get(arg.op->ztype, z) != 0;
            }
            want.has[i] = keep;
            want.val[i] = keep ? a.val[i] : 0;
        }
        check_kernel(run_select, &arg, &want, atype, seed, "select");
        GG_vdata_free(&A);
    }
}

/* ---- eWiseAdd, eWiseMult ---- */

typedef struct {
    const GG_vdata *A, *B;
    GrB_Type atype, btype;
    GrB_BinaryOp op;
    bool add;
} ewise_arg;

static GrB_Info run_ewise(GG_vdata *T, void *p)
{
    ewise_arg *a = p;
    return GG_cpu_vewise(T, a->op, a->A, a->atype, a->B, a->btype, a->add);
}

static void test_ewise(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4000; seed++) {
        vref_seed(seed);
        uint64_t n = random_dim();
        /* the comparisons have typed instances too (a BOOL result, an entry of one input cast) */
        GrB_BinaryOp ops[] = {GrB_PLUS_FP64, GrB_TIMES_FP64, GrB_MIN_INT64,   GrB_MINUS_FP64,
                              GrB_NE_INT64,  GxB_FIRSTI_INT64, GrB_SECOND_INT32, GrB_LOR,
                              GrB_GT_FP64,   GrB_LE_FP64,    GrB_EQ_INT64,    GrB_LT_INT64};
        ewise_arg arg = {.op = ops[vref_below(12)], .add = vref_below(2) == 0};
        /* half the time exactly op's types, so the typed instances run */
        bool own = vref_below(2) == 0;
        arg.atype = own ? arg.op->xtype : random_type();
        arg.btype = own ? arg.op->ytype : random_type();
        vref a, b, want = {.n = n};
        GG_vdata A, B;
        random_input(&A, &a, arg.atype, n);
        random_input(&B, &b, arg.btype, n);
        arg.A = &A, arg.B = &B;
        GrB_Type z = arg.op->ztype;
        for (uint64_t i = 0; i < n; i++) {
            bool both = a.has[i] && b.has[i];
            want.has[i] = arg.add ? a.has[i] || b.has[i] : both;
            want.val[i] = both ? ref_binop(arg.op, arg.atype, a.val[i], arg.btype, b.val[i], i)
                          : !want.has[i] ? 0
                          : a.has[i] ? vref_cast(z, a.val[i])
                                     : vref_cast(z, b.val[i]);
        }
        check_kernel(run_ewise, &arg, &want, z, seed, "ewise");
        GG_vdata_free(&A);
        GG_vdata_free(&B);
    }
}

/* ---- reduce to a scalar ---- */

static void test_reduce(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        vref_seed(seed);
        uint64_t n = random_dim();
        GrB_BinaryOp ops[] = {GrB_PLUS_FP64, GrB_MIN_INT64, GrB_TIMES_INT32, GrB_LOR,
                              GrB_PLUS_INT64};
        GrB_BinaryOp op = ops[vref_below(5)];
        GrB_Type atype = vref_below(2) ? op->xtype : random_type();
        vref a;
        GG_vdata A;
        random_input(&A, &a, atype, n);
        bool want_has = false;
        double want = 0;
        for (uint64_t i = 0; i < n; i++) {
            if (!a.has[i]) continue;
            double v = vref_cast(op->ztype, a.val[i]);
            want = want_has ? ref_binop(op, op->ztype, want, atype, a.val[i], i) : v;
            want_has = true;
        }
        unsigned char t[16];
        bool has;
        OK(GG_cpu_vreduce(t, &has, &A, atype, op));
        assert_int_equal(has, want_has);
        if (has && vref_get(op->ztype, t) != want) {
            printf("reduce seed %llu: want %g got %g\n", (unsigned long long)seed, want,
                   vref_get(op->ztype, t));
            fail();
        }
        GG_vdata_free(&A);
    }
}

/* The PLUS fold of a floating vector of 16 values or more (below two chunks: one thread) keeps
 * eight partial sums, lane k starting at value k and adding every eighth value after it, added in
 * lane order at the end (src/cpu/reduce.c): against that order computed here, bit for bit, on
 * values whose sum depends on the order (a big value among small ones), and a sum of -0.0 stays
 * -0.0 (no lane starts at +0.0). */
#define LANES_REF(NAME, E)                                                                         \
    static E NAME(const E *v, uint64_t n)                                                          \
    {                                                                                              \
        E s[8];                                                                                    \
        for (int k = 0; k < 8; k++) s[k] = v[k];                                                   \
        uint64_t p = 8;                                                                            \
        for (; p + 8 <= n; p += 8)                                                                 \
            for (int k = 0; k < 8; k++) s[k] += v[p + k];                                          \
        for (int k = 0; p < n; k++, p++) s[k] += v[p];                                             \
        E a = s[0];                                                                                \
        for (int k = 1; k < 8; k++) a += s[k];                                                     \
        return a;                                                                                  \
    }
LANES_REF(lanes_fp64, double)
LANES_REF(lanes_fp32, float)

static void test_reduce_lanes(void **state)
{
    (void)state;
    const uint64_t sizes[] = {16, 17, 23, 31, 1000};
    bool differs = false;
    for (int fp32 = 0; fp32 < 2; fp32++) {
        for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
            uint64_t n = sizes[c];
            size_t size = fp32 ? sizeof(float) : sizeof(double);
            GG_vdata A;
            OK(GG_vdata_alloc(&A, n, size, GG_VF_FULL, n, false));
            for (uint64_t i = 0; i < n; i++) {
                double v = i % 7 == 3 ? 1e8 : 1e-3 * (double)(i + 1);
                if (fp32)
                    ((float *)A.x)[i] = (float)v;
                else
                    ((double *)A.x)[i] = v;
            }
            unsigned char t[16];
            bool has;
            OK(GG_cpu_vreduce(t, &has, &A, fp32 ? GrB_FP32 : GrB_FP64,
                              fp32 ? GrB_PLUS_FP32 : GrB_PLUS_FP64));
            assert_true(has);
            if (fp32) {
                float got, want = lanes_fp32(A.x, n), seq = ((float *)A.x)[0];
                for (uint64_t i = 1; i < n; i++) seq += ((float *)A.x)[i];
                memcpy(&got, t, sizeof got);
                assert_memory_equal(&got, &want, sizeof got);
                differs |= seq != want;
            } else {
                double got, want = lanes_fp64(A.x, n), seq = ((double *)A.x)[0];
                for (uint64_t i = 1; i < n; i++) seq += ((double *)A.x)[i];
                memcpy(&got, t, sizeof got);
                assert_memory_equal(&got, &want, sizeof got);
                differs |= seq != want;
            }
            /* all -0.0 */
            for (uint64_t i = 0; i < n; i++) {
                if (fp32)
                    ((float *)A.x)[i] = -0.0f;
                else
                    ((double *)A.x)[i] = -0.0;
            }
            OK(GG_cpu_vreduce(t, &has, &A, fp32 ? GrB_FP32 : GrB_FP64,
                              fp32 ? GrB_PLUS_FP32 : GrB_PLUS_FP64));
            assert_true(fp32 ? signbit(*(float *)t) : signbit(*(double *)t));
            GG_vdata_free(&A);
        }
    }
    assert_true(differs); /* the values do tell the orders apart */
}

/* ---- extract ---- */

typedef struct {
    const GG_vdata *U;
    const GrB_Index *I;
    GrB_Index ni;
} extract_arg;

static GrB_Info run_extract(GG_vdata *T, void *p)
{
    extract_arg *a = p;
    return GG_cpu_vextract(T, a->U, a->I, a->ni);
}

static void test_extract(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        vref_seed(seed);
        uint64_t n = random_dim();
        GrB_Type t = random_type();
        vref u, want;
        GG_vdata U;
        random_input(&U, &u, t, n);
        GrB_Index I[VREF_MAX];
        bool all = n == 0 || vref_below(4) == 0;
        GrB_Index ni = all ? n : vref_below(n + 1);
        for (GrB_Index k = 0; k < ni; k++) I[k] = vref_below(n);
        extract_arg arg = {.U = &U, .I = all ? GrB_ALL : I, .ni = ni};
        want.n = ni;
        for (GrB_Index k = 0; k < ni; k++) {
            GrB_Index i = all ? k : I[k];
            want.has[k] = u.has[i];
            want.val[k] = u.val[i];
        }
        check_kernel(run_extract, &arg, &want, t, seed, "extract");
        GG_vdata_free(&U);
    }
}

/* ---- assign's source ---- */

static void test_assign_source(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        vref_seed(seed);
        uint64_t n = random_dim();
        GrB_Type t = random_type();
        bool all = n == 0 || vref_below(3) == 0;
        GrB_Index ni = all ? n : vref_below(n < VREF_MAX / 2 ? 2 * n + 1 : VREF_MAX + 1), I[VREF_MAX];
        for (GrB_Index k = 0; k < ni; k++) I[k] = vref_below(n);
        if (!all && vref_below(2))
            for (GrB_Index k = 0; k < ni; k++) I[k] = k * n / (ni ? ni : 1); /* increasing */
        GG_cpu_ilist L;
        OK(GG_cpu_ilist_init(&L, all ? GrB_ALL : I, ni, n));
        int kind = (int)vref_below(3); /* 0 vector, 1 scalar, 2 empty */
        vref s, want = {.n = n};
        GG_vdata S = {0}, T;
        double scalar = (double)vref_below(5) - 2;
        unsigned char sx[16];
        vref_put(t, sx, scalar);
        if (kind == 0) random_input(&S, &s, t, ni);
        for (GrB_Index k = 0; k < ni; k++) {
            GrB_Index i = all ? k : I[k];
            want.has[i] = kind == 1 || (kind == 0 && s.has[k]);
            want.val[i] = kind == 1 ? vref_cast(t, scalar) : kind == 0 && s.has[k] ? s.val[k] : 0;
        }
        bool owned;
        OK(GG_cpu_vassign_source(&T, &owned, kind == 0 ? &S : NULL, kind == 1 ? sx : NULL, t->size,
                                 &L, n));
        expect_equal(&want, &T, t, seed, "assign source");
        assert_true(owned == !(kind == 0 && all));
        if (owned) GG_vdata_free(&T);
        if (kind == 0) GG_vdata_free(&S);
        GG_cpu_ilist_free(&L);
    }
}

/* ---- mxv, vxm ---- */

typedef struct {
    GrB_Matrix A;
    bool rtran;
    const GG_vdata *U;
    GrB_Type utype;
    const GG_cpu_vmask *mk;
    GrB_Semiring sr;
    bool vxm;
} mxv_arg;

static GrB_Info run_mxv(GG_vdata *T, void *p)
{
    mxv_arg *a = p;
    return GG_cpu_vmxv(T, GG_MAT(a->A), a->rtran, a->U, a->utype, a->mk, a->sr, a->vxm);
}

/* One mxv/vxm case on a random matrix, of one shape:
 * 0: small (up to 60 x 60), any densities, so the tree, pull and push all run;
 * 1: wide (3000 x 3000, 300 entries, u with a few entries): push with a hash accumulator;
 * 2: the same with a one-entry plain mask and u of hundreds of entries, so pull visits the mask's
 *    row only and looks u's entries up instead of scattering them;
 * 3: skewed (3000 x 3000, twenty rows of R' mostly full, the rest sparse, u holding the long rows
 *    among a few hundred): a push whose work (over 32K terms) runs on several threads, which
 *    share the long rows and update T's columns by atomic states, under every mask kind. */
static void mxv_case(uint64_t seed, int shape)
{
    vref_seed(seed);
    GrB_Semiring srs[] = {GrB_PLUS_TIMES_SEMIRING_FP64, GrB_LOR_LAND_SEMIRING_BOOL,
                          GrB_MIN_PLUS_SEMIRING_INT64, GrB_MIN_FIRST_SEMIRING_INT64,
                          GrB_MIN_SECOND_SEMIRING_INT64, GrB_PLUS_TIMES_SEMIRING_INT32,
                          GrB_MAX_SECOND_SEMIRING_FP64};
    GrB_Semiring sr = srs[vref_below(7)];
    bool vxm = vref_below(2), tran = vref_below(2), rtran = tran != vxm;
    uint64_t rows = shape ? 3000 : 1 + vref_below(60), cols = shape ? 3000 : 1 + vref_below(60);
    const uint64_t hubs = 20, hub_len = 2900;
    uint64_t m = rtran ? cols : rows, n = rtran ? rows : cols;
    GrB_Type atype = vref_below(2) ? sr->mul->xtype : random_type();
    GrB_Type utype = vref_below(2) ? sr->mul->ytype : random_type();
    static GrB_Index I[64000], J[64000];
    static double X[64000];
    GrB_Index na = 0, want_na = shape == 3 ? 2000 : shape ? 300 : vref_below(4) * rows * cols / 6;
    for (; na < want_na; na++)
        I[na] = vref_below(rows), J[na] = vref_below(cols), X[na] = (double)vref_below(5) - 2;
    if (shape == 3) /* rows k = 100 h of R' (R's columns) with entries at hub_len random places */
        for (uint64_t h = 0; h < hubs; h++)
            for (uint64_t e = 0; e < hub_len; e++, na++) {
                *(rtran ? &I[na] : &J[na]) = 100 * h;
                *(rtran ? &J[na] : &I[na]) = vref_below(rtran ? cols : rows);
                X[na] = (double)vref_below(5) - 2;
            }
    if (shape == 2) /* a row of R with many entries, which the mask will select */
        for (GrB_Index e = 0; e < 40; e++) *(rtran ? &J[e] : &I[e]) = 7;
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, atype, rows, cols));
    OK(GrB_Matrix_build_FP64(A, I, J, X, na, GrB_PLUS_FP64));
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &na, A)); /* unique, of A's type */
    /* u of dimension n */
    static vref u;
    GG_vdata U;
    vref_random(&u, n, vref_below(4) == 0, false);
    if (shape == 1)
        for (uint64_t k = 0; k < n; k++) u.has[k] = vref_below(n) < 4;
    if (shape == 2)
        for (uint64_t k = 0; k < n; k++) u.has[k] = vref_below(8) == 0;
    if (shape == 3)
        for (uint64_t k = 0; k < n; k++) u.has[k] = (k % 100 == 0 && k / 100 < hubs) || vref_below(10) == 0;
    for (uint64_t k = 0; k < n; k++) u.val[k] = u.has[k] ? vref_cast(utype, u.val[k]) : 0;
    vref_to(&U, &u, utype, shape == 1 || shape == 2 ? GG_VF_SPARSE : vref_form(), false);
    /* the mask, of dimension m */
    tmask mk;
    mask_random(&mk, m);
    if (shape == 2) {
        mask_free(&mk);
        memset(&mk, 0, sizeof mk);
        mk.present = mk.structural = true;
        mk.type = GrB_BOOL;
        mk.r.n = m;
        mk.r.has[7] = true;
        vref_to(&mk.v, &mk.r, GrB_BOOL, GG_VF_SPARSE, false);
        mk.mk = GG_cpu_vmask_make(&mk.v, false, true, false, &mk.empty);
    }
    /* the reference: T(i) = the sum over A's entries (i, k) of R of R(i,k) * u(k) */
    static vref t;
    t.n = m;
    memset(t.has, 0, sizeof t.has);
    GrB_Type z = sr->add->op->ztype;
    for (GrB_Index e = 0; e < na; e++) {
        GrB_Index i = rtran ? J[e] : I[e], k = rtran ? I[e] : J[e];
        if (!u.has[k]) continue;
        double p = vxm ? ref_binop(sr->mul, utype, u.val[k], atype, X[e], 0)
                       : ref_binop(sr->mul, atype, X[e], utype, u.val[k], 0);
        t.val[i] = t.has[i] ? ref_binop(sr->add->op, z, t.val[i], z, p, 0) : p;
        t.has[i] = true;
    }
    GG_vdata T;
    OK(GG_cpu_vmxv(&T, GG_MAT(A), rtran, &U, utype, &mk.mk, sr, vxm));
    if (seed % 20 == 0) {
        /* after one run, so that A's views (cached on A) are not counted as leaks */
        GG_vdata_free(&T);
        mxv_arg arg = {A, rtran, &U, utype, &mk.mk, sr, vxm};
        oom_sweep(run_mxv, &arg, &T);
    }
    static vref got;
    vref_from(&got, &T, z);
    /* T is the product where the mask allows and nothing elsewhere */
    for (uint64_t i = 0; i < m; i++) {
        bool want = mask_allows(&mk, i) && t.has[i];
        if (got.has[i] != want || (want && got.val[i] != t.val[i])) {
            printf("mxv seed %llu shape %d (%s, %s, tran %d, %llu x %llu, u %s, mask %s%s, T %s): "
                   "at %llu want %d:%g got %d:%g\n",
                   (unsigned long long)seed, shape, sr->h.name, vxm ? "vxm" : "mxv", tran,
                   (unsigned long long)rows, (unsigned long long)cols, vref_form_name(U.form),
                   mk.present ? vref_form_name(mk.v.form) : "none", mk.comp ? " comp" : "",
                   vref_form_name(T.form), (unsigned long long)i, t.has[i], t.val[i], got.has[i],
                   got.val[i]);
            fail();
        }
    }
    GG_vdata_free(&T);
    GG_vdata_free(&U);
    mask_free(&mk);
    OK(GrB_Matrix_free(&A));
}

static void test_mxv(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3000; seed++) mxv_case(seed, 0);
    for (uint64_t seed = 1; seed <= 200; seed++) mxv_case(seed, 1 + (int)(seed % 2));
    for (uint64_t seed = 1; seed <= 60; seed++) mxv_case(seed, 3);
}

/* The thread rule (GG_nthreads_for): serial below two chunks of work, then one thread a chunk up
 * to the OpenMP maximum. */
static void test_nthreads(void **state)
{
    (void)state;
    assert_int_equal(GG_nthreads_for(0), 1);
    assert_int_equal(GG_nthreads_for(2 * GG_CHUNK - 1), 1);
#ifdef _OPENMP
    int max = omp_get_max_threads();
    assert_int_equal(GG_nthreads_for(2 * GG_CHUNK), max < 2 ? max : 2);
    assert_int_equal(GG_nthreads_for(7 * GG_CHUNK + 5), max < 7 ? max : 7);
    assert_int_equal(GG_nthreads_for(UINT64_MAX), max);
#else
    assert_int_equal(GG_nthreads_for(UINT64_MAX), 1);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writeback_random),
        cmocka_unit_test(test_writeback_oom),
        cmocka_unit_test(test_apply),
        cmocka_unit_test(test_select),
        cmocka_unit_test(test_ewise),
        cmocka_unit_test(test_reduce),
        cmocka_unit_test(test_reduce_lanes),
        cmocka_unit_test(test_extract),
        cmocka_unit_test(test_assign_source),
        cmocka_unit_test(test_mxv),
        cmocka_unit_test(test_nthreads),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
