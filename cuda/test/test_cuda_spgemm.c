/* test_cuda_spgemm.c: the device SpGEMM behind GrB_mxm (cuda/slots/mxm_saxpy.c, issue 13). Every case
 * runs the same call with GxG_BACKEND forced to the CPU and then to CUDA, asserts that CUDA did not
 * decline (the device computed it) and that the result is device-resident, and compares the tuples
 * exactly (values are small integers, so every sum is exact in any order). Covered: several
 * semirings (the specialised PLUS_TIMES, MIN_PLUS, PLUS_FIRST, PLUS_PAIR, LOR_LAND, ANY_PAIR and
 * run-time ones), all four transpose combinations, complemented structural and valued masks and a
 * dense mask, accumulators, replace, C = C*C aliased with the mask too, empty, 1 x 1 and
 * rectangular shapes, rows skewed enough to reach every bin (one term, the shared-memory tables,
 * the global hash and the dense row, the symbolic pass's shared bitmaps); a few heavy rows whose
 * terms are split over the whole grid (GG_cuda_mxm_last_split); wide rows as column tiles in
 * shared memory (the tiled bin, forced on and off by GG_cuda_spgemm_set_tiled) under every mask
 * kind and several domains, in chunks too; short rows in sub-warp tables (grids, bands, every
 * mask kind, rows around the bins' boundaries, chunked, the bins off); one pass when the
 * workspace fits, the dense rows' waves and chunks forced by a workspace cap
 * (GG_cuda_spgemm_set_workspace), pool limits (GxG_DEVICE_POOL_LIMIT) that either fit or report
 * out of memory, all giving the unforced result; out of device memory leaving C unchanged; and betweenness centrality
 * (algorithms/bc.c, whose forward step is frontier<!paths> = frontier A) equal to the CPU's, its
 * matrix eWiseMult and scalar assigns not declined. Under
 * compute-sanitizer (GG_TEST_SANITIZER set) the semiring sweep runs two semirings. Exits 77
 * (Meson: SKIP) without a GPU. */
#include "GG_backend.h"
#include "GG_cuda.h"
#include "GG_cuda_backend.h"
#include "grb_algorithms.h"

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
#include "GG_cuda_mxm_narrow.h"
#include "GG_cuda_mxm_saxpy.h"

/* A matrix whose row i has about len(i) entries, values in [1, 9]: rows of every length from 0 to
 * far beyond the shared-memory tables. */
static GrB_Matrix skewed(GrB_Type type, GrB_Index nrows, GrB_Index ncols,
                         GrB_Index (*len)(GrB_Index i))
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, nrows, ncols));
    for (GrB_Index i = 0; i < nrows; i++) {
        GrB_Index l = len(i);
        for (GrB_Index k = 0; k < l; k++)
            OK(GrB_Matrix_setElement_FP64(A, (double)(GG_cuda_test_next() % 9 + 1), i,
                                          GG_cuda_test_next() % ncols));
    }
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

/* One mxm on both backends from copies of C0 (C aliased as the mask and both inputs when
 * `alias`); the CUDA result must be the device's and equal the CPU's. */
static void parity(const char *name, GrB_Matrix C0, GrB_Matrix M, GrB_BinaryOp accum,
                   GrB_Semiring sr, GrB_Matrix A, GrB_Matrix B, GrB_Descriptor d, bool alias)
{
    GrB_Matrix C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        GrB_Info info = alias ? GrB_mxm(C[b], M != NULL ? C[b] : NULL, accum, sr, C[b], C[b], d)
                              : GrB_mxm(C[b], M, accum, sr, A, B, d);
        if (info != GrB_SUCCESS) fail_msg("%s: backend %d: %d", name, b, (int)info);
        if (b == 1 && declines() != before) fail_msg("%s declined", name);
        if (b == 1) assert_resident(C[1]);
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C[0]), GrB_free(&C[1]);
}

static GrB_Semiring plus_first, plus_second_int32;

/* The descriptors of one transpose combination: none, then with each mask kind. */
typedef struct {
    GrB_Descriptor plain, comp_struct, comp, replace_comp_struct, replace;
} tran_descs;

static const tran_descs *descs_for(int tran)
{
    static const tran_descs *table[4];
    static tran_descs t[4];
    if (table[0] == NULL) {
        t[0] = (tran_descs){NULL, GrB_DESC_SC, GrB_DESC_C, GrB_DESC_RSC, GrB_DESC_R};
        t[1] = (tran_descs){GrB_DESC_T0, GrB_DESC_SCT0, GrB_DESC_CT0, GrB_DESC_RSCT0, GrB_DESC_RT0};
        t[2] = (tran_descs){GrB_DESC_T1, GrB_DESC_SCT1, GrB_DESC_CT1, GrB_DESC_RSCT1, GrB_DESC_RT1};
        t[3] = (tran_descs){GrB_DESC_T0T1, GrB_DESC_SCT0T1, GrB_DESC_CT0T1, GrB_DESC_RSCT0T1,
                            GrB_DESC_RT0T1};
        for (int k = 0; k < 4; k++) table[k] = &t[k];
    }
    return table[tran];
}

/* ---- parity ---------------------------------------------------------------------------------- */

/* Every transpose combination with every semiring and mask kind, on rectangular inputs: op0(A) is
 * 30 x 40 and op1(B) 40 x 25 whichever operand is stored transposed. */
