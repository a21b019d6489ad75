/* test_oom.c: allocation-failure sweeps over every HiSparse operation that allocates. The k-th
 * allocation is made to fail for k = 1, 2, ... until the operation succeeds; every failure must
 * return GrB_OUT_OF_MEMORY, leave the output exactly as it was and leave no block behind, and the
 * final success must give the right answer. Build is swept on each of its paths: input already
 * in tree order, unsorted with narrow keys, sorted by rows (blocks sparse or well filled, the
 * blocks of each strip), huge dimensions (merge sort), duplicates, iso; in one part and split into
 * parts (its parallel phases). */
#include "hs_test.h"

static int setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    GG_mem_fail_after(0);
    GG_hs_set_build_parts(0);
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

/* One operation under test: run it writing to `out` (out_size bytes, preset to a sentinel). */
typedef GrB_Info (*op_fn)(void *ctx, void *out);

/* Sweeps op; returns after the first success with *out holding the result. */
static void sweep(const char *name, op_fn op, void *ctx, void *out, size_t out_size)
{
    uint8_t *sentinel = malloc(out_size);
    assert_non_null(sentinel);
    memset(sentinel, 0xa5, out_size);
    for (int64_t k = 1;; k++) {
        assert_true(k < 100000);
        memcpy(out, sentinel, out_size);
        int64_t live = GG_mem_live_blocks();
        GG_mem_fail_after(k);
        GrB_Info info = op(ctx, out);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) {
            if (k == 1) fail_msg("%s: no allocation to fail", name);
            break;
        }
        if (info != GrB_OUT_OF_MEMORY) fail_msg("%s: allocation %lld failing gave %d", name, (long long)k, info);
        assert_int_equal(GG_mem_live_blocks(), live);
        if (memcmp(out, sentinel, out_size) != 0) fail_msg("%s: output changed on failure %lld", name, (long long)k);
    }
    free(sentinel);
}

typedef struct {
    const tuples *t;
    GrB_BinaryOp dup;
    bool iso;
    const GG_hs_matrix *A, *B;
    GrB_BinaryOp op;
    bool flag;
} ctx_t;

static GrB_Info op_build(void *c, void *out)
{
    const ctx_t *x = c;
    GG_hs_tuples in = {x->t->I, x->t->J, x->t->X, x->t->type, x->iso, x->t->n};
    return GG_hs_build(out, x->t->type, x->t->nrows, x->t->ncols, &in, x->dup, 0);
}

static GrB_Info op_to_coo(void *c, void *out)
{
    return GG_hs_to_coo(((const ctx_t *)c)->A, out);
}

static GrB_Info op_to_csr(void *c, void *out)
{
    return GG_hs_to_cview(((const ctx_t *)c)->A, ((const ctx_t *)c)->flag, out);
}

static GrB_Info op_build_cview(void *c, void *out)
{
    const ctx_t *x = c;
    GG_cview v;
    GrB_Info info = GG_hs_to_cview(x->A, false, &v);
    if (info != GrB_SUCCESS) return info;
    info = GG_hs_build_cview(out, x->A->type, GG_hs_nrows(x->A), GG_hs_ncols(x->A), &v, false, 0);
    GG_hs_cview_free(&v);
    return info;
}

static GrB_Info op_ewise(void *c, void *out)
{
    const ctx_t *x = c;
    return GG_hs_ewise(out, x->A, x->B, x->op, x->flag);
}

static GrB_Info op_stats(void *c, void *out)
{
    return GG_hs_stats(((const ctx_t *)c)->A, out);
}

static GrB_Info op_check(void *c, void *out)
{
    (void)out;
    return GG_hs_check(((const ctx_t *)c)->A, NULL, 0);
}

static GrB_Info op_mxv(void *c, void *out)
{
    const ctx_t *x = c;
    int64_t xv[64];
    for (int k = 0; k < 64; k++) xv[k] = k;
    return GG_hs_mxv(out, NULL, x->A, false, GrB_PLUS_TIMES_SEMIRING_INT64, xv, false);
}

static void random_fill(tuples *t, uint64_t count, uint64_t *seed)
{
    double v;
    for (uint64_t k = 0; k < count; k++) {
        v = (double)rng_below(seed, 10);
        tuples_add(t, rng_below(seed, t->nrows), rng_below(seed, t->ncols), &v);
    }
}

static void sweep_build(const char *name, const tuples *t, GrB_BinaryOp dup, bool iso)
{
    ctx_t c = {.t = t, .dup = dup, .iso = iso};
    GG_hs_matrix A;
    sweep(name, op_build, &c, &A, sizeof A);
    check_tree(&A);
    if (!iso) expect_all(&A, t, dup);
    GG_hs_free(&A);
}

