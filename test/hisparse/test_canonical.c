/* test_canonical.c: HiSparse as the canonical storage of every GrB_Matrix, through the public API
 * plus the store's GG_view_hs and the invariant checker: exact tuple round trips through build,
 * extractTuples, dup, transpose and serialize for edge dimensions (0, 1, 2^60), empty matrices,
 * one entry at (2^60-2, 2^60-2), dense rows, duplicates and every node kind (inner dense and
 * COO1/2/4, dense and bitmap leaves, COO1/2/4 leaves at level 1 and higher up to a 2^60 root),
 * with values and iso; O(1) transpose and dup (the result shares the pool); copy-on-write after
 * writes to either side of a shared tree; transposed trees as inputs of the tree traversals
 * (mxv/vxm, eWiseAdd/eWiseMult) and of operations through the views; pending updates merged into
 * the tree against a model; GxG_HS_NODE_DIM through GrB_get/GrB_set; allocation failure leaving
 * the matrix unchanged. */
#include "hs_test.h"
#include "GG_test.h"

#define HUGE_DIM (GrB_INDEX_MAX + 1) /* 2^60 */

static bool hs_is_inner_tag(int g)
{
    return g >= GG_HS_INNER_DENSE && g <= GG_HS_INNER_COO4;
}

/* The canonical tree of A, checked. */
static const GG_hs_matrix *tree_of(GrB_Matrix A)
{
    const GG_hs_matrix *h;
    OK(GG_view_hs(GG_MAT(A), &h));
    check_tree(h);
    return h;
}

static GrB_Matrix make(const tuples *t, GrB_BinaryOp dup)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, t->nrows, t->ncols));
    GrB_Index none = 0;
    double zero = 0;
    if (t->n == 0)
        OK(GrB_Matrix_build_FP64(A, &none, &none, &zero, 0, dup));
    else
        OK(GrB_Matrix_build_FP64(A, t->I, t->J, (const double *)t->X, t->n, dup));
    return A;
}

/* A's tuples (through extractTuples) equal ref, sorted by rows, and its tree passes the checker. */
static void expect_tuples(GrB_Matrix A, const tuples *ref)
{
    GrB_Index nr, nc, n;
    OK(GrB_Matrix_nrows(&nr, A));
    OK(GrB_Matrix_ncols(&nc, A));
    assert_int_equal(nr, ref->nrows);
    assert_int_equal(nc, ref->ncols);
    OK(GrB_Matrix_nvals(&n, A));
    assert_int_equal(n, ref->n);
    const GG_hs_matrix *h = tree_of(A);
    assert_int_equal(GG_hs_nrows(h), nr);
    assert_int_equal(GG_hs_ncols(h), nc);
    GrB_Index *I = malloc((n + 1) * sizeof *I), *J = malloc((n + 1) * sizeof *J);
    double *X = malloc((n + 1) * sizeof *X);
    assert_true(I != NULL && J != NULL && X != NULL);
    OK(GrB_Matrix_extractTuples_FP64(I, J, X, &n, A));
    assert_int_equal(n, ref->n);
    for (GrB_Index k = 0; k < n; k++) {
        double x;
        memcpy(&x, ref->X + k * sizeof x, sizeof x);
        if (I[k] != ref->I[k] || J[k] != ref->J[k] || X[k] != x)
            fail_msg("entry %llu: (%llu, %llu, %g), expected (%llu, %llu, %g)",
                     (unsigned long long)k, (unsigned long long)I[k], (unsigned long long)J[k],
                     X[k], (unsigned long long)ref->I[k], (unsigned long long)ref->J[k], x);
    }
    free(I);
    free(J);
    free(X);
}

static GrB_Matrix serialize_copy(GrB_Matrix A)
{
    GrB_Matrix C;
    OK(GG_test_serialize_copy(&C, A, GrB_FP64));
    return C;
}

/* Every way of copying t's matrix keeps its tuples exactly: build, dup, transpose (O(1), twice),
 * serialize of the matrix and of its transpose. */
static void roundtrip(const tuples *t, GrB_BinaryOp dup)
{
    tuples ref, tref;
    reference(t, dup, false, &ref);
    reference(t, dup, true, &tref);
    GrB_Matrix A = make(t, dup), D, T, TT, S, ST;
    expect_tuples(A, &ref);
    OK(GrB_Matrix_dup(&D, A));
    expect_tuples(D, &ref);
    OK(GrB_Matrix_new(&T, GrB_FP64, t->ncols, t->nrows));
    OK(GrB_transpose(T, NULL, NULL, A, NULL));
    expect_tuples(T, &tref);
    OK(GrB_Matrix_new(&TT, GrB_FP64, t->nrows, t->ncols));
    OK(GrB_transpose(TT, NULL, NULL, T, NULL));
    expect_tuples(TT, &ref);
    S = serialize_copy(A);
    expect_tuples(S, &ref);
    ST = serialize_copy(T);
    expect_tuples(ST, &tref);
    GrB_Matrix all[] = {A, D, T, TT, S, ST};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) OK(GrB_Matrix_free(&all[k]));
    tuples_free(&ref);
    tuples_free(&tref);
}

static void add(tuples *t, GrB_Index i, GrB_Index j, uint64_t *seed)
{
    double x = (double)(int)(rng_below(seed, 19) - 9) / 8;
    tuples_add(t, i, j, &x);
}

static void test_edge_inputs(void **state)
{
    (void)state;
    uint64_t seed = 1;
    tuples t;
    GrB_Index dims[][2] = {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {1, 1000}, {1000, 1}, {HUGE_DIM, HUGE_DIM}};
    for (size_t q = 0; q < sizeof dims / sizeof dims[0]; q++) {
        tuples_init(&t, GrB_FP64, dims[q][0], dims[q][1]);
        roundtrip(&t, NULL); /* empty */
        if (dims[q][0] > 0 && dims[q][1] > 0) {
            add(&t, dims[q][0] - 1, dims[q][1] - 1, &seed);
            if (dims[q][0] > 1 || dims[q][1] > 1) add(&t, 0, 0, &seed);
            roundtrip(&t, NULL);
        }
        tuples_free(&t);
    }
    /* one entry at (2^60-2, 2^60-2), in the largest matrix and in one just big enough */
    GrB_Index big[] = {HUGE_DIM, HUGE_DIM - 1};
    for (size_t q = 0; q < 2; q++) {
        tuples_init(&t, GrB_FP64, big[q], big[q]);
        add(&t, HUGE_DIM - 2, HUGE_DIM - 2, &seed);
        roundtrip(&t, NULL);
        tuples_free(&t);
    }
    /* all-dense rows (some spanning several leaves), rectangular */
    tuples_init(&t, GrB_FP64, 300, 700);
    for (GrB_Index i = 0; i < 300; i += 37)
        for (GrB_Index j = 0; j < 700; j++) add(&t, i, j, &seed);
    roundtrip(&t, NULL);
    tuples_free(&t);
    /* duplicates, combined by PLUS in input order (values stay exact), and a fully dense matrix */
    tuples_init(&t, GrB_FP64, 200, 200);
    for (int k = 0; k < 20000; k++) add(&t, rng_below(&seed, 200), rng_below(&seed, 200), &seed);
    roundtrip(&t, GrB_PLUS_FP64);
    tuples_free(&t);
    /* an iso matrix (every value equal: the tree stores none) */
    tuples_init(&t, GrB_FP64, 5000, 3000);
    double one = 1;
    for (int k = 0; k < 3000; k++) tuples_add(&t, rng_below(&seed, 5000), rng_below(&seed, 3000), &one);
    roundtrip(&t, GrB_FIRST_FP64);
    GrB_Matrix A = make(&t, GrB_FIRST_FP64);
    assert_true(tree_of(A)->iso);
    OK(GrB_Matrix_free(&A));
    tuples_free(&t);
}

