/* test_roundtrip.c: COO -> HiSparse -> COO / CSR / CSC round trips, exact, with the invariant
 * checker after every build: edge dimensions (0, 1, 2^60), empty matrices, one entry at
 * (2^60-2, 2^60-2), dense rows and blocks, duplicates, every node kind at every kind of level,
 * the transposed flag, the scale, shared pools, rectangular shapes, and random matrices of several
 * node dimensions, densities and value types (pattern-only included). Builds split into several
 * parts (the parallel paths) give the very same bytes as one part; so do positional selects
 * (GG_hs_select), which keep exactly the entries their filter passes. Also: the checker catches
 * damaged pools. */
#include "hs_test.h"

#include "hs_internal.h"

#define HUGE_DIM (GrB_INDEX_MAX + 1) /* 2^60 */

static int setup(void **state)
{
    (void)state;
    return GrB_init(GrB_NONBLOCKING) == GrB_SUCCESS ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    GG_hs_set_node_dim(GG_HS_DIM_DEFAULT);
    GG_hs_set_build_parts(0);
    return GrB_finalize() == GrB_SUCCESS ? 0 : -1;
}

/* Every A(i, j) of the reference reads back through GG_hs_get; so do a few absent positions. */
static void expect_get(const GG_hs_matrix *A, const tuples *ref, uint64_t *seed)
{
    size_t size = ref->type->size;
    uint8_t v[64];
    for (GrB_Index k = 0; k < ref->n; k++) {
        OK(GG_hs_get(A, ref->I[k], ref->J[k], v, ref->type));
        assert_memory_equal(v, ref->X + k * size, size);
    }
    GrB_Index nr = GG_hs_nrows(A), nc = GG_hs_ncols(A);
    for (int q = 0; q < 20 && nr > 0 && nc > 0; q++) {
        GrB_Index i = rng_below(seed, nr), j = rng_below(seed, nc);
        bool present = false;
        for (GrB_Index k = 0; k < ref->n && !present; k++) present = ref->I[k] == i && ref->J[k] == j;
        if (!present) assert_int_equal(GG_hs_get(A, i, j, v, ref->type), GrB_NO_VALUE);
    }
}

/* Two views of the same matrix hold the same bytes. */
static void expect_same_view(const GG_cview *a, const GG_cview *b, size_t size)
{
    assert_int_equal(a->nvec, b->nvec);
    assert_int_equal(a->vec == NULL, b->vec == NULL);
    if (a->vec != NULL) assert_memory_equal(a->vec, b->vec, a->nvec * sizeof(GrB_Index));
    assert_memory_equal(a->ptr, b->ptr, (a->nvec + 1) * sizeof(GrB_Index));
    GrB_Index n = a->ptr[a->nvec];
    if (n > 0) {
        assert_memory_equal(a->idx, b->idx, n * sizeof(GrB_Index));
        assert_memory_equal(a->x, b->x, n * size);
    }
}

/* Whether the filter keeps (i, j) (the rule of GG_hs_filter, written out again). */
static bool filter_keeps(const GG_hs_filter *f, GrB_Index i, GrB_Index j)
{
    int64_t v = f->pos == GG_HS_POS_DIAG ? (int64_t)(j - i)
                : f->pos == GG_HS_POS_COL ? (int64_t)j
                                          : (int64_t)i;
    return (v >= f->lo && v <= f->hi) != f->outside;
}

/* GG_hs_select of A under one positional filter (picked by the seed among tril, triu, colle and
 * rowgt, at offsets from the shape) over one band and over many (parts forced: bands of width d,
 * so the walks seek their runs of children and leaves cross bands): both equal the entries of A's
 * CSR view that the filter keeps, rows included. */
static void expect_select(const GG_hs_matrix *A, uint64_t *seed)
{
    GrB_Index nr = GG_hs_nrows(A), nc = GG_hs_ncols(A);
    int64_t k = nc > 0 ? (int64_t)rng_below(seed, nc) : 0;
    GG_hs_filter filters[] = {{GG_HS_POS_DIAG, INT64_MIN, -1, false},
                              {GG_HS_POS_DIAG, 1, INT64_MAX, false},
                              {GG_HS_POS_COL, INT64_MIN, k, false},
                              {GG_HS_POS_ROW, INT64_MIN, nr > 0 ? (int64_t)(nr / 2) : 0, true}};
    const GG_hs_filter *f = &filters[rng_below(seed, 4)];
    size_t size = A->type->size;
    GG_cview all;
    OK(GG_hs_to_cview(A, false, &all));
    for (int parts = 1; parts <= 7; parts += 6) {
        GG_cview v;
        GrB_Index *rows;
        GG_hs_set_build_parts(parts);
        OK(GG_hs_select(A, NULL, f, &v, &rows));
        GG_hs_set_build_parts(0);
        GrB_Index q = 0; /* the next entry of v */
        for (GrB_Index r = 0; r < all.nvec; r++) {
            GrB_Index i = all.vec != NULL ? all.vec[r] : r;
            for (GrB_Index p = all.ptr[r]; p < all.ptr[r + 1]; p++) {
                if (!filter_keeps(f, i, all.idx[p])) continue;
                assert_true(q < v.ptr[v.nvec]);
                assert_int_equal(rows[q], i);
                assert_int_equal(v.idx[q], all.idx[p]);
                assert_memory_equal((const uint8_t *)v.x + q * size,
                                    (const uint8_t *)all.x + p * size, size);
                q++;
            }
        }
        assert_int_equal(q, v.ptr[v.nvec]);
        /* the pointers agree with the rows */
        for (GrB_Index r = 0; r < v.nvec; r++)
            for (GrB_Index p = v.ptr[r]; p < v.ptr[r + 1]; p++)
                assert_int_equal(rows[p], v.vec != NULL ? v.vec[r] : r);
        GG_free(rows);
        GG_hs_cview_free(&v);
    }
    GG_hs_cview_free(&all);
}

/* Build, check, compare every output, the transpose and element reads. */
static void roundtrip(const tuples *t, GrB_BinaryOp dup, unsigned flags, uint64_t *seed)
{
    GG_hs_matrix A;
    build_ok(&A, t, dup, flags);
    expect_all(&A, t, dup);
    tuples ref;
    reference(t, dup, false, &ref);
    expect_get(&A, &ref, seed);
    tuples_free(&ref);

    /* A' through the flag: the same pool, read the other way */
    GG_hs_matrix T;
    GG_hs_share(&T, &A);
    GG_hs_transpose(&T);
    check_tree(&T);
    assert_int_equal(GG_hs_nrows(&T), t->ncols);
    tuples tt;
    tuples_transpose(t, &tt);
    expect_all(&T, &tt, dup);
    reference(&tt, dup, false, &ref);
    expect_get(&T, &ref, seed);
    tuples_free(&ref);
    tuples_free(&tt);

    expect_select(&A, seed);
    expect_select(&T, seed);

    /* a tree rebuilt from its own CSR view is the same matrix */
    GG_cview v;
    OK(GG_hs_to_cview(&A, false, &v));
    /* views built over many bands (leaves then reach beyond them) equal the one-band ones */
    for (int by_col = 0; by_col < 2; by_col++) {
        GG_cview one, many;
        GG_hs_set_build_parts(1);
        OK(GG_hs_to_cview(&A, by_col, &one));
        GG_hs_set_build_parts(7);
        OK(GG_hs_to_cview(&A, by_col, &many));
        GG_hs_set_build_parts(0);
        expect_same_view(&one, &many, t->type->size);
        GG_hs_cview_free(&one);
        GG_hs_cview_free(&many);
    }
    GG_hs_matrix B;
    OK(GG_hs_build_cview(&B, t->type, t->nrows, t->ncols, &v, false, flags));
    check_tree(&B);
    expect_all(&B, t, dup);
    assert_int_equal(B.pool != NULL ? B.pool->bytes : 0, A.pool != NULL ? A.pool->bytes : 0);
    GG_hs_cview_free(&v);
    GG_hs_free(&B);
    GG_hs_free(&T);
    GG_hs_free(&A);
}