static void sweep_builds(void)
{
    uint64_t seed = 21;
    tuples t, r;
    tuples_init(&t, GrB_FP64, 3000, 2500);
    random_fill(&t, 3000, &seed);
    sweep_build("build unsorted", &t, GrB_PLUS_FP64, false);
    sweep_build("build iso", &t, NULL, true);
    reference(&t, GrB_PLUS_FP64, false, &r);
    sweep_build("build sorted by rows", &r, NULL, false);
    tuples_free(&r);
    tuples_free(&t);
    /* sorted by rows, in a band: blocks hold many entries each */
    tuples_init(&t, GrB_FP64, 2000, 2000);
    for (GrB_Index k = 0; k < 3000; k++) {
        double v = (double)k;
        GrB_Index i = rng_below(&seed, 2000);
        tuples_add(&t, i, (i + rng_below(&seed, 9)) % 2000, &v);
    }
    reference(&t, GrB_PLUS_FP64, false, &r);
    sweep_build("build sorted by rows, banded", &r, NULL, false);
    tuples_free(&r);
    tuples_free(&t);
    /* sorted by rows, with few blocks of d or d^2 columns per strip: the blocks of the strips
     * (a tree of two levels, then of three) */
    static const GrB_Index side[] = {600, 40000};
    for (int k = 0; k < 2; k++) {
        tuples_init(&t, GrB_FP64, side[k], side[k]);
        random_fill(&t, 3000, &seed);
        reference(&t, GrB_PLUS_FP64, false, &r);
        sweep_build(k == 0 ? "build sorted by rows, strip blocks" : "build sorted by rows, level-2 blocks",
                    &r, NULL, false);
        tuples_free(&r);
        tuples_free(&t);
    }
    /* in tree order with duplicates: a vector sorted by index */
    tuples_init(&r, GrB_FP64, 1 << 20, 1);
    for (GrB_Index k = 0; k < 500; k++) {
        double v = (double)k;
        tuples_add(&r, k * 37, 0, &v);
        if (k % 7 == 0) tuples_add(&r, k * 37, 0, &v);
    }
    sweep_build("build ordered with duplicates", &r, GrB_PLUS_FP64, false);
    tuples_free(&r);
    /* beyond 32-bit coordinates: the merge-sort path */
    tuples_init(&t, GrB_FP64, GrB_INDEX_MAX + 1, 1ULL << 40);
    random_fill(&t, 400, &seed);
    sweep_build("build huge", &t, GrB_PLUS_FP64, false);
    tuples_free(&t);
}

static void test_build(void **state)
{
    (void)state;
    sweep_builds();
    GG_hs_set_build_parts(3);
    sweep_builds();
    GG_hs_set_build_parts(0);
}

static void test_convert_and_traverse(void **state)
{
    (void)state;
    uint64_t seed = 22;
    GrB_Index shapes[][2] = {{64, 64}, {1ULL << 40, 1ULL << 40}};
    for (int s = 0; s < 2; s++) {
        tuples t;
        tuples_init(&t, GrB_INT64, shapes[s][0], shapes[s][1]);
        for (int k = 0; k < 600; k++) {
            int64_t v = (int64_t)rng_below(&seed, 9);
            tuples_add(&t, rng_below(&seed, t.nrows), rng_below(&seed, t.ncols), &v);
        }
        GG_hs_matrix A, B;
        build_ok(&A, &t, GrB_PLUS_INT64, 0);
        ctx_t c = {.A = &A};
        GG_coo coo;
        sweep("to_coo", op_to_coo, &c, &coo, sizeof coo);
        GG_coo_free(&coo);
        for (int by_col = 0; by_col < 2; by_col++) {
            GG_cview v;
            c.flag = by_col;
            sweep("to_cview", op_to_csr, &c, &v, sizeof v);
            GG_hs_cview_free(&v);
        }
        sweep("build_cview", op_build_cview, &c, &B, sizeof B);
        expect_all(&B, &t, GrB_PLUS_INT64);
        GG_hs_free(&B);
        GG_hs_report r;
        sweep("stats", op_stats, &c, &r, sizeof r);
        assert_int_equal(r.nvals, A.nvals);
        uint8_t none;
        sweep("check", op_check, &c, &none, 1);
        if (s == 0) {
            int64_t y[64];
            sweep("mxv", op_mxv, &c, y, sizeof y);
        }
        GG_hs_free(&A);
        tuples_free(&t);
    }
}

static void test_ewise(void **state)
{
    (void)state;
    uint64_t seed = 23;
    tuples ta, tb;
    tuples_init(&ta, GrB_FP64, 2000, 3000);
    tuples_init(&tb, GrB_FP64, 3000, 2000);
    random_fill(&ta, 1500, &seed);
    random_fill(&tb, 1500, &seed);
    for (GrB_Index k = 0; k < 300; k++) tuples_add(&tb, ta.J[k], ta.I[k], ta.X + 8 * k);
    GG_hs_matrix A, B, C;
    build_ok(&A, &ta, GrB_PLUS_FP64, 0);
    GG_hs_set_node_dim(16); /* B differs in node dimension and orientation */
    build_ok(&B, &tb, GrB_PLUS_FP64, 0);
    GG_hs_set_node_dim(GG_HS_DIM_DEFAULT);
    GG_hs_transpose(&B);
    for (int mult = 0; mult < 2; mult++) {
        ctx_t c = {.A = &A, .B = &B, .op = GrB_MINUS_FP64, .flag = mult};
        sweep("ewise", op_ewise, &c, &C, sizeof C);
        check_tree(&C);
        assert_true(mult ? C.nvals > 0 && C.nvals <= 1500 : C.nvals >= 1500);
        GG_hs_free(&C);
    }
    GG_hs_free(&A);
    GG_hs_free(&B);
    tuples_free(&ta);
    tuples_free(&tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build),
        cmocka_unit_test(test_convert_and_traverse),
        cmocka_unit_test(test_ewise),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