/* Patterns that make every node kind: inner dense and COO1/2/4 nodes, dense and bitmap leaves,
 * COO1/2/4 leaves both at level 1 and higher up (levels 2 to 9, up to the root of a 2^60 matrix),
 * with values or iso (pattern-only: no value stored in any leaf). Each round-trips through
 * GrB_Matrix_build, dup, transpose and serialize. */
static void node_kinds(bool iso)
{
    static uint64_t seen[GG_HS_MAX_LEVELS + 1][GG_HS_NTAGS];
    memset(seen, 0, sizeof seen);
    uint64_t seed = 6;
    tuples t[10];
    int nt = 0;
    /* COO1/2/4 leaves of 1, 2, 4 and 7 entries, a bitmap and a dense leaf, under a sparse node */
    tuples_init(&t[nt], GrB_FP64, 1000, 1000);
    add(&t[nt], 0, 0, &seed);
    add(&t[nt], 200, 200, &seed);
    add(&t[nt], 201, 205, &seed);
    for (int k = 0; k < 4; k++) add(&t[nt], 300 + k, 300, &seed);
    for (int k = 0; k < 7; k++) add(&t[nt], 400 + k, 400 + 3 * k, &seed);
    for (GrB_Index i = 512; i < 640; i++)
        for (GrB_Index j = 512; j < 640; j += 2) add(&t[nt], i, j, &seed);
    for (GrB_Index i = 768; i < 896; i++)
        for (GrB_Index j = 0; j < 128; j++) add(&t[nt], i, j, &seed);
    nt++;
    /* one, then three full blocks: inner COO nodes (COO1, COO4) over dense leaves */
    for (int blocks = 1; blocks <= 3; blocks += 2, nt++) {
        tuples_init(&t[nt], GrB_FP64, 5000, 5000);
        for (int q = 0; q < blocks; q++)
            for (GrB_Index i = 0; i < 128; i++)
                for (GrB_Index j = 0; j < 128; j++) add(&t[nt], 1024 + i, 2048 + 512 * q + j, &seed);
    }
    /* a 4 x 4 cluster in every block of a 2^14 square: a dense inner node */
    tuples_init(&t[nt], GrB_FP64, 1 << 14, 1 << 14);
    for (GrB_Index bi = 0; bi < 128; bi++)
        for (GrB_Index bj = 0; bj < 128; bj++)
            for (int k = 0; k < 16; k++) add(&t[nt], bi * 128 + k / 4, bj * 128 + k % 4, &seed);
    nt++;
    /* scattered entries: wide COO leaves at levels 2, 3, 5 and (2^60) the root at level 9; the
     * 2^60 matrix gets 1, 2 and 8 entries, a root leaf of each COO kind */
    GrB_Index dims[] = {1 << 14, 1 << 21, 1ULL << 34, HUGE_DIM, HUGE_DIM};
    int counts[] = {2000, 2000, 2000, 8, 1};
    for (size_t q = 0; q < 5; q++, nt++) {
        tuples_init(&t[nt], GrB_FP64, dims[q], dims[q]);
        for (int k = 0; k < counts[q]; k++)
            add(&t[nt], rng_below(&seed, dims[q]), rng_below(&seed, dims[q]), &seed);
        if (q == 4) add(&t[nt], HUGE_DIM - 2, HUGE_DIM - 2, &seed);
    }
    /* a lone entry per 2^60 tree: the root is a COO1 leaf */
    tuples_init(&t[nt], GrB_FP64, HUGE_DIM, HUGE_DIM);
    add(&t[nt], HUGE_DIM - 2, 1, &seed);
    nt++;
    assert_true(nt <= (int)(sizeof t / sizeof t[0]));
    /* iso: every value 1, duplicates folded by FIRST so the tree stays iso */
    GrB_BinaryOp dup = iso ? GrB_FIRST_FP64 : GrB_PLUS_FP64;
    int max_level = 0;
    for (int q = 0; q < nt; q++) {
        double one = 1;
        for (GrB_Index k = 0; iso && k < t[q].n; k++) memcpy(t[q].X + k * sizeof one, &one, sizeof one);
        roundtrip(&t[q], dup);
        GrB_Matrix A = make(&t[q], dup);
        const GG_hs_matrix *h = tree_of(A);
        if (iso) assert_true(h->iso); /* (one entry alone is iso either way) */
        GG_hs_report s;
        OK(GG_hs_stats(h, &s));
        for (int l = 0; l <= GG_HS_MAX_LEVELS; l++)
            for (int g = 0; g < GG_HS_NTAGS; g++) {
                seen[l][g] += s.nodes[l][g];
                if (s.nodes[l][g] > 0 && l > max_level) max_level = l;
            }
        OK(GrB_Matrix_free(&A));
        tuples_free(&t[q]);
    }
    for (int g = GG_HS_INNER_DENSE; g < GG_HS_NTAGS; g++) {
        uint64_t low = seen[1][g], high = 0;
        for (int l = 2; l <= GG_HS_MAX_LEVELS; l++) high += seen[l][g];
        bool leaf_coo = g >= GG_HS_LEAF_COO1;
        /* inner nodes live at levels >= 2, dense and bitmap leaves at level 1, COO leaves at both */
        if ((hs_is_inner_tag(g) || leaf_coo) && high == 0)
            fail_msg("iso %d: no node of tag %d above level 1", iso, g);
        if (!hs_is_inner_tag(g) && low == 0) fail_msg("iso %d: no node of tag %d at level 1", iso, g);
    }
    for (int g = GG_HS_LEAF_COO1; g <= GG_HS_LEAF_COO4; g++)
        if (seen[9][g] == 0) fail_msg("iso %d: no root leaf of tag %d at level 9", iso, g);
    assert_int_equal(max_level, 9);
}

