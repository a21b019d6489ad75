/* test_cuda_hs.c: HiSparse on the device. (1) The device build gives the same pool, byte for byte,
 * as the host build (GG_hs_build) for the same tuples and node dimension, on inputs that produce
 * every node kind: dense, bitmap and COO leaves at level 1, COO leaves higher up, dense and COO
 * inner nodes, iso trees, edge blocks. (2) eWiseAdd / eWiseMult forced onto the CUDA backend agree
 * exactly with the CPU backend, with transposed inputs, several operators and types, and a mask
 * with an accumulator. (3) The eWise fast paths that copy an input's pool (same tree; equal
 * patterns, A + A' of a symmetric pattern) give the right values and the pool a fresh device build of
 * the result gives. (4) A tree's tuples in each order (GG_cuda_order) against the host's sorts, and
 * the rebuild from tree order without a sort (GG_cuda_sort_count). Exits 77 (Meson: SKIP) when no CUDA device is usable. */
#include "GG_cuda_backend.h"
#include "GG_cuda_hsbuild.h"
#include "GG_hisparse.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_cuda_test.h"

typedef struct {
    GrB_Index *row, *col;
    uint8_t *x;
    uint64_t n;
} tuples;

static int cmp_rc(const void *a, const void *b)
{
    const GrB_Index *p = a, *q = b;
    if (p[0] != q[0]) return p[0] < q[0] ? -1 : 1;
    return p[1] < q[1] ? -1 : p[1] > q[1];
}

/* Unique cells by pattern, shuffled: 0 uniform random, 1 complete d x d blocks (dense leaves,
 * edge blocks included), 2 half-full blocks (bitmap leaves), 3 small clusters far apart (COO
 * leaves above level 1). */
static tuples make(GrB_Index nrows, GrB_Index ncols, int d, int pattern, uint64_t want, size_t vsize,
                   bool equal)
{
    GrB_Index *rc = malloc(2 * want * sizeof *rc);
    uint64_t n = 0;
    while (n < want) {
        GrB_Index i0 = GG_cuda_test_next() % nrows, j0 = GG_cuda_test_next() % ncols;
        if (pattern == 0) {
            rc[2 * n] = i0, rc[2 * n + 1] = j0, n++;
            continue;
        }
        GrB_Index bi = i0 / d * d, bj = j0 / d * d;
        int span = pattern == 3 ? 3 : d;
        for (int a = 0; a < span && n < want; a++)
            for (int b = 0; b < span && n < want; b++) {
                GrB_Index i = pattern == 3 ? i0 + a : bi + a, j = pattern == 3 ? j0 + b : bj + b;
                if (i >= nrows || j >= ncols || (pattern == 2 && (GG_cuda_test_next() & 1))) continue;
                rc[2 * n] = i, rc[2 * n + 1] = j, n++;
            }
    }
    qsort(rc, n, 2 * sizeof *rc, cmp_rc);
    uint64_t u = 0;
    for (uint64_t k = 0; k < n; k++)
        if (u == 0 || cmp_rc(rc + 2 * k, rc + 2 * (u - 1)) != 0) rc[2 * u] = rc[2 * k], rc[2 * u + 1] = rc[2 * k + 1], u++;
    for (uint64_t k = u; k > 1; k--) {
        uint64_t r = GG_cuda_test_next() % k;
        GrB_Index t0 = rc[2 * (k - 1)], t1 = rc[2 * (k - 1) + 1];
        rc[2 * (k - 1)] = rc[2 * r], rc[2 * (k - 1) + 1] = rc[2 * r + 1];
        rc[2 * r] = t0, rc[2 * r + 1] = t1;
    }
    tuples t = {malloc((u + 1) * sizeof(GrB_Index)), malloc((u + 1) * sizeof(GrB_Index)),
                malloc((u + 1) * vsize), u};
    for (uint64_t k = 0; k < u; k++) {
        t.row[k] = rc[2 * k];
        t.col[k] = rc[2 * k + 1];
        for (size_t b = 0; b < vsize; b++) t.x[k * vsize + b] = equal ? 1 : (uint8_t)(GG_cuda_test_next() % 5 + 1);
    }
    free(rc);
    return t;
}