static void transposes_masks_semirings(void **state)
{
    (void)state;
    GrB_Semiring srs[] = {GrB_PLUS_TIMES_SEMIRING_FP64, GrB_PLUS_TIMES_SEMIRING_FP32,
                          GrB_MIN_PLUS_SEMIRING_FP64,   plus_first,
                          GxB_PLUS_PAIR_INT64,          GrB_MAX_MIN_SEMIRING_INT32,
                          plus_second_int32,            GrB_LOR_LAND_SEMIRING_BOOL,
                          GxB_ANY_PAIR_BOOL,            GrB_PLUS_TIMES_SEMIRING_UINT64};
    GrB_Type types[] = {GrB_FP64, GrB_FP32, GrB_FP64, GrB_FP64, GrB_INT64,
                        GrB_INT32, GrB_INT32, GrB_BOOL, GrB_BOOL, GrB_UINT64};
    /* under compute-sanitizer (GG_TEST_SANITIZER) the first two semirings only */
    size_t nsr = getenv("GG_TEST_SANITIZER") != NULL ? 2 : sizeof srs / sizeof srs[0];
    for (size_t s = 0; s < nsr; s++) {
        for (int tran = 0; tran < 4; tran++) {
            GrB_Matrix A = (tran & 1) ? random_matrix(types[s], 40, 30, 0.15)
                                      : random_matrix(types[s], 30, 40, 0.15);
            GrB_Matrix B = (tran & 2) ? random_matrix(types[s], 25, 40, 0.15)
                                      : random_matrix(types[s], 40, 25, 0.15);
            GrB_Matrix C0 = random_matrix(types[s], 30, 25, 0.1);
            GrB_Matrix Mv = random_matrix(GrB_INT32, 30, 25, 0.3); /* valued: zeros stay out */
            const tran_descs *d = descs_for(tran);
            char name[96];
            snprintf(name, sizeof name, "semiring %zu, transposes %d", s, tran);
            parity(name, C0, NULL, NULL, srs[s], A, B, d->plain, false);
            parity(name, C0, Mv, NULL, srs[s], A, B, d->comp_struct, false);
            parity(name, C0, Mv, NULL, srs[s], A, B, d->comp, false);
            parity(name, C0, Mv, NULL, srs[s], A, B, d->replace_comp_struct, false);
            parity(name, C0, Mv, NULL, srs[s], A, B, d->replace, false); /* a sparse mask */
            GrB_free(&A), GrB_free(&B), GrB_free(&C0), GrB_free(&Mv);
        }
    }
}

/* Accumulators (C's type differs from the semiring's: the write-back casts), a dense mask, and
 * C = C*C with C also the mask. */
static void accum_dense_mask_aliased(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 35, 35, 0.12), B = random_matrix(GrB_FP64, 35, 35, 0.12);
    GrB_Matrix C0 = random_matrix(GrB_INT32, 35, 35, 0.2);
    GrB_Matrix D = random_matrix(GrB_BOOL, 35, 35, 1.0); /* dense up to collisions */
    OK(GrB_Matrix_assign_BOOL(D, NULL, NULL, true, GrB_ALL, 35, GrB_ALL, 35, NULL));
    parity("accum PLUS into INT32", C0, NULL, GrB_PLUS_INT32, GrB_PLUS_TIMES_SEMIRING_FP64, A, B,
           NULL, false);
    parity("accum MIN, complemented mask", C0, C0, GrB_MIN_INT32, GrB_MIN_PLUS_SEMIRING_FP64, A, B,
           GrB_DESC_SC, false);
    parity("dense mask, complemented", C0, D, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B,
           GrB_DESC_SC, false);
    parity("dense mask", C0, D, GrB_PLUS_INT32, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, GrB_DESC_S,
           false);
    GrB_Matrix S = random_matrix(GrB_FP64, 35, 35, 0.1);
    parity("C = C*C", S, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, NULL, NULL, NULL, true);
    parity("C<!C> = C*C", S, S, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, NULL, NULL, GrB_DESC_RSC, true);
    parity("C<C> += C'*C", S, S, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, NULL, NULL,
           GrB_DESC_T0, true);
    GrB_free(&A), GrB_free(&B), GrB_free(&C0), GrB_free(&D), GrB_free(&S);
}

/* Empty inputs, 1 x 1 and vector-shaped products. */
static void small_and_empty(void **state)
{
    (void)state;
    GrB_Matrix E, A = random_matrix(GrB_FP64, 20, 30, 0.2), C0;
    OK(GrB_Matrix_new(&E, GrB_FP64, 30, 10));
    OK(GrB_Matrix_new(&C0, GrB_FP64, 20, 10));
    parity("A * empty", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, E, NULL, false);
    parity("A * empty, replace under !C", C0, C0, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, E,
           GrB_DESC_RSC, false);
    GrB_Matrix one, c1;
    OK(GrB_Matrix_new(&one, GrB_FP64, 1, 1));
    OK(GrB_Matrix_setElement_FP64(one, 3, 0, 0));
    OK(GrB_Matrix_new(&c1, GrB_FP64, 1, 1));
    parity("1 x 1", c1, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, one, one, NULL, false);
    parity("1 x 1, accum", one, NULL, GrB_PLUS_FP64, GrB_PLUS_TIMES_SEMIRING_FP64, one, one, NULL,
           false);
    /* a row times a column and a column times a row */
    GrB_Matrix r = random_matrix(GrB_FP64, 1, 30, 0.5), col = random_matrix(GrB_FP64, 30, 1, 0.5);
    GrB_Matrix c11, cnn;
    OK(GrB_Matrix_new(&c11, GrB_FP64, 1, 1));
    OK(GrB_Matrix_new(&cnn, GrB_FP64, 30, 30));
    parity("row * column", c11, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, r, col, NULL, false);
    parity("column * row", cnn, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, col, r, NULL, false);
    GrB_free(&E), GrB_free(&A), GrB_free(&C0), GrB_free(&one), GrB_free(&c1);
    GrB_free(&r), GrB_free(&col), GrB_free(&c11), GrB_free(&cnn);
}

