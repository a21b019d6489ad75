/* test_cuda_narrow.c: the CUDA mxm slot's products with a narrow left operand (issue 13 item 3;
 * cuda/slots/mxm_narrow.c, cuda/kernels/mxm_narrow.cu). Each parity case runs GrB_mxm with
 * GxG_BACKEND forced to the CPU and then to CUDA; the CUDA call must not decline, must have been
 * the narrow path's in the form its rule names (GG_cuda_mxm_last_narrow: the dot form for a plain
 * mask, the saxpy form for none or a complemented one), its result must stay on the device, and
 * its tuples must equal the CPU's exactly (values are small integers, so every sum is exact in any
 * order). op1(B) has full rows and columns (hubs) longer than a tile of the term walk, so one
 * item's terms span blocks; op0(A) has empty rows.
 * Cases: every transpose combination x no / structural / valued / complemented structural /
 * complemented valued mask x replace x accumulator, over semirings with each atomic kind (PLUS_FIRST
 * FP64 as BC builds it, PLUS_TIMES FP64 and FP32 with mixed input types, MIN_PLUS, MAX_SECOND,
 * MAX_MIN, LOR_LAND, LXOR_LAND, PLUS_PAIR, ANY_PAIR); k = 1, 4, 64 rows, also under a node
 * dimension below k; an empty op0(A), an empty mask and an empty B; a hypersparse B; the aliased
 * C<C> = C*C; calls the rule leaves to the general paths (65 rows, a workspace large beside the
 * operands, a positional multiply, GxB_AxB_METHOD, an absent complemented mask); the result built
 * into C's tree without a sort when C is T; device allocation failures (GrB_OUT_OF_MEMORY, C
 * unchanged, nothing leaked); betweenness centrality (algorithms/bc.c) equal to the CPU's with
 * every product narrow, the trace naming both forms. Under compute-sanitizer (GG_TEST_SANITIZER
 * set) the sweeps are shorter. Exits 77 (Meson: SKIP) without a GPU. */
#include "GG_backend.h"
#include "GG_cuda.h"

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
#include "grb_algorithms.h"

#define NI 3000 /* the inner dimension */
/* columns of C: more than the default node dimension (128), so the saxpy form's strips of 128
 * columns are the order of C's tree */
#define NJ 2000
#define NHUB 3 /* full rows and columns of B: 2000 and 3000 terms, beyond a tile's 2048 */

enum { SAXPY = 1, DOT = 2 };

/* A random nrows x ncols matrix of type with full rows and columns 0 .. NHUB - 1. */
static GrB_Matrix hubbed(GrB_Type type, GrB_Index nrows, GrB_Index ncols, double density)
{
    GrB_Matrix B = random_matrix(type, nrows, ncols, density);
    for (GrB_Index h = 0; h < NHUB; h++) {
        for (GrB_Index j = 0; j < ncols; j++)
            OK(GrB_Matrix_setElement_FP64(B, (double)((h + j) % 7 + 1), h, j));
        for (GrB_Index i = 0; i < nrows; i++)
            OK(GrB_Matrix_setElement_FP64(B, (double)((h + i) % 5 + 1), i, h));
    }
    OK(GrB_Matrix_wait(B, GrB_MATERIALIZE));
    return B;
}

/* op0(A) of k rows over NI (stored NI x k when tran): random entries, none in rows i % 3 == 1
 * (k > 1). */
static GrB_Matrix narrow_a(GrB_Type type, GrB_Index k, bool tran, double density)
{
    GrB_Matrix A;
    OK(GrB_Matrix_new(&A, type, tran ? NI : k, tran ? k : NI));
    GrB_Index n = (GrB_Index)(density * (double)k * NI) + 1;
    for (GrB_Index e = 0; e < n; e++) {
        GrB_Index i = GG_cuda_test_next() % k, kk = GG_cuda_test_next() % NI;
        if (k > 1 && i % 3 == 1) continue;
        double x = (double)((int)(GG_cuda_test_next() % 25) - 4);
        OK(tran ? GrB_Matrix_setElement_FP64(A, x, kk, i) : GrB_Matrix_setElement_FP64(A, x, i, kk));
    }
    OK(GrB_Matrix_wait(A, GrB_MATERIALIZE));
    return A;
}

