/* test_cuda_spmv.c: the GPU SpMV kernels (cuda/GG_cuda_spmv.h) against the CPU traversal
 * GG_hs_mxv on random trees covering every node kind (inner dense and COO, dense, bitmap and COO
 * leaves at levels 1 to 6 with 8- to 64-bit coordinates), iso and scaled trees, node dimensions
 * 16 and 128, A and A', both scheduler variants, CMRS on the CSR/CSC view, the CSR groups on the
 * compact view at every width (and with long rows split into chunks), the CSR stream kernel
 * (128-bit and scalar loads, tiles of two sizes, values aligned and not, rows at tile and pass
 * boundaries) and its fallback to the groups off PLUS_TIMES, the CSR flat kernel (windows of two
 * sizes, rows cut by one or both ends of a window and across many, windows inside one row, wide
 * rows among many short ones, empty rows, plain and streaming stores, a block a window and
 * several, pipelined), and semirings over every supported domain; the full-vector mxv/vxm
 * through the API under each GRAPHBLAS_GPU_SPMV choice against the CPU backend, and the choosing
 * rule. Exact for integers, BOOL, MIN and MAX; relative
 * 1e-5 (FP32) and 1e-12 (FP64) for floating-point sums. Exits 77 (Meson: SKIP) without a usable
 * CUDA device. */
#include "GG_backend.h"
#include "GG_cuda.h"
#include "GG_cuda_spmv.h"
#include "GG_opcodes.h"
#include "hs_internal.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "GG_cuda_test.h"
#include "GG_cuda_mtest.h"

/* The header's op codes are GG_opcode values. */
#define SAME(a, b) ((int)GG_CUDA_OP_##a == (int)GG_OP_##b)
_Static_assert(SAME(LOR, LOR) && SAME(LAND, LAND) && SAME(LXOR, LXOR) && SAME(ONEB, ONEB) &&
                   SAME(FIRST, FIRST) && SAME(SECOND, SECOND) && SAME(MIN, MIN) && SAME(MAX, MAX) &&
                   SAME(PLUS, PLUS) && SAME(MINUS, MINUS) && SAME(TIMES, TIMES) && SAME(DIV, DIV) &&
                   SAME(ANY, ANY),
               "GG_cuda_spmv.h op codes out of sync with GG_opcodes.h");
#undef SAME

static uint64_t rng(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ---- test matrices ------------------------------------------------------------------------------
 */

typedef struct {
    const char *name;
    GG_hs_matrix A;
} case_t;

enum { NCASES = 16 };
static case_t cases[NCASES];
static int ncases, tiles_case; /* the first of the two "tile boundaries" cases */
static uint64_t tags_seen;   /* bit (level * 16 + tag) */
static unsigned cbytes_seen; /* bit per coordinate width of COO leaves */

/* Values: positive and near 1 so sums and products stay well conditioned, integers small. */
static void add_case(const char *name, GrB_Type type, GrB_Index nr, GrB_Index nc, GrB_Index *I,
                     GrB_Index *J, GrB_Index n, bool iso, int dim, double scale, bool transposed,
                     uint64_t seed)
{
    void *x = malloc((n > 0 ? n : 1) * type->size);
    assert_non_null(x);
    for (GrB_Index k = 0; k < n; k++) {
        double v = iso ? 1.25 : 0.5 + (double)(rng(&seed) % 1024) / 1024.0;
        int64_t iv = iso ? 3 : (int64_t)(rng(&seed) % 7) + 1;
        switch (type->code) {
        case GrB_BOOL_CODE: ((bool *)x)[k] = iso || rng(&seed) % 4 != 0; break;
        case GrB_INT32_CODE: ((int32_t *)x)[k] = (int32_t)iv; break;
        case GrB_INT64_CODE: ((int64_t *)x)[k] = iv; break;
        case GrB_UINT32_CODE: ((uint32_t *)x)[k] = (uint32_t)iv; break;
        case GrB_UINT64_CODE: ((uint64_t *)x)[k] = (uint64_t)iv; break;
        case GrB_FP32_CODE: ((float *)x)[k] = (float)v; break;
        default: ((double *)x)[k] = v;
        }
    }
    assert_int_equal(GG_hs_set_node_dim(dim), GrB_SUCCESS);
    case_t *c = &cases[ncases++];
    c->name = name;
    GG_hs_tuples t = {I, J, x, type, false, n};
    assert_int_equal(GG_hs_build(&c->A, type, nr, nc, &t, NULL, GG_HS_LAST_WINS), GrB_SUCCESS);
    assert_int_equal(GG_hs_set_node_dim(GG_HS_DIM_DEFAULT), GrB_SUCCESS);
    if (scale != 1.0) assert_int_equal(GG_hs_set_scale(&c->A, scale), GrB_SUCCESS);
    if (transposed) GG_hs_transpose(&c->A);
    assert_int_equal(GG_hs_check(&c->A, NULL, 0), GrB_SUCCESS);
    GG_hs_report r;
    assert_int_equal(GG_hs_stats(&c->A, &r), GrB_SUCCESS);
    for (int l = 0; l <= GG_HS_MAX_LEVELS && l < 4; l++)
        for (int g = 1; g < GG_HS_NTAGS; g++)
            if (r.nodes[l][g] > 0) tags_seen |= 1ULL << (l * 16 + g);
    for (int l = 1; l <= r.height; l++)
        for (int g = GG_HS_LEAF_COO1; g <= GG_HS_LEAF_COO4; g++)
            if (r.nodes[l][g] > 0) cbytes_seen |= hs_coord_bytes(l, c->A.dbits);
    free(x);
}

typedef struct {
    GrB_Index *I, *J, n, cap;
} tuples;

static void put(tuples *t, GrB_Index i, GrB_Index j)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1024;
        t->I = realloc(t->I, t->cap * sizeof *t->I);
        t->J = realloc(t->J, t->cap * sizeof *t->J);
        assert_true(t->I != NULL && t->J != NULL);
    }
    t->I[t->n] = i;
    t->J[t->n++] = j;
}

