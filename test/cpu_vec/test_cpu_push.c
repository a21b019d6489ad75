/* test_cpu_push.c: the CPU push (vxm, and mxv on a transposed matrix) at the sizes where it runs
 * on several threads, through the public API, against a reference summed from the matrix's tuples.
 * The matrix is skewed as an RMAT graph is (a few rows hold most entries), so the threads share
 * long rows; u is dense enough to be a bitmap (the BFS's middle levels) or sparse; the mask is
 * absent, plain, complemented, structural or valued; the semirings are a terminal one (LOR),
 * sums (PLUS) and minima (MIN_FIRST, MIN_SECOND, as a BFS with parents uses), and w += A'u into
 * a full w. Eight OpenMP threads are asked for, more than the machine's cores, so that the work
 * is cut into many pieces whatever the machine. w holds entries before the call, with and without
 * GrB_REPLACE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_test.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define OK(call) assert_int_equal((call), GrB_SUCCESS)
#define NV 600000
#define HUBS 24
#define HUB_LEN 9000
#define SPREAD 200000

static uint64_t state;

static uint64_t rnd(uint64_t k)
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 17) % k;
}

/* The graph: HUBS rows of HUB_LEN entries at random columns, then SPREAD entries anywhere; integer
 * values in 1 .. 3, duplicates summed. Its tuples are returned (unique, sorted by the build). */
typedef struct {
    GrB_Matrix A;
    GrB_Index n, *I, *J;
    double *X;
} graph;

static void graph_make(graph *g)
{
    GrB_Index cap = (GrB_Index)HUBS * HUB_LEN + SPREAD, na = 0;
    g->n = NV;
    g->I = malloc(cap * sizeof(GrB_Index));
    g->J = malloc(cap * sizeof(GrB_Index));
    g->X = malloc(cap * sizeof(double));
    assert_non_null(g->I);
    assert_non_null(g->J);
    assert_non_null(g->X);
    for (GrB_Index h = 0; h < HUBS; h++)
        for (GrB_Index e = 0; e < HUB_LEN; e++, na++)
            g->I[na] = h * (NV / HUBS), g->J[na] = rnd(NV), g->X[na] = (double)(1 + rnd(3));
    for (GrB_Index e = 0; e < SPREAD; e++, na++) g->I[na] = rnd(NV), g->J[na] = rnd(NV), g->X[na] = (double)(1 + rnd(3));
    OK(GrB_Matrix_new(&g->A, GrB_FP64, NV, NV));
    OK(GrB_Matrix_build_FP64(g->A, g->I, g->J, g->X, na, GrB_PLUS_FP64));
    OK(GrB_Matrix_extractTuples_FP64(g->I, g->J, g->X, &na, g->A));
    g->n = na;
    /* A product from a one-entry u, which only a push does cheaply, caches the rows of A that
     * every push below reads; a pull would now need the other view built first, as in a BFS, so
     * the push is chosen for the dense u as well. */
    GrB_Vector u, w;
    OK(GrB_Vector_new(&u, GrB_BOOL, NV));
    OK(GrB_Vector_new(&w, GrB_BOOL, NV));
    OK(GrB_Vector_setElement_BOOL(u, true, 1));
    OK(GrB_vxm(w, NULL, NULL, GrB_LOR_LAND_SEMIRING_BOOL, u, g->A, NULL));
    GrB_Vector_free(&u);
    GrB_Vector_free(&w);
}

/* A vector of NV positions: each present with probability 1/den, values 1 .. 4 (or all one). */
static GrB_Vector random_vector(GrB_Type t, uint64_t den, bool hubs, double *val, bool *has)
{
    GrB_Vector v;
    OK(GrB_Vector_new(&v, t, NV));
    for (GrB_Index k = 0; k < NV; k++) {
        has[k] = rnd(den) == 0 || (hubs && k % (NV / HUBS) == 0 && k / (NV / HUBS) < HUBS);
        val[k] = (double)(1 + rnd(4));
        if (has[k]) OK(GrB_Vector_setElement_FP64(v, val[k], k));
    }
    OK(GrB_Vector_wait(v, GrB_MATERIALIZE));
    return v;
}

enum { SR_LOR, SR_PLUS, SR_MINFIRST, SR_MINSECOND, SR_COUNT };

static double mul(int sr, double a, double b)
{
    switch (sr) {
    case SR_LOR: return a != 0 && b != 0;
    case SR_PLUS: return a * b;
    case SR_MINFIRST: return a;
    default: return b;
    }
}

static double add(int sr, double x, double y)
{
    if (sr == SR_LOR) return x != 0 || y != 0;
    if (sr == SR_PLUS) return x + y;
    return x < y ? x : y;
}

/* One case: w<mask> = u'A (vxm) or A'u (mxv, transposed by descriptor), w holding entries before
 * (kept outside the mask unless `replace`), or, with `into`, a full w += A'u; compared with the
 * reference at every position. */