/* A 2^40 inner dimension: B's CSR view is hypersparse (its rows found by search in its list). */
static void hypersparse_inner(void **state)
{
    (void)state;
    const GrB_Index big = (GrB_Index)1 << 40;
    GrB_Matrix A, B, C0;
    OK(GrB_Matrix_new(&A, GrB_FP64, 50, big));
    OK(GrB_Matrix_new(&B, GrB_FP64, big, 60));
    OK(GrB_Matrix_new(&C0, GrB_FP64, 50, 60));
    for (int k = 0; k < 400; k++) {
        GrB_Index mid = (GG_cuda_test_next() % 100) * 10995116277ULL; /* 100 inner indices */
        OK(GrB_Matrix_setElement_FP64(A, (double)(k % 9 + 1), GG_cuda_test_next() % 50, mid));
        OK(GrB_Matrix_setElement_FP64(B, (double)(k % 7 + 1), mid, GG_cuda_test_next() % 60));
    }
    parity("2^40 inner dimension", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
    parity("2^40 inner dimension, !C0", C0, C0, NULL, GrB_MIN_PLUS_SEMIRING_FP64, A, B,
           GrB_DESC_SC, false);
    GrB_free(&A), GrB_free(&B), GrB_free(&C0);
}

/* Row lengths: most rows short, some medium, two very long (the global tables). */
static GrB_Index skew_len(GrB_Index i)
{
    return i < 2 ? 3000 : (i * i * 7) % 300;
}

static GrB_Index four(GrB_Index i)
{
    (void)i;
    return 4;
}

/* Rows of every bin: one term, each shared-memory table, and the two long rows (about 12000
 * terms): a global hash (C has 10^6 columns; about 11900 entries), a dense row (100000 columns;
 * about 11300), a row of the largest shared table (9000 columns; about 6600 entries, while its
 * bound of 9000 made it a global bitmap in the symbolic pass), under no mask and a complemented
 * one. 60 rows: too few for the symbolic pass's shared bitmaps. */
static void skewed_rows_every_bin(void **state)
{
    (void)state;
    GrB_Matrix A = skewed(GrB_FP64, 60, 6000, skew_len);
    GrB_Index ncols[3] = {1000000, 100000, 9000};
    for (int k = 0; k < 3; k++) {
        GrB_Matrix B = skewed(GrB_FP64, 6000, ncols[k], four), C0, M;
        OK(GrB_Matrix_new(&C0, GrB_FP64, 60, ncols[k]));
        M = skewed(GrB_BOOL, 60, ncols[k], four);
        parity("skewed", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
        parity("skewed, MIN_PLUS under !M", C0, M, NULL, GrB_MIN_PLUS_SEMIRING_FP64, A, B,
               GrB_DESC_RSC, false);
        /* A' B: the long rows become long columns */
        GrB_Matrix At, Ct;
        OK(GrB_Matrix_new(&At, GrB_FP64, 6000, 60));
        OK(GrB_transpose(At, NULL, NULL, A, NULL));
        OK(GrB_Matrix_new(&Ct, GrB_FP64, 60, ncols[k]));
        parity("skewed, A stored transposed", Ct, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, At, B,
               GrB_DESC_T0, false);
        GrB_free(&B), GrB_free(&C0), GrB_free(&M), GrB_free(&At), GrB_free(&Ct);
    }
    GrB_free(&A);
}

/* What the last device product did: its chunks, dense rows' waves and tiled rows. */
static void print_run(const char *what)
{
    printf("%s: %llu chunks, %llu waves, %llu rows tiled\n", what,
           (unsigned long long)GG_cuda_mxm_last_chunks(),
           (unsigned long long)GG_cuda_mxm_last_waves(),
           (unsigned long long)GG_cuda_spgemm_last_tiled());
}

/* Row lengths for many rows: every 100th row long (3000 draws), the rest up to 300. */
static GrB_Index sparse_long(GrB_Index i)
{
    return i % 100 == 0 ? 3000 : (i * i * 7) % 300;
}

static GrB_Index sixteen(GrB_Index i)
{
    (void)i;
    return 16;
}

/* 1200 rows, enough for the symbolic pass to count the long rows in shared-memory bitmaps (one
 * block per row, when the product has at least 4 rows per SM). The 12 long rows (about 2360
 * entries of A times 16 of B) hold about 17000 of C's 20000 columns, more than the largest shared
 * table takes at any fill: dense rows in the numeric pass. Unlimited, each pass runs at once (one
 * chunk each, one wave); with the workspace capped below two dense rows' tables (20000 x 12
 * bytes each), the dense rows run a wave each; capped lower still, the numeric pass runs in two
 * chunks. Every run gives the CPU's result. The tiled bin, which would take the long rows, is held
 * off whatever GRAPHBLAS_GPU_SPGEMM_TILED says (tiled_rows covers it). */
static void one_pass_chunks_and_waves(void **state)
{
    (void)state;
    GG_cuda_spgemm_set_tiled(0, 0);
    GrB_Matrix A = skewed(GrB_FP64, 1200, 6000, sparse_long);
    GrB_Matrix B = skewed(GrB_FP64, 6000, 20000, sixteen), C0;
    OK(GrB_Matrix_new(&C0, GrB_FP64, 1200, 20000));
    parity("many rows, one pass", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
    assert_int_equal(GG_cuda_mxm_last_chunks(), 2);
    assert_int_equal(GG_cuda_mxm_last_waves(), 1);
    /* half of it, the most the waves take, is below one table: one row a wave, one chunk */
    GG_cuda_spgemm_set_workspace(400000);
    parity("many rows, a wave per dense row", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B,
           NULL, false);
    assert_int_equal(GG_cuda_mxm_last_chunks(), 2);
    assert_int_equal(GG_cuda_mxm_last_waves(), 12);
    /* 30000 bytes left after the wave's table: 625 rows' bookkeeping (48 bytes a row) a chunk */
    GG_cuda_spgemm_set_workspace(270000);
    parity("many rows, chunked", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
    print_run("workspace 270 KB");
    assert_true(GG_cuda_mxm_last_chunks() > 2);
    assert_int_equal(GG_cuda_mxm_last_waves(), 12);
    parity("many rows, chunked, MIN_PLUS under !C0", C0, C0, NULL, GrB_MIN_PLUS_SEMIRING_FP64, A,
           B, GrB_DESC_RSC, false);
    GG_cuda_spgemm_set_workspace(0);
    GG_cuda_spgemm_set_tiled(-1, 0);
    GrB_free(&A), GrB_free(&B), GrB_free(&C0);
}

/* Values 1..9 less 5 (a ninth of them zeros, which a valued mask leaves out) as INT32. */
static GrB_Matrix with_zeros(GrB_Matrix M)
{
    OK(GrB_Matrix_apply_BinaryOp2nd_INT32(M, NULL, NULL, GrB_MINUS_INT32, M, 5, NULL));
    return M;
}

static GrB_Index four_thousand(GrB_Index i)
{
    (void)i;
    return 4000;
}

/* The tiled bin (bin 9: a wide row as column tiles in shared memory) forced on by its test hook,
 * on one_pass_chunks_and_waves' kind of product (1200 rows, so the symbolic pass counts the long
 * rows in shared bitmaps, which give the tiles' counts) with 20001 columns: with any ratio, every
 * row counted there with more than 768 entries is tiled (most rows of 50 draws and more), beside
 * rows of the small shared tables; with ratio 2, only the 12 rows of about 17000 entries, beside
 * the other bins. Tiles of 1024 columns (20 a row, the last of 545: a partial word), 2048 (10,
 * the last of 1569) and the widest the device holds (FP64 on an H100: 16384, 2 a row); FP64
 * PLUS_TIMES, MIN_PLUS and PLUS_FIRST, FP32 PLUS_TIMES, INT64 PLUS_PAIR, BOOL LOR_LAND and
 * ANY_PAIR, INT32 MAX_MIN (run-time opcodes), an iso A; under a structural and a valued mask
 * (4000 entries a row, a ninth of the valued one's zeros) and their complements; B stored
 * transposed; and chunks forced by a workspace cap. Every run gives the CPU's result and reports its tiled rows
 * (GG_cuda_spgemm_last_tiled); with the bin off it reports none. Under compute-sanitizer
 * (GG_TEST_SANITIZER): FP64 PLUS_TIMES alone, one width, the complemented structural mask and
 * the chunks. */
static void tiled_rows(void **state)
{
    (void)state;
    const GrB_Index n = 20001;
    bool light = getenv("GG_TEST_SANITIZER") != NULL;
    GrB_Matrix A = skewed(GrB_FP64, 1200, 6000, sparse_long);
    GrB_Matrix B = skewed(GrB_FP64, 6000, n, sixteen), C0, Bt;
    GrB_Matrix M = skewed(GrB_BOOL, 1200, n, four_thousand);
    GrB_Matrix Mv = with_zeros(skewed(GrB_INT32, 1200, n, four_thousand));
    OK(GrB_Matrix_new(&C0, GrB_FP64, 1200, n));
    OK(GrB_Matrix_new(&Bt, GrB_FP64, n, 6000));
    OK(GrB_transpose(Bt, NULL, NULL, B, NULL));

    GG_cuda_spgemm_set_tiled(0, 0);
    parity("tiled off", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
    assert_int_equal(GG_cuda_spgemm_last_tiled(), 0);

    GG_cuda_spgemm_set_tiled(2, 0);
    parity("tiled, ratio 2", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
    assert_int_equal(GG_cuda_spgemm_last_tiled(), 12);

    uint32_t widths[3] = {1024, 2048, 0};
    for (int w = light ? 1 : 0; w < (light ? 2 : 3); w++) {
        GG_cuda_spgemm_set_tiled(1e9, widths[w]);
        char name[96];
        snprintf(name, sizeof name, "tiled, width %u", (unsigned)widths[w]);
        parity(name, C0, M, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, GrB_DESC_RSC, false);
        print_run(name);
        assert_true(GG_cuda_spgemm_last_tiled() > 100);
        if (light) continue;
        parity(name, C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
        assert_true(GG_cuda_spgemm_last_tiled() > 100);
        parity(name, C0, M, NULL, GrB_MIN_PLUS_SEMIRING_FP64, A, B, GrB_DESC_S, false);
        assert_true(GG_cuda_spgemm_last_tiled() > 0);
        parity(name, C0, Mv, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL, false);
        assert_true(GG_cuda_spgemm_last_tiled() > 0);
        parity(name, C0, Mv, NULL, GrB_MIN_PLUS_SEMIRING_FP64, A, B, GrB_DESC_RC, false);
        assert_true(GG_cuda_spgemm_last_tiled() > 100);
        parity(name, C0, M, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, Bt, GrB_DESC_RSCT1, false);
        assert_true(GG_cuda_spgemm_last_tiled() > 100);
    }

    if (!light) { /* the other domains, tiles of 2048 columns */
        GrB_Semiring srs[] = {GrB_PLUS_TIMES_SEMIRING_FP32, GxB_PLUS_PAIR_INT64,
                              GrB_LOR_LAND_SEMIRING_BOOL, GxB_ANY_PAIR_BOOL,
                              GrB_MAX_MIN_SEMIRING_INT32};
        GrB_Type types[] = {GrB_FP32, GrB_INT64, GrB_BOOL, GrB_BOOL, GrB_INT32};
        GG_cuda_spgemm_set_tiled(1e9, 2048);
        for (size_t k = 0; k < sizeof srs / sizeof srs[0]; k++) {
            GrB_Matrix Ak, Bk, Ck;
            OK(GrB_Matrix_new(&Ak, types[k], 1200, 6000));
            OK(GrB_Matrix_new(&Bk, types[k], 6000, n));
            OK(GrB_Matrix_new(&Ck, types[k], 1200, n));
            OK(GrB_Matrix_assign(Ak, NULL, NULL, A, GrB_ALL, 1200, GrB_ALL, 6000, NULL));
            OK(GrB_Matrix_assign(Bk, NULL, NULL, B, GrB_ALL, 6000, GrB_ALL, n, NULL));
            char name[96];
            snprintf(name, sizeof name, "tiled, semiring %zu", k);
            parity(name, Ck, NULL, NULL, srs[k], Ak, Bk, NULL, false);
            assert_true(GG_cuda_spgemm_last_tiled() > 100);
            parity(name, Ck, Mv, NULL, srs[k], Ak, Bk, GrB_DESC_RC, false);
            assert_true(GG_cuda_spgemm_last_tiled() > 100);
            GrB_free(&Ak), GrB_free(&Bk), GrB_free(&Ck);
        }
        /* an iso A (a scalar assigned over its own pattern) and BC's PLUS_FIRST */
        GrB_Matrix Ai = mdup(A);
        OK(GrB_Matrix_assign_FP64(Ai, Ai, NULL, 3, GrB_ALL, 1200, GrB_ALL, 6000, GrB_DESC_S));
        parity("tiled, iso A", C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, Ai, B, NULL, false);
        assert_true(GG_cuda_spgemm_last_tiled() > 100);
        parity("tiled, PLUS_FIRST", C0, M, NULL, plus_first, A, B, GrB_DESC_RSC, false);
        assert_true(GG_cuda_spgemm_last_tiled() > 100);
        GrB_free(&Ai);
    }

    /* chunks: 30000 bytes of workspace hold about 600 rows' bookkeeping (48 bytes a row) */
    GG_cuda_spgemm_set_tiled(1e9, 2048);
    GG_cuda_spgemm_set_workspace(30000);
    parity("tiled, chunked", C0, M, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, GrB_DESC_RSC, false);
    print_run("tiled, workspace 30 KB");
    assert_true(GG_cuda_mxm_last_chunks() > 2);
    assert_true(GG_cuda_spgemm_last_tiled() > 100);
    GG_cuda_spgemm_set_workspace(0);
    GG_cuda_spgemm_set_tiled(-1, 0);
    GrB_free(&A), GrB_free(&B), GrB_free(&C0), GrB_free(&Bt), GrB_free(&M), GrB_free(&Mv);
}

/* Few heavy rows (BC's frontier<!paths> = frontier A): 3 rows of 10^6 columns, A's rows of 1200
 * and 20000 draws among the 20000 rows of B and one of a single draw; B's rows of 16 entries, but
 * 20000 in every 1000th (hubs: S rows far longer than the rest). Row 0 (about 19000 terms and
 * 20000 more a hub it draws) is a global hash (a dense row when it draws three hubs or more), row
 * 1 (about 720000 terms, 510000 entries) a dense row, row 2 a shared table (a global row too if
 * its one draw is a hub): the global rows, too few to fill the device a row a block, have their
 * terms split over the whole grid in both passes (GG_cuda_mxm_last_split counts 2 or 3 a pass).
 * PLUS_FIRST (BC's) and MIN_PLUS, without a mask, under a complemented structural mask of 100000
 * entries a row (BC's !paths, read as bitmaps by the split), with B stored transposed (BC's
 * backward w<levels> = w (+.first) A') and under a complemented valued mask with zeros; values
 * are small integers, so the sums are exact in any order. */
static GrB_Index heavy_len(GrB_Index i)
{
    return i == 0 ? 1200 : i == 1 ? 20000 : 1;
}

static GrB_Index hub_len(GrB_Index i)
{
    return i % 1000 == 0 ? 20000 : 16;
}

static GrB_Index mask_len(GrB_Index i)
{
    (void)i;
    return 100000;
}

static void few_heavy_rows_split(void **state)
{
    (void)state;
    const GrB_Index n = 1000000, k = 20000;
    GrB_Matrix A = skewed(GrB_FP64, 3, k, heavy_len), B = skewed(GrB_FP64, k, n, hub_len);
    GrB_Matrix M = skewed(GrB_BOOL, 3, n, mask_len);
    GrB_Matrix Mv = with_zeros(skewed(GrB_INT32, 3, n, mask_len)), Bt, C0;
    OK(GrB_Matrix_new(&Bt, GrB_FP64, n, k));
    OK(GrB_transpose(Bt, NULL, NULL, B, NULL));
    OK(GrB_Matrix_new(&C0, GrB_FP64, 3, n));
    GrB_Semiring srs[2] = {plus_first, GrB_MIN_PLUS_SEMIRING_FP64};
    for (int s = 0; s < 2; s++) {
        parity("few heavy rows", C0, NULL, NULL, srs[s], A, B, NULL, false);
        printf("few heavy rows, semiring %d: %llu rows split\n", s,
               (unsigned long long)GG_cuda_mxm_last_split());
        assert_true(GG_cuda_mxm_last_split() >= 4);
        parity("few heavy rows under !M", C0, M, NULL, srs[s], A, B, GrB_DESC_RSC, false);
        assert_true(GG_cuda_mxm_last_split() >= 4);
        parity("few heavy rows, B stored transposed", C0, M, NULL, srs[s], A, Bt, GrB_DESC_RSCT1,
               false);
        assert_true(GG_cuda_mxm_last_split() >= 4);
        parity("few heavy rows under a valued !Mv", C0, Mv, NULL, srs[s], A, B, GrB_DESC_RC, false);
        assert_true(GG_cuda_mxm_last_split() >= 4);
    }
    GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&Mv), GrB_free(&Bt), GrB_free(&C0);
}

/* ---- the short bins -------------------------------------------------------------------------- */

/* n x m from the tuples (i, j) with value (3 i + 5 j) % 7 + 1 that keep(i, j, arg) admits, as
 * type: rows j of a K x K grid's 5-point stencil (no diagonal), or a band. */
static GrB_Matrix pattern(GrB_Type type, GrB_Index n, GrB_Index m,
                          bool (*keep)(GrB_Index i, GrB_Index j, GrB_Index arg), GrB_Index arg,
                          GrB_Index reach)
{
    GrB_Index cap = n * (2 * reach + 1), nt = 0;
    GrB_Index *I = malloc(cap * sizeof(GrB_Index)), *J = malloc(cap * sizeof(GrB_Index));
    double *X = malloc(cap * sizeof(double));
    for (GrB_Index i = 0; i < n; i++) {
        GrB_Index c = i * m / n, j0 = c > reach ? c - reach : 0;
        for (GrB_Index j = j0; j <= c + reach && j < m; j++)
            if (keep(i, j, arg)) I[nt] = i, J[nt] = j, X[nt++] = (double)((3 * i + 5 * j) % 7 + 1);
    }
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, n, m));
    OK(GrB_Matrix_build_FP64(A, I, J, X, nt, GrB_SECOND_FP64));
    free(I), free(J), free(X);
    return A;
}

/* A K x K grid's neighbours: |di| + |dj| = 1 (arg: K). */
static bool grid_keep(GrB_Index i, GrB_Index j, GrB_Index K)
{
    GrB_Index ri = i / K, ci = i % K, rj = j / K, cj = j % K;
    GrB_Index dr = ri > rj ? ri - rj : rj - ri, dc = ci > cj ? ci - cj : cj - ci;
    return dr + dc == 1;
}

/* A band around the scaled diagonal (the reach given to pattern). */
static bool band_keep(GrB_Index i, GrB_Index j, GrB_Index arg)
{
    (void)i, (void)j, (void)arg;
    return true;
}

static GrB_Matrix grid_matrix(GrB_Type type, GrB_Index K)
{
    return pattern(type, K * K, K * K, grid_keep, K, K);
}

/* Row i: entries at i % period distinct columns (i * 13 + 37 k) % 1009 of 1009 (37 is prime to
 * the prime 1009, so k < 1009 gives distinct columns). */
static GrB_Matrix lengths(GrB_Index nrows, GrB_Index period)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, GrB_FP64, nrows, 1009));
    for (GrB_Index i = 0; i < nrows; i++)
        for (GrB_Index k = 0; k < i % period; k++)
            OK(GrB_Matrix_setElement_FP64(A, (double)(k % 9 + 1), i, (i * 13 + 37 * k) % 1009));
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

/* A descriptor asking for the saxpy method (so that a mask that is not complemented does not send
 * the call to the masked dot product, mxm_dot.c) with the given mask kind. */
static GrB_Descriptor saxpy_desc(bool mstruct, bool comp, bool replace)
{
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    OK(GxB_Desc_set_INT32(d, GxB_AxB_METHOD, GxB_AxB_SAXPY));
    if (mstruct && comp)
        OK(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP_STRUCTURE));
    else if (mstruct)
        OK(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE));
    else if (comp)
        OK(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP));
    if (replace) OK(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    return d;
}

