/* test_gen.c: the graph generators of tools/gen: determinism (same seed, same tuples, whatever
 * the thread count), each generator's structure (counts, ranges, symmetry, degree skew, band
 * width, block locality), the post-processing flags, weights, building matrices, and the --gen
 * spec parser with its error messages. */
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "gg_gen.h"

static bool same_coo(const GG_coo *a, const GG_coo *b)
{
    if (a->nrows != b->nrows || a->ncols != b->ncols || a->nvals != b->nvals || !a->X != !b->X) return false;
    size_t n = a->nvals * sizeof(GrB_Index);
    return memcmp(a->I, b->I, n) == 0 && memcmp(a->J, b->J, n) == 0 &&
           (!a->X || memcmp(a->X, b->X, a->nvals * sizeof(double)) == 0);
}

static uint64_t key_of(const GG_coo *A, size_t k)
{
    return A->I[k] * A->ncols + A->J[k];
}

/* Sorted by (i,j) without repeats and without self-loops: what GG_GEN_CLEAN promises. */
static void assert_clean(const GG_coo *A)
{
    for (size_t k = 0; k < A->nvals; k++) {
        assert_true(A->I[k] < A->nrows && A->J[k] < A->ncols);
        assert_true(A->I[k] != A->J[k]);
        if (k) assert_true(key_of(A, k - 1) < key_of(A, k));
    }
}