/* mxm_parity (GG_cuda_mtest.h), and the CUDA call took the narrow path in `form` (0: the general
 * paths). */
static void both(const char *name, GrB_Matrix C0, GrB_Matrix M, GrB_BinaryOp accum,
                 GrB_Semiring sr, GrB_Matrix A, GrB_Matrix B, GrB_Descriptor d, int form)
{
    mxm_parity(name, C0, M, accum, sr, A, B, d);
    if (GG_cuda_mxm_last_narrow() != form)
        fail_msg("%s: narrow form %d, expected %d", name, GG_cuda_mxm_last_narrow(), form);
}

enum { M_NONE, M_STRUCT, M_VALUE, M_COMP_STRUCT, M_COMP_VALUE, M_KINDS };

static const char *mask_name[M_KINDS] = {"no mask", "structural", "valued",
                                         "complemented structural", "complemented valued"};

static GrB_Descriptor desc(int mask, bool replace, bool tran0, bool tran1)
{
    GrB_Descriptor d;
    OK(GrB_Descriptor_new(&d));
    if (mask == M_STRUCT || mask == M_COMP_STRUCT) OK(GrB_Descriptor_set(d, GrB_MASK, GrB_STRUCTURE));
    if (mask == M_COMP_STRUCT || mask == M_COMP_VALUE) OK(GrB_Descriptor_set(d, GrB_MASK, GrB_COMP));
    if (replace) OK(GrB_Descriptor_set(d, GrB_OUTP, GrB_REPLACE));
    if (tran0) OK(GrB_Descriptor_set(d, GrB_INP0, GrB_TRAN));
    if (tran1) OK(GrB_Descriptor_set(d, GrB_INP1, GrB_TRAN));
    return d;
}

typedef struct {
    const char *name;
    GrB_Semiring sr;
    GrB_Type atype, btype, ctype;
    GrB_BinaryOp accum;
} sr_case;

/* Every transpose combination x mask kind x replace x accumulator with k rows (under
 * compute-sanitizer, GG_TEST_SANITIZER set: no transpose and both). */
static void sweep(const sr_case *c, GrB_Index k)
{
    bool quick = getenv("GG_TEST_SANITIZER") != NULL;
    for (int t = 0; t < 4; t += quick ? 3 : 1) {
        bool t0 = t & 1, t1 = t & 2;
        GrB_Matrix A = narrow_a(c->atype, k, t0, 0.01);
        GrB_Matrix B = t1 ? hubbed(c->btype, NJ, NI, 0.01) : hubbed(c->btype, NI, NJ, 0.01);
        /* INT32 values in [-4, 20]: a valued mask has false entries */
        GrB_Matrix M = random_matrix(GrB_INT32, k, NJ, 0.2);
        GrB_Matrix C0 = random_matrix(c->ctype, k, NJ, 0.05);
        for (int m = 0; m < M_KINDS; m++) {
            for (int r = 0; r < 4; r++) {
                bool rep = r & 1, acc = r & 2;
                if (m == M_NONE && rep) continue; /* replace means nothing without a mask */
                GrB_Descriptor d = desc(m, rep, t0, t1);
                char name[200];
                snprintf(name, sizeof name, "%s, k %llu: tran0 %d tran1 %d, %s, replace %d accum %d",
                         c->name, (unsigned long long)k, t0, t1 != 0, mask_name[m], rep, acc);
                int form = m == M_STRUCT || m == M_VALUE ? DOT : SAXPY;
                both(name, C0, m == M_NONE ? NULL : M, acc ? c->accum : NULL, c->sr, A, B, d, form);
                GrB_free(&d);
            }
        }
        GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&C0);
    }
}