static int setup(void **state)
{
    (void)state;
    uint64_t s = 42;
    tuples t = {0};
    /* a mixture on 2000 x 1500 (d 128): full blocks (dense leaves), half-full blocks (bitmap),
     * diagonal runs (COO leaves of every size bin), scattered entries */
    for (GrB_Index i = 0; i < 128; i++)
        for (GrB_Index j = 0; j < 128; j++) put(&t, i, 256 + j);
    for (GrB_Index i = 0; i < 128; i++)
        for (GrB_Index j = 0; j < 128; j++)
            if (rng(&s) % 2) put(&t, 512 + i, j);
    for (GrB_Index i = 0; i < 128; i++) /* a quarter-full and a three-quarter-full block */
        for (GrB_Index j = 0; j < 128; j++) {
            if (rng(&s) % 4 == 0) put(&t, 640 + i, j);
            if (rng(&s) % 4 != 0) put(&t, 768 + i, j);
        }
    for (GrB_Index i = 1900; i < 2000; i++)
        for (GrB_Index j = 1400; j < 1500; j++) put(&t, i, j); /* a clipped dense block */
    for (GrB_Index i = 0; i < 2000; i++)
        for (int k = 0; k < 3; k++) put(&t, i, (i + 7 * (GrB_Index)k) % 1500);
    for (int k = 0; k < 3000; k++) put(&t, rng(&s) % 2000, rng(&s) % 1500);
    for (GrB_Index b = 0; b < 11; b++) /* leaves of 1..2^b entries */
        for (GrB_Index k = 0; k < (1u << b) && k < 16384; k++)
            put(&t, 1024 + b * 64 + k % 64, 640 + (k / 64) % 128);
    add_case("mixed fp64", GrB_FP64, 2000, 1500, t.I, t.J, t.n, false, 128, 1.0, false, 1);
    add_case("mixed fp32 scaled, transposed", GrB_FP32, 2000, 1500, t.I, t.J, t.n, false, 128, 0.75,
             true, 2);
    add_case("mixed int32 d=16", GrB_INT32, 2000, 1500, t.I, t.J, t.n, false, 16, 1.0, false, 3);
    add_case("mixed bool", GrB_BOOL, 2000, 1500, t.I, t.J, t.n, false, 128, 1.0, false, 4);
    add_case("mixed uint64 iso", GrB_UINT64, 2000, 1500, t.I, t.J, t.n, true, 128, 1.0, false, 5);
    /* 32 entries in every 128 x 128 block of 16384 x 16384: a dense inner root over COO leaves */
    t.n = 0;
    for (GrB_Index bi = 0; bi < 128; bi++)
        for (GrB_Index bj = 0; bj < 128; bj++)
            for (int k = 0; k < 32; k++)
                put(&t, bi * 128 + rng(&s) % 128, bj * 128 + rng(&s) % 128);
    add_case("dense inner int64", GrB_INT64, 16384, 16384, t.I, t.J, t.n, false, 128, 1.0, false,
             6);
    /* a band of level-1 leaves only (sole tiles, written without atomics) with 256 empty rows and
     * columns: the outputs those tiles miss still need the identity */
    t.n = 0;
    for (GrB_Index i = 0; i < 3000; i++)
        for (GrB_Index j = i < 2 ? 0 : i - 2; j <= i + 2 && j < 3000; j++)
            if ((i < 1024 || i >= 1280) && (j < 1024 || j >= 1280)) put(&t, i, j);
    add_case("band with a gap fp32", GrB_FP32, 3000, 3000, t.I, t.J, t.n, false, 128, 1.0, false,
             11);
    /* scattered in 2^20: wide COO leaves (16-bit) high in the tree */
    t.n = 0;
    for (int k = 0; k < 20000; k++) put(&t, rng(&s) % (1u << 20), rng(&s) % (1u << 20));
    for (int k = 0; k < 5000; k++) put(&t, rng(&s) % 16384, rng(&s) % 16384); /* a BIG leaf */
    add_case("scattered uint32", GrB_UINT32, 1u << 20, 1u << 20, t.I, t.J, t.n, false, 128, 1.0,
             false, 7);
    add_case("scattered fp32 d=16", GrB_FP32, 1u << 20, 1u << 20, t.I, t.J, t.n, false, 16, 1.0,
             true, 8);
    /* a few entries in 2^23 x 4096 and 4096 x 2^23: one leaf at level 4, 32-bit coordinates.
     * (64-bit coordinates need a side above 2^32, too long for a dense vector here.) */
    t.n = 0;
    for (int k = 0; k < 64; k++) put(&t, rng(&s) % (1u << 23), rng(&s) % 4096);
    add_case("tall fp64", GrB_FP64, 1u << 23, 4096, t.I, t.J, t.n, false, 128, 1.0, false, 9);
    t.n = 0;
    for (int k = 0; k < 40; k++) put(&t, rng(&s) % 4096, rng(&s) % (1u << 23));
    add_case("wide int64, transposed", GrB_INT64, 4096, 1u << 23, t.I, t.J, t.n, false, 128, 1.0,
             true, 10);
    /* rows of 4000 and 1500 entries among short and empty ones: long rows of several chunks for
     * the CSR groups, on a rectangular shape */
    t.n = 0;
    for (GrB_Index j = 0; j < 4000; j++) put(&t, 3, j), put(&t, 17, j + 1000);
    for (GrB_Index j = 0; j < 1500; j++) put(&t, 40, 3 * j);
    for (GrB_Index i = 0; i < 60; i++)
        for (uint64_t k = rng(&s) % 6; k > 0 && i % 7 != 0; k--) put(&t, i, rng(&s) % 5000);
    add_case("heavy rows fp64", GrB_FP64, 60, 5000, t.I, t.J, t.n, false, 128, 1.0, false, 12);
    t.n = 0;
    put(&t, 0, 0);
    add_case("1 x 1 fp32", GrB_FP32, 1, 1, t.I, t.J, t.n, false, 128, 1.0, false, 13);
    /* rows at the stream kernel's boundaries (a row counts one item besides its entries; tiles of
     * 1024 items with K = 4): 8 rows of 1023 entries, a tile each, each crossing a pass of 1024
     * entries from its start rounded down to a multiple of 4; 16 rows of 255, four a tile; 100
     * empty rows; 600 rows of 3; a row of 5000 (long by the rule, several passes where no row is
     * long); two of 2047; for the flat kernel's windows (1024 or 2048 entries from 0), 300 rows
     * of 2, one of 100 and 300 of 2 (a window of over 128 rows, one lane a row, and a row past
     * four lanes' share ending in it: folded by a warp); a row of 1; 50 empty rows at the end.
     * The flat kernel's windows there: the row of 5000 starts in a window of 250 or 592 rows of
     * 3 and spans whole windows (a window inside one row), the rows of 1023 and 2047 are cut by
     * window ends. */
    t.n = 0;
    static const struct {
        GrB_Index rows, len;
    } runs[] = {{8, 1023}, {16, 255}, {100, 0}, {600, 3}, {1, 5000}, {2, 2047},
                {300, 2}, {1, 100}, {300, 2}, {1, 1}, {50, 0}};
    GrB_Index r = 0;
    for (size_t q = 0; q < sizeof runs / sizeof runs[0]; q++)
        for (GrB_Index k = 0; k < runs[q].rows; k++, r++)
            for (GrB_Index j = 0; j < runs[q].len; j++) put(&t, r, (r * 37 + j) % 6000);
    tiles_case = ncases;
    add_case("tile boundaries fp32", GrB_FP32, r, 6000, t.I, t.J, t.n, false, 128, 1.0, false, 14);
    add_case("tile boundaries fp64", GrB_FP64, r, 6000, t.I, t.J, t.n, false, 128, 1.0, false, 15);
    free(t.I);
    free(t.J);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int k = 0; k < ncases; k++) GG_hs_free(&cases[k].A);
    return 0;
}