static void test_edge_dimensions(void **state)
{
    (void)state;
    uint64_t seed = 1;
    double one = 1.5;
    GrB_Index dims[][2] = {{0, 0}, {0, 7}, {7, 0}, {1, 1}, {1, 1000}, {1000, 1}, {2, 2}};
    for (size_t q = 0; q < sizeof dims / sizeof dims[0]; q++) {
        tuples t;
        tuples_init(&t, GrB_FP64, dims[q][0], dims[q][1]);
        roundtrip(&t, NULL, 0, &seed); /* empty */
        if (dims[q][0] > 0 && dims[q][1] > 0) {
            tuples_add(&t, dims[q][0] - 1, dims[q][1] - 1, &one);
            roundtrip(&t, NULL, 0, &seed);
            tuples_add(&t, 0, 0, &one);
            roundtrip(&t, GrB_PLUS_FP64, 0, &seed);
        }
        tuples_free(&t);
    }
}

static void test_vector_shape(void **state)
{
    (void)state;
    /* col == NULL: an n x 1 vector, in any order */
    GrB_Index I[] = {99999, 5, 70000, 3};
    int32_t X[] = {1, 2, 3, 4};
    GG_hs_tuples in = {I, NULL, X, GrB_INT32, false, 4};
    GG_hs_matrix A;
    OK(GG_hs_build(&A, GrB_INT32, 100000, 1, &in, NULL, 0));
    check_tree(&A);
    GG_coo c;
    OK(GG_hs_to_coo(&A, &c));
    GrB_Index want[] = {3, 5, 70000, 99999};
    int32_t wx[] = {4, 2, 3, 1};
    assert_int_equal(c.n, 4);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(c.row[k], want[k]);
        assert_int_equal(c.col[k], 0);
        assert_int_equal(((int32_t *)c.x)[k], wx[k]);
    }
    GG_coo_free(&c);
    GG_hs_free(&A);
}