static void push_case(const graph *g, int sr, bool vxm, uint64_t den, int maskkind, bool replace,
                      bool into)
{
    static double uval[NV], mval[NV], ref[NV], wval[NV];
    static bool uhas[NV], mhas[NV], rhas[NV], whas[NV];
    GrB_Semiring srs[SR_COUNT] = {GrB_LOR_LAND_SEMIRING_BOOL, GrB_PLUS_TIMES_SEMIRING_FP64,
                                  GrB_MIN_FIRST_SEMIRING_INT64, GrB_MIN_SECOND_SEMIRING_INT64};
    GrB_Type ztypes[SR_COUNT] = {GrB_BOOL, GrB_FP64, GrB_INT64, GrB_INT64};
    GrB_BinaryOp adds[SR_COUNT] = {GrB_LOR, GrB_PLUS_FP64, GrB_MIN_INT64, GrB_MIN_INT64};
    GrB_Type ztype = ztypes[sr];
    GrB_Vector u = random_vector(ztype, den, true, uval, uhas), m = NULL, w;
    if (maskkind > 0) m = random_vector(GrB_INT32, 2, false, mval, mhas);
    if (maskkind > 0)
        for (GrB_Index k = 0; k < NV; k++)
            if (mhas[k] && rnd(4) == 0) OK(GrB_Vector_setElement_INT32(m, 0, k)), mval[k] = 0;
    /* the product: vxm's multiplier sees (u, A), mxv's (A', u) */
    memset(rhas, 0, sizeof rhas);
    for (GrB_Index e = 0; e < g->n; e++) {
        GrB_Index k = g->I[e], j = g->J[e];
        if (!uhas[k]) continue;
        double t = vxm ? mul(sr, uval[k], g->X[e]) : mul(sr, g->X[e], uval[k]);
        ref[j] = rhas[j] ? add(sr, ref[j], t) : t;
        rhas[j] = true;
    }
    GrB_Descriptor d = NULL;
    bool comp = maskkind == 2 || maskkind == 4, structural = maskkind >= 3;
    OK(GrB_Descriptor_new(&d));
    if (!vxm) OK(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN));
    if (comp) OK(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP));
    if (structural) OK(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE));
    if (replace) OK(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    OK(GrB_Vector_new(&w, ztype, NV));
    memset(whas, 0, sizeof whas);
    if (!into) {
        for (GrB_Index k = 0; k < NV; k++)
            if (rnd(3) == 0) OK(GrB_Vector_setElement_FP64(w, wval[k] = 1, k)), whas[k] = true;
        OK(GrB_Vector_wait(w, GrB_MATERIALIZE));
    }
    if (into) {
        for (GrB_Index k = 0; k < NV; k++) wval[k] = (double)rnd(3);
        OK(GrB_Vector_assign_FP64(w, NULL, NULL, 0, GrB_ALL, NV, NULL));
        for (GrB_Index k = 0; k < NV; k++) OK(GrB_Vector_setElement_FP64(w, wval[k], k));
        OK(GrB_Vector_wait(w, GrB_MATERIALIZE));
    }
    GrB_BinaryOp accum = into ? adds[sr] : NULL;
    if (vxm)
        OK(GrB_vxm(w, m, accum, srs[sr], u, g->A, d));
    else
        OK(GrB_mxv(w, m, accum, srs[sr], g->A, u, d));
    static GrB_Index wi[NV];
    static double wx[NV];
    GrB_Index nw = NV, e = 0;
    OK(GrB_Vector_extractTuples_FP64(wi, wx, &nw, w));
    for (GrB_Index j = 0; j < NV; j++) {
        bool allow = m == NULL || ((mhas[j] && (structural || mval[j] != 0)) != comp);
        bool want = into || (allow ? rhas[j] : whas[j] && !replace);
        double x = into ? (rhas[j] ? add(sr, wval[j], ref[j]) : wval[j]) : allow ? ref[j] : wval[j];
        bool has = e < nw && wi[e] == j;
        double got = has ? wx[e++] : 0;
        assert_int_equal(has, want);
        if (want && got != x) {
            printf("push sr %d %s den %llu mask %d replace %d into %d: at %llu want %g got %g\n", sr,
                   vxm ? "vxm" : "mxv", (unsigned long long)den, maskkind, replace, into,
                   (unsigned long long)j, x, got);
            fail();
        }
    }
    assert_int_equal(e, nw);
    GrB_Vector_free(&u);
    GrB_Vector_free(&m);
    GrB_Vector_free(&w);
    GrB_Descriptor_free(&d);
}

static void test_push(void **st)
{
    (void)st;
#ifdef _OPENMP
    omp_set_num_threads(8);
#endif
    state = 7;
    graph g;
    graph_make(&g);
    /* den 2: u a bitmap with half the positions (a BFS's widest level); 40: sparse */
    static const uint64_t dens[] = {2, 40};
    for (int sr = 0; sr < SR_COUNT; sr++)
        for (int vxm = 0; vxm < 2; vxm++)
            for (int dn = 0; dn < 2; dn++)
                for (int mk = 0; mk <= 4; mk++) push_case(&g, sr, vxm, dens[dn], mk, (mk + dn) % 2, false);
    /* w += A'u into a full w (no mask), u sparse */
    push_case(&g, SR_PLUS, false, 40, 0, false, true);
    push_case(&g, SR_PLUS, true, 40, 0, false, true);
    GrB_Matrix_free(&g.A);
    free(g.I);
    free(g.J);
    free(g.X);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_push)};
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