/* One parity run that must have taken the short bins for `rows` rows (0: some). */
static void short_parity(const char *name, GrB_Matrix C0, GrB_Matrix M, GrB_Semiring sr,
                         GrB_Matrix A, GrB_Matrix B, GrB_Descriptor d, uint64_t rows)
{
    parity(name, C0, M, NULL, sr, A, B, d, false);
    if (rows != 0)
        assert_int_equal(GG_cuda_spgemm_last_short(), rows);
    else
        assert_true(GG_cuda_spgemm_last_short() > 0);
}

/* The short bins (short_kernel: a sub-warp a row, a table sized to it, entries ranked): a 40 x 40
 * grid's A*A (flops 4..16 a row, 3..13 entries: every row in the 32-slot table of 8 lanes) and a
 * band of 2000 rows, |i - j| <= 8 (289 terms, 33 entries: 128 slots counting, 64 in the numeric
 * pass); A*A' (B read through its CSC view) and A'*A; several semirings (the specialised ones and
 * run-time opcodes, FP32, INT64, BOOL, INT32) under no mask, a structural and a valued mask (with
 * zeros), their complements, with replace; rectangular products (the grid times a band of 1600 x
 * 300, and the band's A' times a 2000 x 500 band); rows on both sides of every boundary: counts
 * 0..139 (A's rows of i % 140 distinct columns times a permutation: count = flops, crossing 16,
 * 24, 32, 48, 64 and 96, the tables' capacities at each pass's fill) and terms up to 2876 on at
 * most 20 columns (B's rows of 4 entries among 20 columns: crossing the 512, 1024 and 2048 terms
 * of 8, 16 and 32 lanes); chunks forced by a workspace cap; and the bins off
 * (GG_cuda_spgemm_set_short(0): no short row, same result). Under compute-sanitizer
 * (GG_TEST_SANITIZER): FP64 PLUS_TIMES and MIN_PLUS only. */