static void node_kinds_covered(void **state)
{
    (void)state;
    uint64_t need = 0;
    need |= 1ULL << (1 * 16 + GG_HS_LEAF_DENSE);
    need |= 1ULL << (1 * 16 + GG_HS_LEAF_BITMAP);
    need |= 1ULL << (1 * 16 + GG_HS_LEAF_COO1);
    need |= 1ULL << (2 * 16 + GG_HS_INNER_DENSE);
    assert_true((tags_seen & need) == need);
    bool inner_coo = false;
    for (int l = 2; l < 4; l++)
        for (int g = GG_HS_INNER_COO1; g <= GG_HS_INNER_COO4; g++)
            inner_coo |= (tags_seen >> (l * 16 + g)) & 1;
    assert_true(inner_coo);
    assert_int_equal(cbytes_seen & 7, 1 | 2 | 4);
}

/* ---- one product, compared
 * ----------------------------------------------------------------------- */

static GrB_Index ylen(const GG_hs_matrix *A, bool tran)
{
    return tran != A->transposed ? A->ncols : A->nrows;
}

static void *dev_copy(const void *host, size_t bytes)
{
    void *d = GG_cuda_malloc(bytes);
    assert_non_null(d);
    assert_true(GG_cuda_upload(d, host, bytes));
    return d;
}

static GG_cuda_hs device_tree(const GG_hs_matrix *A)
{
    GG_cuda_hs h;
    memset(&h, 0, sizeof h);
    if (A->pool != NULL) {
        h.pool = dev_copy(A->pool, A->pool->bytes);
        h.pool_bytes = A->pool->bytes;
    }
    h.root = A->root;
    h.nrows = A->nrows;
    h.ncols = A->ncols;
    h.nvals = A->nvals;
    h.type_code = A->type->code;
    h.value_size = A->iso ? 0 : (int)A->type->size;
    h.dbits = A->dbits;
    h.height = A->height;
    h.transposed = A->transposed;
    h.iso = A->iso;
    h.scale = A->scale;
    if (A->iso) memcpy(h.iso_value, GG_hs_iso_value(A), A->type->size);
    return h;
}

/* The compressed view of op(A) by rows on the device (CSR of A, or CSC of A for A'), its values
 * `shift` bytes past a 16-byte boundary (the stream kernel's 128-bit loads need 0). */
static GG_cuda_cview device_view(const GG_hs_matrix *A, bool tran, size_t shift, void **mem,
                                 GrB_Index *nvals)
{
    GG_cview v;
    assert_int_equal(GG_hs_to_cview(A, tran, &v), GrB_SUCCESS);
    GrB_Index nnz = v.ptr[v.nvec];
    size_t vs = A->type->size;
    size_t b_vec = v.vec ? v.nvec * 8 : 0, b_ptr = (v.nvec + 1) * 8, b_idx = nnz * 8,
           b_x = nnz * vs;
    size_t at_x = ((b_vec + b_ptr + b_idx + 15) & ~(size_t)15) + shift;
    uint8_t *d = GG_cuda_malloc(at_x + b_x + 16);
    assert_non_null(d);
    assert_int_equal((uintptr_t)d % 16, 0);
    if (v.vec) assert_true(GG_cuda_upload(d, v.vec, b_vec));
    assert_true(GG_cuda_upload(d + b_vec, v.ptr, b_ptr));
    assert_true(GG_cuda_upload(d + b_vec + b_ptr, v.idx, b_idx));
    assert_true(GG_cuda_upload(d + at_x, v.x, b_x));
    GG_cuda_cview c = {v.nvec,
                       v.vec ? (const uint64_t *)d : NULL,
                       (const uint64_t *)(d + b_vec),
                       (const uint64_t *)(d + b_vec + b_ptr),
                       d + at_x,
                       A->type->code,
                       (int)vs,
                       0};
    *mem = d;
    *nvals = nnz;
    GG_hs_cview_free(&v);
    return c;
}

static void fill_x(void *x, GrB_Type t, GrB_Index n, uint64_t seed)
{
    for (GrB_Index k = 0; k < n; k++) {
        uint64_t r = rng(&seed);
        switch (t->code) {
        case GrB_BOOL_CODE: ((bool *)x)[k] = r % 3 != 0; break;
        case GrB_INT32_CODE: ((int32_t *)x)[k] = (int32_t)(r % 9) - 2; break;
        case GrB_INT64_CODE: ((int64_t *)x)[k] = (int64_t)(r % 9) - 2; break;
        case GrB_UINT32_CODE: ((uint32_t *)x)[k] = (uint32_t)(r % 9) + 1; break;
        case GrB_UINT64_CODE: ((uint64_t *)x)[k] = r % 9 + 1; break;
        case GrB_FP32_CODE: ((float *)x)[k] = 0.5f + (float)(r % 1000) / 1000.0f; break;
        default: ((double *)x)[k] = 0.5 + (double)(r % 1000) / 1000.0;
        }
    }
}

static double as_double(const void *p, GrB_Type t, GrB_Index k)
{
    switch (t->code) {
    case GrB_BOOL_CODE: return ((const bool *)p)[k];
    case GrB_INT32_CODE: return ((const int32_t *)p)[k];
    case GrB_INT64_CODE: return (double)((const int64_t *)p)[k];
    case GrB_UINT32_CODE: return ((const uint32_t *)p)[k];
    case GrB_UINT64_CODE: return (double)((const uint64_t *)p)[k];
    case GrB_FP32_CODE: return ((const float *)p)[k];
    default: return ((const double *)p)[k];
    }
}