static void test_every_node_kind(void **state)
{
    (void)state;
    node_kinds(false);
    node_kinds(true);
}

/* Transpose and dup are O(1): the result shares the pool; only the flag differs. */
static void test_o1_transpose_and_dup(void **state)
{
    (void)state;
    uint64_t seed = 3;
    tuples t, ref, tref;
    tuples_init(&t, GrB_FP64, 3000, 2000);
    for (int k = 0; k < 5000; k++) add(&t, rng_below(&seed, 3000), rng_below(&seed, 2000), &seed);
    reference(&t, GrB_PLUS_FP64, false, &ref);
    reference(&t, GrB_PLUS_FP64, true, &tref);
    GrB_Matrix A = make(&t, GrB_PLUS_FP64), C, D, E;
    const GG_hs_matrix *a = tree_of(A);
    assert_false(a->transposed);

    OK(GrB_Matrix_new(&C, GrB_FP64, 2000, 3000));
    OK(GrB_transpose(C, NULL, NULL, A, NULL));
    const GG_hs_matrix *c = tree_of(C);
    assert_ptr_equal(c->pool, a->pool);
    assert_true(c->transposed);
    assert_int_equal(atomic_load(&a->pool->refs), 2);
    expect_tuples(C, &tref);

    /* a transposing descriptor cancels the transpose: a shared, unflipped copy */
    OK(GrB_Matrix_new(&E, GrB_FP64, 3000, 2000));
    OK(GrB_transpose(E, NULL, NULL, A, GrB_DESC_T0));
    assert_ptr_equal(tree_of(E)->pool, a->pool);
    assert_false(tree_of(E)->transposed);
    expect_tuples(E, &ref);
    OK(GrB_Matrix_free(&E));

    OK(GrB_Matrix_dup(&D, C));
    assert_ptr_equal(tree_of(D)->pool, a->pool);
    assert_true(tree_of(D)->transposed);
    expect_tuples(D, &tref);
    OK(GrB_Matrix_free(&D));
    OK(GrB_Matrix_free(&C));
    assert_int_equal(atomic_load(&a->pool->refs), 1);

    /* C == A (square): the flag flips in place */
    GrB_Matrix S;
    OK(GrB_Matrix_new(&S, GrB_FP64, 2000, 2000));
    OK(GrB_Matrix_setElement_FP64(S, 2, 5, 7));
    OK(GrB_Matrix_setElement_FP64(S, 3, 1999, 0));
    GG_hs_pool *p = tree_of(S)->pool;
    OK(GrB_transpose(S, NULL, NULL, S, NULL));
    assert_ptr_equal(tree_of(S)->pool, p);
    assert_true(tree_of(S)->transposed);
    double x = 0;
    OK(GrB_Matrix_extractElement_FP64(&x, S, 7, 5));
    assert_true(x == 2);
    OK(GrB_Matrix_extractElement_FP64(&x, S, 0, 1999));
    assert_true(x == 3);
    assert_int_equal(GrB_Matrix_extractElement_FP64(&x, S, 5, 7), GrB_NO_VALUE);
    OK(GrB_Matrix_free(&S));

    /* with an accumulator, or another type, the general path runs: no sharing, same result */
    OK(GrB_Matrix_new(&C, GrB_FP64, 2000, 3000));
    OK(GrB_transpose(C, NULL, GrB_PLUS_FP64, A, NULL));
    assert_ptr_not_equal(tree_of(C)->pool, a->pool);
    expect_tuples(C, &tref);
    OK(GrB_Matrix_free(&C));
    OK(GrB_Matrix_new(&C, GrB_FP32, 2000, 3000));
    OK(GrB_transpose(C, NULL, NULL, A, NULL));
    assert_ptr_not_equal(tree_of(C)->pool, a->pool);
    GrB_Index n;
    OK(GrB_Matrix_nvals(&n, C));
    assert_int_equal(n, tref.n);
    OK(GrB_Matrix_free(&C));

    OK(GrB_Matrix_free(&A));
    tuples_free(&t);
    tuples_free(&ref);
    tuples_free(&tref);
}

/* Writes to one side of a shared tree never show on the other (copy-on-write). */
static void test_shared_then_written(void **state)
{
    (void)state;
    uint64_t seed = 4;
    tuples t, ref, tref;
    tuples_init(&t, GrB_FP64, 600, 600);
    for (int k = 0; k < 4000; k++) add(&t, rng_below(&seed, 600), rng_below(&seed, 600), &seed);
    reference(&t, GrB_PLUS_FP64, false, &ref);
    reference(&t, GrB_PLUS_FP64, true, &tref);
    GrB_Matrix A = make(&t, GrB_PLUS_FP64), D, T;
    for (int side = 0; side < 4; side++) {
        OK(GrB_Matrix_dup(&D, A));
        OK(GrB_Matrix_new(&T, GrB_FP64, 600, 600));
        OK(GrB_transpose(T, NULL, NULL, A, NULL));
        GrB_Matrix w = side == 0 || side == 3 ? D : side == 1 ? T : A;
        if (side < 3) {
            /* an existing entry (not updated in place while shared), a new one, a removal */
            double x = 1000 + side;
            OK(GrB_Matrix_setElement_FP64(w, x, ref.I[0], ref.J[0]));
            OK(GrB_Matrix_setElement_FP64(w, x, 599, 598));
            OK(GrB_Matrix_removeElement(w, ref.I[1], ref.J[1]));
        } else {
            /* an operation's write-back into a shared matrix: D = D + D */
            OK(GrB_Matrix_eWiseAdd_BinaryOp(D, NULL, NULL, GrB_PLUS_FP64, D, D, NULL));
        }
        GrB_Index n;
        OK(GrB_Matrix_nvals(&n, w));
        tree_of(w);
        if (w != A) expect_tuples(A, &ref);
        if (w != D) expect_tuples(D, &ref);
        if (w != T) expect_tuples(T, &tref);
        if (w == A) {
            /* restore A for the next round */
            OK(GrB_Matrix_free(&A));
            A = make(&t, GrB_PLUS_FP64);
        }
        OK(GrB_Matrix_free(&D));
        OK(GrB_Matrix_free(&T));
    }
    OK(GrB_Matrix_free(&A));
    tuples_free(&t);
    tuples_free(&ref);
    tuples_free(&tref);
}