/* Index of (i,j) in a sorted tuple list, or -1. */
static int64_t find(const GG_coo *A, GrB_Index i, GrB_Index j)
{
    uint64_t key = i * A->ncols + j;
    size_t lo = 0, hi = A->nvals;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (key_of(A, mid) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < A->nvals && key_of(A, lo) == key ? (int64_t)lo : -1;
}

/* Every (i,j) has (j,i) with the same weight; A must be sorted. */
static void assert_symmetric(const GG_coo *A)
{
    for (size_t k = 0; k < A->nvals; k++) {
        int64_t m = find(A, A->J[k], A->I[k]);
        assert_true(m >= 0);
        if (A->X) assert_true(A->X[k] == A->X[m]);
    }
}

static void test_rmat(void **state)
{
    (void)state;
    GG_coo a, b, c;
    assert_int_equal(GG_gen_rmat(&a, 12, 16, 5, 0, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_int_equal(a.nrows, 4096);
    assert_int_equal(a.nvals, 16 * 4096);
    assert_null(a.X);
    /* the initiator: the top level puts a = 57% of the edges in the top-left quadrant */
    size_t quadrant[4] = {0}, deg_max = 0;
    size_t *deg = calloc(a.nrows, sizeof(size_t));
    for (size_t k = 0; k < a.nvals; k++) {
        assert_true(a.I[k] < 4096 && a.J[k] < 4096);
        quadrant[(a.I[k] >> 11) * 2 + (a.J[k] >> 11)]++;
        if (++deg[a.I[k]] > deg_max) deg_max = deg[a.I[k]];
    }
    free(deg);
    double n = (double)a.nvals;
    assert_true(fabs(quadrant[0] / n - 0.57) < 0.01);
    assert_true(fabs(quadrant[1] / n - 0.19) < 0.01);
    assert_true(fabs(quadrant[2] / n - 0.19) < 0.01);
    assert_true(fabs(quadrant[3] / n - 0.05) < 0.01);
    assert_true(deg_max > 40 * 16); /* power law: hubs far above the mean degree */

    /* same seed, same tuples; another seed, others */
    assert_int_equal(GG_gen_rmat(&b, 12, 16, 5, 0, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_true(same_coo(&a, &b));
    GG_coo_free(&b);
    assert_int_equal(GG_gen_rmat(&b, 12, 16, 6, 0, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_false(same_coo(&a, &b));
    GG_coo_free(&b);

    /* the GAP recipe: permute, symmetrize, drop self-loops and duplicates */
    unsigned gap = GG_GEN_PERMUTE | GG_GEN_SYMMETRIZE | GG_GEN_CLEAN;
    assert_int_equal(GG_gen_rmat(&c, 12, 16, 5, gap, GG_WEIGHTS_INT), GrB_SUCCESS);
    assert_clean(&c);
    assert_symmetric(&c);
    assert_true(c.nvals > a.nvals && c.nvals < 2 * a.nvals);
    for (size_t k = 0; k < c.nvals; k++) assert_true(c.X[k] >= 1 && c.X[k] <= 255 && c.X[k] == floor(c.X[k]));
    /* the permutation only relabels: the same edges modulo labels give the same count */
    assert_int_equal(GG_gen_rmat(&b, 12, 16, 5, GG_GEN_SYMMETRIZE | GG_GEN_CLEAN, GG_WEIGHTS_NONE),
                     GrB_SUCCESS);
    assert_int_equal(b.nvals, c.nvals);
    assert_false(same_coo(&b, &c));
    GG_coo_free(&b);
    GG_coo_free(&c);
    GG_coo_free(&a);
}

static void test_thread_independence(void **state)
{
    (void)state;
#ifdef _OPENMP
    int saved = omp_get_max_threads();
    GG_coo a, b;
    GG_gen_spec specs[] = {
        {GG_GEN_RMAT, 14, 8, 0, 3, GG_GEN_PERMUTE | GG_GEN_SYMMETRIZE | GG_GEN_CLEAN, GG_WEIGHTS_REAL},
        {GG_GEN_LOCAL, 40000, 8, 0, 3, GG_GEN_CLEAN, GG_WEIGHTS_NONE},
        {GG_GEN_BAND, 50000, 20, 0.3, 3, 0, GG_WEIGHTS_INT},
        {GG_GEN_URAND, 1000, 300000, 0, 3, GG_GEN_CLEAN, GG_WEIGHTS_NONE},
    };
    for (size_t k = 0; k < sizeof(specs) / sizeof(specs[0]); k++) {
        omp_set_num_threads(1);
        assert_int_equal(GG_gen(&a, &specs[k]), GrB_SUCCESS);
        omp_set_num_threads(4);
        assert_int_equal(GG_gen(&b, &specs[k]), GrB_SUCCESS);
        assert_true(same_coo(&a, &b));
        GG_coo_free(&a);
        GG_coo_free(&b);
    }
    omp_set_num_threads(saved);
#else
    skip();
#endif
}

static void test_grid(void **state)
{
    (void)state;
    GG_coo g;
    uint64_t s = 37;
    assert_int_equal(GG_gen_grid(&g, s, 1, 0, GG_WEIGHTS_REAL), GrB_SUCCESS);
    assert_int_equal(g.nrows, s * s);
    assert_int_equal(g.nvals, 4 * s * (s - 1));
    assert_clean(&g); /* emitted in (i,j) order already */
    assert_symmetric(&g);
    for (size_t k = 0; k < g.nvals; k++) {
        GrB_Index d = g.I[k] > g.J[k] ? g.I[k] - g.J[k] : g.J[k] - g.I[k];
        assert_true(d == s || (d == 1 && g.I[k] / s == g.J[k] / s));
        assert_true(g.X[k] > 0 && g.X[k] <= 1);
    }
    GG_coo_free(&g);
    /* permuted: still symmetric with the same number of edges */
    assert_int_equal(GG_gen_grid(&g, s, 1, GG_GEN_PERMUTE | GG_GEN_CLEAN, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_int_equal(g.nvals, 4 * s * (s - 1));
    assert_symmetric(&g);
    GG_coo_free(&g);
    assert_int_equal(GG_gen_grid(&g, 1, 1, 0, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_int_equal(g.nrows, 1);
    assert_int_equal(g.nvals, 0);
    GG_coo_free(&g);
}

static void test_urand(void **state)
{
    (void)state;
    GG_coo u;
    assert_int_equal(GG_gen_urand(&u, 1000, 20000, 9, 0, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_int_equal(u.nvals, 20000);
    size_t low = 0;
    for (size_t k = 0; k < u.nvals; k++) {
        assert_true(u.I[k] < 1000 && u.J[k] < 1000);
        low += u.I[k] < 500;
    }
    assert_true(low > 9500 && low < 10500);
    GG_coo_free(&u);
    assert_int_equal(GG_gen_urand(&u, 10, 0, 9, GG_GEN_CLEAN, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_int_equal(u.nvals, 0);
    GG_coo_free(&u);
}

static void test_band(void **state)
{
    (void)state;
    GG_coo b;
    uint64_t n = 20000, w = 50;
    double p = 0.25;
    assert_int_equal(GG_gen_band(&b, n, w, p, 4, 0, GG_WEIGHTS_INT), GrB_SUCCESS);
    size_t diag = 0, off = 0;
    for (size_t k = 0; k < b.nvals; k++) {
        GrB_Index d = b.I[k] > b.J[k] ? b.I[k] - b.J[k] : b.J[k] - b.I[k];
        assert_true(d <= w);
        if (d == 0)
            diag++;
        else
            off++;
    }
    assert_int_equal(diag, n);
    double expect = 2 * p * ((double)n * w - w * (w + 1) / 2.0);
    assert_true(fabs(off - expect) < 0.02 * expect);
    GG_coo_free(&b);
    /* density 1: the full band; symmetric with symmetric weights */
    assert_int_equal(GG_gen_band(&b, 100, 3, 1.0, 4, GG_GEN_CLEAN, GG_WEIGHTS_INT), GrB_SUCCESS);
    assert_int_equal(b.nvals, 2 * (3 * 100 - 6)); /* diagonal dropped by CLEAN */
    assert_symmetric(&b);
    GG_coo_free(&b);
}

static void test_local(void **state)
{
    (void)state;
    GG_coo l;
    uint64_t n = 100000;
    assert_int_equal(GG_gen_local(&l, n, 8, 2, GG_GEN_CLEAN, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_clean(&l);
    size_t *deg = calloc(n, sizeof(size_t)), deg_max = 0;
    for (size_t k = 0; k < l.nvals; k++) {
        GrB_Index d = l.I[k] > l.J[k] ? l.I[k] - l.J[k] : l.J[k] - l.I[k];
        assert_true(d < 8192); /* inside a diagonal block */
        if (++deg[l.I[k]] > deg_max) deg_max = deg[l.I[k]];
    }
    free(deg);
    double mean = (double)l.nvals / n;
    assert_true(mean > 6 && mean < 11);
    assert_true(deg_max > 100); /* hub rows */
    /* localized: most entries share a 128 x 128 tile with many others */
    size_t same_tile = 0;
    for (size_t k = 1; k < l.nvals; k++)
        same_tile += l.I[k] / 128 == l.I[k - 1] / 128 && l.J[k] / 128 == l.J[k - 1] / 128;
    assert_true(same_tile > 0.9 * l.nvals);
    GG_coo_free(&l);
}

static void test_dense(void **state)
{
    (void)state;
    GG_coo d;
    assert_int_equal(GG_gen_dense(&d, 300, 1, 0, GG_WEIGHTS_REAL), GrB_SUCCESS);
    assert_int_equal(d.nvals, 300 * 300);
    for (size_t k = 0; k < d.nvals; k++) {
        assert_int_equal(d.I[k], k / 300);
        assert_int_equal(d.J[k], k % 300);
    }
    GG_coo_free(&d);
}

static void test_invalid(void **state)
{
    (void)state;
    GG_coo g = {0};
    assert_int_equal(GG_gen_rmat(NULL, 10, 16, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_rmat(&g, 0, 16, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_rmat(&g, 33, 16, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_rmat(&g, 10, 0, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_grid(&g, 0, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_urand(&g, 0, 5, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_band(&g, 10, 2, 0.0, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_band(&g, 10, 2, NAN, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_local(&g, 10, 0, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_dense(&g, 70000, 1, 0, GG_WEIGHTS_NONE), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen(&g, NULL), GrB_INVALID_VALUE);
    assert_null(g.I);
    GG_coo_free(NULL);
}

static void test_build(void **state)
{
    (void)state;
    GG_coo u;
    /* 50 x 50 with 5000 edges: many duplicates, combined by the dup operator */
    assert_int_equal(GG_gen_urand(&u, 50, 5000, 1, 0, GG_WEIGHTS_NONE), GrB_SUCCESS);
    GrB_Matrix A, B;
    assert_int_equal(GG_coo_build(&A, &u, GrB_INT32, GrB_PLUS_INT32), GrB_SUCCESS);
    int32_t sum = 0;
    assert_int_equal(GrB_Matrix_reduce_INT32(&sum, NULL, GrB_PLUS_MONOID_INT32, A, NULL), GrB_SUCCESS);
    assert_int_equal(sum, 5000);
    assert_int_equal(GG_coo_build(&B, &u, GrB_BOOL, NULL), GrB_SUCCESS);
    GrB_Index na, nb;
    assert_int_equal(GrB_Matrix_nvals(&na, A), GrB_SUCCESS);
    assert_int_equal(GrB_Matrix_nvals(&nb, B), GrB_SUCCESS);
    assert_int_equal(na, nb);
    assert_true(na < 5000);
    GrB_Matrix_free(&A);
    GrB_Matrix_free(&B);
    GG_coo_free(&u);
    /* weighted: values typecast from double */
    assert_int_equal(GG_gen_grid(&u, 4, 1, 0, GG_WEIGHTS_INT), GrB_SUCCESS);
    assert_int_equal(GG_coo_build(&A, &u, GrB_UINT8, NULL), GrB_SUCCESS);
    uint8_t x;
    assert_int_equal(GrB_Matrix_extractElement_UINT8(&x, A, u.I[3], u.J[3]), GrB_SUCCESS);
    assert_int_equal(x, (uint8_t)u.X[3]);
    GrB_Matrix_free(&A);
    assert_int_equal(GG_coo_build(NULL, &u, GrB_UINT8, NULL), GrB_NULL_POINTER);
    assert_int_equal(GG_coo_build(&A, &u, NULL, NULL), GrB_NULL_POINTER);
    GG_coo_free(&u);
}

static void test_parse(void **state)
{
    (void)state;
    GG_gen_spec s;
    char err[256];
    assert_int_equal(GG_gen_parse(&s, "rmat:20", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.kind == GG_GEN_RMAT && s.n == 20 && s.m == 16 && s.seed == 1 && s.flags == GG_GEN_PERMUTE);
    assert_int_equal(GG_gen_parse(&s, "rmat:16:8", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.n == 16 && s.m == 8);
    assert_int_equal(GG_gen_parse(&s, "grid:3000", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.kind == GG_GEN_GRID && s.n == 3000 && s.flags == 0);
    assert_int_equal(GG_gen_parse(&s, "urand:1000000:16000000", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.kind == GG_GEN_URAND && s.n == 1000000 && s.m == 16000000);
    assert_int_equal(GG_gen_parse(&s, "band:100000:64", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.kind == GG_GEN_BAND && s.m == 64 && s.density == 0.2);
    assert_int_equal(GG_gen_parse(&s, "band:100000:64:0.5", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.density == 0.5);
    assert_int_equal(GG_gen_parse(&s, "local:1000000", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.kind == GG_GEN_LOCAL && s.m == 5 && s.flags == GG_GEN_CLEAN);
    assert_int_equal(GG_gen_parse(&s, "dense:1000", err, sizeof(err)), GrB_SUCCESS);
    assert_true(s.kind == GG_GEN_DENSE && s.n == 1000);

    static const char *const bad[][2] = {
        {"foo:1", "--gen 'foo:1': unknown generator (expected rmat:SCALE[:EF] | grid:N"},
        {"", "unknown generator"},
        {"rmat", "--gen 'rmat': missing SCALE (expected rmat:SCALE[:EF])"},
        {"rmat:", "SCALE must be an integer in 1..32"},
        {"rmat:0", "--gen 'rmat:0': SCALE must be an integer in 1..32 (rmat:SCALE[:EF])"},
        {"rmat:33", "SCALE must be an integer in 1..32"},
        {"rmat:x", "SCALE must be an integer"},
        {"rmat:-3", "SCALE must be an integer"},
        {"rmat:1e3", "SCALE must be an integer"},
        {"rmat:10:0", "EF must be an integer in 1..1048576"},
        {"rmat:10:16:3", "--gen 'rmat:10:16:3': too many parameters (expected rmat:SCALE[:EF])"},
        {"grid:", "N must be an integer in 1..65536"},
        {"grid:65537", "N must be an integer in 1..65536"},
        {"urand:10", "missing M (expected urand:N:M)"},
        {"band:100:5:0", "DENSITY must be a number in (0, 1]"},
        {"band:100:5:1.5", "DENSITY must be a number in (0, 1]"},
        {"band:100:5:abc", "DENSITY must be a number"},
        {"local:10:0", "DEGREE must be an integer in 1..1024"},
        {"dense:99999999999999999999999", "N must be an integer in 1..65536"},
        {"RMAT:10", "unknown generator"},
    };
    for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
        GG_gen_spec keep = {.kind = GG_GEN_DENSE, .n = 77};
        s = keep;
        err[0] = '\0';
        assert_int_equal(GG_gen_parse(&s, bad[k][0], err, sizeof(err)), GrB_INVALID_VALUE);
        if (!strstr(err, bad[k][1])) fail_msg("'%s': message '%s' lacks '%s'", bad[k][0], err, bad[k][1]);
        assert_true(s.kind == GG_GEN_DENSE && s.n == 77);
    }
    assert_int_equal(GG_gen_parse(&s, "rmat:0", NULL, 0), GrB_INVALID_VALUE);
    assert_int_equal(GG_gen_parse(NULL, "rmat:3", err, sizeof(err)), GrB_INVALID_VALUE);

    /* the dispatcher runs what the spec says */
    GG_coo a, b;
    assert_int_equal(GG_gen_parse(&s, "rmat:8:4", err, sizeof(err)), GrB_SUCCESS);
    assert_int_equal(GG_gen(&a, &s), GrB_SUCCESS);
    assert_int_equal(GG_gen_rmat(&b, 8, 4, 1, GG_GEN_PERMUTE, GG_WEIGHTS_NONE), GrB_SUCCESS);
    assert_true(same_coo(&a, &b));
    GG_coo_free(&a);
    GG_coo_free(&b);
}

static int setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rmat),  cmocka_unit_test(test_thread_independence),
        cmocka_unit_test(test_grid),  cmocka_unit_test(test_urand),
        cmocka_unit_test(test_band),  cmocka_unit_test(test_local),
        cmocka_unit_test(test_dense), cmocka_unit_test(test_invalid),
        cmocka_unit_test(test_build), cmocka_unit_test(test_parse),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