static void short_rows(void **state)
{
    (void)state;
    bool light = getenv("GG_TEST_SANITIZER") != NULL;
    const GrB_Index K = 40, nb = 2000;
    GrB_Semiring srs[] = {GrB_PLUS_TIMES_SEMIRING_FP64, GrB_MIN_PLUS_SEMIRING_FP64,
                          GrB_PLUS_TIMES_SEMIRING_FP32, GxB_PLUS_PAIR_INT64,
                          GrB_LOR_LAND_SEMIRING_BOOL,   GxB_ANY_PAIR_BOOL,
                          GrB_MAX_MIN_SEMIRING_INT32,   plus_second_int32,
                          plus_first};
    GrB_Type types[] = {GrB_FP64, GrB_FP64, GrB_FP32, GrB_INT64, GrB_BOOL,
                        GrB_BOOL, GrB_INT32, GrB_INT32, GrB_FP64};
    size_t nsr = light ? 2 : sizeof srs / sizeof srs[0];
    GG_cuda_spgemm_set_short(1);
    for (size_t s = 0; s < nsr; s++) {
        GrB_Matrix G = grid_matrix(types[s], K), Bd = pattern(types[s], nb, nb, band_keep, 0, 8);
        GrB_Matrix Cg, Cb, Mg = random_matrix(GrB_INT32, K * K, K * K, 0.004),
                           Mb = random_matrix(GrB_INT32, nb, nb, 0.01);
        OK(GrB_Matrix_new(&Cg, types[s], K * K, K * K));
        OK(GrB_Matrix_new(&Cb, types[s], nb, nb));
        char name[96];
        snprintf(name, sizeof name, "short, grid, semiring %zu", s);
        short_parity(name, Cg, NULL, srs[s], G, G, NULL, K * K);
        short_parity(name, Cg, NULL, srs[s], G, G, GrB_DESC_T1, K * K);
        short_parity(name, Cg, NULL, srs[s], G, G, GrB_DESC_T0, K * K);
        snprintf(name, sizeof name, "short, band, semiring %zu", s);
        short_parity(name, Cb, NULL, srs[s], Bd, Bd, NULL, nb);
        short_parity(name, Cb, NULL, srs[s], Bd, Bd, GrB_DESC_T1, nb);
        /* every mask kind (random_matrix's INT32 values hold zeros, left out by a valued mask):
         * structural, valued, their complements, with replace and without */
        for (int k = 0; k < 8; k++) {
            GrB_Descriptor d = saxpy_desc(k & 1, k & 2, k & 4);
            snprintf(name, sizeof name, "short, grid, semiring %zu, mask kind %d", s, k);
            short_parity(name, Cg, Mg, srs[s], G, G, d, 0);
            snprintf(name, sizeof name, "short, band, semiring %zu, mask kind %d", s, k);
            short_parity(name, Cb, Mb, srs[s], Bd, Bd, d, 0);
            GrB_free(&d);
        }
        GrB_free(&G), GrB_free(&Bd), GrB_free(&Cg), GrB_free(&Cb), GrB_free(&Mg), GrB_free(&Mb);
    }

    /* rectangular: the grid times a 1600 x 300 band; the band's A' (2000 x 2000, stored) times a
     * 2000 x 500 band */
    GrB_Matrix G = grid_matrix(GrB_FP64, K), R = pattern(GrB_FP64, K * K, 300, band_keep, 0, 3);
    GrB_Matrix Bd = pattern(GrB_FP64, nb, nb, band_keep, 0, 8);
    GrB_Matrix R2 = pattern(GrB_FP64, nb, 500, band_keep, 0, 5), C1, C2;
    OK(GrB_Matrix_new(&C1, GrB_FP64, K * K, 300));
    OK(GrB_Matrix_new(&C2, GrB_FP64, nb, 500));
    short_parity("short, grid x rectangular band", C1, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, G, R,
                 NULL, 0);
    short_parity("short, band' x rectangular band under !C", C2, C2, GrB_MIN_PLUS_SEMIRING_FP64,
                 Bd, R2, GrB_DESC_RSCT0, 0);

    /* the boundaries: counts 0..139, then terms up to 2876 on at most 20 columns */
    GrB_Matrix L = lengths(840, 140), P, Q, CL;
    OK(GrB_Matrix_new(&P, GrB_FP64, 1009, 1009));
    OK(GrB_Matrix_new(&Q, GrB_FP64, 1009, 1009));
    for (GrB_Index i = 0; i < 1009; i++) {
        OK(GrB_Matrix_setElement_FP64(P, (double)(i % 5 + 1), i, (i * 7919) % 1009));
        for (int k = 0; k < 4; k++)
            OK(GrB_Matrix_setElement_FP64(Q, (double)(k + 1), i, GG_cuda_test_next() % 20));
    }
    OK(GrB_Matrix_new(&CL, GrB_FP64, 840, 1009));
    short_parity("short, counts across the tables", CL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, L, P,
                 NULL, 0);
    GrB_Matrix Lt = lengths(720, 720), Mq = random_matrix(GrB_INT32, 720, 1009, 0.01), CQ;
    OK(GrB_Matrix_new(&CQ, GrB_FP64, 720, 1009));
    short_parity("short, terms across the lanes", CQ, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, Lt, Q,
                 NULL, 0);
    short_parity("short, terms across the lanes under !Mq", CQ, Mq, GrB_MIN_PLUS_SEMIRING_FP64, Lt,
                 Q, GrB_DESC_RSC, 0);

    /* chunks: 30000 bytes of workspace hold about 600 rows' bookkeeping (48 bytes a row) */
    GrB_Matrix Cg, Cb;
    OK(GrB_Matrix_new(&Cg, GrB_FP64, K * K, K * K));
    OK(GrB_Matrix_new(&Cb, GrB_FP64, nb, nb));
    GG_cuda_spgemm_set_workspace(30000);
    short_parity("short, grid, chunked", Cg, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, G, G, NULL,
                 K * K);
    assert_true(GG_cuda_mxm_last_chunks() > 2);
    short_parity("short, band, chunked", Cb, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, Bd, Bd, NULL, nb);
    assert_true(GG_cuda_mxm_last_chunks() > 2);
    GG_cuda_spgemm_set_workspace(0);

    /* off: the other bins, the same results */
    GG_cuda_spgemm_set_short(0);
    parity("short off, grid", Cg, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, G, G, NULL, false);
    assert_int_equal(GG_cuda_spgemm_last_short(), 0);
    parity("short off, counts", CL, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, L, P, NULL, false);
    assert_int_equal(GG_cuda_spgemm_last_short(), 0);
    GG_cuda_spgemm_set_short(-1);
    GrB_free(&G), GrB_free(&R), GrB_free(&Bd), GrB_free(&R2), GrB_free(&C1), GrB_free(&C2);
    GrB_free(&L), GrB_free(&P), GrB_free(&Q), GrB_free(&CL), GrB_free(&Lt), GrB_free(&Mq);
    GrB_free(&CQ), GrB_free(&Cg), GrB_free(&Cb);
}