/* A transposed tree is an ordinary input: results equal those through a transposing descriptor. */
static void test_transposed_inputs(void **state)
{
    (void)state;
    uint64_t seed = 5;
    tuples t;
    tuples_init(&t, GrB_FP64, 700, 500);
    for (int k = 0; k < 6000; k++) add(&t, rng_below(&seed, 700), rng_below(&seed, 500), &seed);
    GrB_Matrix A = make(&t, GrB_PLUS_FP64), T, C1, C2;
    OK(GrB_Matrix_new(&T, GrB_FP64, 500, 700));
    OK(GrB_transpose(T, NULL, NULL, A, NULL));
    GrB_Vector u, w1, w2;
    OK(GrB_Vector_new(&u, GrB_FP64, 700));
    for (GrB_Index i = 0; i < 700; i += 3) OK(GrB_Vector_setElement_FP64(u, (double)(i % 7), i));
    OK(GrB_Vector_new(&w1, GrB_FP64, 500));
    OK(GrB_Vector_new(&w2, GrB_FP64, 500));
    OK(GrB_mxv(w1, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, T, u, NULL));
    OK(GrB_mxv(w2, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, u, GrB_DESC_T0));
    GrB_Index n1, n2;
    OK(GrB_Vector_nvals(&n1, w1));
    OK(GrB_Vector_nvals(&n2, w2));
    assert_int_equal(n1, n2);
    for (GrB_Index i = 0; i < 500; i++) {
        double a = -1, b = -1;
        GrB_Info ia = GrB_Vector_extractElement_FP64(&a, w1, i);
        GrB_Info ib = GrB_Vector_extractElement_FP64(&b, w2, i);
        assert_int_equal(ia, ib);
        assert_true(a == b);
    }
    OK(GrB_Matrix_new(&C1, GrB_FP64, 500, 500));
    OK(GrB_Matrix_new(&C2, GrB_FP64, 500, 500));
    OK(GrB_mxm(C1, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, T, A, NULL));
    OK(GrB_mxm(C2, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, GrB_DESC_T0));
    OK(GrB_Matrix_nvals(&n1, C1));
    OK(GrB_Matrix_nvals(&n2, C2));
    assert_int_equal(n1, n2);
    OK(GrB_Matrix_eWiseAdd_BinaryOp(C1, NULL, NULL, GrB_MINUS_FP64, C1, C2, NULL));
    OK(GrB_Matrix_select_FP64(C1, NULL, NULL, GrB_VALUENE_FP64, C1, 0, NULL));
    OK(GrB_Matrix_nvals(&n1, C1));
    assert_int_equal(n1, 0);
    GrB_Matrix objs[] = {A, T, C1, C2};
    for (size_t k = 0; k < 4; k++) OK(GrB_Matrix_free(&objs[k]));
    OK(GrB_Vector_free(&u));
    OK(GrB_Vector_free(&w1));
    OK(GrB_Vector_free(&w2));
    tuples_free(&t);
}

/* ---- a dense picture of a small matrix, for the operation tests -------------------------------- */

typedef struct {
    GrB_Index nrows, ncols;
    bool *has;
    double *x;
} dense;

static void dense_init(dense *D, GrB_Index nrows, GrB_Index ncols)
{
    D->nrows = nrows;
    D->ncols = ncols;
    D->has = calloc(nrows * ncols + 1, sizeof *D->has);
    D->x = calloc(nrows * ncols + 1, sizeof *D->x);
    assert_true(D->has != NULL && D->x != NULL);
}

static void dense_free(dense *D)
{
    free(D->has);
    free(D->x);
}

/* The picture of the unique tuples ref, transposed when tran. */
static void dense_of(dense *D, const tuples *ref, bool tran)
{
    dense_init(D, tran ? ref->ncols : ref->nrows, tran ? ref->nrows : ref->ncols);
    for (GrB_Index k = 0; k < ref->n; k++) {
        GrB_Index p = tran ? ref->J[k] * D->ncols + ref->I[k] : ref->I[k] * D->ncols + ref->J[k];
        D->has[p] = true;
        memcpy(&D->x[p], ref->X + k * sizeof(double), sizeof(double));
    }
}

/* D's entries as sorted tuples. */
static void tuples_of_dense(tuples *t, const dense *D)
{
    tuples_init(t, GrB_FP64, D->nrows, D->ncols);
    for (GrB_Index p = 0; p < D->nrows * D->ncols; p++)
        if (D->has[p]) tuples_add(t, p / D->ncols, p % D->ncols, &D->x[p]);
}

/* A (FP64) holds exactly D's entries, and its tree passes the checker. */
static void expect_dense(GrB_Matrix A, const dense *D)
{
    tuples t;
    tuples_of_dense(&t, D);
    expect_tuples(A, &t);
    tuples_free(&t);
}

/* y = R x over PLUS_TIMES (min_plus false) or MIN_PLUS, x present where xp; yp says which rows
 * got a term. */
static void ref_mv(const dense *R, const double *x, const bool *xp, bool min_plus, double *y,
                   bool *yp)
{
    for (GrB_Index i = 0; i < R->nrows; i++) {
        yp[i] = false;
        y[i] = 0;
        for (GrB_Index j = 0; j < R->ncols; j++) {
            GrB_Index p = i * R->ncols + j;
            if (!R->has[p] || !xp[j]) continue;
            double z = min_plus ? R->x[p] + x[j] : R->x[p] * x[j];
            y[i] = !yp[i] ? z : min_plus ? (z < y[i] ? z : y[i]) : y[i] + z;
            yp[i] = true;
        }
    }
}

/* w holds exactly y where yp. */
static void expect_vector(GrB_Vector w, const double *y, const bool *yp, GrB_Index n)
{
    GrB_Index nv, want = 0;
    OK(GrB_Vector_nvals(&nv, w));
    for (GrB_Index i = 0; i < n; i++) {
        want += yp[i];
        double z = 0;
        GrB_Info info = GrB_Vector_extractElement_FP64(&z, w, i);
        assert_int_equal(info, yp[i] ? GrB_SUCCESS : GrB_NO_VALUE);
        if (yp[i] && z != y[i]) fail_msg("w(%llu) = %g, expected %g", (unsigned long long)i, z, y[i]);
    }
    assert_int_equal(nv, want);
}

/* out = D1 op D2 (union when add, else intersection), op PLUS or TIMES. */
static void ref_ewise(const dense *D1, const dense *D2, bool add, bool times, dense *out)
{
    dense_init(out, D1->nrows, D1->ncols);
    for (GrB_Index p = 0; p < D1->nrows * D1->ncols; p++) {
        bool a = D1->has[p], b = D2->has[p];
        if (a && b)
            out->x[p] = times ? D1->x[p] * D2->x[p] : D1->x[p] + D2->x[p];
        else if (add && (a || b))
            out->x[p] = a ? D1->x[p] : D2->x[p];
        else
            continue;
        out->has[p] = true;
    }
}

/* A transposed tree (the flag, set by an O(1) GrB_transpose) as the input of every operation
 * family the CPU backend runs on the tree — mxv/vxm with a full vector (SpMV, SpMV'), eWiseAdd
 * and eWiseMult of two matrices (the dual traversal) — and of the same operations when they go
 * through the views (a vector with a hole, a mask, an accumulator, another output type), and of
 * reduce, apply, select and extract (views): every result equals one computed from the tuples. */