static void compare(const char *what, GrB_Semiring sr, const void *want, const bool *wp,
                    const void *got, const unsigned char *gp, GrB_Index n)
{
    GrB_Type t = sr->add->op->ztype;
    bool sum = (t->code == GrB_FP32_CODE || t->code == GrB_FP64_CODE) &&
               (sr->add->op->opcode == GG_OP_PLUS || sr->add->op->opcode == GG_OP_TIMES);
    double tol = t->code == GrB_FP32_CODE ? 1e-5 : 1e-12;
    for (GrB_Index k = 0; k < n; k++) {
        if ((bool)gp[k] != wp[k])
            fail_msg("%s: ypresent[%llu] %d, CPU %d", what, (unsigned long long)k, gp[k], wp[k]);
        bool ok;
        if (sum) {
            double a = as_double(want, t, k), b = as_double(got, t, k);
            ok = fabs(a - b) <= tol * fmax(1.0, fabs(a));
        } else {
            ok = memcmp((const char *)want + k * t->size, (const char *)got + k * t->size,
                        t->size) == 0;
        }
        if (!ok)
            fail_msg("%s: y[%llu] = %.17g, CPU %.17g", what, (unsigned long long)k,
                     as_double(got, t, k), as_double(want, t, k));
    }
}

/* The CSR kernels check_semiring runs after the tree's and CMRS's: on which compact view (0 the
 * rule's; 1 every row past 4 entries long; 2 no row long, tiles of K = 4), at how many lanes (0:
 * the kernel forced, or the rule), its name, whether it runs under compute-sanitizer
 * (GG_TEST_SANITIZER: one run of each code path, not the sweep of widths and views), and the flat
 * kernels' grid (0: their own; 3: every block takes several windows of these small matrices). */
static const struct {
    int view, lanes;
    GG_cuda_csr_kernel kernel;
    const char *name;
    bool sanitize;
    unsigned flat_blocks;
} csr_runs[] = {
    {0, 0, GG_CUDA_CSR_RULE, "CSR rule", true, 0},
    {0, 1, GG_CUDA_CSR_RULE, "CSR groups", false, 0},
    {0, 2, GG_CUDA_CSR_RULE, "CSR groups", false, 0},
    {0, 4, GG_CUDA_CSR_RULE, "CSR groups", false, 0},
    {0, 8, GG_CUDA_CSR_RULE, "CSR groups", false, 0},
    {0, 16, GG_CUDA_CSR_RULE, "CSR groups", false, 0},
    {0, 32, GG_CUDA_CSR_RULE, "CSR groups", false, 0},
    {1, 0, GG_CUDA_CSR_GROUPS, "CSR groups, long rows", true, 0},
    {2, 0, GG_CUDA_CSR_GROUPS, "CSR groups, no long rows", false, 0},
    {0, 0, GG_CUDA_CSR_STREAM, "CSR stream", true, 0},
    {1, 0, GG_CUDA_CSR_STREAM, "CSR stream, long rows", false, 0},
    {2, 0, GG_CUDA_CSR_STREAM, "CSR stream, K = 4, no long rows", false, 0},
    {0, 0, GG_CUDA_CSR_STREAM_SCALAR, "CSR stream scalar", false, 0},
    {2, 0, GG_CUDA_CSR_STREAM_SCALAR, "CSR stream scalar, K = 4, no long rows", true, 0},
    {0, 0, GG_CUDA_CSR_FLAT, "CSR flat", true, 0},
    {2, 0, GG_CUDA_CSR_FLAT, "CSR flat, K = 4", false, 0},
    {1, 0, GG_CUDA_CSR_FLAT, "CSR flat, long rows", false, 0},
    {2, 0, GG_CUDA_CSR_FLAT, "CSR flat, K = 4, 3 blocks", false, 3},
    {0, 0, GG_CUDA_CSR_FLAT, "CSR flat, 3 blocks", true, 3},
    {2, 0, GG_CUDA_CSR_FLAT, "CSR flat, K = 4, 2 blocks", false, 2},
};

/* Runs sr on case c (A and A', both variants, vec_first both ways, CMRS, the CSR kernels of
 * csr_runs) against the CPU; the views' values `shift` bytes past a 16-byte boundary. */