/* ---- memory ---------------------------------------------------------------------------------- */

/* GxG_DEVICE_POOL_LIMIT (0: none). */
static void pool_limit(size_t bytes)
{
    OK(GrB_Global_set_VOID(GrB_GLOBAL, &bytes, GxG_DEVICE_POOL_LIMIT, sizeof bytes));
}

static GrB_Index many(GrB_Index i)
{
    (void)i;
    return 1000;
}

/* B's rows hold 20 entries among the first 2000 of 10^6 columns, A's rows about 630 of B's 1000:
 * each row of A B has a bound of about 12600 terms but at most 2000 entries. With tables sized by
 * the flop bound this product's workspace dominated its memory; sized by exact counts it no longer
 * does (chunked_equals_unchunked). */
static GrB_Matrix narrow_b(void)
{
    GrB_Matrix B;
    OK(GrB_Matrix_new(&B, GrB_FP64, 1000, 1000000));
    for (GrB_Index i = 0; i < 1000; i++)
        for (int k = 0; k < 20; k++)
            OK(GrB_Matrix_setElement_FP64(B, (double)(k % 5 + 1), i, GG_cuda_test_next() % 2000));
    OK(GrB_Matrix_wait(B, GrB_MATERIALIZE));
    return B;
}

/* The unchunked product, then the same under pool limits between what is held and the unchunked
 * peak: every run either succeeds with the same result (in however many chunks) or reports out of
 * memory with C unchanged. Since the product plans its workspace by exact counts, this product's
 * workspace is small beside T and the build of C (on the H100 every limited run ran out of memory
 * there, none chunked), so chunking itself is pinned by one_pass_chunks_and_waves, through the
 * workspace hook. */
