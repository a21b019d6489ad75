/* test_traverse.c: the CPU traversals against references computed from the tuples: SpMV and
 * SpMV^T (fast PLUS_TIMES FP32/FP64 path, its accumulating form, its all-ones x given as NULL, and
 * the generic path with built-in and user semirings, non-commutative multiplies, casts, scale, iso
 * values, the transposed flag),
 * each on one band and on bands forced narrow (GG_hs_set_build_parts), and the dual
 * traversal for eWiseAdd / eWiseMult with every combination of transposed inputs, casts,
 * non-commutative operators and differing node dimensions; and the entries per leaf level that a
 * tree keeps for SpMV's band choice. */
#include "hs_test.h"
#include "hs_layout.h"

#include <math.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static int setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    GG_hs_set_node_dim(GG_HS_DIM_DEFAULT);
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

/* Random tuples of `type` with small exact values; half the time clustered, else uniform. */
static void random_tuples(tuples *t, GrB_Type type, GrB_Index m, GrB_Index n, uint64_t count,
                          uint64_t *seed)
{
    tuples_init(t, type, m, n);
    uint8_t v[16];
    bool cluster = rng_below(seed, 2);
    GrB_Index ci = rng_below(seed, m), cj = rng_below(seed, n);
    for (uint64_t k = 0; k < count; k++) {
        GrB_Index i = cluster ? (ci + rng_below(seed, 200)) % m : rng_below(seed, m);
        GrB_Index j = cluster ? (cj + rng_below(seed, 200)) % n : rng_below(seed, n);
        random_value(type, rng_next(seed), v);
        tuples_add(t, i, j, v);
    }
}

static double as_double(GrB_Type type, const void *x)
{
    switch (type->code) {
    case GrB_INT8_CODE: return *(const int8_t *)x;
    case GrB_INT32_CODE: return *(const int32_t *)x;
    case GrB_INT64_CODE: return (double)*(const int64_t *)x;
    case GrB_FP32_CODE: return *(const float *)x;
    case GrB_FP64_CODE: return *(const double *)x;
    default: return *(const bool *)x;
    }
}

/* Builds A holding the logical matrix of t: either directly, or as the transpose of t' with the
 * flag set. */
static void build_logical(GG_hs_matrix *A, const tuples *t, bool via_flag, GrB_BinaryOp dup)
{
    if (!via_flag) {
        build_ok(A, t, dup, 0);
        return;
    }
    tuples tt;
    tuples_transpose(t, &tt);
    build_ok(A, &tt, dup, 0);
    GG_hs_transpose(A);
    check_tree(A);
    tuples_free(&tt);
}

/* ---- SpMV -------------------------------------------------------------------------------------------- */