static void *upload(const void *h, size_t bytes)
{
    void *d = GG_cuda_malloc(bytes);
    assert_non_null(d);
    assert_true(GG_cuda_upload(d, h, bytes));
    return d;
}

/* n host coordinates as the device tuples' 32-bit ones (the device build's format). */
static uint32_t *upload_coords(const GrB_Index *h, uint64_t n)
{
    uint32_t *narrow = malloc((n + 1) * sizeof *narrow);
    assert_non_null(narrow);
    for (uint64_t k = 0; k < n; k++) {
        assert_true(h[k] <= UINT32_MAX);
        narrow[k] = (uint32_t)h[k];
    }
    uint32_t *d = upload(narrow, (n + 1) * sizeof *narrow);
    free(narrow);
    return d;
}

static int g_cases;

/* Host and device builds of the same tuples: same pool bytes, root, height, iso. */
static void same_build(GrB_Index nrows, GrB_Index ncols, int dbits, int pattern, uint64_t want,
                       GrB_Type type, bool equal, bool allow_iso)
{
    size_t vsize = type->size;
    tuples t = make(nrows, ncols, 1 << dbits, pattern, want, vsize, equal);
    GG_hs_matrix H;
    assert_int_equal(GG_hs_set_node_dim(1 << dbits), GrB_SUCCESS);
    GG_hs_tuples ht = {t.row, t.col, t.x, type, false, t.n};
    assert_int_equal(GG_hs_build(&H, type, nrows, ncols, &ht, NULL, allow_iso ? 0 : GG_HS_NO_ISO),
                     GrB_SUCCESS);
    uint32_t *dr = upload_coords(t.row, t.n), *dc = upload_coords(t.col, t.n);
    void *dx = upload(t.x, (t.n + 1) * vsize);
    GG_cuda_hs D;
    assert_int_equal(GG_cuda_hs_build_coo(&D, nrows, ncols, dbits, dr, dc, dx, t.n, type->code,
                                          (int)vsize, allow_iso),
                     GG_CUDA_HS_OK);
    assert_int_equal(D.nvals, H.nvals);
    assert_int_equal(D.height, H.height);
    assert_int_equal(D.iso, H.iso);
    assert_int_equal(D.root, H.root);
    uint64_t hb = H.pool != NULL ? H.pool->bytes : 0;
    assert_int_equal(D.pool_bytes, hb);
    if (hb > 0) {
        uint8_t *back = malloc(hb);
        assert_true(GG_cuda_download(back, D.pool, hb));
        uint64_t k = 0;
        while (k < hb && back[k] == ((uint8_t *)H.pool)[k]) k++;
        if (k < hb)
            fail_msg("pools differ at byte %llu of %llu (%llux%llu d=%d pattern %d n=%llu)",
                     (unsigned long long)k, (unsigned long long)hb, (unsigned long long)nrows,
                     (unsigned long long)ncols, 1 << dbits, pattern, (unsigned long long)t.n);
        free(back);
    }
    GG_cuda_free((void *)D.pool);
    GG_cuda_free(dr);
    GG_cuda_free(dc);
    GG_cuda_free(dx);
    GG_hs_free(&H);
    free(t.row);
    free(t.col);
    free(t.x);
    g_cases++;
}

static void build_bit_identical(void **state)
{
    (void)state;
    const int dims[] = {1, 2, 3, 4, 7, 8};
    for (int k = 0; k < 6; k++) {
        int b = dims[k];
        for (int pattern = 0; pattern < 4; pattern++) {
            same_build(1000, 1000, b, pattern, 3000, GrB_FP64, false, true);
            same_build(777, 1901, b, pattern, 2500, GrB_INT32, false, true);
            same_build(300, 300, b, pattern, 1500, GrB_BOOL, true, true);  /* iso */
            same_build(300, 300, b, pattern, 1500, GrB_INT16, true, false); /* equal, stored */
        }
        same_build(1, 1, b, 0, 1, GrB_FP32, false, true);
        same_build(5, 3, b, 1, 15, GrB_UINT8, false, true);
    }
    /* larger: COO leaves with 16- and 32-bit coordinates, many levels */
    same_build(1ULL << 20, 1ULL << 20, 7, 0, 200000, GrB_FP32, false, true);
    same_build(3000000000ULL, 5, 4, 0, 50000, GrB_INT64, false, true);
    same_build(100000, 100000, 7, 3, 300000, GrB_FP64, false, true);
    same_build(4096, 4096, 7, 1, 400000, GrB_FP32, false, true);
    same_build(4096, 4096, 7, 2, 400000, GrB_FP64, false, true);
    printf("device build: %d cases bit-identical\n", g_cases);
    assert_int_equal(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT), GrB_SUCCESS);
}