static void chunked_equals_unchunked(void **state)
{
    (void)state;
    GrB_Matrix A = skewed(GrB_FP64, 100, 1000, many), B = narrow_b(), ref, C;
    OK(GrB_Matrix_new(&ref, GrB_FP64, 100, 1000000));
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_mxm(ref, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL)); /* views made */
    OK(GrB_Matrix_new(&C, GrB_FP64, 100, 1000000));
    OK(GrB_Matrix_wait(C, GrB_MATERIALIZE));
    assert_true(GG_cuda_sync());
    size_t base = GG_cuda_pool_in_use();
    GG_cuda_pool_peak(true);
    OK(GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL));
    assert_true(GG_cuda_sync());
    size_t peak = GG_cuda_pool_peak(false);
    assert_int_equal(GG_cuda_mxm_last_chunks(), 2);
    GrB_free(&C);
    for (int pct = 90; pct >= 20; pct -= 10) {
        GrB_Matrix D;
        OK(GrB_Matrix_new(&D, GrB_FP64, 100, 1000000));
        OK(GrB_Matrix_wait(D, GrB_MATERIALIZE));
        assert_true(GG_cuda_sync());
        size_t held = GG_cuda_pool_in_use();
        pool_limit(held + (peak - base) * (size_t)pct / 100);
        GrB_Info info = GrB_mxm(D, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, B, NULL);
        uint64_t chunks = GG_cuda_mxm_last_chunks();
        pool_limit(0);
        if (info == GrB_SUCCESS) {
            printf("pool limit at %d%% of the product's peak: %llu chunks\n", pct,
                   (unsigned long long)chunks);
            set_backend(GxG_BACKEND_CPU);
            same_matrix(ref, D, 0);
            set_backend(GxG_BACKEND_CUDA);
        } else {
            assert_int_equal(info, GrB_OUT_OF_MEMORY);
            GrB_Index n;
            OK(GrB_Matrix_nvals(&n, D));
            assert_int_equal(n, 0);
        }
        GrB_free(&D);
    }
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&B), GrB_free(&ref);
}