static void test_transposed_operations(void **state)
{
    (void)state;
    uint64_t seed = 12;
    enum { M = 300, N = 200 };
    tuples ta, tb;
    tuples_init(&ta, GrB_FP64, M, N);
    tuples_init(&tb, GrB_FP64, N, M);
    for (int k = 0; k < 4000; k++) add(&ta, rng_below(&seed, M), rng_below(&seed, N), &seed);
    for (int k = 0; k < 3000; k++) add(&tb, rng_below(&seed, N), rng_below(&seed, M), &seed);
    /* a dense block, so some leaves are dense or bitmap */
    for (GrB_Index i = 128; i < 256; i++)
        for (GrB_Index j = 0; j < 128; j += 1 + (i & 1)) add(&ta, i, j, &seed);
    tuples ra, rb;
    reference(&ta, GrB_PLUS_FP64, false, &ra);
    reference(&tb, GrB_PLUS_FP64, false, &rb);
    dense DA, DAt, DB, DBt;
    dense_of(&DA, &ra, false);
    dense_of(&DAt, &ra, true);
    dense_of(&DB, &rb, false);
    dense_of(&DBt, &rb, true);
    GrB_Matrix A = make(&ta, GrB_PLUS_FP64), B = make(&tb, GrB_PLUS_FP64), T, U, C;
    OK(GrB_Matrix_new(&T, GrB_FP64, N, M));
    OK(GrB_transpose(T, NULL, NULL, A, NULL)); /* T = A', flagged */
    OK(GrB_Matrix_new(&U, GrB_FP64, M, N));
    OK(GrB_transpose(U, NULL, NULL, B, NULL)); /* U = B', flagged */
    assert_true(tree_of(T)->transposed && tree_of(U)->transposed);

    /* mxv / vxm: X in {A, T}, with and without the transposing descriptor; R is the matrix the
     * product multiplies by: op(X) for mxv, op(X)' for vxm */
    double x[M], y[M];
    bool xp[M], yp[M];
    for (int vxm = 0; vxm < 2; vxm++)
        for (int flagged = 0; flagged < 2; flagged++)
            for (int tran = 0; tran < 2; tran++)
                for (int hole = 0; hole < 2; hole++)
                    for (int mp = 0; mp < 2; mp++) {
                        const dense *R = (flagged ^ tran ^ vxm) ? &DAt : &DA;
                        GrB_Index n = R->ncols, m = R->nrows;
                        GrB_Vector u, w;
                        OK(GrB_Vector_new(&u, GrB_FP64, n));
                        OK(GrB_Vector_new(&w, GrB_FP64, m));
                        for (GrB_Index j = 0; j < n; j++) {
                            /* a full u takes the tree; one hole sends it through the views */
                            xp[j] = !(hole && j == n / 2);
                            x[j] = (double)(int)rng_below(&seed, 9) - 4;
                            if (xp[j]) OK(GrB_Vector_setElement_FP64(u, x[j], j));
                        }
                        ref_mv(R, x, xp, mp, y, yp);
                        GrB_Semiring sr = mp ? GrB_MIN_PLUS_SEMIRING_FP64 : GrB_PLUS_TIMES_SEMIRING_FP64;
                        GrB_Matrix X = flagged ? T : A;
                        GrB_Descriptor d = !tran ? NULL : vxm ? GrB_DESC_T1 : GrB_DESC_T0;
                        if (vxm)
                            OK(GrB_vxm(w, NULL, NULL, sr, u, X, d));
                        else
                            OK(GrB_mxv(w, NULL, NULL, sr, X, u, d));
                        expect_vector(w, y, yp, m);
                        OK(GrB_Vector_free(&u));
                        OK(GrB_Vector_free(&w));
                    }

    /* eWise on the trees: one input flagged, both flagged (with a descriptor undoing one), the
     * same flagged tree twice */
    struct {
        GrB_Matrix X, Y;
        GrB_Descriptor d;
        const dense *DX, *DY;
        bool add;
    } ew[] = {
        {A, U, NULL, &DA, &DBt, true},       {T, B, NULL, &DAt, &DB, true},
        {T, U, GrB_DESC_T1, &DAt, &DB, true}, {U, T, GrB_DESC_T1, &DBt, &DA, false},
        {A, B, GrB_DESC_T1, &DA, &DBt, false}, {T, T, NULL, &DAt, &DAt, true},
        {U, T, GrB_DESC_T0, &DB, &DAt, false},
    };
    for (size_t q = 0; q < sizeof ew / sizeof ew[0]; q++) {
        dense want;
        ref_ewise(ew[q].DX, ew[q].DY, ew[q].add, !ew[q].add, &want);
        OK(GrB_Matrix_new(&C, GrB_FP64, want.nrows, want.ncols));
        if (ew[q].add)
            OK(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, ew[q].X, ew[q].Y, ew[q].d));
        else
            OK(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, ew[q].X, ew[q].Y, ew[q].d));
        expect_dense(C, &want);
        OK(GrB_Matrix_free(&C));

        /* the same through the views: under a structural mask, with an accumulator, into FP32 */
        GrB_Matrix Mk, C0;
        tuples tm;
        tuples_init(&tm, GrB_FP64, want.nrows, want.ncols);
        for (int k = 0; k < 5000; k++)
            add(&tm, rng_below(&seed, want.nrows), rng_below(&seed, want.ncols), &seed);
        tuples rm;
        reference(&tm, GrB_PLUS_FP64, false, &rm);
        dense DM, masked, accum;
        dense_of(&DM, &rm, false);
        dense_init(&masked, want.nrows, want.ncols);
        ref_ewise(&DM, &want, true, false, &accum);
        for (GrB_Index p = 0; p < want.nrows * want.ncols; p++) {
            masked.has[p] = want.has[p] && DM.has[p];
            masked.x[p] = want.x[p];
        }
        Mk = make(&tm, GrB_PLUS_FP64);
        OK(GrB_Matrix_new(&C, GrB_FP64, want.nrows, want.ncols));
        GrB_Descriptor dm = ew[q].d == NULL ? GrB_DESC_S : ew[q].d == GrB_DESC_T0 ? GrB_DESC_ST0 : GrB_DESC_ST1;
        if (ew[q].add)
            OK(GrB_Matrix_eWiseAdd_BinaryOp(C, Mk, NULL, GrB_PLUS_FP64, ew[q].X, ew[q].Y, dm));
        else
            OK(GrB_Matrix_eWiseMult_BinaryOp(C, Mk, NULL, GrB_TIMES_FP64, ew[q].X, ew[q].Y, dm));
        expect_dense(C, &masked);
        OK(GrB_Matrix_free(&C));
        C0 = make(&tm, GrB_PLUS_FP64);
        if (ew[q].add)
            OK(GrB_Matrix_eWiseAdd_BinaryOp(C0, NULL, GrB_PLUS_FP64, GrB_PLUS_FP64, ew[q].X, ew[q].Y, ew[q].d));
        else
            OK(GrB_Matrix_eWiseMult_BinaryOp(C0, NULL, GrB_PLUS_FP64, GrB_TIMES_FP64, ew[q].X, ew[q].Y, ew[q].d));
        expect_dense(C0, &accum);
        OK(GrB_Matrix_free(&C0));
        OK(GrB_Matrix_new(&C, GrB_FP32, want.nrows, want.ncols));
        if (ew[q].add)
            OK(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, ew[q].X, ew[q].Y, ew[q].d));
        else
            OK(GrB_Matrix_eWiseMult_BinaryOp(C, NULL, NULL, GrB_TIMES_FP64, ew[q].X, ew[q].Y, ew[q].d));
        expect_dense(C, &want); /* the values are exact in FP32 */
        OK(GrB_Matrix_free(&C));
        OK(GrB_Matrix_free(&Mk));
        tuples_free(&tm);
        tuples_free(&rm);
        dense_free(&DM);
        dense_free(&masked);
        dense_free(&accum);
        dense_free(&want);
    }

    /* reduce to a vector, apply, select and extract through the views of T = A' */
    GrB_Vector r;
    OK(GrB_Vector_new(&r, GrB_FP64, N));
    OK(GrB_Matrix_reduce_Monoid(r, NULL, NULL, GrB_PLUS_MONOID_FP64, T, NULL));
    for (GrB_Index j = 0; j < M; j++) {
        x[j] = 1;
        xp[j] = true;
    }
    ref_mv(&DAt, x, xp, false, y, yp); /* the row sums of A' */
    expect_vector(r, y, yp, N);
    OK(GrB_Vector_free(&r));
    dense want;
    dense_init(&want, N, M);
    OK(GrB_Matrix_new(&C, GrB_FP64, N, M));
    OK(GrB_Matrix_apply(C, NULL, NULL, GrB_AINV_FP64, T, NULL));
    for (GrB_Index p = 0; p < (GrB_Index)N * M; p++) {
        want.has[p] = DAt.has[p];
        want.x[p] = -DAt.x[p];
    }
    expect_dense(C, &want);
    OK(GrB_Matrix_select_FP64(C, NULL, NULL, GrB_VALUEGT_FP64, T, 0, NULL));
    for (GrB_Index p = 0; p < (GrB_Index)N * M; p++) {
        want.has[p] = DAt.has[p] && DAt.x[p] > 0;
        want.x[p] = DAt.x[p];
    }
    expect_dense(C, &want);
    OK(GrB_Matrix_free(&C));
    dense_free(&want);
    GrB_Index rows[] = {5, 150, 199}, cols[M / 3];
    for (GrB_Index j = 0; j < M / 3; j++) cols[j] = M - 1 - 3 * j;
    OK(GrB_Matrix_new(&C, GrB_FP64, 3, M / 3));
    OK(GrB_Matrix_extract(C, NULL, NULL, T, rows, 3, cols, M / 3, NULL));
    dense_init(&want, 3, M / 3);
    for (GrB_Index i = 0; i < 3; i++)
        for (GrB_Index j = 0; j < M / 3; j++) {
            want.has[i * (M / 3) + j] = DAt.has[rows[i] * M + cols[j]];
            want.x[i * (M / 3) + j] = DAt.x[rows[i] * M + cols[j]];
        }
    expect_dense(C, &want);
    OK(GrB_Matrix_free(&C));
    dense_free(&want);

    GrB_Matrix objs[] = {A, B, T, U};
    for (size_t k = 0; k < 4; k++) OK(GrB_Matrix_free(&objs[k]));
    dense *ds[] = {&DA, &DAt, &DB, &DBt};
    for (size_t k = 0; k < 4; k++) dense_free(ds[k]);
    tuples *ts[] = {&ta, &tb, &ra, &rb};
    for (size_t k = 0; k < 4; k++) tuples_free(ts[k]);
}