static void semirings(void **state)
{
    (void)state;
    GrB_Semiring plus_first, max_second, lxor_land;
    OK(GrB_Semiring_new(&plus_first, GrB_PLUS_MONOID_FP64, GrB_FIRST_FP64));
    OK(GrB_Semiring_new(&max_second, GrB_MAX_MONOID_UINT32, GrB_SECOND_UINT32));
    OK(GrB_Semiring_new(&lxor_land, GrB_LXOR_MONOID_BOOL, GrB_LAND));
    const sr_case cases[] = {
        {"PLUS_FIRST FP64 (bc)", plus_first, GrB_FP64, GrB_FP64, GrB_FP64, GrB_PLUS_FP64},
        {"PLUS_TIMES FP64", GrB_PLUS_TIMES_SEMIRING_FP64, GrB_FP64, GrB_FP64, GrB_FP64,
         GrB_TIMES_FP64},
        /* INT32 and INT16 inputs cast to FP32, the FP32 result cast into INT64 C */
        {"PLUS_TIMES FP32", GrB_PLUS_TIMES_SEMIRING_FP32, GrB_INT32, GrB_INT16, GrB_INT64,
         GrB_MINUS_INT64},
        {"MIN_PLUS INT32", GrB_MIN_PLUS_SEMIRING_INT32, GrB_INT32, GrB_INT32, GrB_INT32,
         GrB_MIN_INT32},
        {"MAX_SECOND UINT32", max_second, GrB_UINT32, GrB_FP64, GrB_UINT32, GrB_PLUS_UINT32},
        {"MAX_MIN INT64", GrB_MAX_MIN_SEMIRING_INT64, GrB_INT64, GrB_INT8, GrB_INT64,
         GrB_MAX_INT64},
        {"LOR_LAND BOOL", GrB_LOR_LAND_SEMIRING_BOOL, GrB_BOOL, GrB_FP64, GrB_BOOL, GrB_LXOR},
        {"LXOR_LAND BOOL", lxor_land, GrB_BOOL, GrB_BOOL, GrB_BOOL, GrB_LOR},
        {"PLUS_PAIR INT64", GxB_PLUS_PAIR_INT64, GrB_FP64, GrB_BOOL, GrB_INT64, GrB_PLUS_INT64},
        /* every term is 1: whichever ANY keeps, the result is the CPU's */
        {"ANY_PAIR BOOL", GxB_ANY_PAIR_BOOL, GrB_BOOL, GrB_BOOL, GrB_BOOL, GrB_LAND},
    };
    /* under compute-sanitizer (GG_TEST_SANITIZER) the first two semirings only */
    size_t n = getenv("GG_TEST_SANITIZER") != NULL ? 2 : sizeof cases / sizeof cases[0];
    for (size_t s = 0; s < n; s++) sweep(&cases[s], 4);
    GrB_free(&plus_first), GrB_free(&max_second), GrB_free(&lxor_land);
}

/* k = 1 and k = 64 (the limit), BC's semiring; 64 rows also under node dimension 16, where the
 * saxpy form writes T row-major (the tree's order would interleave the rows) and the build sorts. */
static void row_counts(void **state)
{
    (void)state;
    GrB_Semiring plus_first;
    OK(GrB_Semiring_new(&plus_first, GrB_PLUS_MONOID_FP64, GrB_FIRST_FP64));
    sr_case c = {"PLUS_FIRST FP64", plus_first, GrB_FP64, GrB_FP64, GrB_FP64, GrB_PLUS_FP64};
    sweep(&c, 1);
    sweep(&c, 64);
    int32_t dim = 0;
    OK(GrB_Global_get_INT32(GrB_GLOBAL, &dim, GxG_HS_NODE_DIM));
    OK(GrB_Global_set_INT32(GrB_GLOBAL, 16, GxG_HS_NODE_DIM));
    GrB_Matrix A = narrow_a(GrB_FP64, 64, false, 0.01), B = hubbed(GrB_FP64, NI, NJ, 0.01);
    GrB_Matrix M = random_matrix(GrB_BOOL, 64, NJ, 0.2), C0;
    OK(GrB_Matrix_new(&C0, GrB_FP64, 64, NJ));
    both("64 rows, node dimension 16", C0, NULL, NULL, plus_first, A, B, NULL, SAXPY);
    both("64 rows, node dimension 16, !M", C0, M, NULL, plus_first, A, B, GrB_DESC_RSC, SAXPY);
    both("64 rows, node dimension 16, M", C0, M, NULL, plus_first, A, B, GrB_DESC_RS, DOT);
    OK(GrB_Global_set_INT32(GrB_GLOBAL, dim, GxG_HS_NODE_DIM));
    GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&C0), GrB_free(&plus_first);
}