static void check_semiring(GrB_Semiring sr, int ci, uint64_t seed, size_t shift)
{
    case_t *c = &cases[ci];
    GG_hs_matrix *A = &c->A;
    GrB_Type t = sr->add->op->ztype;
    int add = sr->add->op->opcode, mul = sr->mul->opcode;
    GG_cuda_hs dA = device_tree(A);
    GG_cuda_hs_schedule *S = NULL;
    assert_int_equal(GG_cuda_hs_schedule_new(&dA, &S), GG_CUDA_SPMV_OK);
    for (int tran = 0; tran < 2; tran++) {
        GrB_Index ny = ylen(A, tran), nx = ylen(A, !tran);
        void *x = malloc(nx * t->size), *want = malloc(ny * t->size), *got = malloc(ny * t->size);
        bool *wp = malloc(ny);
        unsigned char *gp = malloc(ny);
        /* y and ypresent are poisoned before every product, so an output a kernel skips shows */
        unsigned char *poison = malloc(ny * t->size);
        assert_true(x && want && got && wp && gp && poison);
        memset(poison, 0xff, ny * t->size);
        fill_x(x, t, nx, seed + (uint64_t)tran);
        void *dx = dev_copy(x, nx * t->size), *dy = GG_cuda_malloc(ny * t->size);
        unsigned char *dp = GG_cuda_malloc(ny);
        assert_true(dy && dp);
        void *view_mem;
        GrB_Index nnz;
        GG_cuda_cview V = device_view(A, tran, shift, &view_mem, &nnz);
        /* the compact views: the rule's, one where every row past 4 entries is long (chunks of
         * rows over 2048 entries folded across blocks), and one where none is, cut into tiles of
         * K = 4; declined only for a hypersparse view */
        GG_cuda_sview SV[3];
        void *smem[3][2];
        bool compact = true;
        const uint64_t long_min[3] = {0, 4, (uint64_t)1 << 40};
        for (int k = 0; k < 3; k++) {
            GG_cuda_csr_set_tile(k == 2 ? 4 : 0);
            int rc = GG_cuda_sview_of(&SV[k], smem[k], &V, nnz, ylen(A, !tran), long_min[k]);
            GG_cuda_csr_set_tile(0);
            if (V.vec != NULL) {
                assert_int_equal(rc, GG_CUDA_SPMV_UNSUPPORTED);
                compact = false;
            } else {
                assert_int_equal(rc, GG_CUDA_SPMV_OK);
                assert_int_equal(SV[k].tile_k, k == 2 ? 4 : 8);
                /* every long row is a tile of its own */
                assert_true(SV[k].ntiles >= SV[k].nlong && (SV[k].ntiles > 0) == (SV[k].nrows > 0));
                assert_true(SV[k].stream); /* STREAM_RULE: every shape */
                /* FLAT_RULE: wherever there are at least as many entries as rows */
                assert_int_equal(SV[k].flat, SV[k].nrows <= SV[k].nvals);
            }
        }
        bool pt = add == GG_OP_PLUS && mul == GG_OP_TIMES &&
                  (t->code == GrB_FP32_CODE || t->code == GrB_FP64_CODE);
        for (int vf = 0; vf < 2; vf++) {
            assert_int_equal(GG_hs_mxv(want, wp, A, tran, sr, x, vf), GrB_SUCCESS);
            /* 0, 1: the tree's scheduler variants; 2: CMRS; then csr_runs */
            int ncsr = (int)(sizeof csr_runs / sizeof csr_runs[0]);
            for (int variant = 0; variant < (compact ? 3 + ncsr : 3); variant++) {
                int run = variant - 3, lanes = run >= 0 ? csr_runs[run].lanes : 0;
                if (run >= 0 && !csr_runs[run].sanitize && getenv("GG_TEST_SANITIZER") != NULL)
                    continue;
                char what[200];
                snprintf(what, sizeof what, "%s, %s, %s%s, values +%zu, %s (%d lanes)", c->name,
                         sr->h.name, tran ? "A'" : "A", vf ? " vec_first" : "", shift,
                         run >= 0       ? csr_runs[run].name
                         : variant == 2 ? "CMRS"
                         : variant      ? "persistent"
                                        : "host levels",
                         lanes);
                int rc;
                assert_true(GG_cuda_upload(dy, poison, ny * t->size));
                assert_true(GG_cuda_upload(dp, poison, ny));
                if (variant < 2) {
                    GG_cuda_hs_set_variant(variant ? GG_CUDA_HS_PERSISTENT
                                                   : GG_CUDA_HS_HOST_LEVELS);
                    rc = GG_cuda_hs_mxv(&dA, S, tran, add, mul, t->code, sr->add->identity, vf, dx,
                                        dy, dp);
                } else if (variant == 2) {
                    rc = GG_cuda_cmrs_mxv(&V, ny, nnz, add, mul, t->code, sr->add->identity, vf, dx,
                                          dy, dp);
                } else {
                    const GG_cuda_sview *sv = &SV[csr_runs[run].view];
                    GG_cuda_csr_force(csr_runs[run].kernel);
                    GG_cuda_csr_set_flat_blocks(csr_runs[run].flat_blocks);
                    /* the stream kernels run for PLUS_TIMES on FP32/FP64 only, the groups
                     * otherwise */
                    GG_cuda_csr_kernel k = GG_cuda_csr_which(sv, lanes, add, mul, t->code);
                    if (!pt || lanes != 0 || csr_runs[run].kernel == GG_CUDA_CSR_GROUPS)
                        assert_int_equal(k, GG_CUDA_CSR_GROUPS);
                    else if (csr_runs[run].kernel != GG_CUDA_CSR_RULE)
                        assert_int_equal(k, csr_runs[run].kernel);
                    rc = GG_cuda_csr_mxv(sv, lanes, add, mul, t->code, sr->add->identity, vf, dx,
                                         dy, dp);
                    GG_cuda_csr_force(GG_CUDA_CSR_RULE);
                    GG_cuda_csr_set_flat_blocks(0);
                }
                assert_int_equal(rc, GG_CUDA_SPMV_OK);
                assert_true(GG_cuda_download(got, dy, ny * t->size));
                assert_true(GG_cuda_download(gp, dp, ny));
                compare(what, sr, want, wp, got, gp, ny);
            }
        }
        GG_cuda_hs_set_variant(GG_CUDA_HS_DEFAULT);
        for (int k = 0; k < 3 && compact; k++) GG_cuda_free(smem[k][0]), GG_cuda_free(smem[k][1]);
        GG_cuda_free(view_mem);
        GG_cuda_free(dx);
        GG_cuda_free(dy);
        GG_cuda_free(dp);
        free(x);
        free(want);
        free(got);
        free(wp);
        free(gp);
        free(poison);
    }
    GG_cuda_hs_schedule_free(S);
    GG_cuda_free((void *)dA.pool);
}

static GrB_Semiring make(GrB_Monoid add, GrB_BinaryOp mul)
{
    GrB_Semiring s;
    assert_int_equal(GrB_Semiring_new(&s, add, mul), GrB_SUCCESS);
    return s;
}

static void semirings_on_every_case(void **state)
{
    (void)state;
    GrB_Semiring own[] = {
        make(GrB_TIMES_MONOID_INT64, GrB_PLUS_INT64),
        make(GrB_PLUS_MONOID_INT32, GrB_MINUS_INT32),
        make(GrB_MIN_MONOID_UINT32, GrB_DIV_UINT32),
        make(GrB_MAX_MONOID_FP32, GrB_FIRST_FP32),
        make(GrB_PLUS_MONOID_FP64, GrB_DIV_FP64),
        make(GrB_LXOR_MONOID_BOOL, GrB_LAND),
        make(GxB_ANY_BOOL_MONOID, GxB_PAIR_BOOL),
        make(GrB_TIMES_MONOID_UINT64, GrB_SECOND_UINT64),
        make(GrB_MAX_MONOID_INT64, GrB_MIN_INT64),
        make(GrB_MIN_MONOID_FP32, GrB_PLUS_FP32),
    };
    GrB_Semiring builtin[] = {
        GrB_PLUS_TIMES_SEMIRING_FP64,   GrB_PLUS_TIMES_SEMIRING_FP32, GrB_PLUS_TIMES_SEMIRING_INT32,
        GrB_PLUS_TIMES_SEMIRING_UINT64, GrB_MIN_PLUS_SEMIRING_FP64,   GrB_MIN_PLUS_SEMIRING_INT32,
        GrB_MAX_TIMES_SEMIRING_UINT32,  GrB_LOR_LAND_SEMIRING_BOOL,   GrB_LAND_LOR_SEMIRING_BOOL,
        GrB_MIN_FIRST_SEMIRING_INT64,
    };
    int n_own = (int)(sizeof own / sizeof own[0]), n_bi = (int)(sizeof builtin / sizeof builtin[0]);
    for (int ci = 0; ci < ncases; ci++) {
        /* every case with PLUS_TIMES in its own type's domain where there is one, then a rotating
         * pair of the others, so every semiring meets several trees */
        for (int k = 0; k < 3; k++) {
            int j = (ci * 3 + k) % (n_own + n_bi);
            check_semiring(j < n_bi ? builtin[j] : own[j - n_bi], ci, 100 + (uint64_t)(ci * 7 + k),
                           0);
        }
    }
    for (int k = 0; k < n_own; k++) GrB_free(&own[k]);
}