static void test_huge_single_entry(void **state)
{
    (void)state;
    uint64_t seed = 2;
    int dims[] = {128, 2, 256, 16};
    for (size_t q = 0; q < sizeof dims / sizeof dims[0]; q++) {
        OK(GG_hs_set_node_dim(dims[q]));
        tuples t;
        tuples_init(&t, GrB_INT64, HUGE_DIM, HUGE_DIM);
        int64_t v = -7;
        tuples_add(&t, HUGE_DIM - 2, HUGE_DIM - 2, &v);
        roundtrip(&t, NULL, 0, &seed);
        GG_hs_matrix A;
        build_ok(&A, &t, NULL, 0);
        /* one entry costs one small node however tall the tree is */
        assert_true(A.pool->bytes <= 64);
        GG_hs_free(&A);
        /* a few far-apart entries, one rectangular */
        v = 3;
        tuples_add(&t, 0, 0, &v);
        tuples_add(&t, 12345678901ULL, HUGE_DIM - 1, &v);
        tuples_add(&t, HUGE_DIM - 1, 1, &v);
        roundtrip(&t, NULL, 0, &seed);
        tuples_free(&t);
        tuples_init(&t, GrB_INT64, 3, HUGE_DIM);
        tuples_add(&t, 2, HUGE_DIM - 2, &v);
        tuples_add(&t, 0, 1ULL << 40, &v);
        roundtrip(&t, NULL, 0, &seed);
        tuples_free(&t);
    }
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

static void test_dense_rows_and_blocks(void **state)
{
    (void)state;
    uint64_t seed = 3;
    tuples t;
    tuples_init(&t, GrB_FP32, 300, 5000);
    for (GrB_Index i = 0; i < 300; i += 97)
        for (GrB_Index j = 0; j < 5000; j++) {
            float x = (float)(i * 5000 + j);
            tuples_add(&t, i, j, &x);
        }
    roundtrip(&t, NULL, 0, &seed);
    tuples_free(&t);
    /* completely dense, not a multiple of d: dense leaves inside, bitmap or dense at the edges */
    tuples_init(&t, GrB_FP64, 200, 300);
    for (GrB_Index i = 0; i < 200; i++)
        for (GrB_Index j = 0; j < 300; j++) {
            double x = (double)(i - j);
            tuples_add(&t, i, j, &x);
        }
    roundtrip(&t, NULL, 0, &seed);
    GG_hs_matrix A;
    build_ok(&A, &t, NULL, 0);
    GG_hs_report s;
    OK(GG_hs_stats(&A, &s));
    assert_true(s.nodes[1][GG_HS_LEAF_DENSE] >= 4);
    assert_true(s.bytes < 200 * 300 * 8 + 1024); /* values and little else */
    GG_hs_free(&A);
    tuples_free(&t);
}

/* Entries per leaf level (ctx: uint64_t[64]). */
static void leaf_levels(void *ctx, const hs_leaf *L)
{
    ((uint64_t *)ctx)[L->level] += L->n;
}

/* Bands are not so narrow that leaves wider than them are read over and over: blocks of scattered
 * entries (d = 8, 4096 x 4096) keep them in leaves above level 1 (level 2, 64 wide), and with 32
 * parts the bands are as wide as those leaves, 64 of them (the rule of four bands a part alone
 * gave bands of 8, reading every entry 8 times). A matrix of level-1 leaves keeps the widest bands
 * that leave four a part, a multiple of d^g where d^g alone leaves more than eight. With the parts
 * fixed by a test, the bands are d wide (leaves then cross them). */
static void test_band_width_follows_leaves(void **state)
{
    (void)state;
    OK(GG_hs_set_node_dim(8));
    uint64_t seed = 17;
    tuples t;
    tuples_init(&t, GrB_BOOL, 4096, 4096);
    bool one = true;
    for (GrB_Index b = 0; b < 8; b++)
        for (int k = 0; k < 800; k++)
            tuples_add(&t, 512 * b + rng_below(&seed, 512), 512 * b + rng_below(&seed, 512), &one);
    GG_hs_matrix A;
    build_ok(&A, &t, GrB_LOR, 0);
    uint64_t per_level[64] = {0};
    hs_walk(&A, leaf_levels, per_level);
    int widest = 1;
    for (int l = 2; l <= A.height; l++)
        if (per_level[l] > 0) widest = l;
    assert_true(widest >= 2);
    GrB_Index span = 1ULL << (3 * widest);
    GrB_Index w = hs_band_width(&A, 4096, 32, 4);
    assert_true(4096 / span >= 2 * 32);
    assert_true(w >= span);
    GG_hs_set_build_parts(2);
    assert_int_equal(hs_band_width(&A, 4096, 2, 4), 8);
    GG_hs_set_build_parts(0);
    GG_hs_free(&A);
    tuples_free(&t);
    /* dense: level-1 leaves only, the old rule's width (the widest d^g leaving 8 bands: 512) */
    tuples_init(&t, GrB_BOOL, 4096, 64);
    for (GrB_Index i = 0; i < 4096; i++)
        for (GrB_Index j = 0; j < 64; j++) tuples_add(&t, i, j, &one);
    build_ok(&A, &t, NULL, 0);
    assert_int_equal(hs_band_width(&A, 4096, 2, 4), 512);
    /* 20 parts: 64 bands of 64 leave three a part, not four; 512 bands of 8 would be 25 a part
     * (each band's walk down the inner nodes costs the same, and on the grid 1000^2 at 16 parts
     * such bands cost more than the entries), so a multiple of 8 that leaves four to eight: 32,
     * 128 bands */
    assert_int_equal(hs_band_width(&A, 4096, 20, 4), 32);
    assert_int_equal(hs_band_width(&A, 4096, 20, 3), 64);
    /* 200 parts: bands of 8 are as many as there are (512, more than two a part) */
    assert_int_equal(hs_band_width(&A, 4096, 200, 4), 8);
    GG_hs_free(&A);
    tuples_free(&t);
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

static void test_duplicates(void **state)
{
    (void)state;
    uint64_t seed = 4;
    tuples t;
    tuples_init(&t, GrB_INT32, 50, 40);
    for (int k = 0; k < 400; k++) {
        int32_t x = (int32_t)rng_below(&seed, 100);
        tuples_add(&t, rng_below(&seed, 7), rng_below(&seed, 40), &x);
    }
    roundtrip(&t, GrB_PLUS_INT32, 0, &seed);
    roundtrip(&t, GrB_MINUS_INT32, 0, &seed); /* order matters */
    roundtrip(&t, NULL, GG_HS_LAST_WINS, &seed);
    /* sorted by rows with the duplicates kept (in input order): the builder's strip path */
    tuples rows;
    tuples_init(&rows, t.type, t.nrows, t.ncols);
    for (GrB_Index i = 0; i < t.nrows; i++)
        for (GrB_Index j = 0; j < t.ncols; j++)
            for (GrB_Index k = 0; k < t.n; k++)
                if (t.I[k] == i && t.J[k] == j) tuples_add(&rows, i, j, t.X + 4 * k);
    roundtrip(&rows, GrB_MINUS_INT32, 0, &seed);
    roundtrip(&rows, NULL, GG_HS_LAST_WINS, &seed);
    tuples_free(&rows);

    /* no dup operator: an error, A untouched */
    GG_hs_matrix A;
    memset(&A, 0x5a, sizeof A);
    GG_hs_matrix before = A;
    GG_hs_tuples in = {t.I, t.J, t.X, t.type, false, t.n};
    assert_int_equal(GG_hs_build(&A, t.type, t.nrows, t.ncols, &in, NULL, 0), GrB_INVALID_VALUE);
    assert_memory_equal(&A, &before, sizeof A);

    /* one shared value: duplicates collapse into an iso tree */
    int32_t v = 9;
    in.x = &v;
    in.x_iso = true;
    OK(GG_hs_build(&A, t.type, t.nrows, t.ncols, &in, NULL, 0));
    check_tree(&A);
    assert_true(A.iso);
    tuples same = t;
    same.X = malloc(t.n * sizeof(int32_t));
    for (GrB_Index k = 0; k < t.n; k++) memcpy(same.X + 4 * k, &v, 4);
    expect_all(&A, &same, NULL);
    free(same.X);
    GG_hs_free(&A);
    tuples_free(&t);
}

static void test_index_out_of_bounds(void **state)
{
    (void)state;
    GrB_Index I[] = {0, 5}, J[] = {0, 3};
    double X[] = {1, 2};
    GG_hs_tuples in = {I, J, X, GrB_FP64, false, 2};
    GG_hs_matrix A;
    memset(&A, 0, sizeof A);
    assert_int_equal(GG_hs_build(&A, GrB_FP64, 5, 4, &in, NULL, 0), GrB_INDEX_OUT_OF_BOUNDS);
    assert_int_equal(GG_hs_build(&A, GrB_FP64, 6, 3, &in, NULL, 0), GrB_INDEX_OUT_OF_BOUNDS);
    assert_null(A.pool);
}

static void test_node_dim_setting(void **state)
{
    (void)state;
    assert_int_equal(GG_hs_node_dim(), GG_HS_DIM_DEFAULT);
    int bad[] = {0, 1, 3, 100, 512, -4};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        assert_int_equal(GG_hs_set_node_dim(bad[k]), GrB_INVALID_VALUE);
    OK(GG_hs_set_node_dim(2));
    assert_int_equal(GG_hs_node_dim(), 2);
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

/* ---- every node kind ----------------------------------------------------------------------------- */

static void add_stats(uint64_t seen[GG_HS_MAX_LEVELS + 1][GG_HS_NTAGS], const tuples *t, bool iso)
{
    GG_hs_matrix A;
    GG_hs_tuples in = {t->I, t->J, t->X, t->type, iso, t->n};
    OK(GG_hs_build(&A, t->type, t->nrows, t->ncols, &in, NULL, iso ? 0 : GG_HS_NO_ISO));
    check_tree(&A);
    GG_hs_report s;
    OK(GG_hs_stats(&A, &s));
    for (int l = 0; l <= GG_HS_MAX_LEVELS; l++)
        for (int g = 0; g < GG_HS_NTAGS; g++) seen[l][g] += s.nodes[l][g];
    uint64_t seed = 5;
    if (t->n < 20000) roundtrip(t, NULL, iso ? 0 : GG_HS_NO_ISO, &seed);
    GG_hs_free(&A);
}

static void test_every_node_kind(void **state)
{
    (void)state;
    static uint64_t seen[GG_HS_MAX_LEVELS + 1][GG_HS_NTAGS];
    memset(seen, 0, sizeof seen);
    uint64_t seed = 6;
    float x = 1;
    tuples t;
    /* level-1 leaves of 1, 2, 3.. entries (COO1/2/4), a half-full block (bitmap), a full one
     * (dense), under a sparse inner node */
    tuples_init(&t, GrB_FP32, 1000, 1000);
    tuples_add(&t, 0, 0, &x);
    tuples_add(&t, 200, 200, &x);
    tuples_add(&t, 201, 205, &x);
    for (int k = 0; k < 4; k++) tuples_add(&t, 300 + k, 300, &x);
    for (int k = 0; k < 7; k++) tuples_add(&t, 400 + k, 400 + 3 * k, &x);
    for (GrB_Index i = 512; i < 640; i++)
        for (GrB_Index j = 512; j < 640; j += 2) tuples_add(&t, i, j, &x);
    for (GrB_Index i = 768; i < 896; i++)
        for (GrB_Index j = 0; j < 128; j++) tuples_add(&t, i, j, &x);
    add_stats(seen, &t, false);
    tuples_free(&t);
    /* one, then three full blocks in a larger matrix: inner nodes with one and three children
     * over dense leaves (COO1 and COO4) */
    for (int blocks = 1; blocks <= 3; blocks += 2) {
        tuples_init(&t, GrB_FP32, 5000, 5000);
        for (int q = 0; q < blocks; q++)
            for (GrB_Index i = 0; i < 128; i++)
                for (GrB_Index j = 0; j < 128; j++) tuples_add(&t, 1024 + i, 2048 + 512 * q + j, &x);
        add_stats(seen, &t, false);
        tuples_free(&t);
    }
    /* every level-1 block of a 2^14 square holds a 4 x 4 cluster: a dense inner node */
    tuples_init(&t, GrB_FP32, 1 << 14, 1 << 14);
    for (GrB_Index bi = 0; bi < 128; bi++)
        for (GrB_Index bj = 0; bj < 128; bj++)
            for (int k = 0; k < 16; k++) tuples_add(&t, bi * 128 + k / 4, bj * 128 + k % 4, &x);
    add_stats(seen, &t, true);
    tuples_free(&t);
    /* scattered entries: 16-bit leaves at level 2 and 32-bit leaves at level 3 */
    GrB_Index dims[] = {1 << 14, 1 << 21, 1ULL << 34};
    for (size_t q = 0; q < 3; q++) {
        tuples_init(&t, GrB_FP32, dims[q], dims[q]);
        for (int k = 0; k < 2000; k++) tuples_add(&t, rng_below(&seed, dims[q]), rng_below(&seed, dims[q]), &x);
        add_stats(seen, &t, false);
        tuples_free(&t);
    }
    /* 64-bit leaves: a handful of entries in a 2^60 square */
    tuples_init(&t, GrB_FP32, HUGE_DIM, HUGE_DIM);
    for (int k = 0; k < 8; k++) tuples_add(&t, rng_below(&seed, HUGE_DIM), rng_below(&seed, HUGE_DIM), &x);
    add_stats(seen, &t, false);
    tuples_free(&t);

    for (int g = GG_HS_INNER_DENSE; g < GG_HS_NTAGS; g++) {
        uint64_t total = 0;
        for (int l = 0; l <= GG_HS_MAX_LEVELS; l++) total += seen[l][g];
        if (total == 0) fail_msg("no node of tag %d was built", g);
    }
    uint64_t wide[4] = {0}; /* COO leaves with 8-, 16-, 32-, 64-bit coordinates */
    for (int l = 1; l <= GG_HS_MAX_LEVELS; l++)
        for (int g = GG_HS_LEAF_COO1; g <= GG_HS_LEAF_COO4; g++) {
            unsigned cb = l * 7 <= 8 ? 1 : l * 7 <= 16 ? 2 : l * 7 <= 32 ? 4 : 8;
            wide[cb == 1 ? 0 : cb == 2 ? 1 : cb == 4 ? 2 : 3] += seen[l][g];
        }
    for (int w = 0; w < 4; w++)
        if (wide[w] == 0) fail_msg("no COO leaf with %d-bit coordinates", 8 << w);
}

/* ---- random matrices ------------------------------------------------------------------------------ */

static GrB_BinaryOp plus_of(GrB_Type type)
{
    switch (type->code) {
    case GrB_BOOL_CODE: return GrB_LOR;
    case GrB_INT8_CODE: return GrB_PLUS_INT8;
    case GrB_UINT8_CODE: return GrB_PLUS_UINT8;
    case GrB_INT16_CODE: return GrB_PLUS_INT16;
    case GrB_UINT16_CODE: return GrB_PLUS_UINT16;
    case GrB_INT32_CODE: return GrB_PLUS_INT32;
    case GrB_UINT32_CODE: return GrB_PLUS_UINT32;
    case GrB_INT64_CODE: return GrB_PLUS_INT64;
    case GrB_UINT64_CODE: return GrB_PLUS_UINT64;
    case GrB_FP32_CODE: return GrB_PLUS_FP32;
    case GrB_FP64_CODE: return GrB_PLUS_FP64;
    default: return NULL;
    }
}

typedef struct {
    uint8_t b[12];
} udt12;

static void udt_xor(void *z, const void *x, const void *y)
{
    const uint8_t *a = x, *b = y;
    uint8_t *c = z;
    for (int k = 0; k < 12; k++) c[k] = a[k] ^ b[k];
}

/* n positions in an m x n matrix in one of several patterns. */
static void random_pattern(tuples *t, uint64_t *seed, uint64_t count, int pattern)
{
    uint8_t v[64];
    GrB_Index m = t->nrows, n = t->ncols;
    GrB_Index ci = rng_below(seed, m), cj = rng_below(seed, n);
    for (uint64_t k = 0; k < count; k++) {
        GrB_Index i, j;
        switch (pattern) {
        case 0: /* uniform */
            i = rng_below(seed, m);
            j = rng_below(seed, n);
            break;
        case 1: /* clustered around a point */
            i = (ci + rng_below(seed, 300)) % m;
            j = (cj + rng_below(seed, 300)) % n;
            break;
        case 2: /* a band */
            i = rng_below(seed, m);
            j = (i + rng_below(seed, 9)) % n;
            break;
        default: /* a few dense rows */
            i = (ci + rng_below(seed, 3)) % m;
            j = rng_below(seed, n);
        }
        random_value(t->type, rng_next(seed), v);
        tuples_add(t, i, j, v);
    }
}

/* Sorts t into tree order for the current node dimension. */
static int tree_dbits;
static const tuples *tree_t;
static int cmp_tree(const void *a, const void *b)
{
    GrB_Index x = *(const GrB_Index *)a, y = *(const GrB_Index *)b;
    return hs_cmp(tree_t->I[x], tree_t->J[x], tree_t->I[y], tree_t->J[y], tree_dbits);
}

static void tree_order(const tuples *t, tuples *out)
{
    GrB_Index *p = malloc((t->n + 1) * sizeof *p);
    assert_non_null(p);
    for (GrB_Index k = 0; k < t->n; k++) p[k] = k;
    tree_t = t;
    tree_dbits = __builtin_ctz((unsigned)GG_hs_node_dim());
    qsort(p, t->n, sizeof *p, cmp_tree);
    tuples_init(out, t->type, t->nrows, t->ncols);
    for (GrB_Index k = 0; k < t->n; k++) tuples_add(out, t->I[p[k]], t->J[p[k]], t->X + p[k] * t->type->size);
    free(p);
}

static void test_random(void **state)
{
    (void)state;
    uint64_t seed = 7;
    GrB_Type udt;
    OK(GrB_Type_new(&udt, sizeof(udt12)));
    GrB_BinaryOp udt_op;
    OK(GrB_BinaryOp_new(&udt_op, udt_xor, udt, udt, udt));
    GrB_Type types[] = {GrB_BOOL, GrB_INT8, GrB_UINT8, GrB_INT16, GrB_UINT16, GrB_INT32,
                        GrB_UINT32, GrB_INT64, GrB_UINT64, GrB_FP32, GrB_FP64, udt};
    int dims[] = {2, 4, 8, 16, 128, 256};
    GrB_Index shapes[][2] = {{37, 53}, {1000, 1000}, {1 << 14, 300}, {5, 1 << 20},
                             {1 << 21, 1 << 21}, {HUGE_DIM, 1 << 10}, {100000, 100000}};
    for (int trial = 0; trial < 160; trial++) {
        OK(GG_hs_set_node_dim(dims[rng_below(&seed, 6)]));
        GrB_Type type = types[rng_below(&seed, 12)];
        GrB_Index *shape = shapes[rng_below(&seed, 7)];
        tuples t;
        tuples_init(&t, type, shape[0], shape[1]);
        uint64_t count = rng_below(&seed, 4) == 0 ? rng_below(&seed, 5) : rng_below(&seed, 3000);
        random_pattern(&t, &seed, count, (int)rng_below(&seed, 4));
        int mode = (int)rng_below(&seed, 5);
        GrB_BinaryOp dup = type == udt ? udt_op : plus_of(type);
        if (mode == 1) {
            /* pattern-only: one shared value */
            GG_hs_tuples in = {t.I, t.J, t.X, type, true, t.n};
            GG_hs_matrix A;
            OK(GG_hs_build(&A, type, t.nrows, t.ncols, &in, NULL, 0));
            check_tree(&A);
            assert_true(A.iso || t.n == 0);
            for (GrB_Index k = 1; k < t.n; k++) memcpy(t.X + k * type->size, t.X, type->size);
            expect_all(&A, &t, NULL);
            GG_hs_free(&A);
        } else if (mode == 2 || mode == 4) {
            /* unique input sorted by rows, or in tree order (the builder's no-sort path) */
            tuples ref, tree;
            reference(&t, dup, false, &ref);
            tree_order(&ref, &tree);
            roundtrip(mode == 2 ? &ref : &tree, NULL, 0, &seed);
            tuples_free(&tree);
            tuples_free(&ref);
        } else {
            roundtrip(&t, dup, mode == 3 ? GG_HS_NO_ISO : 0, &seed);
        }
        tuples_free(&t);
    }
    OK(GrB_free(&udt_op));
    OK(GrB_free(&udt));
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

/* ---- parallel builds -------------------------------------------------------------------------------- */

/* A and B are the same tree, byte for byte. */
static void expect_same_tree(const GG_hs_matrix *A, const GG_hs_matrix *B)
{
    assert_int_equal(A->nrows, B->nrows);
    assert_int_equal(A->ncols, B->ncols);
    assert_int_equal(A->nvals, B->nvals);
    assert_int_equal(A->iso, B->iso);
    assert_int_equal(A->dbits, B->dbits);
    assert_int_equal(A->height, B->height);
    assert_int_equal(A->root, B->root);
    assert_true((A->pool == NULL) == (B->pool == NULL));
    if (A->pool == NULL) return;
    assert_int_equal(A->pool->bytes, B->pool->bytes);
    assert_memory_equal((const uint8_t *)A->pool + HS_HEADER_BYTES,
                        (const uint8_t *)B->pool + HS_HEADER_BYTES, A->pool->bytes - HS_HEADER_BYTES);
}

/* Builds in one part and in several: the same tree, or the same error. */
static void parts_agree(const GG_hs_tuples *in, GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                        GrB_BinaryOp dup, unsigned flags)
{
    static const int parts[] = {2, 3, 8, 29};
    GG_hs_set_build_parts(1);
    GG_hs_matrix A, B;
    GrB_Info info = GG_hs_build(&A, type, nrows, ncols, in, dup, flags);
    if (info == GrB_SUCCESS) check_tree(&A);
    for (int q = 0; q < 4; q++) {
        GG_hs_set_build_parts(parts[q]);
        assert_int_equal(GG_hs_build(&B, type, nrows, ncols, in, dup, flags), info);
        if (info != GrB_SUCCESS) continue;
        expect_same_tree(&A, &B);
        GG_hs_free(&B);
    }
    GG_hs_set_build_parts(0);
    if (info == GrB_SUCCESS) GG_hs_free(&A);
}

/* Every path of the build (sorted input, strips of dense or sparse blocks, buckets, folding runs
 * of values or of positions, casts, iso, vectors, wide keys, errors) and every tree height, in
 * several parts; and the element-wise build from a stream of arrays. */
static void test_parallel_same_tree(void **state)
{
    (void)state;
    uint64_t seed = 11;
    GrB_Type udt;
    OK(GrB_Type_new(&udt, sizeof(udt12)));
    GrB_BinaryOp udt_op;
    OK(GrB_BinaryOp_new(&udt_op, udt_xor, udt, udt, udt));
    GrB_Type types[] = {GrB_BOOL, GrB_INT8, GrB_UINT16, GrB_INT32, GrB_FP32, GrB_FP64, GrB_UINT64, udt};
    int dims[] = {2, 4, 16, 128, 256};
    GrB_Index shapes[][2] = {{37, 53},    {1000, 1000},     {1 << 14, 300},         {5, 1 << 20},
                             {1 << 21, 1 << 21}, {HUGE_DIM, 1 << 10}, {100000, 100000}, {1 << 18, 1}};
    /* fewer entries than parts: empty parts everywhere */
    for (uint64_t count = 0; count < 4; count++) {
        tuples t;
        tuples_init(&t, GrB_FP64, 1000, 1000);
        random_pattern(&t, &seed, count, 0);
        if (count == 3) tuples_add(&t, t.I[0], t.J[0], t.X); /* a duplicate */
        GG_hs_tuples in = {t.I, t.J, t.X, GrB_FP64, false, t.n};
        parts_agree(&in, GrB_FP64, t.nrows, t.ncols, GrB_PLUS_FP64, GG_HS_NO_ISO);
        tuples_free(&t);
    }
    for (int trial = 0; trial < 80; trial++) {
        OK(GG_hs_set_node_dim(dims[rng_below(&seed, 5)]));
        GrB_Type type = types[rng_below(&seed, 8)];
        GrB_Index *shape = shapes[rng_below(&seed, 8)];
        tuples t;
        tuples_init(&t, type, shape[0], shape[1]);
        random_pattern(&t, &seed, rng_below(&seed, 12000), (int)rng_below(&seed, 4));
        GrB_BinaryOp dup = type == udt ? udt_op : plus_of(type);
        GG_hs_tuples in = {t.I, shape[1] == 1 && rng_below(&seed, 2) ? NULL : t.J, t.X, type, false, t.n};
        tuples ref, tree;
        switch (rng_below(&seed, 9)) {
        case 0: parts_agree(&in, type, t.nrows, t.ncols, dup, 0); break;
        case 1: /* one value shared by all */
            in.x_iso = true;
            parts_agree(&in, type, t.nrows, t.ncols, NULL, rng_below(&seed, 2) ? GG_HS_NO_ISO : 0);
            break;
        case 2: /* every value equal, found so */
            for (GrB_Index k = 1; k < t.n; k++) memcpy(t.X + k * type->size, t.X, type->size);
            parts_agree(&in, type, t.nrows, t.ncols, dup, 0);
            break;
        case 3: /* unique, sorted by rows or in tree order */
            reference(&t, dup, false, &ref);
            tree_order(&ref, &tree);
            in = (GG_hs_tuples){ref.I, ref.J, ref.X, type, false, ref.n};
            parts_agree(&in, type, t.nrows, t.ncols, NULL, GG_HS_NO_ISO);
            in = (GG_hs_tuples){tree.I, tree.J, tree.X, type, false, tree.n};
            parts_agree(&in, type, t.nrows, t.ncols, NULL, GG_HS_NO_ISO);
            tuples_free(&tree);
            tuples_free(&ref);
            break;
        case 4: parts_agree(&in, type, t.nrows, t.ncols, NULL, 0); break; /* duplicates: an error */
        case 5: parts_agree(&in, type, t.nrows, t.ncols, NULL, GG_HS_LAST_WINS); break;
        case 6: /* cast to another tree type, duplicates folded in the input's type */
            if (type != udt) parts_agree(&in, type == GrB_FP64 ? GrB_INT16 : GrB_FP64, t.nrows, t.ncols, dup, 0);
            break;
        case 7: /* one index out of range */
            if (t.n > 0 && t.nrows < HUGE_DIM) {
                t.I[rng_below(&seed, t.n)] = t.nrows;
                parts_agree(&in, type, t.nrows, t.ncols, dup, 0);
            }
            break;
        default: { /* an element-wise sum: the build from a stream of coordinate arrays */
            GG_hs_matrix A, B, C, D;
            build_ok(&A, &t, dup, 0);
            GG_hs_share(&B, &A); /* A + A */
            if (type != udt && type != GrB_BOOL) {
                GG_hs_set_build_parts(1);
                OK(GG_hs_ewise(&C, &A, &B, dup, false));
                GG_hs_set_build_parts(7);
                OK(GG_hs_ewise(&D, &A, &B, dup, false));
                GG_hs_set_build_parts(0);
                check_tree(&C);
                expect_same_tree(&C, &D);
                GG_hs_free(&C);
                GG_hs_free(&D);
            }
            GG_hs_free(&B);
            GG_hs_free(&A);
        }
        }
        tuples_free(&t);
    }
    OK(GrB_free(&udt_op));
    OK(GrB_free(&udt));
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

/* ---- state: scale, sharing --------------------------------------------------------------------------- */

static void test_scale_and_sharing(void **state)
{
    (void)state;
    GrB_Index I[] = {0, 3, 3}, J[] = {1, 0, 2};
    double X[] = {1, 2, 4};
    GG_hs_tuples in = {I, J, X, GrB_FP64, false, 3};
    GG_hs_matrix A, B;
    OK(GG_hs_build(&A, GrB_FP64, 4, 4, &in, NULL, 0));
    GG_hs_share(&B, &A);
    assert_ptr_equal(A.pool, B.pool);
    assert_int_equal(atomic_load(&A.pool->refs), 2);
    OK(GG_hs_set_scale(&B, -0.5));
    check_tree(&B);
    GG_coo c;
    OK(GG_hs_to_coo(&B, &c));
    double want[] = {-0.5, -1, -2};
    for (int k = 0; k < 3; k++) assert_true(((double *)c.x)[k] == want[k]);
    GG_coo_free(&c);
    int32_t v;
    OK(GG_hs_get(&B, 3, 2, &v, GrB_INT32));
    assert_int_equal(v, -2);
    OK(GG_hs_get(&A, 3, 2, &v, GrB_INT32)); /* A keeps its own scale */
    assert_int_equal(v, 4);
    GG_hs_free(&A);
    assert_int_equal(atomic_load(&B.pool->refs), 1);
    GG_hs_free(&B);

    int32_t Y[] = {1, 2, 3};
    in.x = Y;
    in.xtype = GrB_INT32;
    OK(GG_hs_build(&A, GrB_INT32, 4, 4, &in, NULL, 0));
    assert_int_equal(GG_hs_set_scale(&A, 2.0), GrB_DOMAIN_MISMATCH);
    OK(GG_hs_set_scale(&A, 1.0));
    GG_hs_free(&A);
}

/* Casting on build: FP64 input into an INT16 tree, duplicates folded in FP64 by PLUS_FP64. */
static void test_build_casts(void **state)
{
    (void)state;
    GrB_Index I[] = {1, 1, 0}, J[] = {2, 2, 0};
    double X[] = {1.75, 1.75, -2.5};
    GG_hs_tuples in = {I, J, X, GrB_FP64, false, 3};
    GG_hs_matrix A;
    OK(GG_hs_build(&A, GrB_INT16, 3, 3, &in, GrB_PLUS_FP64, 0));
    check_tree(&A);
    int16_t v;
    OK(GG_hs_get(&A, 1, 2, &v, GrB_INT16));
    assert_int_equal(v, 3); /* (int16) (1.75 + 1.75) */
    OK(GG_hs_get(&A, 0, 0, &v, GrB_INT16));
    assert_int_equal(v, -2);
    GG_hs_free(&A);
}

/* Input sorted by rows whose values are all equal and cast on the way in (a graph loaded without
 * weights: ones into FP64): iso, the one value cast; with GG_HS_NO_ISO every value cast. Large
 * enough for the blocks of the strips (in one part and in several) and with a tree of three
 * levels, and of one. */
static void test_sorted_equal_cast(void **state)
{
    (void)state;
    static const GrB_Index dims[] = {1 << 15, 100};
    for (int d = 0; d < 2; d++) {
        GrB_Index n = dims[d], count = 0, cap = 40 * n;
        GrB_Index *I = malloc(cap * sizeof *I), *J = malloc(cap * sizeof *J);
        double *X = malloc(cap * sizeof *X);
        assert_true(I != NULL && J != NULL && X != NULL);
        uint64_t seed = 5;
        for (GrB_Index i = 0; i < n; i++)
            for (GrB_Index j = rng_below(&seed, 8); j < n && count < cap; j += 1 + rng_below(&seed, n / 8 + 1)) {
                I[count] = i;
                J[count] = j;
                X[count++] = 2.75;
            }
        GG_hs_tuples in = {I, J, X, GrB_FP64, false, count};
        for (int flags = 0; flags <= GG_HS_NO_ISO; flags += GG_HS_NO_ISO) {
            GG_hs_matrix A;
            OK(GG_hs_build(&A, GrB_INT32, n, n, &in, NULL, (unsigned)flags));
            check_tree(&A);
            assert_int_equal(A.nvals, count);
            assert_int_equal(A.iso, flags == 0);
            for (int k = 0; k < 50; k++) {
                GrB_Index e = rng_below(&seed, count);
                int32_t v = 0;
                OK(GG_hs_get(&A, I[e], J[e], &v, GrB_INT32));
                assert_int_equal(v, 2);
            }
            GG_hs_free(&A);
            parts_agree(&in, GrB_INT32, n, n, NULL, (unsigned)flags);
        }
        free(I);
        free(J);
        free(X);
    }
}

/* ---- the checker catches damage -------------------------------------------------------------------- */

/* A private copy of A's pool, damaged by `damage`, must fail the check. */
static void expect_damage_found(const GG_hs_matrix *A, void (*damage)(GG_hs_matrix *))
{
    GG_hs_matrix B = *A;
    uint8_t *p = GG_malloc(A->pool->bytes);
    assert_non_null(p);
    memcpy(p, A->pool, A->pool->bytes);
    B.pool = (GG_hs_pool *)p;
    atomic_store(&B.pool->refs, 1);
    check_tree(&B);
    damage(&B);
    char msg[256];
    assert_int_equal(GG_hs_check(&B, msg, sizeof msg), GrB_INVALID_OBJECT);
    assert_true(strlen(msg) > 0);
    B.root = 0;
    GG_free(p);
}

static uint8_t *root_node(GG_hs_matrix *B)
{
    return (uint8_t *)B->pool + hs_word_offset(B->root);
}

/* The geometry of the root, a COO leaf. */
static hs_geom root_geom(GG_hs_matrix *B)
{
    int tag = hs_word_tag(B->root);
    return hs_coo_geom(hs_load32(root_node(B)), hs_coo_x(tag), hs_coord_bytes(B->height, B->dbits),
                       hs_vbytes(B));
}

static void bad_tag(GG_hs_matrix *B)
{
    B->root = hs_word_offset(B->root) | 15;
}
static void bad_offset(GG_hs_matrix *B)
{
    B->root = (B->pool->bytes + 64) | (B->root & 15);
}
static void bad_count(GG_hs_matrix *B)
{
    uint32_t n = 0;
    memcpy(root_node(B), &n, 4);
}
static void bad_total(GG_hs_matrix *B)
{
    B->nvals++;
}
static void bad_order(GG_hs_matrix *B)
{
    /* swap the first two entries' 16-bit coordinate pairs */
    uint8_t *c = root_node(B) + root_geom(B).coords, t[4];
    memcpy(t, c, 4);
    memcpy(c, c + 4, 4);
    memcpy(c + 4, t, 4);
}
static void bad_coordinate(GG_hs_matrix *B)
{
    uint16_t big = 20000; /* beyond the 16384-wide matrix */
    memcpy(root_node(B) + root_geom(B).coords, &big, 2);
}
static void bad_padding(GG_hs_matrix *B)
{
    root_node(B)[root_geom(B).size - 1] = 1;
}
static void bad_height(GG_hs_matrix *B)
{
    B->height++;
}
static void bad_overlap(GG_hs_matrix *B)
{
    /* the inner root's second child points at its first */
    hs_kids it;
    hs_kids_open(B, B->root, &it);
    uint64_t w0 = hs_load64(it.words);
    memcpy((uint8_t *)it.words + 8, &w0, 8);
}

/* Unique input sorted by rows in a tree of three levels or more, with well-filled level-2 blocks,
 * is built strip by strip, without the array of pairs (build.c, build_strips). The tree must be
 * the one the same tuples give in tree order (no sort) and in random order (the buckets), for
 * every number of parts, for values that ride in the pairs (cast or not, through dup's type when
 * dup is given), iso trees, and where the path gives way: values of 12 bytes, one value for all
 * kept as values, and a node above level 2 that is a leaf (a lone entry far from the rest). */
static void test_rows_strip_by_strip(void **state)
{
    (void)state;
    GrB_Type udt;
    OK(GrB_Type_new(&udt, sizeof(udt12)));
    static const struct {
        int d;
        GrB_Index nrows, ncols, count;
        int pattern;
    } cases[] = {{4, 64, 64, 1500, 0},   {4, 64, 48, 1500, 0},    {2, 32, 32, 5000, 0},
                 {8, 512, 512, 5000, 0}, {16, 4096, 3000, 30000, 0}, {4, 256, 256, 6000, 2},
                 {4, 200, 256, 6000, 3}, {8, 1000, 700, 20000, 1},
                 /* 2^17 level-1 column blocks: the skeleton counts them in two windows */
                 {16, 256, (GrB_Index)1 << 21, 140000, 0}};
    uint64_t seed = 31;
    for (size_t q = 0; q < sizeof cases / sizeof cases[0]; q++) {
        OK(GG_hs_set_node_dim(cases[q].d));
        for (int variant = 0; variant < 8; variant++) {
            GrB_Type xtype = variant == 1 ? GrB_INT32 : variant == 5 ? udt : GrB_FP64;
            GrB_Type type = variant == 1 || variant == 3 ? GrB_FP64 : xtype;
            GrB_BinaryOp dup = variant == 3 ? GrB_PLUS_INT16 : NULL;
            unsigned flags = variant == 6 ? GG_HS_NO_ISO : 0;
            tuples t, ref, tree;
            tuples_init(&t, xtype, cases[q].nrows, cases[q].ncols);
            random_pattern(&t, &seed, cases[q].count, cases[q].pattern);
            if (variant == 2 || variant == 6) /* every value equal */
                for (GrB_Index k = 1; k < t.n; k++) memcpy(t.X + k * xtype->size, t.X, xtype->size);
            if (variant == 7) { /* a lone entry in the last row, far from the dense corner */
                for (GrB_Index k = 0; k < t.n; k++) t.I[k] %= t.nrows / 4;
                tuples_add(&t, t.nrows - 1, t.ncols - 1, t.X);
            }
            reference(&t, NULL, false, &ref); /* unique: the last of each position */
            tree_order(&ref, &tree);
            GG_hs_tuples rows = {ref.I, ref.J, ref.X, xtype, variant == 4 || variant == 6, ref.n};
            GG_hs_tuples ordered = {tree.I, tree.J, tree.X, xtype, rows.x_iso, tree.n};
            void *one = malloc(xtype->size); /* x_iso: the input holds one value, no more */
            assert_non_null(one);
            memcpy(one, ref.X, xtype->size);
            if (rows.x_iso) rows.x = ordered.x = one;
            GG_hs_matrix A, B, C;
            OK(GG_hs_build(&A, type, t.nrows, t.ncols, &rows, dup, flags));
            check_tree(&A);
            OK(GG_hs_build(&B, type, t.nrows, t.ncols, &ordered, dup, flags));
            expect_same_tree(&A, &B);
            /* random order: reversed rows, then the buckets sort it */
            for (GrB_Index k = 0; k < tree.n / 2; k++) {
                GrB_Index e = tree.n - 1 - k, i = tree.I[k], j = tree.J[k];
                uint8_t x[sizeof(udt12)];
                memcpy(x, tree.X + k * xtype->size, xtype->size);
                tree.I[k] = tree.I[e];
                tree.J[k] = tree.J[e];
                memcpy(tree.X + k * xtype->size, tree.X + e * xtype->size, xtype->size);
                tree.I[e] = i;
                tree.J[e] = j;
                memcpy(tree.X + e * xtype->size, x, xtype->size);
            }
            OK(GG_hs_build(&C, type, t.nrows, t.ncols, &ordered, dup, flags));
            expect_same_tree(&A, &C);
            parts_agree(&rows, type, t.nrows, t.ncols, dup, flags);
            GG_hs_free(&A);
            GG_hs_free(&B);
            GG_hs_free(&C);
            free(one);
            tuples_free(&tree);
            tuples_free(&ref);
            tuples_free(&t);
        }
    }
    OK(GrB_free(&udt));
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

/* Input that leaves tree order in its first entries goes to the strips without the scan (build.c,
 * strips_try with verify): the skeleton must find input, anywhere, that is not sorted by rows,
 * has a duplicate or an index out of range, and give way to the scan, which then builds the tree
 * the same tuples give in reverse order (the buckets) or reports the index. */
static void test_rows_unscanned_checked(void **state)
{
    (void)state;
    OK(GG_hs_set_node_dim(8));
    uint64_t seed = 77;
    tuples t, ref;
    tuples_init(&t, GrB_FP64, 512, 512);
    random_pattern(&t, &seed, 5000, 0);
    reference(&t, NULL, false, &ref); /* unique, sorted by rows */
    GrB_Index n = ref.n, mid = n / 2 + 7, far = n / 4;
    assert_true(ref.I[mid] == ref.I[mid + 1] && ref.I[far] >> 6 != ref.I[mid] >> 6);
    for (int damage = 0; damage < 7; damage++) {
        tuples in, rev;
        tuples_init(&in, ref.type, ref.nrows, ref.ncols);
        for (GrB_Index k = 0; k < n; k++) tuples_add(&in, ref.I[k], ref.J[k], ref.X + 8 * k);
        GrB_Index i = in.I[mid], j = in.J[mid];
        switch (damage) {
        case 1: /* two columns of a row out of order */
            in.J[mid] = in.J[mid + 1];
            in.J[mid + 1] = j;
            break;
        case 2: /* a row out of order, inside another strip */
            in.I[mid] = in.I[far];
            in.J[mid] = in.J[far];
            in.I[far] = i;
            in.J[far] = j;
            break;
        case 3: /* the last entry twice (same value: either order keeps it) */
            tuples_add(&in, in.I[n - 1], in.J[n - 1], in.X + 8 * (n - 1));
            break;
        case 4: /* the last row's entries moved to the front */
            for (GrB_Index k = 0; k < n; k++) in.I[k] = ref.I[(k + n - 1) % n];
            for (GrB_Index k = 0; k < n; k++) in.J[k] = ref.J[(k + n - 1) % n];
            break;
        case 5: /* a column out of range mid-row */
            in.J[mid] = in.ncols;
            break;
        case 6: /* the last row out of range */
            in.I[n - 1] = in.nrows;
            break;
        }
        tuples_init(&rev, in.type, in.nrows, in.ncols);
        for (GrB_Index k = in.n; k-- > 0;) tuples_add(&rev, in.I[k], in.J[k], in.X + 8 * k);
        GG_hs_tuples a = {in.I, in.J, in.X, in.type, false, in.n};
        GG_hs_tuples b = {rev.I, rev.J, rev.X, rev.type, false, rev.n};
        GG_hs_matrix A, B;
        memset(&A, 0, sizeof A);
        if (damage >= 5) {
            assert_int_equal(GG_hs_build(&A, in.type, in.nrows, in.ncols, &a, NULL, 0),
                             GrB_INDEX_OUT_OF_BOUNDS);
            assert_null(A.pool);
        } else {
            OK(GG_hs_build(&A, in.type, in.nrows, in.ncols, &a, NULL, GG_HS_LAST_WINS));
            check_tree(&A);
            OK(GG_hs_build(&B, in.type, in.nrows, in.ncols, &b, NULL, GG_HS_LAST_WINS));
            expect_same_tree(&A, &B);
            GG_hs_free(&B);
            GG_hs_free(&A);
        }
        tuples_free(&rev);
        tuples_free(&in);
    }
    tuples_free(&ref);
    tuples_free(&t);
    OK(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT));
}

static void test_checker_finds_damage(void **state)
{
    (void)state;
    /* scattered in a 2^14 square: a single level-2 COO leaf as the root */
    GrB_Index I[] = {5, 9000, 16000}, J[] = {16000, 3, 77};
    float X[] = {1, 2, 3};
    GG_hs_tuples in = {I, J, X, GrB_FP32, false, 3};
    GG_hs_matrix A;
    OK(GG_hs_build(&A, GrB_FP32, 1 << 14, 1 << 14, &in, NULL, 0));
    check_tree(&A);
    assert_true(hs_coo_x(hs_word_tag(A.root)) >= 1 && !hs_is_inner(hs_word_tag(A.root)));
    assert_true(root_geom(&A).size > root_geom(&A).values + 3 * 4); /* has tail padding */
    expect_damage_found(&A, bad_tag);
    expect_damage_found(&A, bad_offset);
    expect_damage_found(&A, bad_count);
    expect_damage_found(&A, bad_total);
    expect_damage_found(&A, bad_order);
    expect_damage_found(&A, bad_coordinate);
    expect_damage_found(&A, bad_padding);
    expect_damage_found(&A, bad_height);
    GG_hs_free(&A);
    /* two children of an inner COO root at the same place: overlapping nodes. Two full blocks
     * make two dense leaves under the root. */
    tuples t;
    tuples_init(&t, GrB_FP32, 1000, 1000);
    for (GrB_Index i = 0; i < 128; i++)
        for (GrB_Index j = 0; j < 128; j++) {
            tuples_add(&t, i, j, &X[0]);
            tuples_add(&t, i, 256 + j, &X[1]);
        }
    build_ok(&A, &t, NULL, 0);
    tuples_free(&t);
    check_tree(&A);
    assert_true(hs_is_inner(hs_word_tag(A.root)) && hs_word_tag(A.root) != GG_HS_INNER_DENSE);
    expect_damage_found(&A, bad_overlap);
    GG_hs_free(&A);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edge_dimensions),
        cmocka_unit_test(test_vector_shape),
        cmocka_unit_test(test_huge_single_entry),
        cmocka_unit_test(test_dense_rows_and_blocks),
        cmocka_unit_test(test_duplicates),
        cmocka_unit_test(test_index_out_of_bounds),
        cmocka_unit_test(test_node_dim_setting),
        cmocka_unit_test(test_every_node_kind),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_parallel_same_tree),
        cmocka_unit_test(test_scale_and_sharing),
        cmocka_unit_test(test_build_casts),
        cmocka_unit_test(test_sorted_equal_cast),
        cmocka_unit_test(test_rows_strip_by_strip),
        cmocka_unit_test(test_rows_unscanned_checked),
        cmocka_unit_test(test_checker_finds_damage),
        cmocka_unit_test(test_band_width_follows_leaves),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