/* An op0(A) without entries, a mask without entries, a B without entries, and a hypersparse B
 * (its rows found by search in the view's list). */
static void empty_and_hypersparse(void **state)
{
    (void)state;
    GrB_Semiring sr = GrB_PLUS_TIMES_SEMIRING_FP64;
    GrB_Matrix A = narrow_a(GrB_FP64, 4, false, 0.01), B = hubbed(GrB_FP64, NI, NJ, 0.01);
    GrB_Matrix M = random_matrix(GrB_BOOL, 4, NJ, 0.2), C0 = random_matrix(GrB_FP64, 4, NJ, 0.05);
    GrB_Matrix EA, EM, EB;
    OK(GrB_Matrix_new(&EA, GrB_FP64, 4, NI));
    OK(GrB_Matrix_new(&EM, GrB_BOOL, 4, NJ));
    OK(GrB_Matrix_new(&EB, GrB_FP64, NI, NJ));
    both("empty A", C0, NULL, NULL, sr, EA, B, NULL, SAXPY);
    both("empty A, accum", C0, NULL, GrB_PLUS_FP64, sr, EA, B, NULL, SAXPY);
    both("empty A under M", C0, M, NULL, sr, EA, B, GrB_DESC_S, DOT);
    both("empty mask", C0, EM, NULL, sr, A, B, NULL, DOT);
    both("empty mask, replace", C0, EM, NULL, sr, A, B, GrB_DESC_RS, DOT);
    both("empty complemented mask", C0, EM, NULL, sr, A, B, GrB_DESC_RSC, SAXPY);
    /* without B's entries the rule needs a denser mask: 4 x 2000 slots, at most 4 per entry */
    GrB_Matrix MD = random_matrix(GrB_BOOL, 4, NJ, 0.6);
    both("empty B", C0, MD, NULL, sr, A, EB, GrB_DESC_SC, SAXPY);
    both("empty B under M", C0, MD, GrB_PLUS_FP64, sr, A, EB, GrB_DESC_S, DOT);
    GrB_free(&EA), GrB_free(&EM), GrB_free(&EB), GrB_free(&A), GrB_free(&B), GrB_free(&C0);
    GrB_free(&M), GrB_free(&MD);

    /* 400 entries in 100 rows of a 100000 x 300 B: its CSR view is hypersparse */
    const GrB_Index ni = 100000, nj = 300;
    GrB_Matrix HA, HB, HC;
    OK(GrB_Matrix_new(&HA, GrB_FP64, 4, ni));
    OK(GrB_Matrix_new(&HB, GrB_FP64, ni, nj));
    OK(GrB_Matrix_new(&HC, GrB_FP64, 4, nj));
    for (int e = 0; e < 400; e++) {
        GrB_Index kk = (GG_cuda_test_next() % 100) * 997;
        OK(GrB_Matrix_setElement_FP64(HA, (double)(e % 9 + 1), GG_cuda_test_next() % 4, kk));
        OK(GrB_Matrix_setElement_FP64(HB, (double)(e % 7 + 1), kk, GG_cuda_test_next() % nj));
    }
    both("hypersparse B", HC, NULL, NULL, sr, HA, HB, NULL, SAXPY);
    both("hypersparse B, !C", HC, HC, NULL, GrB_MIN_PLUS_SEMIRING_FP64, HA, HB, GrB_DESC_RSC,
         SAXPY);
    GrB_free(&HA), GrB_free(&HB), GrB_free(&HC);
}

