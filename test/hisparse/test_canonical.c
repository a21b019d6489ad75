/* test_canonical.c: HiSparse as the canonical storage of every GrB_Matrix, through the public API
 * plus the store's GG_view_hs and the invariant checker: exact tuple round trips through build,
 * extractTuples, dup, transpose and serialize for edge dimensions (0, 1, 2^60), empty matrices,
 * one entry at (2^60-2, 2^60-2), dense rows, duplicates and every node kind at several levels;
 * O(1) transpose and dup (the result shares the pool); copy-on-write after writes to either side
 * of a shared tree; transposed trees as operation inputs; allocation failure leaving the matrix
 * unchanged. */
#include "hs_test.h"

#define HUGE_DIM (GrB_INDEX_MAX + 1) /* 2^60 */

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
    GrB_Index size;
    OK(GrB_Matrix_serializeSize(&size, A));
    void *blob = malloc(size);
    assert_non_null(blob);
    OK(GrB_Matrix_serialize(blob, &size, A));
    GrB_Matrix C;
    OK(GrB_Matrix_deserialize(&C, GrB_FP64, blob, size));
    free(blob);
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

/* Patterns that make every node kind, at levels 1 to 8, each built through GrB_Matrix_build. */
static void test_every_node_kind(void **state)
{
    (void)state;
    static uint64_t seen[GG_HS_MAX_LEVELS + 1][GG_HS_NTAGS];
    memset(seen, 0, sizeof seen);
    uint64_t seed = 6;
    tuples t[9];
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
    /* scattered entries: wide COO leaves at levels 2, 3 and (2^60) the top */
    GrB_Index dims[] = {1 << 14, 1 << 21, 1ULL << 34, HUGE_DIM};
    for (size_t q = 0; q < 4; q++, nt++) {
        tuples_init(&t[nt], GrB_FP64, dims[q], dims[q]);
        for (int k = 0; k < (q < 3 ? 2000 : 8); k++)
            add(&t[nt], rng_below(&seed, dims[q]), rng_below(&seed, dims[q]), &seed);
    }
    int max_level = 0;
    for (int q = 0; q < nt; q++) {
        roundtrip(&t[q], GrB_PLUS_FP64);
        GrB_Matrix A = make(&t[q], GrB_PLUS_FP64);
        GG_hs_report s;
        OK(GG_hs_stats(tree_of(A), &s));
        for (int l = 0; l <= GG_HS_MAX_LEVELS; l++)
            for (int g = 0; g < GG_HS_NTAGS; g++) {
                seen[l][g] += s.nodes[l][g];
                if (s.nodes[l][g] > 0 && l > max_level) max_level = l;
            }
        OK(GrB_Matrix_free(&A));
        tuples_free(&t[q]);
    }
    for (int g = GG_HS_INNER_DENSE; g < GG_HS_NTAGS; g++) {
        uint64_t total = 0;
        for (int l = 0; l <= GG_HS_MAX_LEVELS; l++) total += seen[l][g];
        if (total == 0) fail_msg("no node of tag %d was built", g);
    }
    assert_true(max_level >= 8);
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

/* Every allocation of a build, an assembly or a write-back may fail: the matrix keeps its content
 * and the call says GrB_OUT_OF_MEMORY. */
static void test_out_of_memory(void **state)
{
    (void)state;
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
    int failures[3] = {0, 0, 0};
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
    for (int64_t k = 1;; k++) {
        OK(GrB_Matrix_setElement_FP64(A, 99, 1999, 1999));
        OK(GrB_Matrix_removeElement(A, ref.I[0], ref.J[0]));
        GG_mem_fail_after(k);
        GrB_Info info = GrB_Matrix_wait(A, GrB_MATERIALIZE);
        GG_mem_fail_after(0);
        if (info == GrB_SUCCESS) break;
        assert_int_equal(info, GrB_OUT_OF_MEMORY);
        failures[1]++;
    }
    OK(GrB_Matrix_free(&A));
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
    assert_true(failures[0] > 0 && failures[1] > 0 && failures[2] > 0);
    OK(GrB_Matrix_free(&A));
    OK(GrB_Matrix_free(&B));
    OK(GrB_Matrix_free(&E));
    tuples_free(&t);
    tuples_free(&t2);
    tuples_free(&ref);
    tuples_free(&empty);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edge_inputs),
        cmocka_unit_test(test_every_node_kind),
        cmocka_unit_test(test_o1_transpose_and_dup),
        cmocka_unit_test(test_shared_then_written),
        cmocka_unit_test(test_transposed_inputs),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