/* A holds exactly the entries k of the position pool with has[k]. */
static void expect_model(GrB_Matrix A, GrB_Index nr, GrB_Index nc, GrB_Index npool,
                         const GrB_Index *pi, const GrB_Index *pj, const double *val,
                         const bool *has, tuples *ref)
{
    tuples m;
    tuples_init(&m, GrB_FP64, nr, nc);
    for (GrB_Index k = 0; k < npool; k++)
        if (has[k]) tuples_add(&m, pi[k], pj[k], &val[k]);
    reference(&m, NULL, false, ref);
    tuples_free(&m);
    expect_tuples(A, ref);
}

/* Random updates (setElement of new and existing entries, removeElement of present and missing
 * ones) on a matrix built with values, an iso one, a dup (shared pool) and one transposed in place
 * (flag set, unshared), with reads in between that merge the log into the tree: after every merge
 * the tree passes the checker and holds exactly the entries of a model; a dup taken half-way keeps
 * its snapshot, the dup's source keeps its content. Positions come from a pool, so a 2^60 matrix
 * works as well as a small one. */
static void test_pending_merged(void **state)
{
    (void)state;
    uint64_t seed = 9;
    const GrB_Index dims[][2] = {{1, 1}, {300, 200}, {HUGE_DIM, HUGE_DIM}};
    enum { POOL = 400 };
    GrB_Index pi[POOL], pj[POOL];
    double val[POOL];
    bool has[POOL];
    for (size_t q = 0; q < 3; q++)
        for (int start = 0; start < 4; start++) {
            /* transposed in place needs a square */
            GrB_Index nr = dims[q][0], nc = start == 3 ? nr : dims[q][1];
            bool small = nr <= POOL && nc <= POOL && nr * nc <= POOL;
            GrB_Index npool = small ? nr * nc : POOL;
            for (GrB_Index k = 0; k < npool; k++) {
                bool fresh;
                do {
                    pi[k] = small ? k / nc : rng_below(&seed, nr);
                    pj[k] = small ? k % nc : rng_below(&seed, nc);
                    fresh = true;
                    for (GrB_Index m = 0; m < k; m++) fresh &= pi[m] != pi[k] || pj[m] != pj[k];
                } while (!fresh);
            }
            /* the built content; a matrix to transpose in place holds the transpose */
            tuples t, orig;
            tuples_init(&t, GrB_FP64, nr, nc);
            for (GrB_Index k = 0; k < npool; k++) {
                has[k] = rng_below(&seed, 2) == 0;
                val[k] = start == 1 ? 1 : (double)(int)rng_below(&seed, 50) - 25;
                if (has[k]) tuples_add(&t, start == 3 ? pj[k] : pi[k], start == 3 ? pi[k] : pj[k], &val[k]);
            }
            reference(&t, NULL, false, &orig);
            GrB_Matrix A = make(&t, NULL), S = NULL, snap = NULL;
            tuples_free(&t);
            if (start == 1) assert_true(tree_of(A)->iso || orig.n == 0);
            if (start == 2) {
                S = A;
                OK(GrB_Matrix_dup(&A, S));
                assert_ptr_equal(tree_of(A)->pool, tree_of(S)->pool);
            }
            if (start == 3) {
                OK(GrB_transpose(A, NULL, NULL, A, NULL));
                assert_true(tree_of(A)->transposed || orig.n == 0);
            }
            for (int round = 0; round < 6; round++) {
                int nops = round == 0 ? 1 : 1 + (int)rng_below(&seed, 60);
                for (int op = 0; op < nops; op++) {
                    GrB_Index k = rng_below(&seed, npool);
                    if (rng_below(&seed, 4) == 0) {
                        OK(GrB_Matrix_removeElement(A, pi[k], pj[k]));
                        has[k] = false;
                    } else {
                        val[k] = (double)(int)rng_below(&seed, 50) - 25;
                        has[k] = true;
                        OK(GrB_Matrix_setElement_FP64(A, val[k], pi[k], pj[k]));
                    }
                }
                /* the read merges the log; then the whole content is compared */
                GrB_Index n = 0, want = 0;
                OK(GrB_Matrix_nvals(&n, A));
                for (GrB_Index k = 0; k < npool; k++) want += has[k];
                assert_int_equal(n, want);
                assert_int_equal(GG_MAT(A)->pending.n, 0);
                tuples ref;
                expect_model(A, nr, nc, npool, pi, pj, val, has, &ref);
                if (round == 2) {
                    OK(GrB_Matrix_dup(&snap, A));
                    for (GrB_Index k = 0; k < npool; k += 3) {
                        val[k] = 100 + (double)k;
                        has[k] = true;
                        OK(GrB_Matrix_setElement_FP64(A, val[k], pi[k], pj[k]));
                    }
                    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
                    expect_tuples(snap, &ref);
                    OK(GrB_Matrix_free(&snap));
                }
                tuples_free(&ref);
            }
            if (S != NULL) {
                expect_tuples(S, &orig);
                OK(GrB_Matrix_free(&S));
            }
            OK(GrB_Matrix_free(&A));
            tuples_free(&orig);
        }
}