/* C<C> = C*C and its relatives on a 40 x 40 C (40 rows: narrow), C the mask and both inputs. */
static void aliased(void **state)
{
    (void)state;
    GrB_Matrix C0 = hubbed(GrB_FP64, 40, 40, 0.15), C[2];
    for (int b = 0; b < 2; b++) {
        C[b] = mdup(C0);
        set_backend(b == 0 ? GxG_BACKEND_CPU : GxG_BACKEND_CUDA);
        size_t before = declines();
        OK(GrB_mxm(C[b], C[b], NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C[b], C[b], GrB_DESC_S));
        if (b == 1) assert_int_equal(GG_cuda_mxm_last_narrow(), DOT);
        OK(GrB_mxm(C[b], C[b], GrB_PLUS_FP64, GrB_MIN_PLUS_SEMIRING_FP64, C[b], C[b], GrB_DESC_T1));
        if (b == 1) assert_int_equal(GG_cuda_mxm_last_narrow(), DOT);
        OK(GrB_mxm(C[b], C[b], NULL, GrB_PLUS_TIMES_SEMIRING_FP64, C[b], C[b], GrB_DESC_RSC));
        if (b == 1) assert_int_equal(GG_cuda_mxm_last_narrow(), SAXPY);
        if (b == 1) assert_true(declines() == before);
    }
    set_backend(GxG_BACKEND_CPU);
    same_matrix(C[0], C[1], 0);
    GrB_free(&C0), GrB_free(&C[0]), GrB_free(&C[1]);
}

/* What the rule leaves to the general paths, computed there (no decline), as the CPU does it: 65
 * rows; 4 x 10^7 (a workspace of 4 10^7 slots for a few hundred entries); a positional multiply
 * (the narrow kernels have none); GxB_AxB_METHOD asked for; a complemented mask that is absent. */
static void left_to_general(void **state)
{
    (void)state;
    GrB_Semiring sr = GrB_PLUS_TIMES_SEMIRING_FP64;
    GrB_Matrix A = narrow_a(GrB_FP64, 65, false, 0.01), B = hubbed(GrB_FP64, NI, NJ, 0.01);
    GrB_Matrix C0 = random_matrix(GrB_FP64, 65, NJ, 0.05), M = random_matrix(GrB_BOOL, 65, NJ, 0.2);
    both("65 rows", C0, NULL, NULL, sr, A, B, NULL, 0);
    both("65 rows, !M", C0, M, NULL, sr, A, B, GrB_DESC_RSC, 0);
    GrB_free(&A), GrB_free(&C0), GrB_free(&M);
    A = narrow_a(GrB_FP64, 4, false, 0.01);
    C0 = random_matrix(GrB_FP64, 4, NJ, 0.05);
    M = random_matrix(GrB_BOOL, 4, NJ, 0.2);
    both("MIN_SECONDI (positional)", C0, M, NULL, GxB_MIN_SECONDI_INT64, A, B, GrB_DESC_S, 0);
    GrB_Descriptor sax;
    OK(GrB_Descriptor_new(&sax));
    OK(GxB_Desc_set_INT32(sax, GxB_AxB_METHOD, GxB_AxB_SAXPY));
    both("GxB_AxB_SAXPY", C0, NULL, NULL, sr, A, B, sax, 0);
    both("absent complemented mask", C0, NULL, NULL, sr, A, B, GrB_DESC_RC, 0);
    GrB_Matrix W, H, HC;
    const GrB_Index wide = 10000000;
    OK(GrB_Matrix_new(&W, GrB_FP64, 4, 100));
    OK(GrB_Matrix_new(&H, GrB_FP64, 100, wide));
    OK(GrB_Matrix_new(&HC, GrB_FP64, 4, wide));
    for (int e = 0; e < 200; e++) {
        OK(GrB_Matrix_setElement_FP64(W, (double)(e % 9 + 1), e % 4, GG_cuda_test_next() % 100));
        OK(GrB_Matrix_setElement_FP64(H, (double)(e % 7 + 1), GG_cuda_test_next() % 100,
                                      GG_cuda_test_next() % wide));
    }
    both("4 x 10^7, few entries", HC, NULL, NULL, sr, W, H, NULL, 0);
    GrB_free(&A), GrB_free(&B), GrB_free(&C0), GrB_free(&M), GrB_free(&sax);
    GrB_free(&W), GrB_free(&H), GrB_free(&HC);
}