/* ---- eWise parity ------------------------------------------------------------------------------ */

static GrB_Matrix random_matrix(GrB_Type type, GrB_Index nrows, GrB_Index ncols, int pattern, uint64_t n)
{
    tuples t = make(nrows, ncols, 128, pattern, n, 8, false);
    double *v = malloc((t.n + 1) * sizeof *v);
    for (uint64_t k = 0; k < t.n; k++) v[k] = (double)(GG_cuda_test_next() % 1000) / 8.0 - 40;
    GrB_Matrix A, F;
    assert_int_equal(GrB_Matrix_new(&F, GrB_FP64, nrows, ncols), GrB_SUCCESS);
    assert_int_equal(GrB_Matrix_build_FP64(F, t.row, t.col, v, t.n, GrB_PLUS_FP64), GrB_SUCCESS);
    assert_int_equal(GrB_Matrix_new(&A, type, nrows, ncols), GrB_SUCCESS);
    assert_int_equal(GrB_Matrix_apply(A, NULL, NULL, GrB_IDENTITY_FP64, F, NULL), GrB_SUCCESS);
    GrB_Matrix_free(&F);
    free(t.row);
    free(t.col);
    free(t.x);
    free(v);
    return A;
}

/* C as double tuples, sorted. */
static void tuples_of(GrB_Matrix C, GrB_Index *n, GrB_Index **I, GrB_Index **J, double **X)
{
    assert_int_equal(GrB_Matrix_nvals(n, C), GrB_SUCCESS);
    *I = malloc((*n + 1) * 8);
    *J = malloc((*n + 1) * 8);
    *X = malloc((*n + 1) * 8);
    assert_int_equal(GrB_Matrix_extractTuples_FP64(*I, *J, *X, n, C), GrB_SUCCESS);
}

static void set_backend(int32_t b)
{
    assert_int_equal(GrB_set(GrB_GLOBAL, b, GxG_BACKEND), GrB_SUCCESS);
}

static void run_ewise(GrB_Matrix C, GrB_Matrix M, GrB_BinaryOp accum, GrB_BinaryOp op,
                      GrB_Matrix A, GrB_Matrix B, GrB_Descriptor d, bool mult)
{
    GrB_Info info = mult ? GrB_Matrix_eWiseMult_BinaryOp(C, M, accum, op, A, B, d)
                         : GrB_Matrix_eWiseAdd_BinaryOp(C, M, accum, op, A, B, d);
    assert_int_equal(info, GrB_SUCCESS);
}