/* The height a tree of dimension n must have with node dimension 2^b. */
static int height_for(GrB_Index n, int b)
{
    int h = 1;
    while (h * b < 64 && (1ULL << (h * b)) < n) h++;
    return h;
}

/* GxG_HS_NODE_DIM through GrB_get / GrB_set: every power of two from 2 to 256 is taken and used
 * by the trees built afterwards (their d and height; exact round trips, a 2^60 matrix included);
 * any other value is GrB_INVALID_VALUE and changes nothing; a tree keeps its d when the setting
 * changes, combines with trees of another d (eWiseAdd, mxv), and a write rebuilds it at the
 * current d. */
static void test_node_dim_setting(void **state)
{
    (void)state;
    int32_t d = 0;
    OK(GrB_get(GrB_GLOBAL, &d, GxG_HS_NODE_DIM));
    assert_int_equal(d, 128);
    const int32_t bad[] = {0, 1, 3, 6, 12, 100, 255, 257, 384, 512, 1 << 20, -2, -128, INT32_MIN,
                           INT32_MAX};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(GrB_set(GrB_GLOBAL, bad[k], GxG_HS_NODE_DIM), GrB_INVALID_VALUE);
        OK(GrB_get(GrB_GLOBAL, &d, GxG_HS_NODE_DIM));
        assert_int_equal(d, 128);
    }
    uint64_t seed = 13;
    GrB_Matrix prev = NULL;
    tuples tprev;
    int prev_b = 0;
    for (int32_t dim = 2; dim <= 256; dim *= 2) {
        int b = __builtin_ctz((unsigned)dim);
        OK(GrB_set(GrB_GLOBAL, dim, GxG_HS_NODE_DIM));
        OK(GrB_get(GrB_GLOBAL, &d, GxG_HS_NODE_DIM));
        assert_int_equal(d, dim);
        /* scattered entries and a dense block */
        tuples t, h, ref;
        tuples_init(&t, GrB_FP64, 1000, 700);
        for (int k = 0; k < 2000; k++) add(&t, rng_below(&seed, 1000), rng_below(&seed, 700), &seed);
        for (GrB_Index i = 256; i < 384; i++)
            for (GrB_Index j = 256; j < 384; j++) add(&t, i, j, &seed);
        roundtrip(&t, GrB_PLUS_FP64);
        GrB_Matrix A = make(&t, GrB_PLUS_FP64);
        assert_int_equal(tree_of(A)->dbits, b);
        assert_int_equal(tree_of(A)->height, height_for(1000, b));
        tuples_init(&h, GrB_FP64, HUGE_DIM, HUGE_DIM);
        add(&h, HUGE_DIM - 2, HUGE_DIM - 2, &seed);
        add(&h, 0, 0, &seed);
        add(&h, 1, HUGE_DIM - 2, &seed);
        roundtrip(&h, NULL);
        GrB_Matrix H = make(&h, NULL);
        assert_int_equal(tree_of(H)->dbits, b);
        assert_int_equal(tree_of(H)->height, height_for(HUGE_DIM, b));
        OK(GrB_Matrix_free(&H));
        tuples_free(&h);
        if (prev != NULL) {
            /* prev keeps the d it was built with, and combines with A */
            assert_int_equal(tree_of(prev)->dbits, prev_b);
            tuples both;
            tuples_init(&both, GrB_FP64, 1000, 700);
            for (GrB_Index k = 0; k < t.n; k++) tuples_add(&both, t.I[k], t.J[k], t.X + 8 * k);
            for (GrB_Index k = 0; k < tprev.n; k++)
                tuples_add(&both, tprev.I[k], tprev.J[k], tprev.X + 8 * k);
            reference(&both, GrB_PLUS_FP64, false, &ref);
            GrB_Matrix C;
            OK(GrB_Matrix_new(&C, GrB_FP64, 1000, 700));
            OK(GrB_Matrix_eWiseAdd_BinaryOp(C, NULL, NULL, GrB_PLUS_FP64, prev, A, NULL));
            expect_tuples(C, &ref);
            OK(GrB_Matrix_free(&C));
            tuples_free(&ref);
            tuples_free(&both);
            /* y = prev * ones: the row sums of prev */
            GrB_Vector u, w;
            OK(GrB_Vector_new(&u, GrB_FP64, 700));
            OK(GrB_Vector_assign_FP64(u, NULL, NULL, 1, GrB_ALL, 700, NULL));
            OK(GrB_Vector_new(&w, GrB_FP64, 1000));
            OK(GrB_mxv(w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, prev, u, NULL));
            reference(&tprev, GrB_PLUS_FP64, false, &ref);
            double y[1000] = {0};
            bool yp[1000] = {false};
            for (GrB_Index k = 0; k < ref.n; k++) {
                double v;
                memcpy(&v, ref.X + 8 * k, sizeof v);
                y[ref.I[k]] += v;
                yp[ref.I[k]] = true;
            }
            expect_vector(w, y, yp, 1000);
            OK(GrB_Vector_free(&u));
            OK(GrB_Vector_free(&w));
            tuples_free(&ref);
            /* a write rebuilds prev at the current d */
            double v = 0.5;
            OK(GrB_Matrix_setElement_FP64(prev, v, 999, 699));
            tuples folded;
            reference(&tprev, GrB_PLUS_FP64, false, &folded);
            tuples_add(&folded, 999, 699, &v);
            reference(&folded, GrB_SECOND_FP64, false, &ref);
            tuples_free(&folded);
            expect_tuples(prev, &ref);
            assert_int_equal(tree_of(prev)->dbits, b);
            tuples_free(&ref);
            OK(GrB_Matrix_free(&prev));
            tuples_free(&tprev);
        }
        prev = A;
        tprev = t;
        prev_b = b;
    }
    OK(GrB_Matrix_free(&prev));
    tuples_free(&tprev);
    OK(GrB_set(GrB_GLOBAL, (int32_t)128, GxG_HS_NODE_DIM));
}