/* When C is T (no accumulator; replace or no mask), the result is built into C's tree as it comes:
 * once B's views are on the device, the saxpy form (no mask; BC's complemented structural mask)
 * and the dot form (BC's plain structural mask) run no device sort (GG_cuda_sort_count), for 4
 * and 64 rows under the default node dimension (128). */
static void tree_order_no_sort(void **state)
{
    (void)state;
    GrB_Semiring plus_first;
    OK(GrB_Semiring_new(&plus_first, GrB_PLUS_MONOID_FP64, GrB_FIRST_FP64));
    /* B for C = W B, Bt (stored NJ x NI) for BC's backward C = W Bt' */
    GrB_Matrix B = hubbed(GrB_FP64, NI, NJ, 0.01), Bt = hubbed(GrB_FP64, NJ, NI, 0.01);
    GrB_Index ks[2] = {4, 64};
    for (int q = 0; q < 2; q++) {
        GrB_Index k = ks[q];
        GrB_Matrix A = narrow_a(GrB_FP64, k, false, 0.01), M = random_matrix(GrB_BOOL, k, NJ, 0.2);
        GrB_Matrix C0;
        OK(GrB_Matrix_new(&C0, GrB_FP64, k, NJ));
        struct {
            GrB_Matrix M, B;
            GrB_Descriptor d;
            int form;
        } cases[] = {{NULL, B, NULL, SAXPY}, {M, B, GrB_DESC_RSC, SAXPY}, {M, Bt, GrB_DESC_RST1, DOT}};
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            char name[64];
            snprintf(name, sizeof name, "k %llu, case %zu", (unsigned long long)k, c);
            /* warm: B's view reaches the device (its build is the one sort) */
            both(name, C0, cases[c].M, NULL, plus_first, A, cases[c].B, cases[c].d, cases[c].form);
            GrB_Matrix C = mdup(C0);
            set_backend(GxG_BACKEND_CUDA);
            unsigned long long s0 = GG_cuda_sort_count();
            OK(GrB_mxm(C, cases[c].M, NULL, plus_first, A, cases[c].B, cases[c].d));
            unsigned long long sorts = GG_cuda_sort_count() - s0;
            set_backend(GxG_BACKEND_CPU);
            printf("%s: %llu device sorts\n", name, sorts);
            assert_int_equal(GG_cuda_mxm_last_narrow(), cases[c].form);
            assert_true(sorts == 0);
            GrB_free(&C);
        }
        GrB_free(&A), GrB_free(&M), GrB_free(&C0);
    }
    GrB_free(&B), GrB_free(&Bt), GrB_free(&plus_first);
}

/* The k-th device allocation failing, k = 1, 2, ... until the call no longer reaches it, in both
 * forms, with C kept (accumulator) and C replaced: GrB_OUT_OF_MEMORY with C as it was and no
 * device buffer left behind, or (the failure absorbed) the right result. */