static void ewise_parity(void **state)
{
    (void)state;
    struct {
        GrB_Type t;
        GrB_BinaryOp ops[3];
    } cases[] = {{GrB_FP64, {GrB_PLUS_FP64, GrB_MIN_FP64, GrB_TIMES_FP64}},
                 {GrB_FP32, {GrB_PLUS_FP32, GrB_MAX_FP32, GrB_MINUS_FP32}},
                 {GrB_INT32, {GrB_PLUS_INT32, GrB_TIMES_INT32, GrB_SECOND_INT32}},
                 {GrB_UINT8, {GrB_PLUS_UINT8, GrB_MIN_UINT8, GrB_FIRST_UINT8}},
                 {GrB_BOOL, {GrB_LOR, GrB_LAND, GrB_LXOR}}};
    GrB_Descriptor descs[] = {NULL, GrB_DESC_T0, GrB_DESC_T1, GrB_DESC_T0T1};
    int checked = 0, nonempty = 0;
    /* under compute-sanitizer (GG_TEST_SANITIZER) two types and one operator: racecheck runs each
     * kernel about a thousand times slower, and the full 300 cases took over six minutes */
    bool sanitizer = getenv("GG_TEST_SANITIZER") != NULL;
    size_t ncases = sanitizer ? 2 : sizeof cases / sizeof cases[0];
    int nops = sanitizer ? 1 : 3;
    for (size_t c = 0; c < ncases; c++) {
        GrB_Index n = 900;
        GrB_Matrix A = random_matrix(cases[c].t, n, n, (int)c % 4, 6000);
        GrB_Matrix B = random_matrix(cases[c].t, n, n, (int)(c + 1) % 4, 6000);
        GrB_Matrix Mk = random_matrix(GrB_BOOL, n, n, 0, 30000);
        for (int o = 0; o < nops; o++)
            for (int k = 0; k < 5; k++) /* k == 4: A (+) A, one tree twice */
                for (int mult = 0; mult < 2; mult++)
                    for (int masked = 0; masked < 2; masked++) {
                        GrB_Matrix C[2];
                        size_t before = 0, after = 0;
                        assert_int_equal(GrB_Global_get_SIZE(GrB_GLOBAL, &before, GxG_CUDA_DECLINES),
                                         GrB_SUCCESS);
                        for (int be = 0; be < 2; be++) {
                            set_backend(be == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
                            assert_int_equal(GrB_Matrix_new(&C[be], cases[c].t, n, n), GrB_SUCCESS);
                            if (masked) run_ewise(C[be], NULL, NULL, cases[c].ops[0], A, B, NULL, false);
                            run_ewise(C[be], masked ? Mk : NULL, masked ? cases[c].ops[0] : NULL,
                                      cases[c].ops[o], A, k >= 3 ? A : B, k < 4 ? descs[k] : NULL, mult);
                        }
                        set_backend(GxG_BACKEND_AUTO);
                        assert_int_equal(GrB_Global_get_SIZE(GrB_GLOBAL, &after, GxG_CUDA_DECLINES),
                                         GrB_SUCCESS);
                        GrB_Index n0, n1, *I0, *J0, *I1, *J1;
                        double *X0, *X1;
                        tuples_of(C[0], &n0, &I0, &J0, &X0);
                        tuples_of(C[1], &n1, &I1, &J1, &X1);
                        assert_int_equal(n0, n1);
                        assert_memory_equal(I0, I1, n0 * 8);
                        assert_memory_equal(J0, J1, n0 * 8);
                        assert_memory_equal(X0, X1, n0 * 8);
                        nonempty += n0 > 0;
                        /* the CUDA slot ran: nothing declined (its result stays on the device) */
                        assert_true(after == before);
                        free(I0), free(J0), free(X0), free(I1), free(J1), free(X1);
                        GrB_Matrix_free(&C[0]);
                        GrB_Matrix_free(&C[1]);
                        checked++;
                    }
        GrB_Matrix_free(&A);
        GrB_Matrix_free(&B);
        GrB_Matrix_free(&Mk);
    }
    printf("eWise parity: %d cases, %d with a non-empty result\n", checked, nonempty);
    assert_true(nonempty > checked / 2);
}

/* ---- eWise fast paths ----------------------------------------------------------------------------- */

/* A pattern made symmetric (each cell and its mirror), sorted row-major, FP64 values k / 8. */
static tuples symmetric(GrB_Index n, int d, int pattern, uint64_t want)
{
    tuples t = make(n, n, d, pattern, want, 8, false);
    GrB_Index *rc = malloc(4 * (t.n + 1) * sizeof *rc);
    for (uint64_t k = 0; k < t.n; k++) {
        rc[4 * k] = t.row[k], rc[4 * k + 1] = t.col[k];
        rc[4 * k + 2] = t.col[k], rc[4 * k + 3] = t.row[k];
    }
    qsort(rc, 2 * t.n, 2 * sizeof *rc, cmp_rc);
    uint64_t u = 0;
    for (uint64_t k = 0; k < 2 * t.n; k++)
        if (u == 0 || cmp_rc(rc + 2 * k, rc + 2 * (u - 1)) != 0) rc[2 * u] = rc[2 * k], rc[2 * u + 1] = rc[2 * k + 1], u++;
    free(t.row), free(t.col), free(t.x);
    tuples s = {malloc((u + 1) * 8), malloc((u + 1) * 8), malloc((u + 1) * 8), u};
    for (uint64_t k = 0; k < u; k++) {
        s.row[k] = rc[2 * k], s.col[k] = rc[2 * k + 1];
        double v = (double)(GG_cuda_test_next() % 64) / 8.0 - 4;
        memcpy(s.x + 8 * k, &v, 8);
    }
    free(rc);
    return s;
}

/* The value at (i, j) of sorted tuples t (present by construction). */
static double at(const tuples *t, GrB_Index i, GrB_Index j)
{
    GrB_Index key[2] = {i, j};
    uint64_t lo = 0, hi = t->n;
    while (hi - lo > 1) {
        uint64_t mid = (lo + hi) / 2;
        GrB_Index m[2] = {t->row[mid], t->col[mid]};
        if (cmp_rc(m, key) <= 0) lo = mid; else hi = mid;
    }
    assert_true(t->row[lo] == i && t->col[lo] == j);
    double v;
    memcpy(&v, t->x + 8 * lo, 8);
    return v;
}

static GG_cuda_hs device_tree(const tuples *t, GrB_Index n, int dbits)
{
    uint32_t *dr = upload_coords(t->row, t->n), *dc = upload_coords(t->col, t->n);
    void *dx = upload(t->x, (t->n + 1) * 8);
    GG_cuda_hs D;
    assert_int_equal(GG_cuda_hs_build_coo(&D, n, n, dbits, dr, dc, dx, t->n, GrB_FP64_CODE, 8, false),
                     GG_CUDA_HS_OK);
    GG_cuda_free(dr), GG_cuda_free(dc), GG_cuda_free(dx);
    return D;
}

/* C = A op B (PLUS, MINUS or TIMES) over the symmetric patterns of ta (A) and tb (B): each entry
 * against the host, and C's pool against a fresh device build of C's tuples. */
static void check_fold(const GG_cuda_hs *A, const GG_cuda_hs *B, const tuples *ta, const tuples *tb,
                       int op, bool mult)
{
    GG_cuda_hs C, F;
    assert_int_equal(GG_cuda_hs_ewise(&C, A, B, op, GG_CUDA_EW_FP64, GrB_FP64_CODE, A->dbits, mult),
                     GG_CUDA_HS_OK);
    uint64_t n = C.nvals;
    assert_int_equal(n, ta->n);
    uint32_t *dr = GG_cuda_malloc((n + 1) * 4), *dc = GG_cuda_malloc((n + 1) * 4);
    double *dx = GG_cuda_malloc((n + 1) * 8);
    assert_int_equal(GG_cuda_hs_to_coo(&C, GG_CUDA_ORDER_ROW, dr, dc, dx), GG_CUDA_HS_OK);
    uint32_t *r = malloc((n + 1) * 4), *c = malloc((n + 1) * 4);
    double *x = malloc((n + 1) * 8);
    assert_true(GG_cuda_download(r, dr, n * 4) && GG_cuda_download(c, dc, n * 4) &&
                GG_cuda_download(x, dx, n * 8));
    for (uint64_t k = 0; k < n; k++) {
        assert_true(r[k] == ta->row[k] && c[k] == ta->col[k]);
        GrB_Index i = r[k], j = c[k];
        double a = A->transposed ? at(ta, j, i) : at(ta, i, j), b = B->transposed ? at(tb, j, i) : at(tb, i, j);
        a *= A->scale, b *= B->scale;
        double want = op == GG_CUDA_OP_PLUS ? a + b : op == GG_CUDA_OP_MINUS ? a - b : a * b;
        if (x[k] != want) fail_msg("entry %llu (%llu,%llu): %g, want %g", (unsigned long long)k,
                                   (unsigned long long)i, (unsigned long long)j, x[k], want);
    }
    assert_int_equal(GG_cuda_hs_build_coo(&F, C.nrows, C.ncols, C.dbits, dr, dc, dx, n, GrB_FP64_CODE, 8, false),
                     GG_CUDA_HS_OK);
    assert_int_equal(F.root, C.root);
    assert_int_equal(F.pool_bytes, C.pool_bytes);
    uint8_t *pf = malloc(F.pool_bytes), *pc = malloc(C.pool_bytes);
    assert_true(GG_cuda_download(pf, F.pool, F.pool_bytes) && GG_cuda_download(pc, C.pool, C.pool_bytes));
    assert_memory_equal(pf, pc, F.pool_bytes);
    free(pf), free(pc), free(r), free(c), free(x);
    GG_cuda_free(dr), GG_cuda_free(dc), GG_cuda_free(dx);
    GG_cuda_free((void *)C.pool);
    GG_cuda_free((void *)F.pool);
    g_cases++;
}

static void ewise_fast_paths(void **state)
{
    (void)state;
    g_cases = 0;
    const int dims[] = {3, 7};
    /* under compute-sanitizer (GG_TEST_SANITIZER) patterns 0 and 3 only: racecheck took over 150 s
     * on the full set */
    int step = getenv("GG_TEST_SANITIZER") != NULL ? 3 : 1;
    for (int k = 0; k < 2; k++)
        for (int pattern = 0; pattern < 4; pattern += step) {
            GrB_Index n = 700;
            tuples t = symmetric(n, 1 << dims[k], pattern, 2000);
            tuples u = t; /* same pattern, other values */
            u.x = malloc((t.n + 1) * 8);
            for (uint64_t e = 0; e < t.n; e++) {
                double v = (double)(GG_cuda_test_next() % 64) / 8.0 - 4;
                memcpy(u.x + 8 * e, &v, 8);
            }
            GG_cuda_hs D = device_tree(&t, n, dims[k]), E = device_tree(&u, n, dims[k]);
            GG_cuda_hs Dt = D, Dh = D;
            Dt.transposed = true;
            Dh.scale = 0.5;
            for (int mult = 0; mult < 2; mult++) {
                check_fold(&D, &D, &t, &t, GG_CUDA_OP_PLUS, mult);   /* same tree */
                check_fold(&D, &Dh, &t, &t, GG_CUDA_OP_TIMES, mult); /* same tree, B scaled */
                check_fold(&D, &Dt, &t, &t, GG_CUDA_OP_PLUS, mult);  /* A + A', equal patterns */
                check_fold(&Dt, &D, &t, &t, GG_CUDA_OP_MINUS, mult); /* B's pool copied */
                check_fold(&E, &D, &u, &t, GG_CUDA_OP_MINUS, mult);  /* two trees, one pattern */
            }
            GG_cuda_free((void *)D.pool);
            GG_cuda_free((void *)E.pool);
            free(t.row), free(t.col), free(t.x), free(u.x);
        }
    printf("eWise fast paths: %d cases exact, pools equal to fresh builds\n", g_cases);
}

/* A tuple's coordinates and its index in the input, for the host's sorts by row and by column. */
typedef struct {
    GrB_Index r, c;
    uint64_t k;
} cell;

static int cell_by_row(const void *a, const void *b)
{
    const cell *p = a, *q = b;
    if (p->r != q->r) return p->r < q->r ? -1 : 1;
    return p->c < q->c ? -1 : p->c > q->c;
}

static int cell_by_col(const void *a, const void *b)
{
    const cell *p = a, *q = b;
    if (p->c != q->c) return p->c < q->c ? -1 : 1;
    return p->r < q->r ? -1 : p->r > q->r;
}

/* GG_cuda_hs_to_coo in each order (GG_cuda_order) on a device tree of t (UINT64 values, iso when
 * `iso`), read as it is stored or transposed: ROW and COL give the host's sorts of the logical
 * tuples, coordinates and values, with one counted sort each; TREE sorts nothing, and for the
 * stored tree it is the order the build takes without a sort, rebuilding the same pool. */
static void check_orders(const tuples *t, GrB_Index nrows, GrB_Index ncols, int dbits, bool tran,
                         bool iso)
{
    uint64_t n = t->n;
    uint32_t *dr = upload_coords(t->row, n), *dc = upload_coords(t->col, n);
    void *dx = upload(t->x, (n + 1) * 8);
    GG_cuda_hs D, F;
    assert_int_equal(GG_cuda_hs_build_coo(&D, nrows, ncols, dbits, dr, dc, dx, n, GrB_UINT64_CODE, 8, iso),
                     GG_CUDA_HS_OK);
    assert_int_equal(D.iso, iso);
    D.transposed = tran;
    cell *cs = malloc((n + 1) * sizeof *cs);
    for (uint64_t k = 0; k < n; k++)
        cs[k] = tran ? (cell){t->col[k], t->row[k], k} : (cell){t->row[k], t->col[k], k};
    uint32_t *r = malloc((n + 1) * 4), *c = malloc((n + 1) * 4);
    uint8_t *x = malloc((n + 1) * 8);
    for (int o = GG_CUDA_ORDER_ROW; o <= GG_CUDA_ORDER_TREE; o++) {
        unsigned long long s0 = GG_cuda_sort_count();
        assert_int_equal(GG_cuda_hs_to_coo(&D, (GG_cuda_order)o, dr, dc, dx), GG_CUDA_HS_OK);
        assert_int_equal(GG_cuda_sort_count() - s0, o == GG_CUDA_ORDER_TREE ? 0 : 1);
        if (o == GG_CUDA_ORDER_TREE) {
            if (tran) continue;
            s0 = GG_cuda_sort_count();
            assert_int_equal(GG_cuda_hs_build_coo(&F, nrows, ncols, dbits, dr, dc, dx, n,
                                                  GrB_UINT64_CODE, 8, iso),
                             GG_CUDA_HS_OK);
            assert_int_equal(GG_cuda_sort_count() - s0, 0);
            assert_int_equal(F.root, D.root);
            assert_int_equal(F.iso, D.iso);
            assert_int_equal(F.pool_bytes, D.pool_bytes);
            uint8_t *pf = malloc(F.pool_bytes), *pd = malloc(D.pool_bytes);
            assert_true(GG_cuda_download(pf, F.pool, F.pool_bytes) &&
                        GG_cuda_download(pd, D.pool, D.pool_bytes));
            assert_memory_equal(pf, pd, F.pool_bytes);
            free(pf), free(pd);
            GG_cuda_free((void *)F.pool);
            continue;
        }
        assert_true(GG_cuda_download(r, dr, n * 4) && GG_cuda_download(c, dc, n * 4) &&
                    GG_cuda_download(x, dx, n * 8));
        qsort(cs, n, sizeof *cs, o == GG_CUDA_ORDER_ROW ? cell_by_row : cell_by_col);
        for (uint64_t k = 0; k < n; k++) {
            if (r[k] != cs[k].r || c[k] != cs[k].c)
                fail_msg("order %d, tuple %llu: (%llu, %llu), want (%llu, %llu)", o,
                         (unsigned long long)k, (unsigned long long)r[k], (unsigned long long)c[k],
                         (unsigned long long)cs[k].r, (unsigned long long)cs[k].c);
            assert_memory_equal(x + 8 * k, t->x + 8 * cs[k].k, 8);
        }
    }
    free(cs), free(r), free(c), free(x);
    GG_cuda_free(dr), GG_cuda_free(dc), GG_cuda_free(dx);
    GG_cuda_free((void *)D.pool);
    g_cases++;
}

/* Every node kind (the patterns of make), several node dimensions, a wide and a hypersparse tall
 * shape, stored and transposed, iso and not. */
static void decode_orders(void **state)
{
    (void)state;
    g_cases = 0;
    const int dims[] = {1, 3, 8};
    for (int k = 0; k < 3; k++)
        for (int pattern = 0; pattern < 4; pattern++)
            for (int v = 0; v < 2; v++) {
                tuples t = make(300, 500, 1 << dims[k], pattern, 2000, 8, v == 1);
                for (int tran = 0; tran < 2; tran++) check_orders(&t, 300, 500, dims[k], tran, v == 1);
                free(t.row), free(t.col), free(t.x);
            }
    tuples h = make((GrB_Index)1 << 31, 1000, 256, 0, 500, 8, false);
    for (int tran = 0; tran < 2; tran++) check_orders(&h, (GrB_Index)1 << 31, 1000, 8, tran, false);
    free(h.row), free(h.col), free(h.x);
    printf("decode orders: %d trees, ROW and COL equal to the host's sorts, TREE rebuilt unsorted\n",
           g_cases);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(build_bit_identical),
        cmocka_unit_test(ewise_parity),
        cmocka_unit_test(ewise_fast_paths),
        cmocka_unit_test(decode_orders),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return rc;
}