/* A pool limit that leaves no room for the product (A's view already made): GrB_OUT_OF_MEMORY,
 * C as it was. */
static void out_of_memory_leaves_c(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 200, 200, 0.05),
               C = random_matrix(GrB_FP64, 200, 200, 0.05);
    GrB_Matrix C0 = mdup(C);
    set_backend(GxG_BACKEND_CUDA);
    OK(GrB_mxm(C0, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL)); /* A's view made */
    GrB_free(&C0);
    C0 = mdup(C);
    assert_true(GG_cuda_sync());
    pool_limit(GG_cuda_pool_in_use() + 256);
    /* no mask or accumulator: C's content is not read, so the product's own allocations fail */
    GrB_Info info = GrB_mxm(C, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, A, A, NULL);
    pool_limit(0);
    assert_int_equal(info, GrB_OUT_OF_MEMORY);
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C0, C, 0);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&C), GrB_free(&C0);
}

/* ---- an algorithm ---------------------------------------------------------------------------- */

typedef struct {
    GrB_Matrix A;
    GrB_Vector *c;
} bc_call;

static const GrB_Index bc_sources[4] = {0, 7, 99, 250};

static void bc_run(void *arg)
{
    bc_call *r = arg;
    char msg[256];
    OK(GG_alg_bc(r->c, r->A, bc_sources, 4, msg));
}

/* BC from four sources on a random graph: the device's forward and backward products give the
 * CPU's centrality (the path counts are integers; the dependencies are compared to 1e-9), and
 * its matrix eWiseMult (DIV) and scalar assigns run on the device: the trace shows no decline of
 * theirs, and the masked DIV, the accumulated TIMES and the levels' masked assign taking their
 * paths in tree order. */
static void bc_equals_cpu(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 300, 300, 0.02);
    GrB_Vector c[2];
    size_t size = (size_t)1 << 22;
    char *buf = malloc(size);
    for (int b = 0; b < 2; b++) {
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        bc_call r = {A, &c[b]};
        if (b == 0) {
            bc_run(&r);
            continue;
        }
        traced(bc_run, &r, buf, size);
        printf("BC on cuda: %zu calls declined\n", declines() - before);
        /* the calls in question are in the trace at all (so their absence below means something) */
        assert_non_null(strstr(buf, "GrB_Matrix_eWiseMult_BinaryOp:"));
        assert_non_null(strstr(buf, "GrB_Matrix_assign_BOOL:"));
        assert_non_null(strstr(buf, "GrB_Matrix_assign_FP64:"));
        /* the masked DIV, the accumulated TIMES and the levels' assign in tree order
         * (cuda/slots/ewise.c, cuda/slots/matrix.c) */
        assert_non_null(strstr(buf, "eWiseMult of two trees made in tree order and installed as C, under the structural mask"));
        assert_non_null(strstr(buf, "eWiseMult of two trees made in tree order and installed as C, accumulated into C"));
        assert_non_null(strstr(buf, "C is the mask's pattern, iso"));
        for (char *line = strtok(buf, "\n"); line != NULL; line = strtok(NULL, "\n"))
            if (strstr(line, "cuda declined") != NULL &&
                (strstr(line, "GrB_Matrix_eWiseMult_BinaryOp:") != NULL ||
                 strstr(line, "GrB_Matrix_assign_") != NULL))
                fail_msg("BC: %s", line);
    }
    free(buf);
    set_backend(GxG_BACKEND_CPU);
    same_vector(c[0], c[1], 1e-9);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&c[0]), GrB_free(&c[1]);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    /* this file pins the row-wise saxpy: its products of few rows would otherwise take the
     * narrow path (cuda/slots/mxm_narrow.c), which test_cuda_narrow.c covers */
    GG_cuda_mxm_narrow_set_rows(0);
    OK(GrB_Semiring_new(&plus_first, GrB_PLUS_MONOID_FP64, GrB_FIRST_FP64));
    OK(GrB_Semiring_new(&plus_second_int32, GrB_PLUS_MONOID_INT32, GrB_SECOND_INT32));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(transposes_masks_semirings),
        cmocka_unit_test(accum_dense_mask_aliased),
        cmocka_unit_test(small_and_empty),
        cmocka_unit_test(hypersparse_inner),
        cmocka_unit_test(skewed_rows_every_bin),
        cmocka_unit_test(one_pass_chunks_and_waves),
        cmocka_unit_test(few_heavy_rows_split),
        cmocka_unit_test(tiled_rows),
        cmocka_unit_test(short_rows),
        cmocka_unit_test(chunked_equals_unchunked),
        cmocka_unit_test(out_of_memory_leaves_c),
        cmocka_unit_test(bc_equals_cpu),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_free(&plus_first), GrB_free(&plus_second_int32);
    GrB_finalize();
    return failed;
}