static void allocation_failures(void **state)
{
    (void)state;
    GrB_Semiring sr = GrB_PLUS_TIMES_SEMIRING_FP64;
    GrB_Matrix A = narrow_a(GrB_FP64, 4, false, 0.01), B = hubbed(GrB_FP64, NI, NJ, 0.01);
    GrB_Matrix M = random_matrix(GrB_BOOL, 4, NJ, 0.2), C0 = random_matrix(GrB_FP64, 4, NJ, 0.05);
    struct {
        GrB_BinaryOp accum;
        GrB_Descriptor d;
    } cases[] = {{NULL, GrB_DESC_RSC}, {GrB_PLUS_FP64, GrB_DESC_SC}, {NULL, GrB_DESC_RS},
                 {GrB_PLUS_FP64, GrB_DESC_S}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        both("warm", C0, M, cases[c].accum, sr, A, B, cases[c].d,
             c < 2 ? SAXPY : DOT); /* A, B, M and B's views reach the device */
        GrB_Matrix ref = mdup(C0);
        set_backend(GxG_BACKEND_CPU);
        OK(GrB_mxm(ref, M, cases[c].accum, sr, A, B, cases[c].d));
        int64_t k, failed = 0;
        for (k = 1; k < 1000; k++) {
            int64_t base = GG_cuda_live_allocs();
            GrB_Matrix C = mdup(C0);
            set_backend(GxG_BACKEND_CUDA);
            GG_cuda_fail_after(k);
            GrB_Info info = GrB_mxm(C, M, cases[c].accum, sr, A, B, cases[c].d);
            bool reached = GG_cuda_fail_after(0) == 0;
            set_backend(GxG_BACKEND_CPU);
            if (reached && info != GrB_SUCCESS) {
                failed++;
                assert_int_equal(info, GrB_OUT_OF_MEMORY);
                same_matrix(C, C0, 0);
            } else {
                OK(info);
                same_matrix(C, ref, 0);
            }
            GrB_free(&C);
            assert_true(GG_cuda_sync());
            if (GG_cuda_live_allocs() != base)
                fail_msg("case %zu, failure at allocation %lld: %lld device buffers left", c,
                         (long long)k, (long long)(GG_cuda_live_allocs() - base));
            if (!reached) break;
        }
        printf("case %zu: allocations 1 .. %lld failed in turn, %lld calls out of memory\n", c,
               (long long)k, (long long)failed);
        assert_true(failed > 0);
        GrB_free(&ref);
    }
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&B), GrB_free(&M), GrB_free(&C0);
}

/* ---- an algorithm ---------------------------------------------------------------------------- */

static const GrB_Index bc_sources[4] = {0, 7, 99, 250};

typedef struct {
    GrB_Matrix A;
    GrB_Vector c;
} bc_args;

static void bc_on_cuda(void *arg)
{
    bc_args *r = arg;
    char msg[GG_ALG_MSG_LEN];
    set_backend(GxG_BACKEND_CUDA);
    OK(GG_alg_bc(&r->c, r->A, bc_sources, 4, msg));
    set_backend(GxG_BACKEND_CPU);
}

/* BC from four sources: the forward products (frontier<!paths> = frontier A, the saxpy form) and
 * the backward ones (w<level> = w A', the dot form) are all narrow, and the centrality is the
 * CPU's (path counts are integers; the dependencies are compared to 1e-9). */
static void bc_equals_cpu(void **state)
{
    (void)state;
    GrB_Matrix A = random_matrix(GrB_FP64, 2000, 2000, 0.004);
    OK(GrB_Matrix_eWiseAdd_BinaryOp(A, NULL, NULL, GrB_PLUS_FP64, A, A, GrB_DESC_T1)); /* symmetric */
    char msg[GG_ALG_MSG_LEN];
    GrB_Vector ref;
    set_backend(GxG_BACKEND_CPU);
    OK(GG_alg_bc(&ref, A, bc_sources, 4, msg));
    bc_args r = {A, NULL};
    size_t size = (size_t)1 << 22;
    char *trace = malloc(size);
    traced(bc_on_cuda, &r, trace, size);
    assert_non_null(strstr(trace, "narrow product"));
    assert_non_null(strstr(trace, "(saxpy form)"));
    assert_non_null(strstr(trace, "(dot form)"));
    if (strstr(trace, "row-wise saxpy") != NULL || strstr(trace, "masked dot product") != NULL)
        fail_msg("a product of BC went to the general paths");
    free(trace);
    same_vector(ref, r.c, 1e-9);
    set_backend(GxG_BACKEND_AUTO);
    GrB_free(&A), GrB_free(&ref), GrB_free(&r.c);
}

int main(void)
{
    int start = GG_cuda_test_start();
    if (start != 0) return start;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(semirings),
        cmocka_unit_test(row_counts),
        cmocka_unit_test(empty_and_hypersparse),
        cmocka_unit_test(aliased),
        cmocka_unit_test(left_to_general),
        cmocka_unit_test(tree_order_no_sort),
        cmocka_unit_test(allocation_failures),
        cmocka_unit_test(bc_equals_cpu),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    GrB_finalize();
    return failed;
}