/* The stream kernel on rows at its tile and pass boundaries (the "tile boundaries" cases), FP32
 * and FP64, values aligned for 128-bit loads and one value past, PLUS_TIMES in either domain
 * (the values cast where they differ: no 128-bit loads) and MIN_PLUS (the groups instead). */
static void stream_tiles(void **state)
{
    (void)state;
    GrB_Semiring srs[] = {GrB_PLUS_TIMES_SEMIRING_FP32, GrB_PLUS_TIMES_SEMIRING_FP64,
                          GrB_MIN_PLUS_SEMIRING_FP64};
    /* under compute-sanitizer the aligned values only (unaligned ones take the scalar loads,
     * which run there as their own variant) */
    int shifts = getenv("GG_TEST_SANITIZER") != NULL ? 1 : 2;
    for (int ci = tiles_case; ci < tiles_case + 2; ci++)
        for (int k = 0; k < 3; k++)
            for (int shifted = 0; shifted < shifts; shifted++)
                check_semiring(srs[k], ci, 500 + (uint64_t)(ci * 8 + k),
                               shifted ? cases[ci].A.type->size : 0);
}

/* GG_cuda_csr_which: the stream and flat kernels for PLUS_TIMES on FP32/FP64 at lanes 0 only, by
 * the view's rule or as forced; the groups otherwise. */
static void csr_kernel_choice(void **state)
{
    (void)state;
    GG_cuda_sview S = {.stream = true};
    const int pt32[] = {GG_OP_PLUS, GG_OP_TIMES, GrB_FP32_CODE},
              pt64[] = {GG_OP_PLUS, GG_OP_TIMES, GrB_FP64_CODE},
              pti[] = {GG_OP_PLUS, GG_OP_TIMES, GrB_INT32_CODE},
              minplus[] = {GG_OP_MIN, GG_OP_PLUS, GrB_FP64_CODE},
              second[] = {GG_OP_PLUS, GG_OP_SECOND, GrB_FP64_CODE};
#define WHICH(lanes, a) GG_cuda_csr_which(&S, lanes, (a)[0], (a)[1], (a)[2])
    GG_cuda_csr_force(GG_CUDA_CSR_RULE);
    assert_int_equal(WHICH(0, pt32), GG_CUDA_CSR_STREAM);
    assert_int_equal(WHICH(0, pt64), GG_CUDA_CSR_STREAM);
    assert_int_equal(WHICH(4, pt64), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, pti), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, minplus), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, second), GG_CUDA_CSR_GROUPS);
    /* FLAT_RULE: a view with at least as many entries as rows */
    S.flat = true;
    assert_int_equal(WHICH(0, pt64), GG_CUDA_CSR_FLAT);
    assert_int_equal(WHICH(4, pt32), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, minplus), GG_CUDA_CSR_GROUPS);
    S.flat = false;
    S.stream = false;
    assert_int_equal(WHICH(0, pt32), GG_CUDA_CSR_GROUPS);
    GG_cuda_csr_force(GG_CUDA_CSR_STREAM_SCALAR);
    assert_int_equal(WHICH(0, pt32), GG_CUDA_CSR_STREAM_SCALAR);
    assert_int_equal(WHICH(1, pt32), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, minplus), GG_CUDA_CSR_GROUPS);
    GG_cuda_csr_force(GG_CUDA_CSR_STREAM);
    assert_int_equal(WHICH(0, pt64), GG_CUDA_CSR_STREAM);
    assert_int_equal(WHICH(0, pti), GG_CUDA_CSR_GROUPS);
    GG_cuda_csr_force(GG_CUDA_CSR_FLAT);
    assert_int_equal(WHICH(0, pt32), GG_CUDA_CSR_FLAT);
    assert_int_equal(WHICH(2, pt32), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, second), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, pt64), GG_CUDA_CSR_FLAT);
    assert_int_equal(WHICH(8, pt64), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, minplus), GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, pti), GG_CUDA_CSR_GROUPS);
    S.stream = true;
    GG_cuda_csr_force(GG_CUDA_CSR_GROUPS);
    assert_int_equal(WHICH(0, pt64), GG_CUDA_CSR_GROUPS);
#undef WHICH
    GG_cuda_csr_force(GG_CUDA_CSR_RULE);
}

static void declines_unsupported(void **state)
{
    (void)state;
    GG_cuda_hs dA = device_tree(&cases[0].A);
    GG_cuda_hs_schedule *S = NULL;
    assert_int_equal(GG_cuda_hs_schedule_new(&dA, &S), GG_CUDA_SPMV_OK);
    double id = 0;
    assert_int_equal(GG_cuda_hs_mxv(&dA, S, false, GG_OP_PLUS, GG_OP_TIMES, GrB_INT8_CODE, &id,
                                    false, NULL, NULL, NULL),
                     GG_CUDA_SPMV_UNSUPPORTED);
    assert_int_equal(GG_cuda_hs_mxv(&dA, S, false, GG_OP_LOR, GG_OP_TIMES, GrB_FP64_CODE, &id,
                                    false, NULL, NULL, NULL),
                     GG_CUDA_SPMV_UNSUPPORTED);
    assert_int_equal(GG_cuda_hs_mxv(&dA, S, false, GG_OP_PLUS, GG_OP_FIRSTI, GrB_INT64_CODE, &id,
                                    false, NULL, NULL, NULL),
                     GG_CUDA_SPMV_UNSUPPORTED);
    GG_cuda_hs_schedule_free(S);
    GG_cuda_free((void *)dA.pool);
}

static void schedule_out_of_memory(void **state)
{
    (void)state;
    GG_cuda_hs dA = device_tree(&cases[0].A);
    GG_cuda_hs_schedule *S = NULL;
    GG_cuda_pool_set_limit(GG_cuda_pool_in_use() + 64);
    int rc = GG_cuda_hs_schedule_new(&dA, &S);
    GG_cuda_pool_set_limit(0);
    assert_int_equal(rc, GG_CUDA_SPMV_NOMEM);
    assert_null(S);
    GG_cuda_free((void *)dA.pool);
}

