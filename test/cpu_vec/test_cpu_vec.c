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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writeback_random),
        cmocka_unit_test(test_writeback_oom),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