/* Every allocation of a build, an assembly of pending updates into a shared tree, a resize, a dup
 * or a write-back may fail: the matrix keeps its content (its pending log included) and the call
 * says GrB_OUT_OF_MEMORY. */
static void test_out_of_memory(void **state)
{
    (void)state;
    /* the sweeps fail host allocations in the CPU's tree operations: a run with CUDA forced
     * (tools/device-check.sh's "forced" step) keeps them there (the policy is restored at the
     * end); the device's allocation failures are cuda_oom's */
    int32_t policy;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &policy, GxG_BACKEND));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, GxG_BACKEND_CPU, GxG_BACKEND));
    uint64_t seed = 7;
    tuples t, ref, t2;
    tuples_init(&t, GrB_FP64, 2000, 2000);
    for (int k = 0; k < 3000; k++) add(&t, rng_below(&seed, 2000), rng_below(&seed, 2000), &seed);
    tuples_init(&t2, GrB_FP64, 2000, 2000);
    for (int k = 0; k < 500; k++) add(&t2, rng_below(&seed, 2000), rng_below(&seed, 2000), &seed);
    reference(&t, GrB_PLUS_FP64, false, &ref);
    tuples empty;
    tuples_init(&empty, GrB_FP64, 2000, 2000);
    GrB_Matrix A = make(&t, GrB_PLUS_FP64), B = make(&t2, GrB_PLUS_FP64), E;
    OK(GrB_Matrix_new(&E, GrB_FP64, 2000, 2000));
    int failures[5] = {0, 0, 0, 0, 0};
    for (int64_t k = 1;; k++) {
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_build_FP64(E, t.I, t.J, (const double *)t.X, t.n, GrB_PLUS_FP64);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        expect_tuples(E, &empty);
        failures[0]++;
    }
    expect_tuples(E, &ref);
    /* the merge of pending updates into a shared tree (a dup holds the pool): on failure the log
     * survives (a later read applies it) and the dup is untouched */
    tuples edited;
    {
        dense DE;
        dense_of(&DE, &ref, false);
        DE.has[1999 * 2000 + 1999] = true;
        DE.x[1999 * 2000 + 1999] = 99;
        DE.has[ref.I[0] * 2000 + ref.J[0]] = false;
        tuples_of_dense(&edited, &DE);
        dense_free(&DE);
    }
    GrB_Matrix D;
    OK(GrB_Matrix_dup(&D, A));
    for (int64_t k = 1;; k++) {
        OK(GrB_Matrix_setElement_FP64(A, 99, 1999, 1999));
        OK(GrB_Matrix_removeElement(A, ref.I[0], ref.J[0]));
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_wait(A, GrB_MATERIALIZE);
        GG_mem_fail_after(0);
        expect_tuples(A, &edited);
        expect_tuples(D, &ref);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        OK(GrB_Matrix_free(&A));
        OK(GrB_Matrix_dup(&A, D));
        failures[1]++;
    }
    OK(GrB_Matrix_free(&A));
    A = make(&t, GrB_PLUS_FP64);
    /* resize rebuilds the tree for the new dimensions: on failure A keeps its size and content */
    for (int64_t k = 1;; k++) {
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_resize(A, 1500, 1800);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        expect_tuples(A, &ref);
        failures[3]++;
    }
    tuples cut;
    tuples_init(&cut, GrB_FP64, 1500, 1800);
    for (GrB_Index q = 0; q < ref.n; q++)
        if (ref.I[q] < 1500 && ref.J[q] < 1800) tuples_add(&cut, ref.I[q], ref.J[q], ref.X + 8 * q);
    expect_tuples(A, &cut);
    tuples_free(&cut);
    OK(GrB_Matrix_free(&A));
    /* an O(1) dup allocates only the new matrix: on failure the source is untouched */
    for (int64_t k = 1;; k++) {
        GrB_Matrix X = NULL;
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_dup(&X, D);
        GG_mem_fail_after(0);
        expect_tuples(D, &ref);
        if (info == GrB_SUCCESS) {
            expect_tuples(X, &ref);
            OK(GrB_Matrix_free(&X));
            break;
        }
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        failures[4]++;
    }
    A = make(&t, GrB_PLUS_FP64);
    for (int64_t k = 1;; k++) {
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_eWiseAdd_BinaryOp(A, NULL, NULL, GrB_PLUS_FP64, A, B, NULL);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        expect_tuples(A, &ref);
        failures[2]++;
    }
    for (int q = 0; q < 5; q++) assert_true(failures[q] > 0);
    OK(GrB_Matrix_free(&D));
    tuples_free(&edited);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&E));
    tuples_free(&t);
    tuples_free(&t2);
    tuples_free(&ref);
    tuples_free(&empty);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, policy, GxG_BACKEND));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edge_inputs),
        cmocka_unit_test(test_every_node_kind),
        cmocka_unit_test(test_o1_transpose_and_dup),
        cmocka_unit_test(test_shared_then_written),
        cmocka_unit_test(test_transposed_inputs),
        cmocka_unit_test(test_transposed_operations),
        cmocka_unit_test(test_pending_merged),
        cmocka_unit_test(test_node_dim_setting),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, GG_test_setup, GG_test_teardown);
}