/* The compact view declines what it cannot index in 32 bits, touching nothing. */
static void compact_view_declines(void **state)
{
    (void)state;
    uint64_t one = 0;
    GG_cuda_cview V = {4, NULL, &one, &one, &one, GrB_FP64_CODE, 8, 0};
    GG_cuda_sview S;
    void *mem[2] = {&one, &one};
    size_t held = GG_cuda_pool_in_use();
    assert_int_equal(GG_cuda_sview_of(&S, mem, &V, 1, (uint64_t)1 << 60, 0),
                     GG_CUDA_SPMV_UNSUPPORTED); /* 4 x 2^60 */
    assert_null(mem[0]);
    assert_null(mem[1]);
    V.nvec = (uint64_t)1 << 32; /* 2^32 rows */
    assert_int_equal(GG_cuda_sview_of(&S, mem, &V, 1, 4, 0), GG_CUDA_SPMV_UNSUPPORTED);
    V.nvec = 1;
    V.vec = &one; /* hypersparse */
    assert_int_equal(GG_cuda_sview_of(&S, mem, &V, 1, 4, 0), GG_CUDA_SPMV_UNSUPPORTED);
    assert_int_equal(GG_cuda_pool_in_use(), held);
}

static void compact_view_out_of_memory(void **state)
{
    (void)state;
    void *view_mem;
    GrB_Index nnz;
    GG_cuda_cview V = device_view(&cases[0].A, false, 0, &view_mem, &nnz);
    size_t held = GG_cuda_pool_in_use();
    GG_cuda_sview S;
    void *mem[2];
    GG_cuda_pool_set_limit(held + 64);
    int rc = GG_cuda_sview_of(&S, mem, &V, nnz, cases[0].A.ncols, 0);
    GG_cuda_pool_set_limit(0);
    assert_int_equal(rc, GG_CUDA_SPMV_NOMEM);
    assert_null(mem[0]);
    assert_null(mem[1]);
    assert_int_equal(GG_cuda_pool_in_use(), held);
    GG_cuda_free(view_mem);
}

/* GG_cuda_spmv_pick's rule (cuda/cmrs.cu) and each forced choice. */
static void spmv_rule(void **state)
{
    (void)state;
    GG_cuda_spmv_force(-1);
    GG_cuda_spmv_facts f = {.nrows = 1000, .ncols = 1000, .nvals = 16000, .tree_bytes = 200000,
                            .value_size = 4, .calls = 1};
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_TREE); /* a first product: no view */
    f.calls = 2;
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_CSR); /* the second makes it */
    f.calls = 1;
    f.have_cview = true;
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_CSR); /* only the narrowing is left */
    f.no_sview = true; /* declined: CMRS where its view reads fewer bytes than the tree */
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_TREE);
    f.tree_bytes = 1000000;
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_CMRS);
    f.no_sview = false;
    f.nvals = (uint64_t)1 << 32; /* 64-bit pointers: more bytes than CSR32 */
    f.tree_bytes = 1;
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_TREE);
    f.nvals = 16000;
    f.calls = 5;
    f.nrows = (uint64_t)1 << 60; /* hypersparse shapes never take the compact view */
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_TREE);
    f.nrows = 1000;
    f.nvals = 0;
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_TREE);
    f.calls = 1;
    f.have_cview = false;
    GG_cuda_spmv_force(GG_CUDA_SPMV_CSR);
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_CSR);
    f.ncols = (uint64_t)1 << 60;
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_TREE);
    GG_cuda_spmv_force(GG_CUDA_SPMV_CMRS);
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_CMRS);
    GG_cuda_spmv_force(GG_CUDA_SPMV_TREE);
    f.ncols = 1000;
    f.have_sview = true;
    assert_int_equal(GG_cuda_spmv_pick(&f), GG_CUDA_SPMV_TREE);
    GG_cuda_spmv_force(-1);
}

/* w = A x, w' = x' A and w = A' x (full x) through the API under each GRAPHBLAS_GPU_SPMV choice
 * (and for csr, each GRAPHBLAS_GPU_CSR_KERNEL choice), three products each (the rule makes the
 * compact view at the second), against the CPU backend: FP32 and FP64, PLUS_TIMES and semirings
 * by op code (PageRank's PLUS_SECOND, which reads no values, among them), 1 x 1, rectangular with
 * empty rows, long rows, one row (15001 draws of 5000 columns, about 4750 entries: three flat
 * windows of 2048, the middle one inside the row) and one column. */
static void full_products_by_every_kernel(void **state)
{
    (void)state;
    GrB_Semiring plus_second;
    OK(GrB_Semiring_new(&plus_second, GrB_PLUS_MONOID_FP64, GrB_SECOND_FP64));
    const struct {
        GrB_Type type;
        GrB_Semiring sr;
    } cfg[] = {{GrB_FP32, GrB_PLUS_TIMES_SEMIRING_FP32}, {GrB_FP64, GrB_PLUS_TIMES_SEMIRING_FP64},
               {GrB_FP64, GrB_MIN_PLUS_SEMIRING_FP64},   {GrB_FP32, GrB_MAX_TIMES_SEMIRING_FP32},
               {GrB_INT32, GrB_PLUS_TIMES_SEMIRING_INT32}, {GrB_BOOL, GrB_LOR_LAND_SEMIRING_BOOL},
               {GrB_FP64, plus_second}};
    const struct {
        GrB_Index nr, nc;
        double density;
    } shapes[] = {{1, 1, 1.0}, {300, 200, 0.01}, {64, 3000, 0.3},
                  {2000, 1500, 0.002}, {1, 5000, 3.0}, {4000, 1, 0.5}};
    const struct {
        int spmv;
        GG_cuda_csr_kernel csr;
    } modes[] = {{-1, GG_CUDA_CSR_RULE},
                 {GG_CUDA_SPMV_TREE, GG_CUDA_CSR_RULE},
                 {GG_CUDA_SPMV_CMRS, GG_CUDA_CSR_RULE},
                 {GG_CUDA_SPMV_CSR, GG_CUDA_CSR_RULE},
                 {GG_CUDA_SPMV_CSR, GG_CUDA_CSR_GROUPS},
                 {GG_CUDA_SPMV_CSR, GG_CUDA_CSR_STREAM},
                 {GG_CUDA_SPMV_CSR, GG_CUDA_CSR_STREAM_SCALAR},
                 {GG_CUDA_SPMV_CSR, GG_CUDA_CSR_FLAT}};
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++)
        for (size_t ci = 0; ci < sizeof cfg / sizeof cfg[0]; ci++) {
            GrB_Type type = cfg[ci].type;
            GrB_Index nr = shapes[si].nr, nc = shapes[si].nc;
            double tol = type == GrB_FP32 ? 1e-5 : type == GrB_FP64 ? 1e-12 : 0;
            GrB_Matrix A = random_matrix(type, nr, nc, shapes[si].density);
            GrB_Vector x = random_vector(type, nc, 1.0), xt = random_vector(type, nr, 1.0);
            GrB_Vector want, wantt, wantd, w;
            OK(GrB_Vector_new(&want, type, nr));
            OK(GrB_Vector_new(&wantt, type, nc));
            OK(GrB_Vector_new(&wantd, type, nc));
            set_backend(GxG_BACKEND_CPU);
            OK(GrB_mxv(want, NULL, NULL, cfg[ci].sr, A, x, NULL));
            OK(GrB_vxm(wantt, NULL, NULL, cfg[ci].sr, xt, A, NULL));
            OK(GrB_mxv(wantd, NULL, NULL, cfg[ci].sr, A, xt, GrB_DESC_T0));
            set_backend(GxG_BACKEND_CUDA);
            for (size_t mi = 0; mi < sizeof modes / sizeof modes[0]; mi++) {
                GG_cuda_spmv_force(modes[mi].spmv);
                GG_cuda_csr_force(modes[mi].csr);
                GrB_Matrix B = mdup(A); /* a content of its own: the rule's count starts over */
                /* declines counted around the products only: same_vector's matrix assigns have no
                 * device kernel and decline by design */
                /* A x, x' A and A' x (by descriptor): w's length, the input, the descriptor, the
                 * CPU's result, whether A comes first */
                const struct {
                    GrB_Index len;
                    GrB_Vector in;
                    GrB_Descriptor d;
                    GrB_Vector want;
                    bool mxv;
                } prods[] = {{nr, x, NULL, want, true},
                             {nc, xt, NULL, wantt, false},
                             {nc, xt, GrB_DESC_T0, wantd, true}};
                size_t declined = 0;
                for (int rep = 0; rep < 3; rep++) {
                    for (int pk = 0; pk < 3; pk++) {
                        OK(GrB_Vector_new(&w, type, prods[pk].len));
                        size_t before = declines();
                        if (prods[pk].mxv)
                            OK(GrB_mxv(w, NULL, NULL, cfg[ci].sr, B, prods[pk].in, prods[pk].d));
                        else
                            OK(GrB_vxm(w, NULL, NULL, cfg[ci].sr, prods[pk].in, B, prods[pk].d));
                        declined += declines() - before;
                        same_vector(prods[pk].want, w, tol);
                        GrB_free(&w);
                    }
                }
                assert_int_equal(declined, 0);
                GrB_free(&B);
            }
            GG_cuda_spmv_force(-1);
            GG_cuda_csr_force(GG_CUDA_CSR_RULE);
            set_backend(GxG_BACKEND_AUTO);
            GrB_free(&A), GrB_free(&x), GrB_free(&xt), GrB_free(&want), GrB_free(&wantt);
            GrB_free(&wantd);
        }
    GrB_free(&plus_second);
}