static void test_spmv_plus_times(void **state)
{
    (void)state;
    uint64_t seed = 11;
    int dims[] = {2, 8, 128, 256};
    GrB_Index shapes[][2] = {{1, 1}, {100, 3000}, {3000, 100}, {20000, 20000}, {1 << 15, 7}};
    uint64_t seen[GG_HS_NTAGS] = {0};
    for (int trial = 0; trial < 60; trial++) {
        OK(GG_hs_set_node_dim(dims[rng_below(&seed, 4)]));
        bool fp32 = rng_below(&seed, 2);
        GrB_Type type = fp32 ? GrB_FP32 : GrB_FP64;
        GrB_Index *shape = shapes[rng_below(&seed, 5)];
        tuples t;
        random_tuples(&t, type, shape[0], shape[1], rng_below(&seed, 20000), &seed);
        bool iso = rng_below(&seed, 4) == 0, flag = rng_below(&seed, 2), tran = rng_below(&seed, 2);
        if (iso)
            for (GrB_Index k = 1; k < t.n; k++) memcpy(t.X + k * type->size, t.X, type->size);
        GG_hs_matrix A;
        build_logical(&A, &t, flag, fp32 ? GrB_PLUS_FP32 : GrB_PLUS_FP64);
        if (A.iso) assert_true(iso || t.n == 1);
        double scale = rng_below(&seed, 3) == 0 ? 0.5 : 1.0;
        OK(GG_hs_set_scale(&A, scale));
        GG_hs_report rep;
        OK(GG_hs_stats(&A, &rep));
        for (int l = 0; l <= GG_HS_MAX_LEVELS; l++)
            for (int g = 0; g < GG_HS_NTAGS; g++) seen[g] += rep.nodes[l][g];

        tuples ref;
        reference(&t, fp32 ? GrB_PLUS_FP32 : GrB_PLUS_FP64, false, &ref);
        GrB_Index nx = tran ? t.nrows : t.ncols, ny = tran ? t.ncols : t.nrows;
        double *xd = malloc((nx + 1) * sizeof *xd), *yd = calloc(ny + 1, sizeof *yd);
        double *mag = calloc(ny + 1, sizeof *mag);
        bool *pres = calloc(ny + 1, sizeof *pres), *got_pres = malloc(ny + 1);
        void *x = malloc((nx + 1) * 8), *y = malloc((ny + 1) * 8);
        for (GrB_Index k = 0; k < nx; k++) {
            xd[k] = (double)((int64_t)rng_below(&seed, 17) - 8) / 2;
            if (fp32)
                ((float *)x)[k] = (float)xd[k];
            else
                ((double *)x)[k] = xd[k];
        }
        for (GrB_Index k = 0; k < ref.n; k++) {
            GrB_Index o = tran ? ref.J[k] : ref.I[k], in = tran ? ref.I[k] : ref.J[k];
            double term = as_double(type, ref.X + k * type->size) * scale * xd[in];
            yd[o] += term;
            mag[o] += fabs(term);
            pres[o] = true;
        }
        GrB_Semiring sr = fp32 ? GrB_PLUS_TIMES_SEMIRING_FP32 : GrB_PLUS_TIMES_SEMIRING_FP64;
        /* one band, or many narrow ones (leaves then cross bands) */
        GG_hs_set_build_parts((int[]){0, 1, 3, 7}[rng_below(&seed, 4)]);
        OK(GG_hs_mxv(y, got_pres, &A, tran, sr, x, rng_below(&seed, 2)));
        /* the accumulating form onto y0[k] = k / 4 */
        void *y2 = malloc((ny + 1) * 8);
        for (GrB_Index k = 0; k < ny; k++) {
            if (fp32)
                ((float *)y2)[k] = (float)k / 4;
            else
                ((double *)y2)[k] = (double)k / 4;
        }
        GG_hs_mxv_add(y2, NULL, &A, tran, x);
        {
            /* from one starting value: y3's own values (NaN bytes) are never read, and the sums
             * are those onto an array holding the value everywhere, bit for bit */
            void *y3 = malloc((ny + 1) * 8), *y4 = malloc((ny + 1) * 8);
            double d = 0.75;
            float f = 0.75f;
            memset(y3, 0xff, (ny + 1) * 8);
            for (GrB_Index k = 0; k < ny; k++) {
                if (fp32)
                    ((float *)y4)[k] = f;
                else
                    ((double *)y4)[k] = d;
            }
            GG_hs_mxv_add(y3, fp32 ? (const void *)&f : (const void *)&d, &A, tran, x);
            GG_hs_mxv_add(y4, NULL, &A, tran, x);
            assert_memory_equal(y3, y4, ny * (fp32 ? sizeof f : sizeof d));
            free(y3);
            free(y4);
        }
        if (!fp32) {
            /* x NULL stands for all ones: the same bits as an array of ones, fresh and added */
            double *ones = malloc((nx + 1) * sizeof *ones), *ya = malloc((ny + 1) * 8),
                   *yb = malloc((ny + 1) * 8);
            bool *pa = malloc(ny + 1), *pb = malloc(ny + 1);
            for (GrB_Index k = 0; k < nx; k++) ones[k] = 1;
            OK(GG_hs_mxv(ya, pa, &A, tran, sr, ones, false));
            OK(GG_hs_mxv(yb, pb, &A, tran, sr, NULL, false));
            assert_memory_equal(ya, yb, ny * sizeof *ya);
            assert_memory_equal(pa, pb, ny);
            for (GrB_Index k = 0; k < ny; k++) ya[k] = yb[k] = (double)k / 4;
            GG_hs_mxv_add(ya, NULL, &A, tran, ones);
            GG_hs_mxv_add(yb, NULL, &A, tran, NULL);
            assert_memory_equal(ya, yb, ny * sizeof *ya);
            free(ones);
            free(ya);
            free(yb);
            free(pa);
            free(pb);
        }
        GG_hs_set_build_parts(0);
        for (GrB_Index k = 0; k < ny; k++) {
            double got = fp32 ? ((float *)y)[k] : ((double *)y)[k];
            double tol = (fp32 ? 1e-5 : 1e-12) * (mag[k] + 1);
            if (fabs(got - yd[k]) > tol)
                fail_msg("trial %d: y[%llu] = %g, expected %g", trial, (unsigned long long)k, got,
                         yd[k]);
            assert_int_equal(got_pres[k], pres[k]);
            double got2 = fp32 ? ((float *)y2)[k] : ((double *)y2)[k];
            if (fabs(got2 - ((double)k / 4 + yd[k])) > tol * (1 + (double)k))
                fail_msg("trial %d: y2[%llu] = %g, expected %g", trial, (unsigned long long)k,
                         got2, (double)k / 4 + yd[k]);
        }
        free(y2);
        free(xd);
        free(yd);
        free(mag);
        free(pres);
        free(got_pres);
        free(x);
        free(y);
        tuples_free(&ref);
        tuples_free(&t);
        GG_hs_free(&A);
    }
    for (int g = GG_HS_LEAF_DENSE; g < GG_HS_NTAGS; g++)
        if (seen[g] == 0) fail_msg("no leaf of tag %d in the SpMV cases", g);
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

static void minus_i64(void *z, const void *x, const void *y)
{
    *(int64_t *)z = *(const int64_t *)x - *(const int64_t *)y;
}

/* The generic path: every semiring and order against the same semiring applied to the reference
 * tuples in row-major order (all these monoids are exact, so order does not matter). */
static void test_spmv_generic(void **state)
{
    (void)state;
    uint64_t seed = 12;
    GrB_BinaryOp minus;
    OK(GrB_BinaryOp_new(&minus, minus_i64, GrB_INT64, GrB_INT64, GrB_INT64));
    GrB_Semiring plus_minus, plus_second;
    OK(GrB_Semiring_new(&plus_minus, GrB_PLUS_MONOID_INT64, minus));
    OK(GrB_Semiring_new(&plus_second, GrB_PLUS_MONOID_UINT64, GrB_SECOND_UINT64));
    struct {
        GrB_Semiring sr;
        GrB_Type atype; /* the matrix type (cast to the multiply's when different) */
        GrB_Type xtype; /* the vector type */
    } cases[] = {
        {GrB_PLUS_TIMES_SEMIRING_INT64, GrB_INT64, GrB_INT64},
        {GrB_MIN_PLUS_SEMIRING_INT32, GrB_INT32, GrB_INT32},
        {GrB_MAX_TIMES_SEMIRING_FP64, GrB_FP64, GrB_FP64},
        {GrB_PLUS_TIMES_SEMIRING_FP64, GrB_INT8, GrB_FP64}, /* not the fast path: a cast */
        {plus_minus, GrB_INT64, GrB_INT64},
        /* structural folds when the product is the vector's value (SECOND; FIRST vector first) */
        {GrB_MIN_SECOND_SEMIRING_INT64, GrB_FP64, GrB_INT64},
        {GrB_MAX_FIRST_SEMIRING_INT32, GrB_INT32, GrB_INT32},
        {plus_second, GrB_UINT64, GrB_UINT64},
    };
    int ncases = (int)(sizeof cases / sizeof cases[0]);
    for (int trial = 0; trial < 80; trial++) {
        int c = trial % ncases;
        GrB_Semiring sr = cases[c].sr;
        GrB_Type atype = cases[c].atype, xtype = cases[c].xtype, ztype = sr->add->op->ztype;
        GrB_Type mtype = sr->mul->xtype;
        OK(GG_hs_set_node_dim(trial % 3 == 0 ? 4 : 128));
        tuples t;
        random_tuples(&t, atype, 1 + rng_below(&seed, 3000), 1 + rng_below(&seed, 3000),
                      rng_below(&seed, 8000), &seed);
        bool flag = rng_below(&seed, 2), tran = rng_below(&seed, 2), vec_first = rng_below(&seed, 2);
        /* duplicates: the last one stays */
        tuples ref;
        reference(&t, NULL, false, &ref);
        GG_hs_matrix A;
        build_logical(&A, &ref, flag, NULL);
        GrB_Index nx = tran ? t.nrows : t.ncols, ny = tran ? t.ncols : t.nrows;
        size_t xs = xtype->size, zs = ztype->size;
        uint8_t *x = malloc(nx * xs + 1), *y = malloc(ny * zs + 1), *want = malloc(ny * zs + 1);
        bool *pres = calloc(ny + 1, 1), *got_pres = malloc(ny + 1);
        for (GrB_Index k = 0; k < nx; k++) random_value(xtype, rng_next(&seed), x + k * xs);
        for (GrB_Index k = 0; k < ny; k++) memcpy(want + k * zs, sr->add->identity, zs);
        GG_cast_fn to_m = atype == mtype ? NULL : GG_cast_get(mtype->code, atype->code);
        for (GrB_Index k = 0; k < ref.n; k++) {
            GrB_Index o = tran ? ref.J[k] : ref.I[k], in = tran ? ref.I[k] : ref.J[k];
            uint8_t a[16], prod[16], sum[16];
            if (to_m != NULL)
                to_m(a, ref.X + k * atype->size);
            else
                memcpy(a, ref.X + k * atype->size, atype->size);
            if (vec_first)
                sr->mul->f(prod, x + in * xs, a);
            else
                sr->mul->f(prod, a, x + in * xs);
            /* a row folds from its first term; the identity stays only in empty rows */
            if (pres[o]) {
                sr->add->op->f(sum, want + o * zs, prod);
                memcpy(want + o * zs, sum, zs);
            } else {
                memcpy(want + o * zs, prod, zs);
            }
            pres[o] = true;
        }
        GG_hs_set_build_parts((int[]){0, 1, 3, 7}[rng_below(&seed, 4)]);
        OK(GG_hs_mxv(y, got_pres, &A, tran, sr, x, vec_first));
        GG_hs_set_build_parts(0);
        if (ny > 0) assert_memory_equal(y, want, ny * zs);
        if (ny > 0) assert_memory_equal(got_pres, pres, ny);
        free(x);
        free(y);
        free(want);
        free(pres);
        free(got_pres);
        tuples_free(&ref);
        tuples_free(&t);
        GG_hs_free(&A);
    }
    OK(GrB_free(&plus_minus));
    OK(GrB_free(&plus_second));
    OK(GrB_free(&minus));
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

/* ---- eWiseAdd / eWiseMult ------------------------------------------------------------------------------- */

/* The reference result: merge the row-major references of A and B. Values: op on both, else the
 * one value cast to op's type (add); all the types here convert exactly through double. */
static void ewise_reference(const tuples *a, const tuples *b, GrB_BinaryOp op, bool mult,
                            double sa, double sb, tuples *out)
{
    tuples_init(out, op->ztype, a->nrows, a->ncols);
    GG_cast_fn za = GG_cast_get(op->ztype->code, GrB_FP64_CODE);
    GG_cast_fn xa = GG_cast_get(op->xtype->code, GrB_FP64_CODE);
    GG_cast_fn yb = GG_cast_get(op->ytype->code, GrB_FP64_CODE);
    GrB_Index p = 0, q = 0;
    uint8_t z[16], x[16], y[16];
    while (p < a->n || q < b->n) {
        int c;
        if (p == a->n)
            c = 1;
        else if (q == b->n)
            c = -1;
        else
            c = a->I[p] != b->I[q] ? (a->I[p] < b->I[q] ? -1 : 1)
                                   : (a->J[p] != b->J[q] ? (a->J[p] < b->J[q] ? -1 : 1) : 0);
        double va = c <= 0 ? as_double(a->type, a->X + p * a->type->size) * sa : 0;
        double vb = c >= 0 ? as_double(b->type, b->X + q * b->type->size) * sb : 0;
        if (c == 0) {
            xa(x, &va);
            yb(y, &vb);
            op->f(z, x, y);
            tuples_add(out, a->I[p++], b->J[q++], z);
        } else if (c < 0) {
            if (!mult) {
                za(z, &va);
                tuples_add(out, a->I[p], a->J[p], z);
            }
            p++;
        } else {
            if (!mult) {
                za(z, &vb);
                tuples_add(out, b->I[q], b->J[q], z);
            }
            q++;
        }
    }
}

static void test_ewise(void **state)
{
    (void)state;
    uint64_t seed = 13;
    struct {
        GrB_BinaryOp op;
        GrB_Type atype, btype;
    } cases[] = {
        {GrB_PLUS_FP64, GrB_FP64, GrB_FP64},
        {GrB_TIMES_FP64, GrB_FP64, GrB_FP64},
        {GrB_MINUS_FP64, GrB_FP64, GrB_FP64},  /* not commutative */
        {GrB_PLUS_FP64, GrB_INT32, GrB_FP32},  /* both cast */
        {GrB_MINUS_INT32, GrB_INT32, GrB_INT8},
        {GrB_FIRST_FP32, GrB_FP32, GrB_FP64},
        {GrB_LOR, GrB_BOOL, GrB_BOOL},         /* iso inputs, iso result */
    };
    GrB_Index shapes[][2] = {{1, 1}, {500, 700}, {20000, 300}, {1 << 21, 1 << 21}, {5, 5}};
    for (int trial = 0; trial < 140; trial++) {
        int c = (int)rng_below(&seed, 7);
        GrB_BinaryOp op = cases[c].op;
        bool mult = rng_below(&seed, 2), fa = rng_below(&seed, 2), fb = rng_below(&seed, 2);
        GrB_Index *shape = shapes[rng_below(&seed, 5)];
        int da = rng_below(&seed, 3) == 0 ? 4 : 128, db = rng_below(&seed, 4) == 0 ? 16 : da;
        tuples ta, tb;
        uint64_t na = rng_below(&seed, 3000), nb = rng_below(&seed, 3000);
        uint64_t shared = rng_next(&seed);
        uint64_t s1 = shared;
        random_tuples(&ta, cases[c].atype, shape[0], shape[1], na, &s1);
        /* B shares a prefix of A's positions (same seed), then goes its own way */
        uint64_t s2 = shared;
        random_tuples(&tb, cases[c].btype, shape[0], shape[1], nb, &s2);
        if (cases[c].atype == GrB_BOOL) {
            for (GrB_Index k = 0; k < ta.n; k++) ta.X[k] = 1;
            for (GrB_Index k = 0; k < tb.n; k++) tb.X[k] = 1;
        }
        GG_hs_matrix A, B, C;
        OK(GG_hs_set_node_dim(da));
        tuples ra, rb;
        reference(&ta, NULL, false, &ra);
        reference(&tb, NULL, false, &rb);
        build_logical(&A, &ra, fa, NULL);
        OK(GG_hs_set_node_dim(db));
        build_logical(&B, &rb, fb, NULL);
        double sa = 1, sb = 1;
        if (cases[c].atype == GrB_FP64 && rng_below(&seed, 3) == 0) OK(GG_hs_set_scale(&A, sa = 2));
        if (cases[c].btype == GrB_FP32 && rng_below(&seed, 3) == 0) OK(GG_hs_set_scale(&B, sb = 0.5));
        OK(GG_hs_ewise(&C, &A, &B, op, mult));
        check_tree(&C);
        assert_int_equal(GG_hs_nrows(&C), shape[0]);
        assert_int_equal(GG_hs_ncols(&C), shape[1]);
        tuples want;
        ewise_reference(&ra, &rb, op, mult, sa, sb, &want);
        expect_coo(&C, &want);
        if (cases[c].atype == GrB_BOOL && want.n > 0) assert_true(C.iso);
        tuples_free(&want);
        tuples_free(&ra);
        tuples_free(&rb);
        tuples_free(&ta);
        tuples_free(&tb);
        GG_hs_free(&A);
        GG_hs_free(&B);
        GG_hs_free(&C);
    }
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

static void test_ewise_dimension_mismatch(void **state)
{
    (void)state;
    GG_hs_matrix A, B, C;
    GG_hs_init(&A, GrB_FP64, 3, 4);
    GG_hs_init(&B, GrB_FP64, 3, 4);
    memset(&C, 0x77, sizeof C);
    GG_hs_matrix before = C;
    GG_hs_transpose(&B);
    assert_int_equal(GG_hs_ewise(&C, &A, &B, GrB_PLUS_FP64, false), GrB_DIMENSION_MISMATCH);
    assert_memory_equal(&C, &before, sizeof C);
    GG_hs_transpose(&B);
    OK(GG_hs_ewise(&C, &A, &B, GrB_PLUS_FP64, false));
    check_tree(&C);
    assert_int_equal(C.nvals, 0);
    GG_hs_free(&C);
}


/* The entries per leaf level a tree keeps for SpMV's band width (GG_hs_matrix.level_nvals): the
 * first SpMV over several parts counts them, copies carry them, GG_hs_free forgets them, and the
 * result never depends on them (kept counts that are wrong change the band width alone). */
static void test_spmv_level_counts(void **state)
{
    (void)state;
#ifdef _OPENMP
    int threads = omp_get_max_threads();
    omp_set_num_threads(4); /* bands are chosen only when SpMV runs in several parts */
    uint64_t seed = 5;
    for (int trial = 0; trial < 4; trial++) {
        OK(GG_hs_set_node_dim(trial < 2 ? 8 : 128));
        GG_hs_set_build_parts(0);
        tuples t; /* uniform: enough distinct entries for several parts */
        tuples_init(&t, GrB_FP64, 30000, 30000);
        for (int k = 0; k < 200000; k++) {
            double v = (double)rng_below(&seed, 9);
            tuples_add(&t, rng_below(&seed, 30000), rng_below(&seed, 30000), &v);
        }
        GG_hs_matrix A;
        build_ok(&A, &t, GrB_PLUS_FP64, 0);
        assert_int_equal(A.levels_kept, 0);
        assert_true(A.height <= GG_HS_LEVELS_KEPT);
        GrB_Index n = t.nrows;
        double *x = malloc(n * sizeof *x), *y1 = malloc(n * sizeof *y1), *y2 = malloc(n * sizeof *y2);
        bool *p1 = malloc(n), *p2 = malloc(n);
        for (GrB_Index k = 0; k < n; k++) x[k] = (double)((int64_t)rng_below(&seed, 17) - 8) / 2;
        bool tran = trial % 2;
        OK(GG_hs_mxv(y1, p1, &A, tran, GrB_PLUS_TIMES_SEMIRING_FP64, x, false));
        assert_int_equal(A.levels_kept, 1);
        GG_hs_report rep;
        OK(GG_hs_stats(&A, &rep));
        for (int l = 1; l <= A.height; l++) {
            uint64_t leaf = 0;
            for (int g = 0; g < GG_HS_NTAGS; g++)
                if (!hs_is_inner(g)) leaf += rep.entries[l][g];
            assert_int_equal(A.level_nvals[l - 1], leaf);
        }
        /* a copy carries the counts and gives the same result with them */
        GG_hs_matrix B = A;
        assert_int_equal(B.levels_kept, 1);
        OK(GG_hs_mxv(y2, p2, &B, tran, GrB_PLUS_TIMES_SEMIRING_FP64, x, false));
        assert_memory_equal(y1, y2, n * sizeof *y1);
        assert_memory_equal(p1, p2, n);
        /* wrong counts (every entry in the root's level) move the band width, not the result */
        for (int l = 1; l <= A.height; l++) B.level_nvals[l - 1] = l == A.height ? A.nvals : 0;
        OK(GG_hs_mxv(y2, p2, &B, tran, GrB_PLUS_TIMES_SEMIRING_FP64, x, false));
        assert_memory_equal(y1, y2, n * sizeof *y1);
        assert_memory_equal(p1, p2, n);
        GG_hs_free(&A);
        assert_int_equal(A.levels_kept, 0);
        free(x), free(y1), free(y2), free(p1), free(p2);
        tuples_free(&t);
    }
    omp_set_num_threads(threads);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spmv_plus_times),
        cmocka_unit_test(test_spmv_generic),
        cmocka_unit_test(test_spmv_level_counts),
        cmocka_unit_test(test_ewise),
        cmocka_unit_test(test_ewise_dimension_mismatch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