typedef struct {
    GrB_Matrix A;
    GrB_Vector x, w;
} product_args;

static void one_product(void *arg)
{
    product_args *p = arg;
    OK(GrB_mxv(p->w, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP32, p->A, p->x, NULL));
}

/* The rule runs the tree first and makes the compact view at the second product; a view that
 * does not fit the pool (the compact one, or CMRS's) leaves the product to the tree. */
static void compact_view_when_and_fallback(void **state)
{
    (void)state;
    char buf[8192];
    set_backend(GxG_BACKEND_CUDA);
    GG_cuda_spmv_force(-1);
    product_args p = {.A = random_matrix(GrB_FP32, 500, 500, 0.2),
                      .x = random_vector(GrB_FP32, 500, 1.0)};
    GrB_Vector want;
    OK(GrB_Vector_new(&p.w, GrB_FP32, 500));
    traced(one_product, &p, buf, sizeof buf);
    assert_non_null(strstr(buf, "HiSparse kernel on the tree"));
    assert_null(strstr(buf, "compact CSR view"));
    OK(GrB_Vector_dup(&want, p.w));
    traced(one_product, &p, buf, sizeof buf);
    assert_non_null(strstr(buf, "compact CSR view for the SpMV made on the device"));
    assert_non_null(strstr(buf, "CSR kernel on the compact CSR view"));
    same_vector(want, p.w, 1e-5);
    GrB_free(&p.A);

    /* a fresh content: its tree product measured, then a pool just big enough for that */
    p.A = random_matrix(GrB_FP32, 500, 500, 0.2);
    GG_cuda_spmv_force(GG_CUDA_SPMV_TREE);
    one_product(&p);
    GrB_Vector want2;
    OK(GrB_Vector_dup(&want2, p.w));
    GrB_free(&p.w);
    OK(GrB_Vector_new(&p.w, GrB_FP32, 500));
    size_t held = GG_cuda_pool_in_use();
    GG_cuda_pool_peak(true);
    one_product(&p);
    size_t need = GG_cuda_pool_peak(false) - held;
    GrB_free(&p.w);
    OK(GrB_Vector_new(&p.w, GrB_FP32, 500));
    GG_cuda_spmv_force(GG_CUDA_SPMV_CSR);
    set_pool_limit(GG_cuda_pool_in_use() + need + 4096); /* the 64-bit view needs 1 MB */
    traced(one_product, &p, buf, sizeof buf);
    assert_non_null(strstr(buf, "no compact view (out of device memory): the tree instead"));
    assert_non_null(strstr(buf, "HiSparse kernel on the tree"));
    assert_null(strstr(buf, "CSR kernel"));
    same_vector(want2, p.w, 1e-5);
    GrB_free(&p.w);
    OK(GrB_Vector_new(&p.w, GrB_FP32, 500));
    GG_cuda_spmv_force(GG_CUDA_SPMV_CMRS); /* CMRS's 64-bit view does not fit either */
    traced(one_product, &p, buf, sizeof buf);
    set_pool_limit(0);
    assert_non_null(strstr(buf, "no compressed view (out of device memory): the tree instead"));
    assert_non_null(strstr(buf, "HiSparse kernel on the tree"));
    same_vector(want2, p.w, 1e-5);
    GG_cuda_spmv_force(-1);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&p.A), GrB_free(&p.x), GrB_free(&p.w), GrB_free(&want), GrB_free(&want2);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(node_kinds_covered),
        cmocka_unit_test(semirings_on_every_case),
        cmocka_unit_test(stream_tiles),
        cmocka_unit_test(csr_kernel_choice),
        cmocka_unit_test(declines_unsupported),
        cmocka_unit_test(schedule_out_of_memory),
        cmocka_unit_test(compact_view_declines),
        cmocka_unit_test(compact_view_out_of_memory),
        cmocka_unit_test(spmv_rule),
        cmocka_unit_test(full_products_by_every_kernel),
        cmocka_unit_test(compact_view_when_and_fallback),
    };
    int failed = cmocka_run_group_tests(tests, setup, teardown);
    GrB_finalize();
    return failed;
}
